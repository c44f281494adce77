"""IDA* in pure Python for easy boards: the tree, order and counts of the compiled kernels.

Loading numba and its cached kernels costs about half a second of CPU before the first node;
an easy board needs a few hundred nodes. :func:`python_idastar` runs the same search as
:mod:`npw.solvers.npuz.kernel` (moves U, D, L, R, never the inverse of the previous move; a
child counts as generated when its heuristic is evaluated, a node as expanded when the
search descends into it, the root once per iteration) with the same heuristic values, so it
returns the same move string and the same node counts; past its node budget it gives up
(None) and the caller runs the kernel from the start. ``tests/test_npuz_kernel.py`` compares
the two on seeded boards.

Heuristics: manhattan, linear-conflict, pdb, and the ranked pdb78 and pdb6666 (the tables read
from the cache files by ``mmap``, without numpy; missing files mean None: the kernel's path
builds them). The ranked ones follow :mod:`npw.solvers.npuz.ida_ranked`'s kernel: one lookup
per sum re-read per move, the larger of the plain and the reflected sum.
"""

from __future__ import annotations

from typing import Callable

from npw.instances.npuz.board import Board
from npw.solvers.npuz.heuristics import lis_length

__all__ = ["HEURISTICS", "PYTHON_MAX_BOUND", "PYTHON_NODES", "RANKED_NAMES", "neighbour_list", "python_idastar"]

PYTHON_NODES = 10_000  # generated nodes; about 0.05 s here, a tenth of loading numba's kernels
PYTHON_MAX_BOUND = 200  # the recursion's depth (Python's limit is 1,000)
RANKED_NAMES = ("pdb78", "pdb6666")  # npw.solvers.npuz.ranked_files.RANKED, not imported until used


class _OutOfBudget(Exception):
    """The node budget ran out: the caller runs the compiled kernel instead."""


def neighbour_list(n: int) -> list[int]:
    """cell * 4 + move (U, D, L, R) -> the cell the blank moves to, -1 at the border (the
    compiled kernels use it as an array)."""
    nbr = [-1] * (n * n * 4)
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if r > 0:
            nbr[cell * 4] = cell - n
        if r < n - 1:
            nbr[cell * 4 + 1] = cell + n
        if c > 0:
            nbr[cell * 4 + 2] = cell - 1
        if c < n - 1:
            nbr[cell * 4 + 3] = cell + 1
    return nbr


def _manhattan_table(n: int, goalpos: list[int]) -> list[list[int]]:
    cells = n * n
    table = [[abs(c // n - goalpos[t] // n) + abs(c % n - goalpos[t] % n) for c in range(cells)]
             for t in range(cells)]
    table[0] = [0] * cells  # the blank is not counted
    return table


class _Manhattan:
    """The Manhattan distance, per depth; a move changes the moved tile's term only."""

    def __init__(self, board: list[int], n: int, goalpos: list[int]) -> None:
        self.table = _manhattan_table(n, goalpos)
        self.stack = [sum(self.table[t][c] for c, t in enumerate(board))]
        self.pending = 0

    def h0(self) -> int:
        return self.stack[0]

    def child(self, m: int, blank: int, target: int, tile: int) -> int:
        row = self.table[tile]
        self.pending = self.stack[-1] + row[blank] - row[target]
        return self.pending

    def reject(self) -> None:
        pass

    def accept(self) -> None:
        self.stack.append(self.pending)

    def pop(self) -> None:
        self.stack.pop()


def _line_conflicts(board: list[int], goalpos: list[int], n: int, line: int) -> int:
    """The kernel's ``line_conflicts``: tiles of the line whose goal is in it, minus the
    longest run already in goal order."""
    values: list[int] = []
    if line < n:
        for c in range(n):
            t = board[line * n + c]
            if t and goalpos[t] // n == line:
                values.append(goalpos[t] % n)
    else:
        col = line - n
        for r in range(n):
            t = board[r * n + col]
            if t and goalpos[t] % n == col:
                values.append(goalpos[t] // n)
    return len(values) - lis_length(values)


class _LinearConflict(_Manhattan):
    """Manhattan plus twice the tiles to lift; a move re-counts at most one line (the tile's
    goal row or column, if it enters or leaves it)."""

    def __init__(self, board: list[int], n: int, goalpos: list[int]) -> None:
        super().__init__(board, n, goalpos)
        self.board, self.n, self.goalpos = board, n, goalpos
        self.lines = [_line_conflicts(board, goalpos, n, line) for line in range(2 * n)]
        self.conflicts = [sum(self.lines)]
        self.saved: list[tuple[int, int]] = []
        self.change = (-1, 0, 0)

    def h0(self) -> int:
        return self.stack[0] + 2 * self.conflicts[0]

    def child(self, m: int, blank: int, target: int, tile: int) -> int:
        md = super().child(m, blank, target, tile)
        n, home = self.n, self.goalpos[tile]
        line = -1
        if m < 2:
            if home // n == target // n:
                line = target // n
            elif home // n == blank // n:
                line = blank // n
        elif home % n == target % n:
            line = n + target % n
        elif home % n == blank % n:
            line = n + blank % n
        lc = self.conflicts[-1]
        count = 0
        if line >= 0:
            count = _line_conflicts(self.board, self.goalpos, n, line)
            lc += count - self.lines[line]
        self.change = (line, count, lc)
        return md + 2 * lc

    def accept(self) -> None:
        super().accept()
        line, count, lc = self.change
        self.conflicts.append(lc)
        self.saved.append((line, self.lines[line] if line >= 0 else 0))
        if line >= 0:
            self.lines[line] = count

    def pop(self) -> None:
        super().pop()
        self.conflicts.pop()
        line, value = self.saved.pop()
        if line >= 0:
            self.lines[line] = value


class _Databases:
    """The additive pattern databases with the reflection lookup, as the kernel reads them:
    one key per group (placement index * cells), updated by the moved tile's group."""

    def __init__(self, board: list[int], n: int, goal: Board, goalpos: list[int],
                 tables: list[memoryview], groups: tuple[tuple[int, ...], ...]) -> None:
        cells = n * n
        self.tables, self.cells, self.ngroups = tables, cells, len(groups)
        self.group_of, self.wcell = [-1] * cells, [0] * cells
        for g, locations in enumerate(groups):
            for j, location in enumerate(locations):
                self.group_of[goal[location]] = g
                self.wcell[goal[location]] = cells ** j * cells
        self.tcell = [(loc % n) * n + loc // n for loc in range(cells)]
        self.sigma = [goal[self.tcell[goalpos[t]]] for t in range(cells)]
        self.reflect = self.sigma[0] == 0
        self.keys = [0] * (2 * self.ngroups)
        for location, t in enumerate(board):
            if t and self.group_of[t] >= 0:
                self.keys[self.group_of[t]] += location * self.wcell[t]
            if t and self.reflect and self.group_of[self.sigma[t]] >= 0:
                mirror = self.sigma[t]
                self.keys[self.ngroups + self.group_of[mirror]] += self.tcell[location] * self.wcell[mirror]
        self.blank0 = board.index(0)
        self.change = (-1, 0, -1, 0)
        self.stack: list[tuple[int, int, int, int]] = []

    def _value(self, cell: int) -> int:
        keys, tables, k = self.keys, self.tables, self.ngroups
        total = sum(tables[g][keys[g] + cell] for g in range(k))
        if self.reflect:
            mirrored = sum(tables[g][keys[k + g] + self.tcell[cell]] for g in range(k))
            total = max(total, mirrored)
        return total

    def h0(self) -> int:
        return self._value(self.blank0)

    def child(self, m: int, blank: int, target: int, tile: int) -> int:
        g, delta, mg, mdelta = self.group_of[tile], (blank - target) * self.wcell[tile], -1, 0
        if g >= 0:
            self.keys[g] += delta
        if self.reflect:
            mirror = self.sigma[tile]
            mg, mdelta = self.group_of[mirror], (self.tcell[blank] - self.tcell[target]) * self.wcell[mirror]
            if mg >= 0:
                self.keys[self.ngroups + mg] += mdelta
        self.change = (g, delta, mg, mdelta)
        return self._value(target)

    def reject(self) -> None:
        g, delta, mg, mdelta = self.change
        if g >= 0:
            self.keys[g] -= delta
        if mg >= 0:
            self.keys[self.ngroups + mg] -= mdelta

    def accept(self) -> None:
        self.stack.append(self.change)

    def pop(self) -> None:
        self.change = self.stack.pop()
        self.reject()


class _Ranked:
    """The ranked databases (:mod:`npw.solvers.npuz.ida_ranked`): per lookup its entry, per sum
    its total; a move re-reads, in each sum, the one lookup holding the moved tile."""

    def __init__(self, board: list[int], n: int, tables: list[memoryview], plan: tuple) -> None:
        _, self.table_of, self.tiles, self.maps, reflect = plan
        self.tables, self.cells = tables, n * n
        self.per_sum = len(self.tiles) // (2 if reflect else 1)
        self.reflect = reflect
        self.pos = [0] * self.cells
        for location, tile in enumerate(board):
            self.pos[tile] = location
        self.member = [[-1, -1] for _ in range(self.cells)]  # a tile is in one lookup per sum
        for lookup, tiles in enumerate(self.tiles):
            for t in tiles:
                self.member[t][lookup // self.per_sum] = lookup
        self.nsums = 2 if reflect else 1
        self.vals = [self._lookup(lookup) for lookup in range(len(self.tiles))]
        self.sums = [sum(self.vals[s * self.per_sum:(s + 1) * self.per_sum]) for s in range(self.nsums)]
        self.change: tuple[int, int, int, list[tuple[int, int]], list[int]] = (0, 0, 0, [], [])
        self.stack: list[tuple[int, int, list[tuple[int, int]], list[int]]] = []

    def _lookup(self, lookup: int) -> int:
        phi, pos, cells = self.maps[lookup], self.pos, self.cells
        q = [phi[pos[t]] for t in self.tiles[lookup]]
        r = 0
        for j, qj in enumerate(q):
            digit = qj
            for i in range(j):
                if q[i] < qj:
                    digit -= 1
            r = r * (cells - j) + digit
        return self.tables[self.table_of[lookup]][r]

    def h0(self) -> int:
        return max(self.sums)

    def child(self, m: int, blank: int, target: int, tile: int) -> int:
        self.pos[tile] = blank
        fresh: list[tuple[int, int]] = []
        sums = list(self.sums)
        for s in range(self.nsums):
            lookup = self.member[tile][s]
            if lookup >= 0:
                value = self._lookup(lookup)
                sums[s] += value - self.vals[lookup]
                fresh.append((lookup, value))
        self.change = (tile, blank, target, fresh, sums)
        return max(sums)

    def reject(self) -> None:
        tile, _, target, _, _ = self.change
        self.pos[tile] = target

    def accept(self) -> None:
        tile, _, target, fresh, sums = self.change
        self.stack.append((tile, target, [(lookup, self.vals[lookup]) for lookup, _ in fresh], self.sums))
        for lookup, value in fresh:
            self.vals[lookup] = value
        self.sums = sums

    def pop(self) -> None:
        tile, target, old, self.sums = self.stack.pop()
        for lookup, value in old:
            self.vals[lookup] = value
        self.pos[tile] = target


def _ranked(board: list[int], n: int, goal: Board, name: str) -> _Ranked | None:
    from npw.solvers.npuz.ranked_files import cached_tables

    cached = cached_tables(name, tuple(goal))
    if cached is None:
        return None
    return _Ranked(board, n, *cached)


def _databases(board: list[int], n: int, goal: Board, goalpos: list[int]) -> _Databases | None:
    from npw.solvers.npuz.pdb_files import GROUP_SIZES, layout, read_table, table_path

    if n not in GROUP_SIZES:
        return None
    groups, key = layout(tuple(goal))
    tables = []
    for g, locations in enumerate(groups):
        table = read_table(table_path(key, g), (n * n) ** (len(locations) + 1))
        if table is None:
            return None
        tables.append(table)
    return _Databases(board, n, goal, goalpos, tables, groups)


HEURISTICS: dict[str, Callable[..., object]] = {"manhattan": _Manhattan, "linear-conflict": _LinearConflict}


def python_idastar(start: Board, goal: Board, n: int, heuristic: str, limit: int | None,
                   budget: int) -> tuple[str | None, dict] | None:
    """The compiled IDA*'s answer for an easy board, or None past ``budget`` generated nodes (or
    when this search cannot run it: another heuristic, an uncached database, a deep bound).
    (moves, stats) with moves None when the bound passed ``limit`` (no solution within it);
    stats: nodes, generated, iterations, bound, h0 (and reflection for pdb).

    >>> from npw.instances.npuz.board import goal_board
    >>> python_idastar((1, 2, 3, 4, 5, 6, 0, 7, 8), goal_board(3), 3, "manhattan", None, 100)
    ('RR', {'nodes': 2, 'generated': 4, 'iterations': 1, 'h0': 2, 'bound': 2, 'proved_lower_bound': 2})
    """
    cells = n * n
    goalpos = [0] * cells
    for location, tile in enumerate(goal):
        goalpos[tile] = location
    board = list(start)
    if heuristic == "pdb":
        heur = _databases(board, n, goal, goalpos)
        if heur is None:
            return None
    elif heuristic in RANKED_NAMES:
        heur = _ranked(board, n, goal, heuristic)
        if heur is None:
            return None
    elif heuristic in HEURISTICS:
        heur = HEURISTICS[heuristic](board, n, goalpos)
    else:
        return None
    nbr = neighbour_list(n)
    target_board = list(goal)
    path: list[int] = []
    counts = {"generated": 0, "expanded": 0, "next": 0}
    bound = h0 = heur.h0()
    stats: dict = {"nodes": 0, "generated": 0, "iterations": 0, "h0": h0}
    if heuristic == "pdb" or heuristic in RANKED_NAMES:
        stats.update(pdb_built=False, reflection=heur.reflect)  # read from the cache files

    def dfs(depth: int, blank: int, last: int) -> bool:
        for m in range(4):
            if depth > 0 and last == m ^ 1:
                continue
            target = nbr[blank * 4 + m]
            if target < 0:
                continue
            if counts["generated"] >= budget:
                raise _OutOfBudget
            tile = board[target]
            board[blank], board[target] = tile, 0
            h = heur.child(m, blank, target, tile)
            counts["generated"] += 1
            f = depth + 1 + h
            if f > bound:
                counts["next"] = min(counts["next"], f)
                heur.reject()
                board[blank], board[target] = 0, tile
                continue
            path.append(m)
            if h == 0 and board == target_board:
                return True
            heur.accept()
            counts["expanded"] += 1
            if dfs(depth + 1, target, m):
                return True
            heur.pop()
            path.pop()
            board[blank], board[target] = 0, tile
        return False

    blank0 = start.index(0)
    try:
        while True:
            if limit is not None and bound > limit:
                return None, stats
            if bound > PYTHON_MAX_BOUND:
                return None
            stats["iterations"] += 1
            stats["bound"] = stats["proved_lower_bound"] = bound  # IDA*: every smaller bound was searched out
            counts["expanded"] += 1  # the root
            counts["next"] = 1 << 40
            found = dfs(0, blank0, -1)
            stats["nodes"], stats["generated"] = counts["expanded"], counts["generated"]
            if found:
                return "".join("UDLR"[m] for m in path), stats
            bound = counts["next"]
    except _OutOfBudget:
        return None
