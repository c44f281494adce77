"""Admissible, consistent heuristics for the (n^2-1)-puzzle (seed 002, Section 2).

Each heuristic is ``h(board, goal) -> number`` (plain Python, any n); the compiled
IDA* of :mod:`npw.solvers.npuz.search` computes the same values incrementally, and the
tests check the two agree.

* ``manhattan``: d(board, goal), the sum of the tiles' Manhattan distances.
* ``euclid`` (seed 002's h1): the sum of the tiles' straight-line distances. A move
  changes one tile's horizontal or vertical offset by one, so by the triangle
  inequality its Euclidean distance changes by at most 1: consistent.
* ``relaxed``: max(relaxed adjacency, Manhattan). Relaxed adjacency (Gaschnig) is
  the number of swaps with the blank, blank swapping with *any* tile, needed to
  sort the board: with the board a permutation of locations, a non-trivial cycle of
  length L costs L - 1 swaps if it holds the blank and L + 1 otherwise. One move
  joins or splits one cycle, changing the count by at most 1 (seed 002, Theorem 2),
  so it is consistent, and the max of consistent heuristics is consistent.
* ``linear-conflict`` (Hansson, Mayer & Yung 1985): Manhattan plus 2 for each tile
  that must leave its row (column) so that the tiles already in their goal row
  (column) can pass each other: per line, the number of such tiles is the line's
  count minus the longest increasing subsequence of their goal positions (the
  minimum-removal form, which is admissible and consistent; summing conflicting
  *pairs* is not admissible).
* ``pdb``: additive pattern databases (15-puzzle and smaller), see
  :mod:`npw.solvers.npuz.pdb`.
* ``pdb78`` (15-puzzle), ``pdb6666`` (24-puzzle): additive databases indexed without the
  blank, Korf & Felner's partitions, see :mod:`npw.solvers.npuz.pdb_ranked`. The one
  exception here: admissible but NOT consistent (the minimum over the blank's cells); A*
  reopens boards and IDA* needs admissibility only, so both stay optimal.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Callable

from npw.instances.npuz.board import Board

__all__ = ["HEURISTICS", "RANKED_HEURISTICS", "default_heuristic", "euclid", "heuristic_function", "linear_conflict",
           "linear_conflict_extra", "lis_length", "manhattan", "relaxed", "relaxed_adjacency"]

HEURISTICS = ("manhattan", "euclid", "relaxed", "linear-conflict", "pdb")  # any n (pdb: n <= 4)
# databases indexed without the blank, one board size each (pdb78: 4 x 4, pdb6666: 5 x 5), built in
# minutes on first use: npw.solvers.npuz.pdb_ranked
RANKED_HEURISTICS = ("pdb78", "pdb6666")


def default_heuristic(n: int, goal: Board | None = None) -> str:
    """The IDA* default: the strongest databases in the cache. 4 x 4: the 7-8 databases once they
    are cached (building them takes minutes and 3.7 GB), else the 5-5-5 ones; 5 x 5: the 6-6-6-6
    databases once cached, else linear conflict; 2 x 2 and 3 x 3: 5-5-5's smaller kin (``pdb``).
    Reads the cache files' headers only (no numpy, no numba: the start-up of an easy solve
    stays light).

    >>> default_heuristic(4), default_heuristic(7)
    ('pdb', 'linear-conflict')
    """
    ranked = {4: "pdb78", 5: "pdb6666"}.get(n)
    if ranked is not None and goal is not None:
        from npw.solvers.npuz.ranked_files import is_cached  # file headers only: no numpy, no numba

        if is_cached(ranked, tuple(goal)):
            return ranked
    return "pdb" if n <= 4 else "linear-conflict"


def _goal_positions(goal: Board) -> list[int]:
    where = [0] * len(goal)
    for location, tile in enumerate(goal):
        where[tile] = location
    return where


def manhattan(board: Board, goal: Board) -> int:
    n = math.isqrt(len(board))
    where = _goal_positions(goal)
    total = 0
    for location, tile in enumerate(board):
        if tile:
            total += abs(location // n - where[tile] // n) + abs(location % n - where[tile] % n)
    return total


def euclid(board: Board, goal: Board) -> float:
    n = math.isqrt(len(board))
    where = _goal_positions(goal)
    total = 0.0
    for location, tile in enumerate(board):
        if tile:
            total += math.hypot(location // n - where[tile] // n, location % n - where[tile] % n)
    return total


def relaxed_adjacency(board: Board, goal: Board) -> int:
    where = _goal_positions(goal)
    seen = [False] * len(board)
    total = 0
    for start in range(len(board)):
        if seen[start]:
            continue
        length, has_blank, location = 0, False, start
        while not seen[location]:
            seen[location] = True
            length += 1
            has_blank |= board[location] == 0
            location = where[board[location]]
        if length >= 2:
            total += length - 1 if has_blank else length + 1
    return total


def relaxed(board: Board, goal: Board) -> int:
    return max(relaxed_adjacency(board, goal), manhattan(board, goal))


def lis_length(values: list[int]) -> int:
    """The length of the longest strictly increasing subsequence of ``values`` (patience sorting):
    the tiles of a line already in goal order (linear conflicts, here and in ``pysearch``).

    >>> lis_length([3, 1, 2, 0, 4])
    3
    """
    tails: list[int] = []
    for v in values:
        i = bisect_left(tails, v)
        if i == len(tails):
            tails.append(v)
        else:
            tails[i] = v
    return len(tails)


def linear_conflict_extra(board: Board, goal: Board) -> int:
    """2 x (tiles that must leave their line), over all rows and columns."""
    n = math.isqrt(len(board))
    where = _goal_positions(goal)
    extra = 0
    for line in range(n):
        row = [where[t] % n for t in board[line * n:(line + 1) * n] if t and where[t] // n == line]
        col = [where[t] // n for t in board[line::n] if t and where[t] % n == line]
        extra += (len(row) - lis_length(row)) + (len(col) - lis_length(col))
    return 2 * extra


def linear_conflict(board: Board, goal: Board) -> int:
    return manhattan(board, goal) + linear_conflict_extra(board, goal)


def heuristic_function(name: str, goal: Board) -> Callable[[Board], float]:
    """``board -> h`` for one goal; ``pdb`` loads (or builds) the pattern databases."""
    if name == "pdb":
        from npw.solvers.npuz.pdb import pattern_databases

        return pattern_databases(goal).value
    if name in RANKED_HEURISTICS:
        from npw.solvers.npuz.pdb_ranked import named_databases

        return named_databases(name, goal).value
    table = {"manhattan": manhattan, "euclid": euclid, "relaxed": relaxed, "linear-conflict": linear_conflict}
    if name not in table:
        from npw.instances.base import InvalidInstance

        raise InvalidInstance(f"unknown heuristic {name!r} (known: {', '.join(HEURISTICS + RANKED_HEURISTICS)})")
    function = table[name]
    return lambda board: function(board, goal)
