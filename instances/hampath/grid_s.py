"""Hamiltonian path from a given start in max-degree-3 grid graphs: Lemma A.1 (1) of
Brunner et al., "Complexity of Solo Chess with Unlimited Moves" (the source problem of
Theorems 3.1 and 3.7). The instance type is :class:`npw.instances.hampath.graph.HamPathGridStart`:
a grid graph (induced, coordinates given) of maximum degree 3 with a start s of degree 1
and no end t.

>>> from npw.instances.hampath.graph import HamPathGridStart, grid_instance
>>> g = grid_instance([(0, 0), (1, 0), (1, 1)], s=(0, 0), cls=HamPathGridStart)
>>> g.edges, g.s
(((0, 1), (1, 2)), 0)
>>> g.verify((0, 1, 2)), g.verify((2, 1, 0))  # the path must start at s
(True, False)
"""

from __future__ import annotations

import random as _random
from typing import Iterator

from npw.instances.base import Param, takes
from npw.instances.hampath.enumeration import canonical_marked, polyominoes
from npw.instances.hampath.generators import (
    leafy_grid_instance, planted_with_path as planted_with_ends, random_grid_shape, walk_end_is_leaf,
)
from npw.instances.hampath.graph import HamPathGridStart, grid_instance
from npw.instances.hampath.shrinking import shrink  # noqa: F401 (the record's, by Problem.of_module)
from npw.instances.hampath.lemma_a1 import lemma_a1_problem, small_sample

__all__ = ["PROBLEM", "certified_no_instance", "enumerate_instances", "planted_instance", "planted_with_path",
           "random_instance", "verification_sample"]


def enumerate_instances(max_vertices: int) -> Iterator[HamPathGridStart]:
    """Every connected max-degree-3 grid graph with 2..max_vertices vertices and every start s of
    degree 1, once per class of (shape, s) under translation, rotation and reflection."""
    for shape in polyominoes(max_vertices):
        g = grid_instance(shape)
        seen = set()
        for s in range(g.num_vertices):
            if g.degree(s) != 1:
                continue
            key = canonical_marked(shape, [shape[s]])
            if key not in seen:
                seen.add(key)
                yield grid_instance(shape, shape[s], cls=HamPathGridStart)


@takes(num_vertices=Param(2, help="vertices"))
def random_instance(seed: int, num_vertices: int = 12) -> HamPathGridStart:
    """A random connected max-degree-3 grid graph (resampled until it has a degree-1 vertex), s
    a random degree-1 vertex."""
    rng = _random.Random(seed)
    while True:
        shape = random_grid_shape(rng, num_vertices)
        g = grid_instance(shape)
        leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1]
        if leaves:
            return grid_instance(shape, shape[rng.choice(leaves)], cls=HamPathGridStart)


def planted_with_path(seed: int, num_vertices: int = 12) -> tuple[HamPathGridStart, tuple[int, ...]]:
    """Yes by construction, with its path: a random self-avoiding max-degree-3 grid walk whose
    first cell has degree 1 (walks are redrawn until it does), s that cell, the vertices numbered
    in a seeded random order (the path is not 0, 1, ..., n-1)."""
    return planted_with_ends(seed, max(num_vertices, 2), cls=HamPathGridStart, ends="s",
                             accept=lambda walk: walk_end_is_leaf(walk, 0))


@takes(num_vertices=Param(1, help="vertices"))
def planted_instance(seed: int, num_vertices: int = 12) -> HamPathGridStart:
    """Yes by construction (:func:`planted_with_path` without the path).

    >>> g = planted_instance(seed=2, num_vertices=8)
    >>> g.degree(g.s), g.t
    (1, None)
    """
    return planted_with_path(seed, num_vertices)[0]


@takes(num_vertices=Param(1, help="vertices"))
def certified_no_instance(seed: int, num_vertices: int = 12) -> HamPathGridStart:
    """No by construction: a random max-degree-3 grid graph with three or more degree-1 vertices,
    s one of them at random. A path from s ends at one vertex; any other degree-1 vertex would
    have to lie inside it.

    >>> from npw.instances.hampath.generators import certain_no_reason
    >>> certain_no_reason(certified_no_instance(seed=1)).endswith("vertices of degree 1")
    True
    """
    rng = _random.Random(seed)
    g, leaves = leafy_grid_instance(rng, num_vertices, 3)
    return HamPathGridStart(g.num_vertices, g.edges, leaves[0], None, g.coords)


def verification_sample(seed: int) -> HamPathGridStart:
    """A small instance (2-9 vertices) for the verifier."""
    return small_sample(random_instance, seed)


PROBLEM = lemma_a1_problem(
    globals(),
    id="hampath-grid-s",
    title="Hamiltonian path from a degree-1 start s in a max-degree-3 grid graph (Lemma A.1 (1))",
    instance_type=HamPathGridStart,
    certificate_doc="path: list of all vertices in order, starting at s",
    file_model="npw.instances.models:HamPathGridStartFile",
)
