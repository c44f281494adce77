"""The Solo Chess piece model (Section 2.1 of Brunner et al., "Complexity of Solo Chess with
Unlimited Moves"): riders block, leapers do not, pawns capture upward, the special piece T^1,
the capture limit, fairy pieces; the certificate checker replays captures from the definition."""

import random
import xml.etree.ElementTree as ET

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import STANDARD_TYPES, Piece, PieceType, SoloChess
from npw.instances.solochess.render import render_svg
from npw.solvers import Answer, solve


def board(width, height, *pieces, special=None, limit=None, custom=()):
    return SoloChess(width, height, tuple(Piece(x, y, k) for x, y, k in pieces), special, limit, tuple(custom))


def test_pawn_captures_diagonally_upward_only():
    b = board(3, 3, (1, 1, "pawn"), (0, 2, "pawn"), (2, 2, "pawn"), (0, 0, "pawn"), (1, 2, "pawn"))
    squares = {p.square: p.kind for p in b.pieces}
    assert b.legal(squares, (1, 1), (0, 2)) and b.legal(squares, (1, 1), (2, 2))
    assert not b.legal(squares, (1, 1), (0, 0))      # downward diagonal
    assert not b.legal(squares, (1, 1), (1, 2))      # straight ahead
    assert b.legal(squares, (0, 0), (1, 1))


def test_riders_are_blocked_leapers_are_not():
    b = board(5, 5, (0, 0, "rook"), (0, 2, "pawn"), (0, 4, "pawn"), (1, 2, "knight"), (0, 1, "king"),
              (4, 4, "bishop"), (2, 2, "queen"))
    squares = {p.square: p.kind for p in b.pieces}
    assert b.legal(squares, (0, 0), (0, 1))
    assert not b.legal(squares, (0, 0), (0, 2))       # the king on (0, 1) is in the way
    assert not b.legal(squares, (4, 4), (0, 0))       # the queen on (2, 2) blocks the diagonal
    assert b.legal(squares, (4, 4), (2, 2))
    assert b.legal(squares, (1, 2), (0, 0))           # the knight jumps over (0, 1) / (1, 1)
    del squares[(0, 1)]
    assert b.legal(squares, (0, 0), (0, 2)) and not b.legal(squares, (0, 0), (0, 4))


def test_rider_moves_are_closed_under_submoves():
    # every contiguous stretch of a move is itself a move of the type (Section 2.1)
    for name in ("rook", "bishop", "queen"):
        ptype = STANDARD_TYPES[name]
        moves = {((2, 2),) + between + (dest,) for dest, between in ptype.paths((2, 2), 5, 5)}
        every = {((x, y),) + between + (dest,) for x in range(5) for y in range(5)
                 for dest, between in ptype.paths((x, y), 5, 5)}
        for move in moves:
            for i in range(len(move)):
                for j in range(i + 1, len(move)):
                    assert move[i:j + 1] in every


def test_special_piece_is_uncapturable_and_must_be_last():
    b = board(3, 1, (0, 0, "rook"), (1, 0, "rook"), special=(1, 0))
    assert not b.verify((((0, 0), (1, 0)),))          # captures the special rook
    assert b.verify((((1, 0), (0, 0)),))
    assert solve(b, "search").answer is Answer.YES
    # a lone pawn that nothing can take stays beside the special piece: no
    stuck = board(3, 3, (0, 0, "king"), (2, 2, "pawn"), special=(0, 0))
    for backend in ("search", "sat"):
        assert solve(stuck, backend).answer is Answer.NO


def test_capture_limit_counts_per_piece_following_it():
    line = board(4, 1, (0, 0, "rook"), (1, 0, "pawn"), (2, 0, "pawn"), (3, 0, "pawn"))
    walk = (((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (3, 0)))
    assert line.verify(walk)
    limited = board(4, 1, (0, 0, "rook"), (1, 0, "pawn"), (2, 0, "pawn"), (3, 0, "pawn"), limit=2)
    assert not limited.verify(walk)
    for backend in ("search", "sat"):
        assert solve(limited, backend).answer is Answer.NO
        assert solve(line, backend).answer is Answer.YES


def test_checker_rejects_malformed_and_illegal_certificates():
    b = board(3, 3, (0, 0, "rook"), (0, 2, "pawn"), (1, 2, "pawn"))
    assert b.verify((((0, 0), (0, 2)), ((0, 2), (1, 2))))
    assert not b.verify((((0, 0), (0, 2)),))                      # two pieces left
    assert not b.verify((((0, 2), (0, 0)),))                      # pawns do not capture downward
    assert not b.verify((((0, 0), (1, 2)), ((1, 2), (0, 2))))     # rook cannot reach (1, 2)
    assert not b.verify(None) and not b.verify([["a", "b"]]) and not b.verify([[[0, 0]]])


def test_fairy_piece_with_bounded_range():
    # a wazir-rider of range 2: like a rook, at most two squares, blocked
    w = PieceType("wazir2", "W", rides=((1, 0), (-1, 0), (0, 1), (0, -1)), max_range=2)
    b = board(4, 1, (0, 0, "wazir2"), (3, 0, "wazir2"), custom=(w,))
    assert solve(b, "search").answer is Answer.NO
    b2 = board(4, 1, (0, 0, "wazir2"), (2, 0, "wazir2"), (3, 0, "wazir2"), custom=(w,))
    assert solve(b2, "search").answer is Answer.YES
    assert SoloChess.from_dict(b2.to_dict()) == b2


def test_invalid_custom_types_are_rejected():
    w = PieceType("w", "W", leaps=((1, 0),))
    with pytest.raises(InvalidInstance, match="twice"):
        board(2, 1, (0, 0, "w"), (1, 0, "w"), custom=(w, PieceType("w", "V", leaps=((0, 1),))))
    with pytest.raises(InvalidInstance, match="max_range"):
        board(2, 1, (0, 0, "r"), (1, 0, "r"), custom=(PieceType("r", "R", rides=((1, 0),), max_range=-1),))


def test_svg_is_well_formed_whatever_the_glyph():
    odd = PieceType("lt", "<&", leaps=((1, 0),))
    b = board(2, 1, (0, 0, "lt"), (1, 0, "lt"), special=(0, 0), custom=(odd,))
    root = ET.fromstring(render_svg(b, (((0, 0), (1, 0)),)))
    assert root.tag.endswith("svg")


def plain(b):
    """A plain depth-first search over legal captures (no memo, no pruning, legality from
    SoloChess.legal): the reference for the exhaustive search."""
    def rec(squares, caps, special):
        if len(squares) == 1:
            return True
        for s in list(squares):
            if b.capture_limit is not None and caps[s] >= b.capture_limit:
                continue
            for t in list(squares):
                if t != s and t != special and b.legal(squares, s, t):
                    q, c = dict(squares), dict(caps)
                    q[t] = q.pop(s)
                    c[t] = c.pop(s) + 1
                    if rec(q, c, t if s == special else special):
                        return True
        return False
    return rec({p.square: p.kind for p in b.pieces}, {p.square: 0 for p in b.pieces}, b.special)


def test_search_agrees_with_a_plain_replay_search():
    """The memoised, pruned search and the SAT encoding against :func:`plain` on small random
    boards of every piece type."""
    rng = random.Random(7)
    kinds = list(STANDARD_TYPES)
    seen = set()
    for _ in range(150):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        cells = rng.sample([(x, y) for x in range(w) for y in range(h)], rng.randint(2, min(6, w * h)))
        pieces = tuple(Piece(x, y, rng.choice(kinds)) for x, y in cells)
        special = cells[0] if rng.random() < 0.4 else None
        limit = rng.choice((None, None, 1, 2))
        b = SoloChess(w, h, pieces, special, limit)
        expected = plain(b)
        for backend in ("search", "sat"):
            assert (solve(b, backend).answer is Answer.YES) == expected, (backend, b.to_dict())
        seen.add(expected)
    assert seen == {True, False}


def test_compiled_moves_match_the_piece_definition():
    """npw.solvers.solochess.moves walks rider rays through occupied squares only; it must give the
    same (target, blockers) pairs as PieceType.paths, the definition, for standard and fairy
    pieces (a nightrider, a range-2 wazir rider, an asymmetric leaper)."""
    from npw.solvers.solochess.moves import compile_board

    fairy = (PieceType("nightrider", "N", rides=((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))),
             PieceType("w2", "W", rides=((1, 0), (0, 1), (-1, 0), (0, -1)), max_range=2),
             PieceType("fk", "F", leaps=((1, 2), (-1, 2))))
    names = list(STANDARD_TYPES) + [t.name for t in fairy]
    rng = random.Random(11)
    for _ in range(300):
        w, h = rng.randint(1, 7), rng.randint(1, 7)
        cells = rng.sample([(x, y) for x in range(w) for y in range(h)], rng.randint(1, min(12, w * h)))
        b = SoloChess(w, h, tuple(Piece(x, y, rng.choice(names)) for x, y in cells), custom_types=fairy)
        compiled = compile_board(b)
        index = {q: i for i, q in enumerate(compiled.squares)}
        for k, kind in enumerate(compiled.kinds):
            for u, square in enumerate(compiled.squares):
                expected = set()
                for dest, between in b.piece_type(kind).paths(square, w, h):
                    if dest in index:
                        expected.add((index[dest], sum(1 << index[q] for q in between if q in index)))
                assert set(compiled.moves[k][u]) == expected


def test_search_with_a_special_piece_agrees_with_plain_search():
    """The special-piece pruning (pieces only the special piece can remove must be within its
    reach, at most one dead end) against :func:`plain`, on boards of a special piece among
    blockers of one or two types (the shape of the Section 3 constructions)."""
    rng = random.Random(5)
    seen = set()
    for _ in range(80):
        hero = rng.choice(list(STANDARD_TYPES))
        blockers = rng.sample(list(STANDARD_TYPES), rng.choice((1, 2)))
        w, h = rng.randint(3, 4), rng.randint(3, 4)
        cells = rng.sample([(x, y) for x in range(w) for y in range(h)], rng.randint(3, 7))
        pieces = [Piece(cells[0][0], cells[0][1], hero)] + [Piece(x, y, rng.choice(blockers)) for x, y in cells[1:]]
        b = SoloChess(w, h, tuple(pieces), cells[0], rng.choice((None, None, 2)))
        expected = plain(b)
        assert (solve(b, "search").answer is Answer.YES) == expected, b.to_dict()
        seen.add(expected)
    assert seen == {True, False}


def test_legal_matches_the_move_sets_of_the_piece_types():
    """SoloChess.legal computes a capture from its offset; it must accept exactly the moves of
    PieceType.paths (the move sets of Section 2.1) whose inside squares are empty."""
    fairy = (PieceType("nightrider", "N", rides=((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))),
             PieceType("w2", "W", rides=((1, 0), (0, 1), (-1, 0), (0, -1)), max_range=2),
             PieceType("fk", "F", leaps=((1, 2), (-1, 2))))
    names = list(STANDARD_TYPES) + [t.name for t in fairy]
    rng = random.Random(13)
    for _ in range(200):
        w, h = rng.randint(1, 7), rng.randint(1, 7)
        cells = rng.sample([(x, y) for x in range(w) for y in range(h)], rng.randint(1, min(14, w * h)))
        b = SoloChess(w, h, tuple(Piece(x, y, rng.choice(names)) for x, y in cells), custom_types=fairy)
        squares = {p.square: p.kind for p in b.pieces}
        for source, kind in squares.items():
            by_definition = {dest for dest, between in b.piece_type(kind).paths(source, w, h)
                             if dest in squares and not any(q in squares for q in between)}
            assert {t for t in squares if b.legal(squares, source, t)} == by_definition


def test_search_without_special_piece_agrees_with_plain_search_when_a_type_is_unique():
    """The unique-type pruning (without a special piece, a type carried by one piece must take
    the pieces only it can remove; at most one piece stays forever) against :func:`plain`, on
    boards with one piece of some type among blockers of one or two other types."""
    rng = random.Random(9)
    kinds = list(STANDARD_TYPES)
    seen = set()
    for _ in range(120):
        unique = rng.choice(kinds)
        blockers = rng.sample([k for k in kinds if k != unique], rng.choice((1, 2)))
        w, h = rng.randint(3, 4), rng.randint(3, 4)
        cells = rng.sample([(x, y) for x in range(w) for y in range(h)], rng.randint(3, 7))
        pieces = [Piece(cells[0][0], cells[0][1], unique)] + [Piece(x, y, rng.choice(blockers)) for x, y in cells[1:]]
        b = SoloChess(w, h, tuple(pieces), None, rng.choice((None, None, 2)))
        expected = plain(b)
        assert (solve(b, "search").answer is Answer.YES) == expected, b.to_dict()
        seen.add(expected)
    assert seen == {True, False}


def test_shuffled_search_and_certificate_sampler():
    """The search with a seeded capture order gives the same answers; the sampler returns
    different, valid capture sequences (the verifier checks backward maps on them)."""
    from npw.solvers.solochess.search import sample_certificates, solve as search

    rng = random.Random(17)
    for _ in range(60):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        cells = rng.sample([(x, y) for x in range(w) for y in range(h)], rng.randint(2, min(6, w * h)))
        b = SoloChess(w, h, tuple(Piece(x, y, rng.choice(list(STANDARD_TYPES))) for x, y in cells))
        assert search(b, order_seed=rng.randrange(100)).answer == search(b).answer
    line = board(5, 1, (0, 0, "rook"), (1, 0, "rook"), (2, 0, "rook"), (3, 0, "rook"), (4, 0, "rook"))
    sampled = sample_certificates(line, 3, seed=1)
    assert len(sampled) == 3 and len(set(sampled)) == 3 and all(line.verify(c) for c in sampled)
