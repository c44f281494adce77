"""Seeded generators of the classic graph problems (``npw generate indset --generator NAME``).

Every problem of the room has three generators, each ``fn(seed, num_vertices=, k=, p=)``:

* ``random``: G(n, p) with the given k (default: a k drawn from 0..n);
* ``planted`` (yes): a solution of size k planted on random vertices, the rest of the graph
  G(n, p) where the solution allows it; :func:`planted_solution` gives the witness;
* ``certified-no`` (no): a graph built around a *certificate of no*, a small structure that
  proves no solution of size k exists, kept by :func:`no_witness` and checked by
  :func:`certain_no_reason` from the definition alone:

  - indset: the vertices split into k - 1 cliques (a clique holds at most one vertex of an
    independent set, so alpha <= k - 1);
  - clique: a proper colouring with k - 1 colours (a clique's vertices have distinct colours,
    so omega <= k - 1);
  - vertexcover: a matching of k + 1 edges (each needs its own cover vertex);
  - domset: k + 1 vertices with pairwise disjoint closed neighbourhoods (a 2-packing: each
    closed neighbourhood needs its own dominator).

Planted structures sit on random vertices (the seed chooses them), never on 0..k-1.

>>> g = planted("indset", 3, num_vertices=8, k=3)
>>> g.verify(planted_solution("indset", 3, num_vertices=8, k=3))
True
>>> no = certified_no("domset", 4, num_vertices=9, k=2)
>>> certain_no_reason(no, no_witness("domset", 4, num_vertices=9, k=2)).endswith("at least 3 vertices")
True
"""

from __future__ import annotations

import math
import random as _random
from typing import Any, Callable, Iterator

from npw.instances.base import InvalidInstance
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.graphs.graph import GRAPH_PROBLEMS, BoundedGraph, Edge

__all__ = ["DEFAULT_P", "MAX_EXPECTED_EDGES", "certain_no_reason", "certified_no", "check_density", "no_witness",
           "planted", "planted_solution", "random_instance", "random_pairs", "verification_sample"]

MAX_EXPECTED_EDGES = 10_000_000
"""The most edges a generator builds (p n (n-1) / 2 beyond it is refused before sampling)."""

DEFAULT_P = 0.3


def check_density(num_vertices: int, p: float) -> None:
    """Refuses a G(n, p) request before sampling: ``p`` outside 0..1, or more than
    :data:`MAX_EXPECTED_EDGES` edges expected (shared by the random graph generators of
    ``npw.instances.graphs`` and ``npw.instances.hampath``)."""
    if not 0.0 <= p <= 1.0:
        raise InvalidInstance(f"p = {p} is not a probability 0..1")
    expected = p * num_vertices * (num_vertices - 1) / 2
    if expected > MAX_EXPECTED_EDGES:
        raise InvalidInstance(f"about {expected:,.0f} edges expected, more than the generators' limit "
                              f"{MAX_EXPECTED_EDGES:,} (MAX_EXPECTED_EDGES): lower num_vertices or p")


def random_pairs(rng: _random.Random, n: int, p: float, allowed: Callable[[int, int], bool] = lambda u, v: True
                 ) -> Iterator[Edge]:
    """Each pair u < v of 0..n-1 that ``allowed`` admits, independently with probability p, in
    O(n + edges) draws (geometric skips over the pairs, as networkx's fast G(n, p))."""
    if p <= 0 or n < 2:
        return
    if p >= 1:
        yield from ((u, v) for v in range(n) for u in range(v) if allowed(u, v))
        return
    log_q = math.log(1.0 - p)
    v, w = 1, -1
    while v < n:
        w += 1 + int(math.log(1.0 - rng.random()) / log_q)
        while w >= v and v < n:
            w -= v
            v += 1
        if v < n and allowed(w, v):
            yield (w, v)


def _bound(rng: _random.Random, n: int, k: int | None, low: int = 0, high: int | None = None) -> int:
    high = n if high is None else high
    if k is None:
        return rng.randint(low, max(low, high))
    if not low <= k <= high:
        raise InvalidInstance(f"k = {k} must lie in {low}..{high} for this generator with {n} vertices")
    return k


def _graph(problem: str, n: int, edges: Any, k: int) -> BoundedGraph:
    return GRAPH_PROBLEMS[problem](n, tuple(sorted(set(edges))), k)


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (G(n, p))"),
)
def random_instance(problem: str, seed: int, num_vertices: int = 10, k: int | None = None,
                    p: float = DEFAULT_P) -> BoundedGraph:
    """G(n, p) and the bound k (drawn from 0..n when not given)."""
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    k = _bound(rng, num_vertices, k)
    return _graph(problem, num_vertices, random_pairs(rng, num_vertices, p), k)


# -- planted yes ------------------------------------------------------------------------------

def _planted(problem: str, seed: int, num_vertices: int, k: int | None, p: float) -> tuple[BoundedGraph, tuple[int, ...]]:
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    n = num_vertices
    low = 1 if problem == "domset" and n else 0  # an empty set dominates no vertex
    k = _bound(rng, n, k, low, n)
    solution = frozenset(rng.sample(range(n), k))
    if problem == "indset":  # no edge inside the solution
        edges = list(random_pairs(rng, n, p, lambda u, v: not (u in solution and v in solution)))
    elif problem == "clique":  # every edge inside the solution
        edges = [(u, v) for u in solution for v in solution if u < v] + list(random_pairs(rng, n, p))
    elif problem == "vertexcover":  # every edge touches the solution: none among the others
        edges = list(random_pairs(rng, n, p, lambda u, v: u in solution or v in solution))
    else:  # domset: every other vertex gets a neighbour in the solution
        members = sorted(solution)
        edges = [tuple(sorted((v, rng.choice(members)))) for v in range(n) if v not in solution]
        edges += random_pairs(rng, n, p)
    return _graph(problem, n, edges, k), tuple(sorted(solution))


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (G(n, p))"),
)
def planted(problem: str, seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> BoundedGraph:
    """A yes-instance: a solution of size k planted on random vertices (k from the seed if not given)."""
    return _planted(problem, seed, num_vertices, k, p)[0]


def planted_solution(problem: str, seed: int, num_vertices: int = 10, k: int | None = None,
                     p: float = DEFAULT_P) -> tuple[int, ...]:
    """The solution :func:`planted` planted with the same seed and parameters."""
    return _planted(problem, seed, num_vertices, k, p)[1]


# -- certified no -----------------------------------------------------------------------------

def _certified_no(problem: str, seed: int, num_vertices: int, k: int | None, p: float) -> tuple[BoundedGraph, Any]:
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    n = num_vertices
    need = {"vertexcover": 2, "indset": 2, "clique": 2}.get(problem, 1)
    if n < need:  # the smallest graph that has a no-instance with its certificate
        raise InvalidInstance(f"a certified-no {problem} instance needs at least {need} vertices")
    order = rng.sample(range(n), n)  # the structure sits on random vertices
    if problem in ("indset", "clique"):
        # k - 1 parts (cliques for indset, colour classes for clique), none empty
        k = _bound(rng, n, k, 2, n)
        cuts = sorted(rng.sample(range(1, n), k - 2)) if k > 2 else []
        parts = [tuple(sorted(order[a:b])) for a, b in zip([0] + cuts, cuts + [n])]
        part_of = {v: i for i, part in enumerate(parts) for v in part}
        if problem == "indset":
            edges = [(u, v) for part in parts for u in part for v in part if u < v]
            edges += random_pairs(rng, n, p)
        else:
            edges = list(random_pairs(rng, n, p, lambda u, v: part_of[u] != part_of[v]))
        return _graph(problem, n, edges, k), parts
    if problem == "vertexcover":
        k = _bound(rng, n, k, 0, n // 2 - 1)
        matching = [tuple(sorted(order[2 * i:2 * i + 2])) for i in range(k + 1)]
        edges = matching + list(random_pairs(rng, n, p))
        return _graph(problem, n, edges, k), tuple(sorted(matching))
    # domset: k + 1 packed vertices, each other vertex adjacent to at most one of them
    k = _bound(rng, n, k, 0, n - 1)
    packing = sorted(order[:k + 1])
    rest = order[k + 1:]
    owner = {v: rng.choice(packing + [None]) for v in rest}
    edges = [tuple(sorted((v, w))) for v, w in owner.items() if w is not None]
    inside = set(packing)
    edges += random_pairs(rng, n, p, lambda u, v: u not in inside and v not in inside)
    return _graph(problem, n, edges, k), tuple(packing)


@takes(
    num_vertices=Param(2, help="vertices"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (G(n, p))"),
)
def certified_no(problem: str, seed: int, num_vertices: int = 10, k: int | None = None,
                 p: float = DEFAULT_P) -> BoundedGraph:
    """A no-instance built around a certificate of no (the module's docstring says which)."""
    return _certified_no(problem, seed, num_vertices, k, p)[0]


def no_witness(problem: str, seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> Any:
    """The certificate of no that :func:`certified_no` built with the same seed and parameters."""
    return _certified_no(problem, seed, num_vertices, k, p)[1]


def certain_no_reason(instance: BoundedGraph, witness: Any) -> str | None:
    """Why ``witness`` proves ``instance`` a no-instance (checked from the definition), or None
    if it proves nothing.

    >>> from npw.instances.graphs.graph import VertexCover
    >>> certain_no_reason(VertexCover(4, ((0, 1), (2, 3)), 1), [(0, 1), (2, 3)])
    'a matching of 2 edges: every vertex cover has at least 2 vertices'
    >>> certain_no_reason(VertexCover(4, ((0, 1), (2, 3)), 2), [(0, 1), (2, 3)]) is None
    True
    """
    g, k = instance, instance.k
    if g.problem in ("indset", "clique"):
        parts = [tuple(part) for part in witness]
        if sorted(v for part in parts for v in part) != list(range(g.num_vertices)) or len(parts) >= k:
            return None
        inside = [all(g.adjacent(u, v) for u in part for v in part if u < v) for part in parts]
        if g.problem == "indset" and all(inside):
            return f"the vertices split into {len(parts)} cliques: no independent set has more than {len(parts)} vertices"
        crossing = [not any(g.adjacent(u, v) for u in part for v in part if u < v) for part in parts]
        if g.problem == "clique" and all(crossing):
            return f"a proper colouring with {len(parts)} colours: no clique has more than {len(parts)} vertices"
        return None
    if g.problem == "vertexcover":
        matching = [tuple(e) for e in witness]
        ends = [v for e in matching for v in e]
        if len(set(ends)) != len(ends) or len(matching) <= k or not all(g.adjacent(*e) for e in matching):
            return None
        return f"a matching of {len(matching)} edges: every vertex cover has at least {len(matching)} vertices"
    packing = list(witness)
    closed = [g.neighbours(v) | {v} for v in packing]
    union = set().union(*closed) if closed else set()
    if len(packing) <= k or sum(len(c) for c in closed) != len(union):
        return None
    return (f"vertices {sorted(packing)} have pairwise disjoint closed neighbourhoods: every dominating set "
            f"has at least {len(packing)} vertices")


def verification_sample(problem: str, seed: int) -> BoundedGraph:
    """1-8 vertices, an edge density from 0.15 to 0.85 and any k: small enough for the brute
    force, with both answers common; one case in about ten at 0-2 vertices with no edge or every edge
    (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        return random_instance(problem, rng.randrange(2**31), rng.randint(0, 2), None, rng.choice((0.0, 1.0)))
    return random_instance(problem, rng.randrange(2**31), rng.randint(1, 8), None, rng.uniform(0.15, 0.85))
