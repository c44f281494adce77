"""The walk decider (npw.solvers.solochess.walk): its lemma's class decided by the special
piece's walk, checked against the exhaustive search on random small boards of the class."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Piece, SoloChess, dense_instance, random_instance
from npw.solvers.result import Answer
from npw.solvers.solochess import search, walk


def _board(seed: int) -> SoloChess:
    rng = random.Random(seed)
    special = rng.choice(["king", "pawn", "knight"])
    villain = rng.choice(["knight", "king"])
    maker = rng.choice([random_instance, dense_instance])
    return maker(seed, rng.randint(3, 5), rng.randint(3, 5), rng.randint(2, 9), (villain,), special)


def test_walk_agrees_with_the_exhaustive_search():
    answers = set()
    for seed in range(300):
        board = _board(seed)
        fast, slow = walk.solve(board), search.solve(board, method="exhaustive")
        assert fast.answer == slow.answer, seed
        if fast.answer is Answer.YES:
            assert board.verify(fast.certificate)
        answers.add(fast.answer)
    assert answers == {Answer.YES, Answer.NO}  # both answers occur in the sample


def test_search_takes_the_walk_only_inside_the_class():
    board = _board(3)
    assert search.solve(board).stats["method"] == "walk"
    # the king splits the rooks' line: outside the rider lemma's line condition
    rooks = SoloChess(3, 1, (Piece(1, 0, "king"), Piece(0, 0, "rook"), Piece(2, 0, "rook")), special=(1, 0))
    assert "method" not in search.solve(rooks).stats
    assert search.solve(rooks).answer is Answer.NO
    rooks = SoloChess(3, 1, (Piece(0, 0, "king"), Piece(1, 0, "rook"), Piece(2, 0, "rook")), special=(0, 0))
    assert search.solve(rooks).stats["method"] == "walk"
    assert search.solve(rooks).answer is Answer.YES


@pytest.mark.parametrize("board, reason", [
    (SoloChess(2, 1, (Piece(0, 0, "king"), Piece(1, 0, "knight"))), "special piece"),
    (SoloChess(3, 1, (Piece(0, 0, "king"), Piece(1, 0, "knight"), Piece(2, 0, "king")), special=(0, 0)), "one type"),
    (SoloChess(2, 2, (Piece(0, 0, "king"), Piece(1, 1, "pawn")), special=(0, 0)), "symmetric"),
    (SoloChess(2, 2, (Piece(0, 0, "rook"), Piece(0, 1, "knight")), special=(0, 0)), "only leap"),
])
def test_walk_refuses_boards_outside_its_lemma(board, reason):
    assert reason in walk.applies(board)
    with pytest.raises(InvalidInstance, match=reason):
        walk.solve(board)


def test_a_component_the_walk_cannot_meet_is_a_no():
    # the knights on (2, 0) and (3, 2) see each other but the king, on (0, 0), reaches neither
    board = SoloChess(4, 3, (Piece(0, 0, "king"), Piece(2, 0, "knight"), Piece(3, 2, "knight")), special=(0, 0))
    assert walk.solve(board).answer is Answer.NO
    assert search.solve(board, method="exhaustive").answer is Answer.NO


def test_sampled_solutions_differ_and_verify():
    board = SoloChess(3, 3, tuple(Piece(x, y, "knight") for x in range(3) for y in range(3) if (x, y) != (1, 1)
                                  and (x, y) != (0, 0)) + (Piece(0, 0, "king"),), special=(0, 0))
    found = search.sample_certificates(board, 3, seed=1)
    assert len(found) >= 2 and all(board.verify(c) for c in found)


@pytest.mark.parametrize("compiled", [False, True])
def test_the_python_and_the_compiled_survey_agree_with_the_exhaustive_search(monkeypatch, compiled):
    if compiled:
        pytest.importorskip("numba")
    monkeypatch.setattr(walk, "have_numba", lambda: compiled)
    for seed in range(150):
        board = _board(seed)
        assert walk.solve(board).answer == search.solve(board, method="exhaustive").answer, seed


def test_contract_keeps_only_the_ends_of_a_path_and_leaves_one_way_moves_alone():
    # a king on a row of knights: the moves form a path, whose two ends are the only junctions
    row = SoloChess(12, 1, tuple(Piece(x, 0, "king" if x == 0 else "knight") for x in range(12)), special=(0, 0))
    walk_found, _ = walk.find_walk(row)
    assert walk_found is not None and len(walk_found) == 12
    moves = [[x - 1 for x in [i] if x > 0] + [x + 1 for x in [i] if x < 11] for i in range(12)]
    chains = walk.contract(moves, 0, [0] * 12)
    assert chains.square == (0, 11) and chains.first == (1,)
    pawn_moves = [[1], [2], []]  # one way: every square a junction, every move a chain
    assert walk.contract(pawn_moves, 0, [0, 0, 0]).square == (0, 1, 2)
