"""Theorem 3, Section 4.3 at any scale: the replay that :func:`~npw.reductions.npuz.backward.decode_segments`
decodes a (compact) move sequence with, into a REL walk, without storing the board.

Lemmas 1-4 say what a solution of at most k moves does: the blank follows every edge
once, carrying exactly c element tiles through its centre. So only two things are
tracked while the moves are replayed: the blank and the 8m element tiles (a move that
swaps the blank with an element tile moves that tile). Every edge has a *cut* across its
centre (:func:`cuts`: a line between two positions of its longest leg, widened by up to l
cells on each side as the vicinity of Definition 1, stopped where another piece begins);
each time the blank crosses a cut the crossing is recorded with its direction, and so is
every element tile crossing it. A crossing straight back cancels the previous one (a
detour); what is left must be every edge once, forwards; the element tiles that crossed
an edge's cut forwards (net) are what it shipped. The replay runs in a numba kernel
over the compact segments (runs of S_u / S_d and shifts are never expanded).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from npw.instances.lazy import njit  # numba's, or a stand-in naming the [puzzles] extra
from npw.reductions.npuz.layout import Layout

__all__ = ["Cut", "ReplayError", "crossings", "cuts", "walk_from_crossings"]

_DR = {"U": -1, "D": 1, "L": 0, "R": 0}
_DC = {"U": 0, "D": 0, "L": -1, "R": 1}
_CODE = {"U": 0, "D": 1, "L": 2, "R": 3}


@dataclass(frozen=True)
class Cut:
    """Between ``line`` and ``line + 1`` (rows if ``vertical``: the moves it catches are up
    or down; else columns), for the other coordinate in [lo, hi]; forward = towards
    ``line + 1`` if ``forward`` is +1."""

    edge: int
    vertical: bool
    line: int
    lo: int
    hi: int
    forward: int


def _pieces(layout: Layout) -> list[tuple[int, tuple[int, int, int, int]]]:
    out = []
    for node in layout.nodes:
        out.append((-1, (node.row, node.row + node.side - 1, node.col, node.col + node.side - 1)))
    for edge in layout.edges:
        for leg in edge.legs:
            a, b = leg.cell(0, 0), leg.cell(leg.width - 1, leg.length - 1)
            out.append((edge.index, (min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))))
    return out


def cuts(layout: Layout) -> list[Cut]:
    """One cut per edge, across the middle part of a leg (Definition 2's centre), widened by
    up to l cells on both sides (the vicinity), placed where the stripe is most isolated:
    the free space on its narrower side, measured up to 2l + 1, is largest (outside the
    bundles at TC and FC, where stripes touch). Then a walk round either end of the cut
    has to leave the vicinities, which Lemma 1 excludes for solutions within k at the
    paper's l."""
    pieces = _pieces(layout)
    result: list[Cut] = []
    for edge in layout.edges:
        best = None
        for k, leg in enumerate(edge.legs):
            lo, hi = max(1, leg.length // 8), min(leg.length - 2, leg.length - leg.length // 8)
            if hi < lo:
                lo, hi = 0, leg.length - 2
            steps = 24
            positions = sorted({lo + (hi - lo) * t // steps for t in range(steps + 1)})
            for i in positions:
                cut, reach = _cut_at(layout, pieces, edge, leg, i)
                score = (min(reach), sum(reach), -abs(i - leg.length // 2))
                if best is None or score > best[0]:
                    best = (score, cut)
        result.append(best[1])
    _clip_overlaps(result)
    return result


def _cut_at(layout: Layout, pieces, edge, leg, i: int) -> tuple[Cut, tuple[int, int]]:
    l, n = layout.unit, layout.n
    a, p = leg.heading, leg.side
    vertical = a[0] != 0
    centre = leg.cell(1 if leg.width == 3 else 0, i)
    half = leg.width // 2
    across = 1 if vertical else 0  # index of the across coordinate (column for a vertical leg)
    base = centre[across]
    sign = p[across]
    lines = sorted((centre[1 - across], centre[1 - across] + a[1 - across]))
    reach = {}
    for direction in (1, -1):
        limit = 2 * l + 1  # measured this far (for the choice), the cut itself stops at l
        start = half + 1  # first offset beyond the stripe
        for owner, (r0, r1, c0, c1) in pieces:
            lo_axis, hi_axis = (r0, r1) if vertical else (c0, c1)
            lo_ac, hi_ac = (c0, c1) if vertical else (r0, r1)
            if hi_axis < lines[0] or lo_axis > lines[1]:
                continue
            offs = sorted(((x - base) * sign * direction) for x in (lo_ac, hi_ac))
            if offs[1] < start:
                continue  # on the other side (or the stripe itself)
            if offs[0] <= half and owner == edge.index:
                continue
            limit = min(limit, max(0, offs[0] - start))
        border = n - 1 if sign * direction > 0 else 0
        limit = min(limit, max(0, abs(border - base) - half))
        reach[direction] = limit
    offs_lo, offs_hi = -(half + min(l, reach[-1])), half + min(l, reach[1])
    ends = sorted((base + sign * offs_lo, base + sign * offs_hi))
    forward = 1 if a[1 - across] > 0 else -1
    return Cut(edge.index, vertical, lines[0], ends[0], ends[1], forward), (reach[1], reach[-1])


def _clip_overlaps(result: list[Cut]) -> None:
    """Two cuts on the same line whose ranges overlap in free cells: split the overlap."""
    for x in range(len(result)):
        for y in range(x + 1, len(result)):
            a, b = result[x], result[y]
            if a.vertical != b.vertical or a.line != b.line or a.hi < b.lo or b.hi < a.lo:
                continue
            if a.lo <= b.lo:
                middle = (a.hi + b.lo) // 2
                result[x] = Cut(a.edge, a.vertical, a.line, a.lo, middle, a.forward)
                result[y] = Cut(b.edge, b.vertical, b.line, middle + 1, b.hi, b.forward)
            else:
                middle = (b.hi + a.lo) // 2
                result[y] = Cut(b.edge, b.vertical, b.line, b.lo, middle, b.forward)
                result[x] = Cut(a.edge, a.vertical, a.line, middle + 1, a.hi, a.forward)


@njit(cache=True)
def _replay(codes, reps, kinds, state, er, ec, cut_v, cut_line, cut_lo, cut_hi, n, out, count):
    """Runs one segment: kind 0 = the codes once, 1 = codes[0] ``reps`` times, 2 = the
    codes as two halves alternating ``reps`` times. state = [row, col]; out rows are
    (cut index, blank direction +1/-1, element index or -1, move number)."""
    dr = (-1, 1, 0, 0)
    dc = (0, 0, -1, 1)
    r, c = state[0], state[1]
    moves = state[2]
    half = len(codes) // 2
    if kinds == 0:
        total = len(codes)
    elif kinds == 1:
        total = reps
    else:
        total = reps * half
    for t in range(total):
        if kinds == 0:
            code = codes[t]
        elif kinds == 1:
            code = codes[0]
        else:
            macro = t // half
            code = codes[(macro % 2) * half + t % half]
        nr, nc = r + dr[code], c + dc[code]
        if nr < 0 or nc < 0 or nr >= n or nc >= n:
            state[0], state[1], state[2] = r, c, moves
            return -1
        element = -1
        for k in range(len(er)):
            if er[k] == nr and ec[k] == nc:
                element = k
                er[k], ec[k] = r, c
                break
        for x in range(len(cut_v)):
            if cut_v[x]:
                if dr[code] != 0 and min(r, nr) == cut_line[x] and cut_lo[x] <= c <= cut_hi[x]:
                    out[count, 0] = x
                    out[count, 1] = 1 if nr > r else -1
                    out[count, 2] = element
                    out[count, 3] = moves
                    count += 1
            else:
                if dc[code] != 0 and min(c, nc) == cut_line[x] and cut_lo[x] <= r <= cut_hi[x]:
                    out[count, 0] = x
                    out[count, 1] = 1 if nc > c else -1
                    out[count, 2] = element
                    out[count, 3] = moves
                    count += 1
            if count >= out.shape[0]:
                state[0], state[1], state[2] = nr, nc, moves + 1
                return -2
        r, c = nr, nc
        moves += 1
    state[0], state[1], state[2] = r, c, moves
    return count


class ReplayError(ValueError):
    """The moves leave the board."""


def crossings(layout: Layout, blank: tuple[int, int], elements: dict[str, tuple[int, int]],
              segments: list) -> tuple[list[Cut], list[tuple[int, int, str | None]], int]:
    """Replays compact segments (``moves`` / ``repeat`` / ``alternate``) from B1's blank and
    element positions; returns the cuts, the crossings (edge, +1 forward / -1 backward
    for the blank, element that crossed with it or None) and the number of moves."""
    cut_list = cuts(layout)
    cut_v = np.array([c.vertical for c in cut_list], dtype=np.bool_)
    cut_line = np.array([c.line for c in cut_list], dtype=np.int64)
    cut_lo = np.array([c.lo for c in cut_list], dtype=np.int64)
    cut_hi = np.array([c.hi for c in cut_list], dtype=np.int64)
    names = list(elements)
    er = np.array([elements[x][0] for x in names], dtype=np.int64)
    ec = np.array([elements[x][1] for x in names], dtype=np.int64)
    state = np.array([blank[0], blank[1], 0], dtype=np.int64)
    events: list[tuple[int, int, str | None]] = []
    out = np.zeros((1 << 16, 4), dtype=np.int64)
    for seg in segments:
        if seg[0] == "moves":
            codes, reps, kind = np.array([_CODE[ch] for ch in seg[1]], dtype=np.int64), 1, 0
        elif seg[0] == "repeat":
            codes, reps, kind = np.array([_CODE[seg[1]]], dtype=np.int64), seg[2], 1
        else:
            _, s1, s2, k = seg
            if len(s1) != len(s2):
                raise ValueError("alternating strings of different lengths")
            codes, reps, kind = np.array([_CODE[ch] for ch in s1 + s2], dtype=np.int64), k, 2
        if len(codes) == 0 or reps == 0:
            continue
        count = _replay(codes, reps, kind, state, er, ec, cut_v, cut_line, cut_lo, cut_hi, layout.n, out, 0)
        if count == -1:
            raise ReplayError(f"move {state[2] + 1} leaves the board")
        if count == -2:  # the event buffer is full: very many crossings in one segment
            raise ReplayError("more than 65536 crossings in one segment")
        for x, sign, element, _ in out[:count]:
            edge = cut_list[int(x)].edge
            forward = int(sign) * cut_list[int(x)].forward
            events.append((edge, forward, names[int(element)] if element >= 0 else None))
    return cut_list, events, int(state[2])


def walk_from_crossings(layout: Layout, events: list[tuple[int, int, str | None]]) -> tuple:
    """Free reduction of the blank's crossings (a crossing straight back cancels), the net
    forward crossings of every element per edge; the REL walk (edge, tail, shipped)."""
    word: list[tuple[int, int]] = []
    net: dict[int, dict[str, int]] = {}
    for edge, forward, element in events:
        if word and word[-1] == (edge, -forward):
            word.pop()
        else:
            word.append((edge, forward))
        if element is not None:
            per = net.setdefault(edge, {})
            per[element] = per.get(element, 0) - forward  # the tile moves against the blank
    if any(sign != 1 for _, sign in word):
        raise ValueError("the blank crosses an edge's centre backwards for good")
    return tuple((e, layout.edges[e].tail, tuple(sorted(x for x, c in net.get(e, {}).items() if c == 1)))
                 for e, _ in word)
