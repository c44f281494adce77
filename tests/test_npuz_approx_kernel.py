"""The approximation's compiled engine against its Python reference: the same moves, packed."""

import io
import random

import pytest

pytest.importorskip("numba")

from npw.instances.base import InvalidInstance  # noqa: E402
from npw.instances.npuz.board import apply_moves, goal_board, random_board, random_reachable_board  # noqa: E402
from npw.solvers.npuz.approx import approximate  # noqa: E402
from npw.solvers.npuz.approx_kernel import (  # noqa: E402
    KernelOverBudget, PackedMoves, cancel_inverse_pairs_packed, greedy_packed, replay_ok)
from npw.solvers.npuz.greedy import OverBudget, greedy_moves  # noqa: E402
from npw.solvers.npuz.improve import cancel_inverse_pairs  # noqa: E402


def _pairs(n, seeds):
    for seed in seeds:
        rng = random.Random(1000 * n + seed)
        b1 = random_board(n, rng)
        yield b1, random_reachable_board(n, rng, b1)


@pytest.mark.parametrize("n", range(3, 13))
def test_same_moves_as_the_python_greedy_solver(n):
    for b1, b2 in _pairs(n, range(3)):
        for guided in (True, False):
            packed = greedy_packed(b1, b2, guided=guided)
            assert packed.to_str() == greedy_moves(b1, b2, guided=guided)
            assert replay_ok(b1, packed, b2)


def test_budget_stops_where_the_reference_stops():
    for b1, b2 in _pairs(9, range(2)):
        full = len(greedy_moves(b1, b2))
        for budget in (full // 3, full - 40, full + 10):
            try:
                expected = greedy_moves(b1, b2, budget=budget)
            except OverBudget:
                expected = None
            try:
                got = greedy_packed(b1, b2, budget=budget).to_str()
            except KernelOverBudget:
                got = None
            assert got == expected
        assert expected is not None  # the last budget is above the full length


def test_packing_cancelling_and_the_checker():
    rng = random.Random(4)
    for length in (0, 1, 3, 4, 5, 17, 400):
        moves = "".join(rng.choice("UDLR") for _ in range(length))
        packed = PackedMoves.from_str(moves)
        assert packed.to_str() == moves and packed.to_str(2, 9) == moves[2:9]
        stream = io.StringIO()
        packed.write(stream, chunk=7)
        assert stream.getvalue() == moves
        assert cancel_inverse_pairs_packed(packed).to_str() == cancel_inverse_pairs(moves)
    board = goal_board(4)  # blank at the bottom-right corner
    assert replay_ok(board, PackedMoves.from_str("ULDR"), apply_moves(board, "ULDR"))
    assert not replay_ok(board, PackedMoves.from_str("D"), board)  # off the board
    assert not replay_ok(board, PackedMoves.from_str("UL"), board)  # elsewhere


def test_approximate_uses_the_compiled_engine_and_stays_within_8x():
    for b1, b2 in _pairs(24, [1]):
        result = approximate(b1, b2)
        assert result.stats["engine"] == "compiled" and result.packed is not None
        assert replay_ok(b1, result.packed, b2) and apply_moves(b1, result.moves) == b2
        assert result.length == len(result.moves) < 8 * result.lower_bound
        # the reference engine: the same greedy sequence, improved by the same passes
        reference = approximate(b1, b2, engine="python", local=False)
        assert reference.stats["method"] == "greedy"
        assert approximate(b1, b2, local=False).moves == reference.moves


def test_sparse_board_falls_back_to_section5_and_bad_engines_are_refused():
    n = 30
    b1 = goal_board(n)
    b2 = list(b1)
    b2[0], b2[n * n - 2], b2[n * n - 3] = b2[n * n - 2], b2[n * n - 3], b2[0]
    result = approximate(b1, tuple(b2))
    assert result.stats["method"] == "section5" and result.stats["engine"].startswith("python")
    assert apply_moves(b1, result.moves) == tuple(b2)
    with pytest.raises(InvalidInstance, match="unknown engine"):
        approximate(b1, b1, engine="numba")
    with pytest.raises(InvalidInstance, match="no Section 5"):
        approximate(b1, b1, method="section5", engine="compiled")
