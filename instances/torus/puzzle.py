"""The torus puzzle (seed 001, Amano, Kojima, Ota, ... "torus puzzle", Section 2).

An m x n board holds the pieces 1..mn. In the *initial* (solved) configuration
piece r = p*n + q + 1 sits at row p, column q (0-based here; the paper counts from
1). A basic operation rotates one line cyclically by one place: ``N``/``S`` move a
column up/down, ``E``/``W`` move a row right/left. A :class:`Move` is ``amount``
consecutive identical basic operations on one line, written ``R2E3`` (row 2 east
by 3) or ``C0N1`` (column 0 north by 1); lines are numbered from 0.

Two metrics for a sequence of moves:

* push number: the number of basic (unit) operations, i.e. the sum of the amounts;
* drag number: the number of maximal runs of identical basic operations on the same
  line (``R2E1 R2E1`` is one drag step, ``R2E1 R2W1`` two). The NP-hardness
  result of Section 4 counts drag steps.

The decision problem ``torus``: given a scrambled board, a metric and an optional
bound k, can the board be brought to the initial configuration (within k steps of
the metric, if a bound is given)? The certificate is the move sequence. The moves and
their metrics are :mod:`npw.instances.torus.moves` (shared with BWP).

>>> board = TorusBoard.initial(2, 3)
>>> moved = board.apply(parse_moves("R0E1 C2S1"))
>>> moved.rows_text()
'3 1 6/4 5 2'
>>> TorusPuzzle(moved.rows, moved.cols, moved.cells).verify(parse_moves("C2N1 R0W1"))
True
"""

from __future__ import annotations

import random as _random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.torus.moves import METRICS, Move, apply_inplace, cost, moves_from_json, moves_to_json, parse_moves
from npw.instances.elements import torus_elements

__all__ = ["PROBLEM", "TorusBoard", "TorusPuzzle", "enumerate_instances", "random_board", "random_instance",
           "scrambled_instance", "verification_sample"]

# -- the board --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TorusBoard:
    """An m x n configuration: ``cells[r * cols + c]`` is the piece at row r, column c."""

    rows: int
    cols: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(int(x) for x in self.cells))
        self.validate()

    def validate(self) -> None:
        if not isinstance(self.rows, int) or not isinstance(self.cols, int) or self.rows < 1 or self.cols < 1:
            raise InvalidInstance(f"board sides must be positive integers, not {self.rows} x {self.cols}")
        size = self.rows * self.cols
        if len(self.cells) != size:
            raise InvalidInstance(f"a {self.rows} x {self.cols} board has {size} cells, not {len(self.cells)}")
        if sorted(self.cells) != list(range(1, size + 1)):
            seen: set[int] = set()
            for x in self.cells:
                if not 1 <= x <= size:
                    raise InvalidInstance(f"piece {x} is not in 1..{size}")
                if x in seen:
                    raise InvalidInstance(f"piece {x} occurs twice")
                seen.add(x)

    @staticmethod
    def initial(rows: int, cols: int) -> "TorusBoard":
        return TorusBoard(rows, cols, tuple(range(1, rows * cols + 1)))

    @staticmethod
    def from_rows(rows: Sequence[Sequence[int]]) -> "TorusBoard":
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise InvalidInstance("a board needs rows of equal length")
        return TorusBoard(len(rows), len(rows[0]), tuple(x for r in rows for x in r))

    @staticmethod
    def parse(text: str) -> "TorusBoard":
        """``"1 2 3/4 5 6"``: rows separated by ``/`` (or newlines), pieces by spaces or commas."""
        try:
            rows = [[int(x) for x in re.split(r"[\s,]+", line.strip()) if x]
                    for line in re.split(r"[/\n;]", text) if line.strip()]
        except ValueError:
            raise InvalidInstance(f"bad board {text!r}: expected e.g. '2 1 3/4 5 6'") from None
        return TorusBoard.from_rows(rows)

    def rows_text(self) -> str:
        return "/".join(" ".join(str(x) for x in self.row(r)) for r in range(self.rows))

    def row(self, r: int) -> tuple[int, ...]:
        return self.cells[r * self.cols:(r + 1) * self.cols]

    def at(self, r: int, c: int) -> int:
        return self.cells[(r % self.rows) * self.cols + c % self.cols]

    def is_initial(self) -> bool:
        return all(x == i + 1 for i, x in enumerate(self.cells))

    def apply(self, moves: Iterable[Move]) -> "TorusBoard":
        cells = list(self.cells)
        for move in moves:
            apply_inplace(cells, self.rows, self.cols, move)
        return TorusBoard(self.rows, self.cols, tuple(cells))

    def parity(self) -> int:
        """0 if the board is an even permutation of the initial one, 1 if odd."""
        seen = [False] * len(self.cells)
        transpositions = 0
        for start in range(len(self.cells)):
            length = 0
            i = start
            while not seen[i]:
                seen[i] = True
                i = self.cells[i] - 1
                length += 1
            if length:
                transpositions += length - 1
        return transpositions % 2

    def solvable(self) -> tuple[bool, str]:
        """Lemmas 1 and 2, plus the 1-line cases: (solvable?, reason)."""
        m, n = self.rows, self.cols
        if m == 1 or n == 1:
            length = m * n
            first = self.cells[0]
            ok = all(self.cells[i] == (first - 1 + i) % length + 1 for i in range(length))
            return ok, ("a single line: only its rotations are reachable" + ("" if ok else "; this board is not one"))
        if m % 2 == 0 or n % 2 == 0:
            return True, f"{m} x {n} has an even side: every configuration is reachable (Lemma 1)"
        if self.parity() == 0:
            return True, f"{m} x {n} has both sides odd and the board is an even permutation (Lemma 2)"
        return False, (f"{m} x {n} has both sides odd, so every operation is an even permutation (a cycle of odd "
                       "length) and only even permutations are reachable (Lemma 2); this board is an odd permutation")

    def to_json(self) -> list[list[int]]:
        return [list(self.row(r)) for r in range(self.rows)]


def random_board(seed: int, rows: int, cols: int, solvable: bool = True) -> TorusBoard:
    """A uniformly random configuration; with ``solvable`` a reachable one (odd/odd: even permutation)."""
    rng = _random.Random(seed)
    cells = list(range(1, rows * cols + 1))
    if rows == 1 or cols == 1:
        k = rng.randrange(rows * cols)
        cells = cells[k:] + cells[:k]
        return TorusBoard(rows, cols, tuple(cells))
    rng.shuffle(cells)
    board = TorusBoard(rows, cols, tuple(cells))
    if solvable and not board.solvable()[0]:
        cells[0], cells[1] = cells[1], cells[0]
        board = TorusBoard(rows, cols, tuple(cells))
    return board


# -- the decision problem ---------------------------------------------------------------------


@dataclass(frozen=True)
class TorusPuzzle:
    """Can ``board`` be brought to the initial configuration (within ``bound`` steps of ``metric``)?

    Parameters
    ----------
    rows, cols : int
        The board's size.
    cells : sequence of int
        The scrambled board, row-major (the numbers 1..rows*cols).
    bound : int, optional
        The most steps allowed; None: any number.
    metric : str, default "drag"
        ``"drag"`` or ``"push"``, how steps are counted.

    Examples
    --------
    A certificate is the line shifts, as :func:`npw.instances.torus.moves.parse_moves` reads them:

    >>> from npw.api import TorusPuzzle
    >>> from npw.instances.torus.moves import parse_moves
    >>> puzzle = TorusPuzzle(2, 3, (3, 1, 6, 4, 5, 2))
    >>> puzzle.verify(parse_moves("C2N1 R0W1")), puzzle.verify(parse_moves("R0W1"))
    (True, False)
    """

    problem = "torus"
    rows: int
    cols: int
    cells: tuple[int, ...]
    bound: int | None = None
    metric: str = "drag"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(int(x) for x in self.cells))
        self.validate()

    @property
    def board(self) -> TorusBoard:
        return TorusBoard(self.rows, self.cols, self.cells)

    def validate(self) -> None:
        self.board  # validates the board
        if self.metric not in METRICS:
            raise InvalidInstance(f"unknown metric {self.metric!r} (use drag or push)")
        if self.bound is not None and (not isinstance(self.bound, int) or self.bound < 0):
            raise InvalidInstance(f"bound must be a non-negative integer or absent, not {self.bound!r}")

    def verify(self, certificate: Any) -> bool:
        try:
            moves = parse_moves(certificate)
            if not self.board.apply(moves).is_initial():
                return False
        except (InvalidInstance, TypeError, AttributeError):
            return False
        return self.bound is None or cost(moves, self.metric) <= self.bound

    def size(self) -> dict[str, int]:
        return {"rows": self.rows, "cols": self.cols, "cells": self.rows * self.cols}

    def to_dict(self) -> dict:
        data: dict[str, Any] = {"problem": self.problem, "version": 1, "rows": self.rows, "cols": self.cols,
                                "board": self.board.to_json(), "metric": self.metric}
        if self.bound is not None:
            data["bound"] = self.bound
        return data

    @staticmethod
    def from_dict(data: dict) -> "TorusPuzzle":
        from npw.instances.validation import MAX_TORUS_CELLS, check_size, checked

        model = checked(data, "torus")
        rows, cols = model.rows, model.cols
        check_size("rows * cols", rows * cols, MAX_TORUS_CELLS)
        if len(model.board) != rows or any(len(r) != cols for r in model.board):
            raise InvalidInstance(f"field 'board' must be {rows} lists of {cols} pieces")
        return TorusPuzzle(rows, cols, tuple(x for r in model.board for x in r), model.bound, model.metric)

    @staticmethod
    def certificate_to_json(certificate: Sequence[Move]) -> list[str]:
        return moves_to_json(certificate)

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[Move, ...]:
        return moves_from_json(obj, "torus")


@takes(
    rows=Param(1, help="board rows"),
    cols=Param(1, help="board columns"),
    bound=Param(0, help="move bound (none by default)"),
    metric=Param(choices=("drag", "push"), help="move cost: drag counts shifts, push moves"),
)
def random_instance(seed: int, rows: int = 3, cols: int = 3, solvable: bool = True,
                    bound: int | None = None, metric: str = "drag") -> TorusPuzzle:
    board = random_board(seed, rows, cols, solvable)
    return TorusPuzzle(rows, cols, board.cells, bound, metric)


@takes(
    rows=Param(1, help="board rows"),
    cols=Param(1, help="board columns"),
    moves=Param(0, help="random moves planted"),
    metric=Param(choices=("drag", "push"), help="move cost: drag counts shifts, push moves"),
)
def scrambled_instance(seed: int, rows: int = 3, cols: int = 3, moves: int = 5, metric: str = "drag") -> TorusPuzzle:
    """A planted yes-instance: ``moves`` random moves from the initial board, bound = their cost."""
    rng = _random.Random(seed)
    sequence = []
    for _ in range(moves):
        if rng.random() < 0.5 and cols > 1:
            sequence.append(Move("R", rng.randrange(rows), "E", rng.randrange(1, cols)))
        elif rows > 1:
            sequence.append(Move("C", rng.randrange(cols), "S", rng.randrange(1, rows)))
    inverse = [m.inverse() for m in reversed(sequence)]
    board = TorusBoard.initial(rows, cols).apply(sequence)
    return TorusPuzzle(rows, cols, board.cells, cost(inverse, metric), metric)


def verification_sample(seed: int) -> TorusPuzzle:
    rng = _random.Random(seed)
    rows, cols = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3)])
    board = random_board(rng.randrange(2**31), rows, cols, solvable=rng.random() < 0.8)
    return TorusPuzzle(rows, cols, board.cells, rng.randint(0, 6), "drag")


def enumerate_instances(n: int) -> Iterator[TorusPuzzle]:
    """Every board with at most n cells (both sides >= 2), with no bound (question: solvable at all?)."""
    import itertools

    for rows in range(2, n + 1):
        for cols in range(2, n // rows + 1):
            for cells in itertools.permutations(range(1, rows * cols + 1)):
                yield TorusPuzzle(rows, cols, cells)


PROBLEM = Problem.of_module(
    globals(),
    id="torus",
    title="torus puzzle: sort a board by cyclic row/column rotations (optionally within k steps)",
    instance_type=TorusPuzzle,
    certificate_doc="moves: list of strings such as \"R2E3\" (row 2 east by 3) or \"C0N1\"; lines from 0",
    generators={"random": random_instance, "scrambled": scrambled_instance},
    default_generator="random",
    verify_deciders=("bfs", "constructive"),
    deciders=("constructive", "bfs"),
    renderer="npw.instances.torus.render:render_torus",
    elements=torus_elements,
    file_model="npw.instances.models:TorusFile",
)
