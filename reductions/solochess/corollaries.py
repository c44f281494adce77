"""Hamiltonian path -> Solo Chess by transforming the board of Theorem 3.2: Corollaries 3.3, 3.4,
3.5 and 3.6 of Brunner, Chung, Coulombe, Demaine, Gomez, Lynch, "Complexity of Solo Chess with
Unlimited Moves".

Source: ``hampath-st`` (max-degree-3, s and t of degree 1), as for Theorem 3.2. Each corollary
sends every square of the Theorem 3.2 board (:func:`npw.reductions.solochess.rook_pawn.
board_squares`, h = its height in rows) through a map, translates the result to start at (0, 0),
and replaces the rook by the special piece S and the pawns by blockers of type T. The rook's
capture route maps square by square, so ``forward`` / ``backward`` are Theorem 3.2's, composed
with the map (``transformed_reduction``).

* Corollary 3.3, rook^1 + T, T in {king, knight}: :func:`scale4` (x, y) -> (4x, 4y): kings and
  knights 4 apart in both directions never capture; rook lines are unchanged.
* Corollary 3.4, S^1 + T, S in {rook, queen}: T in {pawn, bishop}: :func:`stretch`
  (x, y) -> ((h+1)x, y); T in {king, knight}: :func:`stretch_scale4` (x, y) -> (4(h+1)x, 4y).
  Two pieces then never share a diagonal (|dx| is 0 or at least h+1, |dy| <= h-1, not both 0),
  so the queen gains no move and pawns and bishops have none.
* Corollary 3.5, bishop^1 + T, T in {pawn, king, knight}: rotate 45 degrees and scale by sqrt 2,
  :func:`rotate` (x, y) -> (x - y, x + y) (orthogonal lines become diagonals); for T in {king,
  knight} also by 4, :func:`rotate_scale4`.
* Corollary 3.6, S^1 + rooks, S in {bishop, queen}: :func:`stretch_rotate`, first the stretch of
  Corollary 3.4 (no two pieces on a diagonal), then the rotation of 3.5 (so no two on a rank or
  file): the rooks have no capture, S moves along the images of the rook's lines.

Each construction is implemented as the paper states it; ``npw verify`` results are in
BENCHMARKS.md ("Hamiltonian path -> Solo Chess" and "Findings").

Finding (Corollary 3.5 with pawns): the proof's premise that the blockers "cannot move" fails for
pawns. A 45-degree rotation sends the four orthogonal steps to the four diagonals, and a pawn
captures along two of them; with (x, y) -> (x - y, x + y) a pawn captures the image of its old
right (+x) or upper (+y) neighbour. Theorem 3.2's board always has such pairs: each vertex's
corner pawns (i, 3i) and (i, 3i + 1), and edge pawns in adjacent columns of one row. No other
45-degree rotation or reflection avoids this (every one sends some orthogonal neighbour pair to
a pawn's capture direction). The verifier nevertheless finds no counterexample (BENCHMARKS.md):
an informal reason (not a proof) is that a pawn capture only removes a square of a vertex's
rectangle or of an edge column, which seems to leave the bishop fewer ways in and out, never
more (with the bishop uncapturable; the unrestricted variant lets a pawn take it). The reduction
is kept as stated; the test ``test_blockers_have_no_capture_on_the_initial_board`` records the
exception.
"""

from __future__ import annotations

from npw.reductions.solochess.claims import BISHOP_PAWN_DEVIATION, theorem_3_2_claims
from npw.reductions.solochess.rook_pawn import Point, transformed_reduction

__all__ = ["ALL", "BISHOP_KING", "BISHOP_KNIGHT", "BISHOP_PAWN", "BISHOP_ROOK", "PAPER", "QUEEN_BISHOP", "QUEEN_KING",
           "QUEEN_KNIGHT", "QUEEN_PAWN", "QUEEN_ROOK", "ROOK_BISHOP", "ROOK_KING", "ROOK_KING_STRETCHED", "ROOK_KNIGHT",
           "ROOK_KNIGHT_STRETCHED", "ROOK_PAWN_STRETCHED", "rotate", "rotate_scale4", "scale4", "stretch",
           "stretch_rotate", "stretch_scale4"]

PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves"


def scale4(p: Point, h: int) -> Point:
    return (4 * p[0], 4 * p[1])


def stretch(p: Point, h: int) -> Point:
    return ((h + 1) * p[0], p[1])


def stretch_scale4(p: Point, h: int) -> Point:
    return (4 * (h + 1) * p[0], 4 * p[1])


def rotate(p: Point, h: int) -> Point:
    return (p[0] - p[1], p[0] + p[1])


def rotate_scale4(p: Point, h: int) -> Point:
    return (4 * (p[0] - p[1]), 4 * (p[0] + p[1]))


def stretch_rotate(p: Point, h: int) -> Point:
    x = (h + 1) * p[0]
    return (x - p[1], x + p[1])


def _make(special: str, blocker: str, corollary: str, mapping, id_suffix: str = ""):
    return transformed_reduction(
        id=f"hampath-to-solochess-{special}-{blocker}{id_suffix}",
        reference=f"{PAPER}, Corollary {corollary} ({special}^1 + {blocker})",
        special=special, blocker=blocker, mapping=mapping,
        notes=f"Theorem 3.2's board through {mapping.__name__}",
        claims=theorem_3_2_claims(mapping, f"Corollary {corollary}",
                                  BISHOP_PAWN_DEVIATION if (special, blocker) == ("bishop", "pawn") else ""))


# Corollary 3.3
ROOK_KING = _make("rook", "king", "3.3", scale4)
ROOK_KNIGHT = _make("rook", "knight", "3.3", scale4)

# Corollary 3.4 (rook + pawn by stretching is Theorem 3.2's board stretched; rook + king / knight
# by stretching and scaling duplicate Corollary 3.3's pairs with another construction)
QUEEN_PAWN = _make("queen", "pawn", "3.4", stretch)
QUEEN_BISHOP = _make("queen", "bishop", "3.4", stretch)
QUEEN_KING = _make("queen", "king", "3.4", stretch_scale4)
QUEEN_KNIGHT = _make("queen", "knight", "3.4", stretch_scale4)
ROOK_BISHOP = _make("rook", "bishop", "3.4", stretch)
ROOK_PAWN_STRETCHED = _make("rook", "pawn", "3.4", stretch, "-stretched")
ROOK_KING_STRETCHED = _make("rook", "king", "3.4", stretch_scale4, "-stretched")
ROOK_KNIGHT_STRETCHED = _make("rook", "knight", "3.4", stretch_scale4, "-stretched")

# Corollary 3.5
BISHOP_PAWN = _make("bishop", "pawn", "3.5", rotate)
BISHOP_KING = _make("bishop", "king", "3.5", rotate_scale4)
BISHOP_KNIGHT = _make("bishop", "knight", "3.5", rotate_scale4)

# Corollary 3.6
BISHOP_ROOK = _make("bishop", "rook", "3.6", stretch_rotate)
QUEEN_ROOK = _make("queen", "rook", "3.6", stretch_rotate)

ALL = {r.id: name for name, r in dict(globals()).items() if name.isupper() and hasattr(r, "reduce")}
