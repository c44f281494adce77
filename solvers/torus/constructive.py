"""The constructive solution of the torus puzzle (seed 001, Section 2.2-2.3).

Tools, as in the paper:

* *triangle rotation* (Section 2.2): the commutator ``C_j S1, R_i E1, C_j N1, R_i W1``
  of a row and a column that cross at (i, j) is a 3-cycle on (i-1, j) -> (i, j) ->
  (i, j-1) -> (i-1, j) (four basic operations);
* *three elements rotation*: a triangle rotation followed by the mirror triangle's
  inverse (which shares the cell (i-1, j)) rotates three cells (i, j-s), (i, j),
  (i, j+s) of row i and changes nothing else: eight moves, seven drag steps (the
  two ``R_i W s`` in the middle form one run);
* *work space* (Figure 4): a piece is brought into the last row by moving its
  column down, shifting the last row and moving the column back, so that the pieces
  already placed (rows above) are restored.

Solution (Section 2.3): place pieces 1..(m-1)n in row-major order, each through the
last row (at most 7 drag steps a piece); then sort the last row with three elements
rotations. Parity (Lemmas 1 and 2): with both sides odd every operation is an even
permutation, so an odd board is unsolvable; with n even a last-row shift fixes an
odd last row (Lemma 1), with n odd and m even one column shift at the start makes
the board even (Phase 1 then keeps parity: its row shifts are n-cycles, even for n
odd, and its column shifts come in canceling pairs).

The paper's three elements rotation moves a piece any distance along the row; here
it is built with a spread s (cells j-s, j, j+s: ``R_i E s`` in place of ``R_i E1``).

Step counts: Phase 1 uses at most 7 drag steps per piece, Phase 2 at most two
three elements rotations (7 drag steps each) per piece of the last row, so the drag
number is O(mn) (Theorem 1: at most 7mn + 14n); the push number is O(mn(m+n)).
"""

from __future__ import annotations

import time

from npw.instances.torus.puzzle import TorusBoard, TorusPuzzle

from npw.instances.torus.moves import Move, apply_inplace, cost, drag_number, push_number, shift, simplify
from npw.solvers.result import Answer, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "solve", "solve_board", "three_elements_rotation", "triangle_rotation"]


class _Work:
    """A board being solved: the pieces, where each piece is, and the moves so far."""

    def __init__(self, board: TorusBoard) -> None:
        self.m, self.n = board.rows, board.cols
        self.cells = list(board.cells)
        self.where = [0] * (len(self.cells) + 1)
        for i, piece in enumerate(self.cells):
            self.where[piece] = i
        self.moves: list[Move] = []

    def do(self, axis: str, index: int, signed: int) -> None:
        move = shift(axis, index, signed, self.n if axis == "R" else self.m)
        if move is None:
            return
        apply_inplace(self.cells, self.m, self.n, move)
        line = range(index * self.n, (index + 1) * self.n) if axis == "R" else range(index, self.m * self.n, self.n)
        for i in line:
            self.where[self.cells[i]] = i
        self.moves.append(move)

    def position(self, piece: int) -> tuple[int, int]:
        return divmod(self.where[piece], self.n)


def triangle_rotation(i: int, j: int, spread: int = 1) -> list[tuple[str, int, int]]:
    """(i-1, j) -> (i, j) -> (i, j-s) -> (i-1, j): ``C_j S1, R_i E s, C_j N1, R_i W s``."""
    return [("C", j, 1), ("R", i, spread), ("C", j, -1), ("R", i, -spread)]


def three_elements_rotation(i: int, j: int, west: bool = True, spread: int = 1) -> list[tuple[str, int, int]]:
    """West: the contents of (i, j-s), (i, j), (i, j+s) move cyclically j -> j-s, j+s -> j,
    j-s -> j+s; nothing else changes (needs j-s, j, j+s distinct mod n). East is its
    inverse. A triangle rotation, then the inverse of its mirror image (same outer cell)."""
    mirror_inverse = [("R", i, -spread), ("C", j, 1), ("R", i, spread), ("C", j, -1)]
    ops = triangle_rotation(i, j, spread) + mirror_inverse
    if west:
        return ops
    return [(axis, index, -signed) for axis, index, signed in reversed(ops)]


def _phase1(work: _Work) -> None:
    """Places pieces 1..(m-1)n using the last row as work space."""
    m, n = work.m, work.n
    last = m - 1
    for p in range(m - 1):
        for q in range(n):
            piece = p * n + q + 1
            r, c = work.position(piece)
            if (r, c) == (p, q):
                continue
            if r < last:  # down into the last row, out of column c, column c back up
                d = last - r
                work.do("C", c, d)
                work.do("R", last, 1)
                work.do("C", c, -d)
                r, c = work.position(piece)
            if c == q:  # moving column q would carry the piece away: step aside first
                work.do("R", last, 1)
                r, c = work.position(piece)
            d = last - p
            work.do("C", q, d)  # cell (p, q) down to the last row
            work.do("R", last, q - c)  # the piece under column q
            work.do("C", q, -d)  # up into (p, q), the placed pieces of column q back


def _phase2(work: _Work) -> None:
    """Sorts the last row with three elements rotations (an even arrangement by now): at most
    two a piece, so O(n) drag steps for the row."""
    m, n = work.m, work.n
    last = m - 1

    def rotate(centre: int, west: bool, spread: int) -> None:
        for axis, index, signed in three_elements_rotation(last, centre, west, spread):
            work.do(axis, index, signed)

    for q in range(n - 2):
        piece = last * n + q + 1
        _, c = work.position(piece)
        if c - q == 1:  # west, centred at q+1: q+1 -> q
            rotate(q + 1, True, 1)
        elif c - q >= 3 and (c - q) % 2:  # west, centred at c-1: c -> c-1, an even distance left
            rotate(c - 1, True, 1)
            c -= 1
        if c - q >= 2:  # east with spread (c-q)/2 around the midpoint: c -> q in one rotation
            rotate((q + c) // 2, False, (c - q) // 2)
        assert work.position(piece)[1] == q


def solve_board(board: TorusBoard) -> tuple[list[Move] | None, dict]:
    """(moves, stats): a sequence bringing ``board`` to the initial configuration, verified by
    replay, or (None, stats) with the parity reason when none exists."""
    start = time.perf_counter()
    ok, reason = board.solvable()
    stats: dict = {"reason": reason, "cells": board.rows * board.cols}
    if not ok:
        stats["time"] = time.perf_counter() - start
        return None, stats
    m, n = board.rows, board.cols
    work = _Work(board)
    if m == 1 or n == 1:  # a single line: one rotation
        axis, length = ("R", n) if m == 1 else ("C", m)
        work.do(axis, 0, board.cells[0] - 1 if length > 1 else 0)
    else:
        if board.parity() == 1 and n % 2 == 1:  # then m is even: a column shift is odd (Lemma 1)
            work.do("C", 0, 1)
        _phase1(work)
        last_row = TorusBoard(m, n, tuple(work.cells))
        if last_row.parity() == 1:
            assert n % 2 == 0, "Phase 1 keeps parity when n is odd"
            work.do("R", m - 1, 1)  # an n-cycle, odd for n even (Lemma 1)
            stats["lemma1_swap"] = True
        _phase2(work)
    moves = simplify(work.moves, m, n)
    if not board.apply(moves).is_initial():  # the replay check: never return an unchecked sequence
        raise AssertionError(f"constructive solution failed on {board.rows_text()}")
    stats.update(time=time.perf_counter() - start, drag=drag_number(moves), push=push_number(moves),
                 raw_moves=len(work.moves))
    return moves, stats


def solve(instance: TorusPuzzle, timeout: float | None = None) -> Result:
    """YES with the constructive sequence when it fits the bound (or there is none); NO when
    parity (Lemma 2) or a single line forbids a solution; UNKNOWN when the sequence is longer
    than the bound (the construction is not optimal).

    >>> from npw.instances.torus.puzzle import TorusBoard
    >>> from npw.instances.torus.moves import parse_moves
    >>> board = TorusBoard.initial(2, 3).apply(parse_moves("R0E1 C2S1"))
    >>> puzzle = TorusPuzzle(board.rows, board.cols, board.cells)
    >>> result = solve(puzzle)
    >>> result.answer, puzzle.verify(result.certificate), result.stats["reason"]
    (<Answer.YES: 'YES'>, True, '2 x 3 has an even side: every configuration is reachable (Lemma 1)')
    """
    moves, stats = solve_board(instance.board)
    if moves is None:
        return Result(Answer.NO, None, "constructive", stats)
    if instance.bound is not None and cost(moves, instance.metric) > instance.bound:
        stats["note"] = f"constructive {instance.metric} number exceeds the bound; it is not optimal"
        return Result(Answer.UNKNOWN, None, "constructive", stats)
    return Result(Answer.YES, tuple(moves), "constructive", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("torus", "constructive", solve),
)
