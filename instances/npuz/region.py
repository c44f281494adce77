"""A constructive region solver with a proven move bound: "Fact 1" of Ratner & Warmuth
(1990), Section 2.

:func:`solve_region` turns the s x s region (rows r0..r0+s-1, columns c0..c0+s-1) of
an n x n board into any reachable arrangement of the same region, never moving a
tile outside it, in at most

    p(s) = q * s^3 moves with q = 18  (s >= 2),

and :func:`solve_board` applies it to a whole board (region = board), which makes it
a (suboptimal) solver for any n.

The method (the classic one, with the blank routed by breadth-first search inside
the cells that are still free; BFS only ever shortens the explicit routes counted
below, so the counts are upper bounds on what the code does):

0. Let T be the target. Move its blank, on paper, to the bottom-right cell of the
   region along a path p (<= 2(s-1) moves): T' = T after p. Solve towards T', then
   play p backwards (<= 2(s-1) moves).
A. Rows 0..s-3, top to bottom; in each row the cells 0..s-3 left to right, then the
   last two cells together. The current rectangle has h >= 3 rows; Q = its rows
   1..h-1 is completely free (>= 2 rows, s columns).
   * Placing one tile at (0, j), j <= s-3 (or the tile of (0, s-2) at (0, s-1)):
     if it lies in row 0, pull it down (blank to the cell below it, then one move);
     then move it along its row to column j, then up to row 0. A tile step is
     "blank to the cell ahead, avoiding the tile; swap". Routing lemma (L1): inside
     a rectangle of >= 2 rows and columns with one cell forbidden, any two cells are
     joined by a path of length <= Manhattan + 2 (if a monotone path is blocked the
     two L-shaped paths are internally disjoint, or the cells are collinear and the
     neighbouring line is a detour of 2) -- so a fresh approach costs <= 2s + 2.
     Circling lemma (L2): with the blank just behind the tile, the cell ahead in the
     same direction is 4 moves away through the neighbouring line, a cell around a
     corner 2 moves away. Counting: pull-down <= 2s + 3; the horizontal run <= (2s+3)
     + 5(s-2); the vertical run to row 1 <= (2s+3) + 5(h-3); the last step into row
     0 <= 2s + 5 (route via (1, j+1), (0, j+1), both free since j <= s-2). Total per
     tile <= 8s + 14 + 5(s-2) + 5(h-3) <= 18s - 11.
   * The last two: the tile a of (0, s-2) goes to (0, s-1) as above (<= 18s); the
     tile b of (0, s-1) goes to (1, s-1) without touching (0, s-1): it runs in Q
     (<= (2s+3) + 5(s-2) + (2s+3) + 5(h-3) <= 14s); the blank goes to
     (0, s-2) (<= 2s + 1) and the moves R, D finish the row. The trap: if b lies in
     the 3 x 2 window W of rows 0..2, columns s-2..s-1 (at (0, s-2) pulling it down
     would wall the blank in), the blank enters W (<= 2s + 2) and a breadth-first
     search inside W finishes the row (<= 21 moves, the 2 x 3 puzzle's diameter;
     the wanted placement of a and b is reachable there since the window's other
     three tiles and the blank may end anywhere). A b outside W runs in without
     trouble: its last horizontal step into (1, s-1) is served from (2, s-1), its
     last vertical one from (1, s-2). Total <= (18s - 11) + 14s + (2s + 1) + 2
     <= 36s + 6 (trap: (18s - 11) + (2s + 2) + 21 <= 36s + 6). A row costs
     <= (s-2) 18s + 36s + 6 = 18s^2 + 6.
B. The last two rows, columns 0..s-3 left to right (the same trick transposed): the
   tile a of (0, j) goes to (1, j) (<= 9s: a run along its row, then at most one
   vertical step); the tile b of (1, j) goes to (1, j+1) without touching (1, j)
   (<= 9s); the blank goes to (0, j) (<= 2s + 3), then the moves D, R. The trap (b
   in the 2 x 3 window of columns j..j+2; after a's last step the blank sits in the
   dead end (0, j), walled in if b is at (0, j+1)): blank into the window (<= 2s +
   2), then a search inside it (<= 21). Per column <= 9s + 9s + (2s + 3) + 2 <= 22s + 8
   (trap: 9s + (2s + 2) + 21 <= 22s + 8 for s >= 3).
C. The last 2 x 2 square: its 12 reachable arrangements form one cycle of the blank
   going round, so <= 6 moves (breadth-first search finds them).

Total B(s) = (s-2)(18s^2 + 6) + (s-2)(22s + 8) + 6 + 2(s-1)
           = 18s^3 - 14s^2 - 26s - 24 < 18 s^3 for s >= 3; for s = 2, B = 8 < 144.
So q = 18. The code checks the per-tile (18s - 11), per-row-end (36s + 6),
per-column (22s + 8), window (21), last-square (6) and total counts as it runs (a
breach raises AssertionError, meaning the proof or the code is wrong), and tests
check the total on many random regions. Running time is proportional to the moves times the region's
area (one BFS per tile step).
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board, apply_moves, random_board
from npw.instances.npuz.reach import reachable

__all__ = ["Q_CONSTANT", "move_bound", "random_region_case", "solve_board", "solve_region", "window_moves"]

Q_CONSTANT = 18
_DELTA = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_OPP = {"U": "D", "D": "U", "L": "R", "R": "L"}


def move_bound(s: int) -> int:
    """p(s) = q s^3 with q = 18: no run of :func:`solve_region` on an s x s region exceeds it."""
    return Q_CONSTANT * s ** 3


_NEIGHBOURS: dict[int, list[list[tuple[str, int, tuple[int, int]]]]] = {}


def _neighbours(s: int) -> list[list[tuple[str, int, tuple[int, int]]]]:
    """For each cell r s + c of an s x s region, (move, its number, (row, column)) of its
    neighbours in _DELTA's order."""
    table = _NEIGHBOURS.get(s)
    if table is None:
        table = [[(m, (r + dr) * s + c + dc, (r + dr, c + dc)) for m, (dr, dc) in _DELTA.items()
                  if 0 <= r + dr < s and 0 <= c + dc < s] for r in range(s) for c in range(s)]
        _NEIGHBOURS[s] = table
    return table


def _invert(moves: str) -> str:
    return "".join(_OPP[m] for m in reversed(moves))


class _Region:
    """The region in local coordinates; moves are applied to the whole board's list."""

    def __init__(self, board: list[int], n: int, r0: int, c0: int, s: int) -> None:
        self.board, self.n, self.r0, self.c0, self.s = board, n, r0, c0, s
        self.locked = [[False] * s for _ in range(s)]
        self.moves: list[str] = []
        self.blank = None
        self.where: dict[int, tuple[int, int]] = {}
        for r in range(s):
            for c in range(s):
                tile = self.at(r, c)
                if tile == 0:
                    self.blank = (r, c)
                else:
                    self.where[tile] = (r, c)
        if self.blank is None:
            raise InvalidInstance("the blank is not inside the region")

    def at(self, r: int, c: int) -> int:
        return self.board[(self.r0 + r) * self.n + self.c0 + c]

    def _set(self, r: int, c: int, tile: int) -> None:
        self.board[(self.r0 + r) * self.n + self.c0 + c] = tile

    def move(self, m: str) -> None:
        br, bc = self.blank
        dr, dc = _DELTA[m]
        tr, tc = br + dr, bc + dc
        assert 0 <= tr < self.s and 0 <= tc < self.s and not self.locked[tr][tc], "move leaves the free cells"
        tile = self.at(tr, tc)
        self._set(br, bc, tile)
        self._set(tr, tc, 0)
        self.where[tile] = (br, bc)
        self.blank = (tr, tc)
        self.moves.append(m)

    def route(self, target, avoid: set[tuple[int, int]]) -> None:
        """Blank to ``target`` (a cell, or a set of cells: the nearest) by a shortest path
        through free cells not in ``avoid``."""
        targets = target if isinstance(target, set) else {target}
        if self.blank in targets:
            return
        # the breadth-first search on flat cell numbers (r s + c), neighbours in the order of
        # _DELTA, stopping at the first target queued (the first dequeued): the same path as before
        # (the forward map of 224sat-to-npuz routes the blank some 40,000 times a case)
        s = self.s
        locked = self.locked
        start = self.blank[0] * s + self.blank[1]
        seen = bytearray(s * s)
        seen[start] = 1
        previous = [-1] * (s * s)
        letter = [""] * (s * s)
        queue = deque([start])
        neighbours = _neighbours(s)
        found = -1
        while queue:
            cell = queue.popleft()
            for m, nxt, pair in neighbours[cell]:
                if not seen[nxt] and not locked[pair[0]][pair[1]] and pair not in avoid:
                    seen[nxt] = 1
                    previous[nxt] = cell
                    letter[nxt] = m
                    if pair in targets:  # the first target reached is the first one dequeued
                        found = nxt
                        break
                    queue.append(nxt)
            if found >= 0:
                break
        if found < 0:
            raise AssertionError(f"region solver: no route for the blank to {target} (a bug)")
        path = []
        cell = found
        while cell != start:
            path.append(letter[cell])
            cell = previous[cell]
        for m in reversed(path):
            self.move(m)

    def step_tile(self, tile: int, direction: str, avoid: set[tuple[int, int]]) -> None:
        """Moves ``tile`` one cell in ``direction``: blank ahead of it (avoiding it), then swap."""
        r, c = self.where[tile]
        dr, dc = _DELTA[direction]
        self.route((r + dr, c + dc), avoid | {(r, c)})
        self.move(_OPP[direction])

    def walk_tile(self, tile: int, path: str, avoid: set[tuple[int, int]]) -> None:
        for direction in path:
            self.step_tile(tile, direction, avoid)


def _straight(frm: int, to: int, less: str, more: str) -> str:
    return (more if to > frm else less) * abs(to - frm)


def _local_target_with_blank_home(target: list[list[int]], s: int) -> tuple[list[list[int]], str]:
    """T' (the target with its blank moved to (s-1, s-1)) and the moves from T' back to T."""
    flat = tuple(t for row in target for t in row)
    br, bc = divmod(flat.index(0), s)
    to_corner = _straight(br, s - 1, "U", "D") + _straight(bc, s - 1, "L", "R")
    moved = apply_moves(flat, to_corner, s)
    return [list(moved[r * s:(r + 1) * s]) for r in range(s)], _invert(to_corner)


def solve_region(board: Board, target: Board, n: int, r0: int = 0, c0: int = 0, s: int | None = None) -> str:
    """Moves (the blank's directions) turning ``board`` into ``target``, both n x n boards that
    agree outside the s x s region at (r0, c0) and have their blanks inside it; never more
    than :func:`move_bound` (s) moves; InvalidInstance if the target is not reachable."""
    s = n if s is None else s
    if s < 2 or r0 < 0 or c0 < 0 or r0 + s > n or c0 + s > n:
        raise InvalidInstance(f"region {s}x{s} at ({r0}, {c0}) does not fit a {n}x{n} board with s >= 2")
    inside = {(r0 + r) * n + c0 + c for r in range(s) for c in range(s)}
    for cell in range(n * n):
        if cell not in inside and board[cell] != target[cell]:
            raise InvalidInstance(f"the boards differ at cell {cell}, outside the region")
    local_b = tuple(board[(r0 + r) * n + c0 + c] for r in range(s) for c in range(s))
    local_t = tuple(target[(r0 + r) * n + c0 + c] for r in range(s) for c in range(s))
    if 0 not in local_b or 0 not in local_t:
        raise InvalidInstance("the blank must be inside the region in both boards")
    if not reachable(local_b, local_t):
        raise InvalidInstance("the target arrangement of the region is not reachable (Theorem 1)")
    work = list(board)
    region = _Region(work, n, r0, c0, s)
    goal_rows, tail = _local_target_with_blank_home([list(local_t[r * s:(r + 1) * s]) for r in range(s)], s)
    _solve(region, goal_rows)
    region.locked = [[False] * s for _ in range(s)]  # everything is placed: the blank goes home
    for m in tail:
        region.move(m)
    moves = "".join(region.moves)
    assert len(moves) <= move_bound(s), "region solver exceeded its proven bound"
    return moves


def solve_board(board: Board, target: Board) -> str:
    """The region solver on the whole board: a suboptimal solver for any n (<= 18 n^3 moves)."""
    n = math.isqrt(len(board))
    return solve_region(board, target, n)



def random_region_case(rng, s: int, extra: int) -> tuple[int, int, int, list[int], Board, Board]:
    """A random test case for :func:`solve_region`: an (s + extra)-board with the blank inside
    a randomly placed s x s region and, as target, a reachable random rearrangement of that
    region (the rest unchanged). Returns (n, r0, c0, region cells, board, target)."""
    n = s + extra
    r0, c0 = rng.randint(0, n - s), rng.randint(0, n - s)
    inside = [(r0 + r) * n + c0 + c for r in range(s) for c in range(s)]
    board = list(random_board(n, rng))
    b, k = board.index(0), rng.choice(inside)
    board[b], board[k] = board[k], board[b]
    target = list(board)
    values = [target[i] for i in inside]
    rng.shuffle(values)
    for i, v in zip(inside, values):
        target[i] = v
    if not reachable(tuple(board[i] for i in inside), tuple(target[i] for i in inside)):
        i, j = [p for p in inside if target[p] != 0][:2]
        target[i], target[j] = target[j], target[i]
    return n, r0, c0, inside, tuple(board), tuple(target)

def window_moves(window: list[tuple[int, int]], start: tuple[int, ...], want: dict[int, tuple[int, int]]) -> list[str] | None:
    """Shortest blank moves inside ``window`` (cells (row, column); ``start`` their tiles,
    the blank 0 among them) that put the tiles of ``want`` on their cells, by
    breadth-first search; None if no arrangement of the window has them there.

    >>> window_moves([(0, 0), (0, 1), (1, 0), (1, 1)], (1, 0, 3, 2), {2: (0, 1)})
    ['D']
    """
    index = {cell: k for k, cell in enumerate(window)}
    if (len(index) != len(window) or len(start) != len(window) or len(set(start)) != len(start) or 0 not in start
            or 0 in want or any(tile not in start for tile in want)):  # not a window's state: searched as given
        return _window_search_bfs(window, start, want)
    # the search depends on the window's shape, where the blank is and which cell each wanted
    # tile starts from and goes to, not on the tiles' numbers or the window's place: the same
    # breadth-first search on tiles renamed by their starting cell finds the same moves, once
    # for all the windows of a forward map (1,576 searches a case of 224sat-to-npuz's stream)
    top, left = min(r for r, _ in window), min(c for _, c in window)
    shape = tuple((r - top, c - left) for r, c in window)
    where = {tile: k for k, tile in enumerate(start)}
    pairs = tuple(sorted((where[tile], index[cell]) for tile, cell in want.items()))
    path = _canonical_window_moves(shape, where[0], pairs)
    return None if path is None else list(path)


@lru_cache(maxsize=65536)
def _canonical_window_moves(shape: tuple[tuple[int, int], ...], blank: int,
                            pairs: tuple[tuple[int, int], ...]) -> tuple[str, ...] | None:
    """:func:`window_moves` on the window ``shape`` whose tile at cell k is k + 1, the blank at
    cell ``blank``, each (k, j) of ``pairs`` wanting the tile k + 1 on cell j."""
    start = tuple(0 if k == blank else k + 1 for k in range(len(shape)))
    path = _window_search_bfs(list(shape), start, {k + 1: shape[j] for k, j in pairs})
    return None if path is None else tuple(path)


def _window_search_bfs(window: list[tuple[int, int]], start: tuple[int, ...],
                       want: dict[int, tuple[int, int]]) -> list[str] | None:
    index = {cell: k for k, cell in enumerate(window)}
    targets = {tile: index[cell] for tile, cell in want.items()}
    previous: dict = {start: None}
    queue = deque([start])
    found = None
    while queue:
        state = queue.popleft()
        if all(state[k] == tile for tile, k in targets.items()):
            found = state
            break
        i = state.index(0)
        for m, (dr, dc) in _DELTA.items():
            cell = (window[i][0] + dr, window[i][1] + dc)
            if cell in index:
                k = index[cell]
                nxt = list(state)
                nxt[i], nxt[k] = nxt[k], 0
                key = tuple(nxt)
                if key not in previous:
                    previous[key] = (state, m)
                    queue.append(key)
    if found is None:
        return None
    path = []
    while previous[found] is not None:
        found, m = previous[found]
        path.append(m)
    return path[::-1]


def _window_search(region: _Region, window: list[tuple[int, int]], want: dict[int, tuple[int, int]]) -> None:
    """Shortest blank moves inside a 2 x 3 (or 3 x 2) window, blank inside it, that put the
    tiles of ``want`` on their cells; the 2 x 3 puzzle's diameter is 21, so <= 21 moves."""
    path = window_moves(window, tuple(region.at(r, c) for r, c in window), want)
    assert path is not None, "window search failed (a bug)"
    assert len(path) <= 21
    for m in path:
        region.move(m)


def _solve(region: _Region, goal: list[list[int]]) -> None:
    s = region.s
    count = lambda: len(region.moves)  # noqa: E731

    def place(tile: int, dest: tuple[int, int], avoid: set, pull: str, first: str) -> None:
        """Pull the tile out of the protected line if it is there, then run it to dest:
        ``first`` = "h" runs horizontally then vertically, "v" the other way."""
        r, c = region.where[tile]
        if (r, c) == dest:
            return
        if pull:
            region.step_tile(tile, pull, avoid)
            r, c = region.where[tile]
        horizontal = _straight(c, dest[1], "L", "R")
        vertical = _straight(r, dest[0], "U", "D")
        region.walk_tile(tile, horizontal + vertical if first == "h" else vertical + horizontal, avoid)

    # A: rows 0..s-3
    for top in range(s - 2):
        h = s - top
        for j in range(s - 2):
            tile = goal[top][j]
            before = count()
            r, _ = region.where[tile]
            place(tile, (top, j), set(), "D" if r == top and region.where[tile] != (top, j) else "", "h")
            assert count() - before <= 18 * s - 11, ("phase A tile", tile)
            region.locked[top][j] = True
        a, b = goal[top][s - 2], goal[top][s - 1]
        before = count()
        if not (region.where[a] == (top, s - 2) and region.where[b] == (top, s - 1)):
            r, _ = region.where[a]
            place(a, (top, s - 1), set(), "D" if r == top and region.where[a] != (top, s - 1) else "", "h")
            guard = {(top, s - 1)}
            window = [(top + dr, s - 2 + dc) for dr in range(3) for dc in range(2)]
            if region.where[b] in window:
                # b close by (e.g. at (top, s-2), where pulling it down would wall the blank
                # in): finish inside the window
                region.route(set(window) - {region.where[a], region.where[b]}, {region.where[a], region.where[b]})
                _window_search(region, window, {a: (top, s - 2), b: (top, s - 1)})
            else:
                place(b, (top + 1, s - 1), guard, "", "h")
                region.route((top, s - 2), guard | {(top + 1, s - 1)})
                region.move("R")
                region.move("D")
        assert region.where[a] == (top, s - 2) and region.where[b] == (top, s - 1)
        assert count() - before <= 36 * s + 6, ("phase A last two", top)
        region.locked[top][s - 2] = region.locked[top][s - 1] = True
        del h
    # B: the last two rows, columns 0..s-3
    r0 = s - 2
    for j in range(s - 2):
        a, b = goal[r0][j], goal[r0 + 1][j]
        before = count()
        if not (region.where[a] == (r0, j) and region.where[b] == (r0 + 1, j)):
            place(a, (r0 + 1, j), set(), "", "h")
            guard = {(r0 + 1, j)}
            window = [(r0 + dr, j + dc) for dr in range(2) for dc in range(3)]
            if region.where[b] in window:
                # b close by (at (r0, j) or (r0, j+1) the blank would be walled in): finish
                # inside the window
                region.route(set(window) - {region.where[a], region.where[b]}, {region.where[a], region.where[b]})
                _window_search(region, window, {a: (r0, j), b: (r0 + 1, j)})
            else:
                place(b, (r0 + 1, j + 1), guard, "", "h")
                region.route((r0, j), guard | {(r0 + 1, j + 1)})
                region.move("D")
                region.move("R")
        assert region.where[a] == (r0, j) and region.where[b] == (r0 + 1, j)
        assert count() - before <= 22 * s + 8, ("phase B column", j)
        region.locked[r0][j] = region.locked[r0 + 1][j] = True
    # C: the last 2 x 2 square by breadth-first search over its arrangements
    before = count()
    cells = [(s - 2, s - 2), (s - 2, s - 1), (s - 1, s - 2), (s - 1, s - 1)]
    want = tuple(goal[r][c] for r, c in cells)
    start = tuple(region.at(r, c) for r, c in cells)
    previous = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == want:
            break
        i = state.index(0)
        for m, (dr, dc) in _DELTA.items():
            r, c = cells[i][0] + dr, cells[i][1] + dc
            if (r, c) in cells:
                k = cells.index((r, c))
                nxt = list(state)
                nxt[i], nxt[k] = nxt[k], 0
                nxt = tuple(nxt)
                if nxt not in previous:
                    previous[nxt] = (state, m)
                    queue.append(nxt)
    assert want in previous, "the last 2x2 square is unsolvable (reachability was checked: a bug)"
    path = []
    state = want
    while previous[state] is not None:
        state, m = previous[state]
        path.append(m)
    for m in reversed(path):
        region.move(m)
    assert count() - before <= 6
