"""Theorem 2.2 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves": Solo Chess
with a single piece type (closed under submoves) is decided in polynomial time.

The immediate capture graph ICG has an edge u -> v for every move of the type from u to v that
is valid on the initial board (nothing between them). The puzzle is solvable iff ICG has a
spanning in-arborescence: a root r reachable from every square. The root is found in linear
time as the last vertex finished by a depth-first search of the reversed graph (it lies in a
sink component of ICG); a breadth-first search of the reversed graph from r gives every square
its parent (next square towards r). Captures are read off leaves first: in reverse BFS order
every square moves onto its parent, capturing the piece there (Theorem 2.2, "if" direction).

Covers boards with one piece type, no special piece and no capture limit; other boards raise
InvalidInstance (this decider does not apply to them).
"""

from __future__ import annotations

import time
from collections import deque

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import SoloChess
from npw.solvers.result import Answer, Result
from npw.solvers.solochess.moves import compile_board
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "applies", "immediate_capture_graph", "solve"]


def applies(instance: SoloChess) -> str | None:
    """None if Theorem 2.2 covers the board, else the reason it does not."""
    if len(instance.kinds()) != 1:
        return f"Theorem 2.2 needs one piece type; the board has {', '.join(instance.kinds())}"
    if instance.special is not None:
        return "Theorem 2.2 covers boards without a special piece"
    if instance.capture_limit is not None:
        return "Theorem 2.2 covers unlimited captures only"
    return None


def immediate_capture_graph(instance: SoloChess):
    board = compile_board(instance)
    n = board.size
    out = [[v for v, block in board.moves[0][u] if block == 0] for u in range(n)]
    return board, out


def solve(instance: SoloChess, timeout: float | None = None) -> Result:
    reason = applies(instance)
    if reason:
        raise InvalidInstance(reason)
    start = time.perf_counter()
    board, out = immediate_capture_graph(instance)
    n = board.size
    reverse = [[] for _ in range(n)]
    for u in range(n):
        for v in out[u]:
            reverse[v].append(u)
    # iterative DFS on the reversed graph; the last vertex to finish is a root candidate
    seen = [False] * n
    last = 0
    for s in range(n):
        if seen[s]:
            continue
        seen[s] = True
        stack = [(s, iter(reverse[s]))]
        while stack:
            node, children = stack[-1]
            for child in children:
                if not seen[child]:
                    seen[child] = True
                    stack.append((child, iter(reverse[child])))
                    break
            else:
                stack.pop()
                last = node
    root = last
    parent = [-1] * n
    order = [root]
    queue = deque([root])
    reached = {root}
    while queue:
        v = queue.popleft()
        for u in reverse[v]:
            if u not in reached:
                reached.add(u)
                parent[u] = v
                order.append(u)
                queue.append(u)
    stats = {"time": time.perf_counter() - start, "icg_edges": sum(map(len, out))}
    if len(reached) < n:
        return Result(Answer.NO, None, "theorem2.2", stats)
    captures = tuple(board.move(u, parent[u]) for u in reversed(order[1:]))
    stats["time"] = time.perf_counter() - start
    return Result(Answer.YES, captures, "theorem2.2", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("solochess", "theorem2.2", solve),
)
