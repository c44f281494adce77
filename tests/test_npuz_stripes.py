"""Theorem 3's stripe macros (Figures 6-8 and the corner turn), simulated on a sparse board."""

import pytest

from npw.reductions.npuz.stripes import (
    CORNER, S_DOWN, S_UP, SparseBoard, carry_along_stripe, figure8, straight_stripe, stripe_cells,
)


@pytest.mark.parametrize("r", [1, 3, 5, 9, 31])
def test_alternating_macros_turn_figure6_into_figure8(r):
    board = straight_stripe(r)
    board.run(carry_along_stripe(r))
    expected = figure8(r)
    assert {loc: board.tile_at(loc) for loc in stripe_cells(r)} == expected
    assert board.moves == 7 * (r + 3)


def test_each_macro_advances_the_chain_one_column_and_nothing_leaves_the_stripe():
    for macro in (S_UP, S_DOWN):
        board = straight_stripe(5)
        before = set(board.tiles.values())
        board.run(macro)
        assert board.tile_at((1, -1)) == "x" and board.tile_at((1, 0)) == "y" and board.blank == (1, 1)
        assert set(board.tiles.values()) == before  # the same tiles, none pulled in from outside


def test_corner_turns_the_chain_clockwise():
    board = SparseBoard(blank=(1, 0), tiles={(1, -2): "x", (1, -1): "y"})
    board.run(CORNER)
    assert (board.tile_at((1, 0)), board.tile_at((2, 0)), board.blank) == ("x", "y", (3, 0))
    assert board.moves == 10
