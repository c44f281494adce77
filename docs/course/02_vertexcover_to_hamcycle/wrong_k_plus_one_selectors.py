"""Assignment 2, a wrong submission: K + 1 selector vertices ("one more to close the cycle")."""

from __future__ import annotations

from npw.api import HamCycle, Reduction, VertexCover

TRIANGLE = HamCycle(3, ((0, 1), (1, 2), (0, 2)))


def vertices_with_an_edge(graph: VertexCover) -> list[int]:
    return [v for v in range(graph.num_vertices) if graph.degree(v) > 0]


def selector_count(graph: VertexCover) -> int:
    """K' = min(K, number of vertices that have an edge)."""
    # MISTAKE: one selector too many, "one more to close the cycle": a cover of K + 1 now suffices
    return min(graph.k + 1, len(vertices_with_an_edge(graph)))


def edges_of(graph: VertexCover, v: int) -> list[int]:
    """The indices of v's edges, in the order of the edge list: the order of v's chain."""
    return [e for e, (a, b) in enumerate(graph.edges) if v in (a, b)]


def node(graph: VertexCover, v: int, e: int, position: int) -> int:
    """The number of the component vertex (v, e, position), position 1..6."""
    u, w = graph.edges[e]
    side = 0 if v == u else 6
    return selector_count(graph) + 12 * e + side + position - 1


def component(graph: VertexCover, e: int) -> list[tuple[int, int]]:
    """The 14 edges of edge e's cover-testing component."""
    u, v = graph.edges[e]
    edges = []
    for end in (u, v):  # the two sides' paths
        edges += [(node(graph, end, e, i), node(graph, end, e, i + 1)) for i in range(1, 6)]
    edges += [(node(graph, u, e, 3), node(graph, v, e, 1)),  # the four rungs
              (node(graph, v, e, 3), node(graph, u, e, 1)),
              (node(graph, u, e, 6), node(graph, v, e, 4)),
              (node(graph, v, e, 6), node(graph, u, e, 4))]
    return edges


def reduce(graph: VertexCover) -> HamCycle:
    if not graph.edges:
        return TRIANGLE
    k = selector_count(graph)
    edges = []
    for e in range(len(graph.edges)):
        edges += component(graph, e)
    for v in vertices_with_an_edge(graph):
        chain = edges_of(graph, v)
        edges += [(node(graph, v, a, 6), node(graph, v, b, 1)) for a, b in zip(chain, chain[1:])]
        first, last = node(graph, v, chain[0], 1), node(graph, v, chain[-1], 6)
        edges += [(a, end) for a in range(k) for end in (first, last)]
    return HamCycle(k + 12 * len(graph.edges), tuple(edges))


def forward(graph: VertexCover, cover) -> tuple[int, ...]:
    """A cover -> the cycle a_0, chain of the 1st cover vertex, a_1, chain of the 2nd, ..."""
    if not graph.edges:
        return (0, 1, 2)
    # only vertices with an edge have a chain; fill up to exactly K' chains with spare ones
    chosen = sorted({int(v) for v in cover if graph.degree(int(v)) > 0})
    spare = [v for v in vertices_with_an_edge(graph) if v not in chosen]
    chosen += spare[:selector_count(graph) - len(chosen)]
    in_cover = set(chosen)
    cycle = []
    for selector, v in enumerate(chosen):
        cycle.append(selector)
        for e in edges_of(graph, v):
            a, b = graph.edges[e]
            other = b if v == a else a
            mine = [node(graph, v, e, i) for i in range(1, 7)]
            if other in in_cover:  # the other end runs its own side: pass only v's side
                cycle += mine
            else:  # v alone covers e: pass all 12, crossing over after (v,e,3), back at (v,e,4)
                cycle += mine[:3] + [node(graph, other, e, i) for i in range(1, 7)] + mine[3:]
    return tuple(cycle)


def backward(graph: VertexCover, target: HamCycle, cycle) -> tuple[int, ...]:
    """A Hamiltonian cycle -> the vertices whose chain the cycle enters from a selector."""
    if not graph.edges:
        return ()
    k = selector_count(graph)
    order = [int(x) for x in cycle]
    cover = set()
    for a, b in zip(order, order[1:] + order[:1]):
        for selector, other in ((a, b), (b, a)):
            if selector < k <= other:  # a selector next to a component vertex: a chain's end
                e, offset = divmod(other - k, 12)
                u, w = graph.edges[e]
                cover.add(u if offset < 6 else w)
    return tuple(sorted(cover))


def size(graph: VertexCover) -> dict[str, int]:
    """K' + 12m vertices; 14m component edges, 2m - n' chain edges and 2K'n' selector edges
    (n' vertices with an edge); a triangle when m = 0."""
    m = len(graph.edges)
    if m == 0:
        return {"vertices": 3, "edges": 3}
    k, active = selector_count(graph), len(vertices_with_an_edge(graph))
    return {"vertices": k + 12 * m, "edges": 14 * m + (2 * m - active) + 2 * k * active}


REDUCTION = Reduction(
    id="wrong_k_plus_one_selectors-course-vertexcover-to-hamcycle",
    source="vertexcover",
    target="hamcycle",
    reference="Garey & Johnson 1979, Theorem 3.4",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)
