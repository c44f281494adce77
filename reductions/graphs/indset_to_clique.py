"""INDEPENDENT SET -> CLIQUE: Garey & Johnson (1979), Lemma 3.1: V' is an independent set of G
iff V' is a clique of the complement graph (the same vertices, an edge exactly where G has none).
Karp (1972) and Sipser (Theorem 7.32's corollaries) use the same complement.

The target is the complement with the same k; a certificate is the same vertex set both ways.

>>> from npw.instances.graphs.graph import IndependentSet
>>> g = IndependentSet(3, ((0, 1),), 2)
>>> reduce(g)
Clique(num_vertices=3, edges=((0, 2), (1, 2)), k=2)
"""

from __future__ import annotations

from npw.instances.graphs.graph import Clique, IndependentSet
from npw.reductions.base import TARGET_CLAIM, Claim, Reduction, refuse_target_size
from npw.reductions.graphs.common import complement_provenance

__all__ = ["CLAIMS", "LEMMA", "REDUCTION", "backward", "claim_complement", "complement_edges", "forward", "reduce"]

LEMMA = "Garey & Johnson 1979, Lemma 3.1"


def complement_edges(src) -> int:
    """The number of edges of the complement graph (refused past MAX_TARGET_ELEMENTS)."""
    return src.num_vertices * (src.num_vertices - 1) // 2 - len(src.edges)


def reduce(src: IndependentSet) -> Clique:
    refuse_target_size("indset-to-clique", "edges", complement_edges(src))
    return Clique(src.num_vertices, src.non_edges(), src.k)


def forward(src: IndependentSet, chosen) -> tuple[int, ...]:
    """The same vertices: independent in G, pairwise adjacent in the complement."""
    return tuple(sorted(int(v) for v in chosen))


def backward(src: IndependentSet, tgt: Clique, chosen) -> tuple[int, ...]:
    """The same vertices: a clique of the complement, independent in G."""
    return tuple(sorted(int(v) for v in chosen))


def claim_complement(src, tgt) -> bool | str:
    """Every pair u < v is an edge of exactly one of the two graphs, and neither has a loop."""
    both = set(src.edges) & set(tgt.edges)
    total = len(src.edges) + len(tgt.edges)
    pairs = src.num_vertices * (src.num_vertices - 1) // 2
    return (not both and total == pairs) or f"{len(both)} pairs are edges of both graphs, {pairs - total + len(both)} of neither"


CLAIMS = (
    Claim("complement", f"the target's edges are exactly the pairs that are not edges of G, k unchanged ({LEMMA})",
          lambda src, tgt: claim_complement(src, tgt) if tgt.k == src.k else "k changed", TARGET_CLAIM),
)

REDUCTION = Reduction(
    id="indset-to-clique",
    source="indset",
    target="clique",
    reference=f"{LEMMA}; Karp 1972",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=lambda src: {"vertices": src.num_vertices,
                      "edges": src.num_vertices * (src.num_vertices - 1) // 2 - len(src.edges), "k": src.k},
    claims=CLAIMS,
    provenance=lambda src, tgt: complement_provenance(src),
    checked="every graph up to 7 vertices with every k (9,727), 300 random",
)
