"""Hamiltonian path from s to t, both of degree 1, in max-degree-3 graphs: Lemma A.1 (2) of
Brunner et al., "Complexity of Solo Chess with Unlimited Moves" (the source problem of
Theorem 3.2 and Corollaries 3.3-3.6). The instance type is
:class:`npw.instances.hampath.graph.HamPathEnds`; grid coordinates are optional (Theorem 3.2 needs
none), and the enumeration and samples are grid graphs, as in Lemma A.1.

>>> from npw.instances.hampath.graph import HamPathEnds
>>> g = HamPathEnds(5, ((0, 1), (1, 2), (1, 3), (2, 3), (3, 4)), s=0, t=4)
>>> g.verify((0, 1, 2, 3, 4)), g.verify((0, 2, 1, 3, 4))  # 0-2 is not an edge
(True, False)
>>> HamPathEnds(3, ((0, 1), (1, 2)), s=0, t=1)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: t = vertex 1 has degree 2; hampath-st needs degree 1
"""

from __future__ import annotations

import random as _random
from typing import Iterator

from npw.instances.base import Param, takes
from npw.instances.hampath.enumeration import canonical_marked, polyominoes
from npw.instances.hampath.generators import (
    leafy_grid_instance, planted_with_path as planted_with_ends, random_grid_shape, walk_end_is_leaf,
)
from npw.instances.hampath.graph import HamPathEnds, grid_instance
from npw.instances.hampath.shrinking import shrink  # noqa: F401 (the record's, by Problem.of_module)
from npw.instances.hampath.lemma_a1 import lemma_a1_problem, small_sample

__all__ = ["PROBLEM", "certified_no_instance", "enumerate_instances", "planted_instance", "planted_with_path",
           "random_instance", "verification_sample"]


def enumerate_instances(max_vertices: int) -> Iterator[HamPathEnds]:
    """Every connected max-degree-3 grid graph with 2..max_vertices vertices and every ordered pair
    (s, t) of distinct degree-1 vertices, once per class of (shape, s, t) under translation,
    rotation and reflection."""
    for shape in polyominoes(max_vertices):
        g = grid_instance(shape)
        leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1]
        seen = set()
        for s in leaves:
            for t in leaves:
                if s == t:
                    continue
                key = canonical_marked(shape, [shape[s], shape[t]])
                if key not in seen:
                    seen.add(key)
                    yield grid_instance(shape, shape[s], shape[t], cls=HamPathEnds)


@takes(num_vertices=Param(1, help="vertices"))
def random_instance(seed: int, num_vertices: int = 12) -> HamPathEnds:
    """A random connected max-degree-3 grid graph with at least two degree-1 vertices (resampled),
    s and t two of them at random."""
    rng = _random.Random(seed)
    while True:
        shape = random_grid_shape(rng, max(num_vertices, 2))
        g = grid_instance(shape)
        leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1]
        if len(leaves) >= 2:
            s, t = rng.sample(leaves, 2)
            return grid_instance(shape, shape[s], shape[t], cls=HamPathEnds)


def planted_with_path(seed: int, num_vertices: int = 12) -> tuple[HamPathEnds, tuple[int, ...]]:
    """Yes by construction, with its path: a random self-avoiding max-degree-3 grid walk whose two
    ends have degree 1 (walks are redrawn until they do), s and t its ends, the vertices numbered
    in a seeded random order (the path is not 0, 1, ..., n-1)."""
    return planted_with_ends(seed, max(num_vertices, 2), cls=HamPathEnds, ends="st",
                             accept=lambda walk: walk_end_is_leaf(walk, 0) and walk_end_is_leaf(walk, -1))


@takes(num_vertices=Param(1, help="vertices"))
def planted_instance(seed: int, num_vertices: int = 12) -> HamPathEnds:
    """Yes by construction (:func:`planted_with_path` without the path).

    >>> g = planted_instance(seed=2, num_vertices=8)
    >>> g.degree(g.s), g.degree(g.t), g.max_degree() <= 3
    (1, 1, True)
    """
    return planted_with_path(seed, num_vertices)[0]


@takes(num_vertices=Param(1, help="vertices"))
def certified_no_instance(seed: int, num_vertices: int = 12) -> HamPathEnds:
    """No by construction: a random max-degree-3 grid graph with three or more degree-1 vertices,
    s and t two of them at random. A third degree-1 vertex would have to lie inside the path
    (:func:`npw.instances.hampath.generators.certain_no_reason` names it).

    >>> from npw.instances.hampath.generators import certain_no_reason
    >>> certain_no_reason(certified_no_instance(seed=1)).endswith("vertices of degree 1")
    True
    """
    rng = _random.Random(seed)
    g, leaves = leafy_grid_instance(rng, num_vertices, 3)
    return HamPathEnds(g.num_vertices, g.edges, leaves[0], leaves[1], g.coords)


def verification_sample(seed: int) -> HamPathEnds:
    """A small instance (2-9 vertices) for the verifier."""
    return small_sample(random_instance, seed)


PROBLEM = lemma_a1_problem(
    globals(),
    id="hampath-st",
    title="Hamiltonian path between degree-1 vertices s and t in a max-degree-3 graph (Lemma A.1 (2))",
    instance_type=HamPathEnds,
    certificate_doc="path: list of all vertices in order, from s to t",
    file_model="npw.instances.models:HamPathEndsFile",
)
