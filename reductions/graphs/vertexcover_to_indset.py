"""VERTEX COVER -> INDEPENDENT SET: Garey & Johnson (1979), Lemma 3.1 read the other way: G has
a vertex cover of k or fewer vertices iff it has an independent set of n - k or more.

The target is the same graph with k' = n - k; a certificate maps to its complement both ways.

>>> from npw.instances.graphs.graph import VertexCover
>>> g = VertexCover(3, ((0, 1), (1, 2)), 1)
>>> reduce(g), forward(g, (1,)), backward(g, reduce(g), (0, 2))
(IndependentSet(num_vertices=3, edges=((0, 1), (1, 2)), k=2), (0, 2), (1,))
"""

from __future__ import annotations

from npw.instances.graphs.graph import IndependentSet, VertexCover
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim, Reduction
from npw.reductions.graphs.common import (
    complement_bound_size, complement_set, is_same_graph_complement_bound, same_graph_provenance,
)

__all__ = ["CLAIMS", "LEMMA", "REDUCTION", "backward", "forward", "reduce"]

LEMMA = "Garey & Johnson 1979, Lemma 3.1"


def reduce(src: VertexCover) -> IndependentSet:
    return IndependentSet(src.num_vertices, src.edges, src.num_vertices - src.k)


def forward(src: VertexCover, cover) -> tuple[int, ...]:
    """The vertices outside the cover."""
    return complement_set(src, cover)


def backward(src: VertexCover, tgt: IndependentSet, chosen) -> tuple[int, ...]:
    """The vertices outside the independent set."""
    return complement_set(src, chosen)


CLAIMS = (
    Claim("same-graph", f"the target is G itself with k' = n - k ({LEMMA})", is_same_graph_complement_bound),
    Claim("complement-independent", f"V - V' of a vertex cover V' is an independent set ({LEMMA})",
          lambda src, tgt, cover, chosen: tgt.accepts(frozenset(chosen)) or "the complement has an edge inside",
          FORWARD_CLAIM),
    Claim("complement-covers", f"V - V' of an independent set V' is a vertex cover ({LEMMA})",
          lambda src, tgt, chosen, cover: src.accepts(frozenset(cover)) or "an edge is left uncovered",
          BACKWARD_CLAIM),
)

REDUCTION = Reduction(
    id="vertexcover-to-indset",
    source="vertexcover",
    target="indset",
    reference=LEMMA,
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=complement_bound_size,
    claims=CLAIMS,
    provenance=lambda src, tgt: same_graph_provenance(src),
    checked="every graph up to 7 vertices with every k (9,727), 300 random",
)
