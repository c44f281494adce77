"""nPUZ on the scale of 224sat-to-npuz: long certificates checked strictly, and IDA* refusing
at once the boards past its reach (issue 33, the verifier's default run)."""

import random
import time

from npw.instances.npuz.board import NPuz, OPPOSITE, apply_moves, goal_board, random_walk
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.registry import get_reduction
from npw.solvers.npuz.search import IDASTAR_REACH_MOVES, solve_idastar
from npw.solvers.result import Answer
from npw.verify.check import check_case


def _long_case(n: int = 30, steps: int = 120_000) -> tuple[NPuz, str]:
    """A board ``steps`` random moves from the goal and the walk back, as long as the certificates
    of the default stream's 6-clause formulas (120,111 moves)."""
    goal = goal_board(n)
    walk = random_walk(goal, steps, random.Random(3), n)
    back = "".join(OPPOSITE[m] for m in reversed(walk))
    return NPuz(n, apply_moves(goal, walk, n), goal, steps), back


def test_a_long_certificate_is_checked_move_by_move():
    puzzle, moves = _long_case()
    assert puzzle.verify(moves)
    middle = len(moves) // 2
    # one move changed in the middle: a detour of two moves leaves the wrong board (or the board)
    other = next(m for m in "UDLR" if m != moves[middle])
    assert not puzzle.verify(moves[:middle] + other + moves[middle + 1:])
    assert not puzzle.verify(moves[:middle] + moves[middle + 1:])  # one move dropped
    assert not puzzle.verify(moves[:-1])  # the last move missing: not the goal
    assert not puzzle.verify(moves[:middle] + "X" + moves[middle + 1:])  # not a move
    assert not puzzle.verify(moves + "UD")  # the goal again, but two moves over k
    assert not NPuz(puzzle.n, puzzle.start, puzzle.goal, puzzle.k - 1).verify(moves)  # one over k
    # a walk off the board: from the goal (blank bottom right), right is off the board
    assert not puzzle.verify(moves + "R")


def test_idastar_refuses_at_once_past_its_reach():
    target = get_reduction("224sat-to-npuz").reduce(TwoTwoFourSat(1, [(1, -1, 1, -1)]))
    began = time.perf_counter()
    result = solve_idastar(target, timeout=60)
    assert time.perf_counter() - began < 5  # not the 60 s it ran out undecided
    assert result.answer is Answer.UNKNOWN and "past IDA*'s reach" in result.stats["refused"]
    assert result.stats["proved_lower_bound"] > IDASTAR_REACH_MOVES


def test_the_verifier_records_the_refusal_and_rests_the_yes_on_the_forward_certificate():
    case = check_case(get_reduction("224sat-to-npuz"), TwoTwoFourSat(1, [(1, -1, 1, -1)]), timeout=60)
    assert not case.failures
    assert case.target_answer is Answer.YES and "target:forward-certificate" in case.times
    assert any("idastar" in line and "past IDA*'s reach" in line for line in case.refusals)
    assert case.times.get("target:idastar", 0) < 5
