"""The moving parts the npuz constructive solvers share (the Section 5 approximation, the
greedy row-by-row solver): a board that records its moves and knows where each tile is,
and the blank's routes around cells it must not enter.

>>> board = TileBoard([1, 2, 3, 4, 0, 5, 6, 7, 8], 3)
>>> try:  # the blank to the corner without entering cells 1 and 3: walled in
...     route(board, 0, {1, 3})
... except NoRoom:
...     print("no route")
no route
>>> route(board, 0, {3})
>>> "".join(board.moves), board.cells
('UL', [0, 1, 3, 4, 2, 5, 6, 7, 8])
"""

from __future__ import annotations

__all__ = ["NoRoom", "OPP", "TileBoard", "dist", "neighbour", "route"]


OPP = {"U": "D", "D": "U", "L": "R", "R": "L"}


class NoRoom(Exception):
    """A macro found no room on the board (tiny boards); the caller falls back."""


class TileBoard:
    """A board being moved, with tile positions; every move is recorded."""

    def __init__(self, cells: list[int], n: int) -> None:
        self.cells, self.n = cells, n
        self.pos = [0] * len(cells)
        for location, tile in enumerate(cells):
            self.pos[tile] = location
        self.moves: list[str] = []
        # goal[tile] = the tile's cell in the goal, when known: routes then prefer, among
        # equally short ones, those that push displaced tiles toward their goals
        self.goal: list[int] | None = None

    @property
    def blank(self) -> int:
        return self.pos[0]

    def step(self, m: str) -> None:
        n, b = self.n, self.pos[0]
        if m == "U":
            t = b - n
        elif m == "D":
            t = b + n
        elif m == "L":
            t = b - 1
        else:
            t = b + 1
        tile = self.cells[t]
        self.cells[b] = tile
        self.cells[t] = 0
        self.pos[tile] = b
        self.pos[0] = t
        self.moves.append(m)

    def slide(self, cell: int) -> None:
        """The blank moves into the neighbouring ``cell`` (the tile there moves into the blank's)."""
        d = cell - self.pos[0]
        self.step("R" if d == 1 else "L" if d == -1 else "D" if d > 0 else "U")

    def run(self, moves) -> None:
        for m in moves:
            self.step(m)

    def undo_to(self, mark: int) -> None:
        while len(self.moves) > mark:
            m = self.moves.pop()
            self.step(OPP[m])
            self.moves.pop()


def neighbour(cell: int, m: str, n: int) -> int | None:
    r, c = divmod(cell, n)
    if m == "U":
        return cell - n if r > 0 else None
    if m == "D":
        return cell + n if r < n - 1 else None
    if m == "L":
        return cell - 1 if c > 0 else None
    return cell + 1 if c < n - 1 else None


def dist(a: int, b: int, n: int) -> int:
    return abs(a // n - b // n) + abs(a % n - b % n)


def _bfs_route(board: TileBoard, target: int, avoid: set[int], margin: int) -> list[str] | None:
    """Shortest blank route to ``target`` avoiding ``avoid``, inside the bounding box of
    blank and target widened by ``margin`` (None if there is none in that box)."""
    n = board.n
    start = board.blank
    (r1, c1), (r2, c2) = divmod(start, n), divmod(target, n)
    top, bottom = max(0, min(r1, r2) - margin), min(n - 1, max(r1, r2) + margin)
    left, right = max(0, min(c1, c2) - margin), min(n - 1, max(c1, c2) + margin)
    previous = {start: None}
    frontier = [start]
    while frontier and target not in previous:
        nxt = []
        for cell in frontier:
            for m in "UDLR":
                other = neighbour(cell, m, n)
                if other is None or other in previous or other in avoid:
                    continue
                r, c = divmod(other, n)
                if top <= r <= bottom and left <= c <= right:
                    previous[other] = (cell, m)
                    nxt.append(other)
        frontier = nxt
    if target not in previous:
        return None
    path = []
    cell = target
    while previous[cell] is not None:
        cell, m = previous[cell]
        path.append(m)
    return path[::-1]


def _walk_ok(start: int, moves: str, avoid: set[int], n: int) -> bool:
    cell = start
    for m in moves:
        cell = neighbour(cell, m, n)
        if cell is None or cell in avoid:
            return False
    return True


def _gain(board: TileBoard, moves: str) -> int:
    """How much closer to their goal cells the tiles the blank displaces along ``moves``
    get (Manhattan, summed; 0 without goals). The path must not revisit a cell."""
    goal = board.goal
    if goal is None:
        return 0
    n, cells = board.n, board.cells
    here = board.blank
    total = 0
    for m in moves:
        there = neighbour(here, m, n)
        tile = cells[there]  # type: ignore[index]
        total += dist(there, goal[tile], n) - dist(here, goal[tile], n)  # type: ignore[arg-type]
        here = there  # type: ignore[assignment]
    return total


def _simple_route(board: TileBoard, target: int, avoid: set[int]) -> str | None:
    """A shortest-possible route from a few fixed shapes: the two L-paths, then the
    detours that step aside, go straight and step back (the blank going round a tile).
    Of the shapes of the least length, the one that brings the displaced tiles closest to
    their goals (when the board has goals)."""
    n, start = board.n, board.blank
    (r1, c1), (r2, c2) = divmod(start, n), divmod(target, n)
    vertical = ("D" if r2 > r1 else "U") * abs(r2 - r1)
    horizontal = ("R" if c2 > c1 else "L") * abs(c2 - c1)
    shapes = [vertical + horizontal] if not (vertical and horizontal) else [vertical + horizontal, horizontal + vertical]
    valid = [path for path in shapes if _walk_ok(start, path, avoid, n)]
    if not valid:
        sides = "LR" if not horizontal else "UD" if not vertical else "LRUD"
        valid = [path for side in sides
                 for path in (side + vertical + horizontal + OPP[side], side + horizontal + vertical + OPP[side])
                 if _walk_ok(start, path, avoid, n)]
    if not valid:
        return None
    if len(valid) == 1 or board.goal is None:
        return valid[0]
    return max(valid, key=lambda path: _gain(board, path))


def route(board: TileBoard, target: int, avoid: set[int]) -> None:
    """Blank to ``target`` without entering ``avoid`` (a handful of cells): straight
    greedy steps while far away, breadth-first search in a small box near the end."""
    n = board.n
    if target in avoid:
        raise NoRoom()
    while dist(board.blank, target, n) > 6:
        b = board.blank
        (br, bc), (tr, tc) = divmod(b, n), divmod(target, n)
        options = []
        if tr != br:
            options.append("D" if tr > br else "U")
        if tc != bc:
            options.append("R" if tc > bc else "L")
        options = [m for m in options if neighbour(b, m, n) not in avoid]
        if not options:
            break  # boxed in by the avoided cells: let the search below find the way
        if len(options) == 2 and board.goal is not None and _gain(board, options[1]) > _gain(board, options[0]):
            options.reverse()  # the step that pushes its tile toward the tile's goal
        board.step(options[0])
    path = _simple_route(board, target, avoid)
    if path is not None:
        board.run(path)
        return
    for margin in (2, 4, n):
        path = _bfs_route(board, target, avoid, margin)
        if path is not None:
            board.run(path)
            return
    raise NoRoom()
