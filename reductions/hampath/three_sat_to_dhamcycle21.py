"""3-SAT -> DIRECTED HAMILTONIAN CYCLE with in/out degrees (2, 1) / (1, 2) (``dhamcycle-21``): the
first step of Lemma A.1's chain (Brunner et al., "Complexity of Solo Chess with Unlimited Moves",
Appendix A), which cites Plesník (1979) for it. Plesník's gadgets are not in the seed: the
construction below is ours, the textbook 3-SAT -> directed Hamiltonian cycle reduction (one row per
variable crossed left to right for true, right to left for false; a detour through each clause)
with a row cell and a clause gadget of our own whose vertices all have in- and out-degree 2, so that
splitting each vertex in two gives the degrees. Planarity is not kept (the clause taps cross);
``dhamcycle-21`` does not require it.

**Construction.** A formula with no clause becomes :data:`EMPTY_YES`, a 4-vertex yes instance.
Otherwise, let x_1 .. x_u be the variables that occur (in increasing order; the others take any
value) and c_0 .. c_{m-1} the clauses.

* Every occurrence (clause j, position k) of a variable is a *tap cell*
  (:data:`npw.instances.hampath.dhamcycle21_gadgets.TAP_CELL`): six vertices, arcs
  0 -> 1 -> 2 -> 3 -> 4 -> 5, 0 <-> 3, 2 <-> 5, in-ports L at 0, R at 4, t at 1, out-ports L from 1,
  R from 5, t from 4. A positive literal's cell has its L ports on the row's left, a negative
  literal's on the row's right (the cell turned round).
* The row of x_r: its cells in the order of the occurrences (clause, position), a vertex top_r
  with arcs to the first cell's left entry and the last cell's right entry, a vertex bottom_r
  with arcs from the first cell's left exit and the last cell's right exit, and between
  neighbouring cells the arcs right exit -> left entry and left exit -> right entry.
  bottom_r -> top_{r+1} (bottom_{u-1} -> top_0) closes the main cycle.
* Clause c_j is a 3-cycle q_0 -> q_1 -> q_2 -> q_0
  (:data:`~npw.instances.hampath.dhamcycle21_gadgets.CLAUSE_CYCLE`): the t exit of the cell of
  position k enters q_k, and q_{k-1} enters that cell's t entry.
* Every cell and clause vertex has in- and out-degree 2 (top (1, 2), bottom (2, 1)); each becomes
  two vertices, the first with its in-arcs, the second with its out-arcs, joined by an arc
  (:func:`npw.instances.hampath.dhamcycle21_gadgets.split`).

Numbering: top_r = 2r, bottom_r = 2r + 1; clause j's block begins at b_j = 2u + 42j: cell k's
vertex c is b_j + 12k + 2c (in) and + 1 (out), q_k is b_j + 36 + 2k and + 1. So 2u + 42m vertices
and 3u + 63m arcs.

**Why.** The tap cell is crossed in exactly three ways (checked exhaustively,
``tests/test_dhamcycle21_gadgets.py``): through from L to R, through from L to R with the detour
out t and back in t, or back from R to L; never out t while crossed from R, never out t without
back in t. The arcs between cells make neighbouring cells of a row cross the same way, so each row
is crossed in one direction: x_r is true where the row goes from top_r to its first cell. A
clause's cycle must be entered, only from the t exits of cells, and a cell leaves by t only when
crossed from L, which is its literal being true: every clause has a true literal
(:func:`claim_clauses_entered_by_true_literals`). Conversely, a satisfying assignment crosses
each row in its direction and each clause detours from its first true literal's cell around its
cycle back to the same cell: one cycle.

>>> from npw.instances.sat.three_sat import ThreeSat
>>> formula = ThreeSat(2, [(1, -2, 2)])
>>> g = reduce(formula)
>>> g.num_vertices, len(g.edges), size(formula)
(46, 69, {'vertices': 46, 'arcs': 69})
>>> cycle = forward(formula, (True, False))
>>> g.verify(cycle), backward(formula, g, cycle)
(True, (True, False))
"""

from __future__ import annotations

import random as _random

from npw.instances.base import MAX_VERTICES
from npw.instances.elements import clause_id, var_id, vertex_id
from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
from npw.instances.hampath.dhamcycle21_gadgets import (
    BACK, CLAUSE_CYCLE, DETOUR, TAP_CELL, TAP_CELL_ROUTES, THROUGH, crossing_pattern,
)
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CELL_VERTICES", "CLAIMS", "CLAUSE_VERTICES", "EMPTY_YES", "REDUCTION", "SOURCE", "backward",
           "cell_pattern", "cell_vertex", "claim_cell_patterns", "claim_clauses_entered_by_true_literals",
           "claim_one_detour_each", "claim_rows_agree", "claim_unsplit_degrees", "clause_vertex", "forward",
           "provenance", "reduce", "rows", "size", "small_source"]

SOURCE = ("our construction for Plesník 1979 (the textbook 3-SAT -> directed Hamiltonian cycle rows and detours, "
          "with a tap cell and a clause 3-cycle of in/out degree 2, each vertex split in two), as Brunner et al., "
          "Solo Chess with unlimited moves, Appendix A, proof of Lemma A.1, cites it")

CELL_VERTICES = 2 * TAP_CELL.num_vertices  # 12: six vertices, each split in two
CLAUSE_VERTICES = 3 * CELL_VERTICES + 2 * CLAUSE_CYCLE.num_vertices  # 42 a clause
EMPTY_YES = DirectedHamCycle21(4, ((0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)))
"""The target of a formula with no clause (satisfiable): the cycle 0 1 2 3 and two more arcs."""


def _used(formula: ThreeSat) -> list[int]:
    return sorted({abs(literal) for clause in formula.clauses for literal in clause})


def rows(formula: ThreeSat) -> dict[int, list[tuple[int, int]]]:
    """Each variable that occurs -> its cells (clause, position) in row order.

    >>> rows(ThreeSat(3, [(1, -3, 1), (3, 3, -1)]))
    {1: [(0, 0), (0, 2), (1, 2)], 3: [(0, 1), (1, 0), (1, 1)]}
    """
    made: dict[int, list[tuple[int, int]]] = {v: [] for v in _used(formula)}
    for j, clause in enumerate(formula.clauses):
        for k, literal in enumerate(clause):
            made[abs(literal)].append((j, k))
    return made


def cell_vertex(formula: ThreeSat, j: int, k: int, c: int) -> tuple[int, int]:
    """The two target vertices (in, out) of vertex c of the cell of clause j, position k."""
    first = 2 * len(_used(formula)) + CLAUSE_VERTICES * j + CELL_VERTICES * k + 2 * c
    return first, first + 1


def clause_vertex(formula: ThreeSat, j: int, k: int) -> tuple[int, int]:
    """The two target vertices (in, out) of q_k of clause j."""
    first = 2 * len(_used(formula)) + CLAUSE_VERTICES * j + 3 * CELL_VERTICES + 2 * k
    return first, first + 1


def _sides(literal: int) -> tuple[str, str]:
    """The cell's port names on the row's left and right: a negative literal's cell is turned round."""
    return ("L", "R") if literal > 0 else ("R", "L")


def reduce(formula: ThreeSat) -> DirectedHamCycle21:
    m = len(formula.clauses)
    if m == 0:
        return EMPTY_YES
    used = _used(formula)
    refuse_target_size("3sat-to-dhamcycle-21", "vertices", 2 * len(used) + CLAUSE_VERTICES * m, MAX_VERTICES,
                       "MAX_VERTICES")
    arcs: list[tuple[int, int]] = []

    def entry(j: int, k: int, port: str) -> int:
        return cell_vertex(formula, j, k, TAP_CELL.in_ports[port])[0]

    def leave(j: int, k: int, port: str) -> int:
        return cell_vertex(formula, j, k, TAP_CELL.out_ports[port])[1]

    for j, clause in enumerate(formula.clauses):
        for k in range(3):
            arcs += [(cell_vertex(formula, j, k, a)[1], cell_vertex(formula, j, k, b)[0]) for a, b in TAP_CELL.arcs]
            arcs += [cell_vertex(formula, j, k, c) for c in range(TAP_CELL.num_vertices)]
            arcs.append((leave(j, k, "t"), clause_vertex(formula, j, CLAUSE_CYCLE.in_ports[f"t{k}"])[0]))
            arcs.append((clause_vertex(formula, j, CLAUSE_CYCLE.out_ports[f"t{k}"])[1], entry(j, k, "t")))
        arcs += [(clause_vertex(formula, j, a)[1], clause_vertex(formula, j, b)[0]) for a, b in CLAUSE_CYCLE.arcs]
        arcs += [clause_vertex(formula, j, k) for k in range(3)]
    literal_at = {(j, k): literal for j, clause in enumerate(formula.clauses) for k, literal in enumerate(clause)}
    for r, (v, cells) in enumerate(rows(formula).items()):
        top, bottom = 2 * r, 2 * r + 1
        (j0, k0), (j1, k1) = cells[0], cells[-1]
        arcs += [(top, entry(j0, k0, _sides(literal_at[j0, k0])[0])),
                 (top, entry(j1, k1, _sides(literal_at[j1, k1])[1])),
                 (leave(j0, k0, _sides(literal_at[j0, k0])[0]), bottom),
                 (leave(j1, k1, _sides(literal_at[j1, k1])[1]), bottom),
                 (bottom, 2 * ((r + 1) % len(used)))]
        for (ja, ka), (jb, kb) in zip(cells, cells[1:]):
            arcs += [(leave(ja, ka, _sides(literal_at[ja, ka])[1]), entry(jb, kb, _sides(literal_at[jb, kb])[0])),
                     (leave(jb, kb, _sides(literal_at[jb, kb])[0]), entry(ja, ka, _sides(literal_at[ja, ka])[1]))]
    return DirectedHamCycle21(2 * len(used) + CLAUSE_VERTICES * m, tuple(sorted(arcs)))


def _detours(formula: ThreeSat, assignment) -> dict[int, int]:
    """Clause j -> the position of its first true literal (the cell that detours through it)."""
    return {j: next(k for k, literal in enumerate(clause) if bool(assignment[abs(literal) - 1]) == (literal > 0))
            for j, clause in enumerate(formula.clauses)}


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """Each row crossed in its variable's direction, each cell by its route (through or detour from
    L where its literal is true, back from R where false), each clause detouring from its first
    true literal's cell."""
    if not formula.clauses:
        return (0, 1, 2, 3)
    detour = _detours(formula, assignment)
    literal_at = {(j, k): literal for j, clause in enumerate(formula.clauses) for k, literal in enumerate(clause)}
    cycle: list[int] = []
    for r, (v, cells) in enumerate(rows(formula).items()):
        value = bool(assignment[v - 1])
        cycle.append(2 * r)
        for j, k in (cells if value else cells[::-1]):
            if (literal_at[j, k] > 0) != value:
                route = list(TAP_CELL_ROUTES["back"])
                cycle += [w for c in route for w in cell_vertex(formula, j, k, c)]
            elif detour[j] == k:
                out, back = TAP_CELL_ROUTES["detour"]
                cycle += [w for c in out for w in cell_vertex(formula, j, k, c)]
                cycle += [w for i in range(3) for w in clause_vertex(formula, j, (k + i) % 3)]
                cycle += [w for c in back for w in cell_vertex(formula, j, k, c)]
            else:
                cycle += [w for c in TAP_CELL_ROUTES["through"] for w in cell_vertex(formula, j, k, c)]
        cycle.append(2 * r + 1)
    return tuple(cycle)


def _value_of_row(formula: ThreeSat, r: int, cells, literal_at, after: dict[int, int]) -> bool:
    j, k = cells[0]
    return after[2 * r] == cell_vertex(formula, j, k, TAP_CELL.in_ports[_sides(literal_at[j, k])[0]])[0]


def backward(formula: ThreeSat, tgt: DirectedHamCycle21, cycle) -> tuple[bool, ...]:
    """x_v true where the cycle goes from top to the row's first cell; variables that do not occur
    false."""
    values = [False] * formula.num_vars
    if not formula.clauses:
        return tuple(values)
    order = [int(v) for v in cycle]
    after = dict(zip(order, order[1:] + order[:1]))
    literal_at = {(j, k): literal for j, clause in enumerate(formula.clauses) for k, literal in enumerate(clause)}
    for r, (v, cells) in enumerate(rows(formula).items()):
        values[v - 1] = _value_of_row(formula, r, cells, literal_at, after)
    return tuple(values)


def size(formula: ThreeSat) -> dict[str, int]:
    """2u + 42m vertices and 3u + 63m arcs (u the variables that occur, m >= 1 clauses); 4 and 6 for
    no clause."""
    m = len(formula.clauses)
    if m == 0:
        return {"vertices": 4, "arcs": 6}
    u = len(_used(formula))
    return {"vertices": 2 * u + CLAUSE_VERTICES * m, "arcs": 3 * u + 63 * m}


def provenance(formula: ThreeSat, tgt: DirectedHamCycle21) -> dict[str, list[str]]:
    """A variable made its top, bottom and the vertices of its cells; a clause its 3-cycle's six."""
    made: dict[str, list[str]] = {var_id(v): [] for v in range(1, formula.num_vars + 1)}
    if not formula.clauses:
        return made
    for r, (v, cells) in enumerate(rows(formula).items()):
        made[var_id(v)] = [vertex_id(2 * r), vertex_id(2 * r + 1)]
        made[var_id(v)] += [vertex_id(w) for j, k in cells for c in range(TAP_CELL.num_vertices)
                            for w in cell_vertex(formula, j, k, c)]
    for j in range(len(formula.clauses)):
        made[clause_id(j)] = [vertex_id(w) for k in range(3) for w in clause_vertex(formula, j, k)]
    return made


# -- the proof's claims, checked per case ------------------------------------------------------

def cell_pattern(formula: ThreeSat, j: int, k: int, cycle) -> frozenset:
    """How the cycle crosses the cell of clause j, position k: the (in-port, out-port) names of
    its segments in the cell, as :data:`~npw.instances.hampath.dhamcycle21_gadgets.TAP_CELL` names
    them (THROUGH, DETOUR or BACK where the proof holds).

    >>> formula = ThreeSat(1, [(1, 1, -1)])
    >>> cycle = forward(formula, (True,))
    >>> [sorted(cell_pattern(formula, 0, k, cycle)) for k in range(3)]
    [[('L', 't'), ('t', 'R')], [('L', 'R')], [('R', 'L')]]
    """
    return crossing_pattern(cycle, {w for c in range(TAP_CELL.num_vertices) for w in cell_vertex(formula, j, k, c)},
                            {cell_vertex(formula, j, k, c)[0]: name for name, c in TAP_CELL.in_ports.items()},
                            {cell_vertex(formula, j, k, c)[1]: name for name, c in TAP_CELL.out_ports.items()})


def claim_unsplit_degrees(formula: ThreeSat, tgt: DirectedHamCycle21) -> bool | str:
    """Before splitting, each cell and clause vertex has in- and out-degree 2: the pair (in, out)
    joined by an arc, the in half entered twice and left once, the out half the reverse."""
    if tgt.num_vertices != size(formula)["vertices"]:
        return f"{tgt.num_vertices} vertices, not the construction's {size(formula)['vertices']}"
    succ = {v: set() for v in range(tgt.num_vertices)}
    pred = {v: set() for v in range(tgt.num_vertices)}
    for u, w in tgt.edges:
        succ[u].add(w)
        pred[w].add(u)
    pairs = [cell_vertex(formula, j, k, c) for j in range(len(formula.clauses)) for k in range(3)
             for c in range(TAP_CELL.num_vertices)]
    pairs += [clause_vertex(formula, j, k) for j in range(len(formula.clauses)) for k in range(3)]
    for a, b in pairs:
        if succ[a] != {b} or pred[b] != {a} or len(pred[a]) != 2 or len(succ[b]) != 2:
            return f"vertices {a}, {b} are not one split vertex of in/out degree 2"
    return True


def claim_cell_patterns(formula: ThreeSat, tgt: DirectedHamCycle21, cycle, assignment) -> bool | str:
    """Every cell is crossed through, with the detour, or back (the tap cell's lemma)."""
    for j in range(len(formula.clauses)):
        for k in range(3):
            found = cell_pattern(formula, j, k, cycle)
            if found not in (THROUGH, DETOUR, BACK):
                return f"the cell of clause {j}, position {k} is crossed as {sorted(found)}"
    return True


def claim_rows_agree(formula: ThreeSat, tgt: DirectedHamCycle21, cycle, assignment) -> bool | str:
    """Each row's cells are all crossed in the row's direction: from L exactly where the literal is
    true under the extracted assignment."""
    for j, clause in enumerate(formula.clauses):
        for k, literal in enumerate(clause):
            true = bool(assignment[abs(literal) - 1]) == (literal > 0)
            if (cell_pattern(formula, j, k, cycle) != BACK) != true:
                return f"the cell of clause {j}, position {k} is crossed against its row"
    return True


def claim_clauses_entered_by_true_literals(formula: ThreeSat, tgt: DirectedHamCycle21, cycle,
                                           assignment) -> bool | str:
    """Every clause's 3-cycle is entered, and only from cells whose literal is true."""
    order = [int(v) for v in cycle]
    after = dict(zip(order, order[1:] + order[:1]))
    for j, clause in enumerate(formula.clauses):
        tap = {k: cell_vertex(formula, j, k, TAP_CELL.out_ports["t"])[1] for k in range(3)}
        entered = [k for k in range(3) if after[tap[k]] == clause_vertex(formula, j, CLAUSE_CYCLE.in_ports[f"t{k}"])[0]]
        if not entered:
            return f"clause {j}'s cycle is never entered"
        false = [k for k in entered if bool(assignment[abs(clause[k]) - 1]) != (clause[k] > 0)]
        if false:
            return f"clause {j}'s cycle is entered from the cell of a false literal (position {false[0]})"
    return True


def claim_one_detour_each(formula: ThreeSat, tgt: DirectedHamCycle21, assignment, cycle) -> bool | str:
    """The forward cycle enters each clause's 3-cycle once, from its first true literal's cell, and
    goes back to the same cell."""
    if not formula.clauses:
        return None
    for j, k in _detours(formula, assignment).items():
        patterns = [cell_pattern(formula, j, i, cycle) for i in range(3)]
        if patterns.count(DETOUR) != 1 or patterns[k] != DETOUR:
            return f"clause {j} is detoured through {[sorted(p) for p in patterns]}"
    return True


CLAIMS = (
    Claim("unsplit-degrees", f"every cell and clause vertex has in- and out-degree 2 before the split ({SOURCE})",
          claim_unsplit_degrees, TARGET_CLAIM),
    Claim("one-detour-each", f"a satisfying assignment detours each clause once, back to the same cell ({SOURCE})",
          claim_one_detour_each, FORWARD_CLAIM),
    Claim("cell-patterns", f"a Hamiltonian cycle crosses each tap cell through, with its detour, or back ({SOURCE})",
          claim_cell_patterns, BACKWARD_CLAIM),
    Claim("rows-agree", f"each row's cells are crossed in one direction, its variable's value ({SOURCE})",
          claim_rows_agree, BACKWARD_CLAIM),
    Claim("clauses-entered-by-true-literals",
          f"each clause's cycle is entered, only from the cells of true literals ({SOURCE})",
          claim_clauses_entered_by_true_literals, BACKWARD_CLAIM),
)


def small_source(seed: int) -> ThreeSat:
    """The random stream's source: 1-3 variables and 1-3 clauses (targets of 44-132 vertices, what
    the deciders settle in about a second), literals repeated at random; one case in three carries a
    contradiction (x x x) and (~x ~x ~x) or (x x y), (~x ~x ~x), (~y ~y ~y), so both answers come.

    >>> formula = small_source(3)
    >>> 1 <= len(formula.clauses) <= 3 and formula.num_vars <= 3
    True
    """
    rng = _random.Random(seed)
    n = rng.randint(1, 3)
    clauses = [tuple(rng.choice((1, -1)) * rng.randint(1, n) for _ in range(3)) for _ in range(rng.randint(1, 3))]
    if rng.random() < 1 / 3:
        x = rng.choice((1, -1)) * rng.randint(1, n)
        if n >= 2 and rng.random() < 0.5:
            y = rng.choice((1, -1)) * rng.choice([v for v in range(1, n + 1) if v != abs(x)])
            clauses = [(x, x, y), (-x, -x, -x), (-y, -y, -y)]
        else:
            clauses = clauses[:1] + [(x, x, x), (-x, -x, -x)]
    return ThreeSat(n, clauses)


REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-dhamcycle-21", source="3sat", target="dhamcycle-21",
    reference=SOURCE,
    source_sample=small_source,
    checked=("every 3-SAT instance of up to 2 clauses over up to 3 variables (1,220: 1,219 yes, 1 no), 100 random by "
             "source_sample (64 yes, 36 no; targets of 44-132 vertices)"),
    notes="rows of tap cells and clause 3-cycles, every vertex of in/out degree 2 split in two; not planar",
)
