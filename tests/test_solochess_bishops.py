"""Theorem 3.10 (pm3sat-2occ -> Solo Chess {king^1, bishop}, npw.reductions.solochess.pm3sat_bishop)
and the walk decider's lemma for rider villains (npw.solvers.solochess.walk), checked against the
exhaustive search on random small boards of the class."""

import itertools
import random

import pytest
from sat_board_checks import assert_provenance_names_every_element, assert_solved_both_ways

from npw.instances.base import InvalidInstance
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ as Formula
from npw.instances.solochess.board import Piece, SoloChess, dense_instance, random_instance
from npw.instances.solochess.collapse import line_components, villain_components
from npw.reductions.registry import get_reduction
from npw.reductions.solochess import pm3sat_bishop
from npw.solvers.result import Answer
from npw.solvers.solochess import search, walk

RID = "pm3sat-to-solochess-king-bishop"
FIGURE_5 = Formula(3, [(1, 2, 3), (-1, -2, -3), (-2, -3)], order=(1, 2, 3))


def _rider_board(seed: int, special: str, villain: str) -> SoloChess:
    rng = random.Random(seed)
    maker = rng.choice([random_instance, dense_instance])
    return maker(seed, rng.randint(3, 5), rng.randint(3, 5), rng.randint(2, 8), (villain,), special)


@pytest.mark.parametrize("special, villain, count", [("king", "bishop", 1000), ("knight", "rook", 150),
                                                     ("knight", "queen", 150), ("pawn", "bishop", 150)])
def test_rider_walk_agrees_with_the_exhaustive_search(special, villain, count):
    answers, checked, seed = set(), 0, 0
    while checked < count:
        seed += 1
        board = _rider_board(seed, special, villain)
        if walk.applies(board) is not None:
            continue
        fast, slow = walk.solve(board), search.solve(board, method="exhaustive")
        assert fast.answer == slow.answer, seed
        if fast.answer is Answer.YES:
            assert board.verify(fast.certificate)
            assert board.verify(walk.solve(board, order_seed=seed).certificate)
        answers.add(fast.answer)
        checked += 1
    assert answers == {Answer.YES, Answer.NO}  # both answers occur in the sample


def test_the_line_condition_refuses_a_king_between_bishops():
    # (0, 0) and (2, 2) share a diagonal but the king on (1, 1) stands between them: they are in
    # line (one component for the necessity) yet never see each other (two for the collapse)
    board = SoloChess(3, 3, (Piece(1, 1, "king"), Piece(0, 0, "bishop"), Piece(2, 2, "bishop")), special=(1, 1))
    assert len(line_components(board)) == 1 and len(villain_components(board)) == 2
    with pytest.raises(InvalidInstance, match="splits a line"):
        walk.solve(board)
    assert search.solve(board).answer is search.solve(board, method="exhaustive").answer is Answer.NO


def test_far_bishops_on_one_diagonal_are_one_component():
    # (5, 5) is five squares from the king's only neighbour (0, 0) but sees it: YES; a bishop on
    # (1, 2), next to the king but on no line with another bishop and not next to (0, 0): NO
    board = SoloChess(6, 6, (Piece(0, 1, "king"), Piece(0, 0, "bishop"), Piece(5, 5, "bishop")), special=(0, 1))
    assert walk.applies(board) is None
    result = walk.solve(board)
    assert result.answer is Answer.YES and board.verify(result.certificate)
    board = SoloChess(6, 6, board.pieces + (Piece(1, 2, "bishop"),), special=(0, 1))
    assert walk.solve(board).answer is search.solve(board, method="exhaustive").answer is Answer.NO


def test_figure_5_both_ways():
    reduction = get_reduction(RID)
    board = reduction.reduce(FIGURE_5)
    assert board.size()["pieces"] == reduction.size(FIGURE_5)["pieces"]
    assert {p.kind for p in board.pieces} == {"king", "bishop"}
    assert all(c.check(FIGURE_5, board) is True for c in reduction.claims if c.stage == "target")
    assert_solved_both_ways(reduction, FIGURE_5, board)


@pytest.mark.parametrize("formula", [
    Formula(1, [(1,), (-1,)]),
    Formula(2, [(1, 2), (-1,), (-2,)]),
    Formula(3, [(1, 2, 3), (-1,), (-2,), (-3,)], order=(1, 2, 3)),
])
def test_unsatisfiable_formulas_give_unsolvable_boards(formula):
    assert not any(formula.verify(bits) for bits in itertools.product((False, True), repeat=formula.num_vars))
    result = search.solve(get_reduction(RID).reduce(formula))
    assert result.answer is Answer.NO and result.stats["method"] == "walk"


def test_clause_pieces_are_dark_and_all_others_light():
    lay = pm3sat_bishop.layout(FIGURE_5)
    clause = {q for squares in lay.literal_squares for q in squares} | set().union(*lay.connectors)
    assert all((x + y) % 2 == 1 for x, y in clause)
    others = lay.knights - clause - {lay.top[0]}
    assert others and all((x + y) % 2 == 0 for x, y in others)


def test_claims_catch_a_bishop_on_a_clause_diagonal():
    # a dark bishop three squares down-right of (x1 or x2 or x3)'s lowest literal shares its
    # anti-diagonal: the clause's component grows beyond its literals and corners
    reduction = get_reduction(RID)
    lay = pm3sat_bishop.layout(FIGURE_5)
    ax, ay = min(lay.literal_squares[0], key=lambda q: q[1])
    extra = lay.to_board((ax + 3, ay - 3))
    board = reduction.reduce(FIGURE_5)
    assert extra not in {p.square for p in board.pieces}
    spoiled = SoloChess(board.width, board.height, board.pieces + (Piece(*extra, "bishop"),), board.special)
    claim = next(c for c in reduction.claims if c.name == "clause bishops meet the paths only at their literals")
    assert claim.check(FIGURE_5, board) is True
    assert "component" in claim.check(FIGURE_5, spoiled)


def test_provenance_names_every_source_element():
    reduction = get_reduction(RID)
    assert_provenance_names_every_element(reduction, FIGURE_5)


def test_exhaustive_search_agrees_on_the_smallest_no_board():
    # independent of the walk lemma: the exhaustive search settles (x1) and (not x1), 34 pieces
    board = get_reduction(RID).reduce(Formula(1, [(1,), (-1,)]))
    assert search.solve(board, method="exhaustive", timeout=120).answer is Answer.NO
