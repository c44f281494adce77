"""The cpsat Solo Chess decider (npw.solvers.solochess.cpsat, issue 34 part 4): its NO by the
relaxation, its YES by a capture sequence the board accepts. Checked against the exhaustive
search on small random boards (both answers), and on the knight^1 + queen no-boards that only
the walk decider settled before."""

import random

import pytest

pytest.importorskip("ortools")

from npw.instances.base import InvalidInstance  # noqa: E402
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ  # noqa: E402
from npw.instances.solochess.board import Piece, SoloChess  # noqa: E402
from npw.instances.solochess.collapse import crowded_line  # noqa: E402
from npw.reductions.registry import get_reduction  # noqa: E402
from npw.solvers import solve as decide  # noqa: E402
from npw.solvers.result import Answer  # noqa: E402
from npw.solvers.solochess import cpsat, search  # noqa: E402


def random_board(seed: int, sparse: bool) -> SoloChess:
    """A small board with a leaping special piece and villains of one type (sparse: riders with
    at most two pieces on every line, the class where the relaxation is exact)."""
    rng = random.Random(seed)
    special = rng.choice(["knight", "king", "pawn"])
    villain = rng.choice(["rook", "bishop", "queen"] if sparse else ["rook", "bishop", "queen", "knight", "king", "pawn"])
    w, h = rng.randint(3, 5), rng.randint(3, 5)
    wanted = rng.randint(2, 8)
    squares = [(x, y) for x in range(w) for y in range(h)]
    rng.shuffle(squares)
    chosen: list[tuple[int, int]] = []
    for q in squares:
        if len(chosen) == wanted:
            break
        trial = chosen + [q]
        if not sparse or crowded_line(SoloChess(w, h, tuple(Piece(x, y, villain) for x, y in trial)), villain) is None:
            chosen = trial
    placed = (Piece(*chosen[0], special),) + tuple(Piece(x, y, villain) for x, y in chosen[1:])
    return SoloChess(w, h, placed, special=chosen[0])


@pytest.mark.parametrize("sparse", [True, False])
def test_cpsat_never_contradicts_the_exhaustive_search(sparse):
    answers: dict[Answer, int] = {}
    for seed in range(120):
        board = random_board(seed, sparse)
        mine, exact = cpsat.solve(board, timeout=30), search.solve(board, method="exhaustive", timeout=30)
        assert exact.answer is not Answer.UNKNOWN, seed
        if sparse:  # the relaxation is exact there: always an answer
            assert mine.answer is exact.answer, seed
        elif mine.answer is not Answer.UNKNOWN:
            assert mine.answer is exact.answer, seed
        if mine.answer is Answer.YES:
            assert board.verify(mine.certificate), seed
        answers[mine.answer] = answers.get(mine.answer, 0) + 1
    assert answers.get(Answer.YES, 0) >= 20 and answers.get(Answer.NO, 0) >= 20, answers


def test_cpsat_confirms_the_smallest_knight_queen_no_board():
    # (x1) and (not x1): 52 pieces, NO by the walk decider; the exhaustive search is UNKNOWN at 120 s
    board = get_reduction("pm3sat-to-solochess-knight-queen").reduce(PlanarMonotone3Sat2Occ(1, [(1,), (-1,)]))
    assert len(board.pieces) == 52
    assert cpsat.solve(board, timeout=60).answer is Answer.NO
    assert search.solve(board, timeout=60).answer is Answer.NO
    yes = get_reduction("pm3sat-to-solochess-knight-queen").reduce(PlanarMonotone3Sat2Occ(1, [(1,)]))
    result = decide(yes, backend="cpsat", timeout=60)
    assert result.answer is Answer.YES and yes.verify(result.certificate)


def test_cpsat_refuses_boards_without_a_special_piece():
    with pytest.raises(InvalidInstance, match="special piece"):
        cpsat.solve(SoloChess(2, 1, (Piece(0, 0, "rook"), Piece(1, 0, "rook"))))
