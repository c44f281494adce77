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

The proof's claims (Figures 1-2, Shift 1-3 on the forward walk, Claim 2's steps on every walk,
the remark's own statements) are declared on each variant and checked by ``npw verify``. In
the undirected graph "no way to ship elements from TC to FC" is false (TC - bot_i - FC): a
declared deviation, since solutions keep Figure 2's directions (``directions-implied``).

>>> from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
>>> rel = reduce(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
>>> rel.size()
{'vertices': 7, 'edges': 9, 'elements': 8}
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Callable, Iterator, Sequence

from npw.instances.elements import clause_id, edge_id, element_id, var_id, vertex_id
from npw.instances.rel.relocation import Relocation
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Chain, Claim, Reduction

__all__ = ["CAPACITY_TWO", "CAPACITY_TWO_CLAIMS", "CLAIMS", "CLAIM_1", "CLAIM_2", "CheckResult", "FC", "FIGURES",
           "ONE_IN_THREE_SAT_TO_REL", "REDUCTION", "REMARK", "TC", "UNDIRECTED", "UNDIRECTED_CLAIMS", "Walk",
           "backward", "bot", "claim_2_arrivals", "claim_2_no_crossing", "claim_2_pairs", "claim_directions_implied",
           "claim_dummies_placed", "claim_dummies_ride", "claim_euler_ends", "claim_figure_1", "claim_full_loads",
           "claim_no_tc_fc_route", "claim_shift_1", "claim_shift_2", "claim_shift_3", "configurations", "dummy",
           "element", "figure_2_edges", "forward", "forward_capacity_two", "graph", "literal_element", "nc", "nu",
           "nubar", "occurrence_clauses", "provenance", "reduce", "reduce_capacity_two", "reduce_undirected", "size",
           "size_capacity_two", "theorem_2_claims", "top"]

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


# -- the proof's claims, checked on every case (issue 16) --------------------------------------
#
# The target claims read Figures 1-2 as the text states them; the forward claims follow the
# walk of Claim 1 (Shift 1-4) and stop it where each Shift ends; the backward claims are the
# steps of Claim 2's argument, on every walk a decider finds. The variants' remarks are
# claims of their own.

Walk = Sequence[tuple[int, str, Sequence[str]]]
CheckResult = bool | str | None


def literal_element(i: int, k: int) -> bool:
    """n_{i,1..4} are literal elements; n_{i,5..8} fillers (and d*.* dummies neither)."""
    return 1 <= k <= 4


def _parse_element(name: str) -> tuple[int, int] | None:
    """(i, k) of n_{i,k}; None for a dummy."""
    if not name.startswith("n"):
        return None
    i, k = name[1:].split(".")
    return int(i), int(k)


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
    parsed = _parse_element(name)
    return parsed is not None and literal_element(*parsed)


def _at(where: dict[str, str], vertex: str) -> set[str]:
    """The literal elements at ``vertex``."""
    return {name for name, place in where.items() if place == vertex and _is_literal(name)}


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
    """u_i: its diamond (top_i, nu_i, nubar_i, bot_i, their edges, the zero-edges into top_i) and
    its eight elements n_{i,1..8}; clause j: nc_j, its edges, and the four literal elements that
    must end there. An edge goes to the owners of its endpoints (TC and FC own nothing), a dummy
    of the all-capacities-two variant with its edge. Any of the three variants.

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
        parsed = _parse_element(name)
        if parsed is None:  # a dummy d{edge}.{k}: with its edge
            owners = edge_owners[int(name[1:].split(".")[0])]
        else:
            owners = [var_id(parsed[0])] + (_owners(formula, final) if literal_element(*parsed) else [])
        for owner in owners:
            made[owner].append(element_id(name))
    return made


def figure_2_edges(zero: int) -> Callable[[TwoTwoFourSat, Relocation], CheckResult]:
    """The edges as Section 3 describes Figure 2, with ``zero`` as the capacity of its zero-edges
    (0; 2 in the all-capacity-two variant)."""

    def check(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
        m = formula.num_vars
        wanted: list[tuple[str, str, int]] = []
        for i in range(1, m + 1):
            # "m diamonds of four vertices and four edges of capacity 2 each"
            wanted += [(top(i), nu(i), 2), (top(i), nubar(i), 2), (nu(i), bot(i), 2), (nubar(i), bot(i), 2)]
            # "two edges of capacity 2 are outgoing from each diamond, one to TC and one to FC"
            wanted += [(bot(i), TC, 2), (bot(i), FC, 2)]
            if i > 1:  # "two edges of capacity zero are ingoing to each diamond (except for the first one)"
                wanted += [(TC, top(i), zero), (FC, top(i), zero)]
        for j in range(1, m + 1):
            # "two edges of capacity 2 are directed into each clause vertex nc_i, one from TC and one from FC"
            wanted += [(TC, nc(j), 2), (FC, nc(j), 2)]
            if j < m:  # "two edges of capacity zero are leaving from each clause vertex (except for nc_m)"
                wanted += [(nc(j), TC, zero), (nc(j), FC, zero)]
        if m:  # "there is only one ingoing edge ((nc_m, top_1)) to the first diamond"
            wanted.append((nc(m), top(1), zero))
        missing = Counter(wanted) - Counter(rel.edges)
        extra = Counter(rel.edges) - Counter(wanted)
        if missing or extra:
            return f"missing edge {sorted(missing)[0]}" if missing else f"unexpected edge {sorted(extra)[0]}"
        return True

    return check


def claim_euler_ends(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """Every Eulerian path runs from top_1 to nc_m: in- equals out-degree elsewhere (spec/rel.md);
    undirected: top_1 and nc_m are the only odd vertices."""
    m = formula.num_vars
    if not m:
        return None
    out, into = Counter(t for t, _, _ in rel.edges), Counter(h for _, h, _ in rel.edges)
    for vertex in rel.vertices:
        if rel.directed:
            wanted = {top(1): 1, nc(m): -1}.get(vertex, 0)
            if out[vertex] - into[vertex] != wanted:
                return f"{vertex}: out-degree {out[vertex]}, in-degree {into[vertex]}"
        elif ((out[vertex] + into[vertex]) % 2 == 1) != (vertex in (top(1), nc(m))):
            return f"{vertex} has degree {out[vertex] + into[vertex]}"
    return True


def claim_figure_1(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """B_1: n_i1, n_i2 at nu_i, n_i3, n_i4 at nubar_i, the fillers at top_i; B_2: the four literal
    elements of clause i at nc_i, n_i5, n_i6 at nu_i, n_i7, n_i8 at nubar_i."""
    placed = {name: (start, end) for name, start, end in zip(rel.elements, rel.initial, rel.final)}
    arrivals: dict[str, list[int]] = {}
    for i in range(1, formula.num_vars + 1):
        for k in range(1, 9):
            name = element(i, k)
            if name not in placed:
                return f"no element {name}"
            start, end = placed[name]
            first = nu(i) if k <= 2 else nubar(i) if k <= 4 else top(i)
            if start != first:
                return f"{name} starts at {start}, Figure 1 puts it at {first}"
            if k <= 4:
                arrivals.setdefault(end, []).append(_literal_of(i, k))
            elif end != (nu(i) if k <= 6 else nubar(i)):
                return f"filler {name} ends at {end}"
    for j, clause in enumerate(formula.clause_list(), 1):
        if sorted(arrivals.get(nc(j), [])) != sorted(clause):
            return f"nc{j} receives literals {sorted(arrivals.get(nc(j), []))}, clause {j} is {sorted(clause)}"
    return True


def claim_no_tc_fc_route(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """"There is no way to ship elements from TC to FC or vice versa": no route of edges that can
    carry an element (capacity > 0) joins them."""
    forward_edges: dict[str, set[str]] = {}
    for tail, head, capacity in rel.edges:
        if capacity > 0:
            forward_edges.setdefault(tail, set()).add(head)
            if not rel.directed:
                forward_edges.setdefault(head, set()).add(tail)
    for start, goal in ((TC, FC), (FC, TC)):
        seen, stack = {start}, [start]
        while stack:
            for nxt in forward_edges.get(stack.pop(), ()):
                if nxt == goal:
                    return f"capacity > 0 edges lead from {start} to {goal}"
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return True


def _walk_points(formula: TwoTwoFourSat, rel: Relocation, walk: Walk,
                 marks: Sequence[tuple[str, str]]) -> dict[tuple[str, str], dict[str, str]] | str:
    """Positions of every element just before the first step from ``a`` to ``b`` for each mark (a, b)."""
    found: dict[tuple[str, str], dict[str, str]] = {}
    for _, start, end, _, where in _replay(rel, walk):
        if (start, end) in marks and (start, end) not in found:
            found[(start, end)] = dict(where)
    missing = [f"({a}, {b})" for a, b in marks if (a, b) not in found]
    return f"the walk never moves along {missing[0]}" if missing else found


def claim_full_loads(formula: TwoTwoFourSat, rel: Relocation, assignment: Any, walk: Walk) -> CheckResult:
    """"Each edge is traversed exactly once and the number of elements moved through each edge
    always equals the capacity of the edge"."""
    used = Counter(edge for edge, _, _ in walk)
    for edge, (tail, head, capacity) in enumerate(rel.edges):
        if used[edge] != 1:
            return f"edge ({tail}, {head}) used {used[edge]} times"
    for edge, start, shipped in walk:
        if len(shipped) != rel.edges[edge][2]:
            return f"edge {rel.edges[edge][:2]} carries {len(shipped)}, capacity {rel.edges[edge][2]}"
    return True


def claim_shift_1(formula: TwoTwoFourSat, rel: Relocation, assignment: Any, walk: Walk) -> CheckResult:
    """After Shift 1, TC holds the 2m true literal elements, two per diamond, replaced by their fillers."""
    points = _walk_points(formula, rel, walk, [(TC, nc(1))])
    if isinstance(points, str):
        return points
    where = points[(TC, nc(1))]
    wanted = _true_literal_elements(formula, assignment)
    if _at(where, TC) != wanted:
        return f"TC holds {sorted(_at(where, TC))}, the true literal elements are {sorted(wanted)}"
    for i in range(1, formula.num_vars + 1):
        side, fillers = (nu(i), (5, 6)) if assignment[i - 1] else (nubar(i), (7, 8))
        if any(where[element(i, k)] != side for k in fillers):
            return f"the fillers of diamond {i} did not replace its true literal elements at {side}"
    return True


def claim_shift_2(formula: TwoTwoFourSat, rel: Relocation, assignment: Any, walk: Walk) -> CheckResult:
    """After Shift 2 (at (nc_m, top_1)) each nc_j holds the two elements of clause j's true literals."""
    m = formula.num_vars
    points = _walk_points(formula, rel, walk, [(nc(m), top(1))])
    if isinstance(points, str):
        return points
    where = points[(nc(m), top(1))]
    true = _true_literal_elements(formula, assignment)
    clause_of = occurrence_clauses(formula)
    for j in range(1, m + 1):
        wanted = {element(i, k) for (i, k), c in clause_of.items() if c == j and element(i, k) in true}
        if _at(where, nc(j)) != wanted or len(wanted) != 2:
            return f"after Shift 2, nc{j} holds {sorted(_at(where, nc(j)))}, its true literal elements are " \
                   f"{sorted(wanted)}"
    return True


def claim_shift_3(formula: TwoTwoFourSat, rel: Relocation, assignment: Any, walk: Walk) -> CheckResult:
    """After Shift 3 the 2m elements of the false literals are in FC."""
    points = _walk_points(formula, rel, walk, [(FC, nc(1))])
    if isinstance(points, str):
        return points
    where = points[(FC, nc(1))]
    wanted = _true_literal_elements(formula, assignment, value=False)
    held = _at(where, FC)
    return held == wanted or f"FC holds {sorted(held)}, the false literal elements are {sorted(wanted)}"


def _step_on(rel: Relocation, walk: Walk, tail: str, head: str) -> tuple[str, tuple[str, ...]] | None:
    """(start vertex, shipped) of the walk's step on the edge (tail, head) of Figure 2."""
    for edge, start, shipped in walk:
        if rel.edges[edge][:2] == (tail, head):
            return start, tuple(shipped)
    return None


def claim_2_pairs(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Any) -> CheckResult:
    """Claim 2: the literal elements leave diamond i through bot_i in pairs: (n_i1, n_i2) along
    (bot_i, TC) or (bot_i, FC), (n_i3, n_i4) along the other."""
    for i in range(1, formula.num_vars + 1):
        pairs = {frozenset((element(i, 1), element(i, 2))), frozenset((element(i, 3), element(i, 4)))}
        carried = []
        for hub in (TC, FC):
            step = _step_on(rel, walk, bot(i), hub)
            if step is None or step[0] != bot(i):
                if step is None:
                    return f"the walk does not move from bot{i} to {hub}"
                return f"the walk moves along (bot{i}, {hub}) from {hub}"
            carried.append(frozenset(step[1]))
        if set(carried) != pairs:
            return f"(bot{i}, TC) carries {sorted(carried[0])}, (bot{i}, FC) {sorted(carried[1])}"
    return True


def claim_2_no_crossing(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Any) -> CheckResult:
    """"There is no way to ship elements from TC to FC or vice versa": no element is at both."""
    visited: dict[str, set[str]] = {}
    for _, start, end, shipped, _ in _replay(rel, walk):
        for name in shipped:
            visited.setdefault(name, set()).update((start, end))
    crossing = sorted(name for name, places in visited.items() if {TC, FC} <= places)
    return f"{crossing[0]} visits both TC and FC" if crossing else True


def claim_2_arrivals(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Any) -> CheckResult:
    """Claim 2: TC ships to each nc_j exactly two literal elements, the true ones under f; the other
    two arrive from FC and are false."""
    clause_of = occurrence_clauses(formula)
    true = _true_literal_elements(formula, assignment)
    for j in range(1, formula.num_vars + 1):
        mine = {element(i, k) for (i, k), c in clause_of.items() if c == j}
        for hub, wanted in ((TC, mine & true), (FC, mine - true)):
            step = _step_on(rel, walk, hub, nc(j))
            if step is None or step[0] != hub:
                return f"the walk does not move from {hub} to nc{j}"
            literals = {name for name in step[1] if _is_literal(name)}
            if literals != wanted or len(wanted) != 2:
                return f"({hub}, nc{j}) carries {sorted(literals)}, the {'true' if hub == TC else 'false'} " \
                       f"literal elements of clause {j} are {sorted(wanted)}"
    return True


CLAIM_1 = "Ratner & Warmuth, Section 3, Claim 1 of Theorem 2"
CLAIM_2 = "Ratner & Warmuth, Section 3, Claim 2 of Theorem 2"
FIGURES = "Ratner & Warmuth, Section 3, Theorem 2"


def theorem_2_claims(zero: int) -> tuple[Claim, ...]:
    """The claims of Theorem 2's construction and proof, Figure 2's zero-edges at capacity ``zero``."""
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


CLAIMS = theorem_2_claims(zero=0) + (
    Claim("no-tc-fc-route", f"there is no way to ship elements from TC to FC or vice versa (see Figure 2): no "
          f"route of positive-capacity edges joins them ({CLAIM_2})", claim_no_tc_fc_route),
)


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


def claim_dummies_placed(formula: TwoTwoFourSat, rel: Relocation) -> CheckResult:
    """"For each directed edge of capacity zero we locate two dummy elements at the beginning of the
    edge in B_1 and these dummies appear at the end of the edge in B_2"; every capacity is two."""
    placed = {name: (start, end) for name, start, end in zip(rel.elements, rel.initial, rel.final)}
    for e, (tail, head, capacity) in enumerate(graph(formula.num_vars)[1]):
        if rel.edges[e][2] != 2:
            return f"edge ({tail}, {head}) has capacity {rel.edges[e][2]}"
        if capacity == 0 and any(placed.get(dummy(e, k)) != (tail, head) for k in (1, 2)):
            return f"the dummies of the zero-edge ({tail}, {head}) are not placed at its tail and head"
    return True


def claim_dummies_ride(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Any) -> CheckResult:
    """The dummies of a former zero-edge fill it when it is traversed, so it carries no other element
    and Claim 2 goes through as for capacity zero."""
    zero_edges = {e for e, (_, _, capacity) in enumerate(graph(formula.num_vars)[1]) if capacity == 0}
    for edge, _, shipped in walk:
        if edge in zero_edges and set(shipped) != {dummy(edge, 1), dummy(edge, 2)}:
            tail, head, _ = rel.edges[edge]
            return f"({tail}, {head}) carries {sorted(shipped)}, not its two dummies"
    return True


REMARK = "Ratner & Warmuth, Section 3, remark after Theorem 2"
CAPACITY_TWO_CLAIMS = theorem_2_claims(zero=2) + (
    Claim("dummies-placed", f"every capacity is two; two dummies start at the tail of each former zero-edge and "
          f"end at its head ({REMARK})", claim_dummies_placed),
    Claim("dummies-ride-their-edge", f"each former zero-edge carries exactly its own two dummies, so no other "
          f"element rides it and the argument for capacity zero applies ({REMARK}, implied)", claim_dummies_ride,
          stage=BACKWARD_CLAIM),
)


CAPACITY_TWO = Reduction(
    id="224sat-to-rel-cap2",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, remark after Theorem 2 (all capacities two)",
    reduce=reduce_capacity_two,
    forward=forward_capacity_two,
    backward=backward,
    size=size_capacity_two,
    claims=CAPACITY_TWO_CLAIMS,
    provenance=provenance,
    checked="every instance up to m = 3 and 300 random (m <= 6)",
)


# -- the undirected variant -----------------------------------------------------------------


def reduce_undirected(formula: TwoTwoFourSat) -> Relocation:
    return dataclasses.replace(reduce(formula), directed=False)


def claim_directions_implied(formula: TwoTwoFourSat, rel: Relocation, walk: Walk, assignment: Any) -> CheckResult:
    """"The correct direction of the edges is implied by the relocation of the elements via an
    Eulerian path": every step of a solution goes from its edge's tail (Figure 2's direction) to its head."""
    for edge, start, _ in walk:
        tail, head, _ = rel.edges[edge]
        if start != tail:
            return f"the walk moves along ({tail}, {head}) from {head}"
    return True


# In the undirected graph (bot_i, TC) and (bot_i, FC) join TC to FC through bot_i with capacity 2,
# so the sentence of Claim 2 is false of the graph itself; what Claim 2 uses survives on solutions.
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


UNDIRECTED = Reduction(
    id="224sat-to-rel-undirected",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, remark after Theorem 2 (undirected graph)",
    reduce=reduce_undirected,
    forward=forward,
    backward=backward,
    size=size,
    claims=UNDIRECTED_CLAIMS,
    provenance=provenance,
    checked="every instance up to m = 3 and 300 random (m <= 6)",
)


# the seeds' chain to REL: Theorem 6 (1-in-3-SAT -> 2/2/4-SAT), then Theorem 2
ONE_IN_THREE_SAT_TO_REL = Chain(
    "1in3sat-to-rel", ("1in3sat-to-224sat", "224sat-to-rel"),
    checked=("certificates both ways; 200 random (target m = 7 to 70): every target decided by the local decider, "
             "140 yes and 60 no, no mismatch"))
