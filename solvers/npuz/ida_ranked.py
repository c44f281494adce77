"""IDA* with the ranked pattern databases (indexed without the blank) of :mod:`npw.solvers.npuz.pdb_ranked`.

Their heuristic is admissible, not consistent: IDA* still returns optimal move strings
(a path is cut only when g + h exceeds the bound, and h never overestimates).

A kernel of its own rather than one more branch of :mod:`npw.solvers.npuz.search`'s: no
per-node dispatch on the heuristic, and incremental work per move (issue 36: 2.4-2.9 M
expanded nodes per CPU second on the 24-puzzle before, see BENCHMARKS.md for after):

* a move changes one tile's placement, so only the one lookup per sum that holds the tile
  changes, and its rank is *updated* from the parent's (a step along the table frame's row
  changes one digit: one multiply-add; a step across rows passes over n - 1 cells, whose
  tiles' digits change by one), not recomputed from all the tiles;
* a node's children's plain sums are read together when the node is entered: up to three
  independent reads of a 127 MB table whose cache misses overlap, instead of one miss
  waited for per child;
* the reflected sum is read only for a child the plain sum does not cut off (or that could
  lower the next bound), as in Korf & Felner's code: most children cost one read;
* what a move overwrites (two ranks, two entries) is saved per depth and restored on the way
  back, instead of copying every lookup's entry into the child.

The named partitions' two tables are passed as two read-only (memory-mapped) arrays: never
concatenated or copied. The tree, the move order and the counts are the previous kernel's (and the
pure-Python search's, :mod:`npw.solvers.npuz.pysearch`), which the tests check.

Resumable in slices of nodes like :func:`npw.solvers.npuz.search.idastar_path` (numba
code cannot read the clock), which dispatches the heuristics ``pdb78`` and ``pdb6666``
here; :func:`ranked_idastar_path` also takes any :class:`RankedDatabases` (the tests use
small 3 x 3 and 4 x 4 partitions).
"""

from __future__ import annotations

import math
import time
from typing import Callable

import numpy as np
from npw.instances.lazy import njit  # numba's, or a stand-in naming the [puzzles] extra

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board
from npw.instances.npuz.reach import reachable
from npw.solvers.npuz.kernel import neighbour_table
from npw.solvers.npuz.pdb_ranked import RANKED, BuildInterrupted, RankedDatabases, named_databases
from npw.solvers.npuz.slices import MAX_DEPTH, SearchOutcome, check_pair, drive_iterations
from npw.solvers.result import Deadline

__all__ = ["ranked_idastar_path"]


@njit(cache=True)
def _moved_rank(q, strides, weights, lookup, j, k, a, b, r):  # pragma: no cover - compiled
    """The rank of lookup ``lookup`` once its tile j moves from (mapped) cell a to b, from its
    rank r: digit j changes by the cells passed over, minus its lower tiles among them; each
    later tile on a cell between a and b gains or loses one in its digit. ``weights[lookup, j,
    i]``: -stride_j for i < j, stride_i for i > j; no branch on the tiles (a step along a row of
    the table's frame passes over no cell, a step across rows over n - 1)."""
    d = b - a
    sign = 2 * np.int64(d > 0) - 1
    lo = min(a, b)
    hi = max(a, b)
    acc = 0
    for i in range(k):
        c = q[lookup, i]
        acc += weights[lookup, j, i] * np.int64((lo < c) & (c < hi))
    return r + d * strides[lookup, j] + sign * acc


@njit(cache=True)
def _slice(n, nbr, board, goal, t0, t1, table_of, offset, sizes, maps, member, slot, strides, weights, q, rnk, val, path, nextmv,
           sums, child_h, child_r, saved, st, budget):  # pragma: no cover - compiled
    """The current IDA* iteration for up to ``budget`` generated nodes; st and the statuses
    as in :func:`npw.solvers.npuz.search._ida_slice`: [depth, bound, next_bound, generated,
    blank, expanded]; 0 iteration over (next bound in st[2]), 1 solved (path[:st[0]]),
    2 budget spent, 3 too deep.

    Per lookup L: ``q[L, j]`` the mapped cell of its tile j, ``rnk[L]`` its rank, ``val[L]`` its
    entry; ``sums[d, s]`` sum s at depth d. A move changes one lookup per sum (``member[tile,
    s]``, the tile's index there ``slot[tile, s]``), whose rank is updated, not recomputed.

    On entering a node its children's plain sums are read first, all at once (``child_h[d, m]``,
    -1 for no child, the new rank in ``child_r``): independent table reads whose cache misses
    overlap. The reflected sum is read only for a child the plain sum does not cut off (Korf &
    Felner's order), or when it could lower the next bound: the tree, the counts and the next
    bounds are those of max(plain, reflected) on every child. ``saved[d]`` holds what the move
    into depth d overwrote (the two lookups' rank and entry)."""
    nsums = sums.shape[1]
    depth, bound, next_bound, generated, blank, expanded = st[0], st[1], st[2], st[3], st[4], st[5]
    limit = path.shape[0]
    status = 0
    used = 0
    while True:
        m = nextmv[depth]
        if m >= 4:
            if depth == 0:
                status = 0
                break
            # undo the move into this depth: the tile goes back from the old blank to ``prev``
            depth -= 1
            prev = nbr[blank * 4 + (path[depth] ^ 1)]
            tile = board[prev]
            board[blank] = tile
            board[prev] = 0
            for s in range(nsums):
                lookup = member[tile, s]
                q[lookup, slot[tile, s]] = maps[lookup, blank]
                rnk[lookup] = saved[depth + 1, 2 * s]
                val[lookup] = saved[depth + 1, 2 * s + 1]
            blank = prev
            continue
        if used >= budget:
            status = 2
            break
        if m == 0:  # a node's children, plain sums only, read together (idempotent when resumed)
            base = sums[depth, 0]
            for mm in range(4):
                target = nbr[blank * 4 + mm]
                if target < 0 or (depth > 0 and path[depth - 1] == (mm ^ 1)):
                    child_h[depth, mm] = -1
                    continue
                tile = board[target]
                lookup = member[tile, 0]
                r = _moved_rank(q, strides, weights, lookup, slot[tile, 0], sizes[lookup], maps[lookup, target],
                                maps[lookup, blank], rnk[lookup])
                child_r[depth, mm] = r
                child_h[depth, mm] = base - val[lookup] + (t0[offset[lookup] + r] if table_of[lookup] == 0
                                                            else t1[offset[lookup] + r])
        nextmv[depth] = m + 1
        h = child_h[depth, m]
        if h < 0:
            continue
        used += 1
        generated += 1
        f = depth + 1 + h
        if f > bound and f >= next_bound:
            continue  # cut off, and the reflected sum could not lower the next bound
        target = nbr[blank * 4 + m]
        tile = board[target]
        r1 = 0
        v1 = 0
        l1 = -1
        if nsums > 1:
            l1 = member[tile, 1]
            r1 = _moved_rank(q, strides, weights, l1, slot[tile, 1], sizes[l1], maps[l1, target], maps[l1, blank], rnk[l1])
            v1 = np.int64(t0[offset[l1] + r1] if table_of[l1] == 0 else t1[offset[l1] + r1])
            h1 = sums[depth, 1] - val[l1] + v1
            if h1 > h:
                f = depth + 1 + h1
        if f > bound:
            if f < next_bound:
                next_bound = f
            continue
        # accepted: make the move, the two lookups' new ranks and entries (old ones saved)
        l0 = member[tile, 0]
        saved[depth + 1, 0] = rnk[l0]
        saved[depth + 1, 1] = val[l0]
        r0 = offset[l0] + child_r[depth, m]
        v0 = np.int64(t0[r0] if table_of[l0] == 0 else t1[r0])
        sums[depth + 1, 0] = h
        rnk[l0] = child_r[depth, m]
        val[l0] = v0
        q[l0, slot[tile, 0]] = maps[l0, blank]
        if nsums > 1:
            saved[depth + 1, 2] = rnk[l1]
            saved[depth + 1, 3] = val[l1]
            sums[depth + 1, 1] = sums[depth, 1] - val[l1] + v1
            rnk[l1] = r1
            val[l1] = v1
            q[l1, slot[tile, 1]] = maps[l1, blank]
        board[blank] = tile
        board[target] = 0
        blank = target
        path[depth] = m
        if sums[depth + 1, 0] == 0 and (nsums == 1 or sums[depth + 1, 1] == 0):
            same = True
            for i in range(board.shape[0]):
                if board[i] != goal[i]:
                    same = False
                    break
            if same:
                depth += 1
                status = 1
                break
        if depth + 1 >= limit:
            status = 3
            break
        depth += 1
        nextmv[depth] = 0
        expanded += 1
    st[0], st[1], st[2], st[3], st[4], st[5] = depth, bound, next_bound, generated, blank, expanded
    return status


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
    lookups, width = tiles.shape
    slot = np.full((cells, 2), -1, dtype=np.int64)  # the tile's index in its lookup, per sum
    strides = np.zeros((lookups, width), dtype=np.int64)  # digit j's weight in the rank
    q = np.zeros((lookups, width), dtype=np.int64)
    where = [0] * cells
    for location, tile in enumerate(start):
        where[tile] = location
    for lookup in range(lookups):
        k = int(sizes[lookup])
        for j in range(k):
            tile = int(tiles[lookup, j])
            slot[tile, lookup // per_sum] = j
            strides[lookup, j] = math.perm(cells - j - 1, k - j - 1)
            q[lookup, j] = maps[lookup, where[tile]]
    weights = np.zeros((lookups, width, width), dtype=np.int64)
    for lookup in range(lookups):
        for j in range(int(sizes[lookup])):
            for i in range(int(sizes[lookup])):
                weights[lookup, j, i] = -strides[lookup, j] if i < j else (strides[lookup, i] if i > j else 0)
    rnk = np.array([sum(int(strides[lookup, j]) * (int(q[lookup, j]) - sum(1 for i in range(j) if q[lookup, i] < q[lookup, j]))
                        for j in range(int(sizes[lookup]))) for lookup in range(lookups)], dtype=np.int64)
    val = np.array([int(databases.tables[databases.table_of[lookup]][rnk[lookup]]) for lookup in range(lookups)],
                   dtype=np.int64)
    sums = np.zeros((MAX_DEPTH + 1, nsums), dtype=np.int64)
    for lookup in range(lookups):
        sums[0, lookup // per_sum] += val[lookup]
    nbr = neighbour_table(n)
    board = np.array(start, dtype=np.int64)
    goal_arr = np.array(goal, dtype=np.int64)
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    nextmv = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    child_h = np.zeros((MAX_DEPTH + 1, 4), dtype=np.int64)
    child_r = np.zeros((MAX_DEPTH + 1, 4), dtype=np.int64)
    saved = np.zeros((MAX_DEPTH + 1, 4), dtype=np.int64)
    bound = int(sums[0].max())
    stats["h0"] = bound
    st = np.zeros(6, dtype=np.int64)
    st[4] = start.index(0)

    # two arrays and a test instead of a tuple indexed per lookup (7% faster); more tables (small
    # test partitions) are concatenated into one, each lookup's rank offset by its table's start
    offset = np.zeros(lookups, dtype=np.int64)
    if len(tables) <= 2:
        t0, t1, which = tables[0], tables[-1], (table_of != 0).astype(np.int64) * (len(tables) - 1)
    else:
        starts = np.cumsum([0] + [t.shape[0] for t in tables])
        t0 = t1 = np.concatenate(tables)
        offset, which = starts[table_of], np.zeros(lookups, dtype=np.int64)

    def run(budget: int) -> int:
        return _slice(n, nbr, board, goal_arr, t0, t1, which, offset, sizes, maps, member, slot, strides, weights, q,
                      rnk, val, path, nextmv, sums, child_h, child_r, saved, st, budget)

    return drive_iterations(run, st, path, nextmv, stats, began, deadline, limit, max_nodes, slice_nodes)

