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

from npw.instances.hampath.graph import HamPath
from npw.reductions.solochess.claims import BISHOP_PAWN_DEVIATION, theorem_3_2_claims
from npw.reductions.solochess.rook_pawn import Point, size, transformed_reduction

__all__ = ["ALL", "BISHOP_KING", "BISHOP_KNIGHT", "BISHOP_PAWN", "BISHOP_ROOK", "PAPER", "QUEEN_BISHOP", "QUEEN_KING",
           "QUEEN_KNIGHT", "QUEEN_PAWN", "QUEEN_ROOK", "ROOK_BISHOP", "ROOK_KING", "ROOK_KING_STRETCHED", "ROOK_KNIGHT",
           "ROOK_KNIGHT_STRETCHED", "ROOK_PAWN_STRETCHED", "rotate", "rotate_scale4", "rotate_scale4_size",
           "rotate_size", "scale4", "scale4_size", "stretch", "stretch_rotate", "stretch_rotate_size", "stretch_scale4",
           "stretch_scale4_size", "stretch_size"]

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


# -- the exact board of each map, from the source alone ------------------------------------------
#
# Each size below is worked out from where Theorem 3.2 puts its extreme squares, not by mapping
# the board: a map that scales by 3 or 5 instead of 4, or stretches by h + 2 instead of h + 1,
# builds another board (perhaps as solvable) that the declared size then tells apart. With
# N = |V| and i = |V| - 2 inner vertices (i >= 1), Theorem 3.2's squares span columns 1 (vertex
# 1's left corners) to 4N + i (vertex i's right corners) and rows 0 (t's pawn) to 3i + 1; the
# board is 3i + 2 rows high (h). With no inner vertex (the one edge s - t) the board is the
# rook on (N + 1, 1) over t's pawn on (N + 1, 0).

def _theorem_3_2_extent(source: HamPath) -> tuple[int, int, int]:
    """(columns spanned - 1, rows spanned - 1, h) of Theorem 3.2's board: (4N + i - 1, 3i + 1,
    3i + 2), or (0, 1, 2) for the one edge s - t."""
    inner = source.num_vertices - 2
    if inner == 0:
        return 0, 1, 2
    return 4 * source.num_vertices + inner - 1, 3 * inner + 1, 3 * inner + 2


def _sized(source: HamPath, width: int, height: int) -> dict[str, int]:
    return {"pieces": size(source)["pieces"], "width": width, "height": height}


def scale4_size(source: HamPath) -> dict[str, int]:
    """The board of :func:`scale4`: each span times 4.

    >>> from npw.instances.hampath.graph import HamPathEnds
    >>> scale4_size(HamPathEnds(3, ((0, 1), (1, 2)), s=0, t=2))
    {'pieces': 8, 'width': 49, 'height': 17}
    """
    dx, dy, _ = _theorem_3_2_extent(source)
    return _sized(source, 4 * dx + 1, 4 * dy + 1)


def stretch_size(source: HamPath) -> dict[str, int]:
    """The board of :func:`stretch`: the columns' span times h + 1, the rows as they are."""
    dx, dy, h = _theorem_3_2_extent(source)
    return _sized(source, (h + 1) * dx + 1, dy + 1)


def stretch_scale4_size(source: HamPath) -> dict[str, int]:
    """The board of :func:`stretch_scale4`: the columns' span times 4(h + 1), the rows' times 4."""
    dx, dy, h = _theorem_3_2_extent(source)
    return _sized(source, 4 * (h + 1) * dx + 1, 4 * dy + 1)


def rotate_size(source: HamPath) -> dict[str, int]:
    """The board of :func:`rotate`: x - y runs from vertex i's upper left corner (-2i - 1) to
    vertex 1's lower right corner (4N - 2), x + y from vertex 1's lower left corner (4) to
    vertex i's upper right corner (4N + 4i + 1); the one edge s - t: a 2 x 2 board."""
    inner = source.num_vertices - 2
    if inner == 0:
        return _sized(source, 2, 2)
    n = source.num_vertices
    return _sized(source, 4 * n + 2 * inner, 4 * n + 4 * inner - 2)


def rotate_scale4_size(source: HamPath) -> dict[str, int]:
    """The board of :func:`rotate_scale4`: :func:`rotate_size`'s spans times 4."""
    rotated = rotate_size(source)
    return _sized(source, 4 * (rotated["width"] - 1) + 1, 4 * (rotated["height"] - 1) + 1)


def stretch_rotate_size(source: HamPath) -> dict[str, int]:
    """The board of :func:`stretch_rotate`, with c = h + 1: x - y runs from vertex 1's upper left
    corner (c - 4) to vertex i's lower right corner (c(4N + i) - 3i), x + y from vertex 1's lower
    left corner (c + 3) to vertex i's upper right corner (c(4N + i) + 3i + 1); the one edge s - t:
    a 2 x 2 board."""
    inner = source.num_vertices - 2
    if inner == 0:
        return _sized(source, 2, 2)
    dx, _, h = _theorem_3_2_extent(source)
    return _sized(source, (h + 1) * dx - 3 * inner + 5, (h + 1) * dx + 3 * inner - 1)


def _make(special: str, blocker: str, corollary: str, mapping, sized, id_suffix: str = ""):
    return transformed_reduction(
        id=f"hampath-to-solochess-{special}-{blocker}{id_suffix}",
        reference=f"{PAPER}, Corollary {corollary} ({special}^1 + {blocker})",
        special=special, blocker=blocker, mapping=mapping, size=sized,
        notes=f"Theorem 3.2's board through {mapping.__name__}",
        claims=theorem_3_2_claims(mapping, f"Corollary {corollary}",
                                  BISHOP_PAWN_DEVIATION if (special, blocker) == ("bishop", "pawn") else ""))


# Corollary 3.3
ROOK_KING = _make("rook", "king", "3.3", scale4, scale4_size)
ROOK_KNIGHT = _make("rook", "knight", "3.3", scale4, scale4_size)

# Corollary 3.4 (rook + pawn by stretching is Theorem 3.2's board stretched; rook + king / knight
# by stretching and scaling duplicate Corollary 3.3's pairs with another construction)
QUEEN_PAWN = _make("queen", "pawn", "3.4", stretch, stretch_size)
QUEEN_BISHOP = _make("queen", "bishop", "3.4", stretch, stretch_size)
QUEEN_KING = _make("queen", "king", "3.4", stretch_scale4, stretch_scale4_size)
QUEEN_KNIGHT = _make("queen", "knight", "3.4", stretch_scale4, stretch_scale4_size)
ROOK_BISHOP = _make("rook", "bishop", "3.4", stretch, stretch_size)
ROOK_PAWN_STRETCHED = _make("rook", "pawn", "3.4", stretch, stretch_size, "-stretched")
ROOK_KING_STRETCHED = _make("rook", "king", "3.4", stretch_scale4, stretch_scale4_size, "-stretched")
ROOK_KNIGHT_STRETCHED = _make("rook", "knight", "3.4", stretch_scale4, stretch_scale4_size, "-stretched")

# Corollary 3.5
BISHOP_PAWN = _make("bishop", "pawn", "3.5", rotate, rotate_size)
BISHOP_KING = _make("bishop", "king", "3.5", rotate_scale4, rotate_scale4_size)
BISHOP_KNIGHT = _make("bishop", "knight", "3.5", rotate_scale4, rotate_scale4_size)

# Corollary 3.6
BISHOP_ROOK = _make("bishop", "rook", "3.6", stretch_rotate, stretch_rotate_size)
QUEEN_ROOK = _make("queen", "rook", "3.6", stretch_rotate, stretch_rotate_size)

ALL = {r.id: name for name, r in dict(globals()).items() if name.isupper() and hasattr(r, "reduce")}
