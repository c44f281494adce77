"""PLANAR DIRECTED HAMILTONIAN CYCLE with in/out degrees (2, 1) / (1, 2) -> HAMILTONIAN PATH in a
max-degree-3 grid graph with two pinned dumbbells (PV84's G4'): Lemma A.1's step 3 with its
drawing (Brunner et al., "Complexity of Solo Chess with Unlimited Moves", Appendix A: G2 "drawn on
the grid, expanded, every vertex and edge thickened", each degree-1 vertex a dumbbell [PV84]).
PV84's figures are not in the seed: the pieces are those of step 3a
(:mod:`npw.reductions.hampath.dhamcycle21_to_thick`), the drawing ours (session 10,
docs/lemma_a1.md, "Step 3b").

**Construction.**

1. *The graph drawn.* v1 = vertex 0 is cut open as in step 2: its in-part keeps its in-arcs, its
   out-part its out-arcs, and the path in-part - S - T - out-part joins them through two new
   points S and T (where the dumbbells will hang). A second arc between the same two vertices (a
   2-cycle) gets a point of its own. A digraph whose underlying graph is not biconnected has no
   Hamiltonian cycle: it goes to a fixed no instance.
2. *The coarse drawing* (:func:`npw.instances.hampath.orthogonal.orthogonal_drawing`, st-numbered
   from S to T): S on the lowest row, T on the highest, so that below S and above T the plane is
   empty.
3. *Each vertex a T.* A piece needs its three routes as a T: an out-block its in-arc as the stem
   and its out-arcs opposite each other; an in-cell its tentacles opposite each other. Three of
   four sides always make a T; where the drawing's stem is the wrong route, one route of the bar is
   led round to the free side (:func:`npw.instances.hampath.expansion.hook`, in the drawing scaled
   by 4).
4. *The grid.* The used coordinates are spread ``spacing`` apart
   (:func:`~npw.instances.hampath.expansion.compress`). Each piece sits at its point, moved by at
   most one step along its bar so that an out-block's centre is even in colour (x + y) and an
   in-cell odd, and, where a straight tentacle joins two pieces, by at most one step across so
   that the tentacle's two rows meet both. A tentacle follows its route
   (:func:`~npw.instances.hampath.expansion.lane`), a corridor too
   (:func:`~npw.instances.hampath.expansion.corridor`), and a dumbbell hangs below S and above T
   on its pin. If any two pieces touch other than at their ports, the spacing grows and the grid
   is drawn again.

**Why.** The grid graph is exactly the designed one (claim ``drawn-exactly``: its edges are the
pieces' own and their ports, nothing else). Its pieces are those of step 3a, whose covers are
checked exhaustively: a tentacle bent through turns (``ZIGZAG_TURN`` or ``ZIGZAG_TURN_SHIFTED``,
whichever its zigzag reaches on the inner line) keeps its two ways, a U-turn from its block or
one zigzag from the block's X1 into the in-cell (the colours make the zigzag end there: a lane has
an even number of cells, so the in-cell must differ in colour from X1, as an even block centre and
an odd in-cell do). So step 3a's argument goes through: a Hamiltonian path (its ends held in the
dumbbells, Figure 8(a)) is a Hamiltonian cycle through v1 read from T, and back.

>>> from npw.instances.hampath.dhamcycle21_planar import PlanarDirectedHamCycle21
>>> d = PlanarDirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)])
>>> g = reduce(d)
>>> g.problem, g.max_degree(), g.verify(forward(d, (0, 1, 2, 3)))
('hampath-dumbbells', 3, True)
>>> backward(d, g, forward(d, (0, 1, 2, 3)))
(0, 1, 2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from npw.instances.base import InvalidInstance, MAX_VERTICES
from npw.instances.elements import arc_id, vertex_id
from npw.instances.hampath.dhamcycle21 import degrees
from npw.instances.hampath.dhamcycle21_planar import PlanarDirectedHamCycle21
from npw.instances.hampath.dumbbells import HamPathDumbbells, attach, certified_no_instance
from npw.instances.hampath.expansion import add, compress, corridor, hook, lane, simplify, step
from npw.instances.hampath.graph import STEPS, grid_edges
from npw.instances.memo import remember_last
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size
from npw.reductions.hampath.dhamcycle21_to_thick import A1, A2, B1, B2, F, RING, SIDES, vertices_met

__all__ = ["CLAIMS", "Grid", "REDUCTION", "SOURCE", "V1", "backward", "claim_blocks_one_zigzag",
           "claim_drawn_exactly", "claim_tentacles", "forward", "grid", "provenance", "reduce", "size"]

SOURCE = ("our grid drawing of the thickened G2 for Papadimitriou & Vazirani 1984 (orthogonal drawing by Biedl & Kant "
          "1998, pieces of step 3a, dumbbells of Figure 8(a)), as Brunner et al., Solo Chess with unlimited moves, "
          "Appendix A, proof of Lemma A.1, cites it")
V1 = 0
# the out-block's ring in its own frame (F at (1, 0), the A side x = 0, the B side x = 2), in cycle
# order, and its named places: step 3a's, tied there to OUT_BLOCK
STUB = 3  # a dumbbell's pin corridor leaves its anchor by 3 cells: l's place stays clear of the anchor's row
SPACINGS = (6, 8, 10, 14, 20)  # tried in turn until the pieces touch only at their ports


@dataclass(frozen=True)
class Grid:
    """The drawn target. ``coords``: the target's vertices' points; ``owner``: each one's source
    vertex or arc; ``block[v]``: an out-block's 8 ring points in :data:`RING` order; ``side[arc]``:
    "A" or "B"; ``cell[v]``: an in-cell's point; ``lane[arc]``: an optional arc's tentacle;
    ``corridor[key]``: a forced arc's points from tail to head (key "s": from v1's in-part to S's
    dumbbell, "t": from T's dumbbell to v1's block); ``dumbbells``: (S's, T's); ``meant``: the
    edges (as point pairs) the design has; ``spacing``: the grid step it was drawn at; ``hooks``:
    how many routes were led round a vertex; ``tail[key]``: the drawn piece (a point of the drawn
    graph) each arc leaves; ``no``: a fixed no instance, for a source that is not biconnected (the
    rest empty)."""

    coords: tuple
    owner: tuple
    block: dict
    side: dict
    cell: dict
    lane: dict
    corridor: dict
    dumbbells: tuple
    meant: frozenset
    spacing: int
    no: HamPathDumbbells | None = None
    hooks: int = 0
    tail: dict | None = None


def _kinds(src: PlanarDirectedHamCycle21) -> list[tuple[int, int]]:
    return degrees(src.num_vertices, src.edges)


def _optional(kinds, arc) -> bool:
    return kinds[arc[0]] == (1, 2) and kinds[arc[1]] == (2, 1)


def _drawing_graph(src: PlanarDirectedHamCycle21):
    """Step 1: the undirected graph drawn. Returns (number of points, edges, label of each edge:
    the source arc or "s" / "t" / "st") with v1's out-part n, S n + 1, T n + 2; edge 0 is S - T."""
    n = src.num_vertices
    out_part, s, t = n, n + 1, n + 2
    edges, labels = [(s, t)], ["st"]
    seen: set[frozenset] = set()
    extra = n + 3
    for u, w in src.edges:
        a = out_part if u == V1 else u
        if frozenset((a, w)) in seen:
            edges += [(a, extra), (extra, w)]
            labels += [(u, w), (u, w)]
            extra += 1
        else:
            seen.add(frozenset((a, w)))
            edges.append((a, w))
            labels.append((u, w))
    edges += [(V1, s), (t, out_part)]
    labels += ["s", "t"]
    return extra, edges, labels


def _from(route, v_point):
    """The route as seen from the end at ``v_point``."""
    return list(route) if tuple(route[0]) == v_point else list(route)[::-1]


@remember_last
def _grid(src: PlanarDirectedHamCycle21) -> Grid:
    import networkx as nx  # here: listing the reductions must not load it

    from npw.instances.hampath.orthogonal import Drawing, check, orthogonal_drawing

    kinds = _kinds(src)
    n = src.num_vertices
    count, edges, labels = _drawing_graph(src)
    s_point, t_point = n + 1, n + 2
    graph = nx.Graph(edges)
    if not nx.is_biconnected(graph):
        return Grid((), (), {}, {}, {}, {}, {}, (), frozenset(), 0, certified_no_instance(0))
    drawing = orthogonal_drawing(count, edges)
    position = {v: (4 * x, 4 * y) for v, (x, y) in drawing.position.items()}
    routes = {i: [(4 * x, 4 * y) for x, y in drawing.route[e]] for i, e in enumerate(edges)}
    around: dict[int, list[int]] = {v: [] for v in range(count)}
    for i, (a, b) in enumerate(edges):
        around[a].append(i)
        around[b].append(i)

    def role(v: int, i: int) -> str:
        """How edge i meets v: "in" or "out" (for v1's parts, S's edge is an out, T's an in)."""
        label = labels[i]
        if label == "s":
            return "out"
        if label == "t":
            return "in"
        a, b = edges[i]
        return "out" if a == v else "in"

    def kind_of(i: int) -> str:
        return "lane" if labels[i] not in ("s", "t", "st") and _optional(kinds, labels[i]) else "corridor"

    def direction(v: int, i: int):
        r = _from(routes[i], position[v])
        return step(r[0], r[1])

    pieces = {v: ("block" if (kinds[v] if v < n else kinds[V1]) == (1, 2) else "cell")
              for v in range(count) if len(around[v]) == 3}
    # step 3: each piece a T, its stem the right route
    hooks = 0
    for v, piece in pieces.items():
        dirs = {i: direction(v, i) for i in around[v]}
        free = next(d for d in STEPS if d not in dirs.values())
        stem = next(i for i, d in dirs.items() if d == (-free[0], -free[1]))
        bars = [i for i in around[v] if i != stem]
        lanes = [i for i in around[v] if kind_of(i) == "lane"]
        if piece == "block":
            wanted = next(i for i in around[v] if role(v, i) == "in")
            move = None if stem == wanted else next(i for i in bars if i != wanted)
        elif len(lanes) == 2:
            move = None if stem not in lanes else next(i for i in bars if i in lanes)
        elif len(lanes) == 1:
            move = None if stem not in lanes else bars[0]
        else:
            move = None
        if move is not None:
            hooks += 1
            r = _from(routes[move], position[v])
            hooked = hook(r, free)
            routes[move] = hooked if tuple(routes[move][0]) == position[v] else hooked[::-1]
    problem = check(Drawing(position, {e: tuple(routes[i]) for i, e in enumerate(edges) if labels[i] != "st"}))
    if problem is not True:
        raise AssertionError(f"the hooked drawing is broken: {problem}")
    for spacing in SPACINGS:
        try:
            return _expand(src, kinds, count, edges, labels, position, routes, around, pieces, role, kind_of, spacing,
                           hooks)
        except _Touching:
            continue
    raise AssertionError("no spacing draws the pieces apart")


class _Touching(Exception):
    """Two pieces touch other than at their ports (or a run is too short): a larger spacing."""


def _expand(src, kinds, count, edges, labels, position, routes, around, pieces, role, kind_of, spacing,
            hooks) -> Grid:
    n = src.num_vertices
    s_point, t_point = n + 1, n + 2
    xs = compress([p[0] for r in routes.values() for p in r] + [p[0] for p in position.values()], spacing)
    ys = compress([p[1] for r in routes.values() for p in r] + [p[1] for p in position.values()], spacing)

    def fine(p):
        return xs[p[0]], ys[p[1]]

    point = {v: fine(p) for v, p in position.items()}
    route = {i: simplify([fine(p) for p in r]) for i, r in routes.items()}
    # the cells the routes alone will take (a lane two a step), counted before any is made
    cells = sum((2 if kind_of(i) == "lane" else 1) * sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(r, r[1:]))
                for i, r in route.items() if labels[i] != "st")
    refuse_target_size("dhamcycle-21-planar-to-hampath-dumbbells", "vertices", cells, MAX_VERTICES, "MAX_VERTICES")

    def direction(v: int, i: int):
        r = _from(route[i], point[v])
        return step(r[0], r[1])

    # the links: each source arc (or S's, T's corridor) from terminal to terminal, through the points
    # of degree 2 (a 2-cycle's second arc, v1's part of degree 2)
    terminals = set(pieces) | {s_point, t_point}
    links = {}
    for v in terminals:
        for i in around[v]:
            if labels[i] == "st":
                continue
            chain, at, e = [point[v]], v, i
            path_edges = [i]
            while True:
                a, b = edges[e]
                nxt = b if a == at else a
                chain += _from(route[e], point[at])[1:]
                if nxt in terminals:
                    break
                e = next(j for j in around[nxt] if j != e)
                path_edges.append(e)
                at = nxt
            arcs = [labels[j] for j in path_edges if labels[j] not in ("s", "t")]
            key = arcs[0] if arcs else labels[i]
            ends = (v, nxt)
            # orient tail to head: an arc from its tail's end; "s" towards S; "t" from T
            if key == "s":
                forward_way = nxt == s_point
            elif key == "t":
                forward_way = v == t_point
            else:
                forward_way = role(v, i) == "out" if v not in (s_point, t_point) else v == t_point
            if forward_way:
                links[key] = (ends, (i, e), simplify(chain), kind_of(i))
    # step 4: the pieces, their offsets, colours
    frame = {}
    for v, piece in pieces.items():
        dirs = {i: direction(v, i) for i in around[v]}
        free = next(d for d in STEPS if d not in dirs.values())
        stem_dir = (-free[0], -free[1])
        frame[v] = stem_dir
    offset = {v: (0, 0) for v in pieces}
    # straight tentacles: the two pieces' rows must be the tentacle's two rows
    straight = {}
    for key, ((a, b), _, chain, kind) in links.items():
        if kind == "lane" and len(chain) == 2:
            straight.setdefault(a, []).append((b, key))
            straight.setdefault(b, []).append((a, key))
    placed: set[int] = set()
    for root in straight:
        if root in placed:
            continue
        placed.add(root)
        todo = [root]
        while todo:
            v = todo.pop()
            for w, key in straight[v]:
                if w in placed:
                    continue
                block, cell = (v, w) if pieces[v] == "block" else (w, v)
                f, stem = frame[block], frame[cell]
                shift = stem if f == stem else (0, 0)  # the cell's row is the block's + shift
                if w == cell:
                    offset[w] = add(offset[v], shift)
                else:
                    offset[w] = add(offset[v], shift, -1)
                placed.add(w)
                todo.append(w)
    centre = {}
    for v, piece in pieces.items():
        p = add(point[v], offset[v])
        bar = (frame[v][1], frame[v][0])  # along the bar (perpendicular to the stem)
        want = 0 if piece == "block" else 1
        if (p[0] + p[1]) % 2 != want:
            p = add(p, bar)
        centre[v] = p
    # the pieces' cells
    parts: list[tuple] = []
    meant: set[frozenset] = set()
    owner: dict = {}

    def take(cells, who) -> None:
        for c in cells:
            if c in owner:
                raise _Touching(f"{c} taken twice")
            owner[c] = who

    def join(a, b) -> None:
        meant.add(frozenset((a, b)))

    block, side, cell = {}, {}, {}
    for v, piece in pieces.items():
        who = vertex_id(V1 if v >= n else v)
        c, f = centre[v], frame[v]
        if piece == "cell":
            cell[v] = c
            take([c], who)
            continue
        outs = sorted((i for i in around[v] if role(v, i) == "out"), key=lambda i: str(labels[i]))
        r = direction(v, outs[0])
        ring = tuple(add(add(c, r, x - 1), f, 1 - y) for x, y in RING)
        block[v] = ring
        take(ring, who)
        parts.append(ring)
    for key, ((a, _), (i, _), _, _) in links.items():
        if a in block:
            outs = sorted((j for j in around[a] if role(a, j) == "out"), key=lambda j: str(labels[j]))
            side[key] = "B" if direction(a, i) == direction(a, outs[0]) else "A"
    lanes, corridors = {}, {}
    for key, ((a, b), (i_a, i_b), chain, kind) in links.items():
        who = vertex_id(V1) if key in ("s", "t") else arc_id(key)
        if kind == "lane":
            try:
                ln = lane(centre[a], frame[a], chain, centre[b], frame[b])
            except ValueError as e:
                raise _Touching(str(e)) from None
            if not ln.zigzag:
                raise AssertionError(f"the tentacle of {key} has the wrong colours")
            lanes[key] = ln
            take(ln.cells, who)
            parts.extend(ln.parts)
            meant.update(frozenset(p) for p in ln.ports)
            x1, x2 = (block[a][j] for j in SIDES[side[key]])
            join(x2, ln.start[0])
            join(x1, ln.start[1])
            join(ln.q, centre[b])
            continue
        # a corridor: from X1 of the tail's block (one step on, along the bar), the tail's in-cell
        # (along its stem) or T's outside point; to F of the head's block, the head's in-cell or
        # S's outside point
        if a == t_point:
            start, before = point[a], [add(point[a], (0, 1), k) for k in range(STUB, 0, -1)]
        elif a in block:
            start, before = add(block[a][SIDES[side[key]][0]], direction(a, i_a)), []
        else:
            start, before = add(centre[a], direction(a, i_a)), []
        if b == s_point:
            finish, after = point[b], [add(point[b], (0, -1), k) for k in range(1, STUB + 1)]
        elif b in block:
            finish, after = add(block[b][F], frame[b]), []
        else:
            finish, after = add(centre[b], direction(b, i_b)), []
        cells = before + corridor(start, chain, finish) + after
        corridors[key] = tuple(cells)
        take(cells, who)
        meant.update(frozenset(pair) for pair in zip(cells, cells[1:]))
        if a in block:
            join(cells[0], block[a][SIDES[side[key]][0]])
        elif a in cell:
            join(cells[0], centre[a])
        if b in block:
            join(cells[-1], block[b][F])
        elif b in cell:
            join(cells[-1], centre[b])
    # the dumbbells, S's below S and T's above T, on their corridors' outside points
    dumbbells = []
    for anchor, up in ((s_point, -1), (t_point, 1)):
        d = attach(add(point[anchor], (0, up), STUB - 1), (0, up), False)
        take(d.cells(), vertex_id(V1))
        parts.append(tuple(d.cells()))
        join(d.mark("p"), d.outside())
        dumbbells.append(d)
    for part in parts:
        inside = set(part)
        for c in part:
            for dx, dy in STEPS:
                o = (c[0] + dx, c[1] + dy)
                if o in inside:
                    meant.add(frozenset((c, o)))
    coords = tuple(owner)
    made = {frozenset((coords[u], coords[v])) for u, v in grid_edges(coords)}
    if made != meant:
        raise _Touching(f"{len(made - meant)} unmeant edges, {len(meant - made)} missing")
    tail = {key: a for key, ((a, _), _, _, _) in links.items()}
    return Grid(coords, tuple(owner[c] for c in coords), block, side, cell, lanes, corridors, tuple(dumbbells),
                frozenset(meant), spacing, None, hooks, tail)


def grid(src: PlanarDirectedHamCycle21) -> Grid:
    """The drawn target with its pieces (see :class:`Grid`).

    >>> from npw.instances.hampath.dhamcycle21_planar import PlanarDirectedHamCycle21
    >>> g = grid(PlanarDirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)]))
    >>> sorted(g.block), sorted(g.cell), sorted(g.lane), g.spacing
    ([2, 3], [0, 1], [(2, 0), (3, 0), (3, 1)], 6)
    """
    return _grid(src)


def reduce(src: PlanarDirectedHamCycle21) -> HamPathDumbbells:
    g = _grid(src)
    if g.no is not None:
        return g.no
    refuse_target_size("dhamcycle-21-planar-to-hampath-dumbbells", "vertices", len(g.coords), MAX_VERTICES,
                       "MAX_VERTICES")
    return HamPathDumbbells(len(g.coords), grid_edges(g.coords), coords=g.coords)


def size(src: PlanarDirectedHamCycle21) -> dict[str, int]:
    """The drawing's cells (it is built to count them): about the coarse drawing's length times
    the spacing, twice over where a tentacle runs."""
    g = _grid(src)
    return {"vertices": g.no.num_vertices if g.no is not None else len(g.coords)}


def _block_route(g: Grid, v: int, used) -> list:
    """v's block from F round to the used side, U-turning through the other side's tentacle."""
    ring = g.block[v]
    other = next(k for k in g.side if k != used and g.tail[k] == v)
    if other not in g.lane:
        raise InvalidInstance(f"the arc {used} cannot be used: {other} is forced")
    u_turn = list(g.lane[other].uturn)
    top = [ring[i] for i in range(len(RING)) if i not in (F, A1, A2, B1, B2)]  # from the B side's end to the A's
    if g.side[used] == "B":
        return [ring[F], ring[A1], *u_turn, ring[A2], *top[::-1], ring[B2], ring[B1]]
    return [ring[F], ring[B1], *u_turn, ring[B2], *top, ring[A2], ring[A1]]


def forward(src: PlanarDirectedHamCycle21, cycle) -> tuple[int, ...]:
    """The cycle from v1, laid out from T's dumbbell (Figure 8(c)'s way, from v to its pin): each
    block from F, U-turning through its unused tentacle and out through the used arc's tentacle
    (zigzag) or corridor; each in-cell on to its out-arc; at v1's in-part into S's corridor and
    dumbbell."""
    g = _grid(src)
    if g.no is not None:
        raise InvalidInstance("the digraph is not biconnected: it has no Hamiltonian cycle")
    kinds = _kinds(src)
    order = [int(v) for v in cycle]
    at = order.index(V1)
    order = order[at:] + order[:at]
    n = src.num_vertices
    dumbbell_s, dumbbell_t = g.dumbbells
    points = list(dumbbell_t.path())
    if kinds[V1] == (1, 2):
        points += list(g.corridor["t"])
    for v, w in zip(order, order[1:] + order[:1]):
        arc = (v, w)
        piece = n if v == V1 else v
        if piece in g.block:
            points += _block_route(g, piece, arc)
        elif piece in g.cell:
            points.append(g.cell[piece])
        points += list(g.lane[arc].zigzag if arc in g.lane else g.corridor[arc])
    if kinds[V1] == (2, 1):
        points += [g.cell[V1], *g.corridor["s"]]
    points += list(dumbbell_s.path())[::-1]
    index = {c: i for i, c in enumerate(g.coords)}
    return tuple(index[c] for c in points)


def backward(src: PlanarDirectedHamCycle21, tgt: HamPathDumbbells, path) -> tuple[int, ...]:
    """The source vertices in the order the path meets their pieces from T's dumbbell (v1 first)."""
    g = _grid(src)
    order = [int(v) for v in path]
    t_cells = set(g.dumbbells[1].cells()) if g.dumbbells else set()
    if order and g.coords and g.coords[order[0]] not in t_cells:
        order.reverse()
    return vertices_met(g.owner, order)


def provenance(src: PlanarDirectedHamCycle21, tgt: HamPathDumbbells) -> dict[str, list[str]]:
    """A vertex to its in-cell or block (v1 also to its corridors and dumbbells); an arc to its
    tentacle or corridor. A digraph that is not biconnected made the fixed no instance as a whole:
    each of its elements to all of it."""
    g = _grid(src)
    made: dict[str, list[str]] = {vertex_id(v): [] for v in range(src.num_vertices)}
    made |= {arc_id(a): [] for a in src.edges}
    if g.no is not None:
        return {key: [vertex_id(x) for x in range(tgt.num_vertices)] for key in made}
    for x, who in enumerate(g.owner):
        made[who].append(vertex_id(x))
    return made


# -- the proof's claims, checked per case ------------------------------------------------------

def claim_drawn_exactly(src: PlanarDirectedHamCycle21, tgt: HamPathDumbbells) -> bool | str:
    """The grid graph's edges are exactly the pieces' own and their ports: no two pieces touch."""
    g = _grid(src)
    if g.no is not None:
        return True
    made = {frozenset((tgt.coords[u], tgt.coords[v])) for u, v in tgt.edges}
    extra = made - g.meant
    return not extra and made == g.meant or f"{len(extra)} edges join pieces that should not touch"


def _steps(path, coords) -> set[frozenset]:
    order = [coords[int(v)] for v in path]
    return {frozenset(e) for e in zip(order, order[1:])}


def claim_tentacles(src, tgt, path, cycle) -> bool | str:
    """Each tentacle is entered from its block and crossed into its in-cell exactly for the arcs
    of the extracted cycle (else U-turned)."""
    g = _grid(src)
    if g.no is not None:
        return True
    steps = _steps(path, tgt.coords)
    order = [int(v) for v in cycle]
    used = set(zip(order, order[1:] + order[:1]))
    for arc, ln in g.lane.items():
        head = arc[1]
        crossed = frozenset((ln.q, g.cell[head])) in steps
        if crossed != (arc in used):
            return f"the tentacle of arc {arc} is crossed against the cycle"
    return True


def claim_blocks_one_zigzag(src, tgt, path, cycle) -> bool | str:
    """Each out-block is left through exactly one out-arc; each in-cell entered through exactly
    one in-arc."""
    g = _grid(src)
    if g.no is not None:
        return True
    steps = _steps(path, tgt.coords)
    crossed = {arc: frozenset((ln.q, g.cell[arc[1]])) in steps for arc, ln in g.lane.items()}
    left: dict[int, int] = {}
    entered: dict[int, int] = {}
    for arc in src.edges:
        taken = crossed.get(arc, True)  # a corridor is always on the path
        left[arc[0]] = left.get(arc[0], 0) + taken
        entered[arc[1]] = entered.get(arc[1], 0) + taken
    bad = [v for v in range(src.num_vertices) if left.get(v) != 1 or entered.get(v) != 1]
    return not bad or f"vertex {bad[0]} is left or entered through {left.get(bad[0])} / {entered.get(bad[0])} arcs"


CLAIMS = (
    Claim("drawn-exactly", f"the grid graph is the designed one: pieces meet only at their ports ({SOURCE})",
          claim_drawn_exactly, TARGET_CLAIM),
    Claim("tentacles", f"each tentacle is crossed into its in-cell exactly for the cycle's arcs, else U-turned "
                       f"({SOURCE})", claim_tentacles, BACKWARD_CLAIM),
    Claim("blocks-one-zigzag", f"each vertex is left and entered through exactly one arc ({SOURCE})",
          claim_blocks_one_zigzag, BACKWARD_CLAIM),
)


REDUCTION = Reduction.of_module(
    globals(),
    id="dhamcycle-21-planar-to-hampath-dumbbells", source="dhamcycle-21-planar", target="hampath-dumbbells",
    reference=SOURCE,
    checked=("every planar dhamcycle-21 digraph of 4 and 6 vertices and the default streams; the digraphs of "
             "pm3sat-to-dhamcycle-21-planar's random stream"),
    notes="Lemma A.1's step 3 drawn: the thickened G2 on the grid, a dumbbell at each end (G4')",
)
