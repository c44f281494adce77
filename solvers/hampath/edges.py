"""Hamiltonian cycle through python-sat: the edge encoding with subtours cut lazily.

One variable per edge (arc): "the cycle uses it". Each vertex has exactly two chosen incident
edges (a digraph: one chosen arc out, one in), by ``CardEnc``. A model is then a 2-factor (a
cycle cover), a disjoint union of cycles through every vertex; if it is one cycle, that is the
Hamiltonian cycle. Otherwise each of its cycles S is a subtour, and the clause "some chosen edge
(arc) leaves S" is added and the formula solved again (:func:`npw.solvers.sat.decide_by_lazy_sat`).

Sound: a Hamiltonian cycle leaves every proper non-empty vertex set, so no cut removes one.
Complete: the cut of S is violated by the model that has S as a subtour, so no model comes back
and the rounds end (at most one cut per vertex set). Unsatisfiable degree constraints or an
empty cut (a subtour with no edge leaving it: the graph is disconnected) mean NO.

The encoding has one variable an edge plus the counters' (a few a vertex), where the position
encoding of :mod:`npw.solvers.hampath.sat` has n^2: on the sparse graphs of Garey & Johnson's
Theorem 3.4 (degree at most 4 but for the selectors) it settles targets of 50-76 vertices that the
position encoding leaves UNKNOWN at 60 s (BENCHMARKS.md, "Hamiltonian cycle by edges").

>>> from npw.instances.hampath.cycle import HamCycle
>>> two_triangles = HamCycle(6, ((0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)))
>>> solve_cycle(two_triangles).answer.value  # a 2-factor exists, a Hamiltonian cycle does not
'NO'
>>> prism = HamCycle(6, two_triangles.edges + ((0, 5), (1, 4)))
>>> result = solve_cycle(prism)
>>> result.answer.value, prism.verify(result.certificate)
('YES', True)
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_lazy_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "solve_cycle"]


def _cycles(n: int, chosen: list[tuple[int, int]], directed: bool) -> list[list[int]]:
    """The cycles of a cycle cover given by its edges (arcs), each as its vertices in order."""
    after: list[list[int]] = [[] for _ in range(n)]
    for u, v in chosen:
        after[u].append(v)
        if not directed:
            after[v].append(u)
    seen = [False] * n
    cycles = []
    for start in range(n):
        if seen[start]:
            continue
        cycle, previous, v = [], -1, start
        while not seen[v]:
            seen[v] = True
            cycle.append(v)
            # undirected: the neighbour we did not come from (a vertex has exactly two)
            following = [w for w in after[v] if w != previous] or after[v]
            previous, v = v, following[0]
        cycles.append(cycle)
    return cycles


def solve_cycle(instance, timeout: float | None = None, solver: str | None = None, cuts=()) -> Result:
    """Decides a hamcycle / dhamcycle instance by the edge encoding and lazy subtour cuts;
    ``cuts``: vertex sets (proper, non-empty) whose cut clauses go in from the start, for the
    subtours a caller knows will come (an undirected graph's only).

    >>> from npw.instances.hampath.cycle import DirectedHamCycle
    >>> solve_cycle(DirectedHamCycle(3, ((0, 1), (1, 0), (1, 2), (2, 0)))).certificate
    (0, 1, 2)
    """
    n, directed = instance.num_vertices, instance.DIRECTED
    edges = list(instance.edges)

    def encode(deadline: Deadline) -> SatEncoding:
        if n < instance.SMALLEST_CYCLE:
            return SatEncoding.decided(False, reason=f"{n} vertices: fewer than a cycle needs")
        # the counters of a vertex of degree d take about 2 d clauses; the edges' own are counted
        refuse_above(8 * len(edges) + 2 * n, f"the edge encoding of {n:,} vertices and {len(edges):,} edges")
        pool = IDPool()
        variable = [pool.id(("e", index)) for index in range(len(edges))]  # 1..E: refine reads them so
        # each vertex's edges: out and in for a digraph (one each), incident for a graph (two)
        out: list[list[int]] = [[] for _ in range(n)]
        into: list[list[int]] = [[] for _ in range(n)]
        for index, (u, v) in enumerate(edges):
            out[u].append(variable[index])
            into[v].append(variable[index])
        groups = [(out[v], 1) for v in range(n)] + [(into[v], 1) for v in range(n)] if directed else \
            [(out[v] + into[v], 2) for v in range(n)]
        clauses: list[list[int]] = ClauseBuffer(deadline)
        for literals, bound in groups:
            if len(literals) < bound:  # CardEnc would need more literals than exist
                return SatEncoding.decided(False, reason="a vertex has too few edges for a cycle")
            clauses.extend(CardEnc.equals(literals, bound, vpool=pool, encoding=EncType.seqcounter).clauses)

        def decode(model: tuple[bool, ...]) -> tuple[int, ...]:
            (cycle,) = _cycles(n, [edges[i] for i in range(len(edges)) if model[variable[i] - 1]], directed)
            return tuple(cycle)

        if cuts:  # a Hamiltonian cycle leaves every proper non-empty vertex set
            incident: list[list[int]] = [[] for _ in range(n)]
            for index, (u, v) in enumerate(edges):
                incident[u].append(index)
                incident[v].append(index)
            for inside in map(set, cuts):
                clauses.append(sorted({variable[i] for u in inside for i in incident[u]
                                       if (edges[i][0] in inside) != (edges[i][1] in inside)}))
        return SatEncoding(pool.top, clauses, decode)

    def refine(model: tuple[bool, ...]) -> list[list[int]]:
        cycles = _cycles(n, [edges[i] for i in range(len(edges)) if model[i]], directed)
        if len(cycles) == 1:
            return []
        cuts = []
        for cycle in cycles:
            inside = set(cycle)
            # an undirected cut is every edge with one end inside; a directed one the arcs leaving
            cuts.append([i + 1 for i, (u, v) in enumerate(edges)
                         if (u in inside) != (v in inside) and (not directed or u in inside)])
        # with two subtours both cuts are the same undirected edges: add it once
        return [list(cut) for cut in dict.fromkeys(tuple(cut) for cut in cuts)]

    return decide_by_lazy_sat(encode, refine, backend="sat-edges", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat-edges", solve_cycle)
      for problem in ("hamcycle", "dhamcycle", "dhamcycle-21", "dhamcycle-21-planar")),
)
