"""The Section 3 reductions without the T^1 restriction: Brunner et al., "Complexity of Solo Chess
with Unlimited Moves", Theorems 3.1, 3.2, 3.7 and Corollaries 3.3-3.6 each state hardness of both
Solo-Chess({S^1, T}) and Solo-Chess({S, T}) ("all of our hardness reductions also work when piece
type T is not constrained and could be captured", Section 3).

:func:`unrestricted` turns a registered construction into the same board with no special piece:
the piece that was special may now be captured, and any piece may be the last. ``forward`` is
unchanged (the special piece's tour is still a solution: nothing captures it); ``backward``
follows the *role* of the special piece through the restricted reduction's ``backward``: the
piece on the special square, and when another piece captures it, the capturer (its origin square
is read as visited next, then the route goes on from the captured square; see
:func:`role_captures`). Registered as ``<id>-unrestricted``.

Finding: following the piece alone is not enough. In Corollary 3.5 with pawns the rotated pawns
can capture (BENCHMARKS.md, Findings), and without the T^1 restriction a pawn may take the
bishop: for the one-edge source s - t the board is the bishop and t's pawn diagonally below it,
and "pawn takes bishop" is a solution whose bishop route is empty. Answers were preserved in
every case checked; only the certificate map needed the role-passing reading.
"""

from __future__ import annotations

import dataclasses

from npw.reductions.base import Reduction
from npw.reductions.solochess import corollaries, king_pawn, knight_king, knight_pawn, rook_pawn
from npw.reductions.solochess.claims import in_role

__all__ = ["BISHOP_KING", "BISHOP_KNIGHT", "BISHOP_PAWN", "BISHOP_ROOK", "KING_PAWN", "KNIGHT_KING", "KNIGHT_PAWN",
           "QUEEN_BISHOP", "QUEEN_KING", "QUEEN_KNIGHT", "QUEEN_PAWN", "QUEEN_ROOK", "ROOK_BISHOP", "ROOK_KING",
           "ROOK_KNIGHT", "ROOK_PAWN", "ROOK_TAKEN", "role_captures", "unrestricted"]


def role_captures(special, captures) -> list:
    """The captures of the special *role*, as moves of one piece: its own captures, and when a
    piece on square a captures it on square b, the two moves b -> a, a -> b (the capturer's
    origin is visited, then the role stands on b again). Restricted ``backward`` maps follow the
    piece from the special square through these moves."""
    at, moves = tuple(special), []
    for a, b in captures:
        a, b = tuple(a), tuple(b)
        if a == at:
            moves.append((a, b))
            at = b
        elif b == at:
            moves += [(b, a), (a, b)]
    return moves


def unrestricted(reduction: Reduction, deviations: dict[str, str] | None = None) -> Reduction:
    """``reduction``'s board with no special piece; ``deviations`` declares claims (by name) that
    fail only because the special piece may now be captured."""
    claims = in_role(reduction.claims, lambda source: reduction.reduce(source).special)
    claims = tuple(dataclasses.replace(c, deviation=(deviations or {}).get(c.name, c.deviation)) for c in claims)

    def reduce(source):
        board = reduction.reduce(source)
        return dataclasses.replace(board, special=None)

    def backward(source, target, certificate):
        restricted = reduction.reduce(source)
        return reduction.backward(source, restricted, role_captures(restricted.special, certificate))

    return Reduction(id=f"{reduction.id}-unrestricted", source=reduction.source, target=reduction.target,
                     reference=f"{reduction.reference}, without the T^1 restriction (Solo-Chess({{S, T}}))",
                     reduce=reduce, forward=reduction.forward, backward=backward, size=reduction.size,
                     notes=f"{reduction.id} with no special piece",
                     # the restricted construction's claims, about the piece on its special square
                     claims=claims,
                     # the same board: the same pieces on the same squares
                     provenance=reduction.provenance,
                     # the -unrestricted forms ran in the same streams as their restricted ones
                     checked=reduction.checked)


# the restricted reductions by id, from their own modules (no registry lookup while modules load)
_RESTRICTED = {reduction.id: reduction
               for module in (rook_pawn, knight_pawn, knight_king, king_pawn, corollaries)
               for reduction in vars(module).values() if isinstance(reduction, Reduction)}


def _named(suffix: str, deviations: dict[str, str] | None = None) -> Reduction:
    return unrestricted(_RESTRICTED[f"hampath-to-solochess-{suffix}"], deviations)


# Theorem 3.2 without rook^1: t's pawn on (|V| + k_t, 0) can take the rook on (|V| + k_s, 1) when the
# edge labels k_s and k_t differ by one (as on the path s - v - t, where no labelling avoids it)
ROOK_TAKEN = (
    "without the rook^1 restriction t's pawn can take the rook on the initial board when k_s and k_t "
    "differ by one; after that no piece has a capture (that pawn, now on row 1, faces the empty row "
    "2; the others are as before) and an inner vertex's corner pawns remain, so this move never "
    "leads to a solution: the answers are the rook's tours' (none wrong in the exhaustive streams, "
    "BENCHMARKS.md) and the unrestricted theorem survives")


KNIGHT_PAWN = _named("knight-pawn")
KNIGHT_KING = _named("knight-king")
ROOK_PAWN = _named("rook-pawn", {"blockers immobile": ROOK_TAKEN})
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
