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

__all__ = ["complement_bound_size", "complement_provenance", "complement_set", "is_same_graph_complement_bound",
           "same_graph_provenance"]


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


def complement_bound_size(src: BoundedGraph) -> dict[str, int]:
    """The target's size when it is G itself with the bound k' = n - k (independent set and
    vertex cover, Garey & Johnson Lemma 3.1, either way).

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> complement_bound_size(IndependentSet(3, ((0, 1),), 1))
    {'vertices': 3, 'edges': 1, 'k': 2}
    """
    return {"vertices": src.num_vertices, "edges": len(src.edges), "k": src.num_vertices - src.k}


def is_same_graph_complement_bound(src: BoundedGraph, tgt: BoundedGraph) -> bool | str:
    """The claim that the target is G itself with k' = n - k: True, or what differs."""
    return (tgt.edges == src.edges and tgt.num_vertices == src.num_vertices
            and tgt.k == src.num_vertices - src.k) or "the graph or the bound differs"
