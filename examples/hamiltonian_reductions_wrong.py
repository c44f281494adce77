"""Wrong versions of the Hamiltonian reductions, each a mistake students make; the verifier rejects
every one with a counterexample of a few vertices (``tests/test_hamiltonian_reductions.py``). They
carry no claims, as a student's first version would not: the answers, certificates and sizes alone
find the fault.

* NO_MIDDLE (dhamcycle-to-hamcycle): each vertex split in two, in_v - out_v, without the middle
  vertex, so a cycle may pass a vertex's pair "backwards" (in from an out, on to another out);
* NO_PENDANTS (hamcycle-to-hampath): v doubled into v and v' but no pendants, so a Hamiltonian
  path need not end at v and v';
* TWO_VERTICES (hamcycle-to-hampath): the copy joined to v's neighbours even on two vertices,
  where the edge 0 - 1 is no cycle but s, 0, 1, 0', t is a path;
* K_NOT_CAPPED (vertexcover-to-hamcycle, Theorem 3.4): K selectors even when K exceeds the vertices
  that have an edge, so a selector has no chain of its own left to enter.

    npw verify examples/hamiltonian_reductions_wrong.py:NO_MIDDLE --exhaustive 4
"""

from __future__ import annotations

import dataclasses

from npw.api import DirectedHamCycle, HamCycle, HamPath, VertexCover, get_reduction
from npw.reductions.hampath import hamcycle_to_hampath, vertexcover_to_hamcycle as theorem_3_4


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=())


def no_middle(digraph: DirectedHamCycle) -> HamCycle:
    n = digraph.num_vertices
    edges = [(2 * v, 2 * v + 1) for v in range(n)]  # bug: in_v - out_v, no mid_v between them
    edges += [(2 * u + 1, 2 * v) for u, v in digraph.edges]
    return HamCycle(2 * n, tuple(edges))


def no_pendants(graph: HamCycle) -> HamPath:
    copy = hamcycle_to_hampath.copy_edges(graph)  # the two-vertex case right, to show the pendants' part
    return HamPath(graph.num_vertices + 1, tuple(graph.edges) + tuple(copy))  # bug: no s - v, t - v'


def two_vertices(graph: HamCycle) -> HamPath:
    n = graph.num_vertices
    copy, s, t = hamcycle_to_hampath.named(graph)
    joined = [(w, copy) for w in sorted(graph.neighbours(0))]  # bug: also when n < 3
    return HamPath(n + 3, tuple(graph.edges) + tuple(joined) + ((0, s), (copy, t)))


def k_not_capped(graph: VertexCover) -> HamCycle:
    if not graph.edges:
        return theorem_3_4.TRIANGLE
    built = theorem_3_4.reduce(graph)
    extra = graph.k - theorem_3_4.selectors(graph)  # bug: every one of the K selectors kept
    ends = [end for v in theorem_3_4.with_edges(graph) for end in theorem_3_4.chain_ends(graph, v)]
    n = built.num_vertices
    return HamCycle(n + extra, built.edges + tuple((n + j, end) for j in range(extra) for end in ends))


def _no_middle_forward(src, cycle):
    return tuple(w for v in cycle for w in (2 * int(v), 2 * int(v) + 1))


def _no_middle_backward(src, tgt, cycle):
    order = [int(w) for w in cycle]
    at = order.index(0)
    order = order[at:] + order[:at]
    if len(order) > 1 and order[1] != 1:
        order = [order[0]] + order[:0:-1]
    return tuple(w // 2 for w in order if w % 2 == 0)


NO_MIDDLE = dataclasses.replace(
    _wrong("dhamcycle-to-hamcycle", "dhamcycle-to-hamcycle-no-middle", no_middle),
    forward=_no_middle_forward, backward=_no_middle_backward, size=None, provenance=None)
NO_PENDANTS = dataclasses.replace(_wrong("hamcycle-to-hampath", "hamcycle-to-hampath-no-pendants", no_pendants),
                                  size=None, provenance=None)
TWO_VERTICES = _wrong("hamcycle-to-hampath", "hamcycle-to-hampath-two-vertices", two_vertices)

K_NOT_CAPPED = dataclasses.replace(_wrong("vertexcover-to-hamcycle", "vertexcover-to-hamcycle-k-not-capped", k_not_capped),
                                   size=None, provenance=None)

WRONG = {"dhamcycle-to-hamcycle": [NO_MIDDLE], "hamcycle-to-hampath": [NO_PENDANTS, TWO_VERTICES],
         "vertexcover-to-hamcycle": [K_NOT_CAPPED]}
