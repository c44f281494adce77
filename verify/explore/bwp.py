"""The black/white torus puzzle (BWP) on a page: each line shift of the certificate one step,
the black pieces of the shifted row or column moving with it (round the torus). A black piece
is named by its starting cell (``cell:R,C``). The goal: the black pieces drawn exactly on the
goal's black cells (pieces are alike, so as a set).

>>> from npw.instances.torus.bwp import BWP
>>> from npw.instances.torus.moves import Move
>>> from npw.verify.explore.steps import Layout
>>> puzzle = BWP.from_rows(["#.", ".."], [".#", ".."], 1)
>>> svg = '<g data-el="cell:0,0" transform="translate(0,0)"/>'
>>> played = play(puzzle, (Move("R", 0, "E", 1),), Layout.of_svg(svg))
>>> played.steps[0].caption, [c.as_json() for c in played.steps[0].changes]
('R0E1: row 0 east by 1', [['t', 'cell:0,0', 'at', 40.0, 0.0]])
>>> played.goal_occupied
((40.0, 0.0),)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.verify.explore.steps import Change, Lattice, Layout, Play, Step
from npw.verify.explore.players import Player

__all__ = ["play"]

_WORDS = {"E": "east", "W": "west", "N": "north", "S": "south"}


def play(puzzle: Any, moves: Sequence[Any], layout: Layout, side: str = "t") -> Play:
    R, C = puzzle.rows, puzzle.cols
    at = {f"cell:{r},{c}": (r, c) for r in range(R) for c in range(C) if puzzle.start[r * C + c]}
    lattice = Lattice.fit(at, layout)
    steps = []
    for move in moves:
        signed = move.signed()
        changes = []
        for piece, (r, c) in at.items():
            if move.axis == "R" and r == move.index:
                at[piece] = (r, (c + signed) % C)
            elif move.axis == "C" and c == move.index:
                at[piece] = ((r + signed) % R, c)
            else:
                continue
            changes.append(Change(side, piece, "at", lattice.point(*at[piece])))
        line = "row" if move.axis == "R" else "column"
        steps.append(Step(f"{move}: {line} {move.index} {_WORDS[move.direction]} by {move.amount}", tuple(changes)))
    goal = tuple(lattice.point(*divmod(i, C)) for i, black in enumerate(puzzle.goal) if black)
    return Play(tuple(steps), goal_occupied=goal, movers=tuple(at))


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = (Player("bwp", play),)
