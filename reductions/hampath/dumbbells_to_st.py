"""PV84's G4' -> Hamiltonian path between degree-1 ends s and t in a max-degree-3 grid graph:
Brunner et al., "Complexity of Solo Chess with Unlimited Moves", Appendix A, Lemma A.1 (2), the
step of Figure 8 (the pendant vertex l below v in each dumbbell).

**Construction** (:func:`pendants`). In each of the two pinned dumbbells (the first is the one
whose v has the smaller coordinates) add the vertex l at the grid point below v (in the dumbbell's
placement); s = the first l, t = the second. The points around l are empty (the source problem
says so), so l has degree 1 and v degree 3: the target is a max-degree-3 grid graph.

**Why** (Figure 8(a)-(c); the gadgets' exhaustive checks in ``tests/test_lemma_a1_gadgets.py``).
Each dumbbell is joined to the rest by its pin only, so it holds an end of every Hamiltonian path,
and a path entering it through the pin ends at v or v' after a forced route from p to b; v and v'
cover the same cells, so a path ending at v' is rerouted to end at v, then l is appended: forward.
With l, the only way through the dumbbell from the pin is Figure 8(c)'s, ending at l; dropping s
and t leaves a Hamiltonian path of the source: backward.

>>> from npw.instances.hampath.dumbbells import planted_with_path
>>> g, path = planted_with_path(seed=1, num_vertices=2)
>>> h = reduce(g)
>>> (h.num_vertices, g.num_vertices), h.degree(h.s), h.degree(h.t), h.max_degree()
((48, 46), 1, 1, 3)
>>> h.verify(forward(g, path)), g.verify(backward(g, h, forward(g, path)))
(True, True)
"""

from __future__ import annotations

from npw.instances.elements import edge_id, vertex_id
from npw.instances.hampath.dumbbells import HamPathDumbbells, Placement, dumbbell_placements
from npw.instances.hampath.graph import HamPath, HamPathEnds, grid_edges
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "backward", "claim_ends_in_dumbbells", "claim_figure_8c",
           "claim_pendants", "forward", "forward_with", "pendants", "provenance", "reduce", "reduce_with",
           "rerouted", "size"]

SOURCE = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Appendix A, Lemma A.1 (2) (Figure 8)"


def pendants(src: HamPathDumbbells, count: int = 2) -> list[Placement]:
    """The dumbbells that get an l, in order (the first ``count``)."""
    return dumbbell_placements(src)[:count]


def reduce_with(src: HamPathDumbbells, count: int, cls: type[HamPath]) -> HamPath:
    """The source with l under v in the first ``count`` dumbbells, the l's numbered n, n + 1 and
    made s (and t)."""
    coords = list(src.coords) + [d.mark("l") for d in pendants(src, count)]
    n = src.num_vertices
    ends = list(range(n, n + count)) + [None] * (2 - count)
    return cls(len(coords), grid_edges(coords), ends[0], ends[1], tuple(coords))


def reduce(src: HamPathDumbbells) -> HamPathEnds:
    return reduce_with(src, 2, HamPathEnds)


def rerouted(src: HamPathDumbbells, path) -> list[int]:
    """The source path turned to start in the first dumbbell and with its route inside each dumbbell
    replaced by Figure 8(c)'s (from v): the same cells, so still Hamiltonian."""
    index = {p: i for i, p in enumerate(src.coords)}
    first, second = dumbbell_placements(src)
    order = [int(v) for v in path]
    inside_first = {index[p] for p in first.cells()}
    if order[0] not in inside_first:
        order.reverse()
    size = len(inside_first)
    head = [index[p] for p in first.path()]
    tail = [index[p] for p in second.path()][::-1]
    return head + order[size:len(order) - size] + tail


def forward_with(src: HamPathDumbbells, path, count: int) -> tuple[int, ...]:
    """:func:`rerouted`, with the first l before it (and the second after it where ``count`` is 2)."""
    n = src.num_vertices
    return (n, *rerouted(src, path), *([n + 1] if count == 2 else []))


def forward(src: HamPathDumbbells, path) -> tuple[int, ...]:
    return forward_with(src, path, 2)


def backward(src: HamPathDumbbells, tgt: HamPath, path) -> tuple[int, ...]:
    """The target path without the l's."""
    return tuple(int(v) for v in path if int(v) < src.num_vertices)


def size(src: HamPathDumbbells) -> dict[str, int]:
    """n + 2 vertices, m + 2 edges (each l has the one edge to v)."""
    return {"vertices": src.num_vertices + 2, "edges": len(src.edges) + 2}


def provenance(src: HamPathDumbbells, tgt: HamPath) -> dict[str, list[str]]:
    """Every vertex and edge to itself; the v of each dumbbell also to its l and the edge v - l."""
    made = {vertex_id(v): [vertex_id(v)] for v in range(src.num_vertices)}
    made.update({edge_id(e): [edge_id(e)] for e in src.edges})
    index = {p: i for i, p in enumerate(src.coords)}
    for extra, d in enumerate(pendants(src, tgt.num_vertices - src.num_vertices)):
        v, ell = index[d.mark("v")], src.num_vertices + extra
        made[vertex_id(v)] += [vertex_id(ell), edge_id((v, ell))]
    return made


def claim_pendants(src: HamPathDumbbells, tgt: HamPath) -> bool | str:
    index = {p: i for i, p in enumerate(src.coords)}
    for extra, d in enumerate(pendants(src, tgt.num_vertices - src.num_vertices)):
        ell, v = src.num_vertices + extra, index[d.mark("v")]
        if tgt.neighbours(ell) != {v} or tgt.degree(v) != 3:
            return f"l = {ell} has neighbours {sorted(tgt.neighbours(ell))}, v = {v} degree {tgt.degree(v)}"
    return tgt.max_degree() <= 3 or f"max degree {tgt.max_degree()}"


def claim_ends_in_dumbbells(src, tgt, src_path, tgt_path) -> bool | str:
    """Figure 8(a): the source path's two ends are v or v' of the two dumbbells."""
    ends = {src.coords[int(src_path[0])], src.coords[int(src_path[-1])]}
    allowed = [{d.mark("v"), d.mark("v'")} for d in dumbbell_placements(src)]
    return all(ends & a for a in allowed) or f"the path ends at {sorted(ends)}, not at v or v' of each dumbbell"


def claim_figure_8c(src, tgt, tgt_path, src_path) -> bool | str:
    """Figure 8(c): from s = l the target path runs the forced route through the first dumbbell."""
    order = [int(v) for v in tgt_path]
    index = {p: i for i, p in enumerate(src.coords)}
    first = dumbbell_placements(src)[0]
    expected = [src.num_vertices] + [index[p] for p in first.path()]
    return order[:len(expected)] == expected or "the path leaves the first dumbbell's forced route"


CLAIMS = (
    Claim("pendants", f"l has degree 1 next to v, v degree 3, max degree 3 kept ({SOURCE})", claim_pendants,
          TARGET_CLAIM),
    Claim("ends-in-dumbbells", f"any Hamiltonian path must start or end within each dumbbell, at v or v' "
          f"({SOURCE}, Figure 8(a))", claim_ends_in_dumbbells, FORWARD_CLAIM),
    Claim("figure-8c", f"the modification forces the Hamiltonian path to look like Figure 8(c) ({SOURCE})",
          claim_figure_8c, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="hampath-dumbbells-to-hampath-st", source="hampath-dumbbells", target="hampath-st",
    reference=SOURCE,
    checked="every host of up to 2 cells (11), 100 random, 20 planted, 20 certified-no",
)
