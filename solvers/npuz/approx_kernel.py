"""The approximation's compiled engine (issue 36): the guided greedy row-by-row solver of
:mod:`npw.solvers.npuz.greedy`, move for move, on numpy arrays, its moves packed 2 bits each.

Why: the Python solver spends about 9 us a move (n = 300: 65.8 M moves, 585 CPU s, 1.9 GB as
a list of one-character strings); a uniformly random 1000 x 1000 board needs about 2.4e9
moves. Here a move costs tens of nanoseconds and a quarter of a byte.

What is compiled: the blank's routes (:func:`npw.solvers.npuz.tiles.route`: greedy steps
far away, the fixed shapes near, breadth-first search in a box when boxed in), the tile
carrying of :class:`npw.solvers.npuz.greedy._Greedy` (each step the one whose cell ahead the
blank reaches soonest) and a whole row of it per call; the line ends (``pair``) are driven
from Python with the compiled pieces, and the rare 2 x 3 window searches stay the Python
breadth-first search of :func:`npw.instances.npuz.region.window_moves` (at most 21 moves).
Tie-breaking is the reference's everywhere, so both produce the same sequence
(``tests/test_npuz_approx_kernel.py`` compares them on small boards).

State, one int32 array ``W`` of shape (8, n*n): 0 cells (tile per cell), 1 pos (cell per
tile), 2 unused, 3 avoid mask (locked cells and the
temporary extras), 4 BFS stamps, 5 BFS parent (cell * 4 + move), 6 BFS queue and path,
7 goal tile per cell. Tiles are relabelled goal cell + 1 (mod n^2): a tile's goal is its
label. ``G`` (int32, 1 x 2): G[0, 0] < 0 when unguided.
``st`` (int64): 0 moves made, 1 capacity of ``buf`` in moves, 2 BFS generation, 3 the budget
(-1: none), 4 breadth-first searches run, 5 cells they reached (rare: n = 300, 24,354
searches, 461,316 cells for 66 M moves).

Moves: codes U = 0, D = 1, L = 2, R = 3 (the inverse is ``code ^ 1``), move i in bits
2 (i mod 4) of byte i // 4 of ``buf``.

>>> from npw.instances.npuz.board import apply_moves
>>> start = (1, 2, 3, 4, 0, 6, 7, 5, 8)
>>> packed = greedy_packed(start, (1, 2, 3, 4, 5, 6, 7, 8, 0))
>>> packed.to_str(), replay_ok(start, packed, (1, 2, 3, 4, 5, 6, 7, 8, 0))
('DR', True)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, TextIO

from npw.instances.lazy import lazy_import, njit

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")

__all__ = ["BYTES_PER_MOVE", "KernelNoRoom", "KernelOverBudget", "PackedMoves", "cancel_inverse_pairs_packed",
           "greedy_packed", "replay_ok"]

BYTES_PER_MOVE = 0.25  # 2 bits a move; the state besides is 8 int32 arrays of n*n (32 n^2 bytes)
_LETTERS = "UDLR"
_CODE = {"U": 0, "D": 1, "L": 2, "R": 3}
_OK, _NOROOM, _OVER, _ROOM = 0, 1, 2, 3


class KernelNoRoom(Exception):
    """The compiled solver found no room for a step (tiny boards): as the reference's NoRoom."""


class KernelOverBudget(Exception):
    """The compiled solver made more moves than its budget: as the reference's OverBudget."""


class PackedMoves:
    """A move sequence, 2 bits a move (``buf``, a uint8 array) and its length.

    >>> p = PackedMoves.from_str("RDLU")
    >>> len(p), p.to_str(), p.buf.tolist()
    (4, 'RDLU', [39])
    """

    def __init__(self, buf: np.ndarray, length: int) -> None:
        self.buf, self.length = buf, length

    def __len__(self) -> int:
        return self.length

    @classmethod
    def from_str(cls, moves: str) -> PackedMoves:
        codes = np.frombuffer(moves.encode("ascii"), dtype=np.uint8)
        table = np.zeros(256, dtype=np.uint8)
        for letter, code in _CODE.items():
            table[ord(letter)] = code
        buf = np.zeros((len(moves) + 3) // 4, dtype=np.uint8)
        _pack(table[codes], buf)
        return cls(buf, len(moves))

    def to_str(self, start: int = 0, stop: int | None = None) -> str:
        """The moves ``start:stop`` as letters U/D/L/R (1 byte a move while it exists)."""
        stop = self.length if stop is None else min(stop, self.length)
        out = np.empty(max(0, stop - start), dtype=np.uint8)
        _unpack_letters(self.buf, start, out)
        return out.tobytes().decode("ascii")

    def write(self, stream: TextIO, chunk: int = 1 << 24) -> None:
        """The letters to ``stream`` in chunks (a 2.4e9-move sequence never becomes one string)."""
        for first in range(0, self.length, chunk):
            stream.write(self.to_str(first, first + chunk))


@njit(cache=True)
def _pack(codes, buf):  # pragma: no cover - compiled
    for i in range(codes.shape[0]):
        buf[i >> 2] |= np.uint8((np.int64(codes[i]) << ((i & 3) * 2)) & 255)


@njit(cache=True)
def _unpack_letters(buf, start, out):  # pragma: no cover - compiled
    letters = np.array([85, 68, 76, 82], dtype=np.uint8)  # U D L R
    for k in range(out.shape[0]):
        i = start + k
        out[k] = letters[(buf[i >> 2] >> ((i & 3) * 2)) & 3]


# -- the compiled moving parts (tiles.py's, on arrays) ---------------------------------------------


@njit(cache=True, inline="always")
def _delta(m, n):
    if m == 0:
        return -n
    if m == 1:
        return n
    if m == 2:
        return -1
    return 1


@njit(cache=True, inline="always")
def _neighbour(cell, m, n):
    r = cell // n
    c = cell - r * n
    if m == 0:
        return cell - n if r > 0 else -1
    if m == 1:
        return cell + n if r < n - 1 else -1
    if m == 2:
        return cell - 1 if c > 0 else -1
    return cell + 1 if c < n - 1 else -1


@njit(cache=True, inline="always")
def _dist(a, b, n):
    return abs(a // n - b // n) + abs(a % n - b % n)


@njit(cache=True, inline="always")
def _step(W, buf, st, n, m):  # pragma: no cover - compiled
    b = W[1, 0]
    t = b + _delta(m, n)
    tile = W[0, t]
    W[0, b] = tile
    W[0, t] = 0
    W[1, tile] = b
    W[1, 0] = t
    i = st[0]
    if i < st[1]:  # past the capacity the move is counted, not stored: the caller sees it
        buf[i >> 2] |= np.uint8((np.int64(m) << ((i & 3) * 2)) & 255)
    st[0] = i + 1


@njit(cache=True, inline="always")
def _gain(W, G, n, path, length):  # pragma: no cover - compiled
    """tiles._gain: how much closer to their goals the tiles the blank displaces get
    (rows and columns followed step by step: no division per move)."""
    here = W[1, 0]
    r = here // n
    c = here - r * n
    total = 0
    for k in range(length):
        m = path[k]
        r2, c2 = r, c
        if m == 0:
            r2 -= 1
        elif m == 1:
            r2 += 1
        elif m == 2:
            c2 -= 1
        else:
            c2 += 1
        g = W[0, r2 * n + c2] - 1  # tiles are labelled goal cell + 1: no lookup (no cache miss)
        gr = g // n
        gc = g - gr * n
        # the tile moves from (r2, c2) to (r, c)
        total += abs(r2 - gr) + abs(c2 - gc) - abs(r - gr) - abs(c - gc)
        r, c = r2, c2
    return total


@njit(cache=True, inline="always")
def _gain1(W, G, n, b, m):  # pragma: no cover - compiled
    """_gain of the single move m from the blank's cell b."""
    r = b // n
    c = b - r * n
    r2, c2 = r, c
    if m == 0:
        r2 -= 1
    elif m == 1:
        r2 += 1
    elif m == 2:
        c2 -= 1
    else:
        c2 += 1
    g = W[0, r2 * n + c2] - 1
    gr = g // n
    gc = g - gr * n
    return abs(r2 - gr) + abs(c2 - gc) - abs(r - gr) - abs(c - gc)


@njit(cache=True, inline="always")
def _walk_ok(W, n, path, length):  # pragma: no cover - compiled
    cell = W[1, 0]
    r = cell // n
    c = cell - r * n
    for k in range(length):
        m = path[k]
        if m == 0:
            r -= 1
        elif m == 1:
            r += 1
        elif m == 2:
            c -= 1
        else:
            c += 1
        if r < 0 or r >= n or c < 0 or c >= n or W[3, r * n + c] != 0:
            return False
    return True


@njit(cache=True, inline="always")
def _shape(path, side, vfirst, vm, vlen, hm, hlen):  # pragma: no cover - compiled
    """side (-1: none) + the two legs in the order asked + the side's inverse; its length."""
    k = 0
    if side >= 0:
        path[k] = side
        k += 1
    for leg in range(2):
        vertical = (leg == 0) == vfirst
        m, count = (vm, vlen) if vertical else (hm, hlen)
        for _ in range(count):
            path[k] = m
            k += 1
    if side >= 0:
        path[k] = side ^ 1
        k += 1
    return k


@njit(cache=True)
def _simple_route(W, G, n, target, cand, best):  # pragma: no cover - compiled
    """tiles._simple_route: the best valid shape into ``best``, its length (-1: none)."""
    start = W[1, 0]
    r1, c1 = start // n, start % n
    r2, c2 = target // n, target % n
    vm = 1 if r2 > r1 else 0
    hm = 3 if c2 > c1 else 2
    vlen, hlen = abs(r2 - r1), abs(c2 - c1)
    guided = G[0, 0] >= 0
    best_len = -1
    best_gain = 0
    shapes = 1 if (vlen == 0 or hlen == 0) else 2
    for s in range(shapes):
        length = _shape(cand, -1, s == 0, vm, vlen, hm, hlen)
        if _walk_ok(W, n, cand, length):
            g = _gain(W, G, n, cand, length) if guided else 0
            if best_len < 0 or g > best_gain:
                best_len, best_gain = length, g
                for k2 in range(length):
                    best[k2] = cand[k2]
    if best_len >= 0:
        return best_len
    # detours: step aside, the two legs, step back (sides "LR", "UD" or "LRUD")
    first, count = 0, 4
    if hlen == 0:
        first, count = 0, 2
    elif vlen == 0:
        first, count = 2, 2
    for k in range(first, first + count):
        side = (k + 2) & 3  # L, R, U, D
        for vfirst in (True, False):
            length = _shape(cand, side, vfirst, vm, vlen, hm, hlen)
            if _walk_ok(W, n, cand, length):
                g = _gain(W, G, n, cand, length) if guided else 0
                if best_len < 0 or g > best_gain:
                    best_len, best_gain = length, g
                    for k2 in range(length):
                        best[k2] = cand[k2]
    return best_len


@njit(cache=True)
def _bfs_route(W, st, n, target, margin):  # pragma: no cover - compiled
    """tiles._bfs_route: a shortest route inside the widened box, written into W[6] in
    reverse (moves), its length (-1: none)."""
    start = W[1, 0]
    r1, c1 = start // n, start % n
    r2, c2 = target // n, target % n
    top, bottom = max(0, min(r1, r2) - margin), min(n - 1, max(r1, r2) + margin)
    left, right = max(0, min(c1, c2) - margin), min(n - 1, max(c1, c2) + margin)
    st[2] += 1
    gen = st[2]
    W[4, start] = gen
    W[5, start] = -1
    head, tail = 0, 0
    W[6, tail] = start
    tail += 1
    found = start == target
    while head < tail and not found:
        cell = W[6, head]
        head += 1
        for m in range(4):
            other = _neighbour(cell, m, n)
            if other < 0 or W[4, other] == gen or W[3, other] != 0:
                continue
            r, c = other // n, other % n
            if top <= r <= bottom and left <= c <= right:
                W[4, other] = gen
                W[5, other] = cell * 4 + m
                W[6, tail] = other
                tail += 1
                if other == target:
                    found = True
                    break
    st[4] += 1
    st[5] += tail
    if not found:
        return -1
    length = 0
    cell = target
    while W[5, cell] >= 0:
        W[6, length] = W[5, cell] & 3
        cell = W[5, cell] >> 2
        length += 1
    return length


@njit(cache=True)
def _route(W, G, buf, st, n, target, P0, P1):  # pragma: no cover - compiled
    """tiles.route: the blank to ``target`` avoiding the mask; _OK or _NOROOM (the moves
    made before a failure stay made, as in the reference)."""
    if W[3, target] != 0:
        return _NOROOM
    guided = G[0, 0] >= 0
    while _dist(W[1, 0], target, n) > 6:
        b = W[1, 0]
        br, bc = b // n, b % n
        tr, tc = target // n, target % n
        o0, o1 = -1, -1
        if tr != br:
            m = 1 if tr > br else 0
            if W[3, _neighbour(b, m, n)] == 0:
                o0 = m
        if tc != bc:
            m = 3 if tc > bc else 2
            if W[3, _neighbour(b, m, n)] == 0:
                if o0 < 0:
                    o0 = m
                else:
                    o1 = m
        if o0 < 0:
            break
        if o1 >= 0 and guided and _gain1(W, G, n, b, o1) > _gain1(W, G, n, b, o0):
            o0 = o1
        _step(W, buf, st, n, o0)
    length = _simple_route(W, G, n, target, P0, P1)
    if length >= 0:
        for k in range(length):
            _step(W, buf, st, n, P1[k])
        return _OK
    for margin in (2, 4, n):
        length = _bfs_route(W, st, n, target, margin)
        if length >= 0:
            for k in range(length - 1, -1, -1):
                _step(W, buf, st, n, W[6, k])
            return _OK
    return _NOROOM


@njit(cache=True, inline="always")
def _ahead_cost(blank, tile, cell, n):  # pragma: no cover - compiled
    d = _dist(blank, cell, n)
    br, bc = blank // n, blank % n
    tr, tc = tile // n, tile % n
    cr, cc = cell // n, cell % n
    if (br == tr and tr == cr and min(bc, cc) < tc < max(bc, cc)) or \
            (bc == tc and tc == cc and min(br, cr) < tr < max(br, cr)):
        d += 2
    return d


@njit(cache=True)
def _carry(W, G, buf, st, n, tile, dest, P0, P1):  # pragma: no cover - compiled
    """greedy._Greedy._carry: ``tile`` to ``dest`` a cell at a time."""
    while W[1, tile] != dest:
        here = W[1, tile]
        r, c = here // n, here % n
        dr, dc = dest // n, dest % n
        best, best_cost, best_rem = -1, 0, 0
        for k in range(2):
            if k == 0:
                if dr == r:
                    continue
                cell = here + (n if dr > r else -n)
                rem = abs(dr - r)
            else:
                if dc == c:
                    continue
                cell = here + (1 if dc > c else -1)
                rem = abs(dc - c)
            if W[3, cell] != 0:
                continue
            cost = _ahead_cost(W[1, 0], here, cell, n)
            if best < 0 or cost < best_cost or (cost == best_cost and -rem < -best_rem):
                best, best_cost, best_rem = cell, cost, rem
        if best < 0:
            return _NOROOM
        W[3, here] = 1
        status = _route(W, G, buf, st, n, best, P0, P1)
        W[3, here] = 0
        if status != _OK:
            return status
        d = here - W[1, 0]
        _step(W, buf, st, n, 3 if d == 1 else 2 if d == -1 else 1 if d > 0 else 0)
        if st[3] >= 0 and st[0] > st[3]:
            return _OVER
        if st[0] > st[1]:
            return _ROOM  # past the capacity (never seen: the driver keeps 4 n^2 moves of headroom)
    return _OK


@njit(cache=True)
def _carry_row(W, G, buf, st, n, row, first, stop, headroom, P0, P1):  # pragma: no cover - compiled
    """Cells row+first .. row+stop-1 in order, each carried then locked; (status, next cell)."""
    for j in range(first, stop):
        if st[1] - st[0] < headroom:
            return _ROOM, j
        status = _carry(W, G, buf, st, n, W[7, row + j], row + j, P0, P1)
        if status != _OK:
            return status, j
        W[3, row + j] = 1
    return _OK, stop


@njit(cache=True)
def _run(W, buf, st, n, codes):  # pragma: no cover - compiled
    for k in range(codes.shape[0]):
        _step(W, buf, st, n, codes[k])


# -- the driver (greedy._Greedy's solve, pair and window) -----------------------------------------


class _Solver:
    def __init__(self, b1, goal_cells: list[int], n: int, budget: int | None, guided: bool, capacity: int) -> None:
        cells = n * n
        self.n = n
        # tiles are relabelled: the tile whose goal is cell g becomes g + 1 (mod n^2, so the
        # blank, whose goal is the last cell, stays 0); a tile's goal is then its label, and the
        # guided routes need no goal lookup at a random tile (a cache miss a move at n = 1000)
        goal = np.asarray(goal_cells, dtype=np.int64)
        label = np.empty(cells, dtype=np.int32)
        label[goal] = (np.arange(cells) + 1) % cells
        self.W = np.zeros((8, cells), dtype=np.int32)
        self.W[0] = label[np.asarray(b1, dtype=np.int64)]
        self.W[1][self.W[0]] = np.arange(cells, dtype=np.int32)
        self.W[7] = (np.arange(cells) + 1) % cells
        self.W[2] = -1  # unused
        self.G = np.full((1, 2), 0 if guided else -1, dtype=np.int32)  # G[0, 0] < 0: unguided
        self.headroom = 4 * cells + 4096
        self.buf = np.zeros((capacity + self.headroom + 3) // 4, dtype=np.uint8)  # calloc: pages touched as used
        self.st = np.array([0, 4 * len(self.buf), 0, -1 if budget is None else budget, 0, 0], dtype=np.int64)
        self.P0 = np.zeros(2 * n + 8, dtype=np.int8)  # a candidate route shape
        self.P1 = np.zeros(2 * n + 8, dtype=np.int8)  # the best one so far

    # the buffer grows (doubling) between compiled calls, never during one
    def room(self) -> None:
        while self.st[1] - self.st[0] < self.headroom:
            grown = np.zeros(2 * len(self.buf), dtype=np.uint8)
            grown[:len(self.buf)] = self.buf
            self.buf = grown
            self.st[1] = 4 * len(grown)

    def check(self, status: int, budget: bool = True) -> None:
        if status == _NOROOM:
            raise KernelNoRoom()
        if status == _OVER or (budget and self.st[3] >= 0 and self.st[0] > self.st[3]):
            raise KernelOverBudget()
        if status == _ROOM or self.st[0] > self.st[1]:
            raise AssertionError("the move buffer overflowed within one compiled call (a bug)")

    def carry(self, tile: int, dest: int, extra: tuple[int, ...] = ()) -> None:
        avoid = self.W[3]
        added = [cell for cell in extra if not avoid[cell]]
        avoid[added] = 1
        try:
            self.room()
            self.check(_carry(self.W, self.G, self.buf, self.st, self.n, tile, dest, self.P0, self.P1))
        finally:
            avoid[added] = 0

    def route(self, target: int, extra: tuple[int, ...] | list[int] = ()) -> None:
        avoid = self.W[3]
        added = [cell for cell in extra if not avoid[cell]]
        avoid[added] = 1
        try:
            self.room()
            # no budget test here: the reference tests it after carry steps and pairs only
            self.check(_route(self.W, self.G, self.buf, self.st, self.n, target, self.P0, self.P1), budget=False)
        finally:
            avoid[added] = 0

    def run(self, moves: str) -> None:
        self.room()
        _run(self.W, self.buf, self.st, self.n, np.array([_CODE[m] for m in moves], dtype=np.int8))

    def over_budget(self) -> None:
        if self.st[3] >= 0 and self.st[0] > self.st[3]:
            raise KernelOverBudget()

    def window(self, cells: list[int], want: dict[int, int]) -> None:
        from npw.instances.npuz.region import window_moves

        n, W = self.n, self.W
        free = [cell for cell in cells if int(W[0, cell]) not in want]
        wanted_cells = [int(W[1, t]) for t in want]
        if int(W[1, 0]) not in cells:
            for entry in sorted(free, key=lambda x: abs(x // n - int(W[1, 0]) // n) + abs(x % n - int(W[1, 0]) % n)):
                try:
                    self.route(entry, wanted_cells)
                    break
                except KernelNoRoom:
                    continue
            else:
                raise KernelNoRoom()
        path = window_moves([divmod(cell, n) for cell in cells], tuple(int(W[0, cell]) for cell in cells),
                            {tile: divmod(cell, n) for tile, cell in want.items()})
        if path is None:
            raise KernelNoRoom()
        self.run("".join(path))

    def pair(self, a: int, b: int, a_cell: int, b_cell: int, corner_cell: int, window: list[int],
             first: str, second: str) -> None:
        W = self.W
        if W[1, a] == a_cell and W[1, b] == b_cell:
            return
        self.carry(a, b_cell)
        if int(W[1, b]) in window:
            self.window(window, {a: a_cell, b: b_cell})
        else:
            self.carry(b, corner_cell, (b_cell,))
            self.route(a_cell, (b_cell, corner_cell))
            self.run(first + second)
        self.over_budget()

    def solve(self) -> None:
        n, W = self.n, self.W
        cells = n * n
        goal = [(cell + 1) % cells for cell in range(cells)]  # the labels on the goal board
        for top in range(n - 2):
            row = top * n
            j = 0
            while j < n - 2:
                self.room()
                status, j = _carry_row(W, self.G, self.buf, self.st, n, row, j, n - 2, self.headroom, self.P0, self.P1)
                if status != _ROOM:
                    self.check(status)
            a, b = goal[row + n - 2], goal[row + n - 1]
            window = [row + dr * n + n - 2 + dc for dr in range(3) for dc in range(2)]
            self.pair(a, b, row + n - 2, row + n - 1, row + n + n - 1, window, "R", "D")
            W[3, row + n - 2] = W[3, row + n - 1] = 1
        top = (n - 2) * n
        for j in range(n - 2):
            a, b = goal[top + j], goal[top + n + j]
            window = [top + dr * n + j + dc for dr in range(2) for dc in range(3)]
            self.pair(a, b, top + j, top + n + j, top + n + j + 1, window, "D", "R")
            W[3, top + j] = W[3, top + n + j] = 1
        square = [top + n - 2, top + n - 1, top + 2 * n - 2, top + 2 * n - 1]
        self.window(square, {goal[cell]: cell for cell in square if goal[cell]})
        if not np.array_equal(W[0], W[7]):
            raise AssertionError("the compiled greedy solver did not reach its goal (a bug)")


def greedy_packed(b1, b2, budget: int | None = None, guided: bool = True) -> PackedMoves:
    """:func:`npw.solvers.npuz.greedy.greedy_moves`, compiled: the same moves, packed. The
    pair must be valid and reachable (the caller checks); raises :class:`KernelOverBudget`
    past ``budget`` moves and :class:`KernelNoRoom` where the reference raises NoRoom.

    Memory: 0.25 byte a move (the buffer starts at min(budget, 3 n^3) moves and doubles when
    needed; untouched pages cost nothing) plus 32 bytes a cell.

    >>> greedy_packed((1, 2, 3, 4, 0, 6, 7, 5, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0)).to_str()
    'DR'
    """
    from npw.instances.npuz.board import apply_moves, blank_path

    n = math.isqrt(len(b1))
    tail = blank_path(list(b2).index(0), n * n - 1, n)
    goal = list(apply_moves(tuple(b2), tail, n))
    estimate = 3 * n ** 3 + 64
    solver = _Solver(b1, goal, n, budget, guided, min(estimate, budget) if budget is not None else estimate)
    solver.solve()
    solver.run("".join({"U": "D", "D": "U", "L": "R", "R": "L"}[m] for m in reversed(tail)))
    length = int(solver.st[0])
    return PackedMoves(solver.buf, length)


@njit(cache=True)
def _cancel(buf, length):  # pragma: no cover - compiled
    k = 0
    for i in range(length):
        m = (buf[i >> 2] >> ((i & 3) * 2)) & 3
        if k > 0 and ((buf[(k - 1) >> 2] >> (((k - 1) & 3) * 2)) & 3) == (m ^ 1):
            k -= 1
        else:
            shift = (k & 3) * 2
            buf[k >> 2] = (buf[k >> 2] & np.uint8(~(3 << shift) & 255)) | np.uint8(m << shift)
            k += 1
    if k & 3:  # clear the stale codes past the end in the last byte
        buf[k >> 2] &= np.uint8((1 << ((k & 3) * 2)) - 1)
    return k


def cancel_inverse_pairs_packed(moves: PackedMoves) -> PackedMoves:
    """:func:`npw.solvers.npuz.improve.cancel_inverse_pairs` in place on packed moves.

    >>> cancel_inverse_pairs_packed(PackedMoves.from_str("RULDDUR")).to_str()
    'RULDR'
    """
    length = int(_cancel(moves.buf, moves.length))
    return PackedMoves(moves.buf[:(length + 3) // 4], length)


@njit(cache=True)
def _replay(cells, buf, length, n):  # pragma: no cover - compiled
    blank = -1
    for i in range(cells.shape[0]):
        if cells[i] == 0:
            blank = i
    r, c = blank // n, blank % n
    for i in range(length):
        m = (buf[i >> 2] >> ((i & 3) * 2)) & 3
        if m == 0:
            r -= 1
        elif m == 1:
            r += 1
        elif m == 2:
            c -= 1
        else:
            c += 1
        if r < 0 or r >= n or c < 0 or c >= n:
            return i  # off the board
        target = r * n + c
        cells[blank] = cells[target]
        cells[target] = 0
        blank = target
    return -1


def replay_ok(b1, moves: PackedMoves, b2) -> bool:
    """The checker: the packed moves replayed on B1 (a fresh int32 copy, each move bounds
    checked) end on B2.

    >>> replay_ok((1, 0, 2, 3), PackedMoves.from_str("L"), (0, 1, 2, 3))
    True
    >>> replay_ok((1, 0, 2, 3), PackedMoves.from_str("R"), (0, 1, 2, 3))  # off the board
    False
    """
    n = math.isqrt(len(b1))
    cells = np.array(b1, dtype=np.int32)
    if _replay(cells, moves.buf, moves.length, n) >= 0:
        return False
    return bool(np.array_equal(cells, np.asarray(b2, dtype=np.int32)))
