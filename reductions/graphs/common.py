"""What the graph reductions share: provenance of a graph kept vertex for vertex, and of one
turned into its complement (an edge becomes a non-edge: it maps to its two ends).

>>> from npw.instances.graphs.graph import IndependentSet
>>> g = IndependentSet(3, ((0, 1),), 1)
>>> same_graph_provenance(g)["edge:0-1"], complement_provenance(g)["edge:0-1"]
(['edge:0-1'], ['vertex:0', 'vertex:1'])
"""

from __future__ import annotations

from npw.instances.elements import edge_id, vertex_id
from npw.instances.graphs.graph import BoundedGraph

__all__ = ["complement_provenance", "complement_set", "same_graph_provenance"]


def same_graph_provenance(src: BoundedGraph) -> dict[str, list[str]]:
    """Every vertex and edge to itself: the target is the same graph (another question about it)."""
    made = {vertex_id(v): [vertex_id(v)] for v in range(src.num_vertices)}
    made.update({edge_id(e): [edge_id(e)] for e in src.edges})
    return made


def complement_provenance(src: BoundedGraph) -> dict[str, list[str]]:
    """A vertex to itself; an edge, absent from the complement, to the two ends it joined."""
    made = {vertex_id(v): [vertex_id(v)] for v in range(src.num_vertices)}
    made.update({edge_id(e): [vertex_id(e[0]), vertex_id(e[1])] for e in src.edges})
    return made


def complement_set(src: BoundedGraph, chosen) -> tuple[int, ...]:
    """The vertices not in ``chosen``."""
    inside = {int(v) for v in chosen}
    return tuple(v for v in range(src.num_vertices) if v not in inside)
