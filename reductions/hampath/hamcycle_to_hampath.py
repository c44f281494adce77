"""HAMILTONIAN CYCLE -> HAMILTONIAN PATH (Garey & Johnson 1979, GT39): the folklore textbook reduction
with the pendant trick: double one vertex v (here vertex 0) into v and a copy v' joined to v's
neighbours, and hang a pendant on each, s - v and t - v'.

**Why.** s and t have degree 1, so a Hamiltonian path runs from s to t (or back); it then runs
s, v, ..., v', t, and the middle stretch v, ..., w, v' ends at a neighbour w of v' — a neighbour
of v — so v, ..., w closes into a Hamiltonian cycle. Backwards, a cycle v, c_1, ..., c_{n-1}, v
opens at v into s, v, c_1, ..., c_{n-1}, v', t. The target is a ``hampath`` instance with no ends
given: the pendants force them.

**The small case the proofs leave out.** A simple graph on two vertices has no Hamiltonian
cycle (0, 1, 0 would use its edge twice), but doubling vertex 0 of the edge 0 - 1 gives the path
s, 0, 1, 0', t. So the copy is joined to v's neighbours only when n >= 3; on fewer vertices it gets
the pendant alone and the target is disconnected (no path, as the source has no cycle).

**Not into** ``hampath-st``: Lemma A.1's variant asks for max degree 3 (and s, t of degree 1), and
the copy v' raises each neighbour of v by one, so a cubic source (where Hamiltonian cycle stays
NP-complete) would give degree 4. The target here is the general ``hampath``.

>>> from npw.instances.hampath.cycle import HamCycle
>>> square = HamCycle(4, ((0, 1), (1, 2), (2, 3), (0, 3)))
>>> g = reduce(square)
>>> g.num_vertices, g.edges, (g.s, g.t)
(7, ((0, 1), (0, 3), (0, 5), (1, 2), (1, 4), (2, 3), (3, 4), (4, 6)), (None, None))
>>> forward(square, (2, 3, 0, 1)), backward(square, g, (6, 4, 1, 2, 3, 0, 5))
((5, 0, 1, 2, 3, 4, 6), (0, 3, 2, 1))
"""

from __future__ import annotations

from npw.instances.elements import edge_id, vertex_id
from npw.instances.hampath.cycle import HamCycle
from npw.instances.hampath.graph import HamPath
from npw.instances.base import MAX_VERTICES
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "DOUBLED", "REDUCTION", "SOURCE", "backward", "claim_ends_forced", "claim_pendants", "copy_edges",
           "forward", "named", "provenance", "reduce", "size"]

SOURCE = "Hamiltonian cycle -> path, the folklore textbook reduction (Garey & Johnson 1979, GT39): a vertex doubled, a pendant on each copy"
DOUBLED = 0  # the vertex v that is doubled


def named(src: HamCycle) -> tuple[int, int, int]:
    """The new vertices: the copy v', the pendant s on v, the pendant t on v'."""
    n = src.num_vertices
    return n, n + 1, n + 2


def copy_edges(src: HamCycle) -> list[tuple[int, int]]:
    """The copy's edges to v's neighbours: none below 3 vertices (no cycle there to open)."""
    copy = named(src)[0]
    if src.num_vertices < src.SMALLEST_CYCLE:
        return []
    return [(w, copy) for w in sorted(src.neighbours(DOUBLED))]


def reduce(src: HamCycle) -> HamPath:
    refuse_target_size("hamcycle-to-hampath", "vertices", src.num_vertices + 3, MAX_VERTICES, "MAX_VERTICES")
    copy, s, t = named(src)
    edges = list(src.edges) + copy_edges(src) + [(DOUBLED, s), (copy, t)]
    return HamPath(src.num_vertices + 3, tuple(edges))


def forward(src: HamCycle, cycle) -> tuple[int, ...]:
    """The cycle opened at v: s, v, c_1, ..., c_{n-1}, v', t."""
    order = [int(v) for v in cycle]
    at = order.index(DOUBLED)
    order = order[at:] + order[:at]
    copy, s, t = named(src)
    return (s, *order, copy, t)


def backward(src: HamCycle, tgt: HamPath, path) -> tuple[int, ...]:
    """The path read from s, without s, v' and t: the cycle from v."""
    order = [int(v) for v in path]
    if order[0] != named(src)[1]:
        order.reverse()
    return tuple(order[1:-2])


def size(src: HamCycle) -> dict[str, int]:
    """n + 3 vertices; m + deg(v) + 2 edges (m + 2 below 3 vertices)."""
    return {"vertices": src.num_vertices + 3, "edges": len(src.edges) + len(copy_edges(src)) + 2}


def provenance(src: HamCycle, tgt: HamPath) -> dict[str, list[str]]:
    """A vertex and an edge to themselves; v also to v', s, t and the pendants; an edge v - w also
    to the copy's edge w - v'."""
    copy, s, t = named(src)
    made = {vertex_id(v): [vertex_id(v)] for v in range(src.num_vertices)}
    made.update({edge_id(e): [edge_id(e)] for e in src.edges})
    made[vertex_id(DOUBLED)] += [vertex_id(copy), vertex_id(s), vertex_id(t), edge_id((DOUBLED, s)), edge_id((copy, t))]
    for w, _ in copy_edges(src):
        made[edge_id((min(DOUBLED, w), max(DOUBLED, w)))].append(edge_id((w, copy)))
    return made


def claim_pendants(src: HamCycle, tgt: HamPath) -> bool | str:
    copy, s, t = named(src)
    if tgt.neighbours(s) != {DOUBLED} or tgt.neighbours(t) != {copy}:
        return f"s = {s} and t = {t} are not pendants on v = {DOUBLED} and v' = {copy}"
    expected = set(src.neighbours(DOUBLED)) | {t} if src.num_vertices >= src.SMALLEST_CYCLE else {t}
    return tgt.neighbours(copy) == expected or f"v' = {copy} has neighbours {sorted(tgt.neighbours(copy))}"


def claim_ends_forced(src, tgt, path, cycle) -> bool | str:
    copy, s, t = named(src)
    order = [int(v) for v in path]
    if order[0] != s:
        order.reverse()
    return (order[0], order[1], order[-2], order[-1]) == (s, DOUBLED, copy, t) or \
        f"the path runs {order[:2]} ... {order[-2:]}, not s, v ... v', t"


CLAIMS = (
    Claim("pendants", f"s hangs on v, t on v', and v' has v's neighbours (n >= 3) ({SOURCE})", claim_pendants,
          TARGET_CLAIM),
    Claim("ends-forced", f"every Hamiltonian path of the target runs s, v, ..., v', t ({SOURCE})", claim_ends_forced,
          BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="hamcycle-to-hampath", source="hamcycle", target="hampath",
    reference=SOURCE,
    checked="every graph up to 7 vertices (1,252), 300 random",
)
