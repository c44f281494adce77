"""Moves of the torus puzzle and of BWP (seed 001, Section 2): line shifts and their metrics.

A basic operation rotates one line of an m x n torus cyclically by one place: ``N``/``S``
move a column up/down, ``E``/``W`` move a row right/left. A :class:`Move` is ``amount``
consecutive identical basic operations on one line, written ``R2E3`` (row 2 east by 3) or
``C0N1`` (column 0 north by 1); lines are numbered from 0. The *push number* of a sequence
counts basic operations, the *drag number* maximal runs of identical operations on the same
line (Section 4's NP-hardness counts drag steps). Shared by the numbered puzzle
(:mod:`.puzzle`), the black/white puzzle (:mod:`.bwp`), their deciders and the
3-PARTITION -> BWP reduction.

>>> moves = parse_moves("R0E1 R0E1 C2S1")
>>> push_number(moves), drag_number(moves), moves_text(moves)
(3, 2, 'R0E1 R0E1 C2S1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from npw.instances.base import InvalidInstance

if TYPE_CHECKING:
    import numpy as np

__all__ = ["METRICS", "Move", "apply_inplace", "apply_to_array", "cost", "drag_number", "line_shift", "moves_from_json",
           "moves_text", "moves_to_json", "parse_moves", "push_number", "shift", "simplify"]

METRICS = ("drag", "push")
# at most 9 digits a number: a line or an amount beyond that is no move of a board npw reads, and
# longer digit strings would reach Python's int-to-string limit
_MOVE = re.compile(r"^([RC])(\d{1,9})([NSEW])(\d{1,9})$")


# -- moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """``amount`` identical basic operations ``direction`` on row/column ``index``."""

    axis: str  # "R" (row: E/W) or "C" (column: N/S)
    index: int
    direction: str
    amount: int = 1

    def __post_init__(self) -> None:
        if self.axis not in ("R", "C"):
            raise InvalidInstance(f"move axis must be R or C, not {self.axis!r}")
        allowed = "EW" if self.axis == "R" else "NS"
        if self.direction not in allowed:
            raise InvalidInstance(f"a {'row' if self.axis == 'R' else 'column'} moves {'/'.join(allowed)}, "
                                  f"not {self.direction!r}")
        if self.index < 0 or self.amount < 1:
            raise InvalidInstance(f"move {self.axis}{self.index}{self.direction}{self.amount}: "
                                  "index must be >= 0 and amount >= 1")

    def __str__(self) -> str:
        return f"{self.axis}{self.index}{self.direction}{self.amount}"

    @property
    def line(self) -> tuple[str, int]:
        return (self.axis, self.index)

    def signed(self) -> int:
        """The shift as a signed amount: E and S positive, W and N negative."""
        return self.amount if self.direction in "ES" else -self.amount

    def inverse(self) -> "Move":
        opposite = {"E": "W", "W": "E", "N": "S", "S": "N"}[self.direction]
        return Move(self.axis, self.index, opposite, self.amount)

    @staticmethod
    def parse(text: str) -> "Move":
        match = _MOVE.match(text.strip().upper())
        if not match:
            raise InvalidInstance(f"bad move {text!r}: expected e.g. R2E3 (row 2 east by 3) or C0N1")
        axis, index, direction, amount = match.groups()
        return Move(axis, int(index), direction, int(amount))


def shift(axis: str, index: int, signed: int, length: int) -> Move | None:
    """The shortest move (fewest pushes) shifting a line by ``signed`` places mod ``length``; None for 0."""
    k = signed % length
    if k == 0:
        return None
    forward, backward = ("E", "W") if axis == "R" else ("S", "N")
    return Move(axis, index, forward, k) if k <= length - k else Move(axis, index, backward, length - k)


def parse_moves(text: str | Sequence[str]) -> tuple[Move, ...]:
    """Moves from ``"R2E3 C0N1"`` (spaces or commas) or from a list of such strings."""
    tokens = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    return tuple(Move.parse(t) if isinstance(t, str) else t for t in tokens if t)


def moves_to_json(moves: Sequence[Move]) -> list[str]:
    """A move sequence as JSON: a list of strings such as ``"R2E3"`` (torus and BWP certificates)."""
    return [str(m) for m in moves]


def moves_from_json(obj: Any, what: str) -> tuple[Move, ...]:
    """The inverse of :func:`moves_to_json` (a single string of moves is accepted too)."""
    from npw.instances.models import MovesCertificate
    from npw.instances.validation import check_certificate

    return parse_moves(check_certificate(obj, MovesCertificate, f"a {what} certificate is a list of moves such as \"R2E3\""))


def moves_text(moves: Iterable[Move]) -> str:
    return " ".join(str(m) for m in moves)


def push_number(moves: Iterable[Move]) -> int:
    return sum(m.amount for m in moves)


def drag_number(moves: Iterable[Move]) -> int:
    """Maximal runs of identical basic operations on one line."""
    count, last = 0, None
    for move in moves:
        key = (move.axis, move.index, move.direction)
        if key != last:
            count += 1
            last = key
    return count


def cost(moves: Sequence[Move], metric: str) -> int:
    if metric not in METRICS:
        raise InvalidInstance(f"unknown metric {metric!r} (use drag or push)")
    return push_number(moves) if metric == "push" else drag_number(moves)


def simplify(moves: Iterable[Move], rows: int, cols: int) -> list[Move]:
    """Merges consecutive moves on one line into their net shift (shortest direction), drops
    null shifts: the result has the same effect and no more drag or push steps."""
    out: list[tuple[str, int, int]] = []  # (axis, index, net signed shift)
    for move in moves:
        if out and out[-1][:2] == move.line:
            axis, index, net = out.pop()
            net += move.signed()
        else:
            axis, index, net = move.axis, move.index, move.signed()
        length = cols if axis == "R" else rows
        if net % length:
            out.append((axis, index, net % length))
    result = []
    for axis, index, net in out:
        move = shift(axis, index, net, cols if axis == "R" else rows)
        if move is not None:
            result.append(move)
    return result


def line_shift(move: Move, rows: int, cols: int) -> int:
    """The move's shift of its line, 0 <= k < the line's length; refuses a line off the board.

    >>> line_shift(Move("R", 1, "W", 1), 2, 5), line_shift(Move("C", 4, "S", 3), 2, 5)
    (4, 1)
    """
    if move.axis == "R":
        if move.index >= rows:
            raise InvalidInstance(f"move {move}: the board has rows 0..{rows - 1}")
        return move.signed() % cols
    if move.index >= cols:
        raise InvalidInstance(f"move {move}: the board has columns 0..{cols - 1}")
    return move.signed() % rows


def apply_inplace(cells: list[int], rows: int, cols: int, move: Move) -> None:
    """Applies one move to a row-major list of pieces."""
    k = line_shift(move, rows, cols)
    if not k:
        return
    if move.axis == "R":
        start = move.index * cols
        line = cells[start:start + cols]
        cells[start:start + cols] = line[-k:] + line[:-k]
    else:
        line = cells[move.index::cols]
        cells[move.index::cols] = line[-k:] + line[:-k]


def apply_to_array(board: "np.ndarray", move: Move) -> None:
    """Applies one move in place to a 2-D numpy board (rows x cols): the line is a view of the
    board (a column a strided one), rotated in place, so a move costs the length of its line and
    no copy of the board (BWP boards of 10^8 cells, issue 20).

    >>> import numpy as np
    >>> board = np.arange(6).reshape(2, 3)
    >>> apply_to_array(board, Move("R", 0, "E", 1)); apply_to_array(board, Move("C", 2, "N", 1))
    >>> board.tolist()
    [[2, 0, 5], [3, 4, 1]]
    """
    rows, cols = board.shape
    k = line_shift(move, rows, cols)
    if k:
        line = board[move.index] if move.axis == "R" else board[:, move.index]
        # by hand, not numpy.roll: a column move is 3 us this way, 15 us through roll's generality,
        # and Theorem 2's certificates are 10^5 column moves; numpy copies overlapping assignments
        tail = line[-k:].copy()
        line[k:] = line[:-k]
        line[:k] = tail
