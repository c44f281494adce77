"""Theorem 3, Section 4.3 *Backward*: at most k moves from B1 to B2 -> a satisfying assignment.

The order in which the blank crosses the centres of the edges (:func:`edge_cuts`), and which
element tiles cross with it (Lemmas 1-4), give a REL walk; Theorem 2's Claim 2 turns it into
the assignment (:func:`backward_segments`, :func:`backward_moves`). :func:`decode_segments`
tracks only the blank and the element tiles over the compact segments
(:mod:`npw.reductions.npuz.replay`), so it runs at the paper's scale too;
:func:`decode_walk` is an independent dense replay for small boards.

What the no-direction rests on besides Lemmas 1-4 is checked here too: :func:`read_back`
reads the REL instance the boards encode from B1 and B2, to be compared with Theorem 2's
(:func:`same_rel`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from npw.instances.base import InvalidInstance
from npw.instances.lazy import lazy_import
from npw.instances.rel.relocation import Relocation
from npw.reductions.rel import theorem2
from npw.reductions.npuz.instance import DENSE_LIMIT, Theorem3Instance
from npw.reductions.npuz.layout import Cell, EdgeLayout, Layout, add

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["DecodeError", "backward_moves", "backward_segments", "decode_segments", "decode_walk", "edge_cuts",
           "read_back", "same_rel"]


def edge_cuts(instance: Theorem3Instance) -> dict[tuple[int, int], tuple[int, int]]:
    """For every edge a cut across its centre (one leg, between two positions, widened by l
    on each side as the vicinity of Definition 1, clipped where another piece starts):
    (flat cell before, flat cell after) of a blank move -> (edge, +1 forward / -1 back)."""
    layout, n, l = instance.layout, instance.n, instance.unit
    owner: dict[Cell, int] = {}
    for node in layout.nodes:
        for c in node.cells():
            owner[c] = -1
    for edge in layout.edges:
        for c in edge.cells():
            owner[c] = edge.index
    cuts: dict[tuple[int, int], tuple[int, int]] = {}
    for edge in layout.edges:
        placed = False
        candidates = []
        for k in sorted(range(len(edge.legs)), key=lambda k: -edge.legs[k].length):
            leg = edge.legs[k]
            middle = leg.length // 2
            for i in sorted(range(0, leg.length - 1), key=lambda i: abs(i - middle)):
                candidates.append((k, i))
        # the widest cut first (the stripe most isolated there), then nearest the middle
        candidates.sort(key=lambda ki: -_cut_width(instance, owner, edge, ki[0], ki[1]))
        for k, i in candidates:
            leg = edge.legs[k]
            half = leg.width // 2
            pairs = []
            ok = True
            for direction in (1, -1):
                for step in range(0 if direction == 1 else 1, half + l + 1):
                    off = direction * step
                    a = add(add(leg.origin, leg.heading, i), leg.side, off)
                    b = add(a, leg.heading)
                    inside = all(0 <= x < n for x in a + b)
                    if step <= half:
                        if not inside or owner.get(a) != edge.index or owner.get(b) != edge.index:
                            ok = False
                        pairs.append((a[0] * n + a[1], b[0] * n + b[1]))
                    elif not inside or owner.get(a, edge.index) != edge.index or owner.get(b, edge.index) != edge.index:
                        break  # the widening stops at the next piece or the border
                    else:
                        pairs.append((a[0] * n + a[1], b[0] * n + b[1]))
            if ok and all(pq not in cuts and pq[::-1] not in cuts for pq in pairs):
                for a, b in pairs:
                    cuts[(a, b)] = (edge.index, 1)
                    cuts[(b, a)] = (edge.index, -1)
                placed = True
            if placed:
                break
        if not placed:
            raise AssertionError(f"no cut for edge e{edge.index}")
    return cuts


def _cut_width(instance: Theorem3Instance, owner: dict, edge: EdgeLayout, k: int, i: int) -> int:
    """How many free cells (up to 2l + 1) the cut at position i of leg k has on its narrower side."""
    leg, l = edge.legs[k], instance.unit
    half = leg.width // 2
    sides = []
    for direction in (1, -1):
        free = 0
        for step in range(half + 1, half + 2 * l + 2):
            a = add(add(leg.origin, leg.heading, i), leg.side, direction * step)
            b = add(a, leg.heading)
            if not all(0 <= x < instance.n for x in a + b) or owner.get(a, edge.index) != edge.index \
                    or owner.get(b, edge.index) != edge.index:
                break
            free += 1
        sides.append(free)
    return min(sides)


class DecodeError(ValueError):
    """The move sequence does not decode into a REL walk (it is not a solution within k)."""


def decode_walk(instance: Theorem3Instance, moves: str) -> tuple:
    """Lemmas 1-4 read off a move sequence: the blank's crossings of the edges' centres
    (a crossing straight back cancels, as a detour does), and for each edge the element
    tiles that crossed its centre forward (net). Returns the REL walk."""
    n = instance.n
    if len(moves) > instance.k:
        raise DecodeError(f"{len(moves)} moves: more than k = {instance.k}")
    npuz_start = np.array(instance.to_npuz().start, dtype=np.int64) if n <= DENSE_LIMIT else None
    if npuz_start is None:
        raise InvalidInstance("backward needs a board small enough to replay (use a smaller unit)")
    board = npuz_start
    cuts = edge_cuts(instance)
    tiles_to_element = {t: name for name, t in instance.element_tiles}
    blank = int(np.flatnonzero(board == 0)[0])
    step = {"U": -n, "D": n, "L": -1, "R": 1}
    word: list[tuple[int, int]] = []
    net: dict[int, dict[str, int]] = {}
    for ch in moves:
        target = blank + step[ch]
        if target < 0 or target >= n * n or (ch in "LR" and target // n != blank // n):
            raise DecodeError("a move leaves the board")
        tile = int(board[target])
        board[blank], board[target] = tile, 0
        crossing = cuts.get((blank, target))
        if crossing is not None:
            e, sign = crossing
            if word and word[-1] == (e, -sign):
                word.pop()
            else:
                word.append((e, sign))
            if tile in tiles_to_element:
                per = net.setdefault(e, {})
                name = tiles_to_element[tile]
                per[name] = per.get(name, 0) - sign
        blank = target
    if any(sign != 1 for _, sign in word):
        raise DecodeError("the blank crosses an edge's centre backwards for good")
    edges = instance.layout.edges
    walk = []
    for e, _ in word:
        shipped = tuple(sorted(name for name, c in net.get(e, {}).items() if c == 1))
        walk.append((e, edges[e].tail, shipped))
    return tuple(walk)


def decode_segments(instance: Theorem3Instance, segments: list) -> tuple:
    """Lemmas 1-4 read off a compact move sequence at any scale (only the blank and the
    element tiles are tracked: :mod:`npw.reductions.npuz.replay`); the REL walk."""
    from npw.reductions.npuz.replay import ReplayError, crossings, walk_from_crossings

    elements = {name: instance.numbering.cell(tile) for name, tile in instance.element_tiles}
    try:
        _, events, total = crossings(instance.layout, instance.numbering.cell(0), elements, segments)
        if total > instance.k:
            raise DecodeError(f"{total} moves: more than k = {instance.k}")
        return walk_from_crossings(instance.layout, events)
    except (ReplayError, ValueError) as error:
        if isinstance(error, DecodeError):
            raise
        raise DecodeError(str(error)) from None


def backward_segments(instance: Theorem3Instance, segments: list) -> tuple[bool, ...]:
    """Section 4.3: the decoded REL walk, checked on Theorem 2's instance, then Claim 2."""
    rel = theorem2.reduce(instance.formula)
    walk = decode_segments(instance, segments)
    if not rel.verify(walk):
        raise DecodeError("the decoded walk is not a REL solution")
    return theorem2.backward(instance.formula, rel, walk)


def backward_moves(instance: Theorem3Instance, moves: str) -> tuple[bool, ...]:
    """:func:`backward_segments` for a plain move string."""
    if len(moves) > instance.k:
        raise DecodeError(f"{len(moves)} moves: more than k = {instance.k}")
    return backward_segments(instance, [("moves", moves)])


# -- reading the REL instance back from the boards (what the no-direction rests on) ----------


def read_back(instance: Theorem3Instance, b1: Callable[[Cell], int] | None = None,
              b2: Callable[[Cell], int] | None = None) -> Relocation:
    """The REL instance the boards encode, read from B1 and B2 with the layout's pieces as
    the only geometry (where the nodes and the legs are): a stripe's width is the band of
    cells across its middle whose tiles all came one step from the same side along it
    (read from the boards; capacity = width - 1), its direction that side (one step back,
    Figures 4-8), its ends the nodes it touches; element tiles are the tiles that start in
    one node and end in another."""
    layout = instance.layout
    b1 = b1 or instance.b1
    b2 = b2 or instance.b2
    where1: dict[int, Cell] = {}
    for node in layout.nodes:
        for c in node.cells():
            where1[b1(c)] = c
    n = layout.n

    def along(cell: Cell, heading: Cell) -> int | None:
        """How far (along ``heading``) the tile B2 has at ``cell`` came from in B1."""
        if not (0 <= cell[0] < n and 0 <= cell[1] < n):
            return None
        tile = b2(cell)
        if not tile:
            return None
        origin = instance.numbering.cell(tile) if b1 is instance.b1 else _find_tile(layout, b1, tile, cell)
        if origin is None:
            return None
        off = (origin[0] - cell[0], origin[1] - cell[1])
        return off[0] * heading[0] + off[1] * heading[1]

    edges = []
    for edge in layout.edges:
        widths, signs = set(), set()
        for leg in edge.legs:
            # in the middle of the leg: the band of cells whose tiles all came one step from the
            # same side along the leg; its width is the stripe's width (read from the boards)
            i = leg.length // 2
            centre = leg.cell(1 if leg.width == 3 else 0, i)
            sign = along(centre, leg.heading)
            if sign not in (1, -1):
                raise AssertionError(f"edge e{edge.index}: its centre tiles do not move one step along it")
            width = 1
            for direction in (1, -1):
                o = 1
                while along(add(centre, leg.side, direction * o), leg.heading) == sign and o <= 3:
                    o += 1
                width += o - 1
            widths.add(width)
            signs.add(sign)
        if len(widths) != 1 or len(signs) != 1 or widths != {edge.legs[0].width}:
            raise AssertionError(f"edge e{edge.index}: read widths {widths}, directions {signs}")
        leg = edge.legs[0]
        if signs == {1}:
            start, end = add(edge.first, leg.heading, -1), add(edge.last, edge.legs[-1].heading)
        else:
            start, end = add(edge.last, edge.legs[-1].heading), add(edge.first, leg.heading, -1)
        tail, head = layout.node_at(start), layout.node_at(end)
        edges.append((tail.name, head.name, widths.pop() - 1))
    elements, initial, final = [], [], []
    for node in layout.nodes:
        for c in node.cells():
            tile = b2(c)
            if tile and tile in where1 and not node.contains(where1[tile]):
                elements.append(f"t{tile}")
                initial.append(layout.node_at(where1[tile]).name)
                final.append(node.name)
    return Relocation(tuple(n.name for n in layout.nodes), tuple(edges), tuple(elements), tuple(initial), tuple(final))


def _find_tile(layout: Layout, b1, tile: int, near: Cell) -> Cell | None:
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            c = (near[0] + dr, near[1] + dc)
            if 0 <= c[0] < layout.n and 0 <= c[1] < layout.n and b1(c) == tile:
                return c
    return None


def same_rel(a: Relocation, b: Relocation) -> bool:
    """Equal up to the order of vertices and the names of elements."""
    return (set(a.vertices) == set(b.vertices) and sorted(a.edges) == sorted(b.edges)
            and sorted(zip(a.initial, a.final)) == sorted(zip(b.initial, b.final)))
