"""nPUZ, the (n^2-1)-puzzle as a decision problem (Ratner & Warmuth 1990, Section 2).

An instance is two n x n boards B1, B2 (tiles 1..n^2-1 and the blank 0, every tile
exactly once) and a bound k; the answer is yes iff B1 can be turned into B2 in at
most k moves.

**Move convention (stated once, used everywhere in npw):** a move names the
direction in which the *blank* travels: ``U`` swaps the blank with the tile above
it, ``D`` below, ``L`` to the left, ``R`` to the right. A certificate is a string
over ``UDLR`` (``""`` when B1 = B2). Row 0 is the top row.

Boards are tuples of n^2 ints in row-major order. Formats:

* JSON: ``{"problem": "npuz", "version": 1, "n": 3, "start": [[...], ...],
  "goal": [[...], ...], "k": 20}`` (boards as grids, lists of rows; a flat list of
  n^2 numbers is accepted too);
* the one-line format: n^2 numbers separated by blanks or commas, 0 the blank
  (:func:`parse_board`). Two goal conventions: *blank-first* ``0 1 2 ... n^2-1``
  and *blank-last* ``1 2 ... n^2-1 0`` (:func:`goal_board`).

Reachability (Theorem 1, McCoy & Berger 1972, and the inversion test of seed 004)
live in :mod:`npw.instances.npuz.reach`, the distances of Section 2 and Theorem 4 in
:mod:`npw.solvers.npuz.bounds`.

>>> p = NPuz.from_lines("1 2 3 4 5 6 7 0 8", "1 2 3 4 5 6 7 8 0", 1)
>>> p.verify("R"), p.verify("L"), p.verify("")
(True, False, False)
"""

from __future__ import annotations

import math
import random as _random
import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.elements import npuz_elements
from npw.instances.npuz.reach import reachable

__all__ = ["Board", "GOALS", "MOVES", "NPuz", "OPPOSITE", "PROBLEM", "apply_moves", "blank_path", "enumerate_instances",
           "format_board", "from_grid", "goal_board", "neighbours", "parse_board", "random_board", "random_instance",
           "random_reachable_board", "random_walk", "scrambled_instance", "side_of", "to_grid", "unreachable_instance",
           "validate_board", "verification_sample"]

Board = tuple[int, ...]

MOVES = "UDLR"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
GOALS = ("blank-first", "blank-last")


# -- boards ----------------------------------------------------------------------------------


def side_of(cells: int) -> int:
    """n for a board of n^2 cells; InvalidInstance if ``cells`` is not a square >= 4."""
    n = math.isqrt(cells)
    if n * n != cells:
        raise InvalidInstance(f"a board needs n^2 numbers; {cells} is not a square")
    if n < 2:
        raise InvalidInstance("a board needs n >= 2 (at least 4 numbers)")
    return n


def validate_board(board: Sequence[int], n: int | None = None, name: str = "board") -> Board:
    """The board as a tuple, after checking: n^2 cells, each of 0..n^2-1 exactly once."""
    cells = len(board)
    size = side_of(cells) if n is None else n
    if size * size != cells:
        raise InvalidInstance(f"{name} has {cells} cells; a {size} x {size} board needs {size * size}")
    # the usual case in C (a 1000 x 1000 board: 0.1 s, not 2.5 s); the loop below names the fault
    if cells and set(map(type, board)) == {int} and min(board) == 0 and max(board) == cells - 1 \
            and len(set(board)) == cells:
        return tuple(board)
    seen: dict[int, int] = {}
    for index, tile in enumerate(board):
        if not isinstance(tile, int) or isinstance(tile, bool):
            raise InvalidInstance(f"{name}: cell {index} holds {tile!r}, not a tile number")
        if tile < 0 or tile >= cells:
            raise InvalidInstance(f"{name}: tile {tile} out of range 0..{cells - 1} (0 is the blank)")
        if tile in seen:
            raise InvalidInstance(f"{name}: tile {tile} occurs twice (cells {seen[tile]} and {index})")
        seen[tile] = index
    return tuple(board)


def goal_board(n: int, convention: str = "blank-last") -> Board:
    """``blank-first``: 0 1 2 ... n^2-1; ``blank-last``: 1 2 ... n^2-1 0."""
    if convention == "blank-first":
        return tuple(range(n * n))
    if convention == "blank-last":
        return tuple(range(1, n * n)) + (0,)
    raise InvalidInstance(f"unknown goal convention {convention!r} (use blank-first or blank-last)")


def parse_board(text: str, name: str = "board") -> Board:
    """The one-line format: n^2 integers separated by blanks and/or commas, 0 the blank."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if not words:
        raise InvalidInstance(f"{name} is empty")
    try:
        numbers = [int(w) for w in words]
    except ValueError:
        bad = next(w for w in words if not re.fullmatch(r"[+-]?\d+", w))
        shown = bad if len(bad) <= 40 else bad[:40] + "..."  # one readable line, whatever the file holds
        raise InvalidInstance(f"{name}: {shown!r} is not a number") from None
    return validate_board(numbers, name=name)


def format_board(board: Board) -> str:
    """The one-line format."""
    return " ".join(map(str, board))


def to_grid(board: Board) -> list[list[int]]:
    n = math.isqrt(len(board))
    return [list(board[r * n:(r + 1) * n]) for r in range(n)]


def from_grid(grid: Any, name: str = "board") -> Board:
    """A board from a list of rows (or a flat list of n^2 numbers)."""
    if not isinstance(grid, list):
        raise InvalidInstance(f"{name} must be a list of rows")
    if grid and any(isinstance(row, list) for row in grid):
        if not all(isinstance(row, list) for row in grid):
            raise InvalidInstance(f"{name} mixes rows and single tiles")
        if any(len(row) != len(grid) for row in grid):
            raise InvalidInstance(f"{name} is not square: {len(grid)} rows of lengths {sorted({len(r) for r in grid})}")
        flat = [tile for row in grid for tile in row]
    else:
        flat = list(grid)
    return validate_board(flat, name=name)


def apply_moves(board: Board, moves: str, n: int | None = None) -> Board:
    """The board after the blank travels ``moves``; InvalidInstance on a move off the board."""
    n = n or math.isqrt(len(board))
    cells = list(board)
    blank = cells.index(0)
    r, c = divmod(blank, n)
    for step, move in enumerate(moves):
        if move == "U":
            r -= 1
        elif move == "D":
            r += 1
        elif move == "L":
            c -= 1
        elif move == "R":
            c += 1
        else:
            raise InvalidInstance(f"move {step}: {move!r} is not one of U, D, L, R")
        if not (0 <= r < n and 0 <= c < n):
            raise InvalidInstance(f"move {step} ({move}) takes the blank off the board")
        target = r * n + c
        cells[blank], cells[target] = cells[target], 0
        blank = target
    return tuple(cells)


def neighbours(board: Board, n: int) -> Iterator[tuple[str, Board]]:
    """(move, board after it) for every legal move."""
    blank = board.index(0)
    r, c = divmod(blank, n)
    for move, dr, dc in (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n:
            cells = list(board)
            target = rr * n + cc
            cells[blank], cells[target] = cells[target], 0
            yield move, tuple(cells)


def blank_path(source: int, target: int, n: int) -> str:
    """Moves taking the blank from cell ``source`` to cell ``target``: vertical first, then horizontal."""
    (r1, c1), (r2, c2) = divmod(source, n), divmod(target, n)
    vertical = ("D" if r2 > r1 else "U") * abs(r2 - r1)
    horizontal = ("R" if c2 > c1 else "L") * abs(c2 - c1)
    return vertical + horizontal


def random_walk(board: Board, steps: int, rng: _random.Random, n: int | None = None) -> str:
    """``steps`` random moves that never undo the previous one."""
    n = n or math.isqrt(len(board))
    blank = board.index(0)
    r, c = divmod(blank, n)
    moves = []
    last = None
    for _ in range(steps):
        options = [m for m, (dr, dc) in (("U", (-1, 0)), ("D", (1, 0)), ("L", (0, -1)), ("R", (0, 1)))
                   if 0 <= r + dr < n and 0 <= c + dc < n and m != (OPPOSITE[last] if last else None)]
        move = rng.choice(options)
        r, c = r + {"U": -1, "D": 1}.get(move, 0), c + {"L": -1, "R": 1}.get(move, 0)
        moves.append(move)
        last = move
    return "".join(moves)


def random_board(n: int, rng: _random.Random) -> Board:
    """A uniformly random arrangement of 0..n^2-1 (either reachability class)."""
    cells = list(range(n * n))
    rng.shuffle(cells)
    return tuple(cells)


def random_reachable_board(n: int, rng: _random.Random, goal: Board) -> Board:
    """A uniformly random board from which ``goal`` is reachable (a swap fixes a wrong class)."""
    board = list(random_board(n, rng))
    if not reachable(tuple(board), goal):
        # exchanging two non-blank tiles flips the class (Theorem 1)
        i, j = [k for k in range(n * n) if board[k] != 0][:2]
        board[i], board[j] = board[j], board[i]
    return tuple(board)


# -- the problem -----------------------------------------------------------------------------


@dataclass(frozen=True)
class NPuz:
    """B1 = ``start``, B2 = ``goal`` (row-major tuples, 0 the blank), bound ``k``.

    Is B2 reachable from B1 in at most ``k`` moves of the (n^2-1)-puzzle?

    Parameters
    ----------
    n : int
        The board's side.
    start, goal : sequence of int
        The boards, row-major, 0 the blank.
    k : int
        The most moves allowed.

    Examples
    --------
    A certificate is the moves as letters:

    >>> from npw.api import NPuz
    >>> puzzle = NPuz(2, (1, 2, 0, 3), (1, 2, 3, 0), 1)
    >>> puzzle.verify("R"), puzzle.verify("L")
    (True, False)
    """

    problem = "npuz"
    n: int
    start: Board
    goal: Board
    k: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", tuple(self.start))
        object.__setattr__(self, "goal", tuple(self.goal))
        self.validate()

    @classmethod
    def from_lines(cls, start: str, goal: str, k: int) -> "NPuz":
        b1, b2 = parse_board(start, "B1"), parse_board(goal, "B2")
        return cls(side_of(len(b1)), b1, b2, k)

    def validate(self) -> None:
        if not isinstance(self.n, int) or isinstance(self.n, bool) or self.n < 2:
            raise InvalidInstance(f"n must be an integer >= 2, not {self.n!r}")
        validate_board(self.start, self.n, "B1 (start)")
        validate_board(self.goal, self.n, "B2 (goal)")
        if not isinstance(self.k, int) or isinstance(self.k, bool) or self.k < 0:
            raise InvalidInstance(f"k must be a non-negative integer, not {self.k!r}")

    def verify(self, certificate: Any) -> bool:
        """True iff ``certificate`` is a string of at most k moves (U/D/L/R, the blank's
        direction) that stays on the board and turns B1 into B2."""
        if not isinstance(certificate, str) or len(certificate) > self.k:
            return False
        if any(m not in MOVES for m in certificate):
            return False
        try:
            return apply_moves(self.start, certificate, self.n) == self.goal
        except InvalidInstance:
            return False

    def size(self) -> dict[str, int]:
        return {"n": self.n, "cells": self.n * self.n, "k": self.k}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "n": self.n,
                "start": to_grid(self.start), "goal": to_grid(self.goal), "k": self.k}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "NPuz":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)  # n within MAX_PUZZLE_SIDE, tiles integers, k an integer
        return cls(model.n, from_grid(model.start, "start"), from_grid(model.goal, "goal"), model.k)

    @staticmethod
    def certificate_to_json(certificate: str) -> str:
        return certificate

    @staticmethod
    def certificate_from_json(obj: Any) -> str:
        from npw.instances.models import NPuzCertificate
        from npw.instances.validation import check_certificate

        return check_certificate(obj, NPuzCertificate, "an npuz certificate is a string over U, D, L, R (the blank's moves)")


# -- generators ------------------------------------------------------------------------------


@takes(
    n=Param(2, help="board side"),
    walk=Param(0, help="random moves from the goal"),
    slack=Param(0, help="added to the walk for the bound k"),
    goal=Param(choices=("blank-last", "blank-first"), help="where the blank is on the goal board"),
)
def scrambled_instance(seed: int, n: int = 3, walk: int = 30, slack: int = 0,
                       goal: str = "blank-last") -> NPuz:
    """B2 the goal board, B1 from a random walk of ``walk`` moves; k = walk + slack, so the
    answer is yes (the reversed walk is a certificate)."""
    rng = _random.Random(seed)
    b2 = goal_board(n, goal)
    moves = random_walk(b2, walk, rng, n)
    b1 = apply_moves(b2, moves, n)
    return NPuz(n, b1, b2, walk + slack)


@takes(
    n=Param(2, help="board side"),
    k=Param(0, help="move bound (default: 10..25 for n = 3, else 4 n^3)"),
    goal=Param(choices=("blank-last", "blank-first"), help="where the blank is on the goal board"),
)
def random_instance(seed: int, n: int = 3, k: int | None = None, goal: str = "blank-last") -> NPuz:
    """A uniformly random reachable B1 against the goal board; k defaults to a seeded
    value in [10, 25] for n = 3 (both answers common), else 4 n^3."""
    rng = _random.Random(seed)
    b2 = goal_board(n, goal)
    b1 = random_reachable_board(n, rng, b2)
    if k is None:
        k = rng.randint(10, 25) if n == 3 else 4 * n ** 3
    return NPuz(n, b1, b2, k)


@takes(
    n=Param(2, help="board side"),
    k=Param(0, help="move bound"),
    goal=Param(choices=("blank-last", "blank-first"), help="where the blank is on the goal board"),
)
def unreachable_instance(seed: int, n: int = 3, k: int = 40, goal: str = "blank-last") -> NPuz:
    """No-instance by Theorem 1: B1 is a reachable board with two non-blank tiles swapped (two
    chosen at random, so the swap is not always at the same squares)."""
    rng = _random.Random(seed)
    b2 = goal_board(n, goal)
    b1 = list(random_reachable_board(n, rng, b2))
    i, j = rng.sample([p for p in range(n * n) if b1[p] != 0], 2)
    b1[i], b1[j] = b1[j], b1[i]
    return NPuz(n, tuple(b1), b2, k)


def verification_sample(seed: int) -> NPuz:
    """A 2x2 or 3x3 instance with a short walk and a bound around it (both answers occur)."""
    rng = _random.Random(seed)
    n = rng.choice((2, 3, 3))
    walk = rng.randint(0, 12)
    inst = scrambled_instance(rng.randrange(2**31), n, walk)
    return NPuz(n, inst.start, inst.goal, max(0, walk - rng.randint(0, 4)))


def enumerate_instances(max_k: int) -> Iterator[NPuz]:
    """Every 2x2 instance: each B1 of the 24 arrangements against the blank-last goal,
    with every bound k = 0..max_k."""
    import itertools

    goal = goal_board(2)
    for perm in itertools.permutations(range(4)):
        for k in range(max_k + 1):
            yield NPuz(2, perm, goal, k)


PROBLEM = Problem.of_module(
    globals(),
    id="npuz",
    title="(n^2-1)-puzzle: can B1 be turned into B2 in at most k moves?",
    instance_type=NPuz,
    certificate_doc="moves: a string over U, D, L, R naming the direction the BLANK travels (U swaps it with the tile above)",
    generators={
        "random": random_instance,
        "scrambled": scrambled_instance,
        "unreachable": unreachable_instance,
    },
    default_generator="random",
    verify_deciders=("idastar", "bfs"),
    deciders=("idastar", "astar", "bfs", "sat"),
    renderer="npw.instances.npuz.render:render_instance",
    elements=npuz_elements,
    file_model="npw.instances.models:NPuzFile",
)
