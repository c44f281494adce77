"""IDA* with the ranked pattern databases (indexed without the blank) of :mod:`npw.solvers.npuz.pdb_ranked`.

Their heuristic is admissible, not consistent: IDA* still returns optimal move strings
(a path is cut only when g + h exceeds the bound, and h never overestimates).

A kernel of its own rather than one more branch of :mod:`npw.solvers.npuz.search`'s: no
per-node dispatch on the heuristic, and an incremental update -- a move changes one
tile's placement, so only the one lookup per sum that holds the tile is re-ranked and
re-read (two with the reflection), the other entries are copied down from the parent.
The tables are passed as a tuple of read-only (memory-mapped) arrays: never concatenated
or copied.

Resumable in slices of nodes like :func:`npw.solvers.npuz.search.idastar_path` (numba
code cannot read the clock), which dispatches the heuristics ``pdb78`` and ``pdb6666``
here; :func:`ranked_idastar_path` also takes any :class:`RankedDatabases` (the tests use
small 3 x 3 and 4 x 4 partitions).
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np
from npw.instances.lazy import njit  # numba's, or a stand-in naming the [puzzles] extra

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board
from npw.instances.npuz.reach import reachable
from npw.solvers.npuz.pdb_ranked import RANKED, BuildInterrupted, RankedDatabases, named_databases
from npw.solvers.npuz.slices import MAX_DEPTH, SearchOutcome, check_pair, drive_iterations
from npw.solvers.result import Deadline

__all__ = ["ranked_idastar_path"]


@njit(cache=True)
def _lookup(tables, lookup, table_of, tiles, sizes, maps, pos, cells, q):  # pragma: no cover - compiled
    k = sizes[lookup]
    for j in range(k):
        q[j] = maps[lookup, pos[tiles[lookup, j]]]
    r = 0
    for j in range(k):
        digit = q[j]
        for i in range(j):
            if q[i] < q[j]:
                digit -= 1
        r = r * (cells - j) + digit
    return np.int64(tables[table_of[lookup]][r])


@njit(cache=True)
def _initial(tables, table_of, tiles, sizes, maps, per_sum, pos, cells, vals, sums):  # pragma: no cover
    q = np.empty(tiles.shape[1], dtype=np.int64)
    for s in range(sums.shape[1]):
        sums[0, s] = 0
    for lookup in range(tiles.shape[0]):
        v = _lookup(tables, lookup, table_of, tiles, sizes, maps, pos, cells, q)
        vals[0, lookup] = v
        sums[0, lookup // per_sum] += v


@njit(cache=True)
def _slice(n, board, pos, goal, tables, table_of, tiles, sizes, maps, member, path, nextmv, vals, sums, st,
           budget):  # pragma: no cover - compiled
    """The current IDA* iteration for up to ``budget`` generated nodes; st and the statuses
    as in :func:`npw.solvers.npuz.search._ida_slice`: [depth, bound, next_bound, generated,
    blank, expanded]; 0 iteration over (next bound in st[2]), 1 solved (path[:st[0]]),
    2 budget spent, 3 too deep."""
    cells = n * n
    nsums = sums.shape[1]
    lookups = vals.shape[1]
    q = np.empty(tiles.shape[1], dtype=np.int64)
    fresh = np.empty(nsums, dtype=np.int64)  # the moved tile's new entry per sum
    steps = np.array([-n, n, -1, 1], dtype=np.int64)
    used = 0
    while True:
        d = st[0]
        m = nextmv[d]
        if m >= 4:
            if d == 0:
                return 0
            d -= 1
            cur = st[4]
            prev = cur - steps[path[d]]
            tile = board[prev]
            board[cur] = tile
            board[prev] = 0
            pos[tile] = cur
            pos[0] = prev
            st[4] = prev
            st[0] = d
            continue
        if used >= budget:
            return 2
        nextmv[d] = m + 1
        if d > 0 and path[d - 1] == (m ^ 1):
            continue
        blank = st[4]
        r = blank // n
        c = blank % n
        if (m == 0 and r == 0) or (m == 1 and r == n - 1) or (m == 2 and c == 0) or (m == 3 and c == n - 1):
            continue
        target = blank + steps[m]
        tile = board[target]
        board[blank] = tile
        board[target] = 0
        pos[tile] = blank
        pos[0] = target
        used += 1
        st[3] += 1
        h = 0
        for s in range(nsums):
            total = sums[d, s]
            lookup = member[tile, s]
            if lookup >= 0:
                fresh[s] = _lookup(tables, lookup, table_of, tiles, sizes, maps, pos, cells, q)
                total += fresh[s] - vals[d, lookup]
            if total > h:
                h = total
        f = d + 1 + h
        if f > st[1]:
            if f < st[2]:
                st[2] = f
            board[target] = tile
            board[blank] = 0
            pos[tile] = target
            pos[0] = blank
            continue
        # accepted: store the child's entries (only now: most children are cut off above)
        for lookup in range(lookups):
            vals[d + 1, lookup] = vals[d, lookup]
        for s in range(nsums):
            sums[d + 1, s] = sums[d, s]
            lookup = member[tile, s]
            if lookup >= 0:
                sums[d + 1, s] += fresh[s] - vals[d, lookup]
                vals[d + 1, lookup] = fresh[s]
        st[4] = target
        path[d] = m
        if h == 0:
            same = True
            for i in range(cells):
                if board[i] != goal[i]:
                    same = False
                    break
            if same:
                st[0] = d + 1
                return 1
        if d + 1 >= path.shape[0]:
            return 3
        st[0] = d + 1
        nextmv[d + 1] = 0
        st[5] += 1


def ranked_idastar_path(start: Board, goal: Board, heuristic: str = "pdb78", limit: int | None = None,
                        timeout: float | None = None, max_nodes: int | None = None, slice_nodes: int = 500_000,
                        databases: RankedDatabases | None = None) -> SearchOutcome:
    """Optimal move string by IDA* with a ranked partition: the named one (``pdb78`` for
    4 x 4, ``pdb6666`` for 5 x 5; built and cached on first use, which the deadline covers)
    or ``databases``. Outcome and stats as :func:`npw.solvers.npuz.search.idastar_path`.

    >>> from npw.solvers.npuz.pdb_ranked import ranked_databases
    >>> goal = tuple(range(9))
    >>> dbs = ranked_databases(goal, ((1, 2, 3, 4), (5, 6, 7, 8)))
    >>> ranked_idastar_path((1, 2, 0, 3, 4, 5, 6, 7, 8), goal, databases=dbs).moves
    'LL'
    """
    n = check_pair(start, goal)
    began = time.perf_counter()
    deadline = Deadline(timeout)
    label = heuristic if databases is None else "ranked"
    stats: dict = {"nodes": 0, "generated": 0, "iterations": 0, "time": 0.0, "heuristic": label}
    if databases is None and heuristic not in RANKED:
        raise InvalidInstance(f"unknown ranked pattern database {heuristic!r} (known: {', '.join(RANKED)})")
    if start == goal:
        return SearchOutcome("", True, stats)
    if not reachable(start, goal):
        stats.update(unreachable=True, time=time.perf_counter() - began)
        return SearchOutcome(None, True, stats)
    if databases is None:
        expired: Callable[[], bool] = deadline.expired
        try:
            databases = named_databases(heuristic, tuple(goal), expired)
        except BuildInterrupted as stop:
            stats.update(interrupted=str(stop), time=time.perf_counter() - began)
            return SearchOutcome(None, False, stats)
        stats["pdb_built"] = databases.built
    if tuple(databases.goal) != tuple(goal):
        raise InvalidInstance("the pattern databases were made for another goal")
    cells = n * n
    a = databases.arrays()
    tables = tuple(a["tables"])
    table_of, tiles, sizes, maps, member = a["table_of"], a["tiles"], a["sizes"], a["maps"], a["member"]
    per_sum = int(a["per_sum"])
    nsums = 2 if databases.reflect else 1
    stats["reflection"] = databases.reflect
    board = np.array(start, dtype=np.int64)
    pos = np.zeros(cells, dtype=np.int64)
    for location, tile in enumerate(start):
        pos[tile] = location
    goal_arr = np.array(goal, dtype=np.int64)
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    nextmv = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    vals = np.zeros((MAX_DEPTH + 1, tiles.shape[0]), dtype=np.int64)
    sums = np.zeros((MAX_DEPTH + 1, nsums), dtype=np.int64)
    _initial(tables, table_of, tiles, sizes, maps, per_sum, pos, cells, vals, sums)
    bound = int(sums[0].max())
    stats["h0"] = bound
    st = np.zeros(6, dtype=np.int64)
    st[4] = start.index(0)

    def run(budget: int) -> int:
        return _slice(n, board, pos, goal_arr, tables, table_of, tiles, sizes, maps, member, path, nextmv,
                      vals, sums, st, budget)

    return drive_iterations(run, st, path, nextmv, stats, began, deadline, limit, max_nodes, slice_nodes)

