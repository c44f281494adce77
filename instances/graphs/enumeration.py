"""Every small instance of a graph problem, and shrinking (``npw verify --exhaustive N``).

The graphs are networkx's atlas (Read & Wilson, "An Atlas of Graphs"): every simple graph on
0 to 7 vertices exactly once up to isomorphism, 1,253 graphs; each comes with every bound
k = 0..n. Up to isomorphism is enough: the room's problems ask nothing of the numbering.
"""

from __future__ import annotations

import functools
from typing import Iterator

from npw.instances.base import InvalidInstance
from npw.instances.graphs.graph import ROOM_PROBLEMS, BoundedGraph

__all__ = ["ATLAS_VERTICES", "atlas_graphs", "enumerate_instances", "shrink"]

ATLAS_VERTICES = 7  # the largest graphs networkx's atlas holds


def atlas_graphs(max_vertices: int) -> Iterator[tuple[int, tuple[tuple[int, int], ...]]]:
    """(n, edges) of every graph on 1..max_vertices vertices, once per isomorphism class.

    >>> [n for n, _ in atlas_graphs(3)]
    [1, 2, 2, 3, 3, 3, 3]
    """
    if max_vertices > ATLAS_VERTICES:
        raise InvalidInstance(f"exhaustive graphs go up to {ATLAS_VERTICES} vertices (networkx's atlas), "
                              f"not {max_vertices}")
    for n, edges in _atlas():
        if n > max_vertices:
            break  # the atlas is ordered by the number of vertices
        if n >= 1:  # the empty graph has nothing to choose; its instances say nothing
            yield n, edges


@functools.lru_cache(maxsize=1)
def _atlas() -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The whole atlas as (n, edges), read once: networkx builds its 1,253 graphs anew at each call
    (0.3 s), and the default stream counts its sizes one by one (npw.verify.cases.smallest_first_size)."""
    from networkx.generators.atlas import graph_atlas_g

    return tuple((graph.number_of_nodes(), tuple(sorted((min(u, v), max(u, v)) for u, v in graph.edges())))
                 for graph in graph_atlas_g())


def enumerate_instances(problem: str, max_vertices: int) -> Iterator[BoundedGraph]:
    """Every graph on 1..max_vertices vertices (max 7) up to isomorphism, each with every k = 0..n."""
    cls = ROOM_PROBLEMS[problem]
    for n, edges in atlas_graphs(max_vertices):
        for k in range(n + 1):
            yield cls(n, edges, k)


def shrink(instance: BoundedGraph) -> Iterator[BoundedGraph]:
    """Delete one vertex (k kept, lowered to n - 1 where it would exceed it), delete one edge,
    or lower k by one.

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> [(g.num_vertices, g.edges, g.k) for g in shrink(IndependentSet(2, ((0, 1),), 1))]
    [(1, (), 1), (1, (), 1), (2, (), 1), (2, ((0, 1),), 0)]
    """
    n, cls = instance.num_vertices, type(instance)
    for v in range(n):
        new = {w: (w if w < v else w - 1) for w in range(n) if w != v}
        edges = tuple((new[a], new[b]) for a, b in instance.edges if v not in (a, b))
        yield cls(n - 1, edges, min(instance.k, n - 1))
    for index in range(len(instance.edges)):
        yield cls(n, instance.edges[:index] + instance.edges[index + 1:], instance.k)
    if instance.k > 0:
        yield instance.with_bound(instance.k - 1)
