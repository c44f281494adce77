"""The ``coloring`` problem (the registry's entry): :class:`~npw.instances.graphs.graph.Coloring`,
k-colouring of a graph (Garey & Johnson GT4), with its generators; the enumeration (networkx's
atlas, every k = 0..n) and the shrinking are the room's (:mod:`.enumeration`).

Generators, each ``fn(seed, num_vertices=, k=, p=)``:

* ``random``: G(n, p) and k (drawn from 0..min(n, 4) when not given: beyond that almost every
  small graph is a yes);
* ``planted`` (yes): every vertex a random colour 0..k-1, then G(n, p) on the pairs of different
  colours only; :func:`planted_colouring` gives the colouring;
* ``certified-no`` (no): a clique on k + 1 random vertices (its vertices need k + 1 different
  colours), the rest G(n, p); :func:`no_clique` gives the clique, :func:`certain_no_reason`
  checks it from the definition alone.

>>> g = planted(5, num_vertices=8, k=3)
>>> g.verify(planted_colouring(5, num_vertices=8, k=3))
True
>>> no = certified_no(5, num_vertices=8, k=3)
>>> certain_no_reason(no, no_clique(5, num_vertices=8, k=3))
'a clique on 4 vertices: every colouring needs at least 4 colours'
"""

from __future__ import annotations

import itertools
import random as _random
from functools import partial
from typing import Sequence

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.graphs import enumeration
from npw.instances.graphs.generators import DEFAULT_P, check_density, random_pairs
from npw.instances.graphs.graph import Coloring
from npw.instances.elements import graph_elements
from npw.instances.graphs.formats import GRAPH_FORMATS

__all__ = ["PROBLEM", "SMALL_K", "certain_no_reason", "certified_no", "no_clique", "planted", "planted_colouring",
           "random_instance", "verification_sample"]

SMALL_K = 4  # the largest k a generator draws by itself


def _colours(rng: _random.Random, n: int, k: int | None, low: int) -> int:
    """k as given (checked against low..n) or drawn from low..min(n, SMALL_K)."""
    if k is None:
        return rng.randint(min(low, n), max(min(low, n), min(n, SMALL_K)))
    if not low <= k <= n:
        raise InvalidInstance(f"k = {k} must lie in {low}..{n} for this generator with {n} vertices")
    return k


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="colours (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (G(n, p))"),
)
def random_instance(seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> Coloring:
    """G(n, p) and k colours (drawn from 0..min(n, 4) when not given)."""
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    k = _colours(rng, num_vertices, k, 0)
    return Coloring(num_vertices, tuple(random_pairs(rng, num_vertices, p)), k)


def _planted(seed: int, num_vertices: int, k: int | None, p: float) -> tuple[Coloring, tuple[int, ...]]:
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    n = num_vertices
    k = _colours(rng, n, k, 1 if n else 0)  # no vertex takes a colour out of none
    colour = tuple(rng.randrange(k) for _ in range(n))
    edges = tuple(random_pairs(rng, n, p, lambda u, v: colour[u] != colour[v]))
    return Coloring(n, edges, k), colour


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="colours (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (G(n, p))"),
)
def planted(seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> Coloring:
    """A yes-instance: a random colouring with k colours planted, edges only between its classes."""
    return _planted(seed, num_vertices, k, p)[0]


def planted_colouring(seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> tuple[int, ...]:
    """The colouring :func:`planted` planted with the same seed and parameters."""
    return _planted(seed, num_vertices, k, p)[1]


def _certified_no(seed: int, num_vertices: int, k: int | None, p: float) -> tuple[Coloring, tuple[int, ...]]:
    check_density(num_vertices, p)
    rng = _random.Random(seed)
    n = num_vertices
    if n < 1:  # the smallest no-instance: one vertex and no colour
        raise InvalidInstance("a certified-no coloring instance needs at least 1 vertex")
    if k is None:
        k = rng.randint(0, min(n - 1, SMALL_K))
    elif not 0 <= k <= n - 1:
        raise InvalidInstance(f"k = {k} must lie in 0..{n - 1}: a clique on k + 1 vertices must fit in {n}")
    clique = tuple(sorted(rng.sample(range(n), k + 1)))  # on random vertices, never 0..k by design
    edges = set(itertools.combinations(clique, 2)) | set(random_pairs(rng, n, p))
    return Coloring(n, tuple(sorted(edges)), k), clique


@takes(
    num_vertices=Param(1, help="vertices"),
    k=Param(0, help="colours (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="edge probability (G(n, p))"),
)
def certified_no(seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> Coloring:
    """A no-instance: a clique on k + 1 random vertices, the rest G(n, p)."""
    return _certified_no(seed, num_vertices, k, p)[0]


def no_clique(seed: int, num_vertices: int = 10, k: int | None = None, p: float = DEFAULT_P) -> tuple[int, ...]:
    """The clique :func:`certified_no` built with the same seed and parameters."""
    return _certified_no(seed, num_vertices, k, p)[1]


def certain_no_reason(instance: Coloring, clique: Sequence[int]) -> str | None:
    """Why ``clique`` proves ``instance`` a no-instance: more than k distinct vertices, pairwise
    adjacent (checked from the definition), or None if it proves nothing.

    >>> certain_no_reason(Coloring(3, ((0, 1), (0, 2), (1, 2)), 2), [0, 1, 2])
    'a clique on 3 vertices: every colouring needs at least 3 colours'
    >>> certain_no_reason(Coloring(3, ((0, 1), (1, 2)), 2), [0, 1, 2]) is None
    True
    """
    vertices = [int(v) for v in clique]
    if len(set(vertices)) != len(vertices) or len(vertices) <= instance.k:
        return None
    if not all(0 <= v < instance.num_vertices for v in vertices):
        return None
    if not all(instance.adjacent(u, v) for u, v in itertools.combinations(vertices, 2)):
        return None
    return f"a clique on {len(vertices)} vertices: every colouring needs at least {len(vertices)} colours"


def verification_sample(seed: int) -> Coloring:
    """1-8 vertices, an edge density from 0.15 to 0.85 and k from 0..min(n, 4): small enough for
    the backtracking, with both answers common; one case in about ten at 0-2 vertices with no edge
    or every edge (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        return random_instance(rng.randrange(2**31), rng.randint(0, 2), None, rng.choice((0.0, 1.0)))
    return random_instance(rng.randrange(2**31), rng.randint(1, 8), None, rng.uniform(0.15, 0.85))


PROBLEM = Problem(
    id="coloring",
    title="Graph k-colourability (GT4): a colour 0..k-1 per vertex, no edge inside a colour",
    instance_type=Coloring,
    certificate_doc="the colouring: a list of n colours 0..k-1, one per vertex in order, the ends of every edge different",
    generators={"random": random_instance, "planted": planted, "certified-no": certified_no},
    default_generator="random",
    enumerate=partial(enumeration.enumerate_instances, "coloring"),
    enumerate_doc=enumeration.enumerate_instances.__doc__ or "",
    shrink=enumeration.shrink,
    sample=verification_sample,
    # SAT first: the verifier decides a reduction's target with the first decider only, and the
    # backtracking times out (5 s) on 30 of 40 3sat-to-3col random targets of 100-250 vertices
    # where SAT takes 5 ms (BENCHMARKS.md, "3sat-to-3col"); a coloring source still gets both
    verify_deciders=("sat", "brute"),
    planted_certificates={"planted": planted_colouring},
    deciders=("brute", "sat"),
    renderer="npw.instances.graphs.render:render_svg",
    elements=graph_elements,
    file_model="npw.instances.models:ColoringFile",
    formats=GRAPH_FORMATS,
)

