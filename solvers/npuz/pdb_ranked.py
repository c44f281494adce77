"""Additive disjoint pattern databases indexed WITHOUT the blank (Korf & Felner 2002).

The 15-puzzle's 7-8 partition and the 24-puzzle's 6-6-6-6 partition, and any other
partition of any n <= 5 (tests build small 3 x 3 and 4 x 4 ones in well under a second).

Index: a group of k pattern tiles (the tiles the goal puts on the group's k cells
c_0..c_{k-1}) is placed at cells q_0..q_{k-1}, all different; the placement is ranked as
a partial permutation, digit_j = q_j - #{i < j : q_i < q_j} in radix (cells - j), so a
table has cells!/(cells - k)! one-byte entries (15-puzzle 8 tiles: 518,918,400 bytes;
24-puzzle 6 tiles: 127,512,000) instead of the cells^(k+1) of :mod:`npw.solvers.npuz.pdb`.

Value: the fewest moves *of pattern tiles* that bring them home, the blank free to move
through the other (indistinguishable) tiles at no cost, minimised over the blank's cells.
Built by a 0-1 breadth-first search (numba) over (placement, blank pocket) states -- the
pocket is the blank's connected region among the non-pattern cells, reached at cost 0 --
one pass over the placements per depth, progress on stderr per depth for large tables.

Admissible: a real solution moves each pattern tile by moves of the pattern problem, the
groups' moves are disjoint, so the sum is admissible; so is the larger of it and the
same sum on the board reflected about the main diagonal (Korf & Felner). NOT consistent
(the minimum over the blank, see :mod:`npw.solvers.npuz.pdb`): IDA* stays optimal, it
only needs admissibility. Measured against the other choices on 4 x 4, cells 1-5 (mean
entry): 12.9 for a blank-free relaxation (a tile steps on any non-pattern cell: consistent,
but the 7-8 partition built that way averaged 41.1 on random boards, below 5-5-5's 42.2,
and searched twice the nodes), 13.4 here with the blank ending anywhere, 14.7 with the
blank ending on its goal cell 0.

Symmetry: a table whose blank may end anywhere is invariant under the 8 symmetries of
the square, so one table serves every group that is an image of another (the 24-puzzle's
three 2 x 3 blocks); a group next to the blank's goal cell gets the blank's cell in its
table (a stronger value) and shares it only under symmetries that fix that cell. The
reflected lookup is the same sum over the transposed partition: no table of its own.

Cache: ``cache_dir()/pdb/ranked-n{n}-b{blank|any}-{cells}-v2.npy`` per distinct table,
written atomically, loaded memory-mapped (start-up reads no table), rebuilt when
missing or damaged (wrong size or type). Never commit them.
"""

from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np
from npw.instances.lazy import njit  # numba's, or a stand-in naming the [puzzles] extra

from npw.instances.base import InvalidInstance
from npw.instances.io import current_umask
from npw.instances.npuz.board import Board
from npw.instances.progress import Progress
from npw.solvers.npuz.ranked_files import (  # the pure-Python parts, re-exported
    FORMAT, KORF_FELNER_6666, RANKED, TableKey, is_cached, lookup_plan, partition, rank, symmetries, table_key,
    table_path, table_size,
)

__all__ = ["BuildInterrupted", "FORMAT", "KORF_FELNER_6666", "PROGRESS_ABOVE", "RANKED", "RankedDatabases", "TableKey",
           "UNSEEN", "build_table", "is_cached", "load_or_build", "named_databases", "partition", "rank",
           "ranked_databases", "symmetries", "table_key", "table_path", "table_size"]

UNSEEN = 255
# tables above this many entries show their build's progress on stderr (npw.instances.progress: a terminal only)
PROGRESS_ABOVE = 5_000_000


class BuildInterrupted(Exception):
    """The deadline passed while a table was being built (nothing is cached)."""


@njit(cache=True)
def _rank(q, k, cells):  # pragma: no cover - compiled
    r = 0
    for j in range(k):
        digit = q[j]
        for i in range(j):
            if q[i] < q[j]:
                digit -= 1
        r = r * (cells - j) + digit
    return r


@njit(cache=True)
def _unrank(r, k, cells, q, digits):  # pragma: no cover - compiled
    for j in range(k - 1, -1, -1):
        radix = cells - j
        digits[j] = r % radix
        r //= radix
    used = np.int64(0)
    for j in range(k):
        left = digits[j]
        c = 0
        while True:
            if (used >> c) & 1 == 0:
                if left == 0:
                    break
                left -= 1
            c += 1
        q[j] = c
        used |= np.int64(1) << c


@njit(cache=True)
def _flood(start, free, n, not_first, not_last):  # pragma: no cover - compiled
    """The cells of ``free`` (a bit mask) connected to cell ``start``: the blank's pocket."""
    full = (np.int64(1) << (n * n)) - 1
    comp = np.int64(1) << start
    while True:
        grow = comp | ((comp << n) & full) | (comp >> n) | ((comp << 1) & not_first) | ((comp >> 1) & not_last)
        grow &= free
        if grow == comp:
            return comp
        comp = grow


@njit(cache=True)
def _layer(cur, nxt, seen, dist, depth, k, n):  # pragma: no cover - compiled
    """Expands the states (placement, blank pocket) at ``depth`` -- cur[p] is the union of the
    pockets of p at this depth: every pattern tile next to such a pocket steps into it (cost 1),
    the blank lands where the tile was, its new pocket is flooded (cost 0). Marks the unseen
    pockets in nxt and seen, and depth + 1 in dist for placements reached for the first time.
    Returns (new pockets, new placements)."""
    cells = n * n
    full = (np.int64(1) << cells) - 1
    not_first = np.int64(0)  # cells outside the first column (where a shift by +1 may land)
    not_last = np.int64(0)
    for c in range(cells):
        if c % n != 0:
            not_first |= np.int64(1) << c
        if c % n != n - 1:
            not_last |= np.int64(1) << c
    q = np.empty(k, dtype=np.int64)
    digits = np.empty(k, dtype=np.int64)
    pockets = 0
    placements = 0
    total = cur.shape[0]
    for index in range(total):
        mask = np.int64(cur[index])
        if mask == 0:
            continue
        _unrank(index, k, cells, q, digits)
        occupied = np.int64(0)
        for j in range(k):
            occupied |= np.int64(1) << q[j]
        for j in range(k):
            here = q[j]
            r = here // n
            c = here % n
            for m in range(4):
                if m == 0:
                    if r == 0:
                        continue
                    there = here - n
                elif m == 1:
                    if r == n - 1:
                        continue
                    there = here + n
                elif m == 2:
                    if c == 0:
                        continue
                    there = here - 1
                else:
                    if c == n - 1:
                        continue
                    there = here + 1
                if (mask >> there) & 1 == 0:
                    continue  # the blank is not (at this depth) on the cell the tile would step onto
                q[j] = there
                t = _rank(q, k, cells)
                q[j] = here
                if (np.int64(seen[t]) >> here) & 1:
                    continue
                pocket = _flood(here, full & ~(occupied ^ (np.int64(1) << here) ^ (np.int64(1) << there)), n,
                                not_first, not_last)
                seen[t] = np.int64(seen[t]) | pocket
                nxt[t] = np.int64(nxt[t]) | pocket
                pockets += 1
                if dist[t] == UNSEEN:
                    dist[t] = depth + 1
                    placements += 1
    return pockets, placements


def _pocket(cell: int, free: int, n: int) -> int:
    """The cells of the bit mask ``free`` connected to ``cell`` (pure Python; the goal's pocket)."""
    pocket, todo = 0, [cell]
    while todo:
        c = todo.pop()
        if pocket >> c & 1 or not free >> c & 1:
            continue
        pocket |= 1 << c
        r, col = divmod(c, n)
        todo += [c - n] * (r > 0) + [c + n] * (r < n - 1) + [c - 1] * (col > 0) + [c + 1] * (col < n - 1)
    return pocket


def build_table(n: int, cells_of_group: tuple[int, ...], blank: int = -1, deadline: Callable[[], bool] | None = None,
                progress: bool | None = None) -> np.ndarray:
    """The table of one group (tile j's goal cell ``cells_of_group[j]``): uint8 of
    cells!/(cells-k)! entries, each the fewest pattern moves from that placement, minimised
    over the blank's cells, to the group's goal with the blank on cell ``blank`` (-1: anywhere;
    the goal state's pocket of the blank, in fact: the other tiles are indistinguishable).

    A 0-1 breadth-first search over (placement, blank pocket) states, one pass over the
    placements per depth; a placement's pockets are a bit mask of cells (uint16 up to 4 x 4,
    uint32 for 5 x 5), three such arrays (seen, this depth, the next) and the table: peak
    memory 7 bytes per placement for 4 x 4 (3.6 GB for 8 tiles), 13 for 5 x 5 (1.7 GB for 6).

    >>> table = build_table(3, (0, 1))  # a 3 x 3 board, the tiles of cells 0 and 1, the blank anywhere
    >>> int(table[rank((0, 1), 9)]), int(table[rank((1, 0), 9)]), int(table[rank((0, 2), 9)])
    (0, 4, 1)
    >>> int(build_table(3, (1, 3), blank=0)[rank((1, 3), 9)])  # home, but the blank cannot get to cell 0
    0
    >>> int(build_table(3, (1, 3), blank=0)[rank((0, 3), 9)])  # tile 1 steps back home, the blank in the corner
    1
    """
    cells, k = n * n, len(cells_of_group)
    if cells > 32:
        raise InvalidInstance(f"ranked pattern databases are built for boards up to 5 x 5, not {n} x {n}")
    if not 0 < k < cells:
        raise InvalidInstance(f"a group holds 1 to {cells - 1} tiles, not {k}")
    total = table_size(cells, k)
    progress = total > PROGRESS_ABOVE if progress is None else progress
    masks = np.uint16 if cells <= 16 else np.uint32
    dist = np.full(total, UNSEEN, dtype=np.uint8)
    seen = np.zeros(total, dtype=masks)
    cur = np.zeros(total, dtype=masks)
    nxt = np.zeros(total, dtype=masks)
    goal = rank(tuple(cells_of_group), cells)
    free = sum(1 << c for c in range(cells) if c not in cells_of_group)
    # the goal: the pattern home, the blank in its goal cell's pocket, or anywhere (blank -1)
    start = free if blank < 0 else _pocket(blank, free, n)
    dist[goal], seen[goal], cur[goal] = 0, start, start
    reached, depth = 1, 0
    # done of planned: placements reached of every placement (all are reached, see below); the
    # bar moves once a BFS layer, the elapsed time between
    name = f"pattern database {n}x{n} cells {','.join(map(str, cells_of_group))}"
    with Progress(f"{name}: depth 0", total, "placements", quiet=not progress) as bar:
        bar.update(reached)
        while True:
            if deadline is not None and deadline():
                raise BuildInterrupted(f"building the pattern database of cells {cells_of_group}")
            pockets, found = _layer(cur, nxt, seen, dist, depth, k, n)
            if pockets == 0:
                break
            cur, nxt = nxt, cur
            nxt.fill(0)
            reached += found
            depth += 1
            bar.update(reached, label=f"{name}: depth {depth}")
    if reached != total and k <= cells - 3:  # two free tiles besides the blank permute freely
        raise RuntimeError(f"pattern database incomplete: {reached} of {total} placements reached")
    return dist


# -- the cache ---------------------------------------------------------------------------------


def _load(path: Path, expected: int) -> np.ndarray | None:
    try:
        array = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if array.dtype != np.uint8 or array.shape != (expected,):
        return None
    return array


def _save(path: Path, array: np.ndarray) -> None:
    """np.save straight into a temporary beside ``path``, then a rename (a table of 500 MB
    is not copied into memory first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~current_umask())  # mkstemp makes 0600; a cache file gets the usual mode
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, array, allow_pickle=False)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_or_build(n: int, key: TableKey, deadline: Callable[[], bool] | None = None) -> tuple[np.ndarray, bool]:
    """(the table, True if it was built now); read-only either way."""
    path = table_path(n, key)
    expected = table_size(n * n, len(key[0]))
    array = _load(path, expected) if path.exists() else None
    if array is not None:
        return np.asarray(array), False
    array = build_table(n, key[0], key[1], deadline)
    try:
        _save(path, array)
    except OSError:
        pass  # a read-only cache still gives a working (rebuilt each run) table
    array.setflags(write=False)
    return array, True


# -- the databases -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RankedDatabases:
    """A partition's tables and its lookups: lookup l reads ``tables[table_of[l]]`` at the
    rank of ``maps[l][position of tiles[l][j]]`` over j. The first ``per_sum`` lookups
    make the plain sum; the next ``per_sum`` (when ``reflect``) the transposed partition's."""

    n: int
    goal: Board
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[np.ndarray, ...]
    table_of: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]
    maps: tuple[tuple[int, ...], ...]
    per_sum: int
    reflect: bool
    built: bool

    def value(self, board: Board) -> int:
        """The heuristic of a board (pure Python).

        >>> goal = tuple(range(9))
        >>> dbs = ranked_databases(goal, ((1, 2, 3, 4), (5, 6, 7, 8)))
        >>> dbs.value(goal), dbs.value((1, 0, 2, 3, 4, 5, 6, 7, 8)), dbs.value((3, 1, 2, 0, 4, 5, 6, 7, 8))
        (0, 1, 1)
        """
        cells = self.n * self.n
        where = [0] * cells
        for location, tile in enumerate(board):
            where[tile] = location
        sums = []
        for first in range(0, len(self.tiles), self.per_sum):
            total = 0
            for lookup in range(first, first + self.per_sum):
                phi = self.maps[lookup]
                placement = tuple(phi[where[t]] for t in self.tiles[lookup])
                total += int(self.tables[self.table_of[lookup]][rank(placement, cells)])
            sums.append(total)
        return max(sums)

    def arrays(self) -> dict[str, object]:
        """The flat arrays the compiled IDA* of :mod:`npw.solvers.npuz.ida_ranked` reads."""
        cells = self.n * self.n
        lookups = len(self.tiles)
        width = max(len(t) for t in self.tiles)
        tiles = np.full((lookups, width), 0, dtype=np.int64)
        sizes = np.array([len(t) for t in self.tiles], dtype=np.int64)
        maps = np.array(self.maps, dtype=np.int64)
        member = np.full((cells, 2), -1, dtype=np.int64)  # a tile is in one lookup per sum
        for lookup, group in enumerate(self.tiles):
            tiles[lookup, :len(group)] = group
            for t in group:
                member[t, lookup // self.per_sum] = lookup
        return {"tables": self.tables, "table_of": np.array(self.table_of, dtype=np.int64), "tiles": tiles,
                "sizes": sizes, "maps": maps, "member": member, "per_sum": self.per_sum}


def ranked_databases(goal: Board, groups: tuple[tuple[int, ...], ...],
                     deadline: Callable[[], bool] | None = None) -> RankedDatabases:
    """The databases of a partition of the goal's non-blank cells (loaded, or built and cached).
    Raises :class:`BuildInterrupted` when ``deadline()`` turns true during a build."""
    goal = tuple(goal)
    n = math.isqrt(len(goal))
    keys, table_of, tiles, maps, reflect = lookup_plan(goal, groups)
    tables: list[np.ndarray] = []
    built = False
    for key in keys:
        table, was_built = load_or_build(n, key, deadline)
        tables.append(table)
        built |= was_built
    return RankedDatabases(n, goal, tuple(groups), tuple(tables), table_of, tiles, maps, len(groups), reflect, built)


_LOADED: dict[tuple[str, Board], RankedDatabases] = {}


def named_databases(name: str, goal: Board, deadline: Callable[[], bool] | None = None) -> RankedDatabases:
    """The named partition's databases for ``goal``, kept loaded for the process (tables are
    memory-mapped: a few hundred MB of address space, read on demand)."""
    key = (name, tuple(goal))
    if key not in _LOADED:
        _LOADED[key] = ranked_databases(tuple(goal), partition(name, tuple(goal)), deadline)
    return _LOADED[key]
