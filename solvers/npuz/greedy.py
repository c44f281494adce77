"""A greedy row-by-row solver for the (n^2-1)-puzzle: the practical reference the Section 5
approximation is measured against (issue 20), and the second candidate of
:func:`npw.solvers.npuz.approx.approximate`.

Why it lives in ``solvers/`` and not in ``bench/``: the approximation keeps the shorter of
its own sequence and this one (the minimum of a constant-factor approximation and
anything else is still one), so it is runtime code, tested like the rest.

The method (Parberry's "greedy" order, the tile steps chosen one at a time):

0. Lemma 5 on paper: the target's blank walks to the bottom-right corner along a path p;
   solve towards that board T', then play p backwards.
1. Rows 0..n-3 top to bottom; in a row the cells 0..n-3 left to right: the tile that
   belongs there is carried step by step, each step the one whose "cell ahead" the blank
   reaches soonest (so the tile runs a staircase while both coordinates differ: 3 moves
   a step, against 5 for a straight run). Placed cells are never entered again.
2. The last two cells of a row together (a to the corner, b under it, then two moves);
   the last two rows column by column (the same, transposed); when the second tile sits
   in the small window where the trick walls the blank in, a breadth-first search inside
   that 2 x 3 window finishes (<= 21 moves).
3. The last 2 x 2 square by breadth-first search (<= 6 moves).

The expected length on uniformly random boards is about 8/3 n^3 (Parberry 2015), i.e.
about 4 d(B1, B2), 8x Theorem 4's bound: see BENCHMARKS.md, "Issue 20: approximation".

>>> from npw.instances.npuz.board import apply_moves, goal_board
>>> start = (1, 2, 3, 4, 0, 6, 7, 5, 8)
>>> moves = greedy_moves(start, goal_board(3))
>>> apply_moves(start, moves) == goal_board(3)
True
"""

from __future__ import annotations

import math
from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board, apply_moves, blank_path
from npw.instances.npuz.reach import reachable
from npw.instances.npuz.region import window_moves
from npw.solvers.npuz.tiles import OPP, NoRoom, TileBoard, dist, route

__all__ = ["OverBudget", "greedy_moves"]


class OverBudget(Exception):
    """The greedy sequence grew past the caller's budget (it keeps a shorter one)."""


def _invert(moves: str) -> str:
    return "".join(OPP[m] for m in reversed(moves))


def _ahead_cost(blank: int, tile: int, cell: int, n: int) -> int:
    """Moves the blank needs to reach ``cell`` without crossing ``tile``, estimated: the
    Manhattan distance, plus 2 when the tile sits on the straight segment between them."""
    d = dist(blank, cell, n)
    (br, bc), (tr, tc), (cr, cc) = divmod(blank, n), divmod(tile, n), divmod(cell, n)
    if (br == tr == cr and min(bc, cc) < tc < max(bc, cc)) or (bc == tc == cc and min(br, cr) < tr < max(br, cr)):
        d += 2
    return d


class _Greedy:
    def __init__(self, cells: list[int], n: int, budget: int | None) -> None:
        self.board = TileBoard(cells, n)
        self.n = n
        self.locked: set[int] = set()
        self.budget = budget

    def check_budget(self) -> None:
        if self.budget is not None and len(self.board.moves) > self.budget:
            raise OverBudget()

    def carry(self, tile: int, dest: int, extra: frozenset[int] = frozenset()) -> None:
        """Carries ``tile`` to ``dest`` one cell at a time, never entering a locked cell
        (nor ``extra``); each step toward ``dest`` is the one whose cell ahead the blank
        reaches soonest."""
        board, n = self.board, self.n
        avoid = self.locked  # extended in place (copying it per tile would cost O(n^4))
        added = [cell for cell in extra if cell not in avoid]
        avoid.update(added)
        try:
            self._carry(tile, dest, avoid)
        finally:
            avoid.difference_update(added)

    def _carry(self, tile: int, dest: int, avoid: set[int]) -> None:
        board, n = self.board, self.n
        while board.pos[tile] != dest:
            here = board.pos[tile]
            (r, c), (dr, dc) = divmod(here, n), divmod(dest, n)
            options = []
            if dr != r:
                options.append(here + (n if dr > r else -n))
            if dc != c:
                options.append(here + (1 if dc > c else -1))
            options = [cell for cell in options if cell not in avoid]
            if not options:
                raise NoRoom()
            # the blank's cost to the cell ahead; ties go to the longer remaining leg
            remaining = {here + n: dr - r, here - n: r - dr, here + 1: dc - c, here - 1: c - dc}
            cell = min(options, key=lambda x: (_ahead_cost(board.blank, here, x, n), -remaining[x]))
            avoid.add(here)
            try:
                route(board, cell, avoid)
            finally:
                avoid.discard(here)
            board.slide(here)
            self.check_budget()

    def window(self, cells: list[int], want: dict[int, int]) -> None:
        """Blank into the window (avoiding the wanted tiles), then the shortest moves inside
        it that put the tiles of ``want`` on their cells (breadth-first search)."""
        board = self.board
        free = [cell for cell in cells if board.cells[cell] not in want]
        wanted_cells = {board.pos[t] for t in want}
        if board.blank not in cells:
            # the nearest free cell of the window that the blank can reach (a cell
            # walled in by locked cells and the wanted tiles cannot be the way in)
            for entry in sorted(free, key=lambda x: dist(board.blank, x, self.n)):
                try:
                    route(board, entry, self.locked | wanted_cells)
                    break
                except NoRoom:
                    continue
            else:
                raise NoRoom()
        n = self.n
        path = window_moves([divmod(cell, n) for cell in cells], tuple(board.cells[cell] for cell in cells),
                            {tile: divmod(cell, n) for tile, cell in want.items()})
        if path is None:
            raise NoRoom()
        board.run(path)

    def pair(self, a: int, b: int, a_cell: int, b_cell: int, corner_cell: int, window: list[int],
             first: str, second: str) -> None:
        """Places a at a_cell and b at b_cell (a line's last two cells): a goes to b_cell,
        b next to it at corner_cell, the blank to a_cell, then the moves ``first``,
        ``second``; the window search when b is where that would wall the blank in."""
        board = self.board
        if board.pos[a] == a_cell and board.pos[b] == b_cell:
            return
        self.carry(a, b_cell)
        if board.pos[b] in window:
            self.window(window, {a: a_cell, b: b_cell})
        else:
            self.carry(b, corner_cell, frozenset({b_cell}))
            route(board, a_cell, self.locked | {b_cell, corner_cell})
            board.run(first + second)
        self.check_budget()

    def solve(self, goal: list[int]) -> None:
        n, board = self.n, self.board
        for top in range(n - 2):
            row = top * n
            for j in range(n - 2):
                self.carry(goal[row + j], row + j)
                self.locked.add(row + j)
            a, b = goal[row + n - 2], goal[row + n - 1]
            window = [row + dr * n + n - 2 + dc for dr in range(3) for dc in range(2)]
            self.pair(a, b, row + n - 2, row + n - 1, row + n + n - 1, window, "R", "D")
            self.locked.update((row + n - 2, row + n - 1))
        top = (n - 2) * n
        for j in range(n - 2):
            a, b = goal[top + j], goal[top + n + j]
            window = [top + dr * n + j + dc for dr in range(2) for dc in range(3)]
            self.pair(a, b, top + j, top + n + j, top + n + j + 1, window, "D", "R")
            self.locked.update((top + j, top + n + j))
        square = [top + n - 2, top + n - 1, top + 2 * n - 2, top + 2 * n - 1]
        self.window(square, {goal[cell]: cell for cell in square if goal[cell]})
        assert board.cells == goal, "greedy solver did not reach its goal (a bug)"


def greedy_moves(b1: Board, b2: Board, budget: int | None = None, guided: bool = True) -> str:
    """Moves turning B1 into B2 (any reachable pair, n >= 2), row by row; raises
    :class:`OverBudget` as soon as more than ``budget`` moves were made (if given).
    ``guided``: of equally short blank routes take the one that pushes the tiles it
    displaces toward their goals (False: the plain fixed route shapes)."""
    n = math.isqrt(len(b1))
    if len(b1) != n * n or sorted(b1) != sorted(b2):
        raise InvalidInstance("the two boards do not hold the same tiles")
    if not reachable(b1, b2):
        raise InvalidInstance("B2 is not reachable from B1 (Theorem 1)")
    tail = blank_path(b2.index(0), n * n - 1, n)
    goal = list(apply_moves(b2, tail, n))
    solver = _Greedy(list(b1), n, budget)
    if guided:
        where = [0] * (n * n)
        for cell, tile in enumerate(goal):
            where[tile] = cell
        solver.board.goal = where
    solver.solve(goal)
    return "".join(solver.board.moves) + _invert(tail)
