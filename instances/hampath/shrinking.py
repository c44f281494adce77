"""Shrinking a Hamiltonian path instance: the smaller instances the verifier tries when it
has found a counterexample (for ``hampath`` and both variants)."""

from __future__ import annotations

from typing import Iterator

from npw.instances.base import InvalidInstance
from npw.instances.hampath.graph import HamPath

__all__ = ["shrink"]


def shrink(instance: HamPath) -> Iterator[HamPath]:
    """Forget t, or s; delete one vertex (keeping the grid induced; s/t dropped if deleted); or,
    where no coordinates fix the edges, delete one edge (a counterexample may need fewer edges
    but all its vertices).

    >>> from npw.instances.hampath.graph import HamPath
    >>> path = HamPath(3, ((0, 1), (1, 2)))
    >>> [(g.num_vertices, g.edges) for g in shrink(path)]
    [(2, ((0, 1),)), (2, ()), (2, ((0, 1),)), (3, ((1, 2),)), (3, ((0, 1),))]
    """
    n = instance.num_vertices
    cls = type(instance)
    if instance.t is not None and cls is HamPath:
        yield instance.with_ends(instance.s, None)
    if instance.s is not None and cls is HamPath:
        yield instance.with_ends(None, instance.t)
    if n <= 1:
        return
    for v in range(n):
        keep = [w for w in range(n) if w != v]
        new = {w: i for i, w in enumerate(keep)}
        edges = tuple((new[a], new[b]) for a, b in instance.edges if v not in (a, b))
        coords = None if instance.coords is None else tuple(instance.coords[w] for w in keep)
        s = None if instance.s in (None, v) else new[instance.s]
        t = None if instance.t in (None, v) else new[instance.t]
        try:
            yield cls(n - 1, edges, s, t, coords)
        except InvalidInstance:
            continue  # the variant's restrictions (degree-1 ends) no longer hold
    if instance.coords is not None:
        return  # a grid graph's edges are those of its points: no edge can go alone
    for index in range(len(instance.edges)):
        try:
            yield cls(n, instance.edges[:index] + instance.edges[index + 1:], instance.s, instance.t, None)
        except InvalidInstance:
            continue
