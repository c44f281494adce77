"""CLIQUE -> INDEPENDENT SET: Garey & Johnson (1979), Lemma 3.1 read the other way: V' is a
clique of G iff it is an independent set of the complement graph.

>>> from npw.instances.graphs.graph import Clique
>>> g = Clique(3, ((0, 1), (0, 2), (1, 2)), 3)
>>> reduce(g), forward(g, (2, 0, 1))
(IndependentSet(num_vertices=3, edges=(), k=3), (0, 1, 2))
"""

from __future__ import annotations

from npw.instances.graphs.graph import Clique, IndependentSet
from npw.reductions.base import TARGET_CLAIM, Claim, Reduction, refuse_target_size
from npw.reductions.graphs.common import complement_provenance
from npw.reductions.graphs.indset_to_clique import LEMMA, backward, claim_complement, complement_edges, forward

__all__ = ["REDUCTION", "backward", "forward", "reduce"]


def reduce(src: Clique) -> IndependentSet:
    refuse_target_size("clique-to-indset", "edges", complement_edges(src))
    return IndependentSet(src.num_vertices, src.non_edges(), src.k)


REDUCTION = Reduction(
    id="clique-to-indset",
    source="clique",
    target="indset",
    reference=LEMMA,
    reduce=reduce,
    forward=forward,  # the same vertex set, as for independent set -> clique
    backward=backward,
    size=lambda src: {"vertices": src.num_vertices,
                      "edges": src.num_vertices * (src.num_vertices - 1) // 2 - len(src.edges), "k": src.k},
    claims=(Claim("complement", f"the target's edges are exactly the pairs that are not edges of G, k unchanged "
                  f"({LEMMA})", lambda src, tgt: claim_complement(src, tgt) if tgt.k == src.k else "k changed",
                  TARGET_CLAIM),),
    provenance=lambda src, tgt: complement_provenance(src),
    checked="every graph up to 7 vertices with every k (9,727), 300 random",
)
