"""Generators, exhaustive enumeration and shrinking of the Hamiltonian cycle problems (``hamcycle``,
``dhamcycle``; the model is :mod:`npw.instances.hampath.cycle`), and the registry entry both
problems build from (:func:`cycle_problem`).

Generators, each ``fn(seed, num_vertices=, p=)``:

* ``random``: G(n, p); directed, each of the two arcs of a pair drawn on its own with probability p;
* ``planted`` (yes): a Hamiltonian cycle through all vertices plus G(n, p) around it, renumbered at
  random (:func:`planted_cycle` gives the cycle);
* ``certified-no`` (no): a bipartite graph (digraph) whose sides differ in size, every edge (arc)
  between the sides with probability p: a Hamiltonian cycle alternates sides, so both sides would
  hold n / 2 vertices. :func:`certain_no_reason` checks that (or a vertex a cycle cannot pass,
  or a disconnected graph) from the graph alone.

>>> g = generate_planted("dhamcycle", 3, num_vertices=7)
>>> c = planted_cycle("dhamcycle", 3, num_vertices=7)
>>> g.verify(c), c != tuple(range(7))
(True, True)
>>> certain_no_reason(generate_certified_no("hamcycle", 5, num_vertices=9, p=0.9))
'bipartite with sides of 4 and 5 vertices'
"""

from __future__ import annotations

import random as _random
from functools import partial
from typing import Any, Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.graphs.digraph import digraph_classes
from npw.instances.graphs.enumeration import atlas_graphs
from npw.instances.graphs.generators import check_density, random_pairs
from npw.instances.hampath.cycle import CYCLE_PROBLEMS, Edge, HamCycle, relabel

__all__ = ["CERTIFICATES", "MAX_DIGRAPH_ENUMERATION", "certain_no_reason", "cycle_problem", "enumerate_instances",
           "generate_certified_no", "generate_planted", "generate_random", "planted_cycle", "shrink",
           "verification_sample"]

MAX_DIGRAPH_ENUMERATION = 4
"""The most vertices :func:`enumerate_instances` takes for ``dhamcycle``: every digraph up to
isomorphism is found by trying all n! numberings of all 2^(n(n-1)) arc sets (n = 4: 4,096 sets, 218
classes, about a second; n = 5 would be 10^6 sets times 120 numberings)."""


def _pairs(rng: _random.Random, problem: str, n: int, p: float) -> list[Edge]:
    """G(n, p)'s edges; for a digraph, the arcs u->v and v->u of each pair drawn independently."""
    pairs = list(random_pairs(rng, n, p))
    if CYCLE_PROBLEMS[problem].DIRECTED:
        pairs += [(v, u) for u, v in random_pairs(rng, n, p)]
    return pairs


def _shuffled(rng: _random.Random, g: HamCycle) -> tuple[HamCycle, list[int]]:
    new_label = list(range(g.num_vertices))
    rng.shuffle(new_label)
    return relabel(g, new_label), new_label


@takes(num_vertices=Param(1, help="vertices"), p=Param(0.0, 1.0, help="edge probability (G(n, p))"))
def generate_random(problem: str, seed: int, num_vertices: int = 10, p: float = 0.3) -> HamCycle:
    """G(n, p) (a digraph: each arc with probability p)."""
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    return CYCLE_PROBLEMS[problem](max(num_vertices, 1), tuple(_pairs(rng, problem, max(num_vertices, 1), p)))


def _planted(problem: str, seed: int, num_vertices: int, p: float) -> tuple[HamCycle, tuple[int, ...]]:
    cls = CYCLE_PROBLEMS[problem]
    if num_vertices < cls.SMALLEST_CYCLE:
        raise InvalidInstance(f"a planted {problem} cycle needs num_vertices >= {cls.SMALLEST_CYCLE}, "
                              f"not {num_vertices}")
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    n = num_vertices
    ring = [(i, (i + 1) % n) for i in range(n)]  # the cycle 0, 1, ..., n-1, renumbered below
    extra = [e for e in _pairs(rng, problem, n, p) if e not in ring and (cls.DIRECTED or e[::-1] not in ring)]
    g, new_label = _shuffled(rng, cls(n, tuple(ring + extra)))
    return g, tuple(new_label[v] for v in range(n))


@takes(num_vertices=Param(2, help="vertices"), p=Param(0.0, 1.0, help="edge probability (G(n, p))"))
def generate_planted(problem: str, seed: int, num_vertices: int = 10, p: float = 0.2) -> HamCycle:
    """Yes by construction: a Hamiltonian cycle plus G(n, p), renumbered at random."""
    return _planted(problem, seed, num_vertices, p)[0]


def planted_cycle(problem: str, seed: int, num_vertices: int = 10, p: float = 0.2) -> tuple[int, ...]:
    """The cycle :func:`generate_planted` planted for the same seed and parameters."""
    return _planted(problem, seed, num_vertices, p)[1]


@takes(num_vertices=Param(1, help="vertices"), p=Param(0.0, 1.0, help="edge probability (G(n, p))"))
def generate_certified_no(problem: str, seed: int, num_vertices: int = 10, p: float = 0.6) -> HamCycle:
    """No by construction: sides of (n - 1) // 2 and the rest, every edge (arc) between them with
    probability p, renumbered at random; the smaller side is too small for a cycle to alternate."""
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    cls = CYCLE_PROBLEMS[problem]
    n = max(num_vertices, 1)
    small = (n - 1) // 2  # vertices 0..small-1; the others form the larger side
    between = list(random_pairs(rng, n, p, allowed=lambda u, v: u < small <= v))
    if cls.DIRECTED:
        between += [(v, u) for u, v in random_pairs(rng, n, p, allowed=lambda u, v: u < small <= v)]
    return _shuffled(rng, cls(n, tuple(between)))[0]


def certain_no_reason(g: HamCycle) -> str | None:
    """A reason, checkable in linear time, why ``g`` has no Hamiltonian cycle; None if none found.

    >>> certain_no_reason(HamCycle(4, ((0, 1), (1, 2), (2, 3))))
    'vertex 0 has degree 1'
    """
    n = g.num_vertices
    if n < g.SMALLEST_CYCLE:
        return f"{n} vertices, fewer than a cycle needs"
    for v in range(n):
        if len(g.successors(v)) == 0 or len(g.predecessors(v)) == 0 or g.degree(v) < 2:
            return (f"vertex {v} has in-degree {len(g.predecessors(v))}, out-degree {len(g.successors(v))}"
                    if g.DIRECTED else f"vertex {v} has degree {g.degree(v)}")
    side = {0: 0}
    stack = [0]
    bipartite = True
    while stack:
        u = stack.pop()
        for w in g.neighbours(u):
            if w not in side:
                side[w] = 1 - side[u]
                stack.append(w)
            elif side[w] == side[u]:
                bipartite = False
    if len(side) < n:
        return "disconnected"
    ones = sum(side.values())
    if bipartite and 2 * ones != n:
        return f"bipartite with sides of {min(ones, n - ones)} and {max(ones, n - ones)} vertices"
    return None


def verification_sample(problem: str, seed: int) -> HamCycle:
    """A small random instance for the verifier: 3-8 vertices (digraphs 2-7), edge probability
    0.3-0.8 (arcs 0.3-0.7), so both answers are common; one case in about ten at 1-2 vertices with
    no edge or every edge (``degenerate_sample``)."""
    rng = _random.Random(seed)
    directed = CYCLE_PROBLEMS[problem].DIRECTED
    if degenerate_sample(seed):
        return generate_random(problem, rng.randrange(2**31), num_vertices=rng.randint(1, 2),
                               p=rng.choice((0.0, 1.0)))
    n = rng.randint(2, 7) if directed else rng.randint(3, 8)
    p = rng.uniform(0.3, 0.7 if directed else 0.8)
    return generate_random(problem, rng.randrange(2**31), num_vertices=n, p=p)


def enumerate_instances(problem: str, max_vertices: int) -> Iterator[HamCycle]:
    """hamcycle: every graph on 1..max_vertices vertices (max 7, networkx's atlas) up to isomorphism;
    dhamcycle: every digraph on 1..max_vertices vertices (max 4) up to isomorphism."""
    cls = CYCLE_PROBLEMS[problem]
    if not cls.DIRECTED:
        for n, edges in atlas_graphs(max_vertices):
            yield cls(n, edges)
        return
    if max_vertices > MAX_DIGRAPH_ENUMERATION:
        raise InvalidInstance(f"exhaustive digraphs go up to {MAX_DIGRAPH_ENUMERATION} vertices "
                              f"(MAX_DIGRAPH_ENUMERATION), not {max_vertices}")
    for n in range(1, max_vertices + 1):
        for arcs in digraph_classes(n):
            yield cls(n, arcs)


def shrink(instance: HamCycle) -> Iterator[HamCycle]:
    """Delete one vertex, or one edge (arc).

    >>> [(g.num_vertices, g.edges) for g in shrink(HamCycle(3, ((0, 1), (1, 2))))]
    [(2, ((0, 1),)), (2, ()), (2, ((0, 1),)), (3, ((1, 2),)), (3, ((0, 1),))]
    """
    n, cls = instance.num_vertices, type(instance)
    if n > 1:
        for v in range(n):
            new = {w: (w if w < v else w - 1) for w in range(n) if w != v}
            yield cls(n - 1, tuple((new[a], new[b]) for a, b in instance.edges if v not in (a, b)))
    for index in range(len(instance.edges)):
        yield cls(n, instance.edges[:index] + instance.edges[index + 1:])


CERTIFICATES = {
    "hamcycle": "cycle: list of all vertices in the order visited (the last joined back to the first)",
    "dhamcycle": "cycle: list of all vertices in the order visited, each arc from one to the next, "
                 "the last with an arc to the first",
}


def cycle_problem(problem: str, title: str, verify_deciders: tuple[str, ...] = ("dp", "sat"),
                  **fields: Any) -> Problem:
    """The record of ``hamcycle`` or ``dhamcycle``: the shared generators, enumeration, shrinking;
    the DP (Held-Karp) and the SAT position encoding as the verifier's deciders, the first of
    ``verify_deciders`` the one that answers a reduction's targets; ``fields`` are the record's own."""
    return Problem(
        id=problem,
        title=title,
        instance_type=CYCLE_PROBLEMS[problem],
        certificate_doc=CERTIFICATES[problem],
        generators={
            "random": partial(generate_random, problem),
            "planted": partial(generate_planted, problem),
            "certified-no": partial(generate_certified_no, problem),
        },
        default_generator="random",
        enumerate=partial(enumerate_instances, problem),
        enumerate_doc=enumerate_instances.__doc__ or "",
        shrink=shrink,
        sample=partial(verification_sample, problem),
        verify_deciders=verify_deciders,
        planted_certificates={"planted": partial(planted_cycle, problem)},
        deciders=("dp", "sat", "sat-edges"),
        renderer="npw.instances.hampath.render:render_cycle",
        **fields,
    )
