"""VERTEX COVER -> DOMINATING SET: Garey & Johnson (1979), problem GT2 ("transformation from
VERTEX COVER"), in the form the textbooks give it: keep G and add, for every edge u-v, a new
vertex w_uv adjacent to u and v (a triangle on each edge).

A new vertex w_uv is dominated only by w_uv, u or v, and replacing w_uv by u never loses
anything, so a dominating set becomes a cover of the same size or smaller; a cover dominates
every w_uv and every vertex with an edge. The step the short proofs leave out: an *isolated*
vertex of G is in no cover's duty but must dominate itself. With i isolated vertices the bound is

    k' = min(k, n - i) + i

(min: the n - i vertices with an edge always cover G, so a larger k says nothing more and
k' stays within the target's vertices). Vertex w_uv is numbered n + (the edge's index in the
sorted edge list).

>>> from npw.instances.graphs.graph import VertexCover
>>> g = VertexCover(3, ((0, 1),), 1)  # vertex 2 is isolated
>>> t = reduce(g)
>>> t.num_vertices, t.edges, t.k
(4, ((0, 1), (0, 3), (1, 3)), 2)
>>> forward(g, (1,)), backward(g, t, (2, 3))
((1, 2), (0,))
"""

from __future__ import annotations

from npw.instances.elements import edge_id, vertex_id
from npw.instances.graphs.graph import DominatingSet, VertexCover
from npw.instances.base import MAX_VERTICES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "backward", "bound", "claim_isolated_chosen", "claim_not_larger",
           "claim_triangles", "forward", "isolated", "provenance", "reduce", "size"]

SOURCE = "Garey & Johnson 1979, GT2 (from VERTEX COVER)"


def isolated(src: VertexCover) -> list[int]:
    return [v for v in range(src.num_vertices) if src.degree(v) == 0]


def bound(src: VertexCover) -> int:
    lonely = len(isolated(src))
    return min(src.k, src.num_vertices - lonely) + lonely


def reduce(src: VertexCover) -> DominatingSet:
    n = src.num_vertices
    refuse_target_size("vertexcover-to-domset", "vertices", n + len(src.edges), MAX_VERTICES, "MAX_VERTICES")
    edges = list(src.edges)
    for index, (u, v) in enumerate(src.edges):  # the new vertex of each edge, joined to both ends
        edges += [(u, n + index), (v, n + index)]
    return DominatingSet(n + len(src.edges), tuple(edges), bound(src))


def forward(src: VertexCover, cover) -> tuple[int, ...]:
    """The cover's vertices that have an edge, and every isolated vertex."""
    chosen = {int(v) for v in cover if src.degree(int(v)) > 0} | set(isolated(src))
    return tuple(sorted(chosen))


def backward(src: VertexCover, tgt: DominatingSet, dominating) -> tuple[int, ...]:
    """Each new vertex w_uv replaced by u; the isolated vertices dropped."""
    n = src.num_vertices
    cover = set()
    for w in (int(v) for v in dominating):
        vertex = src.edges[w - n][0] if w >= n else w
        if src.degree(vertex) > 0:
            cover.add(vertex)
    return tuple(sorted(cover))


def size(src: VertexCover) -> dict[str, int]:
    """n + m vertices, 3m edges, k' = min(k, n - i) + i."""
    m = len(src.edges)
    return {"vertices": src.num_vertices + m, "edges": 3 * m, "k": bound(src)}


def provenance(src: VertexCover, tgt: DominatingSet) -> dict[str, list[str]]:
    """A vertex to itself; an edge to itself, its new vertex and the new vertex's two edges."""
    n = src.num_vertices
    made = {vertex_id(v): [vertex_id(v)] for v in range(n)}
    for index, (u, v) in enumerate(src.edges):
        w = n + index
        made[edge_id((u, v))] = [edge_id((u, v)), vertex_id(w), edge_id((u, w)), edge_id((v, w))]
    return made


def claim_triangles(src: VertexCover, tgt: DominatingSet) -> bool | str:
    n = src.num_vertices
    for index, (u, v) in enumerate(src.edges):
        if tgt.neighbours(n + index) != {u, v}:
            return f"new vertex {n + index} of edge {u}-{v} has neighbours {sorted(tgt.neighbours(n + index))}"
    return True


def claim_isolated_chosen(src, tgt, cover, dominating) -> bool | str:
    missing = [v for v in isolated(src) if v not in set(dominating)]
    return not missing or f"isolated vertices {missing[:3]} not chosen"


def claim_not_larger(src, tgt, dominating, cover) -> bool | str:
    return len(cover) <= len(set(dominating)) - len(isolated(src)) or \
        f"the cover has {len(cover)} vertices, more than the {len(set(dominating))} chosen less the isolated ones"


CLAIMS = (
    Claim("edge-triangles", f"each new vertex w_uv is adjacent to exactly u and v ({SOURCE})", claim_triangles,
          TARGET_CLAIM),
    Claim("isolated-dominate-themselves", f"an isolated vertex is in every dominating set, so the yes-direction "
          f"takes it ({SOURCE}; the isolated-vertex case)", claim_isolated_chosen, FORWARD_CLAIM),
    Claim("swap-never-grows", f"replacing w_uv by u and dropping isolated vertices gives a cover no larger than "
          f"the dominating set less the isolated vertices ({SOURCE})", claim_not_larger, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="vertexcover-to-domset", source="vertexcover", target="domset",
    reference=SOURCE,
    checked="every graph up to 7 vertices with every k (9,727), 300 random",
)
