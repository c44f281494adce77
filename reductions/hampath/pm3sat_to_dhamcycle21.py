"""PLANAR MONOTONE 3SAT (with its rectilinear layout) -> *planar* DIRECTED HAMILTONIAN CYCLE with
in/out degrees (2, 1) / (1, 2) (``dhamcycle-21``): the first step of Lemma A.1's chain (Brunner
et al., "Complexity of Solo Chess with Unlimited Moves", Appendix A), which cites Plesník (1979)
for planar such digraphs. Plesník's gadgets are not in the seed; the construction below is ours
(session 8). Unlike :mod:`npw.reductions.hampath.three_sat_to_dhamcycle21`, whose rows make theta
graphs that no drawing of a planar formula can avoid (docs/lemma_a1.md), every target here is
planar: each variable is a *ladder* crossed left to right on one of two lanes.

**Construction.** A formula with no clause becomes the 4-vertex yes digraph of
:data:`npw.reductions.hampath.three_sat_to_dhamcycle21.EMPTY_YES`. Otherwise:

* The variables that occur, in the layout's order on the line, each get an entry E (in/out
  degree (1, 2)), a row of *cells* and an exit X ((2, 1)); X of one variable enters E of the
  next, the last X the first E (the main cycle, closed under the drawing).
* A cell (:data:`npw.instances.hampath.dhamcycle21_gadgets.LADDER_CELL`) per occurrence: six
  vertices, a lower lane (0 -> 5) and an upper lane (2 -> 3), both left to right, the clause
  channel out of 2 and back into 3 on the lower lane only. A variable's cells are those of its
  positive clauses (above the line, in the layout's attachment order) and then those of its
  negative ones (below), each of these turned upside down: its upper lane on the variable's lower
  lane and its channel facing down. E enters the first cell's two lanes; each cell's lanes go on to
  the next cell's, the last cell's into X.
* A clause of k literals is the gadget ``CHANNEL_CLAUSES[k]`` (2, 4 or 7 vertices): channel j,
  for its j-th literal from the left, enters from that cell's t exit and goes back to its t entry.
* Every vertex of in and out degree 2 becomes two, the first with its in-arcs, the second with
  its out-arcs (:func:`npw.instances.hampath.dhamcycle21_gadgets.split`).

So 2u + 12 L + sum of the clauses' sizes (2, 8 or 14 split vertices for 1, 2 or 3 literals)
vertices, u the variables that occur and L the literal occurrences.

**Why.** The cell is crossed in exactly two ways (checked exhaustively,
``tests/test_pm3sat_to_dhamcycle21.py``): on its upper lane, or on its lower lane through its
clause channel, which that lane cannot pass by. The lanes join cell to cell, so a variable's cells
are all crossed on the lane E enters: x is true where E enters the lower lane. A positive
literal's cell then takes its channel exactly when x is true, a negative literal's (upside down)
exactly when x is false: a clause's channels are taken exactly for its true literals. A clause
gadget cannot be covered with no channel taken, so every clause has a true literal. Conversely, a
satisfying assignment takes each clause's channels of true literals, and ``channel_covers`` covers
the gadget with each channel coming back out of its own exit: one cycle. (Covers that exchange
exits do not matter to the first direction.) The drawing: the line of variables, positive clauses
nested above it, negative ones below, each clause's legs left to right; the claim ``planar`` checks
the target's planarity per case.

>>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
>>> formula = PlanarMonotone3Sat(3, [(1, 2), (-1, -3), (2, 3)], order=(1, 2, 3), levels=(1, 1, 1))
>>> g = reduce(formula)
>>> g.num_vertices, size(formula)
(102, {'vertices': 102})
>>> cycle = forward(formula, (False, True, False))
>>> g.verify(cycle), backward(formula, g, cycle)
(True, (False, True, False))
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from functools import lru_cache

from npw.instances.base import MAX_VERTICES
from npw.instances.elements import arc_id, clause_id, var_id, vertex_id
from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21, is_planar
from npw.instances.memo import remember_last
from npw.instances.hampath.dhamcycle21_gadgets import (
    CHANNEL_CLAUSES, LADDER_CELL, LADDER_CELL_ROUTES, LOWER, UPPER, channel_covers, crossing_pattern, degrees,
)
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat, attachment_order, random_instance
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size
from npw.reductions.hampath.three_sat_to_dhamcycle21 import EMPTY_YES

__all__ = ["CLAIMS", "Plan", "REDUCTION", "SOURCE", "backward", "cell_pattern", "claim_cells_agree",
           "claim_cell_patterns", "claim_clauses_entered_by_true_literals", "claim_planar", "forward", "plan",
           "provenance", "reduce", "size", "small_source"]

SOURCE = ("our construction for Plesník 1979, planar (a ladder cell per literal occurrence, both lanes crossed left "
          "to right, and clause gadgets with a channel per literal, on the planar monotone layout; each vertex of "
          "in/out degree 2 split in two), as Brunner et al., Solo Chess with unlimited moves, Appendix A, proof of "
          "Lemma A.1, cites it")

CELL = LADDER_CELL.num_vertices


@lru_cache(maxsize=None)
def _kinds(gadget_key: str) -> tuple[bool, ...]:
    """Which vertices of a gadget are split (in and out degree 2)."""
    gadget = LADDER_CELL if gadget_key == "cell" else CHANNEL_CLAUSES[int(gadget_key)]
    return tuple(d == (2, 2) for d in degrees(gadget))


def _split_size(gadget_key: str) -> int:
    return sum(2 if two else 1 for two in _kinds(gadget_key))


@dataclass(frozen=True)
class Plan:
    """Where everything is: ``rows`` (variable, its cells as (clause, position) pairs, positive
    cells first), ``start`` of each block of target vertices by key ("E", v), ("X", v), ("cell",
    j, k) or ("clause", j)."""

    rows: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    start: dict
    num_vertices: int


def _literal_order(formula: PlanarMonotone3Sat, j: int) -> list[int]:
    """Clause j's positions (indices into the clause) left to right on the line."""
    position = {v: p for p, v in enumerate(formula.order)}
    return sorted(range(len(formula.clauses[j])), key=lambda k: position[abs(formula.clauses[j][k])])


@remember_last
def _plan(formula: PlanarMonotone3Sat) -> Plan:
    legs = attachment_order(formula)
    rows = []
    for v in formula.order:
        cells = []
        for side in ("above", "below"):
            for j in legs.get((v, side), []):
                k = next(i for i, literal in enumerate(formula.clauses[j]) if abs(literal) == v)
                cells.append((j, k))
        if cells:
            rows.append((v, tuple(cells)))
    start, at = {}, 0
    for v, cells in rows:
        start[("E", v)] = at
        at += 1
        for j, k in cells:
            start[("cell", j, k)] = at
            at += _split_size("cell")
        start[("X", v)] = at
        at += 1
    for j, clause in enumerate(formula.clauses):
        start[("clause", j)] = at
        at += _split_size(str(len(clause)))
    return Plan(tuple(rows), start, at)


def plan(formula: PlanarMonotone3Sat) -> Plan:
    """The layout of the target's vertices (see :class:`Plan`).

    >>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
    >>> plan(PlanarMonotone3Sat(2, [(1, 2), (-2,)], order=(1, 2))).rows
    ((1, ((0, 0),)), (2, ((0, 1), (1, 0))))
    """
    return _plan(formula)


def _vertex(start: int, gadget_key: str, c: int) -> tuple[int, int]:
    """Target vertices (in, out) of gadget vertex c in a block beginning at ``start``."""
    kinds = _kinds(gadget_key)
    first = start + sum(2 if two else 1 for two in kinds[:c])
    return (first, first + 1) if kinds[c] else (first, first)


def _cell(p: Plan, j: int, k: int, c: int) -> tuple[int, int]:
    return _vertex(p.start[("cell", j, k)], "cell", c)


def _clause(formula: PlanarMonotone3Sat, p: Plan, j: int, c: int) -> tuple[int, int]:
    return _vertex(p.start[("clause", j)], str(len(formula.clauses[j])), c)


def _lanes(formula: PlanarMonotone3Sat, j: int, k: int) -> dict[str, str]:
    """The variable's lower and upper lanes -> the cell's port names: a negative literal's cell is
    upside down."""
    return {"lower": "B", "upper": "T"} if formula.clauses[j][k] > 0 else {"lower": "T", "upper": "B"}


def reduce(formula: PlanarMonotone3Sat) -> DirectedHamCycle21:
    if not formula.clauses:
        return EMPTY_YES
    refuse_target_size("pm3sat-to-dhamcycle-21", "vertices", size(formula)["vertices"], MAX_VERTICES, "MAX_VERTICES")
    p = plan(formula)
    arcs: list[tuple[int, int]] = []

    def enter(j: int, k: int, lane: str) -> int:
        return _cell(p, j, k, LADDER_CELL.in_ports[_lanes(formula, j, k)[lane]])[0]

    def leave(j: int, k: int, lane: str) -> int:
        return _cell(p, j, k, LADDER_CELL.out_ports[_lanes(formula, j, k)[lane]])[1]

    def gadget_arcs(block, gadget, key):
        arcs.extend((block(u)[1], block(w)[0]) for u, w in gadget.arcs)
        arcs.extend(block(c) for c in range(gadget.num_vertices) if _kinds(key)[c])

    for (v, cells), (next_v, _) in zip(p.rows, p.rows[1:] + p.rows[:1]):
        e, x = p.start[("E", v)], p.start[("X", v)]
        arcs += [(e, enter(*cells[0], "lower")), (e, enter(*cells[0], "upper")),
                 (leave(*cells[-1], "lower"), x), (leave(*cells[-1], "upper"), x), (x, p.start[("E", next_v)])]
        for (ja, ka), (jb, kb) in zip(cells, cells[1:]):
            arcs += [(leave(ja, ka, lane), enter(jb, kb, lane)) for lane in ("lower", "upper")]
        for j, k in cells:
            gadget_arcs(lambda c, j=j, k=k: _cell(p, j, k, c), LADDER_CELL, "cell")
    for j, clause in enumerate(formula.clauses):
        gadget = CHANNEL_CLAUSES[len(clause)]
        gadget_arcs(lambda c, j=j: _clause(formula, p, j, c), gadget, str(len(clause)))
        for channel, k in enumerate(_literal_order(formula, j)):
            arcs.append((_cell(p, j, k, LADDER_CELL.out_ports["t"])[1],
                         _clause(formula, p, j, gadget.in_ports[f"a{channel}"])[0]))
            arcs.append((_clause(formula, p, j, gadget.out_ports[f"b{channel}"])[1],
                         _cell(p, j, k, LADDER_CELL.in_ports["t"])[0]))
    return DirectedHamCycle21(p.num_vertices, tuple(sorted(arcs)))


def _true(formula: PlanarMonotone3Sat, assignment, j: int, k: int) -> bool:
    literal = formula.clauses[j][k]
    return bool(assignment[abs(literal) - 1]) == (literal > 0)


def forward(formula: PlanarMonotone3Sat, assignment) -> tuple[int, ...]:
    """Each variable on its lane (lower for true), each cell by its route, each clause covered by
    the channels of its true literals, each back out of its own exit."""
    if not formula.clauses:
        return (0, 1, 2, 3)
    p = plan(formula)
    cycle: list[int] = []
    for v, cells in p.rows:
        lane = "lower" if assignment[v - 1] else "upper"
        cycle.append(p.start[("E", v)])
        for j, k in cells:
            if _lanes(formula, j, k)[lane] == "T":
                cycle += [w for c in LADDER_CELL_ROUTES["upper"] for w in dict.fromkeys(_cell(p, j, k, c))]
                continue
            out, back = LADDER_CELL_ROUTES["lower"]
            cycle += [w for c in out for w in dict.fromkeys(_cell(p, j, k, c))]
            order = _literal_order(formula, j)
            active = frozenset(i for i, kk in enumerate(order) if _true(formula, assignment, j, kk))
            paths = channel_covers(CHANNEL_CLAUSES[len(order)])[active]
            path = paths[sorted(active).index(order.index(k))]
            cycle += [w for c in path for w in dict.fromkeys(_clause(formula, p, j, c))]
            cycle += [w for c in back for w in dict.fromkeys(_cell(p, j, k, c))]
        cycle.append(p.start[("X", v)])
    return tuple(cycle)


def _after(cycle) -> dict[int, int]:
    order = [int(v) for v in cycle]
    return dict(zip(order, order[1:] + order[:1]))


def backward(formula: PlanarMonotone3Sat, tgt: DirectedHamCycle21, cycle) -> tuple[bool, ...]:
    """x_v true where the cycle goes from E into the first cell's lower lane; variables that do not
    occur false."""
    values = [False] * formula.num_vars
    if not formula.clauses:
        return tuple(values)
    p, after = plan(formula), _after(cycle)
    for v, cells in p.rows:
        j, k = cells[0]
        lower = _cell(p, j, k, LADDER_CELL.in_ports[_lanes(formula, j, k)["lower"]])[0]
        values[v - 1] = after[p.start[("E", v)]] == lower
    return tuple(values)


def size(formula: PlanarMonotone3Sat) -> dict[str, int]:
    """2u + 12 L + (2, 8 or 14 a clause of 1, 2 or 3 literals) vertices; 4 with no clause."""
    if not formula.clauses:
        return {"vertices": 4}
    used = {abs(literal) for clause in formula.clauses for literal in clause}
    literals = sum(len(clause) for clause in formula.clauses)
    return {"vertices": 2 * len(used) + _split_size("cell") * literals
            + sum(_split_size(str(len(clause))) for clause in formula.clauses)}


def provenance(formula: PlanarMonotone3Sat, tgt: DirectedHamCycle21) -> dict[str, list[str]]:
    """A variable made its E, X and the vertices of its cells; a variable in no clause has no
    gadget, and its place on the line is the main cycle's arc X -> E that passes it; a clause made
    its gadget's vertices."""
    made: dict[str, list[str]] = {var_id(v): [] for v in range(1, formula.num_vars + 1)}
    if not formula.clauses:
        return made
    p = plan(formula)
    for v, cells in p.rows:
        made[var_id(v)] = [vertex_id(p.start[("E", v)]), vertex_id(p.start[("X", v)])]
        made[var_id(v)] += [vertex_id(w) for j, k in cells for c in range(CELL) for w in dict.fromkeys(_cell(p, j, k, c))]
    rows = [v for v, _ in p.rows]
    passed = rows[-1]  # the last variable with a gadget, cyclically before the line's first
    for v in formula.order:
        if v in rows:
            passed = v
            continue
        following = rows[(rows.index(passed) + 1) % len(rows)]
        made[var_id(v)] = [arc_id((p.start[("X", passed)], p.start[("E", following)]))]
    for j, clause in enumerate(formula.clauses):
        first = p.start[("clause", j)]
        made[clause_id(j)] = [vertex_id(w) for w in range(first, first + _split_size(str(len(clause))))]
    return made


# -- the proof's claims, checked per case ------------------------------------------------------

def claim_planar(formula: PlanarMonotone3Sat, tgt: DirectedHamCycle21) -> bool | str:
    """The target digraph is planar (its underlying graph), as Plesník's problem asks."""
    return is_planar(tgt.num_vertices, tgt.edges) or "the target digraph is not planar"


def cell_pattern(formula: PlanarMonotone3Sat, j: int, k: int, cycle) -> frozenset:
    """How the cycle crosses the cell of clause j, position k: the (in-port, out-port) names of its
    segments, as :data:`~npw.instances.hampath.dhamcycle21_gadgets.LADDER_CELL` names them."""
    p = plan(formula)
    return crossing_pattern(cycle, {w for c in range(CELL) for w in _cell(p, j, k, c)},
                            {_cell(p, j, k, c)[0]: name for name, c in LADDER_CELL.in_ports.items()},
                            {_cell(p, j, k, c)[1]: name for name, c in LADDER_CELL.out_ports.items()})


def _cells(formula: PlanarMonotone3Sat):
    return [(j, k) for j, clause in enumerate(formula.clauses) for k in range(len(clause))]


def claim_cell_patterns(formula: PlanarMonotone3Sat, tgt: DirectedHamCycle21, cycle, assignment) -> bool | str:
    """Every cell is crossed on its upper lane, or on its lower lane through its channel (the
    ladder cell's lemma)."""
    for j, k in _cells(formula):
        found = cell_pattern(formula, j, k, cycle)
        if found not in (LOWER, UPPER):
            return f"the cell of clause {j}, position {k} is crossed as {sorted(found)}"
    return True


def claim_cells_agree(formula: PlanarMonotone3Sat, tgt: DirectedHamCycle21, cycle, assignment) -> bool | str:
    """A cell takes its channel exactly where its literal is true under the extracted assignment
    (all of a variable's cells on one lane)."""
    for j, k in _cells(formula):
        if (cell_pattern(formula, j, k, cycle) == LOWER) != _true(formula, assignment, j, k):
            return f"the cell of clause {j}, position {k} is crossed against its variable's lane"
    return True


def claim_clauses_entered_by_true_literals(formula: PlanarMonotone3Sat, tgt: DirectedHamCycle21, cycle,
                                           assignment) -> bool | str:
    """Every clause gadget is entered, and only through the channels of true literals."""
    p, after = plan(formula), _after(cycle)
    for j, clause in enumerate(formula.clauses):
        gadget = CHANNEL_CLAUSES[len(clause)]
        entered = [k for channel, k in enumerate(_literal_order(formula, j))
                   if after[_cell(p, j, k, LADDER_CELL.out_ports["t"])[1]]
                   == _clause(formula, p, j, gadget.in_ports[f"a{channel}"])[0]]
        if not entered:
            return f"clause {j}'s gadget is never entered"
        false = [k for k in entered if not _true(formula, assignment, j, k)]
        if false:
            return f"clause {j}'s gadget is entered from the cell of a false literal (position {false[0]})"
    return True


CLAIMS = (
    Claim("planar", f"the target digraph is planar ({SOURCE})", claim_planar, TARGET_CLAIM),
    Claim("cell-patterns", f"a Hamiltonian cycle crosses each cell on its upper lane, or on its lower lane through "
                           f"its clause channel ({SOURCE})", claim_cell_patterns, BACKWARD_CLAIM),
    Claim("cells-agree", f"each variable's cells are crossed on one lane, its value ({SOURCE})",
          claim_cells_agree, BACKWARD_CLAIM),
    Claim("clauses-entered-by-true-literals",
          f"each clause's gadget is entered, only through the channels of true literals ({SOURCE})",
          claim_clauses_entered_by_true_literals, BACKWARD_CLAIM),
)


def small_source(seed: int) -> PlanarMonotone3Sat:
    """The random stream's source: 1-4 variables and 1-5 clauses of the planar monotone layout
    (targets of about 20-300 vertices); one case in three adds a contradiction (x) and (~x), so
    both answers come.

    >>> formula = small_source(3)
    >>> 1 <= len(formula.clauses) and formula.num_vars <= 4
    True
    """
    rng = _random.Random(seed)
    n = rng.randint(1, 4)
    formula = random_instance(rng.randrange(2**31), n, rng.randint(1, 5), reach=1.5)
    if rng.random() < 1 / 3 and formula.clauses:
        x = rng.randint(1, n)
        try:
            return PlanarMonotone3Sat(n, [*formula.clauses, (x,), (-x,)], order=formula.order)
        except Exception:  # the added unit clauses always fit (a leg of their own); kept as a guard
            return formula
    return formula


REDUCTION = Reduction.of_module(
    globals(),
    id="pm3sat-to-dhamcycle-21", source="pm3sat", target="dhamcycle-21",
    reference=SOURCE,
    source_sample=small_source,
    checked=("every pm3sat formula of up to 4 variables and 4 clauses up to symmetry and 300 random by source_sample "
             "(4,046 cases: 3,684 yes, 362 no), every target planar; from 3-SAT, every one-clause formula"),
    notes="a ladder cell per literal occurrence and clause gadgets with channels; every target planar (claim)",
)
