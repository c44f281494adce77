"""DIRECTED HAMILTONIAN CYCLE with in/out degrees (2, 1) / (1, 2) -> HAMILTONIAN PATH between
degree-1 ends in a max-degree-3 *bipartite* graph made of grid pieces: Lemma A.1's step 3 (Brunner
et al., "Complexity of Solo Chess with Unlimited Moves", Appendix A: G2 "drawn on the grid,
expanded, every vertex and edge thickened" [PV84]) without the drawing. PV84's gadget figures are
not in the seed: the thickening below is ours (session 9, docs/lemma_a1.md, "Step 3a").

**Construction.** Think of G2 of :mod:`npw.reductions.hampath.dhamcycle21_to_st`: an arc u -> w is
*optional* when u has out-degree 2 and w in-degree 2, and *forced* otherwise (a vertex with one
in- or out-arc uses it). The target is made of four grid pieces
(:mod:`npw.instances.hampath.grid_gadgets`, each checked exhaustively on its own):

* a vertex of kind (2, 1) is an *in-cell*: one vertex, joined to its two in-arcs and its out-arc;
* a vertex of kind (1, 2) is an *out-block*, :data:`~npw.instances.hampath.grid_gadgets.OUT_BLOCK`:
  a length-8 cycle entered at F (bottom middle) by its in-arc, its out-arcs on its left (A1, A2) and
  right (B1, B2) sides;
* an optional arc is a *one-sided tentacle*
  (:func:`~npw.instances.hampath.grid_gadgets.one_sided_tentacle`, 2 x 1 here): two vertices p - q,
  p joined to the tail's block at X1, q to X2 and to the head's in-cell;
* a forced arc is a *corridor*: a path of 0 or 1 vertices (the parity that keeps the target
  bipartite, as a grid drawing needs; 2 where a bare edge would double another), from the tail's
  in-cell (or its block's X1) to the head's in-cell (or its block's F).

v1 = vertex 0 is cut open as PV84's Figure 2 does: its in-part (in_0) takes the pendant s, its
out-part (out_0) the pendant t. So the target has two degree-1 vertices and max degree 3.

**Why.** A one-sided tentacle is covered in exactly two ways (no U-turn from its in-end, which has
one port, and no two rows through): a U-turn from the tail's block, or one zigzag from the block
to the head's in-cell: the arc is *used*. An in-cell uses its out-arc and exactly one in-arc. An
out-block is entered at F and must reach both its tentacles (one untouched could not be covered);
its covers that do are exactly one U-turn and one zigzag: the vertex uses exactly one out-arc. So
the arcs used form a spanning set of in- and out-degree 1, and the path is connected and starts
and ends at the pendants: a directed Hamiltonian cycle through v1, visited in the path's order
from t. Conversely a cycle gives the path: each out-block U-turns through its unused tentacle on
its way to the used one. (The grid drawing, step 3b, is not built: docs/lemma_a1.md.)

>>> from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
>>> d = DirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)])
>>> g = reduce(d)
>>> g.num_vertices, g.max_degree(), g.verify(forward(d, (0, 1, 2, 3)))
(29, 3, True)
>>> backward(d, g, forward(d, (0, 1, 2, 3)))
(0, 1, 2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from npw.instances.base import MAX_VERTICES, InvalidInstance
from npw.instances.elements import arc_id, edge_id, vertex_id
from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
from npw.instances.hampath.graph import HamPathEnds
from npw.instances.hampath.grid_gadgets import OUT_BLOCK
from npw.instances.memo import remember_last
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "Layout", "REDUCTION", "SOURCE", "V1", "backward", "claim_bipartite", "claim_blocks_one_zigzag",
           "claim_pendants", "claim_tentacles", "forward", "layout", "provenance", "reduce", "size", "vertices_met"]

SOURCE = ("our thickening for Papadimitriou & Vazirani 1984 (in-cells, length-8 out-blocks, one-sided tentacles, "
          "corridors), as Brunner et al., Solo Chess with unlimited moves, Appendix A, proof of Lemma A.1, cites it")
V1 = 0
# the out-block's ring: grid_gadgets.OUT_BLOCK's cells in cycle order, and its named places as
# indices into it (tests/test_dhamcycle21_to_thick.py checks both against OUT_BLOCK)
RING = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
F, A1, B1, B2, A2 = (RING.index(OUT_BLOCK.marks[name]) for name in ("F", "A1", "B1", "B2", "A2"))
SIDES = {"A": (A1, A2), "B": (B1, B2)}


@dataclass(frozen=True)
class Layout:
    """Where everything is. ``cell[v]``: a (2, 1) vertex's in-cell; ``block[v]``: a (1, 2)
    vertex's 8 ring vertices (in :data:`RING` order); ``side[(u, w)]``: the side ("A" or "B") of u's
    block that the arc leaves from; ``tentacle[(u, w)]``: (p, q) of an optional arc; ``corridor[(u,
    w)]``: a forced arc's vertices from tail to head (possibly none), ``joins[(u, w)]`` the two
    vertices it joins; ``in0`` / ``out0``: v1's
    in-part and out-part (where s and t hang); ``owner``: the source vertex or arc of each target
    vertex (s and t: v1)."""

    num_vertices: int
    edges: tuple[tuple[int, int], ...]
    s: int
    t: int
    cell: dict
    block: dict
    side: dict
    tentacle: dict
    corridor: dict
    joins: dict
    in0: int
    out0: int
    owner: tuple


@remember_last
def _layout(src: DirectedHamCycle21) -> Layout:
    n = src.num_vertices
    into, out = [0] * n, [0] * n
    for u, w in src.edges:
        out[u] += 1
        into[w] += 1
    kinds = list(zip(into, out))
    owner: list = []
    edges: list[tuple[int, int]] = []

    def new(who) -> int:
        owner.append(who)
        return len(owner) - 1

    cell, block = {}, {}
    for v in range(n):
        if kinds[v] == (2, 1):
            cell[v] = new(vertex_id(v))
        else:
            block[v] = tuple(new(vertex_id(v)) for _ in RING)
            edges.extend((block[v][i], block[v][(i + 1) % len(RING)]) for i in range(len(RING)))
    side, tentacle, corridor, joins = {}, {}, {}, {}
    leaving: dict[int, list[tuple[int, int]]] = {u: [] for u in block}
    for u, w in src.edges:
        if u in leaving:
            leaving[u].append((u, w))
    for u, arcs in leaving.items():  # the smaller head on the left (A), the other on the right (B)
        side.update(zip(sorted(arcs), "AB"))
    for u, w in src.edges:
        if kinds[u] == (1, 2) and kinds[w] == (2, 1):  # optional: a one-sided tentacle
            x1, x2 = SIDES[side[(u, w)]]
            p, q = new(arc_id((u, w))), new(arc_id((u, w)))
            tentacle[(u, w)] = (p, q)
            edges += [(block[u][x1], p), (p, q), (block[u][x2], q), (q, cell[w])]
    # v1 cut open: in_0 takes its in-arcs (and s), out_0 its out-arcs (and t)
    if kinds[V1] == (2, 1):
        in0, out0 = cell[V1], new(vertex_id(V1))
    else:
        in0, out0 = new(vertex_id(V1)), block[V1][F]
    s, t = new(vertex_id(V1)), new(vertex_id(V1))
    edges += [(in0, s), (out0, t)]

    def tail_end(u: int, w: int) -> int:
        if u == V1 and kinds[u] == (2, 1):
            return out0
        return cell[u] if kinds[u] == (2, 1) else block[u][SIDES[side[(u, w)]][0]]

    def head_end(w: int) -> int:
        if w == V1 and kinds[w] == (1, 2):
            return in0
        return cell[w] if kinds[w] == (2, 1) else block[w][F]

    # colour everything but the corridors (each piece is bipartite), then give each corridor the
    # parity that keeps the whole graph so
    colour = _two_colour(len(owner), edges)
    taken = {frozenset(e) for e in edges}
    for u, w in src.edges:
        if (u, w) in tentacle:
            continue
        a, b = tail_end(u, w), head_end(w)
        joins[(u, w)] = (a, b)
        # 0 or 1 vertices for the parity; 2 where a bare edge would double one already there
        count = 1 if colour[a] == colour[b] else (2 if {a, b} in taken else 0)
        middle = tuple(new(arc_id((u, w))) for _ in range(count))
        for i, m in enumerate(middle):
            colour.append(1 - colour[a] if i % 2 == 0 else colour[a])
        corridor[(u, w)] = middle
        chain = (a, *middle, b)
        edges.extend(zip(chain, chain[1:]))
        taken.add(frozenset((a, b)))  # the edges through new middle vertices can double nothing
    return Layout(len(owner), tuple(edges), s, t, cell, block, side, tentacle, corridor, joins, in0, out0,
                  tuple(owner))


def _two_colour(n: int, edges) -> list[int]:
    """A 2-colouring of each component (by breadth-first search from its smallest vertex)."""
    around: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        around[a].append(b)
        around[b].append(a)
    colour = [-1] * n
    for start in range(n):
        if colour[start] >= 0:
            continue
        colour[start] = 0
        queue = [start]
        for v in queue:
            for w in around[v]:
                if colour[w] < 0:
                    colour[w] = 1 - colour[v]
                    queue.append(w)
    return colour


def layout(src: DirectedHamCycle21) -> Layout:
    """The target's pieces (see :class:`Layout`).

    >>> from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
    >>> lay = layout(DirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)]))
    >>> sorted(lay.cell), sorted(lay.block), sorted(lay.tentacle)
    ([0, 1], [2, 3], [(2, 0), (3, 0), (3, 1)])
    """
    return _layout(src)


def size(src: DirectedHamCycle21) -> dict[str, int]:
    """1 vertex a (2, 1) vertex, 8 a (1, 2) vertex, 2 an optional arc, 0, 1 or 2 a forced arc (the
    parity decides), and 3 for v1's other part and the pendants s and t."""
    return {"vertices": _layout(src).num_vertices}


def reduce(src: DirectedHamCycle21) -> HamPathEnds:
    refuse_target_size("dhamcycle-21-to-hampath-thick", "vertices", 12 * src.num_vertices + 8, MAX_VERTICES,
                       "MAX_VERTICES")
    lay = _layout(src)
    return HamPathEnds(lay.num_vertices, lay.edges, lay.s, lay.t)


def _block_route(lay: Layout, u: int, used: tuple[int, int]) -> list[int]:
    """u's block from F round to the used side, U-turning through the other side's tentacle."""
    ring = lay.block[u]
    go = lay.side[used]
    other_arc = next((a for a in lay.side if a[0] == u and a != used), None)
    top = [i for i in range(len(RING)) if i not in (F, A1, A2, B1, B2)]  # the ring's top row, from B's end
    if go == "B":
        order = [F, A1, "U", A2, *top[::-1], B2, B1]
    else:
        order = [F, B1, "U", B2, *top, A2, A1]
    route: list[int] = []
    for step in order:
        if step == "U":
            if other_arc in lay.tentacle:
                route += list(lay.tentacle[other_arc])
            else:  # the other out-arc is forced too: no Hamiltonian cycle uses this one
                raise InvalidInstance(f"the arc {used} cannot be used: {other_arc} is forced")
        else:
            route.append(ring[step])
    return route


def forward(src: DirectedHamCycle21, cycle) -> tuple[int, ...]:
    """The cycle from v1 laid out from t: each block from F, U-turning through its unused
    tentacle, out through the used arc's tentacle (zigzag) or corridor; each in-cell on to its
    out-arc; back at v1's in-part, s. Reversed, so that the path runs from s to t."""
    lay = _layout(src)
    order = [int(v) for v in cycle]
    at = order.index(V1)
    order = order[at:] + order[:at]
    path = [lay.t]
    for v, w in zip(order, order[1:] + order[:1]):
        arc = (v, w)
        if v in lay.block:
            path += _block_route(lay, v, arc)
        elif v == V1:
            path.append(lay.out0)
        else:
            path.append(lay.cell[v])
        path += list(lay.tentacle.get(arc, lay.corridor.get(arc, ())))
    path += [lay.in0, lay.s]
    return tuple(reversed(path))


def backward(src: DirectedHamCycle21, tgt: HamPathEnds, path) -> tuple[int, ...]:
    """The source vertices in the order the path meets their pieces from t (v1 first)."""
    lay = _layout(src)
    order = [int(v) for v in path]
    if order[0] != lay.t:
        order.reverse()
    return vertices_met(lay.owner, order)


def vertices_met(owner, order) -> tuple[int, ...]:
    """The source vertices whose pieces (``owner[x]`` = ``vertex:V``) the target vertices of
    ``order`` meet, each once, in the order first met.

    >>> vertices_met(("vertex:2", "arc:2-0", "vertex:0", "vertex:2"), (0, 1, 2, 3))
    (2, 0)
    """
    cycle: list[int] = []
    for x in order:
        who = owner[x]
        if who.startswith("vertex:"):
            v = int(who.split(":")[1])
            if v not in cycle:
                cycle.append(v)
    return tuple(cycle)


def provenance(src: DirectedHamCycle21, tgt: HamPathEnds) -> dict[str, list[str]]:
    """A vertex to its in-cell or block (v1 also to its cut and the pendants); an arc to its
    tentacle or corridor (an arc whose corridor is a bare edge: to the edge)."""
    lay = _layout(src)
    made: dict[str, list[str]] = {vertex_id(v): [] for v in range(src.num_vertices)}
    made |= {arc_id(a): [] for a in src.edges}
    for x, who in enumerate(lay.owner):
        made[who].append(vertex_id(x))
    for a, cells in lay.corridor.items():
        if not cells:
            made[arc_id(a)].append(edge_id(tuple(sorted(lay.joins[a]))))
    return made


# -- the proof's claims, checked per case ------------------------------------------------------

def claim_pendants(src: DirectedHamCycle21, tgt: HamPathEnds) -> bool | str:
    """s and t have degree 1 and the graph max degree 3."""
    if tgt.degree(tgt.s) != 1 or tgt.degree(tgt.t) != 1:
        return "s or t does not have degree 1"
    return tgt.max_degree() <= 3 or f"max degree {tgt.max_degree()}"


def claim_bipartite(src: DirectedHamCycle21, tgt: HamPathEnds) -> bool | str:
    """The target is bipartite (as a grid drawing of it must be)."""
    colour = _two_colour(tgt.num_vertices, tgt.edges)
    bad = [(a, b) for a, b in tgt.edges if colour[a] == colour[b]]
    return not bad or f"odd cycle through the edge {bad[0]}"


def _steps(path) -> set[frozenset]:
    order = [int(v) for v in path]
    return {frozenset(e) for e in zip(order, order[1:])}


def claim_tentacles(src, tgt, path, cycle) -> bool | str:
    """Each tentacle is covered by a U-turn from its tail's block or by one zigzag into its head's
    in-cell, the latter exactly for the arcs of the extracted cycle."""
    lay, steps = _layout(src), _steps(path)
    order = [int(v) for v in cycle]
    used = set(zip(order, order[1:] + order[:1]))
    for (u, w), (p, q) in lay.tentacle.items():
        x1, x2 = (lay.block[u][i] for i in SIDES[lay.side[(u, w)]])
        zigzag = {frozenset((x1, p)), frozenset((p, q)), frozenset((q, lay.cell[w]))} <= steps
        uturn = {frozenset((x1, p)), frozenset((p, q)), frozenset((q, x2))} <= steps
        if zigzag == uturn:
            return f"the tentacle of arc {(u, w)} is covered neither way (or both)"
        if zigzag != ((u, w) in used):
            return f"the tentacle of arc {(u, w)} is crossed against the cycle"
    return True


def claim_blocks_one_zigzag(src, tgt, path, cycle) -> bool | str:
    """Each out-block is entered at F and left through exactly one side's tentacle or corridor
    (one U-turn, one zigzag); each in-cell takes exactly one in-arc."""
    lay, steps = _layout(src), _steps(path)
    for u in lay.block:
        left = 0
        for a, w in lay.side:
            if a != u:
                continue
            if (a, w) in lay.tentacle:
                q = lay.tentacle[(a, w)][1]
                left += frozenset((q, lay.cell[w])) in steps
            else:
                left += 1  # a forced arc's corridor is always on the path
        if left != 1:
            return f"the block of vertex {u} is left through {left} arcs"
    for w, c in lay.cell.items():
        taken = sum(frozenset((q, c)) in steps for (_, b), (_, q) in lay.tentacle.items() if b == w)
        taken += sum(1 for _, b in lay.corridor if b == w)
        if taken != 1:
            return f"the in-cell of vertex {w} takes {taken} in-arcs"
    return True


CLAIMS = (
    Claim("pendants", f"s and t have degree 1, the graph max degree 3 ({SOURCE})", claim_pendants, TARGET_CLAIM),
    Claim("bipartite", f"the thickened graph is bipartite, as a grid graph is ({SOURCE})", claim_bipartite,
          TARGET_CLAIM),
    Claim("tentacles", f"each one-sided tentacle is U-turned from its tail or crossed by one zigzag, the latter "
                       f"exactly for the cycle's arcs ({SOURCE})", claim_tentacles, BACKWARD_CLAIM),
    Claim("blocks-one-zigzag", f"each out-block is left through exactly one out-arc, each in-cell entered through "
                               f"exactly one in-arc ({SOURCE})", claim_blocks_one_zigzag, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="dhamcycle-21-to-hampath-thick", source="dhamcycle-21", target="hampath-st",
    reference=SOURCE,
    checked=("every dhamcycle-21 digraph of 4 and 6 vertices and 300 random (339 cases: 150 yes, 189 no), the default "
             "streams with 20 planted and 20 certified-no (179 cases); the planar chain's digraphs from pm3sat"),
    notes="Lemma A.1's step 3 without the grid drawing: in-cells, length-8 out-blocks, one-sided tentacles, corridors",
)
