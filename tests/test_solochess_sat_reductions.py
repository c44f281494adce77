"""Theorem 3.9 (pm3sat-2occ -> Solo Chess {king^1, knight} and {pawn^1, knight}): the gadgets of
npw.reductions.solochess.pm3sat_knight on Figure 5's formula, on unsatisfiable formulas, and the
claims failing on a board that breaks the proof's conditions."""

import dataclasses
import itertools

import pytest

from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ as Formula
from npw.instances.solochess.board import Piece
from npw.reductions.registry import get_reduction
from npw.reductions.solochess import pm3sat_knight
from npw.solvers.result import Answer
from npw.solvers.solochess import search
from sat_board_checks import target_claims

IDS = ("pm3sat-to-solochess-king-knight", "pm3sat-to-solochess-pawn-knight")
# Figure 5: (x1 or x2 or x3) and (not x1 or not x2 or not x3) and (not x2 or not x3)
FIGURE_5 = Formula(3, [(1, 2, 3), (-1, -2, -3), (-2, -3)], order=(1, 2, 3))


@pytest.mark.parametrize("rid", IDS)
def test_figure_5_both_ways(rid):
    reduction = get_reduction(rid)
    board = reduction.reduce(FIGURE_5)
    assert board.size()["pieces"] == reduction.size(FIGURE_5)["pieces"]
    assert all(v is True for v in target_claims(reduction, FIGURE_5, board).values())
    for bits in itertools.product((False, True), repeat=3):
        if not FIGURE_5.verify(bits):
            continue
        captures = reduction.forward(FIGURE_5, bits)
        assert board.verify(captures)
        assert reduction.backward(FIGURE_5, board, captures) == bits
    found = search.solve(board)
    assert found.answer is Answer.YES
    assert FIGURE_5.verify(reduction.backward(FIGURE_5, board, found.certificate))


@pytest.mark.parametrize("rid", IDS)
@pytest.mark.parametrize("formula", [
    Formula(1, [(1,), (-1,)]),
    Formula(2, [(1, 2), (-1,), (-2,)]),
    Formula(3, [(1, 2, 3), (-1,), (-2,), (-3,)], order=(1, 2, 3)),
])
def test_unsatisfiable_formulas_give_unsolvable_boards(rid, formula):
    assert not any(formula.verify(bits) for bits in itertools.product((False, True), repeat=formula.num_vars))
    board = get_reduction(rid).reduce(formula)
    assert search.solve(board).answer is Answer.NO


def test_exhaustive_search_agrees_on_the_smallest_no_board():
    # independent of the walk decider: the exhaustive search settles (x1) and (not x1), 34 pieces
    board = get_reduction(IDS[0]).reduce(Formula(1, [(1,), (-1,)]))
    assert search.solve(board, method="exhaustive", timeout=120).answer is Answer.NO


@pytest.mark.parametrize("rid", IDS)
def test_claims_catch_a_knight_joining_a_clause_to_a_path(rid):
    # a knight a knight's move from a literal knight and from a path square: the clause could then
    # be emptied onto a path taken whatever the assignment, so the claim must fail
    reduction = get_reduction(rid)
    source = Formula(1, [(1,), (-1,)])
    board = reduction.reduce(source)
    literal = next(p.square for p in board.pieces if p.x == min(q.x for q in board.pieces))
    occupied = {p.square for p in board.pieces}
    bridge = next((literal[0] + dx, literal[1] + dy) for dx, dy in ((1, 2), (1, -2), (2, 1), (2, -1))
                  if (literal[0] + dx, literal[1] + dy) not in occupied
                  and any((literal[0] + dx + ex, literal[1] + dy + ey) in occupied - {literal}
                          for ex, ey in ((1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1))))
    broken = dataclasses.replace(board, pieces=board.pieces + (Piece(*bridge, "knight"),))
    assert target_claims(reduction, source, broken)["clause knights meet the paths only at their literals"] is not True


@pytest.mark.parametrize("rid", IDS)
def test_backward_claim_rejects_a_walk_missing_a_clause(rid):
    reduction = get_reduction(rid)
    source = Formula(2, [(1,), (2,)])
    board = reduction.reduce(source)
    claim = next(c for c in reduction.claims if c.stage == "backward")
    good = reduction.forward(source, (True, True))
    assert claim.check(source, board, good, (True, True)) is True
    # the special piece's walk for (True, False) misses clause (x2)'s literal knight
    lay = pm3sat_knight.layout(source, rid.split("-")[3])
    route = [lay.to_board(q) for q in lay.route((True, False))]
    assert "clause c2" in claim.check(source, board, list(zip(route, route[1:])), None)


def test_provenance_names_every_source_element():
    reduction = get_reduction(IDS[0])
    board = reduction.reduce(FIGURE_5)
    made = reduction.provenance(FIGURE_5, board)
    squares = {f"piece:{p.x},{p.y}" for p in board.pieces}
    assert set(made) == {"var:1", "var:2", "var:3", "clause:0", "clause:1", "clause:2"}
    assert all(made[e] and set(made[e]) <= squares for e in made)
