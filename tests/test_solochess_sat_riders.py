"""Theorem 3.11 (pm3sat-2occ -> Solo Chess {knight^1, rook} and {knight^1, bishop}): the gadgets of
npw.reductions.solochess.pm3sat_knight_rider on Figure 5's formula, on unsatisfiable formulas,
and the claims failing on boards that break the proof's conditions."""

import dataclasses
import itertools

import pytest
from sat_board_checks import assert_provenance_names_every_element, assert_solved_both_ways, target_claims

from npw.instances.base import InvalidInstance
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ as Formula
from npw.instances.solochess.board import Piece
from npw.reductions.registry import get_reduction
from npw.reductions.solochess import pm3sat_knight_rider
from npw.solvers.result import Answer
from npw.solvers.solochess import search, walk

RID = "pm3sat-to-solochess-knight-rook"
RIDS = (RID, "pm3sat-to-solochess-knight-bishop")
# Figure 5's formula: (x1 or x2 or x3) and (not x1 or not x2 or not x3) and (not x2 or not x3)
FIGURE_5 = Formula(3, [(1, 2, 3), (-1, -2, -3), (-2, -3)], order=(1, 2, 3))
NO_1 = Formula(1, [(1,), (-1,)])


def _layout(rid, source):
    villain = rid.split("-")[-1]
    return pm3sat_knight_rider.layout(source) if villain == "rook" else pm3sat_knight_rider.ladder_layout(source, villain)


@pytest.mark.parametrize("rid", RIDS)
def test_figure_5_both_ways(rid):
    reduction = get_reduction(rid)
    board = reduction.reduce(FIGURE_5)
    assert {p.kind for p in board.pieces} == {"knight", rid.split("-")[-1]}
    assert board.size()["pieces"] == reduction.size(FIGURE_5)["pieces"]
    assert all(v is True for v in target_claims(reduction, FIGURE_5, board).values())
    assert_solved_both_ways(reduction, FIGURE_5, board)


@pytest.mark.parametrize("formula", [
    NO_1,
    Formula(2, [(1, 2), (-1,), (-2,)]),
    Formula(3, [(1, 2, 3), (-1,), (-2,), (-3,)], order=(1, 2, 3)),
])
@pytest.mark.parametrize("rid", RIDS)
def test_unsatisfiable_formulas_give_unsolvable_boards(rid, formula):
    assert not any(formula.verify(bits) for bits in itertools.product((False, True), repeat=formula.num_vars))
    board = get_reduction(rid).reduce(formula)
    assert search.solve(board).answer is Answer.NO


@pytest.mark.parametrize("rid", RIDS)
def test_exhaustive_search_agrees_on_the_smallest_boards(rid):
    # independent of the walk lemma: the exhaustive search settles (x1) and (not x1) (29 rooks
    # about 4-8 s, 21 bishops) and the satisfiable (x1) alone
    reduction = get_reduction(rid)
    assert search.solve(reduction.reduce(NO_1), method="exhaustive", timeout=120).answer is Answer.NO
    assert search.solve(reduction.reduce(Formula(1, [(1,)])), method="exhaustive", timeout=120).answer is Answer.YES


def test_claims_catch_a_rook_joining_two_clauses():
    # (x1) and (not x1): a rook on (6, 6) shares column 6 with the literal rook (6, 3) and row 6
    # with (3, 6): both clauses become one component, met by either path, so the board of an
    # unsatisfiable formula becomes solvable; the clause claim must say so
    reduction = get_reduction(RID)
    board = reduction.reduce(NO_1)
    literals = {q for part in pm3sat_knight_rider.layout(NO_1).literal_squares for q in part}
    assert literals == {(3, 6), (6, 3)}
    broken = dataclasses.replace(board, pieces=board.pieces + (Piece(6, 6, "rook"),))
    assert walk.solve(broken).answer is Answer.YES
    claims = target_claims(reduction, NO_1, broken)
    assert claims["clause rooks meet the paths only at their literals"] is not True
    assert claims["every row and column holds at most two pieces"] is True


def test_claims_catch_a_crowded_line():
    reduction = get_reduction(RID)
    board = reduction.reduce(NO_1)
    crowded = dataclasses.replace(board, pieces=board.pieces + (Piece(14, 2, "rook"),))  # row 2: (1, 2), (4, 2)
    claim = next(c for c in reduction.claims if c.name == "every row and column holds at most two pieces")
    assert "holds 3 pieces" in claim.check(NO_1, crowded)


@pytest.mark.parametrize("rid", RIDS)
def test_backward_claim_rejects_a_walk_missing_a_clause(rid):
    reduction = get_reduction(rid)
    source = Formula(2, [(1,), (2,)])
    board = reduction.reduce(source)
    claim = next(c for c in reduction.claims if c.stage == "backward")
    good = reduction.forward(source, (True, True))
    assert claim.check(source, board, good, (True, True)) is True
    lay = _layout(rid, source)
    route = [lay.to_board(q) for q in lay.route((True, False))]
    assert "clause c2" in claim.check(source, board, list(zip(route, route[1:])), None)


def test_a_literal_used_three_times_is_refused():
    with pytest.raises(InvalidInstance, match="more than twice"):
        pm3sat_knight_rider.literal_squares(PlanarMonotone3Sat(2, [(1, 2), (1,), (1,)], order=(1, 2)))


@pytest.mark.parametrize("rid", RIDS)
def test_provenance_names_every_source_element(rid):
    reduction = get_reduction(rid)
    assert_provenance_names_every_element(reduction, FIGURE_5)


def test_claims_catch_a_bishop_joining_two_clauses():
    # (x1) and (not x1) with bishops: a bishop where a diagonal of one literal bishop meets one of
    # the other's joins the two clauses; wherever the knight cannot reach it, the board of an
    # unsatisfiable formula becomes solvable and the clause claim fails
    reduction = get_reduction(RIDS[1])
    board = reduction.reduce(NO_1)
    lay = _layout(RIDS[1], NO_1)
    (a,), (b,) = [tuple(map(lay.to_board, part)) for part in lay.literal_squares]
    occupied = {p.square for p in board.pieces}
    joins = [q for q in ((((a[0] + a[1]) + (b[0] - b[1])) // 2, ((a[0] + a[1]) - (b[0] - b[1])) // 2),
                         (((b[0] + b[1]) + (a[0] - a[1])) // 2, ((b[0] + b[1]) - (a[0] - a[1])) // 2))
             if q not in occupied and min(q) >= 0]
    broken = [dataclasses.replace(board, pieces=board.pieces + (Piece(*q, "bishop"),)) for q in joins]
    solvable = [b for b in broken if walk.applies(b) is None and walk.solve(b).answer is Answer.YES]
    assert solvable
    for b in solvable:
        assert target_claims(reduction, NO_1, b)["clause bishops meet the paths only at their literals"] is not True
