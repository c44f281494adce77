"""The board layout of Theorem 3 (Ratner & Warmuth 1990, Section 4.1): the REL graph of
Theorem 2 mapped onto an n x n board. The paper's Figure 3 is lost; this is our own
planar rectilinear embedding (``docs/npuz_theorem3_layout.md`` draws it).

* every REL vertex is a square *node*: 3 x 3, TC and FC 4m x 4m;
* every edge is a chain of horizontal/vertical *stripes* ("legs"): width 3 for the
  capacity-2 edges, width 1 for the capacity-0 edges, all cells disjoint;
* the 4m diamond edges are straight, every two-edge at TC or FC has exactly one
  corner (so 12m two-stripes and 4m corners, the counts the paper's u is built from);
  zero-edges bend where they must (width 1: shifting tiles back along a bent path is
  still one step per tile);
* every stripe is at least 5l long and every two nodes at least 5l apart.

Picture (l the unit): every two-edge heads only right or down, so an element tile
carried along any route diamond -> TC or FC -> clause always moves towards its place
in B2 (Section 4.2 counts those moves as necessary). The diamonds form a staircase
going down and right in the upper left; diamond i is the square top_i (top left),
nu_i (top right), nubar_i (bottom left), bot_i (bottom right). TC lies below and right
of every bot, FC below TC, the clause nodes nc_1..nc_m a staircase further down and
right. bot_i -> TC leaves bot_i to the right and turns down into TC's top side (diamond
1 outermost); bot_i -> FC leaves downwards and turns right into FC's left side;
TC -> nc_j leaves TC's right side and turns down into nc_j's top; FC -> nc_j leaves
FC's bottom side and turns right into nc_j's left side. The zero-edges (no elements,
any direction) run back up between the two-stripes at TC's and FC's sides (those sides
are exactly full: m two-stripes and m-1 zero-stripes need 4m-1 cells of a side of 4m,
so these stripes touch there) and bend to their heads; (nc_m, top_1) goes round
everything over the top.

Geometry conventions: a cell is (row, column), row 0 at the top. A leg is the
rectangle {origin + i*a + j*p : 0 <= i < length, j in -1..1 (width 3) or 0 (width 1)}
with a the heading (unit vector) and p = a turned clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from npw.reductions.rel.figures import (
    FALSE_COLLECTOR, TRUE_COLLECTOR, clause_vertex, diamond_bottom, diamond_top, graph, negated_side, unnegated_side,
)

__all__ = ["Cell", "EdgeLayout", "Layout", "Leg", "Node", "add", "build_layout", "distance", "rot_cw", "two_edge",
           "unit", "zero_edge"]

Cell = tuple[int, int]


def rot_cw(v: Cell) -> Cell:
    """The unit vector turned 90 degrees clockwise on the screen (right -> down -> left -> up)."""
    return (v[1], -v[0])


def add(c: Cell, v: Cell, k: int = 1) -> Cell:
    return (c[0] + k * v[0], c[1] + k * v[1])


def unit(a: Cell, b: Cell) -> Cell:
    dr, dc = b[0] - a[0], b[1] - a[1]
    if (dr == 0) == (dc == 0):
        raise ValueError(f"{a} -> {b} is not a horizontal or vertical segment")
    return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))


def distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@dataclass(frozen=True)
class Node:
    """A square area of the board standing for one REL vertex (Section 4.1)."""

    name: str
    row: int
    col: int
    side: int

    def cells(self) -> Iterator[Cell]:
        for r in range(self.row, self.row + self.side):
            for c in range(self.col, self.col + self.side):
                yield (r, c)

    def contains(self, cell: Cell) -> bool:
        return self.row <= cell[0] < self.row + self.side and self.col <= cell[1] < self.col + self.side

    def local(self, k: int) -> Cell:
        """The k-th cell of the node in row-major order."""
        return (self.row + k // self.side, self.col + k % self.side)


@dataclass(frozen=True)
class Leg:
    """One stripe of an edge: ``length`` cells along ``heading`` from ``origin`` (the
    centre line), ``width`` 3 (capacity 2) or 1 (capacity 0)."""

    origin: Cell
    heading: Cell
    length: int
    width: int

    @property
    def side(self) -> Cell:
        return rot_cw(self.heading)

    def cell(self, j: int, i: int) -> Cell:
        """Row j (0..width-1, 1 the centre line of a width-3 leg) at position i."""
        offset = j - 1 if self.width == 3 else 0
        return add(add(self.origin, self.heading, i), self.side, offset)

    def cells(self) -> Iterator[Cell]:
        for i in range(self.length):
            for j in range(self.width):
                yield self.cell(j, i)

    def locate(self, cell: Cell) -> tuple[int, int] | None:
        """(j, i) of a cell of this leg, or None."""
        dr, dc = cell[0] - self.origin[0], cell[1] - self.origin[1]
        a, p = self.heading, self.side
        i = dr * a[0] + dc * a[1]
        off = dr * p[0] + dc * p[1]
        if not 0 <= i < self.length:
            return None
        if self.width == 3 and -1 <= off <= 1:
            return off + 1, i
        if self.width == 1 and off == 0:
            return 0, i
        return None

    def end(self) -> Cell:
        return add(self.origin, self.heading, self.length - 1)


@dataclass(frozen=True)
class EdgeLayout:
    """An edge of the REL graph as a chain of legs. For a two-edge with a corner, leg 0
    runs to one cell past the corner's centre (so it holds the whole 3 x 3 corner
    block) and leg 1 starts two cells past the centre; ``turns`` says 'cw' or 'ccw'."""

    index: int
    tail: str
    head: str
    capacity: int
    legs: tuple[Leg, ...]
    turns: tuple[str, ...]

    @property
    def first(self) -> Cell:
        """The first centre-line cell of the stripe (next to the tail node)."""
        return self.legs[0].origin

    @property
    def last(self) -> Cell:
        """The last centre-line cell (next to the head node)."""
        return self.legs[-1].end()

    def cells(self) -> Iterator[Cell]:
        for leg in self.legs:
            yield from leg.cells()

    def last_column(self) -> list[Cell]:
        """The cells of the stripe that touch the head node (c + 1 of them)."""
        leg = self.legs[-1]
        return [leg.cell(j, leg.length - 1) for j in range(leg.width)]

    def first_column(self) -> list[Cell]:
        leg = self.legs[0]
        return [leg.cell(j, 0) for j in range(leg.width)]


def two_edge(index: int, tail: str, head: str, points: list[Cell]) -> EdgeLayout:
    """A capacity-2 edge along the centre-line points [first, (corner), last]."""
    if len(points) == 2:
        a = unit(points[0], points[1])
        return EdgeLayout(index, tail, head, 2, (Leg(points[0], a, distance(*points) + 1, 3),), ())
    first, corner, last = points
    a1, a2 = unit(first, corner), unit(corner, last)
    turn = "cw" if a2 == rot_cw(a1) else "ccw"
    legs = (Leg(first, a1, distance(first, corner) + 2, 3), Leg(add(corner, a2, 2), a2, distance(corner, last) - 1, 3))
    return EdgeLayout(index, tail, head, 2, legs, (turn,))


def zero_edge(index: int, tail: str, head: str, points: list[Cell]) -> EdgeLayout:
    """A capacity-0 edge along the poly-line points (first cell, bends, last cell)."""
    legs = []
    for k in range(len(points) - 1):
        a = unit(points[k], points[k + 1])
        start = points[k] if k == 0 else add(points[k], a)
        legs.append(Leg(start, a, distance(start, points[k + 1]) + 1, 1))
    turns = tuple("cw" if legs[k + 1].heading == rot_cw(legs[k].heading) else "ccw" for k in range(len(legs) - 1))
    return EdgeLayout(index, tail, head, 0, tuple(legs), turns)


@dataclass(frozen=True)
class Layout:
    """Nodes and edges on an n x n board, for m variables and the unit l."""

    m: int
    unit: int
    n: int
    nodes: tuple[Node, ...]
    edges: tuple[EdgeLayout, ...]

    def node(self, name: str) -> Node:
        for node in self.nodes:
            if node.name == name:
                return node
        raise KeyError(name)

    def node_at(self, cell: Cell) -> Node | None:
        for node in self.nodes:
            if node.contains(cell):
                return node
        return None

    def counts(self) -> dict[str, int]:
        two = [e for e in self.edges if e.capacity == 2]
        return {"two_stripes": sum(len(e.legs) for e in two), "two_corners": sum(len(e.turns) for e in two),
                "zero_edges": len(self.edges) - len(two), "zero_stripes": sum(len(e.legs) for e in self.edges if not e.capacity)}

    def check(self) -> list[str]:
        """The layout's requirements (Section 4.1), as a list of violations (empty = fine):
        disjoint pieces inside the board, stripes >= 5l, nodes >= 5l apart, every edge
        running from next to its tail node to next to its head node."""
        problems: list[str] = []
        five_l = 5 * self.unit
        pieces: list[tuple[str, tuple[int, int, int, int]]] = []  # name, (r0, r1, c0, c1) inclusive
        for node in self.nodes:
            pieces.append((node.name, (node.row, node.row + node.side - 1, node.col, node.col + node.side - 1)))
        for edge in self.edges:
            who = f"edge e{edge.index} ({edge.tail}, {edge.head})"
            for leg in edge.legs:
                if leg.length < five_l:
                    problems.append(f"{who}: a stripe of length {leg.length} < 5l = {five_l}")
                a, b = leg.cell(0, 0), leg.cell(leg.width - 1, leg.length - 1)
                pieces.append((who, (min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))))
        for name, (r0, r1, c0, c1) in pieces:
            if r0 < 0 or c0 < 0 or r1 >= self.n or c1 >= self.n:
                problems.append(f"{name}: off the {self.n} x {self.n} board")
        for x in range(len(pieces)):
            for y in range(x + 1, len(pieces)):
                (p, (a0, a1, b0, b1)), (q, (c0, c1, d0, d1)) = pieces[x], pieces[y]
                if a0 <= c1 and c0 <= a1 and b0 <= d1 and d0 <= b1:
                    problems.append(f"{p} overlaps {q}")
        for edge in self.edges:
            who = f"edge e{edge.index} ({edge.tail}, {edge.head})"
            tail, head = self.node(edge.tail), self.node(edge.head)
            if not tail.contains(add(edge.first, edge.legs[0].heading, -1)):
                problems.append(f"{who}: does not start next to {edge.tail}")
            if not head.contains(add(edge.last, edge.legs[-1].heading)):
                problems.append(f"{who}: does not end next to {edge.head}")
            if edge.capacity == 2:
                deep = add(edge.first, edge.legs[0].heading, -3)
                if not tail.contains(deep) or not head.contains(add(edge.last, edge.legs[-1].heading, 3)):
                    problems.append(f"{who}: the chain [x, y, blank] does not fit into its end nodes")
        for a in range(len(self.nodes)):
            for b in range(a + 1, len(self.nodes)):
                p, q = self.nodes[a], self.nodes[b]
                gap_r = max(p.row - (q.row + q.side), q.row - (p.row + p.side))
                gap_c = max(p.col - (q.col + q.side), q.col - (p.col + p.side))
                if max(gap_r, gap_c) < five_l:
                    problems.append(f"nodes {p.name} and {q.name} are {max(gap_r, gap_c)} < 5l apart")
        return problems


def build_layout(m: int, unit: int) -> Layout:
    """Our embedding of the graph of Theorem 2 (see the module docstring) for unit l = ``unit``."""
    if m < 1 or unit < 1:
        raise ValueError("need m >= 1 and unit >= 1")
    L0 = 5 * unit
    D = L0 + 3  # a diamond's side: node, stripe of length 5l, node
    S = 4 * m
    margin = 2
    ytop = margin  # the row of the closing edge (nc_m, top_1)
    Y1, X1 = ytop + L0 + 3, margin + 1
    H = W = 2 * L0 + 12
    Y = [0] + [Y1 + (i - 1) * H for i in range(1, m + 1)]  # the diamonds: a staircase down and right
    X = [0] + [X1 + (i - 1) * W for i in range(1, m + 1)]
    R = [0] + [Y[i] + D + 1 for i in range(1, m + 1)]  # centre row of bot_i
    Xb = [0] + [X[i] + D + 1 for i in range(1, m + 1)]  # centre column of bot_i
    T_top, T_left = R[m] + L0 + 4, X[m] + D + 3 + L0 + 4  # TC below and right of every bot
    F_top, F_left = T_top + S + L0 + 2, T_left  # FC below TC
    Yc1 = F_top + S + L0 + 4
    Xc1 = T_left + S + L0 + 6
    HC = WC = 2 * L0 + 12
    Yc = [0] + [Yc1 + (j - 1) * HC for j in range(1, m + 1)]  # the clauses: a staircase down and right
    Xc = [0] + [Xc1 + (j - 1) * WC for j in range(1, m + 1)]
    Xmax = Xc[m] + 3 + L0 + 2

    nodes = [Node(TRUE_COLLECTOR, T_top, T_left, S), Node(FALSE_COLLECTOR, F_top, F_left, S)]
    for i in range(1, m + 1):
        nodes += [Node(diamond_top(i), Y[i], X[i], 3), Node(unnegated_side(i), Y[i], X[i] + D, 3),
                  Node(negated_side(i), Y[i] + D, X[i], 3), Node(diamond_bottom(i), Y[i] + D, X[i] + D, 3)]
    for j in range(1, m + 1):
        nodes.append(Node(clause_vertex(j), Yc[j], Xc[j], 3))

    def route(tail: str, head: str) -> list[Cell]:
        kind_t, kind_h = _split(tail), _split(head)
        if kind_t[0] == "top" and kind_h[0] in ("nu", "nubar"):  # diamond edges: straight, right or down
            i = kind_t[1]
            if kind_h[0] == "nu":
                return [(Y[i] + 1, X[i] + 3), (Y[i] + 1, X[i] + D - 1)]
            return [(Y[i] + 3, X[i] + 1), (Y[i] + D - 1, X[i] + 1)]
        if kind_h[0] == "bot":
            i = kind_h[1]
            if kind_t[0] == "nu":
                return [(Y[i] + 3, Xb[i]), (Y[i] + D - 1, Xb[i])]
            return [(R[i], X[i] + 3), (R[i], X[i] + D - 1)]
        if kind_t[0] == "bot":
            i = kind_t[1]
            if head == TRUE_COLLECTOR:  # right, then down into TC's top side (diamond 1 outermost)
                cx = T_left + 4 * (m - i) + 1
                return [(R[i], Xb[i] + 2), (R[i], cx), (T_top - 1, cx)]
            fr = F_top + 4 * (m - i) + 1  # down, then right into FC's left side (diamond m highest)
            return [(R[i] + 2, Xb[i]), (fr, Xb[i]), (fr, F_left - 1)]
        if kind_h[0] == "top" and tail in (TRUE_COLLECTOR, FALSE_COLLECTOR):
            i = kind_h[1]  # i >= 2: between the slots of diamonds i and i-1
            if tail == TRUE_COLLECTOR:
                zc = T_left + 4 * (m - i + 1) - 1
                rz = R[i - 1] + 4
                return [(T_top - 1, zc), (rz, zc), (rz, X[i] + 1), (Y[i] - 1, X[i] + 1)]
            zr = F_top + 4 * (m - i + 1) - 1
            zx = X[i] - L0 - 2
            return [(zr, F_left - 1), (zr, zx), (Y[i] + 1, zx), (Y[i] + 1, X[i] - 1)]
        if kind_h[0] == "nc":
            j = kind_h[1]
            if tail == TRUE_COLLECTOR:  # right, then down into nc_j's top (nc_m outermost)
                tr = T_top + 4 * (m - j) + 1
                return [(tr, T_left + S), (tr, Xc[j] + 1), (Yc[j] - 1, Xc[j] + 1)]
            fc = F_left + 4 * (m - j) + 1  # down, then right into nc_j's left side
            return [(F_top + S, fc), (Yc[j] + 1, fc), (Yc[j] + 1, Xc[j] - 1)]
        if kind_t[0] == "nc" and head in (TRUE_COLLECTOR, FALSE_COLLECTOR):
            j = kind_t[1]  # j < m: between the slots of clauses j+1 and j
            if head == TRUE_COLLECTOR:
                zt = T_top + 4 * (m - j) - 1
                qx = Xc[j] + 3 + L0 + 1
                return [(Yc[j] + 1, Xc[j] + 3), (Yc[j] + 1, qx), (zt, qx), (zt, T_left + S)]
            zf = F_left + 4 * (m - j) - 1
            qy = Yc[j] + 3 + L0 + 1
            return [(Yc[j] + 3, Xc[j] + 1), (qy, Xc[j] + 1), (qy, zf), (F_top + S, zf)]
        if kind_t[0] == "nc" and kind_h[0] == "top":  # the closing edge (nc_m, top_1), round everything
            return [(Yc[m] + 1, Xc[m] + 3), (Yc[m] + 1, Xmax), (ytop, Xmax), (ytop, X1 + 1), (Y1 - 1, X1 + 1)]
        raise ValueError(f"no route for ({tail}, {head})")

    _, graph_edges = graph(m)
    edges = []
    for index, (tail, head, capacity) in enumerate(graph_edges):
        points = route(tail, head)
        edges.append(two_edge(index, tail, head, points) if capacity == 2 else zero_edge(index, tail, head, points))
    ends = [c for e in edges for leg in e.legs for c in (leg.cell(0, 0), leg.cell(leg.width - 1, leg.length - 1))]
    rows = [c[0] for c in ends] + [Yc[m] + 3]
    cols = [c[1] for c in ends] + [Xmax]
    n = max(max(rows), max(cols)) + margin + 1
    return Layout(m, unit, n, tuple(nodes), tuple(edges))


def _split(name: str) -> tuple[str, int]:
    for prefix in ("nubar", "nu", "top", "bot", "nc"):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return prefix, int(name[len(prefix):])
    return name, 0
