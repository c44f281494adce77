"""SAT encoding of BWP: k steps of the drag metric, decided by ``npw.solvers.sat.decide_by_sat``.

Variables: x(t, cell) the colour after t steps (t = 0..k); sel(t, move) for every
move (a line and an amount 1..length-1), at most one per step (sequential counter;
no move is an idle step, so "at most k"); act(t, line) iff some move on the line is
selected at step t. A selected row move by a: x(t+1, r, c) = x(t, r, c-a); a cell
whose row and column are both inactive keeps its colour. Start and goal are unit
clauses. Size O(k * R * C * (R + C)) clauses: meant for small boards.

Implied constraints (sound for every instance, they only cut symmetric or
over-budget runs):

* idle steps only at the end; no two consecutive steps on the same line (they would
  merge into one step, leaving an idle one); of two consecutive row steps (or column
  steps) the lower-numbered line comes first (they commute);
* Observation 1 as counting: at least max_r |d_r| column steps and at least
  max_c |d_c| row steps, so at most k - max_c |d_c| column steps; a row whose count
  must change by exactly that many needs *every* column step to move a piece into
  (or out of) it at the step's column, and symmetrically for columns. On the
  3-PARTITION targets (Observation 1 tight) this says: every column step brings a
  black piece into the special row, every row step takes one out of column 1.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.instances.torus.bwp import BWP
from npw.instances.torus.moves import shift
from npw.solvers.result import Deadline, OutOfTime, Result
from npw.solvers.limits import ClauseBuffer
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "encode", "solve"]


def encode(instance: BWP, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[tuple[int, object]]]]:
    """(number of variables, clauses, per step the list of (sel variable, move)); raises
    OutOfTime if the deadline passes while building (large boards take seconds a step)."""
    R, C, k = instance.rows, instance.cols, instance.bound
    pool = IDPool()
    x = [[pool.id(("x", t, i)) for i in range(R * C)] for t in range(k + 1)]
    clauses: list[list[int]] = ClauseBuffer(deadline)  # Refused past the encoding limit
    clauses += [[x[0][i] if v else -x[0][i]] for i, v in enumerate(instance.start)]
    clauses += [[x[k][i] if v else -x[k][i]] for i, v in enumerate(instance.goal)]
    steps, acts = [], []
    for t in range(k):
        if deadline is not None and deadline.expired():
            raise OutOfTime
        row_act = [pool.id(("ra", t, r)) for r in range(R)]
        col_act = [pool.id(("ca", t, c)) for c in range(C)]
        chosen: list[tuple[int, object]] = []
        by_line: dict[tuple[str, int], list[int]] = {}
        for r in range(R if C > 1 else 0):
            for a in range(1, C):
                s = pool.id(("sel", t, "R", r, a))
                chosen.append((s, shift("R", r, a, C)))
                by_line.setdefault(("R", r), []).append(s)
                clauses.append([-s, row_act[r]])
                for c in range(C):
                    new, old = x[t + 1][r * C + c], x[t][r * C + (c - a) % C]
                    clauses += [[-s, -new, old], [-s, new, -old]]
        for c in range(C if R > 1 else 0):
            for a in range(1, R):
                s = pool.id(("sel", t, "C", c, a))
                chosen.append((s, shift("C", c, a, R)))
                by_line.setdefault(("C", c), []).append(s)
                clauses.append([-s, col_act[c]])
                for r in range(R):
                    new, old = x[t + 1][r * C + c], x[t][((r - a) % R) * C + c]
                    clauses += [[-s, -new, old], [-s, new, -old]]
        for r in range(R):
            clauses.append([-row_act[r]] + by_line.get(("R", r), []))
        for c in range(C):
            clauses.append([-col_act[c]] + by_line.get(("C", c), []))
        for r in range(R):
            for c in range(C):
                new, old = x[t + 1][r * C + c], x[t][r * C + c]
                clauses += [[row_act[r], col_act[c], -new, old], [row_act[r], col_act[c], new, -old]]
        if len(chosen) > 1:
            clauses += CardEnc.atmost(lits=[s for s, _ in chosen], bound=1, vpool=pool,
                                      encoding=EncType.seqcounter).clauses
        steps.append(chosen)
        acts.append((row_act, col_act))
    clauses += _implied(instance, pool, x, acts, deadline)
    return pool.top, clauses, steps


def _implied(instance: BWP, pool: IDPool, x: list[list[int]], acts: list[tuple[list[int], list[int]]],
             deadline: Deadline | None = None) -> list[list[int]]:
    R, C, k = instance.rows, instance.cols, instance.bound
    clauses: list[list[int]] = ClauseBuffer(deadline)
    busy = [pool.id(("busy", t)) for t in range(k)]
    is_row = [pool.id(("isrow", t)) for t in range(k)]
    is_col = [pool.id(("iscol", t)) for t in range(k)]
    for t, (row_act, col_act) in enumerate(acts):
        if deadline is not None and deadline.expired():
            raise OutOfTime
        clauses.append([-is_row[t]] + row_act)
        clauses.append([-is_col[t]] + col_act)
        clauses += [[-a, is_row[t]] for a in row_act] + [[-a, is_col[t]] for a in col_act]
        clauses += [[-busy[t], is_row[t], is_col[t]], [-is_row[t], busy[t]], [-is_col[t], busy[t]]]
        if t + 1 < k:
            clauses.append([busy[t], -busy[t + 1]])  # idle steps only at the end
            next_row, next_col = acts[t + 1]
            for r in range(R):  # rows in increasing order, never the same row twice in a row
                clauses += [[-row_act[r], -next_row[q]] for q in range(r + 1)]
            for c in range(C):
                clauses += [[-col_act[c], -next_col[q]] for q in range(c + 1)]
    d_rows = [sum(instance.goal[r * C:(r + 1) * C]) - sum(instance.start[r * C:(r + 1) * C]) for r in range(R)]
    d_cols = [sum(instance.goal[c::C]) - sum(instance.start[c::C]) for c in range(C)]
    need_col_steps, need_row_steps = max(map(abs, d_rows)), max(map(abs, d_cols))
    if need_col_steps + need_row_steps > k:
        return clauses + [[]]  # Observation 1 alone says no
    for lits, need in ((is_col, need_col_steps), (is_row, need_row_steps)):
        if need == len(lits):
            clauses += [[v] for v in lits]
        elif need:
            clauses += CardEnc.atleast(lits=lits, bound=need, vpool=pool, encoding=EncType.seqcounter).clauses
    most_col_steps, most_row_steps = k - need_row_steps, k - need_col_steps
    for t, (row_act, col_act) in enumerate(acts):
        for r, d in enumerate(d_rows):
            if d and abs(d) >= most_col_steps:  # every column step must bring row r one step nearer
                before, after = (-1, 1) if d > 0 else (1, -1)
                for c in range(C):
                    clauses.append([-col_act[c], before * x[t][r * C + c]])
                    clauses.append([-col_act[c], after * x[t + 1][r * C + c]])
        for c, d in enumerate(d_cols):
            if d and abs(d) >= most_row_steps:
                before, after = (-1, 1) if d > 0 else (1, -1)
                for r in range(R):
                    clauses.append([-row_act[r], before * x[t][r * C + c]])
                    clauses.append([-row_act[r], after * x[t + 1][r * C + c]])
    return clauses


def solve(instance: BWP, timeout: float | None = None, solver: str | None = None) -> Result:
    def encoding(deadline: Deadline) -> SatEncoding:
        if sum(instance.start) != sum(instance.goal):
            return SatEncoding.decided(False, reason="black counts differ")
        num_vars, clauses, steps = encode(instance, deadline)  # OutOfTime past the deadline
        return SatEncoding(num_vars, clauses, decode=lambda values: tuple(
            move for chosen in steps for s, move in chosen if values[s - 1]))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("bwp", "sat", solve),
)
