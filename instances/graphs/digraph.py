"""FEEDBACK VERTEX SET on a directed graph (Karp 1972; Garey & Johnson GT7): a digraph, a bound
k, and the question whether k or fewer vertices meet every directed cycle.

The version here is the *directed* one Karp proved NP-complete (from VERTEX COVER, each edge
becoming two opposite arcs; :mod:`npw.reductions.graphs.vertexcover_to_fvs`). The digraph is
simple: vertices ``0..n-1``, arcs ``(u, v)`` with u != v, each at most once; the two arcs
``(u, v)`` and ``(v, u)`` may both be present (a 2-cycle). Loops are refused: a loop's vertex is
in every feedback vertex set, so a loop says no more than "delete v and lower k by one". As in
the undirected room, 0 <= k <= n.

A certificate is a list of at most k distinct vertices whose removal leaves no directed cycle
(checked by peeling vertices with no remaining in-arc, Kahn's algorithm).

This module also holds the room's pieces for it: seeded generators (random, planted-yes,
certified-no), exhaustive enumeration up to isomorphism, shrinking and the SVG drawing.

>>> triangle = FeedbackVertexSet(3, ((0, 1), (1, 2), (2, 0)), 1)
>>> triangle.verify([2]), triangle.verify([]), FeedbackVertexSet(3, ((0, 1), (1, 2)), 0).verify([])
(True, False, True)
"""

from __future__ import annotations

import itertools
import random as _random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.graphs.graph import check_simple, vertex_set

__all__ = ["Arc", "DEFAULT_P", "FeedbackVertexSet", "MAX_ENUMERATION_VERTICES", "certain_no_reason", "certified_no",
           "digraph_classes", "digraphs", "enumerate_instances", "no_witness", "planted", "planted_solution",
           "random_instance", "shrink", "verification_sample"]

Arc = tuple[int, int]

MAX_ENUMERATION_VERTICES = 4
"""The largest digraphs of the exhaustive stream: every arc set on n vertices (2^(n(n-1))) is
reduced to one per isomorphism class by trying the n! numberings; 4 vertices is 4,096 arc sets
(218 classes), 5 would be a million times 120."""

DEFAULT_P = 0.25


@dataclass(frozen=True)
class FeedbackVertexSet:
    """A simple digraph on ``0..num_vertices-1`` (arcs sorted, no loops, no repeats) and ``k``.

    Is there a set of at most ``k`` vertices meeting every directed cycle?

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    arcs : sequence of (int, int)
        The arcs, (tail, head).
    k : int
        The most vertices chosen.

    Examples
    --------
    A certificate is the chosen vertices:

    >>> from npw.api import FeedbackVertexSet
    >>> cycle = FeedbackVertexSet(3, [(0, 1), (1, 2), (2, 0)], 1)
    >>> cycle.verify((2,)), cycle.verify(())
    (True, False)
    """

    problem: ClassVar[str] = "fvs"
    num_vertices: int
    arcs: tuple[Arc, ...]
    k: int
    _out: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            arcs = tuple(sorted((int(u), int(v)) for u, v in self.arcs))
        except (TypeError, ValueError):
            raise InvalidInstance("arcs must be pairs of vertex numbers") from None
        object.__setattr__(self, "arcs", arcs)
        self.validate()
        out: list[set[int]] = [set() for _ in range(self.num_vertices)]
        for u, v in arcs:
            out[u].add(v)
        object.__setattr__(self, "_out", tuple(frozenset(a) for a in out))

    def validate(self) -> None:
        check_simple(self.num_vertices, self.k, self.arcs, "arc", "digraph")

    def successors(self, v: int) -> frozenset[int]:
        return self._out[v]

    def acyclic_without(self, removed: Iterable[int]) -> bool:
        """No directed cycle is left once ``removed`` is deleted (Kahn: peel in-degree 0)."""
        gone = set(removed)
        indegree = [0] * self.num_vertices
        for u, v in self.arcs:
            if u not in gone and v not in gone:
                indegree[v] += 1
        ready = [v for v in range(self.num_vertices) if v not in gone and indegree[v] == 0]
        peeled = 0
        while ready:
            u = ready.pop()
            peeled += 1
            for v in self._out[u]:
                if v not in gone:
                    indegree[v] -= 1
                    if indegree[v] == 0:
                        ready.append(v)
        return peeled == self.num_vertices - len(gone)

    def verify(self, certificate: Any) -> bool:
        """At most k distinct vertices whose removal leaves the digraph acyclic."""
        chosen = vertex_set(certificate, self.num_vertices)
        return chosen is not None and len(chosen) <= self.k and self.acyclic_without(chosen)

    def size(self) -> dict[str, int]:
        return {"vertices": self.num_vertices, "arcs": len(self.arcs), "k": self.k}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": FORMAT_VERSION, "num_vertices": self.num_vertices,
                "arcs": [list(a) for a in self.arcs], "k": self.k}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FeedbackVertexSet":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)  # types and num_vertices within MAX_VERTICES first
        return cls(model.num_vertices, tuple(model.arcs), model.k)

    @staticmethod
    def certificate_to_json(certificate: Iterable[int]) -> list[int]:
        return sorted(int(v) for v in certificate)

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import VertexSetCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, VertexSetCertificate, "a certificate is a list of vertex numbers"))

    def with_bound(self, k: int) -> "FeedbackVertexSet":
        return FeedbackVertexSet(self.num_vertices, self.arcs, k)


# -- generators ----------------------------------------------------------------------------------

def _check(num_vertices: int, p: float) -> None:
    from npw.instances.graphs.generators import MAX_EXPECTED_EDGES

    if not 0.0 <= p <= 1.0:
        raise InvalidInstance(f"p = {p} is not a probability 0..1")
    expected = p * num_vertices * (num_vertices - 1)
    if expected > MAX_EXPECTED_EDGES:
        raise InvalidInstance(f"about {expected:,.0f} arcs expected, more than the generators' limit "
                              f"{MAX_EXPECTED_EDGES:,} (MAX_EXPECTED_EDGES): lower num_vertices or p")


def _random_arcs(rng: _random.Random, n: int, p: float, allowed=lambda u, v: True) -> list[Arc]:
    """Each ordered pair u != v that ``allowed`` admits, independently with probability p (the
    undirected room's geometric-skip sampler, run once per direction)."""
    from npw.instances.graphs.generators import random_pairs

    arcs = [(u, v) for u, v in random_pairs(rng, n, p) if allowed(u, v)]
    arcs += [(v, u) for u, v in random_pairs(rng, n, p) if allowed(v, u)]
    return arcs


def _bound(rng: _random.Random, n: int, k: int | None, high: int) -> int:
    if k is None:
        return rng.randint(0, max(0, high))
    if not 0 <= k <= high:
        raise InvalidInstance(f"k = {k} must lie in 0..{high} for this generator with {n} vertices")
    return k


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (each arc)"),
)
def random_instance(seed: int, num_vertices: int = 8, k: int | None = None, p: float = DEFAULT_P) -> FeedbackVertexSet:
    """Directed G(n, p): each ordered pair an arc with probability p; k drawn from 0..n if not given."""
    _check(num_vertices, p)
    rng = _random.Random(seed)
    k = _bound(rng, num_vertices, k, num_vertices)
    return FeedbackVertexSet(num_vertices, tuple(_random_arcs(rng, num_vertices, p)), k)


def _planted(seed: int, num_vertices: int, k: int | None, p: float) -> tuple[FeedbackVertexSet, tuple[int, ...]]:
    _check(num_vertices, p)
    rng = _random.Random(seed)
    n = num_vertices
    k = _bound(rng, n, k, n)
    solution = frozenset(rng.sample(range(n), k))
    rank = {v: i for i, v in enumerate(rng.sample(range(n), n))}  # the order the rest must follow
    # arcs touching the solution are free; among the rest only forward in the order (a DAG)
    arcs = _random_arcs(rng, n, p, lambda u, v: u in solution or v in solution or rank[u] < rank[v])
    arcs += [(v, u) for u, v in _random_arcs(rng, n, p / 2, lambda u, v: rank[u] < rank[v])
             if u in solution or v in solution]  # more arcs into the solution: cycles through it
    rest = sorted(set(range(n)) - solution)
    for s in sorted(solution):  # each planted vertex on a cycle at least: a 2-cycle with another vertex
        if rest:
            w = rng.choice(rest)
            arcs += [(s, w), (w, s)]
    return FeedbackVertexSet(n, tuple(sorted(set(arcs))), k), tuple(sorted(solution))


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (each arc)"),
)
def planted(seed: int, num_vertices: int = 8, k: int | None = None, p: float = DEFAULT_P) -> FeedbackVertexSet:
    """A yes-instance: k vertices planted at random, each on a 2-cycle with another vertex; the
    others' arcs follow a random order."""
    return _planted(seed, num_vertices, k, p)[0]


def planted_solution(seed: int, num_vertices: int = 8, k: int | None = None, p: float = DEFAULT_P) -> tuple[int, ...]:
    """The solution :func:`planted` planted with the same seed and parameters."""
    return _planted(seed, num_vertices, k, p)[1]


def _certified_no(seed: int, num_vertices: int, k: int | None, p: float) -> tuple[FeedbackVertexSet, tuple]:
    _check(num_vertices, p)
    if num_vertices < 2:
        raise InvalidInstance("a certified-no fvs instance needs at least 2 vertices (a 2-cycle)")
    rng = _random.Random(seed)
    n = num_vertices
    k = _bound(rng, n, k, n // 2 - 1)
    order = rng.sample(range(n), n)
    # k + 1 vertex-disjoint cycles of 2 or 3 vertices on random vertices (each needs its own vertex)
    lengths = [2] * (k + 1)
    spare = n - 2 * (k + 1)
    for i in range(k + 1):
        if spare and rng.random() < 0.5:
            lengths[i], spare = 3, spare - 1
    cycles, start = [], 0
    for length in lengths:
        cycles.append(tuple(order[start:start + length]))
        start += length
    arcs = {(c[i], c[(i + 1) % len(c)]) for c in cycles for i in range(len(c))}
    arcs |= set(_random_arcs(rng, n, p))
    return FeedbackVertexSet(n, tuple(sorted(arcs)), k), tuple(cycles)


@takes(
    num_vertices=Param(2, help="vertices"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (each arc)"),
)
def certified_no(seed: int, num_vertices: int = 8, k: int | None = None, p: float = DEFAULT_P) -> FeedbackVertexSet:
    """A no-instance: k + 1 vertex-disjoint directed cycles (:func:`no_witness`) among random arcs."""
    return _certified_no(seed, num_vertices, k, p)[0]


def no_witness(seed: int, num_vertices: int = 8, k: int | None = None, p: float = DEFAULT_P) -> tuple:
    """The k + 1 disjoint cycles :func:`certified_no` built with the same seed and parameters."""
    return _certified_no(seed, num_vertices, k, p)[1]


def certain_no_reason(instance: FeedbackVertexSet, cycles: Sequence[Sequence[int]]) -> str | None:
    """Why ``cycles`` prove ``instance`` a no-instance (more than k vertex-disjoint directed
    cycles of it, each needing its own vertex), or None if they prove nothing.

    >>> two = FeedbackVertexSet(4, ((0, 1), (1, 0), (2, 3), (3, 2)), 1)
    >>> certain_no_reason(two, [(0, 1), (2, 3)])
    '2 vertex-disjoint directed cycles: every feedback vertex set has at least 2 vertices'
    >>> certain_no_reason(two, [(0, 1), (1, 0)]) is None
    True
    """
    cycles = [tuple(c) for c in cycles]
    used = [v for c in cycles for v in c]
    if len(set(used)) != len(used) or len(cycles) <= instance.k:
        return None
    for c in cycles:
        if len(c) < 2 or not all(c[(i + 1) % len(c)] in instance.successors(c[i]) for i in range(len(c))):
            return None
    return (f"{len(cycles)} vertex-disjoint directed cycles: every feedback vertex set has at least "
            f"{len(cycles)} vertices")


def verification_sample(seed: int) -> FeedbackVertexSet:
    """1-7 vertices, an arc density from 0.1 to 0.6 and any k: small for the brute force, both answers
    common; one case in about ten at 0-2 vertices with no arc or every arc (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        return random_instance(rng.randrange(2**31), rng.randint(0, 2), None, rng.choice((0.0, 1.0)))
    return random_instance(rng.randrange(2**31), rng.randint(1, 7), None, rng.uniform(0.1, 0.6))


# -- enumeration and shrinking -------------------------------------------------------------------

def digraph_classes(n: int) -> Iterator[tuple[Arc, ...]]:
    """Every simple digraph on n vertices once per isomorphism class: its least sorted arc list
    over all n! numberings (shared with ``dhamcycle``'s enumeration).

    >>> list(digraph_classes(2))
    [(), ((0, 1),), ((0, 1), (1, 0))]
    """
    pairs = list(itertools.permutations(range(n), 2))
    numberings = list(itertools.permutations(range(n)))
    seen: set[tuple[Arc, ...]] = set()
    for mask in range(1 << len(pairs)):
        arcs = [pair for i, pair in enumerate(pairs) if mask >> i & 1]
        key = min(tuple(sorted((f[u], f[v]) for u, v in arcs)) for f in numberings)
        if key not in seen:
            seen.add(key)
            yield key


def digraphs(max_vertices: int) -> Iterator[tuple[int, tuple[Arc, ...]]]:
    """(n, arcs) of every simple digraph on 1..max_vertices vertices, once per isomorphism class
    (OEIS A000273: 1, 3, 16, 218).

    >>> [sum(1 for n, _ in digraphs(3) if n == size) for size in (1, 2, 3)]
    [1, 3, 16]
    """
    if max_vertices > MAX_ENUMERATION_VERTICES:
        raise InvalidInstance(f"exhaustive digraphs go up to {MAX_ENUMERATION_VERTICES} vertices "
                              f"(MAX_ENUMERATION_VERTICES), not {max_vertices}")
    for n in range(1, max_vertices + 1):
        for arcs in digraph_classes(n):
            yield n, arcs


def enumerate_instances(max_vertices: int) -> Iterator[FeedbackVertexSet]:
    """Every simple digraph on 1..max_vertices vertices (max 4) up to isomorphism, each with every k = 0..n."""
    for n, arcs in digraphs(max_vertices):
        for k in range(n + 1):
            yield FeedbackVertexSet(n, arcs, k)


def shrink(instance: FeedbackVertexSet) -> Iterator[FeedbackVertexSet]:
    """Delete one vertex (k lowered to n - 1 where it would exceed it), delete one arc, or lower k.

    >>> [(g.num_vertices, g.arcs, g.k) for g in shrink(FeedbackVertexSet(2, ((0, 1),), 1))]
    [(1, (), 1), (1, (), 1), (2, (), 1), (2, ((0, 1),), 0)]
    """
    n = instance.num_vertices
    for v in range(n):
        new = {w: (w if w < v else w - 1) for w in range(n) if w != v}
        arcs = tuple((new[a], new[b]) for a, b in instance.arcs if v not in (a, b))
        yield FeedbackVertexSet(n - 1, arcs, min(instance.k, n - 1))
    for index in range(len(instance.arcs)):
        yield FeedbackVertexSet(n, instance.arcs[:index] + instance.arcs[index + 1:], instance.k)
    if instance.k > 0:
        yield instance.with_bound(instance.k - 1)
