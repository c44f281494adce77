"""DIRECTED HAMILTONIAN CYCLE with in/out degrees (2, 1) / (1, 2) -> HAMILTONIAN PATH between
degree-1 ends in a max-degree-3 graph: Papadimitriou & Vazirani (1984), Figure 2, as Brunner et al.,
"Complexity of Solo Chess with Unlimited Moves", Appendix A (proof of Lemma A.1) describes it.
PV84's figure is not in the seed: the construction below is ours, to the seed's description
("replaces one vertex v1 of G1 with a gadget of four vertices that includes two degree-1 vertices
vin1' and vout1").

**Construction.** Every vertex v becomes in_v = 2v and out_v = 2v + 1, joined by an edge, except
v1 = vertex 0; every arc u -> w becomes the edge out_u - in_w. Vertex 0 becomes four vertices:
in_0 = 0 (with the in-arcs' edges), out_0 = 1 (with the out-arcs' edges; PV84's vout1'), not
joined, and two pendants: s = vin1' = 2n on in_0, t = vout1 = 2n + 1 on out_0. So 2n + 2
vertices, (n - 1) + 3n/2 + 2 edges; in_v has degree in(v) + 1 <= 3, out_v out(v) + 1 <= 3: max
degree 3, and the graph is bipartite (the ins and t against the outs and s).

**Why.** A Hamiltonian path runs from s to t (both degree 1). A vertex of kind (2, 1) has out_v of
degree 2 and one of kind (1, 2) in_v of degree 2; neither is an end, so both its edges are on the
path, the edge in_v - out_v among them: every in_v - out_v edge is used (:func:`claim_pairs_used`).
Then each in_w (and in_0, beside s) takes exactly one arc edge, and each out_u (out_0 beside t)
exactly one: the arc edges used are a bijection u -> w along arcs, a cycle cover of the digraph,
and the path is connected, so it is one cycle: a directed Hamiltonian cycle, read backwards along
the path (the path runs s, in_0, out_u, in_u, ... against the arcs). Backwards, a cycle
0 -> c_1 -> ... -> c_{n-1} -> 0 gives s, in_0, out_{c_{n-1}}, in_{c_{n-1}}, ..., in_{c_1}, out_0, t.

>>> from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
>>> d = DirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)])
>>> g = reduce(d)
>>> g.num_vertices, len(g.edges), (g.s, g.t), g.max_degree()
(10, 11, (8, 9), 3)
>>> forward(d, (0, 1, 2, 3)), backward(d, g, forward(d, (0, 1, 2, 3)))
((8, 0, 7, 6, 5, 4, 3, 2, 1, 9), (0, 1, 2, 3))
"""

from __future__ import annotations

from npw.instances.base import MAX_VERTICES
from npw.instances.elements import arc_id, edge_id, vertex_id
from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21, is_planar
from npw.instances.hampath.graph import HamPathEnds
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "V1", "backward", "claim_bipartite", "claim_pairs_used", "claim_pendants",
           "claim_planar_kept", "ends", "forward", "pair", "provenance", "reduce", "size"]

SOURCE = ("Papadimitriou & Vazirani 1984, Figure 2 (as Brunner et al., Solo Chess with unlimited moves, Appendix A, "
          "proof of Lemma A.1, describes it; the gadget ours)")
V1 = 0  # the vertex v1 that is cut open into the two ends


def pair(v: int) -> tuple[int, int]:
    """in_v, out_v."""
    return 2 * v, 2 * v + 1


def ends(src: DirectedHamCycle21) -> tuple[int, int]:
    """s = vin1' (the pendant on in_0) and t = vout1 (the pendant on out_0)."""
    return 2 * src.num_vertices, 2 * src.num_vertices + 1


def reduce(src: DirectedHamCycle21) -> HamPathEnds:
    refuse_target_size("dhamcycle-21-to-hampath-st", "vertices", 2 * src.num_vertices + 2, MAX_VERTICES,
                       "MAX_VERTICES")
    s, t = ends(src)
    edges = [pair(v) for v in range(src.num_vertices) if v != V1]
    edges += [(pair(u)[1], pair(w)[0]) for u, w in src.edges]  # arc u -> w: out_u - in_w
    edges += [(pair(V1)[0], s), (pair(V1)[1], t)]
    return HamPathEnds(2 * src.num_vertices + 2, tuple(edges), s, t)


def forward(src: DirectedHamCycle21, cycle) -> tuple[int, ...]:
    """The cycle from v1, backwards: s, in_0, out_{c_{n-1}}, in_{c_{n-1}}, ..., in_{c_1}, out_0, t."""
    order = [int(v) for v in cycle]
    at = order.index(V1)
    order = order[at:] + order[:at]
    s, t = ends(src)
    middle = [w for v in reversed(order[1:]) for w in (pair(v)[1], pair(v)[0])]
    return (s, pair(V1)[0], *middle, pair(V1)[1], t)


def backward(src: DirectedHamCycle21, tgt: HamPathEnds, path) -> tuple[int, ...]:
    """The in-vertices in the path's order from s, reversed: the cycle from v1."""
    order = [int(v) for v in path]
    if order[0] != ends(src)[0]:
        order.reverse()
    ins = [w // 2 for w in order[1:-1] if w % 2 == 0]
    return (ins[0], *reversed(ins[1:]))


def size(src: DirectedHamCycle21) -> dict[str, int]:
    """2n + 2 vertices; n - 1 pair edges, one per arc, 2 pendants."""
    return {"vertices": 2 * src.num_vertices + 2, "edges": src.num_vertices - 1 + len(src.edges) + 2}


def provenance(src: DirectedHamCycle21, tgt: HamPathEnds) -> dict[str, list[str]]:
    """A vertex to its in and out (and their edge; v1 to the pendants); an arc to its edge."""
    made = {}
    s, t = ends(src)
    for v in range(src.num_vertices):
        into, out = pair(v)
        made[vertex_id(v)] = [vertex_id(into), vertex_id(out)]
        made[vertex_id(v)] += [edge_id((into, out))] if v != V1 else \
            [vertex_id(s), vertex_id(t), edge_id((into, s)), edge_id((out, t))]
    for u, w in src.edges:
        a, b = pair(u)[1], pair(w)[0]
        made[arc_id((u, w))] = [edge_id((min(a, b), max(a, b)))]
    return made


def claim_pendants(src: DirectedHamCycle21, tgt: HamPathEnds) -> bool | str:
    s, t = ends(src)
    if tgt.neighbours(s) != {pair(V1)[0]} or tgt.neighbours(t) != {pair(V1)[1]}:
        return "s and t are not the pendants on in_0 and out_0"
    return tgt.max_degree() <= 3 or f"max degree {tgt.max_degree()}"


def claim_bipartite(src: DirectedHamCycle21, tgt: HamPathEnds) -> bool | str:
    """G2 "turns out to be bipartite": ins and t on one side, outs and s on the other."""
    s, t = ends(src)
    side = {v: v % 2 for v in range(2 * src.num_vertices)} | {s: 1, t: 0}
    bad = [(u, v) for u, v in tgt.edges if side[u] == side[v]]
    return not bad or f"edge {bad[0]} inside one side"


def claim_planar_kept(src: DirectedHamCycle21, tgt: HamPathEnds) -> bool | str | None:
    """A planar G1 gives a planar G2 (what the grid drawing of Lemma A.1's step 3 needs): G2 is G1
    with each vertex cut in two, its in-arcs on one side and its out-arcs on the other, and with
    three arcs at a vertex any two are neighbours in a drawing. Not applicable to a non-planar G1."""
    if not is_planar(src.num_vertices, src.edges):
        return None
    return is_planar(tgt.num_vertices, tgt.edges) or "G1 is planar and G2 is not"


def claim_pairs_used(src, tgt, path, cycle) -> bool | str:
    """Every in_v - out_v edge (v != v1) lies on the path."""
    steps = {frozenset(e) for e in zip(path, path[1:])}
    missing = [v for v in range(src.num_vertices) if v != V1 and frozenset(pair(v)) not in steps]
    return not missing or f"the path skips the edge in_{missing[0]} - out_{missing[0]}"


CLAIMS = (
    Claim("pendants", f"vin1' and vout1 have degree 1, the graph max degree 3 ({SOURCE})", claim_pendants,
          TARGET_CLAIM),
    Claim("bipartite", f"G2 turns out to be bipartite ({SOURCE})", claim_bipartite, TARGET_CLAIM),
    Claim("planar-kept", f"a planar G1 gives a planar G2 ({SOURCE})", claim_planar_kept, TARGET_CLAIM),
    Claim("pairs-used", f"every Hamiltonian path uses each edge in_v - out_v: one of them has degree 2 ({SOURCE})",
          claim_pairs_used, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="dhamcycle-21-to-hampath-st", source="dhamcycle-21", target="hampath-st",
    reference=SOURCE,
    checked="every digraph of 4 and 6 vertices, 100 random, 20 planted, 20 certified-no",
)
