"""Optimal npuz search: BFS, A*, IDA* agree; heuristics are consistent; deciders keep the contract."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npw.instances.npuz.board import NPuz, apply_moves, goal_board, neighbours, random_reachable_board, random_walk
from npw.solvers import solve
from npw.solvers.npuz.heuristics import HEURISTICS, heuristic_function
from npw.solvers.npuz.search import astar_path, bfs_path, idastar_path
from npw.solvers.result import Answer


@pytest.fixture(autouse=True)
def _cache(npw_cache):
    # pattern databases in pytest's cache folder, never the user's (see conftest.py)
    return npw_cache


def test_all_solvers_agree_on_seeded_8_puzzles():
    rng = random.Random(2026)
    goal = goal_board(3)
    for _ in range(5):  # 1,000 boards: bench/npuz_agreement.py
        board = random_reachable_board(3, rng, goal)
        lengths = {len(bfs_path(board, goal).moves)}
        for h in HEURISTICS:
            for search in (idastar_path, astar_path):
                outcome = search(board, goal, h)
                assert apply_moves(board, outcome.moves) == goal
                assert outcome.stats["nodes"] >= 1
                lengths.add(len(outcome.moves))
        assert len(lengths) == 1


def test_idastar_heuristics_agree_on_moderate_15_puzzles():
    rng = random.Random(15)
    goal = goal_board(4, "blank-first")
    for _ in range(3):
        board = apply_moves(goal, random_walk(goal, 40, rng))
        lengths = set()
        for h in ("manhattan", "linear-conflict", "pdb", "relaxed"):
            outcome = idastar_path(board, goal, h)
            assert apply_moves(board, outcome.moves) == goal
            lengths.add(len(outcome.moves))
        lengths.add(len(astar_path(board, goal, "pdb").moves))
        assert len(lengths) == 1


def test_compiled_initial_heuristic_matches_python():
    rng = random.Random(4)
    for n in (3, 4):
        goal = goal_board(n)
        for _ in range(10):
            board = random_reachable_board(n, rng, goal)
            for h in HEURISTICS:
                python = heuristic_function(h, goal)(board)
                compiled = idastar_path(board, goal, h, limit=0).stats["h0"]
                assert compiled == pytest.approx(int(-(-python // 1)) if h == "euclid" else python)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([2, 3, 4]), st.sampled_from(HEURISTICS))
def test_heuristics_consistent_and_zero_at_goal(seed, n, name):
    rng = random.Random(seed)
    goal = goal_board(n, rng.choice(["blank-first", "blank-last"]))
    h = heuristic_function(name, goal)
    assert h(goal) == 0
    board = apply_moves(goal, random_walk(goal, rng.randint(0, 80), rng))
    for _ in range(20):
        successors = list(neighbours(board, n))
        for _, child in successors:
            assert h(board) <= 1 + h(child) + 1e-9
        board = rng.choice(successors)[1]


def test_deciders_yes_no_unknown():
    goal = goal_board(3)
    board = apply_moves(goal, "ULURDDLU")
    optimal = len(bfs_path(board, goal).moves)
    for backend in ("idastar", "astar", "bfs", "idastar:manhattan", "astar:linear-conflict"):
        yes = solve(NPuz(3, board, goal, optimal), backend=backend)
        assert yes.answer is Answer.YES and len(yes.certificate) == optimal and "nodes" in yes.stats
        assert solve(NPuz(3, board, goal, optimal - 1), backend=backend).answer is Answer.NO
    swapped = (2, 1) + goal[2:]
    assert solve(NPuz(3, swapped, goal, 100), backend="idastar").answer is Answer.NO
    hard = (0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2)  # far from the goal
    result = solve(NPuz(4, hard, goal_board(4, "blank-first"), 200), backend="idastar:manhattan", timeout=0.3)
    assert result.answer is Answer.UNKNOWN


def test_pattern_databases_cached_and_rebuilt(tmp_path, monkeypatch):
    from npw.solvers.npuz.pdb import cache_dir, pattern_databases

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    goal = goal_board(3, "blank-first")
    pattern_databases.cache_clear()
    first = pattern_databases(goal)
    files = sorted((cache_dir() / "pdb").glob("*.pdb.npy"))
    assert cache_dir() == tmp_path / "npw" and len(files) == 2 and first.built
    pattern_databases.cache_clear()
    assert not pattern_databases(goal).built  # loaded from disk
    files[0].unlink()
    files[1].write_bytes(b"garbage")
    pattern_databases.cache_clear()
    again = pattern_databases(goal)
    assert again.built and all(f.exists() for f in files)
    assert all((a == b).all() for a, b in zip(first.tables, again.tables))
    pattern_databases.cache_clear()


def test_deciders_agree_on_verification_samples():
    from npw.instances.npuz.board import PROBLEM

    answers = {Answer.YES: 0, Answer.NO: 0}
    for seed in range(25):
        instance = PROBLEM.sample(seed)
        results = {b: solve(instance, backend=b).answer for b in ("idastar", "astar", "bfs", "sat")}
        assert len(set(results.values())) == 1, (instance, results)
        answers[results["idastar"]] += 1
    assert answers[Answer.YES] > 0 and answers[Answer.NO] > 0
