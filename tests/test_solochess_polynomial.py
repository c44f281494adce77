"""Theorem 2.2 (one piece type: a spanning in-arborescence of the immediate capture graph) and
Theorem 2.16 (hero S^1, villains T, S a subset of T, T symmetric: the search over interesting
hero paths) agree with the exhaustive search, for every standard piece combination they cover;
their certificates replay (the dispatcher checks every YES). The full 10,000-board-per-combination
run is ``bench/solochess_polynomial_agreement.py``."""

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import (THEOREM_2_16_PAIRS, THEOREM_2_2_TYPES, Piece, SoloChess,
                                 agreement_instance)
from npw.solvers import Answer, solve
from npw.solvers.solochess import hero as solochess_hero, spanning as solochess_spanning

BOARDS_PER_COMBINATION = 30


@pytest.mark.parametrize("villain", THEOREM_2_2_TYPES)
def test_theorem_2_2_agrees_with_search(villain):
    answers = []
    for seed in range(BOARDS_PER_COMBINATION):
        board = agreement_instance(seed, villain)
        assert solochess_spanning.applies(board) is None
        fast, exact = solve(board, "theorem2.2"), solve(board, "search")
        assert fast.answer == exact.answer, board.to_dict()
        answers.append(exact.answer)
    assert set(answers) == {Answer.YES, Answer.NO}


@pytest.mark.parametrize("hero,villain", THEOREM_2_16_PAIRS)
def test_theorem_2_16_agrees_with_search(hero, villain):
    answers = []
    for seed in range(BOARDS_PER_COMBINATION):
        board = agreement_instance(seed, villain, hero)
        assert solochess_hero.applies(board) is None
        fast, exact = solve(board, "theorem2.16"), solve(board, "search")
        assert fast.answer == exact.answer, board.to_dict()
        answers.append(exact.answer)
    assert set(answers) == {Answer.YES, Answer.NO}


def test_theorem_2_2_reads_captures_off_a_directed_arborescence():
    # pawns: the immediate capture graph is directed; the root is the top pawn
    board = SoloChess(3, 3, (Piece(0, 0, "pawn"), Piece(1, 1, "pawn"), Piece(2, 0, "pawn"), Piece(0, 2, "pawn")))
    result = solve(board, "theorem2.2")
    assert result.answer is Answer.YES and board.verify(result.certificate)
    assert result.certificate[-1][1] == (0, 2)


def test_polynomial_deciders_refuse_boards_outside_their_theorem():
    two_types = SoloChess(2, 2, (Piece(0, 0, "rook"), Piece(1, 1, "bishop")))
    with pytest.raises(InvalidInstance, match="one piece type"):
        solve(two_types, "theorem2.2")
    pawn_villains = SoloChess(2, 2, (Piece(0, 0, "pawn"), Piece(1, 1, "pawn")), special=(0, 0))
    with pytest.raises(InvalidInstance, match="symmetric"):
        solve(pawn_villains, "theorem2.16")
    knight_among_queens = SoloChess(3, 3, (Piece(0, 0, "knight"), Piece(1, 2, "queen")), special=(0, 0))
    with pytest.raises(InvalidInstance, match="subset"):
        solve(knight_among_queens, "theorem2.16")
    with pytest.raises(InvalidInstance, match="special"):
        solve(SoloChess(2, 1, (Piece(0, 0, "rook"), Piece(1, 0, "rook"))), "theorem2.16")


@pytest.mark.parametrize("reduction_id", ["hampath-to-solochess-rook-king", "hampath-to-solochess-queen-king"])
def test_theorem_2_16_conditions_are_settled_on_a_large_board_at_once(reduction_id):
    # the conditions were checked by listing every move of every square: on the 229 x 125
    # board of rooks and kings (a hampath-to-solochess target) that was 600 million squares
    # between, run before the decider's deadline started (over 60 s for a 5 s limit); the
    # queen's board is 7,525 wide
    import time

    from npw.instances import get_problem
    from npw.reductions.registry import get_reduction

    reduction = get_reduction(reduction_id)
    source = get_problem(reduction.source).generate(next(iter(get_problem(reduction.source).generators)), 1)
    target = reduction.reduce(source)
    assert target.width * target.height > 20_000
    began = time.perf_counter()
    reason = solochess_hero.applies(target)
    assert time.perf_counter() - began < 2.0
    assert reason is not None and "subset" in reason  # a rook or queen hero among king villains
    hero_kind = target.special_kind()
    one_type = SoloChess(target.width, target.height,
                         tuple(Piece(*p.square, hero_kind) for p in target.pieces), special=target.special)
    began = time.perf_counter()
    assert solochess_hero.applies(one_type) is None
    assert time.perf_counter() - began < 2.0
