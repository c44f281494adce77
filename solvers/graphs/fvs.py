"""Two independent deciders of directed FEEDBACK VERTEX SET (``fvs``).

* ``brute``: the bounded search tree. Vertices with no in-arc or no out-arc left lie on no
  cycle and are peeled first; then a *shortest* directed cycle (BFS) must lose one of its
  vertices, so the search branches on each of them, at most k deep. Written from the
  definition; never touches SAT.
* ``sat``: python-sat. Variable v + 1 says "v is deleted"; the kept vertices must have a
  topological order, encoded as a strict total order on all vertices (one variable per pair
  u < v, "u before v", with the transitivity clauses over every triple), an arc u -> v kept only
  if u comes first: ``del_u or del_v or before(u, v)``; at most k deleted by ``CardEnc``
  (sequential counter). About n^3 clauses, bounded by the encoding limit.

>>> from npw.instances.graphs.digraph import FeedbackVertexSet
>>> two_cycles = FeedbackVertexSet(4, ((0, 1), (1, 0), (2, 3), (3, 2)), 1)
>>> solve_brute(two_cycles).answer.value, solve_sat(two_cycles).answer.value
('NO', 'NO')
>>> room = two_cycles.with_bound(2)
>>> room.verify(solve_brute(room).certificate), room.verify(solve_sat(room).certificate)
(True, True)
"""

from __future__ import annotations

import itertools
import time
from collections import deque

from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.graphs.brute import fast, refuse_past_limit, search_result
from npw.solvers.graphs.sat import decide_vertex_set, sample_vertex_sets
from npw.solvers.sat import cardinality
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "MAX_BRUTE_VERTICES", "SAMPLERS", "encode", "sample_certificates", "solve_brute", "solve_sat"]

MAX_BRUTE_VERTICES = 2000
"""The most vertices the search takes (each node copies the set of kept vertices)."""


class _Search:
    def __init__(self, instance, deadline: Deadline) -> None:
        self.g = instance
        self.deadline = deadline
        self.nodes = 0
        self.into: list[set[int]] = [set() for _ in range(instance.num_vertices)]
        for u, v in instance.arcs:
            self.into[v].add(u)

    def core(self, kept: frozenset[int]) -> frozenset[int]:
        """``kept`` less every vertex with no kept in-arc or out-arc, repeatedly (on no cycle)."""
        core = set(kept)
        changed = True
        while changed:
            changed = False
            for v in list(core):
                if core.isdisjoint(self.g.successors(v)) or core.isdisjoint(self.into[v]):
                    core.discard(v)
                    changed = True
        return frozenset(core)

    def shortest_cycle(self, core: frozenset[int]) -> list[int]:
        """A shortest directed cycle among ``core`` (non-empty: every core vertex has an out-arc)."""
        best: list[int] = []
        for start in sorted(core):
            parent = {start: start}
            queue = deque([start])
            found = None
            while queue and found is None:
                u = queue.popleft()
                for v in sorted(self.g.successors(u) & core):
                    if v == start:
                        found = u
                        break
                    if v not in parent:
                        parent[v] = u
                        queue.append(v)
            if found is not None:
                cycle = [found]
                while cycle[-1] != start:
                    cycle.append(parent[cycle[-1]])
                if not best or len(cycle) < len(best):
                    best = cycle
                if len(best) == 2:
                    break
        return best

    def search(self, kept: frozenset[int], deleted: frozenset[int], budget: int) -> frozenset[int] | None:
        self.nodes += 1
        if self.nodes % 64 == 0:
            self.deadline.check()
        core = self.core(kept)
        if not core:
            return deleted
        if budget == 0:
            return None
        for v in self.shortest_cycle(core):  # the cycle must lose one of its vertices
            found = self.search(core - {v}, deleted | {v}, budget - 1)
            if found is not None:
                return found
        return None


def solve_brute(instance, timeout: float | None = None) -> Result:
    """Decides an fvs instance by the bounded search tree over shortest cycles."""
    start = time.perf_counter()
    n = instance.num_vertices
    refuse_past_limit(n, MAX_BRUTE_VERTICES, "the search")
    search = _Search(instance, Deadline(timeout))
    return search_result(search, lambda: search.search(frozenset(range(n)), frozenset(), instance.k), start)


def encode(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]]]:
    """(variables, clauses) of the order encoding; Refused past the encoding limit (n^3 for the
    transitivity, the arcs', the counter's 2 n k), OutOfTime past ``deadline``."""
    n, k = instance.num_vertices, instance.k
    refuse_above(n * (n - 1) * max(n - 2, 0) + len(instance.arcs) + 2 * n * max(k, 1),
                 f"the fvs order encoding of {n:,} vertices with k = {k:,}")
    clauses: list[list[int]] = ClauseBuffer(deadline)
    pool = IDPool(start_from=n + 1)  # the order's and the counter's variables after the vertices
    order = {pair: pool.id(("before", pair)) for pair in itertools.combinations(range(n), 2)}

    def before(u: int, v: int) -> int:
        return order[(u, v)] if u < v else -order[(v, u)]

    for a, b, c in itertools.permutations(range(n), 3):  # transitive: a total order, no 3-cycle
        clauses.append([-before(a, b), -before(b, c), before(a, c)])
    clauses.extend([u + 1, v + 1, before(u, v)] for u, v in instance.arcs)
    x = [v + 1 for v in range(n)]
    if k < n:
        clauses.extend(cardinality("atmost", x, k, pool, deadline))
    return max(pool.top, n), clauses


def solve_sat(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides an fvs instance through the order encoding."""
    return decide_vertex_set(instance, encode, timeout, solver)


def sample_certificates(instance, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Diverse and distinct feedback vertex sets (models under random phases, each blocked on the
    vertex variables once found), for checking a backward map on more than one (``npw verify
    --witnesses``).

    >>> from npw.instances.graphs.digraph import FeedbackVertexSet
    >>> g = FeedbackVertexSet(3, ((0, 1), (1, 2), (2, 0)), 2)
    >>> found = sample_certificates(g, 8, seed=1)
    >>> all(g.verify(c) for c in found), len(set(found)) > 1
    (True, True)
    """
    return sample_vertex_sets(instance, encode, count, seed)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("fvs", "brute", solve_brute, fast=fast),
    Decider("fvs", "sat", solve_sat),
)

SAMPLERS = (
    Sampler("fvs", sample_certificates),
)
