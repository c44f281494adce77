"""DIRECTED HAMILTONIAN CYCLE -> (undirected) HAMILTONIAN CYCLE: Karp (1972), "Reducibility among
combinatorial problems", the reduction of UNDIRECTED HAMILTON CIRCUIT from DIRECTED HAMILTON
CIRCUIT; Garey & Johnson (1979), GT37; Sipser's "Introduction to the Theory of Computation",
Theorem 7.55 gives the same split for paths.

**Construction.** Each vertex v of the digraph becomes three vertices in_v - mid_v - out_v (a
path), numbered 3v, 3v + 1, 3v + 2; each arc u -> v becomes the edge out_u - in_v. So 3n vertices
and 2n + m edges.

**Why.** mid_v has degree 2: a Hamiltonian cycle passes in_v, mid_v, out_v consecutively. Leaving
out_v it cannot go back to in_v's side of the triple, so it takes an edge out_v - in_w, which is an
arc v -> w; oriented so that the first triple is passed in, mid, out, every triple is (the edge
after out_v enters in_w, whose only way on is mid_w): the order of the middles is a directed
Hamiltonian cycle. Backwards, a directed cycle v_1 -> ... -> v_n -> v_1 gives in, mid, out of each
in its order. Without the middle vertex the argument breaks (a cycle could go in_v, out_u, in_w,
...: see ``examples/hamiltonian_reductions_wrong.py``).

>>> from npw.instances.hampath.cycle import DirectedHamCycle
>>> d = DirectedHamCycle(2, ((0, 1), (1, 0)))
>>> g = reduce(d)
>>> g.num_vertices, g.edges
(6, ((0, 1), (0, 5), (1, 2), (2, 3), (3, 4), (4, 5)))
>>> forward(d, (1, 0)), backward(d, g, (5, 4, 3, 2, 1, 0))
((3, 4, 5, 0, 1, 2), (0, 1))
"""

from __future__ import annotations

from npw.instances.elements import arc_id, edge_id, vertex_id
from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
from npw.instances.base import MAX_VERTICES
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "backward", "claim_middles", "claim_out_to_in", "claim_triples_in_order",
           "forward", "oriented", "provenance", "reduce", "size", "triple"]

SOURCE = "Karp 1972 (undirected Hamilton circuit from directed); Garey & Johnson 1979, GT37"


def triple(v: int) -> tuple[int, int, int]:
    """in_v, mid_v, out_v."""
    return 3 * v, 3 * v + 1, 3 * v + 2


def reduce(src: DirectedHamCycle) -> HamCycle:
    refuse_target_size("dhamcycle-to-hamcycle", "vertices", 3 * src.num_vertices, MAX_VERTICES, "MAX_VERTICES")
    edges = []
    for v in range(src.num_vertices):
        into, mid, out = triple(v)
        edges += [(into, mid), (mid, out)]
    edges += [(triple(u)[2], triple(v)[0]) for u, v in src.edges]  # arc u -> v: out_u - in_v
    return HamCycle(3 * src.num_vertices, tuple(edges))


def forward(src: DirectedHamCycle, cycle) -> tuple[int, ...]:
    """Each vertex of the directed cycle, in its order, as in, mid, out."""
    return tuple(w for v in cycle for w in triple(int(v)))


def oriented(tgt_cycle) -> list[int]:
    """The target cycle in the direction that passes mid_0 (vertex 1) from in_0 to out_0."""
    cycle = [int(v) for v in tgt_cycle]
    at = cycle.index(1)
    after = cycle[(at + 1) % len(cycle)]
    return cycle if after == 2 else cycle[::-1]


def backward(src: DirectedHamCycle, tgt: HamCycle, tgt_cycle) -> tuple[int, ...]:
    """The middles in the order the oriented cycle passes them."""
    return tuple(w // 3 for w in oriented(tgt_cycle) if w % 3 == 1)


def size(src: DirectedHamCycle) -> dict[str, int]:
    """3n vertices, 2n + m edges."""
    return {"vertices": 3 * src.num_vertices, "edges": 2 * src.num_vertices + len(src.edges)}


def provenance(src: DirectedHamCycle, tgt: HamCycle) -> dict[str, list[str]]:
    """A vertex to its triple and the triple's two edges; an arc u -> v to the edge out_u - in_v."""
    made = {}
    for v in range(src.num_vertices):
        into, mid, out = triple(v)
        made[vertex_id(v)] = [vertex_id(into), vertex_id(mid), vertex_id(out), edge_id((into, mid)),
                              edge_id((mid, out))]
    for u, v in src.edges:
        a, b = triple(u)[2], triple(v)[0]
        made[arc_id((u, v))] = [edge_id((min(a, b), max(a, b)))]
    return made


def claim_middles(src: DirectedHamCycle, tgt: HamCycle) -> bool | str:
    for v in range(src.num_vertices):
        into, mid, out = triple(v)
        if tgt.neighbours(mid) != {into, out}:
            return f"mid_{v} = vertex {mid} has neighbours {sorted(tgt.neighbours(mid))}, not in_{v}, out_{v}"
    return True


def claim_out_to_in(src: DirectedHamCycle, tgt: HamCycle) -> bool | str:
    between = [(u, v) for u, v in tgt.edges if u // 3 != v // 3]
    wrong = [(u, v) for u, v in between if {u % 3, v % 3} != {0, 2}]
    if wrong:
        return f"edge {wrong[0]} between triples does not join an out to an in"
    return len(between) == len(src.edges) or f"{len(between)} edges between triples for {len(src.edges)} arcs"


def claim_triples_in_order(src, tgt, tgt_cycle, src_cycle) -> bool | str:
    cycle = oriented(tgt_cycle)
    start = cycle.index(0)
    cycle = cycle[start:] + cycle[:start]  # from in_0
    for index in range(0, len(cycle), 3):
        if [w % 3 for w in cycle[index:index + 3]] != [0, 1, 2] or len({w // 3 for w in cycle[index:index + 3]}) != 1:
            return f"the cycle passes {cycle[index:index + 3]}, not one vertex's in, mid, out"
    return True


CLAIMS = (
    Claim("middle-degree-two", f"mid_v is adjacent to in_v and out_v only ({SOURCE})", claim_middles, TARGET_CLAIM),
    Claim("arcs-join-out-to-in", f"every edge between triples joins out_u to in_v, one per arc u -> v ({SOURCE})",
          claim_out_to_in, TARGET_CLAIM),
    Claim("triples-passed-whole", f"a Hamiltonian cycle of the target, oriented, passes every triple as in, mid, out "
          f"({SOURCE})", claim_triples_in_order, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="dhamcycle-to-hamcycle", source="dhamcycle", target="hamcycle",
    reference=SOURCE,
    checked="every digraph up to 4 vertices (238), 300 random",
)
