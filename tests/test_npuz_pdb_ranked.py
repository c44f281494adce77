"""Ranked pattern databases (indexed without the blank): admissible against exact distances,
their IDA* optimal (same lengths as the other solvers), cached like the other databases.
Small partitions only: the 7-8 and 6-6-6-6 tables take minutes and are never built here."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk
from npw.solvers.npuz.heuristics import default_heuristic
from npw.solvers.npuz.ida_ranked import ranked_idastar_path
from npw.solvers.npuz.pdb import build_database
from npw.solvers.npuz.pdb_ranked import (KORF_FELNER_6666, BuildInterrupted, build_table, partition, rank,
                                         ranked_databases, symmetries, table_key, table_path)
from npw.solvers.npuz.search import bfs_distances, idastar_path


@pytest.fixture(autouse=True)
def _cache(npw_cache):
    return npw_cache


PARTITIONS_3 = {"blank-first": [((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 3), (4, 5, 6, 7, 8)), ((8, 4, 1), (2, 3, 5, 6, 7))],
                "blank-last": [((0, 1, 2, 3), (4, 5, 6, 7)), ((0, 4, 1), (2, 3, 5, 6, 7))]}


@pytest.fixture(scope="module")
def exact_3():
    return {convention: bfs_distances(goal_board(3, convention)) for convention in PARTITIONS_3}


@pytest.mark.parametrize("convention", sorted(PARTITIONS_3))
def test_admissible_on_8_puzzles(exact_3, convention):
    goal = goal_board(3, convention)
    distance = exact_3[convention]
    boards = random.Random(20).sample(sorted(distance), 1500)
    for groups in PARTITIONS_3[convention]:
        dbs = ranked_databases(goal, groups)
        assert dbs.value(goal) == 0
        values = [dbs.value(board) for board in boards]
        assert all(v <= distance[b] for v, b in zip(values, boards))
        assert sum(values) > 0.5 * sum(distance[b] for b in boards)  # informative, not a constant 0


@pytest.mark.parametrize("n, group, blank", [(3, (1, 2, 3), 0), (3, (5, 7, 8), 0), (4, (1, 2, 4, 5), 0),
                                             (4, (6, 9, 10), 15)])
def test_entries_are_the_minimum_over_the_blank_of_the_search_with_the_blank(n, group, blank):
    """Independent check: the existing dense database (the blank in its index, its goal cell
    ``blank``) minimised over the blank's cells gives every ranked entry."""
    from itertools import permutations

    cells = n * n
    dense = build_database(n, group, blank).reshape(-1, cells)
    ranked = build_table(n, group, blank)
    for placement in permutations(range(cells), len(group)):
        index = sum(p * cells ** j for j, p in enumerate(placement))
        assert ranked[rank(placement, cells)] == dense[index].min()


def test_rank_is_a_bijection_onto_the_table():
    cells, k = 9, 3
    from itertools import permutations

    ranks = sorted(rank(p, cells) for p in permutations(range(cells), k))
    assert ranks == list(range(9 * 8 * 7))


def test_ida_lengths_equal_bfs_and_the_other_databases():
    rng = random.Random(2020)
    for convention, partitions in PARTITIONS_3.items():
        goal = goal_board(3, convention)
        dbs = [ranked_databases(goal, groups) for groups in partitions]
        for _ in range(6):
            board = random_reachable_board(3, rng, goal)
            lengths = {len(idastar_path(board, goal, "pdb").moves)}
            for db in dbs:
                outcome = ranked_idastar_path(board, goal, databases=db)
                assert apply_moves(board, outcome.moves) == goal
                assert outcome.stats["h0"] == db.value(board)
                lengths.add(len(outcome.moves))
            assert len(lengths) == 1


def test_15_puzzle_small_groups_agree_with_5_5_5():
    goal = goal_board(4, "blank-first")
    groups = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15))
    dbs = ranked_databases(goal, groups)
    assert dbs.reflect and len(dbs.tables) == 4  # the transposed partition needs no table of its own
    rng = random.Random(7)
    for _ in range(4):
        board = apply_moves(goal, random_walk(goal, 45, rng))
        ranked = ranked_idastar_path(board, goal, databases=dbs)
        plain = idastar_path(board, goal, "pdb")
        assert apply_moves(board, ranked.moves) == goal
        assert len(ranked.moves) == len(plain.moves)
        assert ranked.stats["h0"] == dbs.value(board) <= len(plain.moves)


def test_cached_loaded_and_rebuilt_when_damaged(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    goal = goal_board(3, "blank-first")
    groups = ((1, 2, 3, 4), (5, 6, 7, 8))
    first = ranked_databases(goal, groups)
    assert first.built
    paths = {table_path(3, table_key(3, g, 0)[0]) for g in groups}
    assert all(p.exists() and str(p).startswith(str(tmp_path)) for p in paths)
    assert not ranked_databases(goal, groups).built
    damaged = sorted(paths)[0]
    damaged.write_bytes(b"garbage")
    again = ranked_databases(goal, groups)
    assert again.built and all((a == b).all() for a, b in zip(first.tables, again.tables))
    with pytest.raises(BuildInterrupted):
        damaged.unlink()
        ranked_databases(goal, groups, deadline=lambda: True)


def test_named_partitions_and_their_distinct_tables():
    assert partition("pdb78", goal_board(4, "blank-first")) == (tuple(range(1, 8)), tuple(range(8, 16)))
    for convention in ("blank-first", "blank-last"):
        goal = goal_board(5, convention)
        groups = partition("pdb6666", goal)
        cells = sorted(c for g in groups for c in g)
        assert cells == [c for c in range(25) if goal[c] != 0]
        transpose = symmetries(5)[1]
        mirrored = [tuple(transpose[c] for c in g) for g in groups]
        blank = goal.index(0)
        keys = {table_key(5, g, blank)[0] for g in list(groups) + mirrored}
        assert len(keys) == 2  # 2 tables serve all 8 lookups, as in Korf & Felner
    assert partition("pdb6666", goal_board(5, "blank-first")) == KORF_FELNER_6666
    for n, name in ((4, "pdb78"), (5, "pdb6666")):  # every corner goal is served by the same tables
        first, last = goal_board(n, "blank-first"), goal_board(n, "blank-last")
        assert ({table_key(n, g, 0)[0] for g in partition(name, first)}
                == {table_key(n, g, n * n - 1)[0] for g in partition(name, last)})
    with pytest.raises(InvalidInstance):
        partition("pdb78", goal_board(3))
    with pytest.raises(InvalidInstance):
        ranked_databases(goal_board(3), ((1, 2, 3), (4, 5, 6)))  # not a partition


def test_default_heuristic_and_a_timeout_during_the_build():
    assert default_heuristic(5, goal_board(5)) == "linear-conflict"  # the test cache has no 6-6-6-6 tables
    board = apply_moves(goal_board(5), "UULL")
    outcome = idastar_path(board, goal_board(5), "pdb6666", timeout=1e-9)
    assert outcome.moves is None and not outcome.complete and "interrupted" in outcome.stats


def test_default_heuristic_is_the_strongest_cached_one(tmp_path, monkeypatch):
    # issue 36: the 7-8 databases are the 4 x 4 default once their files are in the cache (their
    # headers are read: sparse files of the right size stand in for 577 MB of tables)
    import numpy.lib.format as npy

    from npw.solvers.npuz.ranked_files import lookup_plan, table_size

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for convention in ("blank-first", "blank-last"):
        assert default_heuristic(4, goal_board(4, convention)) == "pdb"
    goal = goal_board(4, "blank-first")
    keys = lookup_plan(goal, partition("pdb78", goal))[0]
    for number, key in enumerate(keys):
        path = table_path(4, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            npy.write_array_header_1_0(handle, {"descr": "|u1", "fortran_order": False,
                                                "shape": (table_size(16, len(key[0])) - (number == 1),)})
            handle.truncate(handle.tell() + table_size(16, len(key[0])))
        assert default_heuristic(4, goal) == "pdb"  # one table missing, or the second one's header wrong
    with open(table_path(4, keys[1]), "r+b") as handle:  # the right length in the header
        npy.write_array_header_1_0(handle, {"descr": "|u1", "fortran_order": False,
                                            "shape": (table_size(16, len(keys[1][0])),)})
    assert default_heuristic(4, goal) == "pdb78"
    assert default_heuristic(4, goal_board(4, "blank-last")) == "pdb78"  # the same tables, mirrored
    assert default_heuristic(5, goal_board(5)) == "linear-conflict"


def test_command_line_refuses_a_ranked_database_of_another_size(capsys):
    from npw.cli import main

    assert main(["puzzle", "solve", "1 2 3 4 5 6 0 7 8", "--heuristic", "pdb78"]) == 2
    err = capsys.readouterr().err
    assert "4 x 4" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
