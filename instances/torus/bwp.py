"""BWP, the black/white torus puzzle (seed 001, Section 4; restated in spec/bwp.md).

An R x C torus of pieces coloured black or white; the moves of the torus puzzle
(``npw.instances.torus.puzzle.Move``: a row shifted E/W or a column N/S, cyclically, by any
amount). Given a start and a goal colouring and a bound k: can the start be turned
into the goal in at most k steps of the *drag* metric (a run of identical basic
operations on one line is one step)? The certificate is the move sequence.

Observation 1: one column operation moves at most one piece into or out of a row,
so a row whose black count must change by j needs at least j column operations (and
symmetrically for columns); hence max_r |d_r| + max_c |d_c| steps at least.

JSON: colourings as lists of row strings, ``#`` black and ``.`` white.

Boards are packed (issue 20): a colouring is a ``bytes`` object of rows x cols cells, row-major,
one byte a cell (0 white, 1 black). It is still an immutable sequence of ints (``cells[i]``,
slices, ``sum``, hashing and equality behave as the tuples of ints it replaces did, except
that it never equals a tuple), and numpy reads it without a copy (:func:`cells_array`), so
an 899 x 201,201 target (Theorem 2 at m = 100, B = 1,000) takes 181 MB a colouring instead of
1.4 GB, and a move rotates one line of a numpy view in place (:func:`.moves.apply_to_array`).
The constructor takes any sequence of 0/1 (a tuple, a list, a numpy array) and packs it.

>>> p = BWP.from_rows(["#..", "..."], ["...", "..#"], 2)
>>> from npw.instances.torus.moves import parse_moves
>>> p.verify(parse_moves("R0W1 C2S1")), p.verify(parse_moves("R0W1 R0W1"))
(True, False)
>>> p.start, p.start[0], p == BWP(2, 3, (1, 0, 0, 0, 0, 0), [0, 0, 0, 0, 0, 1], 2)
(b'\\x01\\x00\\x00\\x00\\x00\\x00', 1, True)
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.lazy import lazy_import
from npw.instances.torus.moves import (Move, apply_inplace, apply_to_array, drag_number, moves_from_json, moves_to_json,
                                       parse_moves)
from npw.instances.elements import bwp_elements

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["BWP", "PROBLEM", "cells_array", "enumerate_instances", "planted_instance", "random_instance",
           "strip_instance", "tight_instance", "verification_sample"]


_WHITE, _BLACK = ord("."), ord("#")


def _parse_rows(rows: Sequence[str], what: str) -> tuple[int, int, bytes]:
    if not rows or not all(isinstance(r, str) for r in rows):
        raise InvalidInstance(f"{what}: expected a non-empty list of row strings of '#' and '.'")
    width = len(rows[0])
    for index, row in enumerate(rows):
        if len(row) != width:
            raise InvalidInstance(f"{what}: row {index} has {len(row)} cells, row 0 has {width}")
    # one code point a cell (UTF-32), so a stray character of any script is found and named
    codes = np.frombuffer("".join(rows).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    black = codes == _BLACK
    bad = ~(black | (codes == _WHITE))
    if bad.any():
        first = int(bad.argmax())
        raise InvalidInstance(f"{what}: row {first // width} holds {chr(codes[first])!r}; use '#' (black) and "
                              f"'.' (white)")
    return len(rows), width, black.view(np.uint8).tobytes()


def _packed(cells: Any, name: str) -> bytes:
    """A colouring as bytes, one a cell; bytes are kept as they are (no copy of a large board)."""
    if isinstance(cells, bytes):
        return cells
    array = cells if isinstance(cells, np.ndarray) else None
    if array is None or array.dtype.kind not in "biu":  # booleans and integers as they are
        try:  # what the tuples of ints accepted: int() of each cell
            array = np.array([int(x) for x in cells], dtype=np.int64)
        except (TypeError, ValueError, OverflowError):
            raise InvalidInstance(f"{name} must be a sequence of cells 0 (white) or 1 (black)") from None
    if array.ndim != 1:
        raise InvalidInstance(f"{name} must be a flat, row-major sequence of cells, not of shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 1):
        raise InvalidInstance(f"{name} cells must be 0 (white) or 1 (black)")
    return array.astype(np.uint8).tobytes()


def cells_array(cells: bytes | Sequence[int], rows: int, cols: int) -> np.ndarray:
    """A colouring as a rows x cols numpy array; a read-only view when ``cells`` are bytes.

    >>> cells_array(bytes([1, 0, 0, 0, 0, 1]), 2, 3).tolist()
    [[1, 0, 0], [0, 0, 1]]
    """
    flat = np.frombuffer(cells, dtype=np.uint8) if isinstance(cells, bytes) else np.asarray(cells)
    return flat.reshape(rows, cols)


def _equal_rows(board: np.ndarray, other: np.ndarray) -> bool:
    """Two boards of one shape are equal, compared a row at a time: ``np.array_equal`` would build a
    boolean board as large as the board itself (181 MB at Theorem 2's m = 100, B = 1,000)."""
    return all(np.array_equal(a, b) for a, b in zip(board, other))


@dataclass(frozen=True)
class BWP:
    """BWP, the black/white torus puzzle: can the colouring ``start`` be turned into ``goal`` in at
    most ``bound`` steps of the drag metric (rows and columns shifted cyclically)?

    Parameters
    ----------
    rows, cols : int
        The board's size.
    start, goal : sequence of int
        The cells row-major, 1 black, 0 white (held packed as bytes).
    bound : int
        The most steps allowed.

    Examples
    --------
    A certificate is the move sequence:

    >>> from npw.api import BWP
    >>> from npw.instances.torus.moves import parse_moves
    >>> puzzle = BWP.from_rows(["#..", "..."], ["...", "..#"], 2)
    >>> puzzle.verify(parse_moves("R0W1 C2S1")), puzzle.verify(parse_moves("R0W1 R0W1"))
    (True, False)
    """

    problem = "bwp"
    rows: int
    cols: int
    # given as any sequence of 0/1, held packed: bytes, row-major, one byte a cell, 1 = black
    start: Sequence[int]
    goal: Sequence[int]
    bound: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", _packed(self.start, "start"))
        object.__setattr__(self, "goal", _packed(self.goal, "goal"))
        self.validate()

    @staticmethod
    def from_rows(start: Sequence[str], goal: Sequence[str], bound: int) -> "BWP":
        r1, c1, s = _parse_rows(start, "start")
        r2, c2, g = _parse_rows(goal, "goal")
        if (r1, c1) != (r2, c2):
            raise InvalidInstance(f"start is {r1} x {c1} but goal is {r2} x {c2}")
        return BWP(r1, c1, s, g, bound)

    def validate(self) -> None:
        if not isinstance(self.rows, int) or not isinstance(self.cols, int) or self.rows < 1 or self.cols < 1:
            raise InvalidInstance(f"board sides must be positive integers, not {self.rows} x {self.cols}")
        for name, cells in (("start", self.start), ("goal", self.goal)):
            if len(cells) != self.rows * self.cols:
                raise InvalidInstance(f"{name} has {len(cells)} cells, the board {self.rows * self.cols}")
            if not isinstance(cells, bytes) or cells.translate(None, b"\x00\x01"):  # not only 0 and 1
                raise InvalidInstance(f"{name} cells must be 0 (white) or 1 (black)")
        if not isinstance(self.bound, int) or isinstance(self.bound, bool) or self.bound < 0:
            raise InvalidInstance(f"bound k must be a non-negative integer, not {self.bound!r}")

    def board(self, cells: bytes | Sequence[int] | None = None) -> np.ndarray:
        """``cells`` (default the start) as a rows x cols numpy array, read-only for bytes."""
        return cells_array(self.start if cells is None else cells, self.rows, self.cols)

    def _replay(self, moves: Sequence[Move]) -> np.ndarray:
        board = self.board().copy()
        for move in moves:
            apply_to_array(board, move)
        return board

    def apply(self, moves: Sequence[Move]) -> bytes:
        """The start after ``moves``, packed like ``start``."""
        return self._replay(moves).tobytes()

    def verify(self, certificate: Any) -> bool:
        try:
            moves = parse_moves(certificate)
            return drag_number(moves) <= self.bound and _equal_rows(self._replay(moves), self.board(self.goal))
        except (InvalidInstance, TypeError, AttributeError):
            return False

    def size(self) -> dict[str, int]:
        return {"rows": self.rows, "cols": self.cols, "black": self.start.count(1), "bound": self.bound}

    def row_strings(self, cells: bytes | Sequence[int]) -> list[str]:
        board = self.board(cells) != 0
        text = np.where(board, np.uint8(_BLACK), np.uint8(_WHITE))  # one byte a cell
        return [row.tobytes().decode("ascii") for row in text]

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "bound": self.bound,
                "start": self.row_strings(self.start), "goal": self.row_strings(self.goal)}

    def check_readable(self) -> None:
        """Refuses (InvalidInstance, the message reading the file back gives) a puzzle npw would
        not read back, from its sizes: ``npw reduce`` wrote a target through a dict of its row
        strings and read that back first (3.4 s for a 3-PARTITION of m = 100, B = 1,000, whose
        180 M cells are then refused). Past a limit of the file model itself (a row longer than
        the cell limit, a bound past the integer limit) the round trip gives the message.

        >>> BWP(1, 3, (1, 0, 0), (0, 0, 1), 2).check_readable()
        """
        from npw.instances.validation import MAX_INTEGER, MAX_TORUS_CELLS, check_size

        if self.cols <= MAX_TORUS_CELLS and self.bound <= MAX_INTEGER:
            check_size("cells of start", self.rows * self.cols, MAX_TORUS_CELLS)  # as from_dict
            return
        BWP.from_dict(self.to_dict())

    @staticmethod
    def from_dict(data: dict) -> "BWP":
        from npw.instances.validation import MAX_TORUS_CELLS, check_size, checked

        model = checked(data, "bwp")
        check_size("cells of start", sum(len(row) for row in model.start), MAX_TORUS_CELLS)
        return BWP.from_rows(model.start, model.goal, model.bound)

    @staticmethod
    def certificate_to_json(certificate: Sequence[Move]) -> list[str]:
        return moves_to_json(certificate)

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[Move, ...]:
        return moves_from_json(obj, "BWP")

    def lower_bound(self, cells: bytes | Sequence[int] | None = None) -> int:
        """Observation 1: max_r |d_r| + max_c |d_c| for the colouring ``cells`` (default start)."""
        board, goal = self.board(cells), self.board(self.goal)
        # summed in int64: a uint8 board would wrap at 256 (and a converted copy costs 8 bytes a cell)
        dr = np.abs(board.sum(axis=1, dtype=np.int64) - goal.sum(axis=1, dtype=np.int64)).max()
        dc = np.abs(board.sum(axis=0, dtype=np.int64) - goal.sum(axis=0, dtype=np.int64)).max()
        return int(dr + dc)


def _random_moves(rng: _random.Random, rows: int, cols: int, steps: int) -> list[Move]:
    moves: list[Move] = []
    for _ in range(steps):
        if (rng.random() < 0.5 or rows == 1) and cols > 1:
            moves.append(Move("R", rng.randrange(rows), "E", rng.randrange(1, cols)))
        elif rows > 1:
            moves.append(Move("C", rng.randrange(cols), "S", rng.randrange(1, rows)))
    return moves


@takes(
    rows=Param(1, help="board rows"),
    cols=Param(1, help="board columns"),
    steps=Param(0, help="random moves planted"),
    density=Param(0.0, 1.0, help="share of black cells"),
)
def planted_instance(seed: int, rows: int = 4, cols: int = 4, steps: int = 3, density: float = 0.4) -> BWP:
    """Yes by construction: the goal is the start after ``steps`` random moves, k = steps."""
    rng = _random.Random(seed)
    start = tuple(1 if rng.random() < density else 0 for _ in range(rows * cols))
    cells = list(start)
    for move in _random_moves(rng, rows, cols, steps):
        apply_inplace(cells, rows, cols, move)
    return BWP(rows, cols, start, tuple(cells), steps)


@takes(
    rows=Param(1, help="board rows"),
    cols=Param(1, help="board columns"),
    steps=Param(0, help="random moves planted"),
    density=Param(0.0, 1.0, help="share of black cells"),
)
def random_instance(seed: int, rows: int = 4, cols: int = 4, steps: int = 3, density: float = 0.4) -> BWP:
    """``planted`` with the bound lowered to a random 0..steps: both answers occur."""
    planted = planted_instance(seed, rows, cols, steps, density)
    bound = _random.Random(seed + 1).randint(0, steps)
    return BWP(rows, cols, planted.start, planted.goal, bound)


def tight_instance(seed: int) -> BWP:
    """A small planted pair with k = its Observation 1 bound (the planted moves may be
    more than k, so both answers occur); every node of a search is then tight."""
    rng = _random.Random(seed)
    rows, cols = rng.randint(2, 5), rng.randint(2, 6)
    p = planted_instance(seed, rows, cols, rng.randint(1, 5), rng.choice((0.2, 0.35, 0.5)))
    return BWP(p.rows, p.cols, p.start, p.goal, p.lower_bound())


def strip_instance(seed: int) -> BWP:
    """Shaped like the 3-PARTITION targets, small: element rows 0..n-1 black in their first
    columns, a special row s with separators, the goal a contiguous run in row s with as many
    blacks as the start; k = the Observation 1 bound (one time in four, one more). No
    3-PARTITION promise, so many are no-instances."""
    rng = _random.Random(seed)
    n = rng.randint(1, 3)
    runs = [rng.randint(1, 3) for _ in range(n)]
    seps = rng.randint(1, 3)
    gap = rng.randint(1, 4)
    total = sum(runs) + seps
    cols = max(total + rng.randint(1, 4), max(runs) + 1 + seps * (gap + 1))
    rows = n + rng.randint(1, 3)
    s = rng.randint(n, rows - 1)
    start = [0] * (rows * cols)
    for i, a in enumerate(runs):
        for c in range(a):
            start[i * cols + c] = 1
    first = max(runs)
    for t in range(seps):
        start[s * cols + (first + t * (gap + 1)) % cols] = 1
    if sum(start) != total:
        return tight_instance(seed)
    goal = [0] * (rows * cols)
    offset = rng.randint(0, cols - 1)
    for c in range(total):
        goal[s * cols + (offset + c) % cols] = 1
    instance = BWP(rows, cols, tuple(start), tuple(goal), 0)
    return BWP(rows, cols, tuple(start), tuple(goal), instance.lower_bound() + rng.choice((0, 0, 0, 1)))


def verification_sample(seed: int) -> BWP:
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(2, 4), rng.randint(2, 4), rng.randint(1, 3))


def enumerate_instances(n: int) -> Iterator[BWP]:
    """Every 2 x 2 start/goal pair with the same number of blacks and every bound 0..n."""
    import itertools

    colourings = list(itertools.product((0, 1), repeat=4))
    for start in colourings:
        for goal in colourings:
            if sum(start) == sum(goal):
                for bound in range(n + 1):
                    yield BWP(2, 2, start, goal, bound)


PROBLEM = Problem.of_module(
    globals(),
    id="bwp",
    title="BWP: black/white torus puzzle, start to goal in at most k drag steps",
    instance_type=BWP,
    certificate_doc="moves: list of strings such as \"R2E3\" (row 2 east by 3) or \"C0N1\"; lines from 0",
    generators={"random": random_instance, "planted": planted_instance, "tight": tight_instance,
                "strip": strip_instance},
    default_generator="random",
    verify_deciders=("tight", "sat"),
    # the 3-PARTITION targets' NOs (17 x 70 and larger): tight's word checked by the phase model
    confirm_no_deciders=("phases",),
    deciders=("tight", "sat", "search", "phases"),
    renderer="npw.instances.torus.render:render_bwp",
    elements=bwp_elements,
    file_model="npw.instances.models:BwpFile",
)
