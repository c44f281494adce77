"""Hamiltonian path -> Solo Chess {knight^1, king}: Theorem 3.1 of Brunner et al., "Complexity of
Solo Chess with Unlimited Moves", with kings as the blockers (construction and proof in
``reductions.hampath_to_solochess_knight_pawn``)."""

from reductions.hampath_to_solochess_knight_pawn import make_reduction

REDUCTION = make_reduction("king")
