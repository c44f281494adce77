"""Optimal search for the (n^2-1)-puzzle: BFS, A* and IDA* (seed 002), as npuz deciders.

* :func:`bfs_path` -- breadth-first search from B1 (pure Python); :func:`bfs_distances`
  -- every board reachable from a goal with its distance (the whole 8-puzzle space,
  ``bench/npuz_bfs.py``).
* :func:`astar_path` -- A* (pure Python, a heap and a closed table) with any
  heuristic of :mod:`npw.solvers.npuz.heuristics`.
* :func:`idastar_path` -- IDA* compiled with numba: an explicit-stack depth-first
  search, resumable in slices of nodes so that a deadline is checked between slices
  (numba code cannot read the clock). Heuristics computed incrementally: Manhattan
  and Euclid per tile, pattern-database indices per moved tile; relaxed adjacency
  and linear conflicts recomputed at each node (O(n^2)).

Memory: BFS and A* keep every board they reach (about 250 bytes each); past
``max_nodes`` boards (2 million by default) they stop and the decider answers
UNKNOWN. IDA* needs memory linear in the depth only.

All heuristics are consistent (tests check h(s) <= 1 + h(s') on random moves), so
A* closes each board once and both A* and IDA* return optimal move strings.
Stats of every run: ``nodes`` (expanded: boards whose successors were generated),
``generated``, ``time`` (seconds), and ``iterations`` (IDA*).

Deciders (``solve_*``): NO at once when B2 is unreachable from B1 (Theorem 1);
IDA* answers NO as soon as its cost bound exceeds k; a timeout gives UNKNOWN;
YES carries an optimal move string (the blank's directions, U/D/L/R).
"""

from __future__ import annotations

import heapq
import math
import time
from collections import deque
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board, NPuz, neighbours
from npw.solvers.npuz.heuristics import HEURISTICS, RANKED_HEURISTICS, heuristic_function
from npw.instances.npuz.reach import reachable
from npw.solvers.result import Answer, Deadline, Refused, Result

KIND = {"manhattan": 0, "euclid": 1, "relaxed": 2, "linear-conflict": 3, "pdb": 4}
MOVE_LETTERS = "UDLR"  # index 0..3 in the compiled code; opposite = index ^ 1
MAX_DEPTH = 4096
# IDA* keeps a cells x cells float64 distance table: beyond this many cells (a 72 x 72 board,
# about 215 MB) it answers UNKNOWN at once, saying why, instead of filling gigabytes (the
# 110 x 110 board of 224sat-to-npuz at l = 1 needed 1.2 GB)
IDASTAR_MAX_CELLS = 72 * 72


@dataclass
class SearchOutcome:
    """``moves`` is None when no path was found (``complete``: the search proved there is
    none within ``limit``; not complete: stopped by the deadline or a node budget)."""

    moves: str | None
    complete: bool
    stats: dict = field(default_factory=dict)


# the search deciders build (n^2 x n^2) distance tables: 64 x 64 boards need 134 MB, a 1000 x 1000
# board 7 TiB; no search finishes on boards near the limit, so beyond it they refuse at once
MAX_SEARCH_SIDE = 64


def _check_pair(start: Board, goal: Board) -> int:
    if len(start) != len(goal) or sorted(start) != sorted(goal):
        raise InvalidInstance("the two boards do not hold the same tiles")
    n = math.isqrt(len(start))
    if n > MAX_SEARCH_SIDE:
        raise Refused(f"the search deciders take boards up to {MAX_SEARCH_SIDE} x {MAX_SEARCH_SIDE} "
                              f"(limit MAX_SEARCH_SIDE: their tables grow as n^4); this board is {n} x {n}")
    return n


# -- breadth-first search --------------------------------------------------------------------


def bfs_path(start: Board, goal: Board, limit: int | None = None, timeout: float | None = None,
             max_nodes: int = 2_000_000) -> SearchOutcome:
    """Shortest move string by BFS from ``start`` (at most ``limit`` moves if given)."""
    n = _check_pair(start, goal)
    began = time.perf_counter()
    deadline = Deadline(timeout)
    if start == goal:
        return SearchOutcome("", True, {"nodes": 0, "generated": 0, "time": 0.0})
    if not reachable(start, goal):
        return SearchOutcome(None, True, {"nodes": 0, "generated": 0, "time": time.perf_counter() - began,
                                          "unreachable": True})
    parent: dict[Board, tuple[Board, str] | None] = {start: None}
    frontier = [start]
    depth = expanded = 0
    found = None
    while frontier and found is None:
        if limit is not None and depth >= limit:
            break
        nxt = []
        for board in frontier:
            expanded += 1
            if expanded % 4096 == 0 and (deadline.expired() or len(parent) > max_nodes):
                return SearchOutcome(None, False, {"nodes": expanded, "generated": len(parent),
                                                   "time": time.perf_counter() - began, "depth": depth})
            for move, child in neighbours(board, n):
                if child not in parent:
                    parent[child] = (board, move)
                    if child == goal:
                        found = child
                        break
                    nxt.append(child)
            if found is not None:
                break
        frontier = nxt
        depth += 1
    stats = {"nodes": expanded, "generated": len(parent) - 1, "time": time.perf_counter() - began}
    if found is None:
        return SearchOutcome(None, True, stats)
    moves = []
    board = found
    while parent[board] is not None:
        board, move = parent[board]
        moves.append(move)
    return SearchOutcome("".join(reversed(moves)), True, stats)


def bfs_distances(goal: Board) -> dict[Board, int]:
    """Distance to ``goal`` of every board reachable from it (moves are reversible)."""
    n = math.isqrt(len(goal))
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        d = distance[board] + 1
        for _, child in neighbours(board, n):
            if child not in distance:
                distance[child] = d
                queue.append(child)
    return distance


# -- A* --------------------------------------------------------------------------------------


def astar_path(start: Board, goal: Board, heuristic: str = "manhattan", limit: int | None = None,
               timeout: float | None = None, max_nodes: int = 2_000_000) -> SearchOutcome:
    """Optimal move string by A*; boards with f > ``limit`` are not expanded."""
    n = _check_pair(start, goal)
    began = time.perf_counter()
    deadline = Deadline(timeout)
    if not reachable(start, goal):
        return SearchOutcome(None, True, {"nodes": 0, "generated": 0, "time": 0.0, "unreachable": True})
    h = heuristic_function(heuristic, goal)
    best_g = {start: 0}
    parent: dict[Board, tuple[Board, str] | None] = {start: None}
    counter = 0
    heap = [(math.ceil(h(start) - 1e-9), 0, counter, start)]
    expanded = generated = 0
    while heap:
        f, g, _, board = heapq.heappop(heap)
        if g > best_g.get(board, g):
            continue  # a stale entry
        if board == goal:
            moves = []
            while parent[board] is not None:
                board, move = parent[board]
                moves.append(move)
            return SearchOutcome("".join(reversed(moves)), True, {
                "nodes": expanded, "generated": generated, "time": time.perf_counter() - began})
        if limit is not None and f > limit:
            break
        expanded += 1
        if expanded % 2048 == 0 and (deadline.expired() or len(best_g) > max_nodes):
            return SearchOutcome(None, False, {"nodes": expanded, "generated": generated,
                                               "time": time.perf_counter() - began})
        for move, child in neighbours(board, n):
            generated += 1
            cg = g + 1
            if cg < best_g.get(child, 1 << 60):
                best_g[child] = cg
                parent[child] = (board, move)
                counter += 1
                heapq.heappush(heap, (cg + math.ceil(h(child) - 1e-9), cg, counter, child))
    return SearchOutcome(None, True, {"nodes": expanded, "generated": generated, "time": time.perf_counter() - began})


# -- IDA* (compiled) -------------------------------------------------------------------------


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
def _linear_conflicts(board, goalpos, n, values, tails):  # pragma: no cover - compiled
    extra = 0
    for line in range(n):
        count = 0
        for c in range(n):
            t = board[line * n + c]
            if t != 0 and goalpos[t] // n == line:
                values[count] = goalpos[t] % n
                count += 1
        extra += count - _lis(values, count, tails)
        count = 0
        for r in range(n):
            t = board[r * n + line]
            if t != 0 and goalpos[t] % n == line:
                values[count] = goalpos[t] // n
                count += 1
        extra += count - _lis(values, count, tails)
    return 2 * extra


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
def _h(kind, d, base, pidx, board, goalpos, n, pdb, offsets, ngroups, seen, values, tails, blank, tcell):  # pragma: no cover
    if kind == 0:
        return int(base[d] + 0.5)
    if kind == 1:
        return int(math.ceil(base[d] - 1e-9))
    if kind == 2:
        md = int(base[d] + 0.5)
        ra = _relaxed_adjacency(board, goalpos, seen)
        return md if md > ra else ra
    if kind == 3:
        return int(base[d] + 0.5) + _linear_conflicts(board, goalpos, n, values, tails)
    total = 0
    for g in range(ngroups):
        total += pdb[offsets[g] + pidx[d, g] * (n * n) + blank]
    if pidx.shape[1] > ngroups:  # the reflection about the main diagonal (Korf & Felner)
        mirrored = 0
        tb = tcell[blank]
        for g in range(ngroups):
            mirrored += pdb[offsets[g] + pidx[d, ngroups + g] * (n * n) + tb]
        if mirrored > total:
            total = mirrored
    return total


@njit(cache=True)
def _ida_slice(kind, n, board, pos, goal, goalpos, table, group_of, weight, pdb, offsets,
               path, nextmv, base, pidx, st, budget, sigma, tcell):  # pragma: no cover - compiled
    """Runs the current IDA* iteration for up to ``budget`` generated nodes.

    st: [depth, bound, next_bound, generated, blank, expanded]. Returns 0 when the
    iteration is over without a solution (next bound in st[2]), 1 when a solution
    of length st[0] is in path[:st[0]], 2 when the budget ran out (call again)."""
    cells = n * n
    ngroups = offsets.shape[0]
    seen = np.empty(cells, dtype=np.bool_)
    values = np.empty(n, dtype=np.int64)
    tails = np.empty(n, dtype=np.int64)
    steps = np.array([-n, n, -1, 1], dtype=np.int64)
    used = 0
    while True:
        d = st[0]
        m = nextmv[d]
        if m >= 4:
            if d == 0:
                return 0
            d -= 1
            # undo path[d]: the blank goes back
            cur = st[4]
            prev = cur - steps[path[d]]
            tile = board[prev]
            board[cur] = tile
            board[prev] = 0
            pos[tile] = cur
            pos[0] = prev
            st[4] = prev
            st[0] = d  # nextmv[d] already points past the move just undone
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
        st[4] = target
        base[d + 1] = base[d] + table[tile, blank] - table[tile, target]
        for g in range(pidx.shape[1]):
            pidx[d + 1, g] = pidx[d, g]
        g = group_of[tile]
        if g >= 0:
            pidx[d + 1, g] += (blank - target) * weight[tile]
        if pidx.shape[1] > ngroups:
            mirror = sigma[tile]
            g = group_of[mirror]
            if g >= 0:
                pidx[d + 1, ngroups + g] += (tcell[blank] - tcell[target]) * weight[mirror]
        used += 1
        st[3] += 1
        h = _h(kind, d + 1, base, pidx, board, goalpos, n, pdb, offsets, ngroups, seen, values, tails, target, tcell)
        f = d + 1 + h
        if f > st[1]:
            if f < st[2]:
                st[2] = f
            # undo
            board[target] = tile
            board[blank] = 0
            pos[tile] = target
            pos[0] = blank
            st[4] = blank
            continue
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
            return 3  # too deep: treated as out of budget
        st[0] = d + 1
        nextmv[d + 1] = 0
        st[5] += 1


def _tables(kind: int, n: int, goalpos: list[int]) -> np.ndarray:
    """table[tile, location]: the tile's distance (Euclidean for kind 1, else Manhattan) from
    its goal cell; zeros for the pattern databases (kind 4). Built by numpy in one pass: a
    Python double loop over cells^2 entries took about 40 s on the 110 x 110 board of
    224sat-to-npuz, before the search could consult its deadline.

    >>> _tables(0, 2, [3, 0, 1, 2])[1].tolist()  # tile 1's goal is cell 0
    [0.0, 1.0, 1.0, 2.0]
    """
    cells = n * n
    if kind == 4:
        return np.zeros((cells, cells), dtype=np.float64)
    goal = np.asarray(goalpos, dtype=np.int64)
    rows, cols = np.divmod(np.arange(cells, dtype=np.int64), n)
    table = np.empty((cells, cells), dtype=np.float64)
    block = max(1, (1 << 20) // cells)  # rows per block: temporaries of a few MB, not cells^2
    for first in range(0, cells, block):
        g = goal[first:first + block]
        dr = np.abs(rows[None, :] - (g // n)[:, None]).astype(np.float64)
        dc = np.abs(cols[None, :] - (g % n)[:, None]).astype(np.float64)
        table[first:first + block] = np.hypot(dr, dc) if kind == 1 else dr + dc
    table[0] = 0.0  # the blank is not counted
    return table


FIRST_SLICE = 2_000
SLICE_SECONDS = 0.1  # target time of one slice: how late past its deadline IDA* can answer


def _next_budget(budget: int, seconds: float, most: int) -> int:
    """The next slice's node budget: scaled so a slice takes about ``SLICE_SECONDS``, at most
    doubling, at least 100 nodes, at most ``most``.

    >>> _next_budget(2_000, 0.001, 500_000), _next_budget(2_000, 1.0, 500_000), _next_budget(400_000, 0.0, 500_000)
    (4000, 200, 500000)
    """
    if seconds > 0:
        budget = min(2 * budget, int(budget * SLICE_SECONDS / seconds))
    else:
        budget *= 2
    return max(100, min(most, budget))


def idastar_path(start: Board, goal: Board, heuristic: str = "pdb", limit: int | None = None,
                 timeout: float | None = None, max_nodes: int | None = None,
                 slice_nodes: int = 500_000) -> SearchOutcome:
    """Optimal move string by IDA*; gives up (complete, no moves) once the bound exceeds ``limit``."""
    n = _check_pair(start, goal)
    if heuristic in RANKED_HEURISTICS:  # the 7-8 and 6-6-6-6 databases have a kernel of their own
        from npw.solvers.npuz.ida_ranked import ranked_idastar_path

        return ranked_idastar_path(start, goal, heuristic, limit, timeout, max_nodes, slice_nodes)
    if heuristic not in KIND:
        raise InvalidInstance(f"unknown heuristic {heuristic!r} (known: {', '.join(HEURISTICS + RANKED_HEURISTICS)})")
    began = time.perf_counter()
    deadline = Deadline(timeout)
    stats = {"nodes": 0, "generated": 0, "iterations": 0, "time": 0.0, "heuristic": heuristic}
    if start == goal:
        return SearchOutcome("", True, stats)
    if not reachable(start, goal):
        stats.update(unreachable=True, time=time.perf_counter() - began)
        return SearchOutcome(None, True, stats)
    kind = KIND[heuristic]
    cells = n * n
    if kind != 4 and cells > IDASTAR_MAX_CELLS:
        stats.update(refused=f"a {n} x {n} board needs a {cells ** 2 * 8 / 1e6:.0f} MB distance table "
                             f"(IDA* takes up to {IDASTAR_MAX_CELLS} cells)", time=time.perf_counter() - began)
        return SearchOutcome(None, False, stats)
    goalpos = [0] * cells
    for location, tile in enumerate(goal):
        goalpos[tile] = location
    table = _tables(kind, n, goalpos)
    if kind == 4:
        from npw.solvers.npuz.pdb import pattern_databases

        databases = pattern_databases(tuple(goal))
        group_of, weight, pdb, offsets = databases.arrays()
        stats["pdb_built"] = databases.built
    else:
        group_of = np.full(cells, -1, dtype=np.int64)
        weight = np.zeros(cells, dtype=np.int64)
        pdb = np.zeros(1, dtype=np.uint8)
        offsets = np.zeros(0, dtype=np.int64)
    board = np.array(start, dtype=np.int64)
    pos = np.zeros(cells, dtype=np.int64)
    for location, tile in enumerate(start):
        pos[tile] = location
    goal_arr = np.array(goal, dtype=np.int64)
    goalpos_arr = np.array(goalpos, dtype=np.int64)
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    nextmv = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    base = np.zeros(MAX_DEPTH + 1, dtype=np.float64)
    # the reflection about the main diagonal: the transposed board, tiles renamed by sigma
    # (sigma(t) = the goal's tile on the transposed goal cell of t), is exactly as far from
    # the goal, so max(h(board), h(reflection)) is admissible and consistent. Needs the
    # goal's blank on the diagonal (blank-first and blank-last goals have it).
    tcell = np.array([(loc % n) * n + loc // n for loc in range(cells)], dtype=np.int64)
    sigma = np.array([goal[tcell[goalpos[t]]] for t in range(cells)], dtype=np.int64)
    reflect = kind == 4 and sigma[0] == 0
    columns = max(1, len(offsets)) * (2 if reflect else 1)
    stats["reflection"] = bool(reflect)
    pidx = np.zeros((MAX_DEPTH + 1, columns), dtype=np.int64)
    base[0] = sum(table[t, loc] for loc, t in enumerate(start))
    for t in range(1, cells):
        if group_of[t] >= 0:
            pidx[0, group_of[t]] += pos[t] * weight[t]
        if reflect and group_of[sigma[t]] >= 0:
            pidx[0, len(offsets) + group_of[sigma[t]]] += tcell[pos[t]] * weight[sigma[t]]
    seen = np.empty(cells, dtype=np.bool_)
    scratch = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    bound = int(_h(kind, 0, base, pidx, board, goalpos_arr, n, pdb, offsets, len(offsets), seen, *scratch,
                   start.index(0), tcell))
    stats["h0"] = bound
    st = np.zeros(6, dtype=np.int64)
    st[4] = start.index(0)
    # the deadline is read between slices: the first slice is small, later ones grow while a
    # slice stays short (a node costs far more on a large board than on the 15-puzzle)
    budget = min(slice_nodes, FIRST_SLICE)
    while True:
        if limit is not None and bound > limit:
            stats["time"] = time.perf_counter() - began
            return SearchOutcome(None, True, stats)
        if bound >= MAX_DEPTH:
            stats["time"] = time.perf_counter() - began
            return SearchOutcome(None, False, stats)
        stats["iterations"] += 1
        stats["bound"] = bound
        st[0], st[1], st[2] = 0, bound, 1 << 40
        nextmv[0] = 0
        st[5] += 1  # the root
        while True:
            sliced = time.perf_counter()
            status = _ida_slice(kind, n, board, pos, goal_arr, goalpos_arr, table, group_of, weight, pdb,
                                offsets, path, nextmv, base, pidx, st, budget, sigma, tcell)
            budget = _next_budget(budget, time.perf_counter() - sliced, slice_nodes)
            stats["nodes"], stats["generated"] = int(st[5]), int(st[3])
            if status == 1:
                stats["time"] = time.perf_counter() - began
                return SearchOutcome("".join(MOVE_LETTERS[m] for m in path[:st[0]]), True, stats)
            if status == 0:
                break
            if status == 3 or deadline.expired() or (max_nodes is not None and st[3] >= max_nodes):
                stats["time"] = time.perf_counter() - began
                return SearchOutcome(None, False, stats)
        bound = int(st[2])


# -- deciders --------------------------------------------------------------------------------


def _decide(instance: NPuz, outcome: SearchOutcome, backend: str) -> Result:
    stats = dict(outcome.stats)
    if outcome.moves is not None and len(outcome.moves) <= instance.k:
        stats["length"] = len(outcome.moves)
        return Result(Answer.YES, outcome.moves, backend, stats)
    if outcome.moves is not None:
        stats["length"] = len(outcome.moves)
        return Result(Answer.NO, None, backend, stats)
    if outcome.complete:
        return Result(Answer.NO, None, backend, stats)
    return Result(Answer.UNKNOWN, None, backend, stats)


def solve_bfs(instance: NPuz, timeout: float | None = None, **_: object) -> Result:
    """Breadth-first search to depth k.

    >>> from npw.instances.npuz.board import NPuz
    >>> solve_bfs(NPuz.from_lines("1 2 3 4 5 6 0 7 8", "1 2 3 4 5 6 7 8 0", 2)).certificate
    'RR'
    """
    return _decide(instance, bfs_path(instance.start, instance.goal, instance.k, timeout), "bfs")


def solve_astar(instance: NPuz, timeout: float | None = None, heuristic: str | None = None,
                solver: str | None = None, **_: object) -> Result:
    """A* (pure Python); ``heuristic`` (or the backend variant, ``astar:euclid``) one of
    manhattan (default), euclid, relaxed, linear-conflict, pdb.

    >>> from npw.instances.npuz.board import NPuz
    >>> solve_astar(NPuz.from_lines("1 2 3 4 5 6 0 7 8", "1 2 3 4 5 6 7 8 0", 2)).certificate
    'RR'
    >>> solve_astar(NPuz.from_lines("1 2 3 4 5 6 0 7 8", "1 2 3 4 5 6 7 8 0", 1)).answer  # k too small
    <Answer.NO: 'NO'>
    >>> solve_astar(NPuz.from_lines("2 1 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 8 0", 40)).stats["unreachable"]
    True
    """
    heuristic = heuristic or solver or "manhattan"
    outcome = astar_path(instance.start, instance.goal, heuristic, instance.k, timeout)
    return _decide(instance, outcome, f"astar:{heuristic}")


def solve_idastar(instance: NPuz, timeout: float | None = None, heuristic: str | None = None,
                  solver: str | None = None, **_: object) -> Result:
    """IDA* (compiled); default heuristic (or the backend variant, ``idastar:manhattan``):
    pattern databases for n <= 4, for n = 5 the 6-6-6-6 databases once cached, linear
    conflict otherwise."""
    heuristic = heuristic or solver
    if heuristic is None:
        from npw.solvers.npuz.ida_ranked import default_heuristic

        heuristic = default_heuristic(instance.n, instance.goal)
    outcome = idastar_path(instance.start, instance.goal, heuristic, instance.k, timeout)
    return _decide(instance, outcome, f"idastar:{heuristic}")
