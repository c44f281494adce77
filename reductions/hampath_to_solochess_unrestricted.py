"""The Section 3 reductions without the T^1 restriction: Brunner et al., "Complexity of Solo Chess
with Unlimited Moves", Theorems 3.1, 3.2, 3.7 and Corollaries 3.3-3.6 each state hardness of both
Solo-Chess({S^1, T}) and Solo-Chess({S, T}) ("all of our hardness reductions also work when piece
type T is not constrained and could be captured", Section 3).

:func:`unrestricted` turns a registered construction into the same board with no special piece:
the piece that was special may now be captured, and any piece may be the last. ``forward`` is
unchanged (the special piece's tour is still a solution: nothing captures it); ``backward`` follows
the piece that starts on the special square (its route, while it survives) through the restricted
reduction's ``backward``. Registered as ``<id>-unrestricted``.
"""

from __future__ import annotations

import dataclasses

from reductions.base import Reduction
from reductions.registry import get_reduction


def unrestricted(reduction: Reduction) -> Reduction:
    def reduce(source):
        board = reduction.reduce(source)
        return dataclasses.replace(board, special=None)

    def backward(source, target, certificate):
        return reduction.backward(source, reduction.reduce(source), certificate)

    return Reduction(id=f"{reduction.id}-unrestricted", source=reduction.source, target=reduction.target,
                     reference=f"{reduction.reference}, without the T^1 restriction (Solo-Chess({{S, T}}))",
                     reduce=reduce, forward=reduction.forward, backward=backward, size=reduction.size,
                     notes=f"{reduction.id} with no special piece")


def _named(suffix: str) -> Reduction:
    return unrestricted(get_reduction(f"hampath-to-solochess-{suffix}"))


KNIGHT_PAWN = _named("knight-pawn")
KNIGHT_KING = _named("knight-king")
ROOK_PAWN = _named("rook-pawn")
KING_PAWN = _named("king-pawn")
ROOK_KING = _named("rook-king")
ROOK_KNIGHT = _named("rook-knight")
QUEEN_PAWN = _named("queen-pawn")
QUEEN_BISHOP = _named("queen-bishop")
QUEEN_KING = _named("queen-king")
QUEEN_KNIGHT = _named("queen-knight")
ROOK_BISHOP = _named("rook-bishop")
BISHOP_PAWN = _named("bishop-pawn")
BISHOP_KING = _named("bishop-king")
BISHOP_KNIGHT = _named("bishop-knight")
BISHOP_ROOK = _named("bishop-rook")
QUEEN_ROOK = _named("queen-rook")
