"""The IDA* kernels (one per heuristic) and the pure-Python search walk a textbook IDA*'s tree.

The reference below recomputes the heuristic from scratch at every node (the functions of
``heuristics.py``); the kernels update it incrementally and the pure-Python search does too,
so equal moves and node counts check the incremental updates, the move order and the
counting at once.
"""

import random

import numpy as np
import pytest

from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk
from npw.solvers.npuz.heuristics import heuristic_function
from npw.solvers.npuz.pdb import pattern_databases
from npw.solvers.npuz.search import idastar_path


@pytest.fixture(autouse=True)
def _cache(npw_cache):
    # the databases are kept per process and per goal; an earlier test may have loaded them from
    # another cache folder, and the pure-Python search reads the files of this one: load afresh
    # (built and written here when this folder has none, as on a clean clone)
    pattern_databases.cache_clear()
    yield npw_cache
    pattern_databases.cache_clear()


def textbook_idastar(start, goal, name):
    """(moves, expanded, generated, iterations): recursive IDA*, h recomputed at each child; the
    blank moves U, D, L, R, never back; the root counts as expanded once per iteration."""
    n = int(len(start) ** 0.5)
    raw = heuristic_function(name, goal)

    def h(board):
        return int(-(-raw(board) // 1) if name == "euclid" else raw(board))

    counts = {"expanded": 0, "generated": 0, "next": 0}
    path = []

    def dfs(board, depth, bound, last):
        blank = board.index(0)
        for m, step, ok in ((0, -n, blank >= n), (1, n, blank < n * n - n), (2, -1, blank % n > 0),
                            (3, 1, blank % n < n - 1)):
            if not ok or (depth > 0 and last == m ^ 1):
                continue
            child = list(board)
            child[blank], child[blank + step] = child[blank + step], 0
            child = tuple(child)
            value = h(child)
            counts["generated"] += 1
            if depth + 1 + value > bound:
                counts["next"] = min(counts["next"], depth + 1 + value)
                continue
            path.append("UDLR"[m])
            if value == 0 and child == goal:
                return True
            counts["expanded"] += 1
            if dfs(child, depth + 1, bound, m):
                return True
            path.pop()
        return False

    bound, iterations = h(start), 0
    while True:
        iterations += 1
        counts["expanded"] += 1
        counts["next"] = 1 << 40
        if dfs(start, 0, bound, -1):
            return "".join(path), counts["expanded"], counts["generated"], iterations
        bound = counts["next"]


def summary(outcome):
    return outcome.moves, outcome.stats["nodes"], outcome.stats["generated"], outcome.stats["iterations"]


def boards():
    rng = random.Random(20)
    for goal_kind in ("blank-last", "blank-first"):
        goal = goal_board(3, goal_kind)
        for _ in range(3):
            yield random_reachable_board(3, rng, goal), goal
        goal = goal_board(4, goal_kind)
        yield apply_moves(goal, random_walk(goal, 30, rng)), goal


@pytest.mark.parametrize("name", ["manhattan", "linear-conflict", "pdb", "euclid", "relaxed"])
def test_kernels_and_python_search_walk_the_textbook_tree(name):
    for board, goal in boards():
        if name in ("euclid", "relaxed") and len(board) == 16:
            continue  # the weak heuristics' trees are large for the Python reference
        expected = textbook_idastar(board, goal, name)
        compiled = idastar_path(board, goal, name, python_nodes=0)
        assert compiled.stats["kernel"] == "numba" and summary(compiled) == expected
        assert apply_moves(board, compiled.moves) == goal
        if name in ("manhattan", "linear-conflict", "pdb"):
            python = idastar_path(board, goal, name, python_nodes=10**7)
            assert python.stats["kernel"] == "python" and summary(python) == expected
            assert python.stats["h0"] == compiled.stats["h0"]


def test_python_search_hands_over_past_its_budget():
    goal = goal_board(4, "blank-first")
    board = random_reachable_board(4, random.Random(3), goal)
    both = idastar_path(board, goal, "manhattan", python_nodes=50)
    alone = idastar_path(board, goal, "manhattan", python_nodes=0)
    assert both.stats["kernel"] == alone.stats["kernel"] == "numba"
    assert summary(both) == summary(alone) and both.stats["generated"] > 50


def test_limit_and_node_budget_answer_alike_in_both_searches():
    goal = goal_board(3)
    board = apply_moves(goal, "ULURDDLULDRR")
    optimal = len(idastar_path(board, goal, "pdb", python_nodes=0).moves)
    for python_nodes in (0, 10**6):
        short = idastar_path(board, goal, "pdb", limit=optimal - 1, python_nodes=python_nodes)
        assert short.moves is None and short.complete
        capped = idastar_path(board, goal, "linear-conflict", max_nodes=3, python_nodes=python_nodes)
        assert capped.stats["kernel"] == "numba"  # past max_nodes the Python search hands over


def test_incremental_heuristics_match_a_full_recount():
    from npw.solvers.npuz.pysearch import _Databases, _LinearConflict, _databases

    rng = random.Random(7)
    for kind in ("blank-first", "blank-last"):
        goal = goal_board(4, kind)
        goalpos = [goal.index(t) for t in range(16)]
        board = list(apply_moves(goal, random_walk(goal, 60, rng)))
        idastar_path(tuple(board), goal, "pdb", python_nodes=0)  # the databases are in the cache
        lc, pdb = _LinearConflict(board, 4, goalpos), _databases(board, 4, goal, goalpos)
        assert isinstance(pdb, _Databases)
        full_lc, full_pdb = heuristic_function("linear-conflict", goal), heuristic_function("pdb", goal)
        assert lc.h0() == full_lc(tuple(board)) and pdb.h0() == full_pdb(tuple(board))
        for _ in range(40):
            blank = board.index(0)
            options = [(m, blank + s) for m, s, ok in ((0, -4, blank >= 4), (1, 4, blank < 12),
                                                        (2, -1, blank % 4 > 0), (3, 1, blank % 4 < 3)) if ok]
            m, target = rng.choice(options)
            tile = board[target]
            board[blank], board[target] = tile, 0
            assert lc.child(m, blank, target, tile) == full_lc(tuple(board))
            assert pdb.child(m, blank, target, tile) == full_pdb(tuple(board))
            lc.accept()
            pdb.accept()


def test_databases_loaded_once_and_packed_without_copies():
    from npw.solvers.npuz.pdb import pattern_databases

    goal = goal_board(4, "blank-first")
    first, again = pattern_databases(goal).arrays(), pattern_databases(goal).arrays()
    assert first[2] is again[2]
    databases = pattern_databases(goal)
    assert all(np.shares_memory(table, databases.packed) for table in databases.tables)
    assert sum(len(t) for t in databases.tables) == len(databases.packed)


def test_cached_tables_read_without_numpy_refuse_damaged_files(tmp_path):
    from npw.solvers.npuz.pdb_files import read_table

    good = tmp_path / "good.npy"
    np.save(good, np.arange(10, dtype=np.uint8))
    assert list(read_table(good, 10)) == list(range(10))
    assert read_table(good, 11) is None  # another length
    other = tmp_path / "int.npy"
    np.save(other, np.arange(10, dtype=np.int64))
    assert read_table(other, 10) is None
    cut = tmp_path / "cut.npy"
    cut.write_bytes(good.read_bytes()[:-1])
    assert read_table(cut, 10) is None
    (tmp_path / "garbage.npy").write_bytes(b"garbage")
    assert read_table(tmp_path / "garbage.npy", 10) is None
    assert read_table(tmp_path / "missing.npy", 10) is None
