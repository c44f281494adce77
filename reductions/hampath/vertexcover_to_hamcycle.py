"""VERTEX COVER -> HAMILTONIAN CYCLE: Garey & Johnson (1979), Theorem 3.4 (Section 3.1.4), with its
12-vertex cover-testing component.

**Construction** (the proof's steps, for a graph G = (V, E) and a bound K):

1. K *selector* vertices a_1, ..., a_K (numbered 0..K-1).
2. For each edge e = {u, v} (u < v, the e-th edge of the sorted list) a cover-testing component
   of 12 vertices (u, e, 1..6) and (v, e, 1..6), numbered K + 12e + 0..5 and K + 12e + 6..11, with
   14 edges: the two paths (u, e, 1) - ... - (u, e, 6) and (v, e, 1) - ... - (v, e, 6), and the
   rungs (u, e, 3) - (v, e, 1), (v, e, 3) - (u, e, 1), (u, e, 6) - (v, e, 4), (v, e, 6) - (u, e, 4).
   A Hamiltonian cycle passes a component in one of three ways: in and out on u's side covering
   all 12 (u alone covers e), the same from v's side, or u's side and v's side separately (both
   ends chosen).
3. For each vertex v, its edges e_v[1], ..., e_v[deg v] in the order of the edge list, chained:
   (v, e_v[i], 6) - (v, e_v[i+1], 1).
4. Every selector joined to both ends of every vertex's chain: a_j - (v, e_v[1], 1) and
   a_j - (v, e_v[deg v], 6).

A Hamiltonian cycle runs from a selector through one vertex's chain to the next selector: the K
chains it runs are a cover, and a cover of K vertices gives such a cycle.

**The cases the proof leaves out**, each found by the verifier on graphs of a few vertices:

* *K larger than the vertices with an edge.* Each selector needs a chain of its own, and an
  isolated vertex has none: with i isolated vertices the construction uses
  K' = min(K, n - i) selectors (the n - i vertices with an edge always cover G, so nothing is lost).
* *No edges.* Every K is a yes (the empty cover), but there are no components and nothing to
  close a cycle through: the target is a triangle (yes by construction).
* *K' = 0 with edges* (K = 0): no selector, so no chain can be entered; the components alone have
  no Hamiltonian cycle (an end of a chain, (v, e_v[1], 1) say, has the selectors as its only
  way out beside its own component), and the source is no. The construction stands as it is.

**Size.** K' + 12 m vertices; 14 m + (2 m - (n - i)) + 2 K' (n - i) edges (components, chains,
selectors); a triangle when m = 0. The targets grow fast: 4 vertices and 6 edges give 76 target
vertices. The position encoding (``hamcycle``'s ``sat``) answers targets of about 40 vertices in
0.1-2 s, the DP in 3-40 s, and both take a minute or time out from about 50 (4 edges); the edge
encoding with lazy subtour cuts (``sat-edges``, ``hamcycle``'s first decider) answers every target
of up to 7 source vertices (up to 259 vertices) in under 0.5 s. The random stream draws its own
sources (:func:`small_source`: at most ``SAMPLE_VERTICES`` = 7 vertices and ``SAMPLE_EDGES`` = 12
edges, so at most 151 target vertices) instead of the graph room's samples (up to 28 edges).

>>> from npw.instances.graphs.graph import VertexCover
>>> g = VertexCover(2, ((0, 1),), 1)
>>> t = reduce(g)
>>> t.num_vertices, len(t.edges)
(13, 18)
>>> forward(g, (0,))
(0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 4, 5, 6)
>>> backward(g, t, forward(g, (0,)))
(0,)
"""

from __future__ import annotations

from npw.instances.elements import edge_id, vertex_id
from npw.instances.graphs.graph import VertexCover
from npw.instances.hampath.cycle import HamCycle
from npw.instances.base import MAX_VERTICES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "COMPONENT", "REDUCTION", "SAMPLE_EDGES", "SAMPLE_VERTICES", "SOURCE", "TRIANGLE", "at",
           "backward", "chain_edges", "chain_ends", "claim_components", "claim_cover_size", "claim_three_ways",
           "claim_three_ways_back", "component_edges", "cover_of_size", "forward", "incident", "provenance", "reduce",
           "selectors", "size", "small_source", "with_edges"]

SOURCE = "Garey & Johnson 1979, Theorem 3.4 (VERTEX COVER -> HAMILTONIAN CIRCUIT)"
COMPONENT = 12  # vertices of a cover-testing component
TRIANGLE = HamCycle(3, ((0, 1), (1, 2), (0, 2)))  # the target when G has no edge


SAMPLE_VERTICES = 7
SAMPLE_EDGES = 12
"""The most vertices and edges of a random source (``source_sample``): K' + 12 m <= 7 + 144 = 151
target vertices, which hamcycle's edge encoding with lazy subtour cuts (``sat-edges``) settles in
under 0.5 s. The position encoding (``sat``, the first decider before it) took 5-60 s or timed out
from 4 edges (49-62 vertices), which had bounded this at 3 edges (BENCHMARKS.md)."""


def small_source(seed: int) -> VertexCover:
    """The random stream's source: 1..SAMPLE_VERTICES vertices, 0..SAMPLE_EDGES distinct edges drawn
    among the pairs, k drawn from 0..n (both answers common)."""
    import itertools
    import random

    rng = random.Random(seed)
    n = rng.randint(1, SAMPLE_VERTICES)
    pairs = list(itertools.combinations(range(n), 2))
    edges = rng.sample(pairs, rng.randint(0, min(SAMPLE_EDGES, len(pairs))))
    return VertexCover(n, tuple(edges), rng.randint(0, n))


def with_edges(src: VertexCover) -> list[int]:
    """The vertices that have an edge (the isolated ones have no chain)."""
    return [v for v in range(src.num_vertices) if src.degree(v) > 0]


def selectors(src: VertexCover) -> int:
    """K' = min(K, number of vertices with an edge)."""
    return min(src.k, len(with_edges(src)))


def incident(src: VertexCover, v: int) -> list[int]:
    """The indices of v's edges in the order of the edge list: the order of v's chain."""
    return [index for index, e in enumerate(src.edges) if v in e]


def at(src: VertexCover, v: int, index: int, position: int) -> int:
    """The target vertex (v, e, position) of the component of edge ``index`` (position 1..6)."""
    u, w = src.edges[index]
    side = 0 if v == u else 6
    assert v in (u, w)
    return selectors(src) + COMPONENT * index + side + position - 1


def component_edges(src: VertexCover, index: int) -> list[tuple[int, int]]:
    """The 14 edges of the cover-testing component of edge ``index`` (Step 2)."""
    u, v = src.edges[index]
    edges = []
    for end in (u, v):
        edges += [(at(src, end, index, i), at(src, end, index, i + 1)) for i in range(1, 6)]
    edges += [(at(src, u, index, 3), at(src, v, index, 1)), (at(src, v, index, 3), at(src, u, index, 1)),
              (at(src, u, index, 6), at(src, v, index, 4)), (at(src, v, index, 6), at(src, u, index, 4))]
    return edges


def chain_edges(src: VertexCover, v: int) -> list[tuple[int, int]]:
    """v's chain through its components (Step 3)."""
    order = incident(src, v)
    return [(at(src, v, a, 6), at(src, v, b, 1)) for a, b in zip(order, order[1:])]


def chain_ends(src: VertexCover, v: int) -> tuple[int, int]:
    order = incident(src, v)
    return at(src, v, order[0], 1), at(src, v, order[-1], 6)


def reduce(src: VertexCover) -> HamCycle:
    if not src.edges:
        return TRIANGLE
    # 12 vertices an edge: counted before the gadgets are built (100,000 edges ran past 20 s)
    refuse_target_size("vertexcover-to-hamcycle", "vertices", size(src)["vertices"], MAX_VERTICES, "MAX_VERTICES")
    k = selectors(src)
    edges = []
    for index in range(len(src.edges)):
        edges += component_edges(src, index)
    for v in with_edges(src):
        edges += chain_edges(src, v)
        first, last = chain_ends(src, v)
        edges += [(a, end) for a in range(k) for end in (first, last)]  # Step 4
    return HamCycle(k + COMPONENT * len(src.edges), tuple(edges))


def cover_of_size(src: VertexCover, cover) -> list[int]:
    """The cover's vertices with an edge, filled up with other such vertices to exactly K'."""
    chosen = [v for v in sorted({int(v) for v in cover}) if src.degree(v) > 0]
    spare = [v for v in with_edges(src) if v not in set(chosen)]
    return chosen + spare[:selectors(src) - len(chosen)]


def forward(src: VertexCover, cover) -> tuple[int, ...]:
    """a_1, the chain of the first cover vertex, a_2, the chain of the second, ...: each component
    passed whole from v's side when the edge's other end is not in the cover, else v's side only."""
    if not src.edges:
        return (0, 1, 2)
    chosen = cover_of_size(src, cover)
    inside = set(chosen)
    cycle: list[int] = []
    for selector, v in enumerate(chosen):
        cycle.append(selector)
        for index in incident(src, v):
            u, w = src.edges[index]
            other = w if v == u else u
            mine = [at(src, v, index, i) for i in range(1, 7)]
            if other in inside:
                cycle += mine
            else:
                cycle += mine[:3] + [at(src, other, index, i) for i in range(1, 7)] + mine[3:]
    return tuple(cycle)


def backward(src: VertexCover, tgt: HamCycle, cycle) -> tuple[int, ...]:
    """The vertices whose chain the cycle enters from a selector."""
    if not src.edges:
        return ()
    k = selectors(src)
    order = [int(w) for w in cycle]
    steps = list(zip(order, order[1:] + order[:1]))
    entered = set()
    for a, b in steps:
        for selector, other in ((a, b), (b, a)):
            if selector < k <= other:
                u, w = src.edges[(other - k) // COMPONENT]
                entered.add(u if (other - k) % COMPONENT < 6 else w)
    return tuple(sorted(entered))


def size(src: VertexCover) -> dict[str, int]:
    """K' + 12 m vertices, 14 m + (2 m - (n - i)) + 2 K' (n - i) edges; a triangle when m = 0."""
    m = len(src.edges)
    if m == 0:
        return {"vertices": 3, "edges": 3}
    k, active = selectors(src), len(with_edges(src))
    return {"vertices": k + COMPONENT * m, "edges": 14 * m + (2 * m - active) + 2 * k * active}


def provenance(src: VertexCover, tgt: HamCycle) -> dict[str, list[str]]:
    """An edge to its component (12 vertices, 14 edges); a vertex to its side of each of its
    components, its chain's edges and its edges to the selectors. An isolated vertex to nothing: the
    construction builds nothing for it (it counts only in capping K'), and the triangle of a graph
    without edges is a constant, built from no element."""
    if not src.edges:
        return {vertex_id(v): [] for v in range(src.num_vertices)}
    made: dict[str, list[str]] = {}
    k = selectors(src)
    for index, e in enumerate(src.edges):
        base = k + COMPONENT * index
        made[edge_id(e)] = ([vertex_id(base + i) for i in range(COMPONENT)]
                            + [edge_id((min(a, b), max(a, b))) for a, b in component_edges(src, index)])
    for v in range(src.num_vertices):
        if src.degree(v) == 0:
            made[vertex_id(v)] = []
            continue
        first, last = chain_ends(src, v)
        made[vertex_id(v)] = ([vertex_id(at(src, v, index, i)) for index in incident(src, v) for i in range(1, 7)]
                              + [edge_id((min(a, b), max(a, b))) for a, b in chain_edges(src, v)]
                              + [edge_id((a, end)) for a in range(k) for end in (first, last)])
    return made


def claim_components(src: VertexCover, tgt: HamCycle) -> bool | str | None:
    """Inside each component only the 14 edges of Step 2; outside, the (u, e, 2..5) have none."""
    if not src.edges:
        return None
    k = selectors(src)
    for index in range(len(src.edges)):
        base = k + COMPONENT * index
        inner = {(a, b) for a, b in tgt.edges if base <= a < base + COMPONENT and base <= b < base + COMPONENT}
        expected = {(min(a, b), max(a, b)) for a, b in component_edges(src, index)}
        if inner != expected:
            return f"component of edge {src.edges[index]} has {len(inner)} inner edges, not the 14 of Step 2"
        for offset in (1, 2, 3, 4, 7, 8, 9, 10):  # positions 2..5 on both sides
            if any(not base <= w < base + COMPONENT for w in tgt.neighbours(base + offset)):
                return f"vertex {base + offset} of edge {src.edges[index]}'s component has an edge leaving it"
    return True


def claim_three_ways(src, tgt, cover, cycle) -> bool | str | None:
    """The forward cycle passes each component in one of the three ways of the proof."""
    return _passes(src, cycle)


def claim_three_ways_back(src, tgt, cycle, cover) -> bool | str | None:
    """Any Hamiltonian cycle of the target passes each component in one of the three ways."""
    return _passes(src, cycle)


def _passes(src: VertexCover, cycle) -> bool | str | None:
    if not src.edges:
        return None
    k = selectors(src)
    order = [int(w) for w in cycle]
    position = {w: i for i, w in enumerate(order)}
    n = len(order)
    for index in range(len(src.edges)):
        base = k + COMPONENT * index
        # the component's vertices fall into runs of consecutive cycle positions
        inside = sorted(position[base + i] for i in range(COMPONENT))
        runs = 1 + sum(1 for a, b in zip(inside, inside[1:]) if b != a + 1)
        if inside[0] == 0 and inside[-1] == n - 1:
            runs -= 1  # a run wrapping round the cycle's start
        if runs not in (1, 2):
            return f"the cycle passes edge {src.edges[index]}'s component in {runs} stretches, not 1 or 2"
        if runs == 2:  # both sides separately: each stretch is one side's path
            for side in (0, 6):
                spots = sorted(position[base + side + i] for i in range(6))
                if spots[-1] - spots[0] != 5 and not (spots[0] == 0 and spots[-1] == n - 1):
                    return f"edge {src.edges[index]}'s component is passed twice but not side by side"
    return True


def claim_cover_size(src, tgt, cycle, cover) -> bool | str:
    return len(cover) <= selectors(src) or f"{len(cover)} chains entered, more than K' = {selectors(src)} selectors"


CLAIMS = (
    Claim("cover-testing-component", f"each edge's component has the 14 edges of Step 2 and only its corner "
          f"vertices (u, e, 1), (u, e, 6), (v, e, 1), (v, e, 6) have edges leaving it ({SOURCE})", claim_components,
          TARGET_CLAIM),
    Claim("three-ways-forward", f"the cycle built from a cover passes each component whole from one side, or each "
          f"side on its own ({SOURCE})", claim_three_ways, FORWARD_CLAIM),
    Claim("three-ways", f"any Hamiltonian cycle passes each component in one of the three ways ({SOURCE})",
          claim_three_ways_back, BACKWARD_CLAIM),
    Claim("one-chain-per-selector", f"a Hamiltonian cycle enters at most K chains from the selectors ({SOURCE})",
          claim_cover_size, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="vertexcover-to-hamcycle", source="vertexcover", target="hamcycle",
    reference=SOURCE,
    source_sample=small_source,
    checked=("every graph up to 7 vertices with every k (9,727), 300 random of up to 7 vertices and 12 "
             "edges (targets up to 151 vertices); targets decided by the edge encoding"),
)
