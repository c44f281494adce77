"""2/2/4-SAT -> nPUZ: Theorem 3 (Section 4) of Ratner & Warmuth, "The (n^2-1)-puzzle and
related relocation problems", J. Symbolic Computation 1990 (and Corollary 1); what the
extraction garbled is restated in ``../shared/spec/npuz.md``.

The proof in three parts, and the functions that follow them:

* **4.1 The instance** (:func:`build_instance`). The REL graph of Theorem 2 is laid
  out on the board (:mod:`npw.reductions.npuz_theorem3.layout`, our own embedding since
  Figure 3 is lost). B1 numbers the tiles row by row (the blank in the first diamond);
  the element tiles n_{i,1..8} sit in nu_i, nubar_i, top_i. B2: every zero-edge's tiles
  one step back (Figure 4); every two-edge's tiles as the chain [x, y, blank] leaves
  them (Figures 5-8; computed by running the macros on the stripe, which the spec notes
  is safe for any length); the c+1 tiles drawn in at a head are non-element tiles of the
  head node chosen once (``designated``); node contents arbitrary up to counts (sorted
  by tile number), the literal and filler tiles in their clause and diamond nodes, the
  blank in nc_m; two tiles of nc_m swapped if Theorem 1 says B2 is not reachable.
  k = d(B1, B2) + u with u = 508m + 29m p(6) + 9m p(4m+3), p(s) = 18 s^3 the region
  solver's proven bound, and l = u + 16m + 1 (Corollary 1: both enlarged by r). A
  smaller ``unit`` gives a board small enough to store; the proof's no-direction then
  no longer applies (Lemmas 1-4 need l > u + 16m).
* **4.2 Forward** (:func:`forward_moves`): Shift 1-4 of Theorem 2's Claim 1 as moves:
  each node is rearranged with the region solver (Fact 1) so that the chain or the
  blank sits at the next exit, the chain is carried by S_u / S_d and turned by the
  ten-move corner, zero-edges are shifted; the last exit from a node through a
  two-edge rearranges the node enlarged by three once the chain is out (swapping x
  and y if Theorem 1 demands), and if nc_j (j < m) cannot be left as in B2 the
  traversal FC -> nc_j is redone with x and y swapped.
* **4.3 Backward** (:func:`backward_segments`, :func:`backward_moves`): the order in
  which the blank crosses the centres of the edges, and which element tiles cross with
  it (Lemmas 1-4), give a REL walk; Theorem 2's Claim 2 turns it into the assignment.
  The replay tracks only the blank and the element tiles, over the compact segments
  (:mod:`npw.reductions.npuz_theorem3.decode`), so it runs at the paper's scale too;
  :func:`decode_walk` is an independent dense replay for small boards.

At the paper's l the board side is in the millions: :class:`Theorem3Instance` is
compact (the layout plus the rules for the tile at any location in B1 and B2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import NPuz
from npw.instances.rel.relocation import Relocation
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions import two_two_four_sat_to_rel as theorem2
from npw.reductions.base import BuiltTarget, Reduction, ReductionOption
from npw.reductions.npuz_theorem3.layout import Cell, EdgeLayout, Layout, Node, add, build_layout, distance
from npw.reductions.npuz_theorem3.moves import (
    CHAR, S_DOWN_LOCAL, S_UP_LOCAL, VECTOR, Run, Shift, SparseBoard, edge_program, expand, globalise,
    region_tiles, write_region,
)
from npw.instances.npuz.reach import reachable
from npw.instances.npuz.region import move_bound, solve_region

DENSE_LIMIT = 4000  # largest side a dense NPuz board is built for
HEAD, TAIL, PERIOD = 12, 12, 12  # stripe rule: exact near both ends, period 12 in between

NO_DIRECTION_NOTE = (
    "checked here: the board encodes exactly the REL instance of Theorem 2 (nodes, stripes, widths, "
    "directions and element tiles read back from B1/B2), and REL answers no iff the formula does (Theorem 2, "
    "verified separately); proven by the paper, not checked: that at most k moves force the blank to follow "
    "the stripes once each with exactly c element tiles (Lemmas 1-4)")
SMALL_UNIT_NOTE = ("unit l = {l} is below the paper's u + 16m + 1 = {lp}: Lemmas 1-4 do not apply, so a "
                   "no-formula's board is NOT guaranteed to need more than k moves")


def p(s: int) -> int:
    """p(s) of Fact 1: the region solver's proven bound 18 s^3 (npw.instances.npuz.region)."""
    return move_bound(s)


def paper_u(m: int) -> int:
    """u = 508m + 29m p(6) + 9m p(4m+3) (Section 4.1)."""
    return 508 * m + 29 * m * p(6) + 9 * m * p(4 * m + 3)


def paper_unit(m: int) -> int:
    """l = u + 16m + 1."""
    return paper_u(m) + 16 * m + 1


# -- B1 numbering --------------------------------------------------------------------------


@dataclass(frozen=True)
class Numbering:
    """B1: the tiles 1..n^2-1 row by row, the blank (0) at ``blank``."""

    n: int
    blank: int  # flat index

    def tile(self, cell: Cell) -> int:
        idx = cell[0] * self.n + cell[1]
        return 0 if idx == self.blank else idx + 1 if idx < self.blank else idx

    def tiles(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        idx = rows.astype(np.int64) * self.n + cols
        out = np.where(idx < self.blank, idx + 1, idx)
        return np.where(idx == self.blank, 0, out).astype(np.int64)

    def cell(self, tile: int) -> Cell:
        idx = self.blank if tile == 0 else tile - 1 if tile <= self.blank else tile
        return divmod(idx, self.n)


# -- the stripes: Figures 4-8 as a rule ----------------------------------------------------


@dataclass(frozen=True)
class StripeRule:
    """Where each tile of B2 on an edge's stripes came from (Figures 4-8), from running the
    edge's macros on a copy whose legs are shortened by multiples of 12 columns: the
    arrangement is exact near both ends of every leg and periodic (period 12) in between.
    ``src[k]`` is a (width, short length, 3) array: (leg, row, position) of the B1 cell,
    the position relative (same leg) or absolute (another leg: near a corner); leg -1 marks
    the c+1 cells filled from the head node. ``leaving`` are the stripe cells whose tiles
    end in the tail node."""

    lengths: tuple[int, ...]
    short: tuple[int, ...]
    src: tuple[np.ndarray, ...]
    relative: tuple[np.ndarray, ...]
    leaving: tuple[tuple[int, int, int], ...]

    def to_short(self, k: int, i: int) -> int:
        n, s = self.lengths[k], self.short[k]
        if n == s or i < HEAD:
            return i
        if i >= n - TAIL:
            return i - (n - s)
        return HEAD + (i - HEAD) % PERIOD

    def to_long(self, k: int, i_s: int) -> int:
        n, s = self.lengths[k], self.short[k]
        return i_s if i_s < HEAD or n == s else i_s + (n - s)

    def source(self, k: int, j: int, i: int) -> tuple[int, int, int] | None:
        i_s = self.to_short(k, i)
        kk, jj, ii = (int(x) for x in self.src[k][j, i_s])
        if kk < 0:
            return None
        return (kk, jj, i + ii) if self.relative[k][j, i_s] else (kk, jj, ii)

    def source_arrays(self, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        n, s = self.lengths[k], self.short[k]
        i = np.arange(n)
        if n == s:
            i_s = i
        else:
            i_s = np.where(i < HEAD, i, np.where(i >= n - TAIL, i - (n - s), HEAD + (i - HEAD) % PERIOD))
        table = self.src[k][:, i_s]  # (width, n, 3)
        rel = self.relative[k][:, i_s]
        kk = table[..., 0]
        jj = table[..., 1]
        ii = np.where(rel, i[None, :] + table[..., 2], table[..., 2])
        return kk, jj, ii


def _short_length(n: int) -> int:
    if n <= HEAD + TAIL + 3 * PERIOD:
        return n
    return HEAD + TAIL + PERIOD + (n - HEAD - TAIL) % PERIOD


def stripe_rule(edge: EdgeLayout) -> StripeRule:
    """Runs the edge's program (Figures 6-8, the corner turn, Figure 4) on symbolic tiles."""
    lengths = tuple(leg.length for leg in edge.legs)
    short = tuple(_short_length(n) for n in lengths)
    if edge.capacity == 0:
        # Figure 4: every tile one step back along the (bent) path, the first into the tail
        # node; no simulation needed (and a shortened bent path could cross itself)
        srcs, rels = [], []
        for k, n_s in enumerate(short):
            src = np.zeros((1, n_s, 3), dtype=np.int64)
            rel = np.zeros((1, n_s), dtype=bool)
            src[0, :, 0] = k
            src[0, :, 2] = 1
            rel[0, :] = True
            if k + 1 < len(short):
                src[0, n_s - 1] = (k + 1, 0, 0)
            else:
                src[0, n_s - 1] = (-1, 0, 0)
            rel[0, n_s - 1] = False
            srcs.append(src)
            rels.append(rel)
        return StripeRule(lengths, short, tuple(srcs), tuple(rels), ((0, 0, 0),))
    legs = [dataclass_replace_length(edge.legs[0], short[0])]
    for k in range(1, len(edge.legs)):
        prev, leg = legs[-1], edge.legs[k]
        if edge.capacity == 2:
            corner = prev.cell(1, prev.length - 2)
            origin = add(corner, leg.heading, 2)
        else:
            origin = add(prev.end(), leg.heading)
        legs.append(type(leg)(origin, leg.heading, short[k], leg.width))
    small = EdgeLayout(edge.index, edge.tail, edge.head, edge.capacity, tuple(legs), edge.turns)
    a = legs[0].heading
    blank = add(small.first, a, -1)
    board: dict[Cell, Any] = {}
    if edge.capacity == 2:
        board[add(small.first, a, -3)] = "x"
        board[add(small.first, a, -2)] = "y"
    for op in edge_program(small):
        if isinstance(op, Run):
            leg = small.legs[op.leg]
            su, sd = globalise(S_UP_LOCAL, leg.heading), globalise(S_DOWN_LOCAL, leg.heading)
            text = "".join(su if (op.first + t) % 2 == 0 else sd for t in range(op.count))
        elif isinstance(op, Shift):
            text = CHAR[small.legs[op.leg].heading] * op.count
        else:
            text = op.text
        for ch in text:
            target = add(blank, VECTOR[ch])
            board[blank] = board.get(target, target)
            board.pop(target, None)
            blank = target

    def locate(cell: Any) -> tuple[int, int, int] | None:
        if not isinstance(cell, tuple):
            return None
        for kk, leg in enumerate(legs):
            where = leg.locate(cell)
            if where is not None:
                return kk, where[0], where[1]
        return None

    srcs, rels = [], []
    leaving = []
    for k, leg in enumerate(legs):
        src = np.zeros((leg.width, leg.length, 3), dtype=np.int64)
        rel = np.zeros((leg.width, leg.length), dtype=bool)
        for j in range(leg.width):
            for i in range(leg.length):
                cell = leg.cell(j, i)
                tile = board.get(cell, cell) if cell != blank else None
                where = locate(tile)
                if where is None:
                    if k != len(legs) - 1 or i != leg.length - 1:
                        raise AssertionError(f"edge e{edge.index}: a node tile ends inside the stripe at {(k, j, i)}")
                    src[j, i] = (-1, j, 0)
                    continue
                kk, jj, ii = where
                if kk == k:
                    src[j, i] = (kk, jj, ii - i)
                    rel[j, i] = True
                else:
                    src[j, i] = (kk, jj, _long_index(lengths, short, kk, ii))
        srcs.append(src)
        rels.append(rel)
    for cell, tile in board.items():
        if locate(cell) is None:
            where = locate(tile)
            if where is not None:
                kk, jj, ii = where
                leaving.append((kk, jj, _long_index(lengths, short, kk, ii)))
    return StripeRule(lengths, short, tuple(srcs), tuple(rels), tuple(sorted(leaving)))


def _long_index(lengths, short, k: int, i_s: int) -> int:
    n, s = lengths[k], short[k]
    if n == s or i_s < HEAD:
        return i_s
    if i_s >= s - TAIL:
        return i_s + (n - s)
    raise AssertionError("a corner reaches into the periodic middle of a leg")


def dataclass_replace_length(leg, length: int):
    return type(leg)(leg.origin, leg.heading, length, leg.width)


# -- the instance (4.1) --------------------------------------------------------------------


ELEMENT_SLOTS = {"top": (0, 2, 6, 8), "nu": (0, 8), "nubar": (0, 8)}  # node cells (row-major) of the elements


@dataclass(frozen=True)
class Theorem3Instance:
    """B1, B2 and k of Theorem 3 in compact form: the layout, the B1 numbering, the
    arrangement of every node in B2, and the stripe rules; ``b1``/``b2`` give the tile at
    any location."""

    formula: TwoTwoFourSat
    layout: Layout
    numbering: Numbering
    u: int
    additive: int
    d: int
    k: int
    element_tiles: tuple[tuple[str, int], ...]  # REL element name -> tile
    designated: tuple[tuple[int, ...], ...]  # edge -> the tiles drawn into its last cells
    node_b2: tuple[tuple[Cell, int], ...]
    rules: tuple[StripeRule, ...]
    blank_goal: Cell
    parity_swapped: bool
    _node_b2: dict = field(default_factory=dict, compare=False, repr=False)
    _find: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_node_b2", dict(self.node_b2))
        from npw.reductions.npuz_theorem3.moves import _leg_of
        object.__setattr__(self, "_find", _leg_of(self.layout))

    @property
    def n(self) -> int:
        return self.layout.n

    @property
    def unit(self) -> int:
        return self.layout.unit

    def b1(self, cell: Cell) -> int:
        return self.numbering.tile(cell)

    def b2(self, cell: Cell) -> int:
        if cell in self._node_b2:
            return self._node_b2[cell]
        where = self._find(cell)
        if where is None:
            return self.numbering.tile(cell)
        e, k, j, i = where
        src = self.rules[e].source(k, j, i)
        if src is None:
            return self.designated[e][j]
        kk, jj, ii = src
        return self.numbering.tile(self.layout.edges[e].legs[kk].cell(jj, ii))

    def b2_leg(self, e: int, k: int) -> np.ndarray:
        """B2 on leg k of edge e, as a (width, length) array."""
        leg = self.layout.edges[e].legs[k]
        kk, jj, ii = self.rules[e].source_arrays(k)
        out = np.zeros(kk.shape, dtype=np.int64)
        for leg_index in np.unique(kk):
            mask = kk == leg_index
            if leg_index < 0:
                rows = np.nonzero(mask)[0]
                out[mask] = [self.designated[e][r] for r in rows]
                continue
            source = self.layout.edges[e].legs[int(leg_index)]
            off = jj[mask] - 1 if source.width == 3 else 0 * jj[mask]
            r = source.origin[0] + ii[mask] * source.heading[0] + off * source.side[0]
            c = source.origin[1] + ii[mask] * source.heading[1] + off * source.side[1]
            out[mask] = self.numbering.tiles(r, c)
        return out

    def summary(self) -> dict[str, Any]:
        m = self.formula.num_vars
        paper = paper_unit(m) + self.additive
        out = {"m": m, "unit": self.unit, "paper_unit": paper, "u": self.u, "additive": self.additive,
               "n": self.n, "d": self.d, "k": self.k, "layout": self.layout.counts(),
               "parity_swap_in_nc_m": self.parity_swapped, "no_direction": NO_DIRECTION_NOTE}
        if self.unit < paper:
            out["warning"] = SMALL_UNIT_NOTE.format(l=self.unit, lp=paper)
        return out

    def to_npuz(self) -> NPuz:
        """The dense instance (only for small units)."""
        n = self.n
        if n > DENSE_LIMIT:
            raise InvalidInstance(f"the board is {n} x {n}: too large to store cell by cell (use the compact form)")
        rows, cols = np.divmod(np.arange(n * n, dtype=np.int64), n)
        start = self.numbering.tiles(rows, cols)
        goal = start.copy()
        for cell, tile in self.node_b2:
            goal[cell[0] * n + cell[1]] = tile
        for e, edge in enumerate(self.layout.edges):
            for k, leg in enumerate(edge.legs):
                arr = self.b2_leg(e, k)
                for j in range(leg.width):
                    for i in range(leg.length):
                        r, c = leg.cell(j, i)
                        goal[r * n + c] = arr[j, i]
        return NPuz(n, tuple(int(t) for t in start), tuple(int(t) for t in goal), self.k)


def element_cells(layout: Layout, m: int) -> dict[str, Cell]:
    """Where the element tiles n_{i,k} sit in B1 (Figure 1: literal elements in nu_i, nubar_i,
    fillers in top_i)."""
    cells = {}
    for i in range(1, m + 1):
        for k in range(1, 9):
            if k <= 2:
                node, slot = layout.node(theorem2.nu(i)), ELEMENT_SLOTS["nu"][k - 1]
            elif k <= 4:
                node, slot = layout.node(theorem2.nubar(i)), ELEMENT_SLOTS["nubar"][k - 3]
            else:
                node, slot = layout.node(theorem2.top(i)), ELEMENT_SLOTS["top"][k - 5]
            cells[theorem2.element(i, k)] = node.local(slot)
    return cells


def build_instance(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0) -> Theorem3Instance:
    """Section 4.1: the layout, B1, B2 and k for a 2/2/4-SAT formula."""
    m = formula.num_vars
    if additive < 0:
        raise InvalidInstance(f"the additive constant r must be >= 0, not {additive}")
    if unit is not None and unit < 1:
        raise InvalidInstance(f"the unit l must be >= 1, not {unit}")
    u = paper_u(m) + additive
    l = (unit if unit is not None else paper_unit(m)) + additive
    layout = build_layout(m, l)
    problems = layout.check()
    if problems:
        raise AssertionError(f"layout broken: {problems[0]}")
    top1 = layout.node(theorem2.top(1))
    blank_start = top1.local(4)
    numbering = Numbering(layout.n, blank_start[0] * layout.n + blank_start[1])
    rel = theorem2.reduce(formula)
    where = element_cells(layout, m)
    element_tile = {name: numbering.tile(where[name]) for name in rel.elements}
    element_set = set(element_tile.values())
    rules = tuple(stripe_rule(edge) for edge in layout.edges)

    # the c+1 tiles each edge draws from its head node (non-element tiles, chosen once)
    used: set[int] = set()
    designated = []
    for edge in layout.edges:
        head = layout.node(edge.head)
        last = edge.last
        candidates = sorted((c for c in head.cells() if numbering.tile(c) not in element_set and c != blank_start),
                            key=lambda c: (distance(c, last), c))
        chosen = [numbering.tile(c) for c in candidates if numbering.tile(c) not in used][:edge.capacity + 1]
        used.update(chosen)
        designated.append(tuple(chosen))

    # the tiles of each node in B2
    contents: dict[str, list[int]] = {node.name: [numbering.tile(c) for c in node.cells()] for node in layout.nodes}
    contents[top1.name].remove(0)
    for name, start, final in zip(rel.elements, rel.initial, rel.final):
        contents[start].remove(element_tile[name])
        contents[final].append(element_tile[name])
    for edge, chosen, rule in zip(layout.edges, designated, rules):
        for t in chosen:
            contents[edge.head].remove(t)
        for k, j, i in rule.leaving:
            contents[edge.tail].append(numbering.tile(edge.legs[k].cell(j, i)))
    ncm = layout.node(theorem2.nc(m))
    blank_goal = ncm.local(4)
    node_b2: dict[Cell, int] = {blank_goal: 0}
    reserved: dict[Cell, int] = {}
    for edge in layout.edges:  # nc_j (j < m) is left last through (nc_j, FC): its first tile enters there
        if edge.tail.startswith("nc") and edge.head == theorem2.FC:
            reserved[add(edge.first, edge.legs[0].heading, -1)] = numbering.tile(edge.first)
    for node in layout.nodes:
        # tiles that stay keep their B1 cells; the others fill the freed cells, each the
        # free cell nearest to where it comes from (any arrangement would do: Section 4.1)
        fixed = {c: t for c, t in reserved.items() if node.contains(c)}
        incoming = sorted(contents[node.name])
        for t in fixed.values():
            incoming.remove(t)
        staying = set(incoming)
        free = []
        for c in node.cells():
            if c in fixed or c in node_b2:
                continue
            t = numbering.tile(c)
            if t and t in staying:
                fixed[c] = t
                incoming.remove(t)
                staying.discard(t)
            else:
                free.append(c)
        if len(free) != len(incoming):
            raise AssertionError(f"node {node.name}: {len(incoming)} tiles for {len(free)} cells")
        for t in incoming:
            origin = numbering.cell(t)
            c = min(free, key=lambda c: (distance(c, origin), c))
            free.remove(c)
            fixed[c] = t
        node_b2.update(fixed)
    swapped = False
    if not _b2_reachable(layout, numbering, rules, designated, node_b2, blank_start, blank_goal):
        a, b = [c for c in ncm.cells() if c != blank_goal][:2]
        node_b2[a], node_b2[b] = node_b2[b], node_b2[a]
        swapped = True
    d = _distance(layout, numbering, rules, designated, node_b2)
    instance = Theorem3Instance(formula, layout, numbering, u, additive, d, d + u,
                                tuple(sorted(element_tile.items())), tuple(designated),
                                tuple(sorted(node_b2.items())), rules, blank_goal, swapped)
    return instance


def _distance(layout: Layout, numbering: Numbering, rules, designated, node_b2) -> int:
    """d(B1, B2): the Manhattan distances of all non-blank tiles (Section 2)."""
    total = 0
    for cell, tile in node_b2.items():
        if tile:
            total += distance(cell, numbering.cell(tile))
    for edge, rule, chosen in zip(layout.edges, rules, designated):
        for k, leg in enumerate(edge.legs):
            n_long, n_short = rule.lengths[k], rule.short[k]
            weight = np.ones(n_short, dtype=np.int64)
            if n_long != n_short:  # the periodic middle: 12 representatives, each standing for its class
                middle = n_long - TAIL - HEAD
                counts = np.array([middle // PERIOD + (r < middle % PERIOD) for r in range(PERIOD)], dtype=np.int64)
                weight[HEAD:n_short - TAIL] = 0
                weight[HEAD:HEAD + PERIOD] = counts
            for j in range(leg.width):
                for i_s in range(n_short):
                    if not weight[i_s]:
                        continue
                    kk, jj, ii = (int(x) for x in rule.src[k][j, i_s])
                    i = rule.to_long(k, i_s) if (i_s < HEAD or i_s >= n_short - TAIL) else i_s
                    cell = leg.cell(j, i)
                    if kk < 0:
                        total += distance(cell, numbering.cell(chosen[j]))
                        continue
                    source = edge.legs[kk].cell(jj, i + ii if rule.relative[k][j, i_s] else ii)
                    total += int(weight[i_s]) * distance(cell, source)
    return total


def _b2_reachable(layout: Layout, numbering: Numbering, rules, designated, node_b2, blank_start, blank_goal) -> bool:
    """Theorem 1 for B1 -> B2 without storing the board: the permutation's sign is that of
    the same permutation on the shortened stripes (inserting 12 columns into a stripe adds
    12 cells to each of its 1 or 3 paths of tiles, an even number, and keeps every path's
    ends), compared with the parity of the blank's distance."""
    # virtual cells: node cells (real) and ("s", e, k, j, i_short) for the shortened stripes
    b1: dict[Any, Any] = {}
    b2: dict[Any, Any] = {}
    for cell, tile in node_b2.items():
        b1[cell] = numbering.tile(cell)
        b2[cell] = tile

    def symbol_of_tile(tile: int) -> Any:
        cell = numbering.cell(tile)
        return stripe_symbol.get(cell, tile)

    stripe_symbol: dict[Cell, Any] = {}
    for edge, rule in zip(layout.edges, rules):
        for k, leg in enumerate(edge.legs):
            for j in range(leg.width):
                for i_s in range(rule.short[k]):
                    key = ("s", edge.index, k, j, i_s)
                    b1[key] = key
                    if i_s < HEAD or rule.lengths[k] == rule.short[k] or i_s >= rule.short[k] - TAIL:
                        stripe_symbol[leg.cell(j, rule.to_long(k, i_s))] = key
    for edge, rule, chosen in zip(layout.edges, rules, designated):
        for k, leg in enumerate(edge.legs):
            for j in range(leg.width):
                for i_s in range(rule.short[k]):
                    kk, jj, ii = (int(x) for x in rule.src[k][j, i_s])
                    key = ("s", edge.index, k, j, i_s)
                    if kk < 0:
                        b2[key] = chosen[j]
                    elif rule.relative[k][j, i_s]:
                        b2[key] = ("s", edge.index, kk, jj, i_s + ii)
                    else:
                        b2[key] = ("s", edge.index, kk, jj, _short_index(rule, kk, ii))
    b2 = {cell: symbol_of_tile(t) if isinstance(t, (int, np.integer)) and t else t for cell, t in b2.items()}
    b1 = {cell: symbol_of_tile(t) if isinstance(t, (int, np.integer)) and t else t for cell, t in b1.items()}
    where2 = {t: c for c, t in b2.items()}
    if len(where2) != len(b2) or set(where2) != set(b1.values()):
        raise AssertionError("B2 is not a rearrangement of B1's tiles on the changed cells")
    seen = set()
    cycles = 0
    for start in b1:
        if start in seen:
            continue
        cycles += 1
        c = start
        while c not in seen:
            seen.add(c)
            c = where2[b1[c]]
    sign_even = (len(b1) - cycles) % 2 == 0
    return sign_even == (distance(blank_start, blank_goal) % 2 == 0)


def _short_index(rule: StripeRule, k: int, i_long: int) -> int:
    n, s = rule.lengths[k], rule.short[k]
    return i_long if i_long < HEAD or n == s else i_long - (n - s)


# -- forward (4.2) -------------------------------------------------------------------------


class ParityFailure(Exception):
    """nc_j cannot be left as in B2: the chain into it has to come with x and y swapped."""


@dataclass
class ForwardResult:
    segments: list
    moves: int
    seconds: float
    region_moves: int
    redone: int

    def text(self) -> str:
        return "".join(expand(self.segments))


def _board(instance: Theorem3Instance) -> SparseBoard:
    num = instance.numbering
    return SparseBoard(instance.layout, num.tile, num.tiles, instance.b2_leg, blank=num.cell(0), final=instance.b2)


def _solve(board: SparseBoard, row: int, col: int, side: int, target: list[int], stats: dict) -> None:
    """Fact 1 on the smallest square inside the region that holds every cell to change
    (the rest of the region already agrees with the target)."""
    current = region_tiles(board, row, col, side)
    changed = [k for k in range(side * side) if current[k] != target[k] or current[k] == 0 or target[k] == 0]
    rs = [k // side for k in changed]
    cs = [k % side for k in changed]
    s = max(2, max(rs) - min(rs) + 1, max(cs) - min(cs) + 1)
    r0 = max(0, min(min(rs), side - s))
    c0 = max(0, min(min(cs), side - s))
    sub = [current[(r0 + r) * side + c0 + c] for r in range(s) for c in range(s)]
    want = [target[(r0 + r) * side + c0 + c] for r in range(s) for c in range(s)]
    moves = solve_region(tuple(sub), tuple(want), s)
    if len(moves) > p(s):
        raise AssertionError("region solver above its bound")
    stats["region"] += len(moves)
    write_region(board, row + r0, col + c0, s, want, moves)


def _prepare_exit(board: SparseBoard, instance: Theorem3Instance, node: Node, arrived: EdgeLayout | None,
                  leaving: EdgeLayout | None, chain: tuple[int, int], last_exit: bool, stats: dict) -> None:
    """Rearranges the node enlarged by one (Fact 1): the stripe just traversed gets its B2
    tail (the designated tiles), the blank (and x, y) goes to the next exit, or the node
    is put as in B2 when it is left for good through a zero-edge (or is nc_m at the end)."""
    row, col, side = node.row - 1, node.col - 1, node.side + 2
    current = region_tiles(board, row, col, side)
    target = list(current)

    def idx(cell: Cell) -> int:
        return (cell[0] - row) * side + (cell[1] - col)

    pool = [current[idx(c)] for c in node.cells()]
    if arrived is not None:
        for j, cell in enumerate(arrived.last_column()):
            pool.append(current[idx(cell)])
            wanted = instance.designated[arrived.index][j]
            here, there = target.index(wanted), idx(cell)
            target[here], target[there] = target[there], target[here]
        for t in instance.designated[arrived.index]:
            pool.remove(t)
    pool.remove(0)
    node_cells = list(node.cells())
    if leaving is None or (last_exit and leaving.capacity == 0):
        want = {c: instance._node_b2[c] for c in node_cells}
        if leaving is not None:
            exit_cell = add(leaving.first, leaving.legs[0].heading, -1)
            want[exit_cell] = 0
        if sorted(pool) != sorted(t for t in want.values() if t):
            raise AssertionError(f"node {node.name} does not hold its B2 tiles at its last exit")
        for c, t in want.items():
            target[idx(c)] = t
        if not reachable(tuple(current), tuple(target)):
            if leaving is None:
                raise AssertionError("nc_m cannot be arranged as in B2: the parity fix of B2 is wrong")
            raise ParityFailure(node.name)
    else:
        # as little change as possible: the designated tiles and the chain swapped into place
        def put(tile: int, cell: Cell) -> None:
            here, there = target.index(tile), idx(cell)
            target[here], target[there] = target[there], target[here]

        a = leaving.legs[0].heading
        placed = []
        if leaving.capacity == 2:
            placed += [(chain[0], add(leaving.first, a, -3)), (chain[1], add(leaving.first, a, -2))]
        placed.append((0, add(leaving.first, a, -1)))
        for tile, cell in placed:
            put(tile, cell)
        if not reachable(tuple(current), tuple(target)):
            busy = {c for _, c in placed}
            exit_cell = placed[-1][1]
            free = sorted((c for c in node_cells if c not in busy), key=lambda c: (distance(c, exit_cell), c))
            a1, b1 = idx(free[0]), idx(free[1])
            target[a1], target[b1] = target[b1], target[a1]
    _solve(board, row, col, side, target, stats)


def _last_exit_region(board: SparseBoard, instance: Theorem3Instance, node: Node, edge: EdgeLayout,
                      stats: dict) -> None:
    """The last exit through a two-edge: the chain has just left the node (Figure 7); the
    node enlarged by three (node and chain) is arranged as in B2, the chain kept but for a
    possible swap of x and y (Theorem 1)."""
    a = edge.legs[0].heading
    s = node.side + 3
    if a == (0, 1):
        row, col = node.row - 1, node.col
    elif a == (0, -1):
        row, col = node.row - 1, node.col - 3
    elif a == (1, 0):
        row, col = node.row, node.col - 1
    else:
        row, col = node.row - 3, node.col - 1
    current = region_tiles(board, row, col, s)
    target = list(current)
    for c in node.cells():
        target[(c[0] - row) * s + (c[1] - col)] = instance._node_b2[c]
    if sorted(current) != sorted(target):
        raise AssertionError(f"node {node.name} does not hold its B2 tiles when left for the last time")
    if not reachable(tuple(current), tuple(target)):
        leg = edge.legs[0]
        x, y = leg.cell(1, 0), leg.cell(1, 1)
        ix, iy = (x[0] - row) * s + x[1] - col, (y[0] - row) * s + y[1] - col
        target[ix], target[iy] = target[iy], target[ix]
    _solve(board, row, col, s, target, stats)


def forward_moves(instance: Theorem3Instance, assignment) -> ForwardResult:
    """Section 4.2: the four Shift procedures of Claim 1 as moves, simulated from B1 on a
    sparse board; checks every stripe against B2 when its traversal ends and the whole
    board at the end. Returns the compact move sequence."""
    import time

    t0 = time.perf_counter()
    formula, layout = instance.formula, instance.layout
    elements = dict(instance.element_tiles)
    walk = theorem2.forward(formula, assignment)
    edges = layout.edges
    last_exit = {}
    for s, (e, tail, _) in enumerate(walk):
        last_exit[tail] = s
    last_exit.pop(edges[walk[-1][0]].head, None)  # nc_m is entered again after it is left
    board = _board(instance)
    stats = {"region": 0}
    swap = [False] * len(walk)
    snapshots: dict[int, Any] = {}
    redone = 0
    s = 0
    while s < len(walk):
        e, tail, shipped = walk[s]
        edge = edges[e]
        node = layout.node(tail)
        arrived = edges[walk[s - 1][0]] if s else None
        chain = tuple(elements[x] for x in shipped)
        if len(chain) == 2 and swap[s]:
            chain = chain[::-1]
        snapshots[s] = board.snapshot()
        snapshots.pop(s - 2, None)  # only the previous traversal may have to be redone
        try:
            _prepare_exit(board, instance, node, arrived, edge, chain, last_exit.get(tail) == s, stats)
        except ParityFailure:
            if swap[s - 1] or not arrived or arrived.capacity != 2:
                raise AssertionError(f"{tail} cannot be left as in B2 even with x and y swapped")
            board.restore(snapshots[s - 1])
            swap[s - 1] = True
            redone += 1
            s -= 1
            continue
        if arrived is not None:
            board.finish_edge(arrived)
        board.start_edge(edge)
        ops = edge_program(edge)
        if edge.capacity == 2 and last_exit.get(tail) == s:
            first = ops[0]
            board.run_program(edge, [Run(first.leg, first.first, 3, first.start)])
            _last_exit_region(board, instance, node, edge, stats)
            ops = [Run(first.leg, (first.first + 3) % 2, first.count - 3, first.start + 3)] + ops[1:]
        board.run_program(edge, ops)
        s += 1
    last = edges[walk[-1][0]]
    _prepare_exit(board, instance, layout.node(last.head), last, None, (), True, stats)
    board.finish_edge(last)
    _check_final(board, instance)
    return ForwardResult(board.segments, board.moves, time.perf_counter() - t0, stats["region"], redone)


def _check_final(board: SparseBoard, instance: Theorem3Instance) -> None:
    """Every changed cell holds its B2 tile, every stripe was checked, the blank is home."""
    if board.blank != instance.blank_goal:
        raise AssertionError(f"the blank ends at {board.blank}, not {instance.blank_goal}")
    if len(board.done) != len(instance.layout.edges):
        raise AssertionError("some edge was never traversed")
    for cell, tile in board.cells.items():
        if cell != board.blank and tile != instance.b2(cell):
            raise AssertionError(f"cell {cell} holds {tile}, B2 has {instance.b2(cell)}")
    for cell, tile in instance.node_b2:
        if board.get(cell) != tile:
            raise AssertionError(f"node cell {cell} holds {board.get(cell)}, B2 has {tile}")


# -- backward (4.3) ------------------------------------------------------------------------


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
    element tiles are tracked: :mod:`npw.reductions.npuz_theorem3.decode`); the REL walk."""
    from npw.reductions.npuz_theorem3.decode import ReplayError, crossings, walk_from_crossings

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


# -- reading the REL instance back from the boards -------------------------------------------


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


# -- the Reduction object ------------------------------------------------------------------

SMALL_UNIT = 1


def reduce(formula: TwoTwoFourSat, unit: int | None = SMALL_UNIT, additive: int = 0) -> NPuz:
    """The dense nPUZ instance at a small unit (the registered reduction's default, l = 1).

    >>> from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
    >>> formula = TwoTwoFourSat(1, [(1, -1, 1, -1)])
    >>> puzzle = reduce(formula)
    >>> puzzle.size() == size(formula), puzzle.n
    (True, 58)
    """
    return build_instance(formula, unit, additive).to_npuz()


def forward(formula: TwoTwoFourSat, assignment, unit: int | None = SMALL_UNIT) -> str:
    instance = build_instance(formula, unit)
    return forward_moves(instance, assignment).text()


def backward(formula: TwoTwoFourSat, target: NPuz, moves: str, unit: int | None = SMALL_UNIT) -> tuple[bool, ...]:
    instance = build_instance(formula, unit)
    if instance.n != target.n:
        raise DecodeError("the nPUZ instance is not this formula's image at this unit")
    return backward_moves(instance, moves)


def size(formula: TwoTwoFourSat, unit: int | None = SMALL_UNIT) -> dict[str, int]:
    instance = build_instance(formula, unit)
    return {"n": instance.n, "cells": instance.n ** 2, "k": instance.k}


def build_with(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0) -> BuiltTarget[NPuz]:
    """The boards at ``unit`` (None: the paper's l = u + 16m + 1) with Corollary 1's ``additive``:
    the dense instance where the side is at most ``DENSE_LIMIT``, else the compact summary
    (n, d, u, k exact) as an ``npuz-compact`` JSON object."""
    instance = build_instance(formula, unit, additive)
    summary = instance.summary()
    notes = ((summary["warning"],) if "warning" in summary else ()) + (f"no-direction {summary['no_direction']}",)
    if instance.n > DENSE_LIMIT:
        return BuiltTarget(None, {"problem": "npuz-compact", "version": 1, **summary}, notes)
    return BuiltTarget(instance.to_npuz(), None, notes)


def draw(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0) -> str:
    """The layout of the boards (nodes, stripes, element tiles) as SVG."""
    from npw.reductions.npuz_theorem3.render import render_layout_svg

    return render_layout_svg(build_instance(formula, unit, additive))


# build_instance checks the values (l >= 1, r >= 0) with a message naming them
OPTIONS = (
    ReductionOption("unit", int, None,
                    "the length unit l (default the paper's u + 16m + 1; boards beyond "
                    f"{DENSE_LIMIT} x {DENSE_LIMIT} are written as a compact summary)"),
    ReductionOption("additive", int, 0, "Corollary 1's constant r (l and u enlarged by r)"),
)

REDUCTION = Reduction(
    id="224sat-to-npuz",
    source="224sat",
    target="npuz",
    reference="Ratner & Warmuth 1990, Section 4, Theorem 3 (board layout ours: Figure 3 is lost)",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
    notes=f"registered at the small unit l = {SMALL_UNIT}: " + SMALL_UNIT_NOTE.format(l=SMALL_UNIT, lp="u + 16m + 1")
          + "; npw reduce --unit L (the paper's unit without it); npw puzzle theorem3 for the simulation",
    options=OPTIONS,
    build_with=build_with,
    draw=draw,
)
