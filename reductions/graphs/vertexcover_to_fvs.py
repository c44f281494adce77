"""VERTEX COVER -> FEEDBACK VERTEX SET (directed): Karp (1972), "Reducibility among
combinatorial problems", the reduction to FEEDBACK NODE SET; Garey & Johnson (1979), GT7
("transformation from VERTEX COVER").

Keep the vertices and k; every edge u-v becomes the two opposite arcs u -> v and v -> u. A
2-cycle {u, v} is broken only by deleting u or v, so a feedback vertex set covers every edge;
and deleting a vertex cover deletes an end of every arc, leaving no arc at all, hence no cycle.
Certificates map to themselves both ways.

>>> from npw.instances.graphs.graph import VertexCover
>>> g = VertexCover(3, ((0, 1), (1, 2)), 1)
>>> t = reduce(g)
>>> t.arcs, t.k, forward(g, (1,)), backward(g, t, (1,))
(((0, 1), (1, 0), (1, 2), (2, 1)), 1, (1,), (1,))
"""

from __future__ import annotations

from npw.instances.elements import arc_id, edge_id, vertex_id
from npw.instances.graphs.digraph import FeedbackVertexSet
from npw.instances.graphs.graph import VertexCover
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "backward", "claim_breaks_every_two_cycle", "claim_no_arc_left",
           "claim_two_cycles", "forward", "opposite_arcs", "provenance", "reduce", "size"]

SOURCE = "Karp 1972 (FEEDBACK NODE SET from VERTEX COVER); Garey & Johnson 1979, GT7"


def opposite_arcs(src: VertexCover) -> tuple[tuple[int, int], ...]:
    """Both directions of every edge."""
    return tuple(arc for u, v in src.edges for arc in ((u, v), (v, u)))


def reduce(src: VertexCover) -> FeedbackVertexSet:
    return FeedbackVertexSet(src.num_vertices, opposite_arcs(src), src.k)


def forward(src: VertexCover, cover) -> tuple[int, ...]:
    """The cover itself."""
    return tuple(sorted(int(v) for v in cover))


def backward(src: VertexCover, tgt: FeedbackVertexSet, deleted) -> tuple[int, ...]:
    """The feedback vertex set itself."""
    return tuple(sorted(int(v) for v in deleted))


def size(src: VertexCover) -> dict[str, int]:
    """n vertices, 2m arcs, the same k."""
    return {"vertices": src.num_vertices, "arcs": 2 * len(src.edges), "k": src.k}


def provenance(src: VertexCover, tgt: FeedbackVertexSet) -> dict[str, list[str]]:
    """A vertex to itself; an edge to its two arcs."""
    made = {vertex_id(v): [vertex_id(v)] for v in range(src.num_vertices)}
    made.update({edge_id((u, v)): [arc_id((u, v)), arc_id((v, u))] for u, v in src.edges})
    return made


def claim_two_cycles(src: VertexCover, tgt: FeedbackVertexSet) -> bool | str:
    expected = tuple(sorted(opposite_arcs(src)))
    if tgt.num_vertices != src.num_vertices or tgt.k != src.k:
        return "the vertices or the bound differ"
    return tgt.arcs == expected or f"the arcs are {list(tgt.arcs)[:4]}..., not the edges' opposite pairs"


def claim_no_arc_left(src, tgt, cover, deleted) -> bool | str:
    gone = set(deleted)
    left = [a for a in tgt.arcs if a[0] not in gone and a[1] not in gone]
    return not left or f"arcs {left[:3]} survive the cover's deletion"


def claim_breaks_every_two_cycle(src, tgt, deleted, cover) -> bool | str:
    chosen = set(cover)
    missed = [e for e in src.edges if e[0] not in chosen and e[1] not in chosen]
    return not missed or f"the 2-cycles of edges {missed[:3]} are not broken"


CLAIMS = (
    Claim("edge-two-cycles", f"the digraph has the same vertices and k, and exactly the two arcs u->v, v->u of "
          f"each edge ({SOURCE})", claim_two_cycles, TARGET_CLAIM),
    Claim("cover-deletes-every-arc", f"deleting a vertex cover leaves no arc, so no cycle ({SOURCE})",
          claim_no_arc_left, FORWARD_CLAIM),
    Claim("fvs-breaks-two-cycles", f"a feedback vertex set meets each edge's 2-cycle, so it covers the edge "
          f"({SOURCE})", claim_breaks_every_two_cycle, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="vertexcover-to-fvs", source="vertexcover", target="fvs",
    reference=SOURCE,
    checked="every graph up to 7 vertices with every k (9,727), 300 random",
)
