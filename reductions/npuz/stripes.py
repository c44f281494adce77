"""Theorem 3, Section 4.2's move macros as the paper states them (Ratner & Warmuth 1990,
Figures 6-8 and the corner turn): how the blank carries a chain [x, y, blank] along one
straight two-stripe, on a small symbolic board.

A reference model, checked against the paper's Figure 8 table (tests/test_npuz_stripes.py;
the spec is ``../shared/spec/npuz.md``); the reduction itself runs the same macros in each
leg's own frame on the board of the instance (:mod:`npw.reductions.npuz.moves`).
Its :class:`SparseBoard` stores only the cells whose tiles are named.

Conventions: a location is (row, column), row 0 at the top; a move names the
direction in which the *blank* travels (``"up"`` swaps the blank with the tile above
it). A straight two-stripe has three rows alpha (top), beta (middle), gamma
(bottom) and columns -2..r+3, tail at the left (Figure 6); the chain starts as
x, y, blank at columns -2, -1, 0 of the middle row.

* ``S_UP`` = <left, left, up, right, right, right, down> and ``S_DOWN`` (up and down
  exchanged) each advance the chain one column; applied alternately r+3 times they
  turn Figure 6 into Figure 8 (checked cell by cell in the tests, for many r).
* ``CORNER`` = <left, left, down, right, right, up, left, down, down, right>: the
  ten-move turn of the chain at a corner.

>>> board = straight_stripe(3)
>>> board.run(carry_along_stripe(3))
>>> [board.tile_at((1, c)) for c in (4, 5, 6)]
['x', 'y', None]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterable, Sequence

__all__ = ["CORNER", "Location", "STEP", "S_DOWN", "S_UP", "SparseBoard", "Tile", "carry_along_stripe", "figure8",
           "straight_stripe", "stripe_cells"]

Location = tuple[int, int]
Tile = Hashable  # None is the blank

STEP: dict[str, Location] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

S_UP: tuple[str, ...] = ("left", "left", "up", "right", "right", "right", "down")
S_DOWN: tuple[str, ...] = ("left", "left", "down", "right", "right", "right", "up")
CORNER: tuple[str, ...] = ("left", "left", "down", "right", "right", "up", "left", "down", "down", "right")


@dataclass
class SparseBoard:
    """Tiles at named locations; the blank is tracked separately. Cells never named
    hold anonymous tiles, which moves may carry around (they get a name of the form
    ("cell", row, col) the first time they move)."""

    tiles: dict[Location, Tile] = field(default_factory=dict)
    blank: Location = (0, 0)
    moves: int = 0

    def tile_at(self, location: Location) -> Tile | None:
        if location == self.blank:
            return None
        return self.tiles.get(location, ("cell",) + location)

    def move(self, direction: str) -> None:
        dr, dc = STEP[direction]
        target = (self.blank[0] + dr, self.blank[1] + dc)
        self.tiles[self.blank] = self.tile_at(target)
        self.tiles.pop(target, None)
        self.blank = target
        self.moves += 1

    def run(self, directions: Iterable[str]) -> None:
        for direction in directions:
            self.move(direction)


def straight_stripe(r: int) -> SparseBoard:
    """Figure 6: rows alpha, beta, gamma over columns -2..r+3; x, y, blank at -2, -1, 0 of beta."""
    board = SparseBoard(blank=(1, 0))
    for c in range(-2, r + 4):
        board.tiles[(0, c)] = ("alpha", c)
        board.tiles[(2, c)] = ("gamma", c)
        if c >= 1:
            board.tiles[(1, c)] = ("beta", c)
    board.tiles[(1, -2)] = "x"
    board.tiles[(1, -1)] = "y"
    return board


def carry_along_stripe(r: int) -> list[str]:
    """S_u, S_d, S_u, ... r+3 times: the chain advances r+3 columns (7 moves a column)."""
    moves: list[str] = []
    for step in range(r + 3):
        moves.extend(S_UP if step % 2 == 0 else S_DOWN)
    return moves


def figure8(r: int) -> dict[Location, Tile | None]:
    """Figure 8 as the paper's table states it (r odd), for comparison with simulation."""
    if r % 2 == 0:
        raise ValueError("Figure 8 is stated for odd r")
    top: list[Tile] = [("alpha", -1), ("alpha", 0)]
    middle: list[Tile | None] = [("alpha", -2), ("gamma", -1)]
    bottom: list[Tile] = [("gamma", -2), ("gamma", 0)]
    for c in range(0, r):
        even = c % 2 == 0
        top.append(("beta", c + 1) if even else ("alpha", c + 1))
        middle.append(("alpha", c + 1) if even else ("gamma", c + 1))
        bottom.append(("gamma", c + 1) if even else ("beta", c + 1))
    top += [("alpha", r + 1), ("alpha", r + 2), ("beta", r + 2), ("alpha", r + 3)]
    middle += [("gamma", r + 1), "x", "y", None]
    bottom += [("beta", r + 1), ("gamma", r + 2), ("gamma", r + 3), ("beta", r + 3)]
    table: dict[Location, Tile | None] = {}
    for row, tiles in enumerate((top, middle, bottom)):
        for c, tile in zip(range(-2, r + 4), tiles):
            table[(row, c)] = tile
    return table


def stripe_cells(r: int) -> Sequence[Location]:
    return [(row, c) for row in range(3) for c in range(-2, r + 4)]
