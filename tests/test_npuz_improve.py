"""Local improvement of move sequences: the end board never changes, the sequence never
grows, and known redundancies are found."""

import random

import pytest

from npw.instances.npuz.board import apply_moves, goal_board, random_board, random_walk
from npw.solvers.npuz.improve import cancel_inverse_pairs, improve, remove_repeated_states, resolve_windows


@pytest.mark.parametrize("width", [4, 6, 8, 10])
def test_same_end_board_never_longer(width):
    rng = random.Random(width)
    shortened = 0
    for _ in range(60):
        n = rng.randint(2, 6)
        board = random_board(n, rng)
        moves = random_walk(board, rng.randint(0, 150), rng)
        end = apply_moves(board, moves)
        for result in (resolve_windows(board, moves, width), remove_repeated_states(board, moves),
                       cancel_inverse_pairs(moves), improve(board, moves, width)):
            assert apply_moves(board, result) == end
            assert len(result) <= len(moves)
        shortened += len(resolve_windows(board, moves, width)) < len(moves)
    if width >= 8:  # random walks without immediate reversals still hold short detours
        assert shortened > 0


def test_loops_are_cut():
    board = goal_board(4)
    # three turns of the blank round a 2 x 2 block give the board back
    assert remove_repeated_states(board, "ULDR" * 3) == ""
    assert remove_repeated_states(board, "L" + "ULDR" * 3 + "U") == "LU"
    # a window of two moves forgets the start before the loop of twelve closes
    assert remove_repeated_states(board, "ULDR" * 3, window=2) == "ULDR" * 3
    # two turns are one turn the other way
    assert resolve_windows(board, "ULDR" * 2, 8) == "LURD"
    assert improve(board, "UL" + "ULDR" * 3 + "RD") == ""


def test_nothing_to_gain_on_a_shortest_sequence():
    board = goal_board(5)
    assert improve(board, "UUULLL") == "UUULLL"
