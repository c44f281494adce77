"""hampath-to-solochess-king-pawn-unrestricted: where a pawn may take the king (issue 33, the
row's survivors #1 and #8 of ``role_captures``; docs/mutation.md, "Session 6: king-pawn-unrestricted").

* A pawn can take the king in a solution (the 5-vertex source below), and the Solo Chess sampler
  draws such a solution, so the stream runs ``role_captures``' branch for it (mutant #8 dies).
* When it does, the branch's moves never change the path ``backward`` reads: the geometry
  checked here on every board of the exhaustive part and of a random part of the default stream
  (the proof is in docs/mutation.md; mutant #1 is equivalent on this row by it).
"""

import pytest

from npw.instances.hampath.graph import HamPathGridStart, grid_instance
from npw.instances.hampath.grid_s import enumerate_instances, random_instance
from npw.reductions.solochess.king_pawn_squares import green_square, grid_coords, offset, vertex_square
from npw.reductions.solochess.unrestricted import KING_PAWN, role_captures
from npw.solvers import distinct_certificates

PAWN_CAPTURES = ((-1, 1), (1, 1))


def _attacks(square, occupied):
    """The occupied squares a pawn on ``square`` attacks."""
    return {(square[0] + dx, square[1] + dy) for dx, dy in PAWN_CAPTURES} & occupied


def _sources():
    yield from enumerate_instances(6)
    for seed in range(40):
        yield random_instance(seed, num_vertices=4 + seed % 9)


def _geometry(source):
    """(occupied squares, vertex squares by vertex, green squares by vertex), board coordinates."""
    board = KING_PAWN.reduce(source)
    mx, my = offset(source)
    coords = grid_coords(source)

    def shift(p):
        return (p[0] - mx, p[1] - my)

    vertex = {v: shift(vertex_square(coords[v])) for v in range(source.num_vertices)}
    green = {v: shift(green_square(source, v)) for v in range(source.num_vertices)}
    return {p.square for p in board.pieces}, vertex, green


@pytest.mark.parametrize("source", list(_sources()), ids=lambda g: f"{g.coords}-s{g.s}")
def test_pawns_never_touch_green_pawns_and_capture_only_from_visited_vertex_squares(source):
    occupied, vertex, green = _geometry(source)
    separate = {v for v in green if green[v] != vertex[v]}  # vertices with a green pawn of their own
    assert separate, "every source has an edge, so some vertex has an upward edge and a green pawn"
    for v in separate:
        g = green[v]
        # (i) a green pawn attacks no square ever occupied (pieces only stand on such squares) ...
        assert not _attacks(g, occupied), (v, g)
        # ... and no pawn ever attacks it: only the king can take it
        assert not {(g[0] + dx, g[1] - dy) for dx, dy in PAWN_CAPTURES} & occupied, (v, g)
        # (iii) it is v's square in backward's owner map (no vertex pawn stands there)
        assert g not in vertex.values(), (v, g)
    # (ii) a vertex's square from which a pawn can capture is the vertex pawn of a vertex with a
    # green pawn of its own (so the king took that green pawn before any pawn can take the king)
    for v, p in vertex.items():
        if _attacks(p, occupied):
            assert v in separate, (v, p)


def _pawn_takes_king(board, certificate):
    kinds = {p.square: p.kind for p in board.pieces}
    taken = []
    for a, b in certificate:
        if kinds[tuple(b)] == "king":
            taken.append((tuple(a), tuple(b)))
        kinds[tuple(b)] = kinds.pop(tuple(a))
    return taken


def test_sampler_draws_a_pawn_taking_the_king_and_backward_follows_the_role():
    shape = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    source = grid_instance(shape, (0, 2), cls=HamPathGridStart)
    board = KING_PAWN.reduce(source)
    known = [KING_PAWN.forward(source, (2, 1, 4, 3, 0))]
    drawn = distinct_certificates(board, 2, seed=0, known=known)  # as npw verify asks (4 witnesses)
    taking = [c for c in drawn if _pawn_takes_king(board, c)]
    assert taking, "the sampler's first certificate on a board with no special piece captures the last piece"
    certificate = taking[0]
    (a, b), = _pawn_takes_king(board, certificate)
    king = next(p.square for p in board.pieces if p.kind == "king")
    moves = role_captures(king, certificate)
    assert (b, a) in moves and (a, b) in moves  # the branch ran: the role passes to the pawn
    path = KING_PAWN.backward(source, board, certificate)
    assert source.verify(path) and path[0] == source.s
