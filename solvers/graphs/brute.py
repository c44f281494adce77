"""Branch and bound for the classic graph problems, written from the definitions and
independent of the SAT encoding (``brute``; never touches SAT or SMT):

* indset and clique grow a set vertex by vertex: each branch takes a candidate v (keeping the
  candidates compatible with v: its non-neighbours for an independent set, its neighbours for a
  clique) or drops it; a branch whose set plus all candidates is below k is cut;
* vertexcover: the bounded search tree: an uncovered edge u-v needs u or v in the cover, so
  branch on the two, at most k deep (2^k leaves);
* domset: the first undominated vertex u needs a chosen vertex in its closed neighbourhood
  N[u], so branch on each, at most k deep.

Each node checks the deadline (UNKNOWN past it); ``stats["nodes"]`` counts the nodes.

>>> from npw.instances.graphs.graph import Clique, VertexCover
>>> solve(Clique(4, ((0, 1), (0, 2), (1, 2), (2, 3)), 3)).certificate
(0, 1, 2)
>>> solve(VertexCover(4, ((0, 1), (1, 2), (2, 3), (0, 3)), 1)).answer.value
'NO'
"""

from __future__ import annotations

import time

from npw.solvers.result import Answer, Deadline, OutOfTime, Refused, Result

MAX_BRUTE_VERTICES = 2000
"""The most vertices the branch and bound takes (its recursion goes one level per vertex)."""


class _Search:
    def __init__(self, instance, deadline: Deadline) -> None:
        self.g = instance
        self.deadline = deadline
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % 256 == 0:
            self.deadline.check()

    # indset / clique: grow a set among compatible candidates
    def grow(self, chosen: tuple[int, ...], candidates: frozenset[int], clique: bool) -> tuple[int, ...] | None:
        self.tick()
        if len(chosen) >= self.g.k:
            return chosen
        if len(chosen) + len(candidates) < self.g.k:
            return None
        v = min(candidates)
        near = self.g.neighbours(v)
        kept = (candidates & near) if clique else (candidates - near - {v})
        found = self.grow(chosen + (v,), kept, clique)
        if found is None:
            found = self.grow(chosen, candidates - {v}, clique)
        return found

    def cover(self, chosen: frozenset[int], budget: int) -> frozenset[int] | None:
        self.tick()
        edge = next(((u, v) for u, v in self.g.edges if u not in chosen and v not in chosen), None)
        if edge is None:
            return chosen
        if budget == 0:
            return None
        for end in edge:
            found = self.cover(chosen | {end}, budget - 1)
            if found is not None:
                return found
        return None

    def dominate(self, chosen: frozenset[int], budget: int) -> frozenset[int] | None:
        self.tick()
        u = next((v for v in range(self.g.num_vertices)
                  if v not in chosen and chosen.isdisjoint(self.g.neighbours(v))), None)
        if u is None:
            return chosen
        if budget == 0:
            return None
        for w in sorted(self.g.neighbours(u) | {u}):
            found = self.dominate(chosen | {w}, budget - 1)
            if found is not None:
                return found
        return None


def solve(instance, timeout: float | None = None) -> Result:
    """Decides an indset / vertexcover / clique / domset instance by branch and bound."""
    start = time.perf_counter()
    n = instance.num_vertices
    if n > MAX_BRUTE_VERTICES:
        raise Refused(f"{n:,} vertices, past the branch and bound's limit of {MAX_BRUTE_VERTICES:,} "
                      "(MAX_BRUTE_VERTICES)")
    search = _Search(instance, Deadline(timeout))
    found: tuple[int, ...] | frozenset[int] | None
    try:
        if instance.problem in ("indset", "clique"):
            found = search.grow((), frozenset(range(n)), instance.problem == "clique")
        elif instance.problem == "vertexcover":
            found = search.cover(frozenset(), instance.k)
        elif instance.problem == "domset":
            found = search.dominate(frozenset(), instance.k)
        else:
            raise ValueError(f"not a classic graph problem: {instance.problem}")
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "brute", {"time": time.perf_counter() - start, "nodes": search.nodes})
    stats = {"time": time.perf_counter() - start, "nodes": search.nodes}
    if found is None:
        return Result(Answer.NO, None, "brute", stats)
    return Result(Answer.YES, tuple(sorted(found)), "brute", stats)
