"""The compiled IDA* kernels behind :func:`npw.solvers.npuz.search.idastar_path` (numba).

One kernel per heuristic, so the inner loop has no per-node dispatch on the heuristic:

* :func:`ida_manhattan` -- Manhattan distance, updated by the moved tile's term only;
* :func:`ida_linear_conflict` -- Manhattan plus linear conflicts, where a move re-counts at
  most one line (the row or column the tile enters or leaves, and only if it is the tile's
  goal line: the tile keeps its order among the others in the line it moves along);
* :func:`ida_pdb` -- the additive pattern databases (with the reflection lookup), whose
  indices are kept pre-multiplied and updated by the moved tile's group only;
* :func:`ida_generic` -- Euclid and relaxed adjacency (the study heuristics), as before.

All kernels search the same tree in the same order (moves U, D, L, R; never the inverse of
the previous move), resumable in slices of ``budget`` generated nodes so that the caller can
read its deadline between slices (numba code cannot read the clock). State between slices:
``st = [depth, bound, next_bound, generated, blank, expanded]``; return value 0: the
iteration is over without a solution (next bound in ``st[2]``), 1: a solution of length
``st[0]`` is in ``path``, 2: the budget ran out (call again), 3: deeper than ``path`` holds.

Counting, the same in every kernel (and in the pure-Python search and the C reference of
``bench/c/ida_manhattan.c``): a child is *generated* when its heuristic is evaluated, a node
is *expanded* when the search descends into it (plus the root, once per iteration, counted
by the caller).

No kernel copies a row per node: the heuristic's state is updated in place and undone on
the way back (the Manhattan value and the linear-conflict total are kept per depth, one
word each).
"""

from __future__ import annotations

import math

import numpy as np
from npw.instances.lazy import njit  # numba's, or a stand-in naming the [puzzles] extra

__all__ = ["distance_tables", "generic_h", "ida_generic", "ida_linear_conflict", "ida_manhattan", "ida_pdb",
           "line_conflicts", "neighbour_table"]


def neighbour_table(n: int) -> np.ndarray:
    """``nbr[cell * 4 + m]``: the cell the blank reaches from ``cell`` by move m (U, D, L, R), or
    -1 at the border. A lookup instead of a division and four comparisons per node.

    >>> neighbour_table(2).reshape(4, 4).tolist()[0]  # from the top-left cell: only D and R
    [-1, 2, -1, 1]
    """
    from npw.solvers.npuz.pysearch import neighbour_list  # one move order for both searches

    return np.array(neighbour_list(n), dtype=np.int64)


def distance_tables(kind: int, n: int, goalpos: list[int]) -> np.ndarray:
    """table[tile, location]: the tile's distance (Euclidean for kind 1, else Manhattan, as
    int64) from its goal cell. Built by numpy in one pass: a Python double loop over cells^2
    entries took about 40 s on the 110 x 110 board of 224sat-to-npuz, before the search
    could consult its deadline.

    >>> distance_tables(0, 2, [3, 0, 1, 2])[1].tolist()  # tile 1's goal is cell 0
    [0, 1, 1, 2]
    """
    cells = n * n
    goal = np.asarray(goalpos, dtype=np.int64)
    rows, cols = np.divmod(np.arange(cells, dtype=np.int64), n)
    table = np.empty((cells, cells), dtype=np.float64 if kind == 1 else np.int64)
    block = max(1, (1 << 20) // cells)  # rows per block: temporaries of a few MB, not cells^2
    for first in range(0, cells, block):
        g = goal[first:first + block]
        dr = np.abs(rows[None, :] - (g // n)[:, None])
        dc = np.abs(cols[None, :] - (g % n)[:, None])
        table[first:first + block] = np.hypot(dr, dc) if kind == 1 else dr + dc
    table[0] = 0  # the blank is not counted
    return table


@njit(cache=True)
def _is_goal(board, goal):  # pragma: no cover - compiled
    for i in range(board.shape[0]):
        if board[i] != goal[i]:
            return False
    return True


@njit(cache=True)
def _lis(values, count, tails):  # pragma: no cover - compiled
    length = 0
    for i in range(count):
        v = values[i]
        lo, hi = 0, length
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < v:
                lo = mid + 1
            else:
                hi = mid
        tails[lo] = v
        if lo == length:
            length += 1
    return length


@njit(cache=True)
def line_conflicts(board, goalpos, n, line, values, tails):  # pragma: no cover - compiled
    """Tiles to lift out of one line (rows 0..n-1, then columns as n..2n-1): the line's tiles
    whose goal is in that line, minus the longest run already in goal order."""
    count = 0
    if line < n:
        for c in range(n):
            t = board[line * n + c]
            if t != 0 and goalpos[t] // n == line:
                values[count] = goalpos[t] % n
                count += 1
    else:
        col = line - n
        for r in range(n):
            t = board[r * n + col]
            if t != 0 and goalpos[t] % n == col:
                values[count] = goalpos[t] // n
                count += 1
    return count - _lis(values, count, tails)


@njit(cache=True)
def _relaxed_adjacency(board, goalpos, seen):  # pragma: no cover - compiled
    cells = board.shape[0]
    for i in range(cells):
        seen[i] = False
    total = 0
    for s in range(cells):
        if seen[s]:
            continue
        length = 0
        has_blank = False
        loc = s
        while not seen[loc]:
            seen[loc] = True
            length += 1
            if board[loc] == 0:
                has_blank = True
            loc = goalpos[board[loc]]
        if length >= 2:
            if has_blank:
                total += length - 1
            else:
                total += length + 1
    return total


@njit(cache=True)
def ida_manhattan(n, nbr, board, goal, table, path, nextmv, hs, st, budget):  # pragma: no cover
    """IDA* with Manhattan distance; ``hs[d]``: h of the node at depth d (``hs[0]`` set by the
    caller). A child is evaluated before it is made: a pruned child costs no board write."""
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
            depth -= 1
            prev = nbr[blank * 4 + (path[depth] ^ 1)]  # undo path[depth]: the blank goes back
            board[blank] = board[prev]
            board[prev] = 0
            blank = prev
            continue
        if used >= budget:
            status = 2
            break
        nextmv[depth] = m + 1
        if depth > 0 and path[depth - 1] == (m ^ 1):
            continue
        target = nbr[blank * 4 + m]
        if target < 0:
            continue
        tile = board[target]
        h = hs[depth] + table[tile, blank] - table[tile, target]
        used += 1
        generated += 1
        f = depth + 1 + h
        if f > bound:
            if f < next_bound:
                next_bound = f
            continue
        board[blank] = tile
        board[target] = 0
        blank = target
        path[depth] = m
        if h == 0 and _is_goal(board, goal):
            depth += 1
            status = 1
            break
        if depth + 1 >= limit:
            status = 3
            break
        depth += 1
        hs[depth] = h
        nextmv[depth] = 0
        expanded += 1
    st[0], st[1], st[2], st[3], st[4], st[5] = depth, bound, next_bound, generated, blank, expanded
    return status


@njit(cache=True)
def ida_linear_conflict(n, nbr, board, goal, goalpos, table, path, nextmv, mds, lcs, lcline, saved_line,
                        saved_value, st, budget):  # pragma: no cover - compiled
    """IDA* with Manhattan plus linear conflicts. ``mds[d]``, ``lcs[d]``: the Manhattan value and
    the conflict count (tiles to lift) at depth d; ``lcline[l]``: the current count of line l;
    ``saved_line[d]``, ``saved_value[d]``: the line the move into depth d re-counted (-1 none) and
    its count before, restored on the way back."""
    depth, bound, next_bound, generated, blank, expanded = st[0], st[1], st[2], st[3], st[4], st[5]
    limit = path.shape[0]
    values = np.empty(n, dtype=np.int64)
    tails = np.empty(n, dtype=np.int64)
    status = 0
    used = 0
    while True:
        m = nextmv[depth]
        if m >= 4:
            if depth == 0:
                status = 0
                break
            line = saved_line[depth]
            if line >= 0:
                lcline[line] = saved_value[depth]
            depth -= 1
            prev = nbr[blank * 4 + (path[depth] ^ 1)]
            board[blank] = board[prev]
            board[prev] = 0
            blank = prev
            continue
        if used >= budget:
            status = 2
            break
        nextmv[depth] = m + 1
        if depth > 0 and path[depth - 1] == (m ^ 1):
            continue
        target = nbr[blank * 4 + m]
        if target < 0:
            continue
        tile = board[target]
        md = mds[depth] + table[tile, blank] - table[tile, target]
        board[blank] = tile
        board[target] = 0
        # the one line whose count can change: the tile leaves or enters its goal row (a
        # vertical move) or goal column (a horizontal one)
        home = goalpos[tile]
        line = -1
        if m < 2:
            if home // n == target // n:
                line = target // n
            elif home // n == blank // n:
                line = blank // n
        else:
            if home % n == target % n:
                line = n + target % n
            elif home % n == blank % n:
                line = n + blank % n
        lc = lcs[depth]
        count = 0
        if line >= 0:
            count = line_conflicts(board, goalpos, n, line, values, tails)
            lc += count - lcline[line]
        h = md + 2 * lc
        used += 1
        generated += 1
        f = depth + 1 + h
        if f > bound:
            if f < next_bound:
                next_bound = f
            board[target] = tile
            board[blank] = 0
            continue
        path[depth] = m
        if h == 0 and _is_goal(board, goal):
            blank = target
            depth += 1
            status = 1
            break
        if depth + 1 >= limit:
            board[target] = tile
            board[blank] = 0
            status = 3
            break
        blank = target
        depth += 1
        mds[depth] = md
        lcs[depth] = lc
        saved_line[depth] = line
        if line >= 0:
            saved_value[depth] = lcline[line]
            lcline[line] = count
        nextmv[depth] = 0
        expanded += 1
    st[0], st[1], st[2], st[3], st[4], st[5] = depth, bound, next_bound, generated, blank, expanded
    return status


@njit(cache=True)
def _pdb_sum(pdb, keys, first, count, cell):  # pragma: no cover - compiled
    total = 0
    for g in range(first, first + count):
        total += pdb[keys[g] + cell]
    return total


@njit(cache=True)
def ida_pdb(n, nbr, board, goal, pdb, group_of, wcell, keys, ngroups, reflect, sigma, tcell, path, nextmv, st,
            budget):  # pragma: no cover - compiled
    """IDA* with additive pattern databases. ``keys[g]`` = offset of group g's table + its
    placement index * cells (the blank's cell is added at the lookup); ``keys[ngroups + g]`` the
    same for the reflected board when ``reflect``. ``wcell[tile]``: the tile's weight in its
    group's index, times cells. A move changes one group's key (and one reflected key)."""
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
            depth -= 1
            prev = nbr[blank * 4 + (path[depth] ^ 1)]
            tile = board[prev]
            board[blank] = tile
            board[prev] = 0
            g = group_of[tile]
            if g >= 0:
                keys[g] -= (prev - blank) * wcell[tile]
            if reflect:
                mirror = sigma[tile]
                g = group_of[mirror]
                if g >= 0:
                    keys[ngroups + g] -= (tcell[prev] - tcell[blank]) * wcell[mirror]
            blank = prev
            continue
        if used >= budget:
            status = 2
            break
        nextmv[depth] = m + 1
        if depth > 0 and path[depth - 1] == (m ^ 1):
            continue
        target = nbr[blank * 4 + m]
        if target < 0:
            continue
        tile = board[target]
        g = group_of[tile]
        delta = (blank - target) * wcell[tile]
        if g >= 0:
            keys[g] += delta
        h = _pdb_sum(pdb, keys, 0, ngroups, target)
        mg = -1
        mdelta = 0
        if reflect:
            mirror = sigma[tile]
            mg = group_of[mirror]
            mdelta = (tcell[blank] - tcell[target]) * wcell[mirror]
            if mg >= 0:
                keys[ngroups + mg] += mdelta
            mirrored = _pdb_sum(pdb, keys, ngroups, ngroups, tcell[target])
            if mirrored > h:
                h = mirrored
        used += 1
        generated += 1
        f = depth + 1 + h
        if f > bound:
            if f < next_bound:
                next_bound = f
            if g >= 0:
                keys[g] -= delta
            if mg >= 0:
                keys[ngroups + mg] -= mdelta
            continue
        board[blank] = tile
        board[target] = 0
        blank = target
        path[depth] = m
        if h == 0 and _is_goal(board, goal):
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


@njit(cache=True)
def generic_h(kind, base, board, goalpos, seen):  # pragma: no cover - compiled
    """Euclid (kind 1: the float sum ``base`` rounded up) or relaxed adjacency (kind 2: the
    larger of Manhattan, ``base``, and the relaxed-adjacency count)."""
    if kind == 1:
        return int(math.ceil(base - 1e-9))
    md = int(base + 0.5)
    ra = _relaxed_adjacency(board, goalpos, seen)
    return md if md > ra else ra


@njit(cache=True)
def ida_generic(kind, n, nbr, board, goal, goalpos, table, path, nextmv, base, st, budget):  # pragma: no cover
    """IDA* with the study heuristics (Euclid, relaxed adjacency): ``table`` is the per-tile
    distance (float), ``base[d]`` its sum at depth d."""
    depth, bound, next_bound, generated, blank, expanded = st[0], st[1], st[2], st[3], st[4], st[5]
    limit = path.shape[0]
    seen = np.empty(n * n, dtype=np.bool_)
    status = 0
    used = 0
    while True:
        m = nextmv[depth]
        if m >= 4:
            if depth == 0:
                status = 0
                break
            depth -= 1
            prev = nbr[blank * 4 + (path[depth] ^ 1)]
            board[blank] = board[prev]
            board[prev] = 0
            blank = prev
            continue
        if used >= budget:
            status = 2
            break
        nextmv[depth] = m + 1
        if depth > 0 and path[depth - 1] == (m ^ 1):
            continue
        target = nbr[blank * 4 + m]
        if target < 0:
            continue
        tile = board[target]
        board[blank] = tile
        board[target] = 0
        base[depth + 1] = base[depth] + table[tile, blank] - table[tile, target]
        h = generic_h(kind, base[depth + 1], board, goalpos, seen)
        used += 1
        generated += 1
        f = depth + 1 + h
        if f > bound:
            if f < next_bound:
                next_bound = f
            board[target] = tile
            board[blank] = 0
            continue
        blank = target
        path[depth] = m
        if h == 0 and _is_goal(board, goal):
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
