"""A second exact BWP decider: SAT over *phases* of commuting line shifts (issue 17, item 2).

Its soundness rests on three facts proved here, none of them a pruning rule of ``tight``:

**Phase normal form.** Moves on two different rows commute, as do moves on two different
columns. Group a solution's steps into maximal runs of row moves and of column moves; inside
a run, merge the moves of each line into one (they commute with the run's other moves), and
drop a line whose shifts cancel; drop a run left empty and merge its two neighbours (same
kind); repeat. Each change keeps the final colouring and never adds a step. So if some
solution has at most k steps, one has the form R_0 C_0 R_1 C_1 ... R_q C_q where a row phase
R_i shifts each row by one amount (0 = not moved), a column phase each column, the drag cost
is the number of lines moved over all phases, and only R_0 may be empty among the phases
before the last non-empty one. With at least ``hr`` = max_r |d_r| column moves and ``hc`` =
max_c |d_c| row moves (Observation 1, seed 001: a column move changes each row's black count
by at most one, a row move none; symmetrically), a solution makes at most nr = k - hr row moves
and nc = k - hc column moves; alternating non-empty phases then number at most min(nr, nc) + 1
of each kind, so q = min(nr, nc) suffices.

**Counting (Observation 1 made exact).** A row with |d_r| = nc must be changed by every column
move, each time at the moved column and towards its goal count (white to black if d_r > 0):
there are at most nc column moves and each changes the row's count by at most one. The same
for a column with |d_c| = nr and the row moves.

**Monotone lines (the seed's Claim 1, in general form).** Such a row with d_r > 0 never loses a
black piece (column moves only add to it, its own moves rotate it). Undo its rotations: the
set of its blacks only grows, and ends as a rotation of the goal's. So at every phase boundary
its black set is a subset of some rotation of its goal set; with d_r < 0 it only loses pieces,
and some rotation of its goal set is a subset of its black set. The same for columns.

**Earliest phases.** A column move in C_i (i >= 1) such that no row moved in R_i has its
crossing cell changed by R_i or by C_i can be done before R_i instead: column c is then the
same before and after R_i, the moved rows' cells in column c are the same before R_i, after
it and after C_i, so doing the column move first leaves those rows as they were and R_i
then gives the same colouring. It joins C_{i-1} (merged with a move of column c there, if
any). Symmetrically for a row move in R_i (i >= 1) and C_{i-1}. Each such change moves a step
to an earlier phase and adds none, so repeating them (and the merges of the normal form)
ends; some solution of at most k steps therefore satisfies this too, and the model demands it.

Everything else is the plain semantics of shifts, as clauses: x(p, cell) the colouring after
p phases, y(p, line, a) the line's shift in phase p (exactly one a per line and phase), cell
(r, c) after a row phase = cell (r, c - a) before it. NO is therefore a proof over every
phase-normal sequence, hence over every sequence of at most k steps; YES carries the moves,
which ``npw.solvers.solve`` checks with the instance's own checker. The model is solved by
python-sat (``npw.solvers.sat.decide_by_sat``); out of time, UNKNOWN with the solver's
conflicts and decisions.

Size: about 2 (q + 1) (R C^2 + C R^2) clauses; the padded 3-PARTITION no-targets of
``npw verify 3partition-to-bwp --exhaustive 16`` (17 x 70 .. 17 x 85, k 32 .. 38) have q = 6.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.instances.torus.bwp import BWP
from npw.instances.torus.moves import Move, shift
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, OutOfTime, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "encode", "phase_count", "solve"]


def _line_counts(instance: BWP, cells: bytes) -> tuple[list[int], list[int]]:
    R, C = instance.rows, instance.cols
    return [sum(cells[r * C:(r + 1) * C]) for r in range(R)], [sum(cells[c::C]) for c in range(C)]


def phase_count(instance: BWP) -> int | None:
    """q + 1, the number of (row phase, column phase) pairs the model needs; None when
    Observation 1 alone refutes the instance.

    >>> phase_count(BWP.from_rows(["#..", "..."], ["...", "..#"], 2))
    2
    >>> phase_count(BWP.from_rows(["#..", "..."], ["...", "..#"], 1)) is None
    True
    """
    hr, hc = _maxima(instance)
    if hr + hc > instance.bound:
        return None
    return min(instance.bound - hr, instance.bound - hc) + 1


def _maxima(instance: BWP) -> tuple[int, int]:
    start_rows, start_cols = _line_counts(instance, instance.start)
    goal_rows, goal_cols = _line_counts(instance, instance.goal)
    hr = max(abs(g - s) for g, s in zip(goal_rows, start_rows))
    hc = max(abs(g - s) for g, s in zip(goal_cols, start_cols))
    return hr, hc


class _Model:
    """The clauses; ``lines[p]`` is the (axis, length, list of (index, [y(p, index, a) for a]))
    of phase p."""

    def __init__(self, instance: BWP, deadline: Deadline | None) -> None:
        self.instance, self.deadline = instance, deadline
        self.pool = IDPool()
        self.clauses: list[list[int]] = ClauseBuffer(deadline)
        self.phases: list[tuple[str, int, list[tuple[int, list[int]]]]] = []

    def cell(self, p: int, r: int, c: int) -> int:
        return self.pool.id(("x", p, r, c))

    def build(self) -> None:
        instance, clauses = self.instance, self.clauses
        R, C, k = instance.rows, instance.cols, instance.bound
        hr, hc = _maxima(instance)
        nr, nc = k - hr, k - hc  # most row moves, most column moves
        pairs = min(nr, nc) + 1
        # the shift clauses dominate: refused before building, not after filling memory
        refuse_above(2 * pairs * (R * C * C + C * R * R), f"the BWP phase model ({pairs} phase pairs, {R} x {C})")
        count = 2 * pairs
        clauses += [[self.cell(0, i // C, i % C) if v else -self.cell(0, i // C, i % C)]
                    for i, v in enumerate(instance.start)]
        clauses += [[self.cell(count, i // C, i % C) if v else -self.cell(count, i // C, i % C)]
                    for i, v in enumerate(instance.goal)]
        busy, row_moved, col_moved = [], [], []
        for p in range(count):
            if self.deadline is not None and self.deadline.expired():
                raise OutOfTime
            axis = "R" if p % 2 == 0 else "C"
            moved = self.phase(p, axis)
            (row_moved if axis == "R" else col_moved).extend(moved)
            b = self.pool.id(("busy", p))
            clauses.append([-b] + moved)
            clauses += [[-m, b] for m in moved]
            busy.append(b)
        # only the first phase may be empty before the last non-empty one
        clauses += [[-busy[p], busy[p - 1]] for p in range(2, count)]
        for lits, bound in ((row_moved + col_moved, k), (row_moved, nr), (col_moved, nc)):
            if bound < len(lits):
                clauses += CardEnc.atmost(lits=lits, bound=bound, vpool=self.pool,
                                          encoding=EncType.seqcounter).clauses
        self.monotone_lines(count, nr, nc)
        self.foata(count)

    def phase(self, p: int, axis: str) -> list[int]:
        """One phase's shift variables and transition clauses; returns the 'line moved' literals."""
        R, C = self.instance.rows, self.instance.cols
        length, lines = (C, R) if axis == "R" else (R, C)
        cell = (lambda t, i, j: self.cell(t, i, j)) if axis == "R" else (lambda t, i, j: self.cell(t, j, i))
        clauses, moved, chosen = self.clauses, [], []
        for index in range(lines):
            ys = [self.pool.id(("y", p, index, a)) for a in range(length)]
            chosen.append((index, ys))
            clauses.append(ys)
            if length > 1:
                clauses += CardEnc.atmost(lits=ys, bound=1, vpool=self.pool, encoding=EncType.seqcounter).clauses
            moved.append(-ys[0])
            before = [cell(p, index, j) for j in range(length)]
            after = [cell(p + 1, index, j) for j in range(length)]
            for a, y in enumerate(ys):
                for j in range(length):  # after[j] = before[j - a]
                    new, old = after[j], before[(j - a) % length]
                    clauses.append([-y, -new, old])
                    clauses.append([-y, new, -old])
        self.phases.append((axis, length, chosen))
        return moved

    def monotone_lines(self, count: int, nr: int, nc: int) -> None:
        """The counting and monotone-line constraints of the module's docstring."""
        instance, clauses = self.instance, self.clauses
        R, C = instance.rows, instance.cols
        start_rows, start_cols = _line_counts(instance, instance.start)
        goal_rows, goal_cols = _line_counts(instance, instance.goal)
        goal = instance.goal
        for axis, lines, length, d_all, most in (("R", R, C, [g - s for g, s in zip(goal_rows, start_rows)], nc),
                                                 ("C", C, R, [g - s for g, s in zip(goal_cols, start_cols)], nr)):
            for index, d in enumerate(d_all):
                if d == 0 or abs(d) < most:
                    continue
                cell = (lambda t, j, i=index: self.cell(t, i, j)) if axis == "R" else \
                    (lambda t, j, i=index: self.cell(t, j, i))
                need = 1 if d > 0 else -1  # the colour the crossing moves must bring: black (+) or white (-)
                # every crossing move changes this line at the crossing cell, towards the goal
                for p, (phase_axis, _, chosen) in enumerate(self.phases):
                    if phase_axis == axis:
                        continue
                    for j, ys in chosen:
                        clauses.append([ys[0], -need * cell(p, j)])
                        clauses.append([ys[0], need * cell(p + 1, j)])
                # its black set stays inside (d > 0) or around (d < 0) a rotation of the goal's
                goal_line = [goal[index * C + j] if axis == "R" else goal[j * C + index] for j in range(length)]
                rotations = {tuple(goal_line[(j - a) % length] for j in range(length)) for a in range(length)}
                for p in range(count + 1):
                    choice = []
                    for number, rotated in enumerate(sorted(rotations)):
                        w = self.pool.id(("w", axis, index, p, number))
                        choice.append(w)
                        if d > 0:
                            clauses += [[-w, -cell(p, j)] for j in range(length) if not rotated[j]]
                        else:
                            clauses += [[-w, cell(p, j)] for j in range(length) if rotated[j]]
                    clauses.append(choice)

    def changed(self, p: int, r: int, c: int) -> int:
        """A variable true iff cell (r, c) differs before and after phase p."""
        key = ("changed", p, r, c)
        known = key in self.pool.obj2id
        v = self.pool.id(key)
        if not known:
            a, b = self.cell(p, r, c), self.cell(p + 1, r, c)
            self.clauses += [[-v, a, b], [-v, -a, -b], [v, -a, b], [v, a, -b]]
        return v

    def foata(self, count: int) -> None:
        """Each move of a phase after the first two needs a reason not to be one phase pair
        earlier (the docstring's "Earliest phases"): some move of the phase just before it, on a
        crossing line, with their crossing cell changed by one of the two phases."""
        clauses = self.clauses
        for p in range(2, count):
            axis, _, chosen = self.phases[p]
            _, _, before = self.phases[p - 1]
            for index, ys in chosen:
                reasons = []
                for other, other_ys in before:
                    r, c = (index, other) if axis == "R" else (other, index)
                    e = self.pool.id(("reason", p, index, other))
                    clauses.append([-e, -other_ys[0]])  # the crossing line moved in phase p - 1
                    clauses.append([-e, self.changed(p - 1, r, c), self.changed(p, r, c)])
                    reasons.append(e)
                clauses.append([ys[0]] + reasons)

    def decode(self, model: tuple[bool, ...]) -> tuple[Move, ...]:
        moves = []
        for axis, length, chosen in self.phases:
            for index, ys in chosen:
                a = next(a for a, y in enumerate(ys) if model[y - 1])
                move = shift(axis, index, a, length)
                if move is not None:
                    moves.append(move)
        return tuple(moves)


def encode(instance: BWP, deadline: Deadline | None = None) -> _Model:
    """The phase model (raises OutOfTime past ``deadline``, Refused past the clause limit)."""
    model = _Model(instance, deadline)
    model.build()
    return model


def solve(instance: BWP, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides BWP with the phase model.

    >>> instance = BWP.from_rows(["#..", "..."], ["...", "..#"], 2)
    >>> result = solve(instance)
    >>> result.answer.value, instance.verify(result.certificate)
    ('YES', True)
    >>> solve(BWP.from_rows(["#..", "..."], ["...", "..#"], 1)).stats["reason"]
    'Observation 1 bound 2 exceeds k = 1'
    """

    def encoding(deadline: Deadline) -> SatEncoding:
        if sum(instance.start) != sum(instance.goal):
            return SatEncoding.decided(False, reason="different numbers of black pieces")
        hr, hc = _maxima(instance)
        if hr + hc > instance.bound:
            return SatEncoding.decided(False, reason=f"Observation 1 bound {hr + hc} exceeds k = {instance.bound}")
        model = encode(instance, deadline)
        return SatEncoding(model.pool.top, model.clauses, decode=model.decode,
                           stats={"phases": len(model.phases)})

    return decide_by_sat(encoding, backend="phases", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("bwp", "phases", solve),
)
