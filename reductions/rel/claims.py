"""The claims of Theorem 2 (Ratner & Warmuth 1990, Section 3) and of the remark after it, as
checks the verifier runs on every case (:class:`npw.reductions.base.Claim`).

The target claims read Figures 1-2 as the text states them; the forward claims follow the
walk of Claim 1 (Shift 1-4) and stop it where each Shift ends; the backward claims are the
steps of Claim 2's argument, on every walk a decider finds. The variants' remarks are claims
of their own: :data:`CLAIMS` for ``224sat-to-rel``, :data:`CAPACITY_TWO_CLAIMS` for
``224sat-to-rel-cap2``, :data:`UNDIRECTED_CLAIMS` for ``224sat-to-rel-undirected``.

In the undirected graph "no way to ship elements from TC to FC" is false (TC - bot_i - FC): a
declared deviation, since solutions keep Figure 2's directions (``directions-implied``).

Every check reads the target (and the walk) and takes from the construction only the names of
Figures 1-2 (:mod:`npw.reductions.rel.figures`), so a wrong target fails it.

>>> from npw.reductions.rel.theorem2 import forward, reduce
>>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
>>> rel = reduce(formula)
>>> claim_euler_ends(formula, rel), claim_full_loads(formula, rel, (True,), forward(formula, (True,)))
(True, True)
>>> [claim.name for claim in CLAIMS][:3]
['figure-2-edges', 'euler-ends', 'figure-1-configurations']
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Callable, Iterator, Sequence

from npw.instances.rel.relocation import Relocation
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim
from npw.reductions.rel.figures import (
    FALSE_COLLECTOR, TRUE_COLLECTOR, clause_vertex, diamond_bottom, diamond_top, dummy, element, element_indices,
    graph, is_literal_element, negated_side, occurrence_clauses, unnegated_side,
)

__all__ = [
    "CAPACITY_TWO_CLAIMS", "CLAIMS", "CLAIM_1", "CLAIM_2", "CheckResult", "FIGURES", "REMARK", "UNDIRECTED_CLAIMS",
    "Walk", "claim_2_arrivals", "claim_2_no_crossing", "claim_2_pairs", "claim_directions_implied",
    "claim_dummies_placed", "claim_dummies_ride", "claim_euler_ends", "claim_figure_1", "claim_full_loads",
    "claim_no_tc_fc_route", "claim_shift_1", "claim_shift_2", "claim_shift_3", "figure_2_edges",
    "theorem_2_claims",
]

Walk = Sequence[tuple[int, str, Sequence[str]]]  # a REL certificate: (edge index, start vertex, shipped elements)
CheckResult = bool | str | None  # what a claim's check returns (see Claim)


CLAIM_1 = "Ratner & Warmuth, Section 3, Claim 1 of Theorem 2"
CLAIM_2 = "Ratner & Warmuth, Section 3, Claim 2 of Theorem 2"
FIGURES = "Ratner & Warmuth, Section 3, Theorem 2"
REMARK = "Ratner & Warmuth, Section 3, remark after Theorem 2"


# -- reading a target and a walk ------------------------------------------------------------


def _literal_of(i: int, k: int) -> int:
    """The source literal n_{i,k} (k <= 4) stands for: u_i for k = 1, 2; ~u_i for k = 3, 4."""
    return i if k <= 2 else -i


def _true_literal_elements(formula: TwoTwoFourSat, assignment: Sequence[bool], value: bool = True) -> set[str]:
    """The literal elements whose literal has truth value ``value`` under ``assignment``."""
    return {element(i, k) for i in range(1, formula.num_vars + 1) for k in (1, 2, 3, 4)
            if (bool(assignment[i - 1]) == (k <= 2)) == value}


def _replay(rel: Relocation, walk: Walk) -> Iterator[tuple[int, str, str, tuple[str, ...], dict[str, str]]]:
    """Each step of a walk as (edge, from, to, shipped, positions before the step); positions is
    one dict updated in place, element -> vertex."""
    where = dict(zip(rel.elements, rel.initial))
    for edge, start, shipped in walk:
        tail, head, _ = rel.edges[edge]
        end = head if start == tail else tail
        yield edge, start, end, tuple(shipped), where
        for name in shipped:
            where[name] = end


def _is_literal(name: str) -> bool:
    parsed = element_indices(name)
    return parsed is not None and is_literal_element(*parsed)


def _at(where: dict[str, str], vertex: str) -> set[str]:
    """The literal elements at ``vertex``."""
    return {name for name, place in where.items() if place == vertex and _is_literal(name)}


def _walk_points(formula: TwoTwoFourSat, rel: Relocation, walk: Walk,
                 marks: Sequence[tuple[str, str]]) -> dict[tuple[str, str], dict[str, str]] | str:
    """Positions of every element just before the first step from ``a`` to ``b`` for each mark (a, b)."""
    found: dict[tuple[str, str], dict[str, str]] = {}
    for _, start, end, _, where in _replay(rel, walk):
        if (start, end) in marks and (start, end) not in found:
            found[(start, end)] = dict(where)
    missing = [f"({a}, {b})" for a, b in marks if (a, b) not in found]
    return f"the walk never moves along {missing[0]}" if missing else found


def _step_on(rel: Relocation, walk: Walk, tail: str, head: str) -> tuple[str, tuple[str, ...]] | None:
    """(start vertex, shipped) of the walk's step on the edge (tail, head) of Figure 2."""
    for edge, start, shipped in walk:
        if rel.edges[edge][:2] == (tail, head):
            return start, tuple(shipped)
    return None


# -- Figures 1-2, read off the target --------------------------------------------------------


def figure_2_edges(zero: int) -> Callable[[TwoTwoFourSat, Relocation], CheckResult]:
    """The check that the target's edges are Figure 2's as Section 3 describes them.

    Parameters
    ----------
    zero : int
        The capacity of Figure 2's zero-edges: 0, or 2 in the all-capacities-two variant.

    Returns
    -------
    callable
        A target-stage check ``(formula, rel) -> True | message``.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import reduce
    >>> formula = TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)])
    >>> figure_2_edges(0)(formula, reduce(formula))
    True
    >>> figure_2_edges(2)(formula, reduce(formula))
    "missing edge ('FC', 'top2', 2)"
    """

    def check(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
        m = formula.num_vars
        wanted: list[tuple[str, str, int]] = []
        for i in range(1, m + 1):
            top, bottom = diamond_top(i), diamond_bottom(i)
            # "m diamonds of four vertices and four edges of capacity 2 each"
            wanted += [(top, unnegated_side(i), 2), (top, negated_side(i), 2), (unnegated_side(i), bottom, 2),
                       (negated_side(i), bottom, 2)]
            # "two edges of capacity 2 are outgoing from each diamond, one to TC and one to FC"
            wanted += [(bottom, TRUE_COLLECTOR, 2), (bottom, FALSE_COLLECTOR, 2)]
            if i > 1:  # "two edges of capacity zero are ingoing to each diamond (except for the first one)"
                wanted += [(TRUE_COLLECTOR, top, zero), (FALSE_COLLECTOR, top, zero)]
        for j in range(1, m + 1):
            # "two edges of capacity 2 are directed into each clause vertex nc_i, one from TC and one from FC"
            wanted += [(TRUE_COLLECTOR, clause_vertex(j), 2), (FALSE_COLLECTOR, clause_vertex(j), 2)]
            if j < m:  # "two edges of capacity zero are leaving from each clause vertex (except for nc_m)"
                wanted += [(clause_vertex(j), TRUE_COLLECTOR, zero), (clause_vertex(j), FALSE_COLLECTOR, zero)]
        if m:  # "there is only one ingoing edge ((nc_m, top_1)) to the first diamond"
            wanted.append((clause_vertex(m), diamond_top(1), zero))
        missing = Counter(wanted) - Counter(rel.edges)
        extra = Counter(rel.edges) - Counter(wanted)
        if missing or extra:
            return f"missing edge {sorted(missing)[0]}" if missing else f"unexpected edge {sorted(extra)[0]}"
        return True

    return check


def claim_euler_ends(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """Every Eulerian path runs from top_1 to nc_m: in- equals out-degree elsewhere (spec/rel.md);
    undirected: top_1 and nc_m are the only odd vertices.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.

    Returns
    -------
    bool, str or None
        True if it holds, a message saying where it fails, None for m = 0.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_euler_ends(formula, reduce(formula))
    True
    """
    m = formula.num_vars
    if not m:
        return None
    out, into = Counter(t for t, _, _ in rel.edges), Counter(h for _, h, _ in rel.edges)
    first, last = diamond_top(1), clause_vertex(m)
    for vertex in rel.vertices:
        if rel.directed:
            wanted = {first: 1, last: -1}.get(vertex, 0)
            if out[vertex] - into[vertex] != wanted:
                return f"{vertex}: out-degree {out[vertex]}, in-degree {into[vertex]}"
        elif ((out[vertex] + into[vertex]) % 2 == 1) != (vertex in (first, last)):
            return f"{vertex} has degree {out[vertex] + into[vertex]}"
    return True


def claim_figure_1(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """B_1: n_i1, n_i2 at nu_i, n_i3, n_i4 at nubar_i, the fillers at top_i; B_2: the four literal
    elements of clause i at nc_i, n_i5, n_i6 at nu_i, n_i7, n_i8 at nubar_i.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_figure_1(formula, reduce(formula))
    True
    """
    placed = {name: (start, end) for name, start, end in zip(rel.elements, rel.initial, rel.final)}
    arrivals: dict[str, list[int]] = {}
    for i in range(1, formula.num_vars + 1):
        for k in range(1, 9):
            name = element(i, k)
            if name not in placed:
                return f"no element {name}"
            start, end = placed[name]
            first = unnegated_side(i) if k <= 2 else negated_side(i) if k <= 4 else diamond_top(i)
            if start != first:
                return f"{name} starts at {start}, Figure 1 puts it at {first}"
            if k <= 4:
                arrivals.setdefault(end, []).append(_literal_of(i, k))
            elif end != (unnegated_side(i) if k <= 6 else negated_side(i)):
                return f"filler {name} ends at {end}"
    for j, clause in enumerate(formula.clause_list(), 1):
        received = sorted(arrivals.get(clause_vertex(j), []))
        if received != sorted(clause):
            return f"nc{j} receives literals {received}, clause {j} is {sorted(clause)}"
    return True


def claim_no_tc_fc_route(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """"There is no way to ship elements from TC to FC or vice versa": no route of edges that can
    carry an element (capacity > 0) joins them.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> import dataclasses
    >>> from npw.reductions.rel.theorem2 import reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_no_tc_fc_route(formula, reduce(formula))
    True
    >>> claim_no_tc_fc_route(formula, dataclasses.replace(reduce(formula), directed=False))
    'capacity > 0 edges lead from TC to FC'
    """
    forward_edges: dict[str, set[str]] = {}
    for tail, head, capacity in rel.edges:
        if capacity > 0:
            forward_edges.setdefault(tail, set()).add(head)
            if not rel.directed:
                forward_edges.setdefault(head, set()).add(tail)
    for start, goal in ((TRUE_COLLECTOR, FALSE_COLLECTOR), (FALSE_COLLECTOR, TRUE_COLLECTOR)):
        seen, stack = {start}, [start]
        while stack:
            for nxt in forward_edges.get(stack.pop(), ()):
                if nxt == goal:
                    return f"capacity > 0 edges lead from {start} to {goal}"
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return True


# -- Claim 1: the forward walk, Shift 1-4 ------------------------------------------------------


def claim_full_loads(formula: TwoTwoFourSat, rel: Relocation, assignment: Sequence[bool], walk: Walk) -> CheckResult:
    """"Each edge is traversed exactly once and the number of elements moved through each edge
    always equals the capacity of the edge".

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    assignment : sequence of bool
        The source certificate.
    walk : Walk
        The forward walk built from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_full_loads(formula, reduce(formula), (True,), forward(formula, (True,)))
    True
    """
    used = Counter(edge for edge, _, _ in walk)
    for edge, (tail, head, capacity) in enumerate(rel.edges):
        if used[edge] != 1:
            return f"edge ({tail}, {head}) used {used[edge]} times"
    for edge, start, shipped in walk:
        if len(shipped) != rel.edges[edge][2]:
            return f"edge {rel.edges[edge][:2]} carries {len(shipped)}, capacity {rel.edges[edge][2]}"
    return True


def claim_shift_1(formula: TwoTwoFourSat, rel: Relocation, assignment: Sequence[bool], walk: Walk) -> CheckResult:
    """After Shift 1, TC holds the 2m true literal elements, two per diamond, replaced by their fillers.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    assignment : sequence of bool
        The source certificate.
    walk : Walk
        The forward walk built from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_shift_1(formula, reduce(formula), (True,), forward(formula, (True,)))
    True
    >>> claim_shift_1(formula, reduce(formula), (False,), forward(formula, (True,)))
    "TC holds ['n1.1', 'n1.2'], the true literal elements are ['n1.3', 'n1.4']"
    """
    points = _walk_points(formula, rel, walk, [(TRUE_COLLECTOR, clause_vertex(1))])
    if isinstance(points, str):
        return points
    where = points[(TRUE_COLLECTOR, clause_vertex(1))]
    wanted = _true_literal_elements(formula, assignment)
    if _at(where, TRUE_COLLECTOR) != wanted:
        return f"TC holds {sorted(_at(where, TRUE_COLLECTOR))}, the true literal elements are {sorted(wanted)}"
    for i in range(1, formula.num_vars + 1):
        side, fillers = (unnegated_side(i), (5, 6)) if assignment[i - 1] else (negated_side(i), (7, 8))
        if any(where[element(i, k)] != side for k in fillers):
            return f"the fillers of diamond {i} did not replace its true literal elements at {side}"
    return True


def claim_shift_2(formula: TwoTwoFourSat, rel: Relocation, assignment: Sequence[bool], walk: Walk) -> CheckResult:
    """After Shift 2 (at (nc_m, top_1)) each nc_j holds the two elements of clause j's true literals.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    assignment : sequence of bool
        The source certificate.
    walk : Walk
        The forward walk built from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)])
    >>> claim_shift_2(formula, reduce(formula), (True, False), forward(formula, (True, False)))
    True
    """
    m = formula.num_vars
    closing = (clause_vertex(m), diamond_top(1))
    points = _walk_points(formula, rel, walk, [closing])
    if isinstance(points, str):
        return points
    where = points[closing]
    true = _true_literal_elements(formula, assignment)
    clause_of = occurrence_clauses(formula)
    for j in range(1, m + 1):
        wanted = {element(i, k) for (i, k), c in clause_of.items() if c == j and element(i, k) in true}
        held = _at(where, clause_vertex(j))
        if held != wanted or len(wanted) != 2:
            return f"after Shift 2, nc{j} holds {sorted(held)}, its true literal elements are {sorted(wanted)}"
    return True


def claim_shift_3(formula: TwoTwoFourSat, rel: Relocation, assignment: Sequence[bool], walk: Walk) -> CheckResult:
    """After Shift 3 the 2m elements of the false literals are in FC.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    assignment : sequence of bool
        The source certificate.
    walk : Walk
        The forward walk built from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_shift_3(formula, reduce(formula), (False,), forward(formula, (False,)))
    True
    """
    points = _walk_points(formula, rel, walk, [(FALSE_COLLECTOR, clause_vertex(1))])
    if isinstance(points, str):
        return points
    where = points[(FALSE_COLLECTOR, clause_vertex(1))]
    wanted = _true_literal_elements(formula, assignment, value=False)
    held = _at(where, FALSE_COLLECTOR)
    return held == wanted or f"FC holds {sorted(held)}, the false literal elements are {sorted(wanted)}"


# -- Claim 2: the steps of its argument, on every walk -------------------------------------------


def claim_2_pairs(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Sequence[bool]) -> CheckResult:
    """Claim 2: the literal elements leave diamond i through bot_i in pairs: (n_i1, n_i2) along
    (bot_i, TC) or (bot_i, FC), (n_i3, n_i4) along the other.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    walk : Walk
        A solution of the target.
    assignment : sequence of bool
        The source certificate read back from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_2_pairs(formula, reduce(formula), forward(formula, (True,)), (True,))
    True
    """
    for i in range(1, formula.num_vars + 1):
        bottom = diamond_bottom(i)
        pairs = {frozenset((element(i, 1), element(i, 2))), frozenset((element(i, 3), element(i, 4)))}
        carried = []
        for hub in (TRUE_COLLECTOR, FALSE_COLLECTOR):
            step = _step_on(rel, walk, bottom, hub)
            if step is None or step[0] != bottom:
                if step is None:
                    return f"the walk does not move from bot{i} to {hub}"
                return f"the walk moves along (bot{i}, {hub}) from {hub}"
            carried.append(frozenset(step[1]))
        if set(carried) != pairs:
            return f"(bot{i}, TC) carries {sorted(carried[0])}, (bot{i}, FC) {sorted(carried[1])}"
    return True


def claim_2_no_crossing(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Sequence[bool]) -> CheckResult:
    """"There is no way to ship elements from TC to FC or vice versa": no element is at both.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    walk : Walk
        A solution of the target.
    assignment : sequence of bool
        The source certificate read back from it.

    Returns
    -------
    bool or str
        True if it holds, else a message naming an element that visits both.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_2_no_crossing(formula, reduce(formula), forward(formula, (True,)), (True,))
    True
    """
    visited: dict[str, set[str]] = {}
    for _, start, end, shipped, _ in _replay(rel, walk):
        for name in shipped:
            visited.setdefault(name, set()).update((start, end))
    crossing = sorted(name for name, places in visited.items() if {TRUE_COLLECTOR, FALSE_COLLECTOR} <= places)
    return f"{crossing[0]} visits both TC and FC" if crossing else True


def claim_2_arrivals(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Sequence[bool]) -> CheckResult:
    """Claim 2: TC ships to each nc_j exactly two literal elements, the true ones under f; the other
    two arrive from FC and are false.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target.
    walk : Walk
        A solution of the target.
    assignment : sequence of bool
        The source certificate read back from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward, reduce
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_2_arrivals(formula, reduce(formula), forward(formula, (True,)), (True,))
    True
    """
    clause_of = occurrence_clauses(formula)
    true = _true_literal_elements(formula, assignment)
    for j in range(1, formula.num_vars + 1):
        mine = {element(i, k) for (i, k), c in clause_of.items() if c == j}
        for hub, wanted in ((TRUE_COLLECTOR, mine & true), (FALSE_COLLECTOR, mine - true)):
            step = _step_on(rel, walk, hub, clause_vertex(j))
            if step is None or step[0] != hub:
                return f"the walk does not move from {hub} to nc{j}"
            literals = {name for name in step[1] if _is_literal(name)}
            if literals != wanted or len(wanted) != 2:
                truth = "true" if hub == TRUE_COLLECTOR else "false"
                return f"({hub}, nc{j}) carries {sorted(literals)}, the {truth} literal elements of clause {j} are " \
                       f"{sorted(wanted)}"
    return True


# -- the remark after Theorem 2: capacity two, undirected ----------------------------------------


def claim_dummies_placed(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """"For each directed edge of capacity zero we locate two dummy elements at the beginning of the
    edge in B_1 and these dummies appear at the end of the edge in B_2"; every capacity is two.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target of the all-capacities-two variant.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import reduce
    >>> from npw.reductions.rel.variants import reduce_capacity_two
    >>> formula = TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)])
    >>> claim_dummies_placed(formula, reduce_capacity_two(formula))
    True
    >>> claim_dummies_placed(formula, reduce(formula))
    'edge (TC, top2) has capacity 0'
    """
    placed = {name: (start, end) for name, start, end in zip(rel.elements, rel.initial, rel.final)}
    for e, (tail, head, capacity) in enumerate(graph(formula.num_vars)[1]):
        if rel.edges[e][2] != 2:
            return f"edge ({tail}, {head}) has capacity {rel.edges[e][2]}"
        if capacity == 0 and any(placed.get(dummy(e, k)) != (tail, head) for k in (1, 2)):
            return f"the dummies of the zero-edge ({tail}, {head}) are not placed at its tail and head"
    return True


def claim_dummies_ride(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Sequence[bool]) -> CheckResult:
    """The dummies of a former zero-edge fill it when it is traversed, so it carries no other element
    and Claim 2 goes through as for capacity zero.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target of the all-capacities-two variant.
    walk : Walk
        A solution of the target.
    assignment : sequence of bool
        The source certificate read back from it.

    Returns
    -------
    bool or str
        True if it holds, else a message saying where it fails.

    Examples
    --------
    >>> from npw.reductions.rel.variants import forward_capacity_two, reduce_capacity_two
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_dummies_ride(formula, reduce_capacity_two(formula), forward_capacity_two(formula, (True,)), (True,))
    True
    """
    zero_edges = {e for e, (_, _, capacity) in enumerate(graph(formula.num_vars)[1]) if capacity == 0}
    for edge, _, shipped in walk:
        if edge in zero_edges and set(shipped) != {dummy(edge, 1), dummy(edge, 2)}:
            tail, head, _ = rel.edges[edge]
            return f"({tail}, {head}) carries {sorted(shipped)}, not its two dummies"
    return True


def claim_directions_implied(formula: TwoTwoFourSat, rel: Relocation, walk: Walk,
                             assignment: Sequence[bool]) -> CheckResult:
    """"The correct direction of the edges is implied by the relocation of the elements via an
    Eulerian path": every step of a solution goes from its edge's tail (Figure 2's direction) to its head.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    rel : Relocation
        The target of the undirected variant.
    walk : Walk
        A solution of the target.
    assignment : sequence of bool
        The source certificate read back from it.

    Returns
    -------
    bool or str
        True if it holds, else the first step against Figure 2's direction.

    Examples
    --------
    >>> from npw.reductions.rel.theorem2 import forward
    >>> from npw.reductions.rel.variants import reduce_undirected
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> claim_directions_implied(formula, reduce_undirected(formula), forward(formula, (True,)), (True,))
    True
    """
    for edge, start, _ in walk:
        tail, head, _ = rel.edges[edge]
        if start != tail:
            return f"the walk moves along ({tail}, {head}) from {head}"
    return True


# -- the claim records --------------------------------------------------------------------------


def theorem_2_claims(zero: int) -> tuple[Claim, ...]:
    """The claims of Theorem 2's construction and proof, Figure 2's zero-edges at capacity ``zero``.

    Parameters
    ----------
    zero : int
        The capacity of Figure 2's zero-edges: 0, or 2 in the all-capacities-two variant.

    Returns
    -------
    tuple of Claim
        Figures 1-2 (target stage), Claim 1's Shifts (forward stage), Claim 2's steps (backward stage).

    Examples
    --------
    >>> [(claim.name, claim.stage) for claim in theorem_2_claims(0)][3:5]
    [('full-loads', 'forward'), ('shift-1', 'forward')]
    """
    return (
        Claim("figure-2-edges", f"the edges of Figure 2 as the text states them: four capacity-2 edges per diamond, "
              f"(bot_i, TC) and (bot_i, FC) of capacity 2, capacity-zero edges from TC and FC into diamonds "
              f"2..m, into every nc_j from TC and FC with capacity 2, out of nc_j (j < m) to TC and FC with "
              f"capacity zero, and (nc_m, top_1) ({FIGURES})", figure_2_edges(zero)),
        Claim("euler-ends", "in-degree equals out-degree except at top_1 (one more out) and nc_m (one more in), so "
              "every Eulerian path runs from top_1 to nc_m (spec/rel.md, restating Figure 2)", claim_euler_ends),
        Claim("figure-1-configurations", f"B_1 and B_2 of Figure 1: n_i1, n_i2 at nu_i, n_i3, n_i4 at nubar_i, the "
              f"fillers at top_i; the four literal elements of clause i at nc_i; n_i5, n_i6 at nu_i and n_i7, "
              f"n_i8 at nubar_i ({FIGURES})", claim_figure_1),
        Claim("full-loads", f"each edge is traversed exactly once and the number of elements moved through each "
              f"edge always equals its capacity ({CLAIM_1}, last paragraph)", claim_full_loads, stage=FORWARD_CLAIM),
        Claim("shift-1", f"after Shift 1, TC contains the 2m true literal elements, two from each diamond, replaced "
              f"by the fillers n_i5, n_i6 or n_i7, n_i8 ({CLAIM_1})", claim_shift_1, stage=FORWARD_CLAIM),
        Claim("shift-2", f"after Shift 2, each nc_j has received the two elements of the true literals of clause j "
              f"({CLAIM_1})", claim_shift_2, stage=FORWARD_CLAIM),
        Claim("shift-3", f"after Shift 3 the 2m elements of the false literals are in FC ({CLAIM_1})", claim_shift_3,
              stage=FORWARD_CLAIM),
        Claim("claim-2-pairs", f"the pair (n_i1, n_i2) is shipped along (bot_i, TC) or along (bot_i, FC), the pair "
              f"(n_i3, n_i4) along the other ({CLAIM_2})", claim_2_pairs, stage=BACKWARD_CLAIM),
        Claim("claim-2-no-crossing", f"there is no way to ship elements from TC to FC or vice versa ({CLAIM_2})",
              claim_2_no_crossing, stage=BACKWARD_CLAIM),
        Claim("claim-2-arrivals", f"TC ships to each nc_j exactly two literal elements, the true ones under f; the "
              f"other two arrive from FC and are false ({CLAIM_2})", claim_2_arrivals, stage=BACKWARD_CLAIM),
    )


# Theorem 2 (224sat-to-rel)
CLAIMS = theorem_2_claims(zero=0) + (
    Claim("no-tc-fc-route", f"there is no way to ship elements from TC to FC or vice versa (see Figure 2): no "
          f"route of positive-capacity edges joins them ({CLAIM_2})", claim_no_tc_fc_route),
)

# the remark, every capacity two (224sat-to-rel-cap2)
CAPACITY_TWO_CLAIMS = theorem_2_claims(zero=2) + (
    Claim("dummies-placed", f"every capacity is two; two dummies start at the tail of each former zero-edge and "
          f"end at its head ({REMARK})", claim_dummies_placed),
    Claim("dummies-ride-their-edge", f"each former zero-edge carries exactly its own two dummies, so no other "
          f"element rides it and the argument for capacity zero applies ({REMARK}, implied)", claim_dummies_ride,
          stage=BACKWARD_CLAIM),
)

# the remark, the undirected graph (224sat-to-rel-undirected). There (bot_i, TC) and (bot_i, FC) join
# TC to FC through bot_i with capacity 2, so the sentence of Claim 2 is false of the graph itself;
# what Claim 2 uses survives on solutions.
UNDIRECTED_CLAIMS = theorem_2_claims(zero=0) + (
    dataclasses.replace(
        CLAIMS[-1],
        deviation="false of the undirected graph: TC - bot_i - FC is a route of capacity-2 edges. The theorem "
                  "survives because a solution traverses every edge in Figure 2's direction (the remark's own "
                  "argument, checked as directions-implied), so no element is shipped between TC and FC "
                  "(claim-2-no-crossing, checked on every solution found)"),
    Claim("directions-implied", f"the correct direction of the edges is implied by the relocation of the elements "
          f"via an Eulerian path ({REMARK})", claim_directions_implied, stage=BACKWARD_CLAIM),
)
