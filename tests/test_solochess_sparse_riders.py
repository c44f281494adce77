"""The walk lemma for riding villains on sparse lines (npw.solvers.solochess.walk,
npw.instances.solochess.collapse): every line along the villains' directions holds at most two
pieces, so riders never block. Checked against the exhaustive search (which knows no lemma) on
random small boards of the class, with both answers."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Piece, SoloChess
from npw.instances.solochess.collapse import crowded_line, villain_components
from npw.solvers.result import Answer
from npw.solvers.solochess import search, walk


def sparse_board(seed: int, sides: tuple[int, int], pieces: tuple[int, int]) -> SoloChess:
    """A random board of the class: a leaping special piece, villains of one riding type, pieces
    placed in random order, each square skipped when it would put a third piece on a line."""
    rng = random.Random(seed)
    special = rng.choice(["knight", "king", "pawn"])
    villain = rng.choice(["rook", "bishop", "queen"])
    w, h = rng.randint(*sides), rng.randint(*sides)
    wanted = rng.randint(*pieces)
    squares = [(x, y) for x in range(w) for y in range(h)]
    rng.shuffle(squares)
    chosen: list[tuple[int, int]] = []
    for q in squares:
        if len(chosen) == wanted:
            break
        trial = chosen + [q]
        if crowded_line(SoloChess(w, h, tuple(Piece(x, y, villain) for x, y in trial)), villain) is None:
            chosen = trial
    placed = (Piece(*chosen[0], special),) + tuple(Piece(x, y, villain) for x, y in chosen[1:])
    return SoloChess(w, h, placed, special=chosen[0])


@pytest.mark.parametrize("seeds, sides, pieces", [(range(1200), (3, 6), (2, 9)),
                                                  (range(5000, 5300), (4, 8), (6, 13))])
def test_walk_agrees_with_the_exhaustive_search_on_sparse_rider_boards(seeds, sides, pieces):
    answers = {}
    kinds = set()
    for seed in seeds:
        board = sparse_board(seed, sides, pieces)
        assert walk.applies(board) is None, seed
        fast, slow = walk.solve(board), search.solve(board, method="exhaustive")
        assert fast.answer == slow.answer, seed
        if fast.answer is Answer.YES:
            assert board.verify(fast.certificate), seed
        answers[fast.answer] = answers.get(fast.answer, 0) + 1
        kinds.add(next(p.kind for p in board.pieces if p.square != board.special))
    assert set(answers) == {Answer.YES, Answer.NO} and min(answers.values()) >= 50, answers
    assert kinds == {"rook", "bishop", "queen"}


def test_a_third_piece_on_a_line_is_covered_by_the_wider_line_condition():
    # three rooks on one row: not sparse, but every rook in line with another also sees one (the
    # line condition of npw.solvers.solochess.walk, Theorem 3.10's lemma), so the walk decides it,
    # and the exhaustive search agrees
    board = SoloChess(3, 3, (Piece(1, 2, "knight"), Piece(0, 0, "rook"), Piece(1, 0, "rook"),
                             Piece(2, 0, "rook")), special=(1, 2))
    assert crowded_line(board, "rook") is not None and walk.applies(board) is None
    assert walk.solve(board).answer is search.solve(board, method="exhaustive").answer


def test_sparse_riders_are_joined_by_their_lines_only():
    # rooks sharing a row or a column are joined; (1, 4) shares only its row with the knight
    board = SoloChess(5, 5, (Piece(4, 4, "knight"), Piece(0, 0, "rook"), Piece(3, 0, "rook"),
                             Piece(3, 2, "rook"), Piece(1, 4, "rook")), special=(4, 4))
    assert sorted(map(sorted, villain_components(board))) == [[(0, 0), (3, 0), (3, 2)], [(1, 4)]]
    assert walk.solve(board).answer is Answer.NO  # the knight reaches (3, 2) only: (1, 4) stays
    assert search.solve(board, method="exhaustive").answer is Answer.NO
