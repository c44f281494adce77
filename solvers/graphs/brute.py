"""Branch and bound for the classic graph problems, written from the definitions and
independent of the SAT encoding (``brute``; never touches SAT or SMT):

* indset and clique grow a set vertex by vertex: each branch takes a candidate v (keeping the
  candidates compatible with v: its non-neighbours for an independent set, its neighbours for a
  clique) or drops it. The bound: the candidates split greedily into groups of pairwise
  incompatible vertices (cliques for an independent set, independent sets, i.e. colour
  classes, for a clique), of which at most one vertex each can join; a branch whose set plus
  the number of groups is below k is cut, and where it is exactly k every group must give a
  vertex, so the search branches over the smallest group (unit propagation, on 3-SAT's
  triangles);
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
from typing import Any, Callable

from npw.solvers.result import Answer, Deadline, OutOfTime, Refused, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "FAST_VERTICES", "MAX_BRUTE_VERTICES", "fast", "refuse_past_limit", "search_result", "solve"]

MAX_BRUTE_VERTICES = 2000
"""The most vertices the branch and bound takes (its recursion goes one level per vertex)."""

FAST_VERTICES = 40
"""The most vertices on which the default decider (:func:`npw.solvers.default_backend`) runs the
graph searches (this module's, ``coloring``'s and ``fvs``'s): the verifier's cases have a few
dozen at most; past that their time grows exponentially (a 3-SAT formula of 50 variables makes
600-vertex independent-set targets, with no answer in 120 s), where SAT answers in milliseconds."""


def fast(instance: Any) -> bool:
    """Whether a backtracking search over the graph is fast: at most :data:`FAST_VERTICES` vertices.

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> fast(IndependentSet(3, ((0, 1),), 2)), fast(IndependentSet(600, (), 200))
    (True, False)
    """
    return instance.num_vertices <= FAST_VERTICES


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
        need = self.g.k - len(chosen)
        if need <= 0:
            return chosen
        if len(candidates) < need:
            return None
        groups = self.groups(candidates, clique)
        if len(groups) < need:
            return None
        if len(groups) == need:  # tight: every group gives one vertex; branch on the smallest
            branches = min(groups, key=len)
        else:
            branches = [min(candidates)]
        for v in branches:
            found = self.grow(chosen + (v,), self.compatible(v, candidates, clique), clique)
            if found is not None:
                return found
            if len(groups) != need:  # the other branch: v left out
                return self.grow(chosen, candidates - {v}, clique)
        return None

    def compatible(self, v: int, candidates: frozenset[int], clique: bool) -> frozenset[int]:
        """The candidates that may join a set holding v."""
        near = self.g.neighbours(v)
        return (candidates & near) if clique else (candidates - near - {v})

    def groups(self, candidates: frozenset[int], clique: bool) -> list[list[int]]:
        """The candidates split greedily into groups of pairwise incompatible vertices (at most
        one of each group can join)."""
        groups: list[list[int]] = []
        for i, v in enumerate(sorted(candidates)):
            if not i & 63:  # one call is quadratic in the candidates (2,000 of them: seconds)
                self.deadline.check()
            near = self.g.neighbours(v)
            for group in groups:  # v joins a group whose every member it cannot be chosen with
                if all((w not in near) if clique else (w in near) for w in group):
                    group.append(v)
                    break
            else:
                groups.append([v])
        return groups

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
    refuse_past_limit(n, MAX_BRUTE_VERTICES, "the branch and bound")
    search = _Search(instance, Deadline(timeout))

    def run() -> tuple[int, ...] | frozenset[int] | None:
        if instance.problem in ("indset", "clique"):
            return search.grow((), frozenset(range(n)), instance.problem == "clique")
        if instance.problem == "vertexcover":
            return search.cover(frozenset(), instance.k)
        if instance.problem == "domset":
            return search.dominate(frozenset(), instance.k)
        raise ValueError(f"not a classic graph problem: {instance.problem}")

    return search_result(search, run, start)


def refuse_past_limit(n: int, limit: int, searcher: str) -> None:
    """Refuses a graph of more than ``limit`` vertices (a module's ``MAX_BRUTE_VERTICES``).

    Parameters
    ----------
    n : int
        The graph's vertices.
    limit : int
        The most the search takes.
    searcher : str
        The search, as the message names it (``"the branch and bound"``).

    >>> refuse_past_limit(3000, 2000, "the search")
    Traceback (most recent call last):
        ...
    npw.solvers.result.Refused: 3,000 vertices, past the search's limit of 2,000 (MAX_BRUTE_VERTICES)
    """
    if n > limit:
        raise Refused(f"{n:,} vertices, past {searcher}'s limit of {limit:,} (MAX_BRUTE_VERTICES)")


def search_result(search: Any, run: Callable[[], Any], start: float,
                  certificate: Callable[[Any], Any] = lambda found: tuple(sorted(found))) -> Result:
    """The ``brute`` Result of a backtracking search over a graph (this module's, ``fvs``'s,
    ``coloring``'s).

    Parameters
    ----------
    search : Any
        The search object; its ``nodes`` (the count so far) goes into the stats.
    run : Callable[[], Any]
        Runs the search: what it found, or None (or False) for nothing; raises ``OutOfTime``
        past the search's deadline.
    start : float
        ``time.perf_counter()`` when the decider began.
    certificate : Callable[[Any], Any]
        The certificate of what ``run`` found (default: the vertex set, sorted).

    Returns
    -------
    Result
        UNKNOWN past the deadline, NO when nothing was found, else YES with the certificate;
        stats ``time`` and ``nodes``.
    """
    try:
        found = run()
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "brute", {"time": time.perf_counter() - start, "nodes": search.nodes})
    stats = {"time": time.perf_counter() - start, "nodes": search.nodes}
    if found is None or found is False:
        return Result(Answer.NO, None, "brute", stats)
    return Result(Answer.YES, certificate(found), "brute", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "brute", solve, fast=fast) for problem in ("indset", "vertexcover", "clique", "domset")),
)
