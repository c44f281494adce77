"""The greedy row-by-row solver (issue 20's practical reference): every output replays to
the goal, the budget stops it, and the guided routes are measured shorter than the plain ones."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import apply_moves, goal_board, random_board, random_reachable_board
from npw.instances.npuz.reach import reachable
from npw.solvers.npuz.greedy import OverBudget, greedy_moves


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 9])
def test_random_pairs_replay_to_the_goal(n):
    rng = random.Random(100 + n)
    for _ in range(25):
        b1 = random_board(n, rng)
        b2 = random_reachable_board(n, rng, b1)
        for guided in (True, False):
            assert apply_moves(b1, greedy_moves(b1, b2, guided=guided)) == b2


def test_nearly_solved_boards_replay_to_the_goal():
    # few tiles out of place, the blank anywhere: the row-end and last-rows windows are
    # entered past placed tiles (a 1000 x 1000 board of this kind once walled the blank in)
    rng = random.Random(7)
    checked = 0
    for _ in range(300):
        n = rng.randint(3, 9)
        b2 = goal_board(n)
        b1 = list(b2)
        for _ in range(rng.randint(1, 3)):
            a, b, c = rng.sample([i for i in range(n * n) if b1[i]], 3)
            b1[a], b1[b], b1[c] = b1[b], b1[c], b1[a]
        z, i = rng.randrange(n * n), b1.index(0)
        b1[i], b1[z] = b1[z], b1[i]
        if reachable(tuple(b1), b2):
            checked += 1
            assert apply_moves(tuple(b1), greedy_moves(tuple(b1), b2)) == b2
    assert checked > 100


def test_solved_board_needs_no_moves():
    assert greedy_moves(goal_board(5), goal_board(5)) == ""


def test_budget_stops_it():
    rng = random.Random(3)
    b1 = random_board(6, rng)
    b2 = random_reachable_board(6, rng, b1)
    full = greedy_moves(b1, b2)
    assert greedy_moves(b1, b2, budget=len(full)) == full
    with pytest.raises(OverBudget):
        greedy_moves(b1, b2, budget=len(full) // 2)


def test_bad_pairs_refused():
    goal = goal_board(3)
    with pytest.raises(InvalidInstance, match="not reachable"):
        greedy_moves((2, 1) + goal[2:], goal)
    with pytest.raises(InvalidInstance, match="same tiles"):
        greedy_moves((0, 1, 2, 3, 4, 5, 6, 7, 9), goal)


def test_guided_routes_are_shorter_on_a_seeded_set():
    rng = random.Random(12)
    guided = plain = 0
    for _ in range(4):
        b1 = random_board(12, rng)
        b2 = random_reachable_board(12, rng, b1)
        guided += len(greedy_moves(b1, b2))
        plain += len(greedy_moves(b1, b2, guided=False))
    assert guided < plain
