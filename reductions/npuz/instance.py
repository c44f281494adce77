"""Theorem 3, Section 4.1 *The instance*: B1, B2 and k for a 2/2/4-SAT formula.

Ratner & Warmuth, "The (n^2-1)-puzzle and related relocation problems", J. Symbolic
Computation 1990 (what the extraction garbled is restated in ``../shared/spec/npuz.md``).

The REL graph of Theorem 2 is laid out on the board (:mod:`npw.reductions.npuz.layout`,
our own embedding since Figure 3 is lost). B1 (:class:`Numbering`) numbers the tiles row by
row (the blank in the first diamond); the element tiles n_{i,1..8} sit in nu_i, nubar_i,
top_i. B2: every zero-edge's tiles one step back (Figure 4); every two-edge's tiles as the
chain [x, y, blank] leaves them (Figures 5-8; :class:`StripeRule`, computed by running the
macros on the stripe, which the spec notes is safe for any length); the c+1 tiles drawn in
at a head are non-element tiles of the head node chosen once (``designated``); node contents
arbitrary up to counts (sorted by tile number), the literal and filler tiles in their clause
and diamond nodes, the blank in nc_m; two tiles of nc_m swapped if Theorem 1 says B2 is not
reachable. k = d(B1, B2) + u with u = 508m + 29m p(6) + 9m p(4m+3) (:func:`paper_u`),
p(s) = 18 s^3 the region solver's proven bound, and l = u + 16m + 1 (:func:`paper_unit`;
Corollary 1: both enlarged by r). A smaller ``unit`` gives a board small enough to store;
the proof's no-direction then no longer applies (Lemmas 1-4 need l > u + 16m).

At the paper's l the board side is in the millions: :class:`Theorem3Instance` is compact
(the layout plus the rules for the tile at any location in B1 and B2); ``to_npuz`` gives the
dense instance up to :data:`DENSE_LIMIT`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from npw.instances.base import InvalidInstance
from npw.instances.lazy import lazy_import
from npw.instances.npuz.board import NPuz
from npw.instances.npuz.region import move_bound
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.rel import theorem2
from npw.reductions.rel.figures import (
    FALSE_COLLECTOR, clause_vertex, diamond_top, element, negated_side, unnegated_side,
)
from npw.reductions.npuz.layout import Cell, EdgeLayout, Layout, add, build_layout, distance
from npw.reductions.npuz.moves import (
    CHAR, S_DOWN_LOCAL, S_UP_LOCAL, VECTOR, Run, Shift, edge_program, globalise,
)

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["MAX_THEOREM3_VARIABLES", "DENSE_LIMIT", "ELEMENT_SLOTS", "HEAD", "NO_DIRECTION_NOTE", "Numbering", "PERIOD", "SMALL_UNIT_NOTE",
           "StripeRule", "TAIL", "Theorem3Instance", "build_instance", "dataclass_replace_length", "element_cells", "p",
           "paper_u", "paper_unit", "stripe_rule"]


DENSE_LIMIT = 4000  # largest side a dense NPuz board is built for
HEAD, TAIL, PERIOD = 12, 12, 12  # stripe rule: exact near both ends, period 12 in between

NO_DIRECTION_NOTE = (
    "checked here: the board encodes exactly the REL instance of Theorem 2 (nodes, stripes, widths, "
    "directions and element tiles read back from B1/B2), and REL answers no iff the formula does (Theorem 2, "
    "verified separately); proven by the paper, not checked: that at most k moves force the blank to follow "
    "the stripes once each with exactly c element tiles (Lemmas 1-4)")
MAX_THEOREM3_VARIABLES = 24
"""The largest formula (m variables, m clauses) whose Section 4.1 layout is built: the layout is
laid out and numbered cell by cell, superlinearly in m (m = 20 took 5 s, m = 28 13 s, m = 40 at
unit 1 35 s on a loaded 2-core machine; a 200,000-clause file ran for minutes at 1 GB). Larger
formulas are refused before any of it is built."""
SMALL_UNIT = 1  # the unit l the reduction builds with by default (the paper's is u + 16m + 1)
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
        from npw.reductions.npuz.moves import leg_of
        object.__setattr__(self, "_find", leg_of(self.layout))

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
                node, slot = layout.node(unnegated_side(i)), ELEMENT_SLOTS["nu"][k - 1]
            elif k <= 4:
                node, slot = layout.node(negated_side(i)), ELEMENT_SLOTS["nubar"][k - 3]
            else:
                node, slot = layout.node(diamond_top(i)), ELEMENT_SLOTS["top"][k - 5]
            cells[element(i, k)] = node.local(slot)
    return cells


def build_instance(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0) -> Theorem3Instance:
    """Section 4.1: the layout, B1, B2 and k for a 2/2/4-SAT formula."""
    m = formula.num_vars
    if m > MAX_THEOREM3_VARIABLES:
        raise InvalidInstance(f"Theorem 3's boards are built for 2/2/4-SAT formulas of at most {MAX_THEOREM3_VARIABLES} "
                              f"variables (MAX_THEOREM3_VARIABLES), not {m:,}")
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
    top1 = layout.node(diamond_top(1))
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
    ncm = layout.node(clause_vertex(m))
    blank_goal = ncm.local(4)
    node_b2: dict[Cell, int] = {blank_goal: 0}
    reserved: dict[Cell, int] = {}
    for edge in layout.edges:  # nc_j (j < m) is left last through (nc_j, FC): its first tile enters there
        if edge.tail.startswith("nc") and edge.head == FALSE_COLLECTOR:
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
