"""The Solo Chess decider ``tour`` (boards whose villains can never capture): its search and its
SAT decision against the exhaustive search, and the rays that the claim "blockers immobile" now
reads against the pairwise legality test it replaced."""

from __future__ import annotations

import random

import pytest

from npw.instances.solochess.board import Piece, SoloChess
from npw.reductions.solochess import claims
from npw.solvers.solochess import search, tour


def _frozen_board(seed: int) -> SoloChess | None:
    """A small board with a rook or queen special piece and pawns, kings or knights none of which
    could ever capture (None when the draw has one that could)."""
    rng = random.Random(seed)
    width, height = rng.randint(3, 6), rng.randint(3, 6)
    cells = rng.sample([(x, y) for x in range(width) for y in range(height)], rng.randint(2, min(8, width * height)))
    villain = rng.choice(("pawn", "king", "knight"))
    pieces = [Piece(cells[0][0], cells[0][1], rng.choice(("rook", "queen")))]
    pieces += [Piece(x, y, villain) for x, y in cells[1:]]
    board = SoloChess(width, height, tuple(pieces), special=cells[0])
    return board if tour.applies(board) is None else None


BOARDS = [board for board in map(_frozen_board, range(400)) if board is not None][:60]


def test_enough_boards_of_both_answers():
    answers = [search.solve(board, method="exhaustive").answer.value for board in BOARDS]
    assert len(BOARDS) == 60 and answers.count("YES") >= 10 and answers.count("NO") >= 10


@pytest.mark.parametrize("board", BOARDS)
def test_tour_search_and_sat_agree_with_the_exhaustive_search(board):
    expected = search.solve(board, method="exhaustive").answer
    found, _ = tour.find_tour(board)
    assert (found is not None) == (expected.value == "YES")
    by_sat = tour.sat_tour(board)
    assert by_sat.answer is expected
    for result in (tour.solve(board), by_sat):
        assert result.answer is expected
        if expected.value == "YES":
            assert board.verify(result.certificate)


def test_sat_is_used_past_the_node_budget(monkeypatch):
    board = next(b for b in BOARDS if search.solve(b, method="exhaustive").answer.value == "YES")
    monkeypatch.setattr(tour, "SEARCH_NODES_PER_SQUARE", 0)
    monkeypatch.setattr(tour, "find_tour", _out_of_nodes)
    result = tour.solve(board)
    assert result.stats["method"] == "sat" and board.verify(result.certificate)


def _out_of_nodes(*args, **kwargs):
    raise tour._OutOfNodes


def test_applies_names_a_villain_that_could_capture():
    board = SoloChess(4, 1, (Piece(0, 0, "rook"), Piece(1, 0, "rook"), Piece(3, 0, "pawn")), special=(0, 0))
    assert tour.applies(board) == "the villain on (1, 0) could capture on (3, 0)"
    with pytest.raises(Exception, match="could capture"):
        tour.solve(board)


@pytest.mark.parametrize("seed", range(40))
def test_blockers_immobile_by_rays_as_by_pairs(seed):
    rng = random.Random(seed)
    kinds = ("pawn", "king", "knight", "rook", "bishop", "queen")
    cells = rng.sample([(x, y) for x in range(5) for y in range(5)], rng.randint(2, 9))
    board = SoloChess(5, 5, tuple(Piece(x, y, rng.choice(kinds)) for x, y in cells),
                      special=cells[0] if rng.random() < 0.7 else None)
    position = {p.square: p.kind for p in board.pieces}
    special = claims.special_square(board)
    expected = True
    for square, kind in sorted(position.items()):
        options = [] if square == special else claims.capture_options(board, position, square)
        if options:
            expected = f"the {kind} on {square} can capture on {options[0]}"
            break
    assert claims.blockers_have_no_capture(None, board) == expected


def _reference_applies(board: SoloChess) -> str | None:
    """The class test as first written: every ray of every villain read off ``ray_squares``."""
    from npw.instances.solochess.board import ray_squares

    villains = [p for p in board.pieces if p.square != board.special]
    squares = [p.square for p in villains]
    for kind in dict.fromkeys(p.kind for p in villains):
        reach = ray_squares(board.piece_type(kind), squares)
        for i, p in enumerate(villains):
            if p.kind == kind:
                for ray in reach[i]:
                    if ray:
                        return f"the villain on {p.square} could capture on {squares[ray[0]]}"
    return None


def test_the_class_test_and_its_quick_form_agree_with_the_rays():
    """``applies`` (the reason, in O(n log n)) and ``in_class`` (the default decider's test, which
    stops at the first villain that shows the board is out) against the rays, on 3,000 random
    boards of every standard type, mixed."""
    rng = random.Random(7)
    kinds = ("pawn", "king", "knight", "rook", "bishop", "queen")
    inside = 0
    for _ in range(3000):
        width, height = rng.randint(2, 12), rng.randint(2, 12)
        cells = rng.sample([(x, y) for x in range(width) for y in range(height)], rng.randint(2, min(10, width * height)))
        chosen = rng.sample(kinds, rng.randint(1, 3))
        board = SoloChess(width, height, tuple(Piece(x, y, rng.choice(chosen)) for x, y in cells), special=cells[0])
        expected = _reference_applies(board)
        assert tour.applies(board) == expected
        assert tour.in_class(board) == (expected is None)
        inside += expected is None
    assert 500 < inside < 2500


def test_the_default_decider_of_a_3sat_chain_board_is_tour():
    """Theorem 3.2's board of a 3-SAT formula (Lemma A.1's route): the exhaustive search, the
    default before, was still UNKNOWN after 30 s on this 1,172-piece board; tour answers."""
    from npw.instances.sat.three_sat import ThreeSat
    from npw.reductions.graph import compose
    from npw.solvers import default_backend, solve

    chain = compose(["3sat-to-dhamcycle-21", "dhamcycle-21-to-hampath-st", "hampath-to-solochess-rook-pawn"])
    board = chain.reduce(ThreeSat(3, [(1, -2, 3), (-1, 2, -3)]))
    assert len(board.pieces) == 1172 and default_backend(board)[0] == "tour"
    result = solve(board, timeout=60)
    assert result.answer.value == "YES" and result.backend == "tour" and board.verify(result.certificate)
    # a board outside the class keeps the exhaustive search first
    outside = SoloChess(3, 3, (Piece(0, 0, "king"), Piece(1, 1, "pawn"), Piece(2, 2, "pawn")), special=(0, 0))
    assert default_backend(outside)[0] == "search"
