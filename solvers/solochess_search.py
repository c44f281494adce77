"""Exhaustive search for Solo Chess with memoisation of dead positions (never SAT).

A position is the piece type on every initially occupied square (or none), the capture counts
when a capture limit is set, and the special piece's square. Every capture removes a piece,
so positions form a DAG and remembering the positions already shown dead is enough.

Sound pruning (a position is dead if): some piece is *stuck*, i.e. it can never move (no
square still occupied is a target of its type from its square, ignoring blocking; or it has
used up its captures) and can never be captured (no type still on the board moves from an
occupied square onto it, ignoring blocking; or it is the special piece), and either it is
not the special piece while a special piece exists, or two pieces are stuck: a piece that
never moves and is never captured stays to the end, and only one piece may.
"""

from __future__ import annotations

import sys
import time

from instances.solochess import SoloChess
from solvers.result import Answer, Deadline, OutOfTime, Result
from solvers.solochess_moves import compile_board


def solve(instance: SoloChess, timeout: float | None = None) -> Result:
    start_time = time.perf_counter()
    board = compile_board(instance)
    deadline = Deadline(timeout)
    n = board.size
    limit = instance.capture_limit
    dead: set = set()
    nodes = 0
    moves, reach, into = board.moves, board.reach, board.into

    def stuck_prune(kinds: list[int], occ: int, caps: list[int] | None, special: int | None) -> bool:
        present = {k for k in kinds if k >= 0}
        stuck = 0
        special_bit = 0 if special is None else 1 << special
        for u in range(n):
            k = kinds[u]
            if k < 0:
                continue
            can_move = (caps is None or caps[u] < limit) and reach[k][u] & occ & ~special_bit
            if can_move:
                continue
            if u != special and any(into[j][u] & occ & ~(1 << u) for j in present):
                continue
            if special is not None and u != special:
                return True
            stuck += 1
            if stuck >= 2:
                return True
        return False

    def search(kinds: list[int], occ: int, caps: list[int] | None, special: int | None, left: int) -> list | None:
        nonlocal nodes
        if left == 1:
            return []
        key = (tuple(kinds), None if caps is None else tuple(caps), special)
        if key in dead:
            return None
        nodes += 1
        if nodes & 255 == 0 and deadline.expired():
            raise OutOfTime
        if stuck_prune(kinds, occ, caps, special):
            dead.add(key)
            return None
        for u in range(n):
            k = kinds[u]
            if k < 0 or (caps is not None and caps[u] >= limit):
                continue
            for v, block in moves[k][u]:
                if not (occ >> v) & 1 or occ & block or v == special:
                    continue
                captured = kinds[v]
                kinds[v], kinds[u] = k, -1
                if caps is not None:
                    old_u, old_v = caps[u], caps[v]
                    caps[v], caps[u] = old_u + 1, 0
                found = search(kinds, occ & ~(1 << u), caps, v if u == special else special, left - 1)
                kinds[u], kinds[v] = k, captured
                if caps is not None:
                    caps[u], caps[v] = old_u, old_v
                if found is not None:
                    found.append((u, v))
                    return found
        dead.add(key)
        return None

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 1000))
    try:
        found = search(list(board.start), (1 << n) - 1, [0] * n if limit is not None else None, board.special, n)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "search", {"time": time.perf_counter() - start_time, "nodes": nodes})
    stats = {"time": time.perf_counter() - start_time, "nodes": nodes, "dead_positions": len(dead)}
    if found is None:
        return Result(Answer.NO, None, "search", stats)
    certificate = tuple(board.move(u, v) for u, v in reversed(found))
    return Result(Answer.YES, certificate, "search", stats)
