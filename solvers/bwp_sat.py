"""SAT encoding of BWP: k steps of the drag metric, through ``solvers.sat.solve_clauses``.

Variables: x(t, cell) the colour after t steps (t = 0..k); sel(t, move) for every
move (a line and an amount 1..length-1), at most one per step (sequential counter;
no move is an idle step, so "at most k"); act(t, line) iff some move on the line is
selected at step t. A selected row move by a: x(t+1, r, c) = x(t, r, c-a); a cell
whose row and column are both inactive keeps its colour. Start and goal are unit
clauses. Size O(k * R * C * (R + C)) clauses: meant for small boards.
"""

from __future__ import annotations

import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from instances.bwp import BWP
from instances.torus import shift
from solvers.result import Answer, Result
from solvers.sat import solve_clauses, solver_name


def encode(instance: BWP) -> tuple[int, list[list[int]], list[list[tuple[int, object]]]]:
    """(number of variables, clauses, per step the list of (sel variable, move))."""
    R, C, k = instance.rows, instance.cols, instance.bound
    pool = IDPool()
    x = [[pool.id(("x", t, i)) for i in range(R * C)] for t in range(k + 1)]
    clauses: list[list[int]] = [[x[0][i] if v else -x[0][i]] for i, v in enumerate(instance.start)]
    clauses += [[x[k][i] if v else -x[k][i]] for i, v in enumerate(instance.goal)]
    steps = []
    for t in range(k):
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
    return pool.top, clauses, steps


def solve(instance: BWP, timeout: float | None = None, solver: str | None = None) -> Result:
    start = time.perf_counter()
    if sum(instance.start) != sum(instance.goal):
        return Result(Answer.NO, None, "sat", {"time": time.perf_counter() - start, "reason": "black counts differ"})
    num_vars, clauses, steps = encode(instance)
    answer, values, stats = solve_clauses(num_vars, clauses, solver, timeout)
    stats.update(time=time.perf_counter() - start, variables=num_vars, clauses=len(clauses))
    certificate = None
    if answer is Answer.YES:
        certificate = tuple(move for chosen in steps for s, move in chosen if values[s - 1])
    return Result(answer, certificate, f"sat:{solver_name(solver)}", stats)
