"""Solo Chess on a page: each capture one step: the capturing piece moves onto the captured
one's square and the captured piece leaves the board. A piece is named by its starting square
(``piece:X,Y``, kept while it captures). The goal: one piece left on the board.

>>> from npw.instances.solochess.board import Piece, SoloChess
>>> from npw.verify.explore.steps import Layout
>>> board = SoloChess(3, 1, (Piece(0, 0, "rook"), Piece(2, 0, "pawn")))
>>> svg = '<g data-el="piece:0,0" transform="translate(20,20)"/><g data-el="piece:2,0" transform="translate(100,20)"/>'
>>> played = play(board, (((0, 0), (2, 0)),), Layout.of_svg(svg))
>>> played.steps[0].caption, [c.as_json() for c in played.steps[0].changes]
('capture 1: rook (0, 0) takes pawn (2, 0)', [['t', 'piece:2,0', 'hide'], ['t', 'piece:0,0', 'at', 100.0, 20.0]])
>>> played.survivors, played.hidden_at_end
(1, ('piece:2,0',))
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.verify.explore.steps import Change, Lattice, Layout, Play, Step
from npw.verify.explore.players import Player

__all__ = ["play"]


def play(board: Any, captures: Sequence[Any], layout: Layout, side: str = "t") -> Play:
    occupant = {p.square: f"piece:{p.x},{p.y}" for p in board.pieces}
    kinds = {p.square: p.kind for p in board.pieces}
    # a square (x, y) is the lattice's (row y, column x); rows may grow upwards in the drawing
    lattice = Lattice.fit({piece: (square[1], square[0]) for square, piece in occupant.items()}, layout)
    steps, hidden = [], []
    for number, (source, target) in enumerate(captures, 1):
        source, target = tuple(source), tuple(target)
        mover, taken = occupant.pop(source), occupant[target]
        caption = f"capture {number}: {kinds[source]} {source} takes {kinds[target]} {target}"
        occupant[target], kinds[target] = mover, kinds.pop(source)
        hidden.append(taken)
        steps.append(Step(caption, (Change(side, taken, "hide"),
                                    Change(side, mover, "at", lattice.point(target[1], target[0])))))
    return Play(tuple(steps), movers=tuple(f"piece:{p.x},{p.y}" for p in board.pieces), survivors=1,
                hidden_at_end=tuple(hidden))


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = (Player("solochess", play),)
