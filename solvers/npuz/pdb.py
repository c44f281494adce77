"""Additive pattern databases for the (n^2-1)-puzzle, n <= 4 (Korf & Felner 2002).

The n^2-1 goal locations other than the blank's are split into groups (15-puzzle:
5-5-5, the locations in row-major order; 8-puzzle: 4-4; 3-puzzle: one group of 3).
For a group, the *pattern tiles* are the tiles the goal puts on its locations; the
database stores, for every placement of the pattern tiles *and of the blank*, the
minimum number of moves *of pattern tiles* needed to bring them home, the blank free
to move through the other (indistinguishable) tiles at no cost. Since each move
moves one tile, of one group, the sum over groups is admissible; a move changes only
its tile's group entry, by at most one, so the sum is consistent.

Why the blank stays in the index: the common compression "minimum over blank
locations" is admissible but NOT consistent here -- pattern tiles can wall the
blank into a pocket, and the minimum then uses a blank location the real blank
cannot reach for free; our property test found jumps of 3 in one move. Keeping the
blank costs a factor 16 in space (15-puzzle: 3 x 16 MiB) and gives a stronger,
consistent heuristic.

Built once per (n, blank goal location, groups) by a 0-1 breadth-first search
(numba) over (pattern placement, blank location) states, indexed densely as
(sum_j position_j * cells^j) * cells + blank. The 15-puzzle's three databases take
a few seconds to build and 48 MiB on disk.

Lookups also use the reflection about the main diagonal (Korf & Felner 2002): the
transposed board, tiles renamed so that the goal maps onto itself, is exactly as far
from the goal, so the larger of the two sums is still admissible and consistent.

Cache: ``$XDG_CACHE_HOME/npw/pdb`` (default ``~/.cache/npw/pdb``), files
``n4-b15-g5-5-5-v1.<group>.pdb.npy`` (numpy format, loaded without pickle); a
missing or damaged file is rebuilt and written atomically. Never commit them.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
from npw.instances.lazy import njit  # numba's, or a stand-in naming the [puzzles] extra

from npw.instances.base import InvalidInstance
from npw.instances.io import write_atomically
from npw.instances.npuz.board import Board
from npw.solvers.npuz.pdb_files import FORMAT, GROUP_SIZES, cache_dir, layout, table_path

__all__ = ["FORMAT", "GROUP_SIZES", "PatternDatabases", "build_database", "cache_dir", "pattern_databases"]


@njit(cache=True)
def _bfs(n, goal_locations, blank_goal, out):  # pragma: no cover - compiled
    cells = n * n
    k = goal_locations.shape[0]
    powers = np.empty(k, dtype=np.int64)
    p = 1
    for j in range(k):
        powers[j] = p
        p *= cells
    total = p * cells
    dist = np.full(total, 255, dtype=np.uint8)
    start = 0
    for j in range(k):
        start += goal_locations[j] * powers[j]
    start = start * cells + blank_goal
    capacity = 1
    while capacity < total + 16:  # a state is in the deque at most twice; half are never reachable
        capacity *= 2
    mask = capacity - 1
    queue = np.empty(capacity, dtype=np.int32)
    head = 0
    size = 0
    queue[0] = start
    size = 1
    dist[start] = 0
    occupant = np.full(cells, -1, dtype=np.int64)
    steps = np.array([-n, n, -1, 1], dtype=np.int64)
    while size > 0:
        s = queue[head]
        head = (head + 1) & mask
        size -= 1
        d = dist[s]
        blank = s % cells
        pidx = s // cells
        rest = pidx
        for j in range(k):
            occupant[rest % cells] = j
            rest //= cells
        r = blank // n
        c = blank % n
        for m in range(4):
            if m == 0 and r == 0:
                continue
            if m == 1 and r == n - 1:
                continue
            if m == 2 and c == 0:
                continue
            if m == 3 and c == n - 1:
                continue
            nb = blank + steps[m]
            j = occupant[nb]
            if j >= 0:
                nidx = pidx + (blank - nb) * powers[j]
                cost = 1
            else:
                nidx = pidx
                cost = 0
            t = nidx * cells + nb
            nd = d + cost
            if nd < dist[t]:
                dist[t] = nd
                if size >= capacity:
                    return -1
                if cost == 0:
                    head = (head - 1) & mask
                    queue[head] = t
                else:
                    queue[(head + size) & mask] = t
                size += 1
        rest = pidx
        for j in range(k):
            occupant[rest % cells] = -1
            rest //= cells
    for i in range(total):
        out[i] = dist[i]
    return 0


def build_database(n: int, goal_locations: tuple[int, ...], blank_goal: int) -> np.ndarray:
    """The database of one group: uint8 of length cells^(k+1), indexed by placement * cells +
    blank location (255 = impossible state)."""
    cells = n * n
    out = np.empty(cells ** (len(goal_locations) + 1), dtype=np.uint8)
    status = _bfs(n, np.array(goal_locations, dtype=np.int64), blank_goal, out)
    if status != 0:
        raise RuntimeError("pattern database queue overflow")
    return out


def _save(path: Path, array: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    write_atomically(path, buffer.getvalue())


def _load_or_build(path: Path, n: int, locations: tuple[int, ...], blank: int) -> tuple[np.ndarray, bool]:
    expected = (n * n) ** (len(locations) + 1)
    if path.exists():
        try:
            array = np.load(path, allow_pickle=False)
            if array.dtype == np.uint8 and array.shape == (expected,):
                return array, False
        except (OSError, ValueError):
            pass  # damaged: rebuild
    array = build_database(n, locations, blank)
    try:
        _save(path, array)
    except OSError:
        pass  # a read-only cache still gives a working (rebuilt each run) database
    return array, True


@dataclass(frozen=True)
class PatternDatabases:
    """The databases of one goal, with the tables the compiled search uses. ``packed`` holds the
    groups' tables one after the other (``tables`` are views into it): the kernel reads one
    array, built once per process (each solve used to concatenate 3 x 16 MiB again)."""

    n: int
    goal: Board
    groups: tuple[tuple[int, ...], ...]  # goal locations per group
    tables: tuple[np.ndarray, ...]
    built: bool  # True if any table was built (not loaded) in this process
    packed: np.ndarray = field(repr=False, compare=False, default_factory=lambda: np.zeros(0, dtype=np.uint8))

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(group_of[tile], weight[tile], the packed tables, offsets) for the compiled IDA*; no copy
        of the tables."""
        cells = self.n * self.n
        group_of = np.full(cells, -1, dtype=np.int64)
        weight = np.zeros(cells, dtype=np.int64)
        for g, locations in enumerate(self.groups):
            for j, location in enumerate(locations):
                tile = self.goal[location]
                group_of[tile] = g
                weight[tile] = cells ** j
        offsets = np.cumsum([0] + [len(t) for t in self.tables[:-1]]).astype(np.int64)
        return group_of, weight, self.packed, offsets

    def value(self, board: Board) -> int:
        """The heuristic: the sum over groups, and the same for the board reflected about the
        main diagonal (tiles renamed so that the goal maps to itself) when the goal's blank
        lies on the diagonal; the larger of the two (both are admissible and consistent)."""
        n = self.n
        transpose = [(loc % n) * n + loc // n for loc in range(n * n)]
        where_goal = {tile: loc for loc, tile in enumerate(self.goal)}
        sigma = {t: self.goal[transpose[where_goal[t]]] for t in self.goal}
        value = self._plain(board)
        if sigma[0] == 0:
            mirrored = [0] * (n * n)
            for loc, tile in enumerate(board):
                mirrored[transpose[loc]] = sigma[tile]
            value = max(value, self._plain(tuple(mirrored)))
        return value

    def _plain(self, board: Board) -> int:
        cells = self.n * self.n
        where = [0] * cells
        for location, tile in enumerate(board):
            where[tile] = location
        total = 0
        for locations, table in zip(self.groups, self.tables):
            index = sum(where[self.goal[loc]] * cells ** j for j, loc in enumerate(locations))
            total += int(table[index * cells + board.index(0)])
        return total


@lru_cache(maxsize=8)
def pattern_databases(goal: Board) -> PatternDatabases:
    """The databases for ``goal`` (loaded from the cache folder, built if missing), once per
    process and goal."""
    n = math.isqrt(len(goal))
    if n not in GROUP_SIZES:
        raise InvalidInstance(f"pattern databases exist for n = 2, 3, 4 only, not n = {n}")
    blank = goal.index(0)
    groups, key = layout(tuple(goal))
    loaded, built = [], False
    for g, locations in enumerate(groups):
        table, was_built = _load_or_build(table_path(key, g), n, locations, blank)
        loaded.append(table)
        built |= was_built
    packed = np.concatenate(loaded)
    tables, start = [], 0
    for table in loaded:
        tables.append(packed[start:start + len(table)])
        start += len(table)
    return PatternDatabases(n, tuple(goal), tuple(groups), tuple(tables), built, packed)
