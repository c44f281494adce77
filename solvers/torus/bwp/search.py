"""Exact search for BWP: IDA* in the drag metric with the bound of Observation 1.

A step shifts one line by any amount. h = max_r |d_r| + max_c |d_c|, where d_r is
the difference between a row's black count now and in the goal (only column
operations change it, by at most one each) and d_c the same for columns: admissible.
Pruning that keeps the search exact:

* no two consecutive moves on the same line (they merge into one drag step);
* moves on two different rows commute, as do moves on two different columns: of
  two consecutive row moves (or column moves) only the order with the smaller
  index first is searched;
* a transposition table keyed by (colouring, line of the last move) remembers the
  largest remaining budget with which the node already failed.

Rows are Python integers (bit c = column c). Out of time or node budget: UNKNOWN.
"""

from __future__ import annotations

import time
from typing import Sequence

from npw.instances.torus.bwp import BWP
from npw.instances.torus.moves import Move, shift
from npw.solvers.limits import remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "solve"]


def solve(instance: BWP, timeout: float | None = None, max_nodes: int | None = None) -> Result:
    start_time = time.perf_counter()
    deadline = Deadline(timeout)
    R, C, k = instance.rows, instance.cols, instance.bound
    mask = (1 << C) - 1

    def pack(cells: Sequence[int]) -> tuple[int, ...]:  # a BWP colouring (bytes) as row bitmasks
        return tuple(sum(cells[r * C + c] << c for c in range(C)) for r in range(R))

    start, goal = pack(instance.start), pack(instance.goal)
    goal_rows = [bin(x).count("1") for x in goal]
    goal_cols = [sum((x >> c) & 1 for x in goal) for c in range(C)]
    stats: dict = {"nodes": 0}

    def finish(answer: Answer, moves=None) -> Result:
        stats["time"] = time.perf_counter() - start_time
        return Result(answer, tuple(moves) if moves is not None else None, "search", stats)

    if sum(instance.start) != sum(instance.goal):
        stats["reason"] = "different numbers of black pieces"
        return finish(Answer.NO)
    rows_count = [bin(x).count("1") for x in start]
    cols_count = [sum((x >> c) & 1 for x in start) for c in range(C)]
    h0 = instance.lower_bound()
    stats["lower_bound"] = h0
    if h0 > k:
        stats["reason"] = f"Observation 1 bound {h0} exceeds k = {k}"
        return finish(Answer.NO)
    failed: dict[tuple, int] = {}
    path: list[Move] = []

    def hr() -> int:
        return max(abs(a - b) for a, b in zip(rows_count, goal_rows))

    def hc() -> int:
        return max(abs(a - b) for a, b in zip(cols_count, goal_cols))

    def dfs(state: tuple[int, ...], budget: int, last: tuple[str, int] | None) -> bool:
        if state == goal:
            return True
        stats["nodes"] += 1
        # every node: one expands R (C - 1) + C (R - 1) moves, milliseconds on a 14 x 14 board
        # (256 nodes between two reads of the clock overran a 2 s limit by 1.4 s)
        if deadline.expired() or (max_nodes is not None and stats["nodes"] > max_nodes):
            raise OutOfTime
        key = (state, last)
        if failed.get(key, -1) >= budget:
            return False
        h_rows, h_cols = hr(), hc()
        children = []
        # row moves: row counts unchanged, column counts change where the row's bits change
        for r in range(R if C > 1 else 0):
            if last is not None and last[0] == "R" and r <= last[1]:
                continue
            old = state[r]
            for a in range(1, C):
                new = ((old << a) | (old >> (C - a))) & mask
                if new == old:
                    continue
                removed, added = old & ~new, new & ~old
                for c in range(C):
                    bit = 1 << c
                    if removed & bit:
                        cols_count[c] -= 1
                    elif added & bit:
                        cols_count[c] += 1
                h = h_rows + hc()
                for c in range(C):
                    bit = 1 << c
                    if removed & bit:
                        cols_count[c] += 1
                    elif added & bit:
                        cols_count[c] -= 1
                if h <= budget - 1:
                    child = state[:r] + (new,) + state[r + 1:]
                    children.append((h, child, ("R", r), shift("R", r, a, C)))
        for c in range(C if R > 1 else 0):
            if last is not None and last[0] == "C" and c <= last[1]:
                continue
            bit = 1 << c
            column = [(x >> c) & 1 for x in state]
            if not any(column) or all(column):
                continue
            for a in range(1, R):
                moved = column[-a:] + column[:-a]
                if moved == column:
                    continue
                for r in range(R):
                    rows_count[r] += moved[r] - column[r]
                h = hr() + h_cols
                for r in range(R):
                    rows_count[r] -= moved[r] - column[r]
                if h <= budget - 1:
                    child = tuple((x & ~bit) | (moved[r] << c) for r, x in enumerate(state))
                    children.append((h, child, ("C", c), shift("C", c, a, R)))
        children.sort(key=lambda item: item[0])
        for h, child, line, move in children:
            if line == last:
                continue
            # apply the count changes of this move for the subtree
            if line[0] == "R":
                r = line[1]
                for c in range(C):
                    delta = ((child[r] >> c) & 1) - ((state[r] >> c) & 1)
                    cols_count[c] += delta
            else:
                c = line[1]
                for r in range(R):
                    rows_count[r] += ((child[r] >> c) & 1) - ((state[r] >> c) & 1)
            path.append(move)
            found = dfs(child, budget - 1, line)
            if found:
                return True
            path.pop()
            if line[0] == "R":
                r = line[1]
                for c in range(C):
                    cols_count[c] -= ((child[r] >> c) & 1) - ((state[r] >> c) & 1)
            else:
                c = line[1]
                for r in range(R):
                    rows_count[r] -= ((child[r] >> c) & 1) - ((state[r] >> c) & 1)
        remember(failed, key, max(failed.get(key, -1), budget))
        return False

    try:
        for budget in range(h0, k + 1):
            stats["depth"] = stats["proved_lower_bound"] = budget  # every smaller budget failed
            if dfs(start, budget, None):
                return finish(Answer.YES, path)
    except OutOfTime:
        return finish(Answer.UNKNOWN)
    except RecursionError:
        return finish(Answer.UNKNOWN)
    return finish(Answer.NO)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("bwp", "search", solve),
)
