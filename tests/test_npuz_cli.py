"""npw puzzle: solve (and approx) on the one-line format; bad boards exit 2 with one line."""

import json

import pytest

from instances.npuz import apply_moves, goal_board, parse_board
from npw.cli import main


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("solver", ["bfs", "astar", "idastar"])
def test_solve_json(capsys, solver):
    board = "1 2 3 4 0 6 7 5 8"
    code, out, err = run(capsys, "puzzle", "solve", board, "--solver", solver, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert set(result) == {"length", "moves", "nodes", "seconds"}
    assert result["length"] == 2 == len(result["moves"])
    assert apply_moves(parse_board(board), result["moves"]) == goal_board(3)


def test_solve_blank_first_file_and_heuristics(capsys, tmp_path):
    goal = goal_board(4, "blank-first")
    board = apply_moves(goal, "DRDRRDLU")
    path = tmp_path / "b.txt"
    path.write_text(" ".join(map(str, board)) + "\n")
    lengths = set()
    for h in ("manhattan", "linear-conflict", "pdb", "relaxed", "euclid"):
        code, out, err = run(capsys, "puzzle", "solve", str(path), "--goal", "blank-first", "--heuristic", h, "--json")
        assert code == 0, err
        result = json.loads(out)
        assert apply_moves(board, result["moves"]) == goal
        lengths.add(result["length"])
    assert lengths == {8}


@pytest.mark.parametrize("board, words", [
    ("1 2 3 4 5 6 7 7 0", "occurs twice"),
    ("1 2 3 4 5 0", "not a square"),
    ("1 2 3 4 5 6 8 7 0", "not reachable"),
    ("1 2 x 4", "not a number"),
])
def test_bad_boards_exit_2(capsys, board, words):
    code, out, err = run(capsys, "puzzle", "solve", board)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1
