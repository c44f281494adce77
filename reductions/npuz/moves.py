"""Moving along the edges of Theorem 3 (Ratner & Warmuth 1990, Section 4.2), on a
board too large to store cell by cell.

* the macros, in a leg's own frame (F = along the heading, B = back, P = the heading
  turned clockwise, M = its opposite): S_u = <B, B, M, F, F, F, P> and S_d (P and M
  exchanged), the paper's <left, left, up, right, right, right, down> read for a
  chain heading right; the ten-move corner turn <B, B, P, F, F, M, B, P, P, F>
  (clockwise; counter-clockwise mirrors P and M);
* :func:`edge_program`: the moves that carry the chain [x, y, blank] (two-edge) or
  the blank alone (zero-edge) from the tail node through every leg into the head
  node, as operations a :class:`SparseBoard` executes;
* :class:`SparseBoard`: the board as the B1 rule (tile at any location), a dict of
  changed cells and one numpy array per stripe while it is traversed; long runs of
  macros and shifts inside a stripe go to a numba kernel;
* the certificate is kept compact as segments: ``("moves", s)``, ``("repeat", c, k)``
  (c k times), ``("alternate", s1, s2, k)`` (s1, s2, s1, ... k strings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator

from npw.instances.lazy import lazy_import, lazy_njit
from npw.reductions.npuz.layout import Cell, EdgeLayout, Layout, add, rot_cw

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["BoardError", "CHAR", "CORNER_CCW_LOCAL", "CORNER_CW_LOCAL", "Moves", "Run", "S_DOWN_LOCAL", "S_UP_LOCAL",
           "Segment", "Shift", "SparseBoard", "VECTOR", "edge_program", "expand", "globalise", "leg_of",
           "program_length", "region_tiles", "segments_length", "write_region"]

CHAR: dict[Cell, str] = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}
VECTOR: dict[str, Cell] = {c: v for v, c in CHAR.items()}

S_UP_LOCAL = "BBMFFFP"
S_DOWN_LOCAL = "BBPFFFM"
CORNER_CW_LOCAL = "BBPFFMBPPF"
CORNER_CCW_LOCAL = "BBMFFPBMMF"

Segment = tuple


def globalise(local: str, heading: Cell) -> str:
    """A macro in a leg's frame as the blank's U/D/L/R for a leg with this heading."""
    p = rot_cw(heading)
    table = {"F": heading, "B": (-heading[0], -heading[1]), "P": p, "M": (-p[0], -p[1])}
    return "".join(CHAR[table[x]] for x in local)


def expand(segments: list[Segment]) -> Iterator[str]:
    """The moves of a compact certificate, one string piece at a time."""
    for seg in segments:
        if seg[0] == "moves":
            yield seg[1]
        elif seg[0] == "repeat":
            yield seg[1] * seg[2]
        else:
            _, s1, s2, k = seg
            yield (s1 + s2) * (k // 2) + (s1 if k % 2 else "")


def segments_length(segments: list[Segment]) -> int:
    total = 0
    for seg in segments:
        if seg[0] == "moves":
            total += len(seg[1])
        elif seg[0] == "repeat":
            total += seg[2]
        else:
            total += len(seg[1]) * ((seg[3] + 1) // 2) + len(seg[2]) * (seg[3] // 2)
    return total


# -- the edge programs ---------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """``count`` macros S_u, S_d, S_u, ... (``first`` = 0) or S_d, S_u, ... along leg ``leg``,
    the blank starting at centre-line position ``start`` of that leg."""

    leg: int
    first: int
    count: int
    start: int


@dataclass(frozen=True)
class Shift:
    """The blank walks ``count`` steps along (zero-)leg ``leg``, entering it at position 0
    from outside: every tile it meets moves one step back (Figure 4)."""

    leg: int
    count: int


@dataclass(frozen=True)
class Moves:
    text: str


def edge_program(edge: EdgeLayout) -> list:
    """The blank's moves that traverse ``edge`` (Section 4.2): the blank starts in the tail
    node next to the stripe (a two-edge: x, y behind it on the centre line); at the end
    the chain [x, y, blank] lies in the head node, the blank three cells deep (a zero-edge:
    the blank one cell deep)."""
    ops: list = []
    legs = edge.legs
    if edge.capacity == 0:
        for k, leg in enumerate(legs):
            ops.append(Shift(k, leg.length))
        ops.append(Moves(CHAR[legs[-1].heading]))
        return ops
    if len(legs) == 1:
        ops.append(Run(0, 0, legs[0].length + 3, -1))
        return ops
    first, second = legs
    ops.append(Run(0, 0, first.length - 1, -1))
    corner = CORNER_CW_LOCAL if edge.turns[0] == "cw" else CORNER_CCW_LOCAL
    ops.append(Moves(globalise(corner, first.heading)))
    ops.append(Run(1, 0, second.length + 2, 0))
    return ops


def program_length(edge: EdgeLayout) -> int:
    total = 0
    for op in edge_program(edge):
        total += 7 * op.count if isinstance(op, Run) else op.count if isinstance(op, Shift) else len(op.text)
    return total


# -- the numba kernels ---------------------------------------------------------------------


@lazy_njit(cache=True)
def _run_macros(arr, i0, count, first):
    """Alternating S_u / S_d on a (3, L) leg array, blank at (1, i0); returns the blank's i."""
    i = i0
    for k in range(count):
        side = 0 if (k + first) % 2 == 0 else 2
        # B, B
        arr[1, i] = arr[1, i - 1]
        arr[1, i - 1] = arr[1, i - 2]
        # to the side row
        arr[1, i - 2] = arr[side, i - 2]
        # F, F, F along the side row
        arr[side, i - 2] = arr[side, i - 1]
        arr[side, i - 1] = arr[side, i]
        arr[side, i] = arr[side, i + 1]
        # back to the centre line
        arr[side, i + 1] = arr[1, i + 1]
        arr[1, i + 1] = 0
        i += 1
    return i


def leg_of(layout: Layout) -> Callable[[Cell], tuple[int, int, int, int] | None]:
    """cell -> (edge, leg, j, i) for stripe cells."""
    boxes = []
    for e in layout.edges:
        for k, leg in enumerate(e.legs):
            cells = [leg.cell(0, 0), leg.cell(leg.width - 1, leg.length - 1)]
            r0, r1 = min(c[0] for c in cells), max(c[0] for c in cells)
            c0, c1 = min(c[1] for c in cells), max(c[1] for c in cells)
            boxes.append((r0, r1, c0, c1, e.index, k, leg))

    memo: dict[Cell, Any] = {}

    def find(cell: Cell):
        if cell in memo:
            return memo[cell]
        memo[cell] = result = _scan(cell)
        return result

    def _scan(cell: Cell):
        r, c = cell
        for r0, r1, c0, c1, e, k, leg in boxes:
            if r0 <= r <= r1 and c0 <= c <= c1:
                j, i = leg.locate(cell)
                return e, k, j, i
        return None

    return find


class BoardError(RuntimeError):
    """The simulation found something the construction promised not to happen."""


@dataclass
class SparseBoard:
    """A board given by ``rule`` (the tile at any location before anything moved), the
    cells changed since (``cells``), and numpy arrays for the legs of edges being
    traversed. Legs of finished edges are ``done``: their tiles are given by ``final``
    (the B2 rule), which :meth:`finish_edge` checks cell by cell before it drops the array."""

    layout: Layout
    rule: Callable[[Cell], int]
    rule_array: Callable[[np.ndarray, np.ndarray], np.ndarray]
    final_array: Callable[[int, int], np.ndarray]
    blank: Cell
    final: Callable[[Cell], int] | None = None
    cells: dict[Cell, int] = field(default_factory=dict)
    arrays: dict[tuple[int, int], np.ndarray] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)
    segments: list[Segment] = field(default_factory=list)
    moves: int = 0

    def __post_init__(self) -> None:
        self._find = leg_of(self.layout)

    # -- cells ---------------------------------------------------------------------
    def get(self, cell: Cell) -> int:
        if cell == self.blank:
            return 0
        if cell in self.cells:
            return self.cells[cell]
        where = self._find(cell)
        if where is not None:
            e, k, j, i = where
            if (e, k) in self.arrays:
                return int(self.arrays[(e, k)][j, i])
            if e in self.done:
                return self.final(cell)
        r, c = cell
        if not (0 <= r < self.layout.n and 0 <= c < self.layout.n):
            raise BoardError(f"cell {cell} is off the board")
        return self.rule(cell)

    def set(self, cell: Cell, tile: int) -> None:
        where = self._find(cell)
        if where is not None and (where[0], where[1]) in self.arrays:
            self.arrays[(where[0], where[1])][where[2], where[3]] = tile
        else:
            self.cells[cell] = tile

    def snapshot(self):
        return (dict(self.cells), {k: v.copy() for k, v in self.arrays.items()}, set(self.done),
                list(self.segments), self.moves, self.blank)

    def restore(self, state) -> None:
        cells, arrays, done, segments, moves, blank = state
        self.cells, self.arrays, self.done = dict(cells), {k: v.copy() for k, v in arrays.items()}, set(done)
        self.segments, self.moves, self.blank = list(segments), moves, blank

    # -- moves ---------------------------------------------------------------------
    def _record(self, seg: Segment, count: int) -> None:
        self.segments.append(seg)
        self.moves += count

    def move_text(self, text: str, record: bool = True) -> None:
        for ch in text:
            target = add(self.blank, VECTOR[ch])
            tile = self.get(target)
            old = self.blank
            self.blank = target
            self.set(old, tile)
            self.set(target, 0)
        if record and text:
            self._record(("moves", text), len(text))

    def start_edge(self, edge: EdgeLayout) -> None:
        """The legs of ``edge`` become arrays (from the rule and the cells changed so far)."""
        for k, leg in enumerate(edge.legs):
            j_idx, i_idx = np.meshgrid(np.arange(leg.width), np.arange(leg.length), indexing="ij")
            offset = j_idx - 1 if leg.width == 3 else 0 * j_idx
            rows = leg.origin[0] + i_idx * leg.heading[0] + offset * leg.side[0]
            cols = leg.origin[1] + i_idx * leg.heading[1] + offset * leg.side[1]
            arr = self.rule_array(rows, cols)
            self.arrays[(edge.index, k)] = arr
        for cell in [c for c in self.cells]:
            where = self._find(cell)
            if where is not None and where[0] == edge.index:
                self.arrays[(where[0], where[1])][where[2], where[3]] = self.cells.pop(cell)
        if self._find(self.blank) and self._find(self.blank)[0] == edge.index:
            e, k, j, i = self._find(self.blank)
            self.arrays[(e, k)][j, i] = 0

    def finish_edge(self, edge: EdgeLayout) -> None:
        """Checks every cell of the edge against B2 and drops its arrays."""
        for k, leg in enumerate(edge.legs):
            arr = self.arrays.pop((edge.index, k))
            want = self.final_array(edge.index, k)
            bad = np.argwhere(arr != want)
            if len(bad):
                j, i = (int(x) for x in bad[0])
                raise BoardError(f"edge e{edge.index} ({edge.tail}, {edge.head}) leg {k}: {len(bad)} cells differ "
                                 f"from B2 after its traversal, first at {leg.cell(j, i)}")
        self.done.add(edge.index)

    def run_program(self, edge: EdgeLayout, ops: list) -> None:
        for op in ops:
            if isinstance(op, Moves):
                self.move_text(op.text)
            elif isinstance(op, Shift):
                self._shift(edge, op)
            else:
                self._run(edge, op)

    def _run(self, edge: EdgeLayout, op: Run) -> None:
        leg = edge.legs[op.leg]
        su, sd = globalise(S_UP_LOCAL, leg.heading), globalise(S_DOWN_LOCAL, leg.heading)
        arr = self.arrays[(edge.index, op.leg)]
        # macros touch centre-line positions i-2 .. i+1 (i the blank's position before)
        lo = max(0, 2 - op.start)
        hi = min(op.count, leg.length - 1 - op.start)  # macros k < hi have start+k+1 <= length-1
        k = 0
        while k < op.count:
            if lo <= k < hi and hi - k > 4:
                count = hi - k
                i0 = op.start + k
                assert self.blank == leg.cell(1, i0)
                arr[1, i0] = 0
                i1 = _run_macros(arr, i0, count, (op.first + k) % 2)
                self.blank = leg.cell(1, i1)
                self._record(("alternate", su if (op.first + k) % 2 == 0 else sd,
                              sd if (op.first + k) % 2 == 0 else su, count), 7 * count)
                k += count
            else:
                self.move_text(su if (op.first + k) % 2 == 0 else sd)
                k += 1

    def _shift(self, edge: EdgeLayout, op: Shift) -> None:
        leg = edge.legs[op.leg]
        ch = CHAR[leg.heading]
        self.move_text(ch)  # into position 0 of the leg
        rest = op.count - 1
        if rest <= 0:
            return
        arr = self.arrays[(edge.index, op.leg)]
        row = arr[0]
        row[0:rest] = row[1:rest + 1].copy()
        row[rest] = 0
        self.blank = leg.cell(0, rest)
        self._record(("repeat", ch, rest), rest)


def region_tiles(board: SparseBoard, row: int, col: int, side: int) -> list[int]:
    return [board.get((row + r, col + c)) for r in range(side) for c in range(side)]


def write_region(board: SparseBoard, row: int, col: int, side: int, tiles: list[int], moves: str) -> None:
    """Puts the result of a region rearrangement on the board and records its moves."""
    for k, tile in enumerate(tiles):
        cell = (row + k // side, col + k % side)
        if tile == 0:
            board.blank = cell
        board.set(cell, tile)
    if moves:
        board._record(("moves", moves), len(moves))

