"""Solo Chess with unlimited moves (Brunner et al.), the target of the Hamiltonian path reductions:

* :mod:`.board`: the model (:class:`SoloChess`, :class:`Piece`, :class:`PieceType`, the
  standard pieces), its checker and JSON, the generators, shrinking and the problem entry;
* :mod:`.render`: the board and a capture sequence as SVG (``npw render``).

>>> from npw.instances.solochess import Piece, SoloChess
>>> SoloChess(2, 1, (Piece(0, 0, "rook"), Piece(1, 0, "pawn"))).verify((((0, 0), (1, 0)),))
True
"""

from __future__ import annotations

from npw.instances.solochess.board import (
    STANDARD_TYPES, THEOREM_2_16_PAIRS, THEOREM_2_2_TYPES, Move, Piece, PieceType, Point, SoloChess,
    agreement_instance, board_from_squares, dense_instance, random_instance,
)
from npw.instances.solochess.render import render_svg

__all__ = [
    "STANDARD_TYPES", "THEOREM_2_16_PAIRS", "THEOREM_2_2_TYPES", "Move", "Piece", "PieceType", "Point", "SoloChess",
    "agreement_instance", "board_from_squares", "dense_instance", "random_instance", "render_svg",
]
