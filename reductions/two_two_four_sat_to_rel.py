"""2/2/4-SAT -> REL: Theorem 2 (Section 3) of Ratner & Warmuth, "The (n^2-1)-puzzle
and related relocation problems", J. Symbolic Computation 1990; the graph is
restated in ``../shared/spec/rel.md``.

From m variables and m clauses: a diamond top_i -> {nu_i, nubar_i} -> bot_i per
variable, the collectors TC (true) and FC (false), a vertex nc_j per clause; 5m+2
vertices, 12m-3 edges of capacity 2 or 0, 8m elements. The literal elements
n_{i,1}, n_{i,2} (the unnegated occurrences of u_i, in clause order) start at nu_i,
n_{i,3}, n_{i,4} (the negated ones) at nubar_i, and must end at the clause vertices
they occur in; the fillers n_{i,5..8} start at top_i and end two at nu_i, two at
nubar_i.

* Claim 1 (``forward``): Shift 1 takes each diamond's true side, carrying two
  fillers in and the two true literal elements on to TC; Shift 2 drops the two true
  literal elements of every clause at nc_j; (nc_m, top_1) closes the first pass;
  Shift 3 and Shift 4 do the same with the false sides through FC.
* Claim 2 (``backward``): u_i is true iff n_{i,1} crossed (bot_i, TC).

Variants the paper remarks on: ``224sat-to-rel-cap2`` (every capacity two; two
dummy elements start at the tail of each former zero-edge and end at its head) and
``224sat-to-rel-undirected`` (the same graph, undirected).

>>> from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
>>> rel = reduce(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
>>> rel.size()
{'vertices': 7, 'edges': 9, 'elements': 8}
"""

from __future__ import annotations

import dataclasses

from npw.instances.rel.relocation import Relocation
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import Reduction

TC, FC = "TC", "FC"


def top(i: int) -> str:
    return f"top{i}"


def nu(i: int) -> str:
    return f"nu{i}"


def nubar(i: int) -> str:
    return f"nubar{i}"


def bot(i: int) -> str:
    return f"bot{i}"


def nc(j: int) -> str:
    return f"nc{j}"


def element(i: int, k: int) -> str:
    return f"n{i}.{k}"


def graph(m: int) -> tuple[tuple[str, ...], tuple[tuple[str, str, int], ...]]:
    """The 5m+2 vertices and 12m-3 edges (tail, head, capacity) of the proof."""
    vertices = [v for i in range(1, m + 1) for v in (top(i), nu(i), nubar(i), bot(i))] + [TC, FC]
    vertices += [nc(j) for j in range(1, m + 1)]
    edges = []
    for i in range(1, m + 1):
        edges += [(top(i), nu(i), 2), (top(i), nubar(i), 2), (nu(i), bot(i), 2), (nubar(i), bot(i), 2),
                  (bot(i), TC, 2), (bot(i), FC, 2)]
        if i >= 2:
            edges += [(TC, top(i), 0), (FC, top(i), 0)]
    for j in range(1, m + 1):
        edges += [(TC, nc(j), 2), (FC, nc(j), 2)]
        if j < m:
            edges += [(nc(j), TC, 0), (nc(j), FC, 0)]
    if m:
        edges.append((nc(m), top(1), 0))
    return tuple(vertices), tuple(edges)


def occurrence_clauses(formula: TwoTwoFourSat) -> dict[tuple[int, int], int]:
    """(i, k) -> the clause (1-based) holding the occurrence element n_{i,k} stands for."""
    seen: dict[int, list[int]] = {}
    where: dict[tuple[int, int], int] = {}
    for j, clause in enumerate(formula.clause_list(), 1):
        for literal in clause:
            i = abs(literal)
            ks = seen.setdefault(literal, [])
            k = (1 if literal > 0 else 3) + len(ks)
            ks.append(k)
            where[(i, k)] = j
    return where


def configurations(formula: TwoTwoFourSat):
    """Elements with their initial (Figure 1) and final vertices."""
    m = formula.num_vars
    clause_of = occurrence_clauses(formula)
    elements, initial, final = [], [], []
    for i in range(1, m + 1):
        for k in range(1, 9):
            elements.append(element(i, k))
            if k <= 4:
                initial.append(nu(i) if k <= 2 else nubar(i))
                final.append(nc(clause_of[(i, k)]))
            else:
                initial.append(top(i))
                final.append(nu(i) if k <= 6 else nubar(i))
    return tuple(elements), tuple(initial), tuple(final)


def reduce(formula: TwoTwoFourSat) -> Relocation:
    vertices, edges = graph(formula.num_vars)
    elements, initial, final = configurations(formula)
    return Relocation(vertices, edges, elements, initial, final)


def _pass(formula: TwoTwoFourSat, assignment, first: bool) -> list[tuple[tuple[str, str], tuple[str, ...]]]:
    """Shift 1 + Shift 2 (first pass, TC) or Shift 3 + Shift 4 (second pass, FC), as
    (edge, shipped elements) steps."""
    m = formula.num_vars
    hub = TC if first else FC
    clause_of = occurrence_clauses(formula)
    steps = []
    collected = []
    for i in range(1, m + 1):
        if i >= 2:
            steps.append(((hub, top(i)), ()))
        unnegated_side = assignment[i - 1] == first  # true side in pass 1, false side in pass 2
        side = nu(i) if unnegated_side else nubar(i)
        fillers = (element(i, 5), element(i, 6)) if unnegated_side else (element(i, 7), element(i, 8))
        literals = (1, 2) if unnegated_side else (3, 4)
        carried = tuple(element(i, k) for k in literals)
        steps += [((top(i), side), fillers), ((side, bot(i)), carried), ((bot(i), hub), carried)]
        collected += [((i, k), element(i, k)) for k in literals]
    for j in range(1, m + 1):
        dropped = tuple(name for (i, k), name in collected if clause_of[(i, k)] == j)
        steps.append(((hub, nc(j)), dropped))
        if j < m:
            steps.append(((nc(j), hub), ()))
    if first:
        steps.append(((nc(m), top(1)), ()))
    return steps


def forward(formula: TwoTwoFourSat, assignment) -> tuple:
    """Claim 1: Shift 1-4 as a walk (edge index, start vertex, shipped elements)."""
    _, edges = graph(formula.num_vars)
    index = {(t, h): e for e, (t, h, _) in enumerate(edges)}
    steps = _pass(formula, assignment, True) + _pass(formula, assignment, False)
    return tuple((index[edge], edge[0], shipped) for edge, shipped in steps)


def backward(formula: TwoTwoFourSat, rel: Relocation, walk) -> tuple[bool, ...]:
    """Claim 2: u_i is true iff n_{i,1} was shipped along (bot_i, TC) (in either direction)."""
    crossed = set()
    for edge, _, shipped in walk:
        tail, head, _ = rel.edges[edge]
        if TC in (tail, head):
            crossed.update((name, tail if head == TC else head) for name in shipped)
    return tuple((element(i, 1), bot(i)) in crossed for i in range(1, formula.num_vars + 1))


def size(formula: TwoTwoFourSat) -> dict[str, int]:
    m = formula.num_vars
    return {"vertices": 5 * m + 2, "edges": 12 * m - 3 if m else 0, "elements": 8 * m}


REDUCTION = Reduction(
    id="224sat-to-rel",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, Theorem 2",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)


# -- the variant with every capacity two ----------------------------------------------------


def dummy(edge: int, k: int) -> str:
    return f"d{edge}.{k}"


def reduce_capacity_two(formula: TwoTwoFourSat) -> Relocation:
    """Every zero-edge gets capacity 2 and two dummies that start at its tail and end at its head."""
    base = reduce(formula)
    elements, initial, final = list(base.elements), list(base.initial), list(base.final)
    for e, (tail, head, capacity) in enumerate(base.edges):
        if capacity == 0:
            for k in (1, 2):
                elements.append(dummy(e, k))
                initial.append(tail)
                final.append(head)
    edges = tuple((t, h, 2) for t, h, _ in base.edges)
    return Relocation(base.vertices, edges, tuple(elements), tuple(initial), tuple(final))


def forward_capacity_two(formula: TwoTwoFourSat, assignment) -> tuple:
    base_edges = graph(formula.num_vars)[1]
    return tuple((e, start, shipped if base_edges[e][2] else (dummy(e, 1), dummy(e, 2)))
                 for e, start, shipped in forward(formula, assignment))


def size_capacity_two(formula: TwoTwoFourSat) -> dict[str, int]:
    m = formula.num_vars
    zero_edges = 4 * m - 3 if m else 0
    return {**size(formula), "elements": 8 * m + 2 * zero_edges}


CAPACITY_TWO = Reduction(
    id="224sat-to-rel-cap2",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, remark after Theorem 2 (all capacities two)",
    reduce=reduce_capacity_two,
    forward=forward_capacity_two,
    backward=backward,
    size=size_capacity_two,
)


# -- the undirected variant -----------------------------------------------------------------


def reduce_undirected(formula: TwoTwoFourSat) -> Relocation:
    return dataclasses.replace(reduce(formula), directed=False)


UNDIRECTED = Reduction(
    id="224sat-to-rel-undirected",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, remark after Theorem 2 (undirected graph)",
    reduce=reduce_undirected,
    forward=forward,
    backward=backward,
    size=size,
)
