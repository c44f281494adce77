"""The Section 5 approximation: any reachable pair, moves verified by simulation, ratio reported."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import apply_moves, goal_board, random_board, random_reachable_board
from npw.solvers.npuz.approx import _Board, approximate, three_cycle
from npw.solvers.npuz.bounds import theorem4_lower_bound
from npw.instances.npuz.reach import reachable


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 10, 16, 25])
def test_random_pairs_solved(n):
    rng = random.Random(n)
    for _ in range(6 if n <= 10 else 2):
        b1 = random_board(n, rng)
        b2 = random_reachable_board(n, rng, b1)
        result = approximate(b1, b2)
        assert apply_moves(b1, result.moves) == b2
        assert len(result.moves) >= result.lower_bound  # the bound is a bound
        assert result.lower_bound == theorem4_lower_bound(b1, b2).bound


def test_structured_pairs():
    rng = random.Random(9)
    for n in (3, 4, 6):
        goal = goal_board(n)
        assert approximate(goal, goal).moves == ""
        # one 3-cycle, far from the blank
        b = list(goal)
        b[0], b[1], b[n] = b[n], b[0], b[1]
        assert apply_moves(tuple(b), approximate(tuple(b), goal).moves) == goal
        # two far-apart swaps (two even cycles: reachable together)
        b = list(goal)
        b[0], b[1] = b[1], b[0]
        b[n * n - 3], b[n * n - 2 - n] = b[n * n - 2 - n], b[n * n - 3]
        assert reachable(tuple(b), goal)
        assert apply_moves(tuple(b), approximate(tuple(b), goal).moves) == goal
        for _ in range(5):  # boards with the blank elsewhere
            b1 = random_reachable_board(n, rng, goal)
            assert apply_moves(b1, approximate(b1, goal).moves) == goal


def test_three_cycle_macro_touches_nothing_else():
    rng = random.Random(5)
    n = 8
    for _ in range(30):
        cells = list(random_board(n, rng))
        p, q, r = rng.sample([i for i in range(n * n) if cells[i] != 0], 3)
        board = _Board(list(cells), n)
        three_cycle(board, p, q, r)
        expected = list(cells)
        expected[q], expected[r], expected[p] = cells[p], cells[q], cells[r]
        assert board.cells == expected
        assert tuple(apply_moves(tuple(cells), "".join(board.moves), n)) == tuple(expected)


def test_unreachable_rejected():
    goal = goal_board(4)
    with pytest.raises(InvalidInstance, match="not reachable"):
        approximate((2, 1) + goal[2:], goal)


def test_many_cycles_sparse_tree():
    # more than 400 cycles: the spanning tree comes from a nearest-neighbour graph
    rng = random.Random(3)
    n = 30
    b1 = goal_board(n)
    b2 = list(b1)
    cells = list(range(n * n - 1))
    rng.shuffle(cells)
    for i in range(420):
        b2[cells[2 * i]], b2[cells[2 * i + 1]] = b2[cells[2 * i + 1]], b2[cells[2 * i]]
    result = approximate(b1, tuple(b2))
    assert result.stats["cycles"] == 420
    assert apply_moves(b1, result.moves) == tuple(b2)
