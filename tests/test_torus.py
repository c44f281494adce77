"""The torus puzzle (seed 001, Section 2): moves, metrics, the constructive solver, BFS."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.torus.puzzle import TorusBoard, TorusPuzzle, random_board
from npw.instances.torus.moves import Move, drag_number, parse_moves, push_number, simplify
from npw.solvers import Answer, solve
from npw.solvers.torus.constructive import solve_board, three_elements_rotation, triangle_rotation


def _ops(ops, m, n):
    from npw.instances.torus.moves import shift
    return [shift(a, i, s, n if a == "R" else m) for a, i, s in ops]


def test_move_notation_and_metrics():
    moves = parse_moves("R2E3 C0N1, r2e1")
    assert [str(m) for m in moves] == ["R2E3", "C0N1", "R2E1"]
    assert push_number(moves) == 5 and drag_number(moves) == 3
    assert drag_number(parse_moves("R0E1 R0E1 R0E2")) == 1 and push_number(parse_moves("R0E1 R0E1 R0E2")) == 4
    assert drag_number(parse_moves("R0E1 R0W1")) == 2
    with pytest.raises(InvalidInstance):
        Move.parse("R1N2")  # a row does not move north
    with pytest.raises(InvalidInstance):
        Move.parse("X")


def test_apply_rotates_cyclically_and_simplify_keeps_the_effect():
    board = TorusBoard.initial(3, 4)
    assert board.apply(parse_moves("R0E1")).row(0) == (4, 1, 2, 3)
    assert board.apply(parse_moves("R0W1")).row(0) == (2, 3, 4, 1)
    assert board.apply(parse_moves("C1S1")).at(0, 1) == 10
    assert board.apply(parse_moves("C1N4")) == board.apply(parse_moves("C1N1"))
    rng = random.Random(3)
    for _ in range(50):
        moves = parse_moves(" ".join(
            f"R{rng.randrange(3)}{rng.choice('EW')}{rng.randint(1, 5)}" if rng.random() < 0.5 else
            f"C{rng.randrange(4)}{rng.choice('NS')}{rng.randint(1, 5)}" for _ in range(8)))
        short = simplify(moves, 3, 4)
        assert board.apply(short) == board.apply(moves)
        assert drag_number(short) <= drag_number(moves) and push_number(short) <= push_number(moves)


def test_json_round_trip_and_validation():
    puzzle = TorusPuzzle(2, 3, (2, 1, 3, 4, 5, 6), bound=9, metric="push")
    assert TorusPuzzle.from_dict(puzzle.to_dict()) == puzzle
    with pytest.raises(InvalidInstance, match="occurs twice"):
        TorusBoard(2, 2, (1, 1, 2, 3))
    with pytest.raises(InvalidInstance, match="metric"):
        TorusPuzzle(2, 2, (1, 2, 3, 4), metric="swap")


def test_triangle_and_three_elements_rotation_are_3_cycles():
    m, n = 3, 5
    start = TorusBoard.initial(m, n)
    after = start.apply(_ops(triangle_rotation(2, 2), m, n))
    changed = {i for i in range(m * n) if after.cells[i] != start.cells[i]}
    assert changed == {1 * n + 2, 2 * n + 2, 2 * n + 1}
    for spread in (1, 2):
        ops = _ops(three_elements_rotation(2, 2, True, spread), m, n)
        after = start.apply(ops)
        assert after.row(0) == start.row(0) and after.row(1) == start.row(1)
        row = list(start.row(2))
        row[2 - spread], row[2], row[2 + spread] = row[2], row[2 + spread], row[2 - spread]
        assert after.row(2) == tuple(row)
        assert drag_number(ops) == 7 and len(ops) == 8


def test_lemma_2_parity_on_odd_boards():
    swapped = TorusBoard(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 9))
    moves, stats = solve_board(swapped)
    assert moves is None and "Lemma 2" in stats["reason"] and "odd permutation" in stats["reason"]
    result = solve(TorusPuzzle(3, 3, swapped.cells), backend="constructive")
    assert result.answer is Answer.NO


def test_lemma_1_swap_on_boards_with_an_even_side():
    for m, n in [(2, 3), (3, 2), (4, 5), (5, 4), (2, 2)]:
        cells = list(range(1, m * n + 1))
        cells[0], cells[1] = cells[1], cells[0]  # one transposition: an odd board
        moves, stats = solve_board(TorusBoard(m, n, tuple(cells)))
        assert moves is not None and TorusBoard(m, n, tuple(cells)).apply(moves).is_initial()


def test_constructive_replays_on_50_random_boards_up_to_side_30():
    rng = random.Random(11)
    for index in range(50):
        m, n = rng.randint(2, 30), rng.randint(2, 30)
        if index < 10:
            m, n = rng.randint(1, 4), rng.randint(1, 4)
        board = random_board(rng.randrange(2**31), m, n, solvable=True)
        moves, stats = solve_board(board)
        assert board.apply(moves).is_initial()
        assert stats["drag"] <= 7 * m * n + 14 * n  # O(mn), the bound the docstring states


def test_single_line_boards():
    assert solve_board(TorusBoard(1, 4, (3, 4, 1, 2)))[0] is not None
    moves, stats = solve_board(TorusBoard(1, 4, (2, 1, 3, 4)))
    assert moves is None and "single line" in stats["reason"]


def test_constructive_respects_the_bound():
    board = random_board(5, 4, 4)
    moves, _ = solve_board(board)
    tight = TorusPuzzle(4, 4, board.cells, bound=drag_number(moves))
    assert solve(tight, backend="constructive").answer is Answer.YES
    assert solve(TorusPuzzle(4, 4, board.cells, bound=1), backend="constructive").answer is Answer.UNKNOWN


# -- exhaustive search ----------------------------------------------------------------------

from npw.solvers.torus.bfs import all_distances, distance_distribution, optimal_moves  # noqa: E402


def test_diameters_pinned_for_small_boards():
    # figures recorded in BENCHMARKS.md (npw torus diameter 2 3 / 2 4)
    small = distance_distribution(2, 3, "drag")
    assert small["states"] == 720 and small["diameter"] == 7
    assert small["distribution"] == [1, 7, 31, 115, 274, 253, 36, 3]
    push = distance_distribution(2, 4, "push")
    assert push["states"] == 40320 and push["diameter"] == 10 and push["distribution"][-1] == 4
    assert distance_distribution(2, 4, "drag")["diameter"] == 8


def test_numpy_bfs_matches_a_plain_dict_bfs():
    for m, n, metric in [(2, 3, "drag"), (2, 4, "push"), (2, 4, "drag")]:
        counts: dict[int, int] = {}
        for _, d in all_distances(m, n, metric):
            counts[d] = counts.get(d, 0) + 1
        assert [counts[d] for d in range(len(counts))] == distance_distribution(m, n, metric)["distribution"]


def test_bidirectional_search_is_optimal():
    for m, n, metric in [(2, 3, "drag"), (2, 4, "push"), (2, 4, "drag")]:
        distance = dict(all_distances(m, n, metric))
        rng = random.Random(m * 10 + n)
        states = sorted(distance)
        for cells in rng.sample(states, 40):
            board = TorusBoard(m, n, cells)
            moves = optimal_moves(board, metric)
            assert board.apply(moves).is_initial()
            measured = drag_number(moves) if metric == "drag" else push_number(moves)
            assert len(moves) == distance[cells] == measured


def test_bfs_decider_against_the_bound():
    board = TorusBoard(2, 3, (2, 1, 3, 4, 5, 6))
    assert solve(TorusPuzzle(2, 3, board.cells, bound=5), backend="bfs").answer is Answer.YES
    assert solve(TorusPuzzle(2, 3, board.cells, bound=4), backend="bfs").answer is Answer.NO
    assert solve(TorusPuzzle(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 9)), backend="bfs").answer is Answer.NO


def test_cli_torus(capsys):
    import json

    from npw.cli import main

    assert main(["torus", "diameter", "2", "2", "--metric", "push", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"rows", "cols", "metric", "states", "diameter", "distribution"} and data["diameter"] == 4
    assert main(["torus", "solve", "2 1 3/4 5 6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["optimal"]["drag"] == 5 and data["constructive"]["drag"] >= 5
    assert main(["torus", "solve", "2 1 3/4 5 6/7 8 9"]) == 0
    assert "Lemma 2" in capsys.readouterr().out
    assert main(["torus", "solve", "1 2/3"]) == 2
    assert main(["torus", "diameter", "4", "4"]) == 2
    assert capsys.readouterr().err.count("\n") == 2
