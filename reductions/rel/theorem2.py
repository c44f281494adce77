"""2/2/4-SAT -> REL: Theorem 2 (Section 3) of Ratner & Warmuth, "The (n^2-1)-puzzle and related
relocation problems", J. Symbolic Computation 1990; the graph is restated in
``../shared/spec/rel.md``.

The construction and its two directions, registered as ``224sat-to-rel`` (:data:`REDUCTION`):

* :func:`reduce`: the REL instance of Figures 1-2 (:mod:`npw.reductions.rel.figures`): 5m+2
  vertices, 12m-3 edges of capacity 2 or 0, 8m elements;
* :func:`forward` (Claim 1): Shift 1 takes each diamond's true side, carrying two fillers in and
  the two true literal elements on to TC; Shift 2 drops the two true literal elements of every
  clause at nc_j; (nc_m, top_1) closes the first pass; Shift 3 and Shift 4 do the same with the
  false sides through FC;
* :func:`backward` (Claim 2): u_i is true iff n_{i,1} crossed (bot_i, TC);
* :func:`size` and :func:`provenance`.

The proof's claims are :data:`npw.reductions.rel.claims.CLAIMS`; the remark's variants are in
:mod:`npw.reductions.rel.variants`. Also here: the seeds' chain to REL, Theorem 6 then Theorem 2
(:data:`ONE_IN_THREE_SAT_TO_REL`).

>>> rel = reduce(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
>>> rel.size()
{'vertices': 7, 'edges': 9, 'elements': 8}
"""

from __future__ import annotations

from typing import Sequence

from npw.instances.elements import clause_id, edge_id, element_id, var_id, vertex_id
from npw.instances.rel.relocation import Relocation
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import Chain, Reduction, refuse_target_size
from npw.reductions.rel.claims import CLAIMS, Walk
from npw.reductions.rel.figures import (
    FALSE_COLLECTOR, TRUE_COLLECTOR, clause_vertex, configurations, diamond_bottom, diamond_top, element,
    element_indices, graph, is_literal_element, negated_side, occurrence_clauses, unnegated_side,
)

__all__ = ["ONE_IN_THREE_SAT_TO_REL", "REDUCTION", "backward", "forward", "provenance", "reduce", "size"]


def reduce(formula: TwoTwoFourSat) -> Relocation:
    """The REL instance of Theorem 2: Figure 2's graph with Figure 1's configurations B_1, B_2.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula, m variables and m clauses.

    Returns
    -------
    Relocation
        The directed instance: 5m+2 vertices, 12m-3 edges, 8m elements.

    Examples
    --------
    >>> rel = reduce(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
    >>> rel.edges[-1], rel.initial[:2], rel.final[:2]
    (('nc1', 'top1', 0), ('nu1', 'nu1'), ('nc1', 'nc1'))
    """
    # vertices, edges and elements are all named strings: 25m of them, refused before building
    refuse_target_size("224sat-to-rel", "vertices, edges and elements", sum(size(formula).values()))
    vertices, edges = graph(formula.num_vars)
    elements, initial, final = configurations(formula)
    return Relocation(vertices, edges, elements, initial, final)


def _one_pass(formula: TwoTwoFourSat, assignment: Sequence[bool],
              first: bool) -> list[tuple[tuple[str, str], tuple[str, ...]]]:
    """Shift 1 + Shift 2 (first pass, TC) or Shift 3 + Shift 4 (second pass, FC), as
    (edge, shipped elements) steps."""
    m = formula.num_vars
    hub = TRUE_COLLECTOR if first else FALSE_COLLECTOR
    clause_of = occurrence_clauses(formula)
    steps = []
    collected = []
    for i in range(1, m + 1):
        if i >= 2:
            steps.append(((hub, diamond_top(i)), ()))
        unnegated = assignment[i - 1] == first  # true side in pass 1, false side in pass 2
        side = unnegated_side(i) if unnegated else negated_side(i)
        fillers = (element(i, 5), element(i, 6)) if unnegated else (element(i, 7), element(i, 8))
        literals = (1, 2) if unnegated else (3, 4)
        carried = tuple(element(i, k) for k in literals)
        steps += [((diamond_top(i), side), fillers), ((side, diamond_bottom(i)), carried),
                  ((diamond_bottom(i), hub), carried)]
        collected += [((i, k), element(i, k)) for k in literals]
    for j in range(1, m + 1):
        dropped = tuple(name for (i, k), name in collected if clause_of[(i, k)] == j)
        steps.append(((hub, clause_vertex(j)), dropped))
        if j < m:
            steps.append(((clause_vertex(j), hub), ()))
    if first and m >= 1:  # back to the first diamond for the second pass; no formula variable, no walk
        steps.append(((clause_vertex(m), diamond_top(1)), ()))
    return steps


def forward(formula: TwoTwoFourSat, assignment: Sequence[bool]) -> tuple[tuple[int, str, tuple[str, ...]], ...]:
    """Claim 1: Shift 1-4 as a walk on the target of :func:`reduce`.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    assignment : sequence of bool
        A solution of it: exactly two literals true in every clause.

    Returns
    -------
    tuple
        The walk, as (edge index, start vertex, shipped elements) steps.

    Examples
    --------
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> walk = forward(formula, (True,))
    >>> walk[:2]
    ((0, 'top1', ('n1.5', 'n1.6')), (2, 'nu1', ('n1.1', 'n1.2')))
    >>> reduce(formula).verify(walk)
    True
    """
    _, edges = graph(formula.num_vars)
    index = {(t, h): e for e, (t, h, _) in enumerate(edges)}
    steps = _one_pass(formula, assignment, True) + _one_pass(formula, assignment, False)
    return tuple((index[edge], edge[0], shipped) for edge, shipped in steps)


def backward(formula: TwoTwoFourSat, rel: Relocation, walk: Walk) -> tuple[bool, ...]:
    """Claim 2: u_i is true iff n_{i,1} was shipped along (bot_i, TC) (in either direction).

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        Its target (any of the three variants).
    walk : Walk
        A solution of the target.

    Returns
    -------
    tuple of bool
        The assignment, one value per variable.

    Examples
    --------
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> backward(formula, reduce(formula), forward(formula, (False,)))
    (False,)
    """
    crossed = set()
    for edge, _, shipped in walk:
        tail, head, _ = rel.edges[edge]
        if TRUE_COLLECTOR in (tail, head):
            crossed.update((name, tail if head == TRUE_COLLECTOR else head) for name in shipped)
    return tuple((element(i, 1), diamond_bottom(i)) in crossed for i in range(1, formula.num_vars + 1))


def size(formula: TwoTwoFourSat) -> dict[str, int]:
    """The target's size as the proof counts it: 5m+2 vertices, 12m-3 edges, 8m elements.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.

    Returns
    -------
    dict
        ``vertices``, ``edges`` and ``elements``.

    Examples
    --------
    >>> size(TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)]))
    {'vertices': 12, 'edges': 21, 'elements': 16}
    """
    m = formula.num_vars
    return {"vertices": 5 * m + 2, "edges": 12 * m - 3 if m else 0, "elements": 8 * m}


# -- provenance: which vertices, edges and elements each variable and clause produced ----------


def _owners(formula: TwoTwoFourSat, vertex: str) -> list[str]:
    """The source elements a vertex of Figure 2 belongs to: top_i, nu_i, nubar_i, bot_i to u_i,
    nc_j to clause j; the collectors TC and FC to none (every variable and clause uses them)."""
    for prefix in ("nubar", "top", "nu", "bot", "nc"):  # nubar before nu: the longer prefix first
        if vertex.startswith(prefix) and vertex[len(prefix):].isdigit():
            index = int(vertex[len(prefix):])
            return [clause_id(index - 1)] if prefix == "nc" else [var_id(index)]
    return []


def provenance(formula: TwoTwoFourSat, rel: Relocation) -> dict[str, list[str]]:
    """Which vertices, edges and elements each variable and clause produced, for any of the three
    variants.

    u_i: its diamond (top_i, nu_i, nubar_i, bot_i, their edges, the zero-edges into top_i) and its
    eight elements n_{i,1..8}; clause j: nc_j, its edges, and the four literal elements that must
    end there. An edge goes to the owners of its endpoints (TC and FC own nothing), a dummy of the
    all-capacities-two variant with its edge.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        Its target.

    Returns
    -------
    dict
        Source element id (``var:1``, ``clause:0``) -> the target element ids it produced.

    Examples
    --------
    >>> made = provenance(TwoTwoFourSat(1, [(1, 1, -1, -1)]), reduce(TwoTwoFourSat(1, [(1, 1, -1, -1)])))
    >>> made["clause:0"]
    ['vertex:nc1', 'edge:6', 'edge:7', 'edge:8', 'element:n1.1', 'element:n1.2', 'element:n1.3', 'element:n1.4']
    """
    made: dict[str, list[str]] = {var_id(i): [] for i in range(1, formula.num_vars + 1)}
    made.update({clause_id(j): [] for j in range(formula.num_clauses)})
    for vertex in rel.vertices:
        for owner in _owners(formula, vertex):
            made[owner].append(vertex_id(vertex))
    edge_owners = []
    for index, (tail, head, _) in enumerate(rel.edges):
        owners = list(dict.fromkeys(_owners(formula, tail) + _owners(formula, head)))
        edge_owners.append(owners)
        for owner in owners:
            made[owner].append(edge_id(index))
    for name, final in zip(rel.elements, rel.final):
        parsed = element_indices(name)
        if parsed is None:  # a dummy d{edge}.{k}: with its edge
            owners = edge_owners[int(name[1:].split(".")[0])]
        else:
            owners = [var_id(parsed[0])] + (_owners(formula, final) if is_literal_element(*parsed) else [])
        for owner in owners:
            made[owner].append(element_id(name))
    return made


REDUCTION = Reduction(
    id="224sat-to-rel",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, Theorem 2",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
    claims=CLAIMS,
    provenance=provenance,
    checked="every instance up to m = 3 and 300 random (m <= 6)",
)


# the seeds' chain to REL: Theorem 6 (1-in-3-SAT -> 2/2/4-SAT), then Theorem 2
ONE_IN_THREE_SAT_TO_REL = Chain(
    "1in3sat-to-rel", ("1in3sat-to-224sat", "224sat-to-rel"),
    checked=("certificates both ways; 200 random (target m = 7 to 70): every target decided by the local decider, "
             "140 yes and 60 no, no mismatch"))
