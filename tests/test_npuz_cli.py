"""npw puzzle: solve (and approx) on the one-line format; bad boards exit 2 with one line."""

import json

import pytest

from npw.instances.npuz.board import apply_moves, goal_board, parse_board
from npw.cli import main


@pytest.fixture(autouse=True)
def _cache(npw_cache):
    # pattern databases in pytest's cache folder, never the user's (see conftest.py)
    return npw_cache


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


def test_approx_and_render(capsys, tmp_path):
    code, out, err = run(capsys, "puzzle", "approx", "8 1 3 4 0 2 7 6 5", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert apply_moves(parse_board("8 1 3 4 0 2 7 6 5"), result["moves"]) == goal_board(3)
    assert result["length"] >= result["lower_bound"] > 0
    code, _, err = run(capsys, "puzzle", "approx", "1 2 3 4 5 6 8 7 0")
    assert code == 2 and "not reachable" in err
    svg = tmp_path / "b.svg"
    code, _, err = run(capsys, "puzzle", "render", "1 2 3 4 5 6 0 7 8", "--solve", "-o", str(svg))
    assert code == 0, err
    text = svg.read_text()
    assert text.startswith("<svg") and "after 2 moves" in text


def test_study_scatter(capsys, tmp_path):
    svg = tmp_path / "study.svg"
    code, out, err = run(capsys, "puzzle", "study", "--boards", "4", "--seed", "3", "--x", "manhattan",
                         "--y", "linear-conflict", "-o", str(svg), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["points"]) == 4
    assert all(p["linear-conflict"] <= p["manhattan"] * 10 and p["length"] >= 0 for p in data["points"])
    assert svg.read_text().count("<circle") == 4


def test_region_solver_and_timeout(capsys):
    board = "1 2 3 4 0 6 7 5 8"
    code, out, err = run(capsys, "puzzle", "solve", board, "--solver", "region", "--json")
    assert code == 0, err
    assert apply_moves(parse_board(board), json.loads(out)["moves"]) == goal_board(3)
    hard = "0 15 14 13 12 11 10 9 8 7 6 5 4 3 1 2"
    code, out, err = run(capsys, "puzzle", "solve", hard, "--goal", "blank-first", "--heuristic", "manhattan",
                         "--timeout", "0.2")
    assert code == 3 and out == "" and "no solution" in err  # EXIT_UNKNOWN


def test_generate_solve_render_emit(capsys, tmp_path):
    instance = tmp_path / "p.json"
    code, _, err = run(capsys, "generate", "npuz", "-g", "scrambled", "-p", "n=3", "-p", "walk=12", "--seed", "4",
                       "-o", str(instance))
    assert code == 0, err
    code, out, err = run(capsys, "solve", str(instance), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["answer"] == "YES" and result["backend"].startswith("idastar") and "nodes" in result["stats"]
    code, _, err = run(capsys, "render", str(instance), "-o", str(tmp_path / "p.svg"))
    assert code == 0 and "B2" in (tmp_path / "p.svg").read_text()
    code, out, err = run(capsys, "solve", str(instance), "--emit", "dimacs")
    assert code == 0 and "p cnf" in out
