"""Hamiltonian path -> Solo Chess {knight^1, king}: Theorem 3.1 of Brunner et al., "Complexity of
Solo Chess with Unlimited Moves", with kings as the blockers (construction and proof in
``npw.reductions.solochess.knight_pawn``)."""

from npw.reductions.solochess.knight_pawn import make_reduction

__all__ = ["REDUCTION"]

REDUCTION = make_reduction("king")
