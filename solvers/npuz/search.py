"""Optimal search for the (n^2-1)-puzzle: BFS, A* and IDA* (seed 002), as npuz deciders.

* :func:`bfs_path` -- breadth-first search from B1 (pure Python); :func:`bfs_distances`
  -- every board reachable from a goal with its distance (the whole 8-puzzle space,
  ``bench/npuz_bfs.py``).
* :func:`astar_path` -- A* (pure Python, a heap and a closed table) with any
  heuristic of :mod:`npw.solvers.npuz.heuristics`.
* :func:`idastar_path` -- IDA* compiled with numba (:mod:`npw.solvers.npuz.kernel`, one
  kernel per heuristic): an explicit-stack depth-first search, resumable in slices of
  nodes so that a deadline is checked between slices (numba code cannot read the
  clock). Heuristics updated incrementally: Manhattan and Euclid per tile, linear
  conflicts per line (at most one line per move), pattern-database keys per moved
  tile; relaxed adjacency recomputed at each node (O(n^2)). Easy boards are solved by
  the same search in pure Python (:mod:`npw.solvers.npuz.pysearch`) while numba is not
  loaded: importing numba and its cached kernels costs more than the whole search.

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
from typing import TYPE_CHECKING, Any, Callable

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board, NPuz, goal_board, neighbours
from npw.solvers.npuz.heuristics import HEURISTICS, RANKED_HEURISTICS, heuristic_function
from npw.instances.npuz.reach import reachable
from npw.solvers.child import warm_up
from npw.instances.validation import collector_paused
from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.npuz.slices import MAX_DEPTH, SearchOutcome, check_pair, drive_iterations
from npw.solvers.registry import Decider

if TYPE_CHECKING:  # numpy is imported where a kernel runs, not by npw list's start-up
    import numpy as np

__all__ = ["DECIDERS", "IDASTAR_MAX_CELLS", "IDASTAR_REACH_MOVES", "IDASTAR_REACH_SECONDS", "KIND", "MAX_DEPTH",
           "PYTHON_MAX_SIDE", "SearchOutcome", "astar_path",
           "bfs_distances", "bfs_path", "default_within", "drive_iterations", "idastar_path", "solve_astar", "solve_bfs",
           "solve_idastar"]

KIND = {"manhattan": 0, "euclid": 1, "relaxed": 2, "linear-conflict": 3, "pdb": 4}
# IDA* keeps a cells x cells float64 distance table: beyond this many cells (a 72 x 72 board,
# about 215 MB) it answers UNKNOWN at once, saying why, instead of filling gigabytes (the
# 110 x 110 board of 224sat-to-npuz at l = 1 needed 1.2 GB)
IDASTAR_MAX_CELLS = 72 * 72
# IDA*'s reach within the verifier's call bound: with a bound of at most REACH_SECONDS, a board
# whose proven lower bound (the heuristic's value on B1, Manhattan-based) exceeds REACH_MOVES is
# refused at once, saying why, instead of running out the bound undecided. Measured, not proved
# (BENCHMARKS.md, "Issue 33 (session 6)"): scrambled boards of sides 8-58 with lower bounds 112-1,968
# ran out 20 s undecided and the 58 x 58 board of 224sat-to-npuz (1,129) 60 s, the iterations raising
# the bound by 2-10 in all; an 8 x 8 board 40 moves out is decided in 1.5 s. Boards searched with
# pattern databases (n <= 4, and 5 x 5 once cached) are not concerned
IDASTAR_REACH_MOVES = 100
IDASTAR_REACH_SECONDS = 60.0
PYTHON_MAX_SIDE = 6  # the pure-Python search's tables are cells^2 Python ints




# -- breadth-first search --------------------------------------------------------------------


def bfs_path(start: Board, goal: Board, limit: int | None = None, timeout: float | None = None,
             max_nodes: int = 2_000_000) -> SearchOutcome:
    """Shortest move string by BFS from ``start`` (at most ``limit`` moves if given)."""
    with collector_paused():  # millions of boards kept: the collector's passes over them outlasted the deadline
        return _bfs_path(start, goal, limit, timeout, max_nodes)


def _bfs_path(start: Board, goal: Board, limit: int | None, timeout: float | None, max_nodes: int) -> SearchOutcome:
    n = check_pair(start, goal)
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
            if expanded % 1024 == 0 and (deadline.expired() or len(parent) > max_nodes):
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
    with collector_paused():  # as BFS: millions of boards and heap entries, no cycles
        return _astar_path(start, goal, heuristic, limit, timeout, max_nodes)


def _astar_path(start: Board, goal: Board, heuristic: str, limit: int | None, timeout: float | None,
                max_nodes: int) -> SearchOutcome:
    n = check_pair(start, goal)
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
        if expanded % 1024 == 0 and (deadline.expired() or len(best_g) > max_nodes):
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


# -- IDA* -----------------------------------------------------------------------------------


def _compiled_search(kind: int, n: int, start: Board, goal: Board,
                     stats: dict) -> tuple[Callable[[int], int], tuple[Any, Any, Any]]:
    """(run, state): ``run(budget)`` resumes the current iteration of the heuristic's kernel
    (:mod:`npw.solvers.npuz.kernel`) for up to ``budget`` generated nodes; ``state`` is the
    kernel's ``st`` array, ``path`` and ``nextmv`` (the next move to try per depth). Sets
    ``stats["h0"]`` (and the databases' facts)."""
    import numpy as np

    from npw.solvers.npuz import kernel

    cells = n * n
    goalpos = [0] * cells
    for location, tile in enumerate(goal):
        goalpos[tile] = location
    nbr = kernel.neighbour_table(n)
    board = np.array(start, dtype=np.int64)
    goal_arr = np.array(goal, dtype=np.int64)
    goalpos_arr = np.array(goalpos, dtype=np.int64)
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    nextmv = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    st = np.zeros(6, dtype=np.int64)
    st[4] = start.index(0)
    if kind == KIND["pdb"]:
        from npw.solvers.npuz.pdb import pattern_databases

        databases = pattern_databases(tuple(goal))
        group_of, weight, pdb, offsets = databases.arrays()
        stats["pdb_built"] = databases.built
        # the reflection about the main diagonal: the transposed board, tiles renamed by sigma
        # (sigma(t) = the goal's tile on the transposed goal cell of t), is exactly as far from
        # the goal, so max(h(board), h(reflection)) is admissible and consistent. Needs the
        # goal's blank on the diagonal (blank-first and blank-last goals have it).
        tcell = np.array([(loc % n) * n + loc // n for loc in range(cells)], dtype=np.int64)
        sigma = np.array([goal[tcell[goalpos[t]]] for t in range(cells)], dtype=np.int64)
        reflect = bool(sigma[0] == 0)
        stats["reflection"] = reflect
        ngroups = len(offsets)
        wcell = weight * cells
        keys = np.zeros(2 * ngroups, dtype=np.int64)
        keys[:ngroups] = offsets
        keys[ngroups:] = offsets
        for location, t in enumerate(start):
            if t and group_of[t] >= 0:
                keys[group_of[t]] += location * wcell[t]
            if t and reflect and group_of[sigma[t]] >= 0:
                keys[ngroups + group_of[sigma[t]]] += tcell[location] * wcell[sigma[t]]
        blank = start.index(0)
        h0 = int(sum(pdb[keys[g] + blank] for g in range(ngroups)))
        if reflect:
            h0 = max(h0, int(sum(pdb[keys[ngroups + g] + tcell[blank]] for g in range(ngroups))))

        def run(budget: int) -> int:
            return kernel.ida_pdb(n, nbr, board, goal_arr, pdb, group_of, wcell, keys, ngroups, reflect, sigma,
                                  tcell, path, nextmv, st, budget)
    else:
        table = kernel.distance_tables(kind, n, goalpos)
        base = table[np.array(start, dtype=np.int64), np.arange(cells)].sum()
        if kind == KIND["manhattan"]:
            hs = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
            hs[0] = h0 = int(base)

            def run(budget: int) -> int:
                return kernel.ida_manhattan(n, nbr, board, goal_arr, table, path, nextmv, hs, st, budget)
        elif kind == KIND["linear-conflict"]:
            mds = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
            lcs = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
            scratch = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
            lcline = np.array([kernel.line_conflicts(board, goalpos_arr, n, line, *scratch) for line in range(2 * n)],
                              dtype=np.int64)
            saved_line = np.full(MAX_DEPTH + 1, -1, dtype=np.int64)
            saved_value = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
            mds[0], lcs[0] = int(base), int(lcline.sum())
            h0 = int(mds[0] + 2 * lcs[0])

            def run(budget: int) -> int:
                return kernel.ida_linear_conflict(n, nbr, board, goal_arr, goalpos_arr, table, path, nextmv, mds, lcs,
                                                  lcline, saved_line, saved_value, st, budget)
        else:
            sums = np.zeros(MAX_DEPTH + 1, dtype=np.float64)
            sums[0] = base
            h0 = int(kernel.generic_h(kind, sums[0], board, goalpos_arr, np.empty(cells, dtype=np.bool_)))

            def run(budget: int) -> int:
                return kernel.ida_generic(kind, n, nbr, board, goal_arr, goalpos_arr, table, path, nextmv, sums, st,
                                          budget)
    stats["h0"] = h0
    return run, (st, path, nextmv)


def _warm_kernel(kind: int, n: int, goal: Board) -> None:
    """Imports numba and the kernels, compiles (or loads) the heuristic's kernel and loads its
    databases, by searching a board one move from ``goal``."""
    _, near = next(iter(neighbours(goal, n)))
    run, (st, path, nextmv) = _compiled_search(kind, n, near, goal, {})
    st[0], st[1], st[2] = 0, MAX_DEPTH - 1, 1 << 40
    run(1000)


def default_within(n: int, goal: Board, timeout: float | None) -> str | None:
    """IDA*'s default heuristic (:func:`~npw.solvers.npuz.heuristics.default_heuristic`), or None
    when choosing it took longer than ``timeout`` seconds: for 5 x 5 the choice reads the
    database cache, which imports numba (1.5 s under load; it goes on in the background).

    >>> default_within(3, goal_board(3), 0), default_within(7, goal_board(7), None)
    ('pdb', 'linear-conflict')
    """
    from npw.solvers.npuz.heuristics import default_heuristic

    goal = tuple(goal)
    if timeout is None or n != 5:
        return default_heuristic(n, goal)
    ready, heuristic = warm_up(("npuz-default", n, goal), lambda: default_heuristic(n, goal), timeout)
    return heuristic if ready else None


def _uses_python(python_nodes: int | None) -> int:
    """The pure-Python search's node budget: none once numba is loaded (then the kernel is
    cheap to start and faster per node), else ``PYTHON_NODES`` unless told."""
    if python_nodes is not None:
        return python_nodes
    import sys

    from npw.solvers.npuz.pysearch import PYTHON_NODES

    return 0 if "numba" in sys.modules else PYTHON_NODES


def _python_ranked(start: Board, goal: Board, n: int, heuristic: str, limit: int | None, max_nodes: int | None,
                   python_nodes: int | None) -> SearchOutcome | None:
    """The ranked databases' search in pure Python on their cached tables (an easy board: no
    numba, no numpy), with the stats of :func:`~npw.solvers.npuz.ida_ranked.ranked_idastar_path`;
    None when it cannot answer within its budget (or a table is not cached)."""
    began = time.perf_counter()
    budget = _uses_python(python_nodes)
    if max_nodes is not None:
        budget = min(budget, max_nodes)
    if budget <= 0 or start == goal or not reachable(start, goal):
        return None  # the kernel's path answers these at once, with its own stats
    from npw.solvers.npuz.pysearch import python_idastar

    easy = python_idastar(start, goal, n, heuristic, limit, budget)
    if easy is None:
        return None
    moves, found = easy
    stats: dict[str, Any] = {"nodes": 0, "generated": 0, "iterations": 0, "time": 0.0, "heuristic": heuristic}
    stats.update(found, kernel="python", time=time.perf_counter() - began)
    return SearchOutcome(moves, True, stats)


def idastar_path(start: Board, goal: Board, heuristic: str = "pdb", limit: int | None = None,
                 timeout: float | None = None, max_nodes: int | None = None,
                 slice_nodes: int = 500_000, python_nodes: int | None = None) -> SearchOutcome:
    """Optimal move string by IDA*; gives up (complete, no moves) once the bound exceeds ``limit``.

    An easy board is solved first by the pure-Python search of :mod:`npw.solvers.npuz.pysearch`
    (same tree, same answer and counts; ``stats["kernel"]`` says which ran) within
    ``python_nodes`` generated nodes (default: ``PYTHON_NODES`` while numba is not loaded, else
    none; it does not read the deadline: the budget is about 0.05 s), then by the compiled
    kernel of the heuristic.

    >>> from npw.instances.npuz.board import goal_board
    >>> outcome = idastar_path((1, 2, 3, 4, 5, 6, 0, 7, 8), goal_board(3), "manhattan", python_nodes=100)
    >>> outcome.moves, outcome.stats["nodes"], outcome.stats["kernel"]
    ('RR', 2, 'python')
    """
    n = check_pair(start, goal)
    if heuristic in RANKED_HEURISTICS:  # the 7-8 and 6-6-6-6 databases have a kernel of their own
        easy = _python_ranked(start, goal, n, heuristic, limit, max_nodes, python_nodes)
        if easy is not None:
            return easy
        from npw.solvers.npuz.ida_ranked import ranked_idastar_path

        return ranked_idastar_path(start, goal, heuristic, limit, timeout, max_nodes, slice_nodes)
    if heuristic not in KIND:
        raise InvalidInstance(f"unknown heuristic {heuristic!r} (known: {', '.join(HEURISTICS + RANKED_HEURISTICS)})")
    began = time.perf_counter()
    deadline = Deadline(timeout)
    stats: dict[str, Any] = {"nodes": 0, "generated": 0, "iterations": 0, "time": 0.0, "heuristic": heuristic}
    if start == goal:
        return SearchOutcome("", True, stats)
    if not reachable(start, goal):
        stats.update(unreachable=True, time=time.perf_counter() - began)
        return SearchOutcome(None, True, stats)
    kind = KIND[heuristic]
    cells = n * n
    if kind != KIND["pdb"] and cells > IDASTAR_MAX_CELLS:
        stats.update(refused=f"a {n} x {n} board needs a {cells ** 2 * 8 / 1e6:.0f} MB distance table "
                             f"(IDA* takes up to {IDASTAR_MAX_CELLS} cells)", time=time.perf_counter() - began)
        return SearchOutcome(None, False, stats)
    if kind != KIND["pdb"]:
        # the heuristic's value on the start is proved before any search: a call whose time runs
        # out before its first iteration ends (a loaded machine, a tiny timeout) still reports it
        bound = int(heuristic_function(heuristic, goal)(start))
        stats.update(h0=bound, proved_lower_bound=bound)
        if (timeout is not None and timeout <= IDASTAR_REACH_SECONDS and bound > IDASTAR_REACH_MOVES
                and (limit is None or bound <= limit)):
            stats.update(time=time.perf_counter() - began,
                         refused=f"every solution needs >= {bound:,} moves (the {heuristic} bound): past IDA*'s "
                                 f"reach of {IDASTAR_REACH_MOVES} within {IDASTAR_REACH_SECONDS:.0f} s")
            return SearchOutcome(None, False, stats)
    budget = _uses_python(python_nodes)
    if max_nodes is not None:
        # the kernel stops at the first slice ending past max_nodes: a search finishing within
        # max_nodes finishes there too
        budget = min(budget, max_nodes)
    if budget > 0 and n <= PYTHON_MAX_SIDE:
        from npw.solvers.npuz.pysearch import python_idastar

        easy = python_idastar(start, goal, n, heuristic, limit, budget)
        if easy is not None:
            moves, found = easy
            stats.update(found, kernel="python", time=time.perf_counter() - began)
            return SearchOutcome(moves, True, stats)
    from npw.instances.lazy import have_numba, numba_missing

    if not have_numba():  # the pure-Python search above did not finish within its budget
        raise numba_missing(f"IDA* on this {n} x {n} board (beyond the pure-Python search's "
                            f"{budget:,} nodes)")
    stats["kernel"] = "numba"
    if timeout is not None:
        # importing numba (1-3 s under load), compiling a kernel whose cache is missing (seconds)
        # and building pattern databases cannot be stopped: they run in a thread, waited for
        # until the deadline (then UNKNOWN; the thread finishes them for the next call)
        key = ("npuz-kernel", kind, tuple(goal) if kind == KIND["pdb"] else n)
        ready, _ = warm_up(key, lambda: _warm_kernel(kind, n, goal), deadline.remaining())
        if not ready:
            if kind != KIND["pdb"]:  # the heuristic's own value is a lower bound already proved
                stats["h0"] = stats["proved_lower_bound"] = int(heuristic_function(heuristic, goal)(start))
            stats.update(time=time.perf_counter() - began, timed_out_while="loading the compiled search")
            return SearchOutcome(None, False, stats)
    run, (st, path, nextmv) = _compiled_search(kind, n, start, goal, stats)
    return drive_iterations(run, st, path, nextmv, stats, began, deadline, limit, max_nodes, slice_nodes)


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
    began = time.perf_counter()
    heuristic = heuristic or solver
    if heuristic is None:
        heuristic = default_within(instance.n, instance.goal, timeout)
        if heuristic is None:
            return Result(Answer.UNKNOWN, None, "idastar", {"time": time.perf_counter() - began,
                                                            "timed_out_while": "loading the compiled search"})
        if timeout is not None:
            timeout = max(0.0, timeout - (time.perf_counter() - began))
    outcome = idastar_path(instance.start, instance.goal, heuristic, instance.k, timeout)
    return _decide(instance, outcome, f"idastar:{heuristic}")


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("npuz", "idastar", solve_idastar),
    Decider("npuz", "astar", solve_astar),
    Decider("npuz", "bfs", solve_bfs),
)
