"""Exact BWP decider: IDA* with Observation 1, specialised for the *tight* case.

Drag metric, h = hr + hc with hr = max_r |d_r|, hc = max_c |d_c| (d = goal count minus
current count of a line). A column move changes each row count by at most one and no
column count; a row move the other way round; so h is admissible (Observation 1).

Everything below is a consequence of "some solution uses at most b more steps"; nothing is
a guess, so NO means no solution within k and YES carries the move sequence.

**Tight nodes** (remaining budget b == h). Then exactly hc row moves and exactly hr column
moves remain, and:

1. every remaining column move changes every *max row* (|d_r| = hr) by one in its needed
   direction, and every remaining row move every *max column*; a max line stays a max line
   until its count is right. Move generation only produces such moves (on the 3-PARTITION
   targets: every column step brings a black piece into the special row, every row step
   takes one out of column 1).
2. (Claim 1 of the seed, in general form) a max row that must *gain* blacks never loses
   one (column moves only add to it, its own moves rotate it), so its black set must stay
   a subset of some rotation of its goal black set; symmetrically a max row that must lose
   blacks never gains one (its goal set must fit inside a rotation of its current set).
   Same for max columns. A node where this fails is pruned; a column move whose result
   would fail it is never made.
3. *Frozen lines* (a least fixed point, "first mover" argument): a row can move again only
   if, for every max column c, its cell at c has the colour the next row move must change
   (and the change keeps point 2 for c), or column c itself can still move; symmetrically
   for columns. Start with no max line movable, add those whose conditions hold, repeat.
   A line outside the fixed point never moves in any solution: the first line to move that
   is outside it would, at that moment, have found each condition cell unchanged (neither
   it nor the crossing line had moved) or the crossing line already moved (so inside).
4. Consequences checked at every tight node: a cell in a frozen row *and* a frozen column
   never changes, so it must already be the goal colour. If a max row that must gain (or
   lose) is frozen, every column can move at most once more (each move turns that row's
   cell to the needed colour, nothing turns it back); so for each column some single
   rotation a (0 = none) must take every frozen-row cell to a frozen-row cell of the goal
   colour (cells landing in, or coming from, movable rows are unconstrained). Symmetrically
   for rows when a max column is frozen. (On the 3-PARTITION targets this is the proof's
   step 5: a second piece in a column lands in a padding row, frozen, goal-white.)
5. Endgames: hc == 0 leaves only column moves, which commute and merge per column: solvable
   iff every column is a rotation of its goal column and at most b of them differ; hr == 0
   the same for rows.
6. When a max row and a max column are both frozen, every line moves at most once more:
   each movable row gets a *domain* of shifts (necessary conditions only, see
   :meth:`_Search.packing`), moves are drawn from the domains, a movable row with an empty
   domain prunes, and every column that must still bring a piece into the frozen max row
   needs a possible supplier (a frozen cell, or a movable row's current cell or domain).

**All nodes**: partial-order reduction over a fixed order of lines (rows before columns,
then by index). Two row moves commute, two column moves commute, a row move and a column
move commute when both orders give the same colouring (tested at the parent). A move never
follows a move on the same line (they merge into one drag step, or cancel), and a move
that commutes with the previous one and comes before it in the order is not tried. Any
solution can be brought to this form without growing (merge equal-line neighbours; swap an
adjacent commuting inverted pair: same states before and after the pair, one inversion
fewer), so the search stays complete. Stronger, for a block of column moves followed by a
row move R: every column move of the block must fail to commute with R when put last in
the block (columns commute with each other), else it is moved past R; this terminates
(the column moves only move right; then sort). Look-aheads on this form (tight nodes,
every line moving at most once more): a column move whose later row move could only
commute with it is not made (:meth:`_Search.check_block`), and after a row move on row j a
row i < j that must still move but can never follow a non-commuting column move prunes
the node (see :meth:`_Search.packing`). A transposition table keyed by (colouring, previous
move, current column block) stores the largest budget with which the node failed; the
pruning at a node depends only on that key, so the table is sound with the partial-order
reduction.

Checked against the SAT decider and IDA* in ``tests/test_bwp.py`` and
``bench/bwp_tight_agreement.py`` (tight random boards); it finds the compact layout's
shortcut (a 32-step solution of a 3-PARTITION no-instance's compact target) by itself.

Out of time or node budget: UNKNOWN.
"""

from __future__ import annotations

import random
import time

import numpy as np

from npw.instances.torus.bwp import BWP
from npw.instances.torus.moves import Move, shift
from npw.solvers.limits import TABLE_BYTES_LIMIT, int_bytes, refuse_table_bytes
from npw.solvers.result import Answer, Deadline, OutOfTime, Result, shuffled_certificates
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "SAMPLERS", "line_masks", "rotation_table_bytes", "sample_certificates", "solve"]


def _rot(x: int, a: int, n: int, mask: int) -> int:
    """Bit i -> bit (i + a) mod n."""
    a %= n
    if a == 0:
        return x
    return ((x << a) | (x >> (n - a))) & mask


def line_masks(cells, rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(row masks, column masks) of a packed colouring: bit c of row r's mask (bit r of column
    c's) is cell (r, c). Packed by numpy, not summed bit by bit: a 10^6-cell column summed as
    Python ints is quadratic in its length.

    >>> line_masks(bytes([1, 0, 0, 1, 1, 0]), 2, 3)
    ((1, 3), (3, 2, 0))
    """
    board = np.frombuffer(bytes(cells), dtype=np.uint8).reshape(rows, cols) != 0

    def masks(lines: np.ndarray) -> tuple[int, ...]:
        packed = np.packbits(lines, axis=1, bitorder="little")
        return tuple(int.from_bytes(line.tobytes(), "little") for line in packed)

    return masks(board), masks(board.T)


def rotation_table_bytes(goal_rows, goal_cols, rows: int, cols: int) -> int:
    """What the tables of point 2 (every rotation of every goal line) take, bounded above: a line
    all white or all black has one rotation, any other up to its length.

    >>> rotation_table_bytes((0, 1), (1, 0, 0), 2, 3) < rotation_table_bytes((1, 1), (3, 0, 0), 2, 3)
    True
    """
    row_mask, col_mask = (1 << cols) - 1, (1 << rows) - 1
    row_lines = sum(1 for g in goal_rows if g not in (0, row_mask))
    col_lines = sum(1 for g in goal_cols if g not in (0, col_mask))
    return (row_lines * cols * (int_bytes(cols) + 8) + col_lines * rows * (int_bytes(rows) + 8)
            + (rows + cols) * 100)


def _bits(x: int):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class _Prune(Exception):
    pass


class _Search:
    def __init__(self, instance: BWP, deadline: Deadline, max_nodes: int | None,
                 order_seed: int | None = None, lookahead: bool = True) -> None:
        self.rng = None if order_seed is None else random.Random(order_seed)
        self.lookahead = lookahead
        R, C = instance.rows, instance.cols
        self.R, self.C = R, C
        self.rmask, self.cmask = (1 << C) - 1, (1 << R) - 1
        self.goal_rows, self.goal_cols = line_masks(instance.goal, R, C)
        self.gr = [x.bit_count() for x in self.goal_rows]
        self.gc = [x.bit_count() for x in self.goal_cols]
        # all rotations of each goal line (deduplicated), for point 2: quadratic in a line's length
        refuse_table_bytes(rotation_table_bytes(self.goal_rows, self.goal_cols, R, C),
                           f"the rotations of every goal line of a {R:,} x {C:,} board")
        self.row_rots = [self._rotations(g, C, self.rmask, deadline) for g in self.goal_rows]
        self.col_rots = [self._rotations(g, R, self.cmask, deadline) for g in self.goal_cols]
        self.deadline, self.max_nodes = deadline, max_nodes
        # a stored node holds its row tuple (8 bytes a row) and the lines it changed: the table
        # stops growing at TABLE_BYTES_LIMIT (the search goes on without remembering more)
        self.tt_entries = max(1024, TABLE_BYTES_LIMIT // (8 * (R + C) + int_bytes(max(R, C)) + 200))
        self.nodes = 0
        self.tight_nodes = 0
        self.pruned = {"claim1": 0, "frozen-cell": 0, "once": 0, "endgame": 0}
        self.tt: dict[tuple, int] = {}
        self._once_cache: dict = {}
        self._extra_cache: dict = {}
        self.path: list[Move] = []

    @staticmethod
    def _rotations(g: int, n: int, mask: int, deadline: Deadline) -> list[int]:
        if g == 0 or g == mask:
            return [g]
        found = set()
        for t in range(n):
            if not t & 1023:
                deadline.check()
            found.add(_rot(g, t, n, mask))
        return sorted(found)

    def remember(self, key, b: int) -> None:
        """tt[key] = b, unless the table is full and key new."""
        if key in self.tt or len(self.tt) < self.tt_entries:
            self.tt[key] = b

    # -- moves ---------------------------------------------------------------------------

    def apply_row(self, rows, cols, r, a):
        old = rows[r]
        new = _rot(old, a, self.C, self.rmask)
        rows2 = rows[:r] + (new,) + rows[r + 1:]
        cols2 = list(cols)
        bit = 1 << r
        for c in _bits(old ^ new):
            cols2[c] ^= bit
        return rows2, tuple(cols2)

    def apply_col(self, rows, cols, c, a):
        old = cols[c]
        new = _rot(old, a, self.R, self.cmask)
        cols2 = cols[:c] + (new,) + cols[c + 1:]
        rows2 = list(rows)
        bit = 1 << c
        for r in _bits(old ^ new):
            rows2[r] ^= bit
        return tuple(rows2), cols2

    def apply(self, rows, cols, move):
        axis, index, a = move
        return self.apply_row(rows, cols, index, a) if axis == "R" else self.apply_col(rows, cols, index, a)

    def to_move(self, move) -> Move:
        axis, index, a = move
        return shift(axis, index, a, self.C if axis == "R" else self.R)

    # -- point 2: the rotation test ------------------------------------------------------

    @staticmethod
    def _addable(current: int, need: int, rots: list[int], mask: int) -> int | None:
        """For a max line needing +1 (-1) per crossing move: None if its current set already
        fails point 2; else the mask of crossing positions p where the change at p (white->
        black, resp. black->white) keeps point 2 (and the cell has the colour to change)."""
        if need > 0:
            union = 0
            ok = False
            for g in rots:
                if current & ~g == 0:
                    ok = True
                    union |= g
            return (union & ~current & mask) if ok else None
        inter = mask
        ok = False
        for g in rots:
            if g & ~current == 0:
                ok = True
                inter &= g
        return (current & ~inter & mask) if ok else None

    # -- the tight analysis (points 2-4) -------------------------------------------------

    def analyse(self, rows, cols, dr, dc, hr, hc):
        """Returns (movable rows mask over rows, movable columns mask over columns,
        per max row its addable mask, per max column its addable mask) or raises _Prune."""
        R, C = self.R, self.C
        prow = [r for r in range(R) if abs(dr[r]) == hr]
        pcol = [c for c in range(C) if abs(dc[c]) == hc]
        ok_row = {}  # r* -> mask over columns where a column move is fine for r*
        for r in prow:
            m = self._addable(rows[r], 1 if dr[r] > 0 else -1, self.row_rots[r], self.rmask)
            if m is None:
                self.pruned["claim1"] += 1
                raise _Prune
            ok_row[r] = m
        ok_col = {}
        for c in pcol:
            m = self._addable(cols[c], 1 if dc[c] > 0 else -1, self.col_rots[c], self.cmask)
            if m is None:
                self.pruned["claim1"] += 1
                raise _Prune
            ok_col[c] = m
        # least fixed point over the max lines
        mov_prow: set[int] = set()
        mov_pcol: set[int] = set()
        while True:
            rows_ok = self.cmask
            for c in pcol:
                if c not in mov_pcol:
                    rows_ok &= ok_col[c]
            cols_ok = self.rmask
            for r in prow:
                if r not in mov_prow:
                    cols_ok &= ok_row[r]
            grow = {r for r in prow if (rows_ok >> r) & 1} - mov_prow
            gcol = {c for c in pcol if (cols_ok >> c) & 1} - mov_pcol
            if not grow and not gcol:
                break
            mov_prow |= grow
            mov_pcol |= gcol
        frozen_rows = ~rows_ok & self.cmask
        frozen_cols = ~cols_ok & self.rmask
        # point 4a: frozen x frozen cells are final
        for r in _bits(frozen_rows):
            if (rows[r] ^ self.goal_rows[r]) & frozen_cols:
                self.pruned["frozen-cell"] += 1
                raise _Prune
        # point 4b: a frozen max row -> each column moves at most once more
        if any((frozen_rows >> r) & 1 for r in prow):
            for c in _bits(cols_ok):
                if not self.col_once(c, cols[c], frozen_rows):
                    self.pruned["once"] += 1
                    raise _Prune
        if any((frozen_cols >> c) & 1 for c in pcol):
            for r in _bits(rows_ok):
                if not self.row_once(r, rows[r], frozen_cols):
                    self.pruned["once"] += 1
                    raise _Prune
        return rows_ok, cols_ok, prow, pcol

    def col_once(self, c: int, x: int, fr: int) -> tuple[int, ...]:
        """Rotations b (0 = none) of column c (content x) taking every frozen-row cell to a
        frozen-row cell of the goal colour (cells from or to movable rows are free)."""
        key = (c, x, fr)
        found = self._once_cache.get(key)
        if found is None:
            R, cm, g = self.R, self.cmask, self.goal_cols[c]
            xf = x & fr
            found = tuple(b for b in range(R) if ((_rot(xf, b, R, cm) ^ g) & _rot(fr, b, R, cm) & fr) == 0)
            self._cache_put(self._once_cache, key, found)
        return found

    def row_once(self, r: int, x: int, fc: int) -> tuple[int, ...]:
        key = (-1 - r, x, fc)
        found = self._once_cache.get(key)
        if found is None:
            C, rm, g = self.C, self.rmask, self.goal_rows[r]
            xf = x & fc
            found = tuple(a for a in range(C) if ((_rot(xf, a, C, rm) ^ g) & _rot(fc, a, C, rm) & fc) == 0)
            self._cache_put(self._once_cache, key, found)
        return found

    @staticmethod
    def _cache_put(cache: dict, key, value) -> None:
        if len(cache) > 500_000:
            cache.clear()
        cache[key] = value

    def col_extra(self, c: int, x: int, fr: int) -> tuple[int, int]:
        """For v = 0, 1: the rows r that can join the frozen rows of column c holding colour v
        at (r, c) and still leave a rotation passing :meth:`col_once`."""
        key = (c, x, fr)
        found = self._extra_cache.get(key)
        if found is None:
            R, cm, g = self.R, self.cmask, self.goal_cols[c]
            vb = self.col_once(c, x, fr)
            ok = [0, 0]
            for v in (0, 1):
                gv = g if v else (~g & cm)
                acc = 0
                for b in vb:
                    if b == 0:
                        acc |= gv  # r joins, column never moves: v must be the goal colour
                        continue
                    cond1 = _rot((~fr & cm) | gv, -b, R, cm)  # r + b not frozen, or goal there is v
                    cond2 = (~_rot(fr, b, R, cm) | ~(_rot(x, b, R, cm) ^ g)) & cm  # r - b -> r fine
                    acc |= cond1 & cond2
                ok[v] = acc
            found = (ok[0], ok[1])
            self._cache_put(self._extra_cache, key, found)
        return found

    # -- point 6: one move per line left, packing look-ahead -----------------------------

    def packing(self, rows, cols, dr, dc, analysis, last=None):
        """When a max row r* and a max column are both frozen, every line moves at most once
        more (point 4). Then (all necessary conditions, so pruning is sound):

        * a movable row r either never moves (its frozen-column cells must be the goal's) or
          moves once by a in its *domain*: frozen-column cells land on frozen-column cells of
          the goal colour; the move gives every frozen max column its needed colour (source
          cell known when in a frozen column); and every cell it sets from a frozen-column
          source, in a movable column c, either is the goal colour (c moved before, or never)
          or still lets c pass the one-rotation test of point 4 with r counted as frozen (c
          moves after; r never moves again). A movable row with an empty domain: prune.
        * a movable column c whose cell in r* is not the goal's must move exactly once, by
          some b passing the one-rotation test, and the cell it brings into r* comes from row
          r' = r* - b: fixed if r' is frozen (the test covers it); if r' is movable, either its
          cell in c now has the needed colour, or a move in its domain can bring that colour
          into column c (from a frozen-column source of that colour, or from a movable column,
          not known). No such b: prune.
        """
        R, C = self.R, self.C
        rows_ok, cols_ok, prow, pcol = analysis
        FR, FC = ~rows_ok & self.cmask, ~cols_ok & self.rmask
        star = next((r for r in prow if (FR >> r) & 1), None)
        if star is None or not any((FC >> c) & 1 for c in pcol):
            return None
        cm, rm = self.cmask, self.rmask
        # valid rotations per movable column, and rows that may join the frozen set holding v
        valid_b: dict[int, tuple[int, ...]] = {}
        extra_ok: dict[int, tuple[int, int]] = {}
        movable_cols = list(_bits(cols_ok))
        for c in movable_cols:
            valid_b[c] = self.col_once(c, cols[c], FR)
        # blocked rows: after a row move on row j, a row i < j can move only after a column
        # block, one of whose moves (c, b) must not commute with it (canonical form). Column c
        # moves once and row i once, so that needs, at the column move, (i, c) changed by it, or
        # (i, c) off its goal colour afterwards (else R_i would change a final cell). Before that
        # move (i, c) is as now, and so is (i - b, c) if row i - b is frozen. A row that must
        # move (a frozen-column cell off its goal colour) with no such (c, b): prune.
        if last is not None and last[0] == "R":
            for i in _bits(rows_ok & ((1 << last[1]) - 1)):
                if (rows[i] ^ self.goal_rows[i]) & FC == 0:
                    continue  # may never move
                possible = False
                for c in movable_cols:
                    x, g = cols[c], self.goal_cols[c]
                    here = (x >> i) & 1
                    for b in valid_b[c]:
                        if b == 0:
                            continue
                        src = (i - b) % R
                        if not (FR >> src) & 1:
                            possible = True
                            break
                        v = (x >> src) & 1
                        if v != here or v != (g >> i) & 1:
                            possible = True
                            break
                    if possible:
                        break
                if not possible:
                    self.pruned["blocked"] = self.pruned.get("blocked", 0) + 1
                    raise _Prune
        for c in movable_cols:
            extra_ok[c] = self.col_extra(c, cols[c], FR)
        # domains of the movable rows
        can_bring: dict[int, tuple[int, int]] = {}
        domains: dict[int, set[int]] = {}
        wants = [(c, 1 if dc[c] > 0 else 0) for c in pcol]  # colour a row move must bring into c
        unknown_base = ~FC & rm
        for r in _bits(rows_ok):
            x, g = rows[r], self.goal_rows[r]
            xf = x & FC
            stay = (x ^ g) & FC == 0
            bring0 = bring1 = 0
            any_move = False
            # columns c where (r, c) may be set to colour v by this row's move (point 6, third item)
            ok1 = ok0 = 0
            for c in movable_cols:
                e0, e1 = extra_ok[c]
                if (e1 >> r) & 1:
                    ok1 |= 1 << c
                if (e0 >> r) & 1:
                    ok0 |= 1 << c
            hopeless = any((FC >> c) & 1 and ((x >> c) & 1) == want for c, want in wants)
            for a in (() if hopeless else self.row_once(r, x, FC)):
                if a == 0:
                    continue
                bad = False
                for cstar, want in wants:
                    src = (cstar - a) % C
                    if (FC >> src) & 1 and ((x >> src) & 1) != want:
                        bad = True
                        break
                if bad:
                    continue
                landed = _rot(xf, a, C, rm)  # blacks landing from frozen-column sources
                fixed = _rot(FC, a, C, rm) & cols_ok  # movable columns fed from frozen columns
                if (landed & ~g & fixed & ~ok1) or (~landed & g & fixed & ~ok0):
                    continue
                any_move = True
                domains.setdefault(r, set()).add(a)
                unknown = _rot(unknown_base, a, C, rm)  # landing from a movable column
                bring1 |= landed | unknown
                bring0 |= _rot(~x & FC, a, C, rm) | unknown
            if not stay and not any_move:
                self.pruned["domain"] = self.pruned.get("domain", 0) + 1
                raise _Prune
            can_bring[r] = (bring0 | (~x & rm), bring1 | x)
        # coverage of the columns that must still move once
        for c in _bits(cols_ok):
            x, g = cols[c], self.goal_cols[c]
            need_v = (g >> star) & 1
            if (x >> star) & 1 == need_v:
                continue
            covered = False
            for b in valid_b[c]:
                if b == 0:
                    continue
                src = (star - b) % R
                if (FR >> src) & 1 or (can_bring[src][need_v] >> c) & 1:
                    covered = True
                    break
            if not covered:
                self.pruned["cover"] = self.pruned.get("cover", 0) + 1
                raise _Prune
        return domains, valid_b

    # -- move generation -----------------------------------------------------------------

    def tight_moves(self, rows, cols, dr, dc, hr, hc, analysis):
        """Moves keeping h <= b - 1 at a tight node (points 1 and 3)."""
        R, C = self.R, self.C
        rows_ok, cols_ok, prow, pcol = analysis
        moves = []
        masks_c, masks_r = self._count_masks(dc, hc), self._count_masks(dr, hr)
        # row moves: must change every max column; only movable rows
        c0 = pcol[0]
        need0 = 1 if dc[c0] > 0 else -1
        for r in _bits(rows_ok):
            x = rows[r]
            have = (x >> c0) & 1
            if need0 > 0 and have:
                continue
            if need0 < 0 and not have:
                continue
            # source column c0 - a must hold the needed colour
            sources = x if need0 > 0 else (~x & self.rmask)
            for src in _bits(sources):
                a = (c0 - src) % C
                new = _rot(x, a, C, self.rmask)
                if self._counts_ok(x, new, masks_c):
                    moves.append(("R", r, a))
        r0 = prow[0]
        need0 = 1 if dr[r0] > 0 else -1
        for c in _bits(cols_ok):
            x = cols[c]
            have = (x >> r0) & 1
            if need0 > 0 and have:
                continue
            if need0 < 0 and not have:
                continue
            sources = x if need0 > 0 else (~x & self.cmask)
            for src in _bits(sources):
                a = (r0 - src) % R
                new = _rot(x, a, R, self.cmask)
                if self._counts_ok(x, new, masks_r):
                    moves.append(("C", c, a))
        return moves

    @staticmethod
    def _count_masks(d, h: int) -> tuple[int, int, int, int]:
        """For the test "after the move max |d| <= h - 1" (needs max |d| <= h): lines with
        d = h must gain, d = -h must lose, d = h - 1 must not lose, d = -(h - 1) must not gain."""
        pp = pm = np_ = nm = 0
        for i, di in enumerate(d):
            if di == h:
                pp |= 1 << i
            elif di == -h:
                pm |= 1 << i
            if di == h - 1:
                np_ |= 1 << i
            if di == -(h - 1):
                nm |= 1 << i
        return pp, pm, np_, nm

    @staticmethod
    def _counts_ok(old: int, new: int, masks) -> bool:
        pp, pm, np_, nm = masks
        gained, lost = new & ~old, old & ~new
        return not (pp & ~gained or pm & ~lost or np_ & lost or nm & gained)

    def all_moves(self, rows, cols, dr, dc, hr, hc, b):
        """Every move whose child has h <= b - 1 (slack nodes)."""
        R, C = self.R, self.C
        moves = []
        masks_c, masks_r = self._count_masks(dc, b - hr), self._count_masks(dr, b - hc)
        for r in range(R if C > 1 else 0):
            x = rows[r]
            if x == 0 or x == self.rmask:
                continue
            self.deadline.check()  # a line's C - 1 rotations: a long line's take seconds
            for a in range(1, C):
                new = _rot(x, a, C, self.rmask)
                if new != x and self._counts_ok(x, new, masks_c):
                    moves.append(("R", r, a))
        for c in range(C if R > 1 else 0):
            x = cols[c]
            if x == 0 or x == self.cmask:
                continue
            self.deadline.check()
            for a in range(1, R):
                new = _rot(x, a, R, self.cmask)
                if new != x and self._counts_ok(x, new, masks_r):
                    moves.append(("C", c, a))
        return moves

    # -- endgames (point 5) --------------------------------------------------------------

    def endgame(self, lines, goals, n, mask, b, axis) -> bool:
        moves = []
        for i, (x, g) in enumerate(zip(lines, goals)):
            if x == g:
                continue
            for a in range(1, n):
                if _rot(x, a, n, mask) == g:
                    moves.append(shift(axis, i, a, n))
                    break
            else:
                return False
            if len(moves) > b:
                return False
        self.path.extend(moves)
        return True

    # -- the search ----------------------------------------------------------------------

    def dfs(self, rows, cols, b, last, block) -> bool:
        """``block``: the column moves made since the last row move, as (column, amount, the
        column's content before that move), in order."""
        if rows == self.goal_rows:
            return True
        self.nodes += 1
        if self.nodes & 63 == 0:
            if self.deadline.expired() or (self.max_nodes is not None and self.nodes > self.max_nodes):
                raise OutOfTime
        if b == 0:
            return False
        key = (rows, last, tuple((c, a) for c, a, _ in block))
        if self.tt.get(key, -1) >= b:
            return False
        dr = [g - x.bit_count() for g, x in zip(self.gr, rows)]
        dc = [g - x.bit_count() for g, x in zip(self.gc, cols)]
        hr = max(map(abs, dr))
        hc = max(map(abs, dc))
        h = hr + hc
        if h > b:
            return False
        if h == b:
            self.tight_nodes += 1
            if hc == 0 or hr == 0:
                if hc == 0:
                    found = self.endgame(cols, self.goal_cols, self.R, self.cmask, b, "C")
                else:
                    found = self.endgame(rows, self.goal_rows, self.C, self.rmask, b, "R")
                if not found:
                    self.pruned["endgame"] += 1
                    self.remember(key, b)
                return found
            try:
                analysis = self.analyse(rows, cols, dr, dc, hr, hc)
                if self.lookahead:
                    self.check_block(rows, cols, block, analysis)
                    packed = self.packing(rows, cols, dr, dc, analysis, last)
                    block_rows = self.block_rows(analysis)
                else:
                    packed = block_rows = None
                moves = self.tight_moves(rows, cols, dr, dc, hr, hc, analysis)
                if packed is not None:  # only moves inside the domains (point 6)
                    domains, valid_b = packed
                    moves = [m for m in moves
                             if (m[2] in domains.get(m[1], ()) if m[0] == "R" else m[2] in valid_b.get(m[1], ()))]
            except _Prune:
                self.remember(key, b)
                return False
        else:
            moves = self.all_moves(rows, cols, dr, dc, hr, hc, b)
            block_rows = None
        if self.rng is not None:
            self.rng.shuffle(moves)
        for move in moves:
            axis, index, amount = move
            if last is not None:
                l_axis, l_index, _ = last
                if (axis, index) == (l_axis, l_index):
                    continue
                if axis == l_axis and index < l_index:
                    continue  # same kind, different lines: always commute; keep increasing order
            rows2, cols2 = self.apply(rows, cols, move)
            if axis == "R" and block and self.commutes_with_block(rows, cols, rows2, block, move):
                continue
            if axis == "C":
                if block_rows is not None:
                    # the block look-ahead (check_block) on the child, with this node's movable rows
                    after = cols2[index]
                    if ((cols[index] ^ after) | (after ^ self.goal_cols[index])) & block_rows == 0:
                        self.pruned["block"] = self.pruned.get("block", 0) + 1
                        continue
                block2 = block + ((index, amount, cols[index]),)
            else:
                block2 = ()
            self.path.append(self.to_move(move))
            if self.dfs(rows2, cols2, b - 1, move, block2):
                return True
            self.path.pop()
        if self.tt.get(key, -1) < b:
            self.remember(key, b)
        return False

    def commutes_with_block(self, rows, cols, rows2, block, move) -> bool:
        """Canonical form: a row move may follow a block of column moves only if no column
        move of the block commutes with it when put last in the block (columns commute with
        each other, so that state is the current one with that column's move undone)."""
        for c, a, _ in block:
            t_rows, t_cols = self.apply_col(rows, cols, c, -a)
            o_rows, _ = self.apply_col(*self.apply(t_rows, t_cols, move), c, a)
            if o_rows == rows2:
                self.pruned["commute"] = self.pruned.get("commute", 0) + 1
                return True
        return False

    def block_rows(self, analysis) -> int | None:
        """Movable rows, when the look-ahead of :meth:`check_block` applies to a column move made
        here (row moves remain, a max row and a max column frozen: the moved column is then
        frozen and every row moves at most once). Lines frozen here stay frozen below, so
        this node's movable rows are a superset of the child's: the test stays sound."""
        rows_ok, cols_ok, prow, pcol = analysis
        frozen_rows, frozen_cols = ~rows_ok & self.cmask, ~cols_ok & self.rmask
        if any((frozen_cols >> c) & 1 for c in pcol) and any((frozen_rows >> r) & 1 for r in prow):
            return rows_ok
        return None

    def check_block(self, rows, cols, block, analysis) -> None:
        """Look-ahead for the canonical form (tight nodes). If row moves remain (hc > 0) and a
        max column is frozen (so every row moves at most once more), the block must be
        followed by a row move R on a movable row that commutes with none of its column
        moves. For a block move on column c that left c frozen, R and that move fail to
        commute only if the move changed R's cell (r, c) or R changes it; R changes it only
        if it differs from the goal now (after R row r and column c are both frozen, and the
        cell has not changed since the block move). So some movable row must have a cell in
        column c that the block move changed or that differs from the goal."""
        if not block:
            return
        rows_ok, cols_ok, prow, pcol = analysis
        frozen_cols = ~cols_ok & self.rmask
        if not any((frozen_cols >> c) & 1 for c in pcol):
            return
        for c, _, before in block:
            if (cols_ok >> c) & 1:
                continue
            now = cols[c]
            if ((before ^ now) | (now ^ self.goal_cols[c])) & rows_ok == 0:
                self.pruned["block"] = self.pruned.get("block", 0) + 1
                raise _Prune


def solve(instance: BWP, timeout: float | None = None, max_nodes: int | None = None,
          order_seed: int | None = None, lookahead: bool = True) -> Result:
    """``order_seed``: try the moves of each node in a shuffled order (for sampling several
    certificates); the answer does not depend on it. ``lookahead=False`` leaves out point 6
    and the look-aheads of the canonical form (slower; for cross-checking their answers).

    >>> from npw.instances.torus.moves import moves_to_json
    >>> moves_to_json(solve(BWP.from_rows(["#..", "..."], ["...", "..#"], 2)).certificate)
    ['R0W1', 'C2S1']
    >>> solve(BWP.from_rows(["#..", "..."], ["...", "..#"], 1)).answer
    <Answer.NO: 'NO'>
    """
    start_time = time.perf_counter()
    deadline = Deadline(timeout)
    stats: dict = {}

    def finish(answer: Answer, moves=None, search: _Search | None = None) -> Result:
        if search is not None:
            stats.update(nodes=search.nodes, tight_nodes=search.tight_nodes, table=len(search.tt),
                         pruned=dict(search.pruned))
        stats["time"] = time.perf_counter() - start_time
        return Result(answer, tuple(moves) if moves is not None else None, "tight", stats)

    if sum(instance.start) != sum(instance.goal):
        stats["reason"] = "different numbers of black pieces"
        return finish(Answer.NO)
    h0 = instance.lower_bound()
    stats["lower_bound"] = h0
    if h0 > instance.bound:
        stats["reason"] = f"Observation 1 bound {h0} exceeds k = {instance.bound}"
        return finish(Answer.NO)
    rows, cols = line_masks(instance.start, instance.rows, instance.cols)
    try:
        search = _Search(instance, deadline, max_nodes, order_seed, lookahead)
    except OutOfTime:  # out of time before the search began: Observation 1's bound is proved all the same
        stats.update(nodes=0, proved_lower_bound=h0)
        return finish(Answer.UNKNOWN)
    try:
        for budget in range(h0, instance.bound + 1):
            stats["depth"] = stats["proved_lower_bound"] = budget  # every smaller budget failed
            if search.dfs(rows, cols, budget, None, ()):
                return finish(Answer.YES, search.path, search)
    except (OutOfTime, RecursionError):
        return finish(Answer.UNKNOWN, None, search)
    return finish(Answer.NO, None, search)


def sample_certificates(instance: BWP, count: int, seed: int = 0, budget: float = 10.0) -> list:
    """Up to ``count`` different solutions of a yes-instance, from searches whose move order
    is shuffled by seeds derived from ``seed`` (each at most ``budget`` seconds); for checking
    a reduction's backward map on solutions other than the first one found."""
    return shuffled_certificates(solve, instance, count, seed, budget)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("bwp", "tight", solve),
)

SAMPLERS = (
    Sampler("bwp", sample_certificates),
)
