"""INDEPENDENT SET -> VERTEX COVER: Garey & Johnson (1979), Lemma 3.1: for a graph G = (V, E)
and V' a subset of V, V' is a vertex cover of G iff V - V' is an independent set of G. So G has
an independent set of k or more vertices iff it has a vertex cover of n - k or fewer (Karp
1972's CLIQUE -> NODE COVER is the same step after a complement).

The target is the same graph with k' = n - k; a certificate maps to its complement both ways.

>>> from npw.instances.graphs.graph import IndependentSet
>>> g = IndependentSet(3, ((0, 1), (1, 2)), 2)
>>> reduce(g), forward(g, (0, 2))
(VertexCover(num_vertices=3, edges=((0, 1), (1, 2)), k=1), (1,))
"""

from __future__ import annotations

from npw.instances.graphs.graph import IndependentSet, VertexCover
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim, Reduction
from npw.reductions.graphs.common import (
    complement_bound_size, complement_set, is_same_graph_complement_bound, same_graph_provenance,
)

__all__ = ["CLAIMS", "LEMMA", "REDUCTION", "backward", "forward", "reduce"]

LEMMA = "Garey & Johnson 1979, Lemma 3.1"


def reduce(src: IndependentSet) -> VertexCover:
    return VertexCover(src.num_vertices, src.edges, src.num_vertices - src.k)


def forward(src: IndependentSet, chosen) -> tuple[int, ...]:
    """The vertices outside the independent set."""
    return complement_set(src, chosen)


def backward(src: IndependentSet, tgt: VertexCover, cover) -> tuple[int, ...]:
    """The vertices outside the cover."""
    return complement_set(src, cover)


def _complement_is_cover(graph, inside) -> bool | str:
    outside = set(complement_set(graph, inside))
    uncovered = [e for e in graph.edges if e[0] not in outside and e[1] not in outside]
    return not uncovered or f"edge {uncovered[0]} has both ends in the independent set"


CLAIMS = (
    Claim("same-graph", f"the target is G itself with k' = n - k ({LEMMA})", is_same_graph_complement_bound),
    Claim("complement-covers", f"V - V' of an independent set V' is a vertex cover ({LEMMA})",
          lambda src, tgt, chosen, cover: _complement_is_cover(src, chosen), FORWARD_CLAIM),
    Claim("complement-independent", f"V - V' of a vertex cover V' is an independent set ({LEMMA})",
          lambda src, tgt, cover, chosen: src.accepts(frozenset(chosen)) or "the complement has an edge inside",
          BACKWARD_CLAIM),
)

REDUCTION = Reduction(
    id="indset-to-vertexcover",
    source="indset",
    target="vertexcover",
    reference=f"{LEMMA}; Karp 1972 (CLIQUE -> NODE COVER)",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=complement_bound_size,
    claims=CLAIMS,
    provenance=lambda src, tgt: same_graph_provenance(src),
    checked="every graph up to 7 vertices with every k (9,727), 300 random",
)
