"""PV84's G4' -> Hamiltonian path from a degree-1 start s in a max-degree-3 grid graph: Brunner et
al., "Complexity of Solo Chess with Unlimited Moves", Appendix A, Lemma A.1 (1), the step of
Figure 8 in the first dumbbell only ("we can declare the vertex from vin1' to be the start vertex,
and optionally declare the vertex from vout1 to be the end vertex").

**Construction.** The l of :mod:`npw.reductions.hampath.dumbbells_to_st` in the first dumbbell
only, made s; no end t.

**Why.** As there: the first dumbbell's l forces Figure 8(c)'s route from s; the second dumbbell
still holds the other end (Figure 8(a)), at its v or v'. Forward: the source path rerouted through
the first dumbbell and started at l. Backward: the target path without s.

>>> from npw.instances.hampath.dumbbells import planted_with_path
>>> g, path = planted_with_path(seed=1, num_vertices=2)
>>> h = reduce(g)
>>> h.num_vertices, h.degree(h.s), h.t, h.verify(forward(g, path))
(47, 1, None, True)
"""

from __future__ import annotations

from npw.instances.hampath.dumbbells import HamPathDumbbells
from npw.instances.hampath.graph import HamPathGridStart
from npw.reductions.base import Reduction
from npw.reductions.hampath.dumbbells_to_st import (
    CLAIMS, backward, forward_with, provenance, reduce_with,  # noqa: F401 (the record's, by Reduction.of_module)
)

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "backward", "forward", "provenance", "reduce", "size"]

SOURCE = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Appendix A, Lemma A.1 (1) (Figure 8)"


def reduce(src: HamPathDumbbells) -> HamPathGridStart:
    return reduce_with(src, 1, HamPathGridStart)


def forward(src: HamPathDumbbells, path) -> tuple[int, ...]:
    """The source path rerouted through the first dumbbell (Figure 8(c)), l = s before it."""
    return forward_with(src, path, 1)


def size(src: HamPathDumbbells) -> dict[str, int]:
    """n + 1 vertices, m + 1 edges."""
    return {"vertices": src.num_vertices + 1, "edges": len(src.edges) + 1}


REDUCTION = Reduction.of_module(
    globals(),
    id="hampath-dumbbells-to-hampath-grid-s", source="hampath-dumbbells", target="hampath-grid-s",
    reference=SOURCE,
    checked="every host of up to 2 cells (11), 100 random, 20 planted, 20 certified-no",
)
