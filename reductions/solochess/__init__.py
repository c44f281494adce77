"""Hamiltonian path -> Solo Chess: the Section 3 reductions of Brunner et al., "Complexity of
Solo Chess with Unlimited Moves":

* knight_pawn: Theorem 3.1, {knight^1, pawn} (from hampath-grid-s);
* knight_king: Theorem 3.1 with kings as the blockers;
* rook_pawn: Theorem 3.2, {rook^1, pawn} (from hampath-st), and the proof's text as stated (AS_STATED);
* corollaries: Corollaries 3.3-3.6, the boards of Theorem 3.2 transformed;
* king_pawn: Theorem 3.7, {king^1, pawn} (from hampath-grid-s);
* unrestricted: each of them without the T^1 restriction;
* claims: what each proof states about who can move or capture, checked per case;
* pm3sat_knight: Theorem 3.9, Planar Monotone 3SAT (each literal at most twice) -> {king^1, knight}
  and {pawn^1, knight}, with gadgets of our own; sat_claims: its proof's statements as checks;
* pm3sat_knight_rider: Theorem 3.11 for T = rook and T = bishop, {knight^1, rook} and
  {knight^1, bishop}, with gadgets of our own whose lines hold at most two pieces (so the riders
  never block and the walk lemma applies).
"""

__all__: list[str] = []
