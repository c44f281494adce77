"""Theorem 3.11 with queens (pm3sat-2occ -> Solo Chess {knight^1, queen}): the gadget found by
bench/solochess_queen_gadgets.py, the split of variables with two occurrences of each sign, and
the claims failing on boards that break the proof's conditions."""

import dataclasses
import itertools

import pytest
from sat_board_checks import assert_provenance_names_every_element, assert_solved_both_ways

from npw.instances.base import InvalidInstance
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ as Formula
from npw.instances.solochess.board import Piece
from npw.reductions.registry import get_reduction
from npw.reductions.solochess import pm3sat_knight_queen as queen
from npw.solvers.result import Answer
from npw.solvers.solochess import search, walk

RID = "pm3sat-to-solochess-knight-queen"
FIGURE_5 = Formula(3, [(1, 2, 3), (-1, -2, -3), (-2, -3)], order=(1, 2, 3))
NO_1 = Formula(1, [(1,), (-1,)])
BOTH_TWICE = Formula(2, [(1, 2), (1,), (-1, -2), (-1,)], order=(1, 2))  # x1 occurs twice with each sign
SPLIT_YES = Formula(3, [(1, 2), (1, 3), (-1, -2), (-1, -3)], order=(1, 2, 3))  # the same, satisfiable


def _claims(source, board):
    return {c.name: c.check(source, board) for c in get_reduction(RID).claims if c.stage == "target"}


@pytest.mark.parametrize("formula", [FIGURE_5, SPLIT_YES, Formula(2, [(1,), (-1, -2)])])
def test_satisfiable_formulas_both_ways(formula):
    reduction = get_reduction(RID)
    board = reduction.reduce(formula)
    assert {p.kind for p in board.pieces} == {"knight", "queen"}
    assert reduction.size(formula)["pieces"] == board.size()["pieces"]
    assert all(v is True for v in _claims(formula, board).values())
    assert_solved_both_ways(reduction, formula, board)


@pytest.mark.parametrize("formula", [
    NO_1,
    Formula(2, [(1, 2), (-1,), (-2,)]),
    Formula(2, [(1, 2), (1,), (-1, -2), (-1,), (-2,)], order=(1, 2)),  # split x1; unsatisfiable
    Formula(3, [(1, 2, 3), (-1,), (-2,), (-3,)], order=(1, 2, 3)),
])
def test_unsatisfiable_formulas_give_unsolvable_boards(formula):
    assert not any(formula.verify(bits) for bits in itertools.product((False, True), repeat=formula.num_vars))
    board = get_reduction(RID).reduce(formula)
    assert walk.applies(board) is None
    assert search.solve(board).answer is Answer.NO
    assert all(v is True for v in _claims(formula, board).values())


def test_the_split():
    # x1 occurs twice with each sign: x1 keeps (x1 or x2) and (x1), a copy x1' (variable 2 of the
    # split formula) takes the negative ones, and (not x1 or x1') is added; x2 is variable 3
    formula = queen.split(BOTH_TWICE)
    assert formula.clauses == ((1, 3), (1,), (-2, -3), (-2,), (-1, 2))
    assert formula.owners == (1, 1, 2) and formula.flipped == (False, True, False)
    # the split formula is equisatisfiable with its source, whichever formula (exhaustive, 2 variables)
    for clauses in itertools.combinations([(1,), (-1,), (2,), (-2,), (1, 2), (-1, -2)], 4):
        source = PlanarMonotone3Sat(2, list(clauses), order=(1, 2))
        try:
            formula = queen.split(source)
        except InvalidInstance:
            continue
        k = len(formula.owners)
        sat = any(all(any(bits[abs(l) - 1] == (l > 0) for l in c) for c in formula.clauses)
                  for bits in itertools.product((False, True), repeat=k))
        assert sat == any(source.verify(bits) for bits in itertools.product((False, True), repeat=2))
    with pytest.raises(InvalidInstance, match="at most twice"):
        queen.split(PlanarMonotone3Sat(2, [(1, 2), (1,), (1,)], order=(1, 2)))


def test_claims_catch_a_queen_joining_two_clauses():
    # (x1) and (not x1): a queen on the row of one literal queen and the column of the other joins
    # the two clauses; the board of an unsatisfiable formula becomes solvable, and the clause
    # claim must say so
    board = get_reduction(RID).reduce(NO_1)
    lay = queen.layout(NO_1)
    (a,), (b,) = [tuple(map(lay.to_board, part)) for part in lay.literal_squares]
    occupied = {p.square for p in board.pieces}
    joins = [q for q in ((a[0], b[1]), (b[0], a[1])) if q not in occupied]
    broken = [dataclasses.replace(board, pieces=board.pieces + (Piece(*q, "queen"),)) for q in joins]
    solvable = [b for b in broken if walk.applies(b) is None and walk.solve(b).answer is Answer.YES]
    assert solvable
    for b in solvable:
        assert _claims(NO_1, b)["clause queens meet the paths only at their literals"] is not True


def test_the_line_condition_claim_fails_where_the_knight_splits_a_line():
    from npw.instances.solochess.board import SoloChess

    claim = next(c for c in get_reduction(RID).claims if c.name == "the special knight splits no line of queens")
    assert claim.check(NO_1, get_reduction(RID).reduce(NO_1)) is True
    split_row = SoloChess(3, 1, (Piece(0, 0, "queen"), Piece(1, 0, "knight"), Piece(2, 0, "queen")), special=(1, 0))
    assert "splits" in claim.check(NO_1, split_row)
    assert walk.applies(split_row) is not None


def test_backward_claim_rejects_a_walk_missing_a_clause():
    reduction = get_reduction(RID)
    source = Formula(2, [(1,), (2,)])
    board = reduction.reduce(source)
    claim = next(c for c in reduction.claims if c.stage == "backward")
    assert claim.check(source, board, reduction.forward(source, (True, True)), (True, True)) is True
    lay = queen.layout(source)
    route = [lay.to_board(q) for q in lay.route((True, False))]
    assert "clause c2" in claim.check(source, board, list(zip(route, route[1:])), None)


def test_provenance_names_every_source_element():
    reduction = get_reduction(RID)
    assert_provenance_names_every_element(reduction, FIGURE_5)
