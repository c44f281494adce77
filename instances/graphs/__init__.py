"""The classic graph problems (Karp 1972; Garey & Johnson GT1, GT2, GT19, GT20): a simple
undirected graph and a bound k, shared by every problem of the room.

* :mod:`.graph`: the model :class:`BoundedGraph` and the problems' types;
* :mod:`.generators`: random, planted-yes and certified-no instances (with their witnesses);
* :mod:`.enumeration`: every small instance up to isomorphism (networkx's atlas), shrinking;
* :mod:`.dimacs`: the DIMACS graph format (``p edge``);
* :mod:`.drawing`: the SVG drawing every graph problem (and ``hampath``) uses;
* :mod:`.problems` and one module per problem (:mod:`.indset`, :mod:`.vertexcover`,
  :mod:`.clique`, :mod:`.domset`): the registry's entries.

>>> from npw.instances.graphs import Clique
>>> Clique(3, ((0, 1), (1, 2), (0, 2)), 3).verify([0, 1, 2])
True
"""

from __future__ import annotations

from npw.instances.graphs.graph import GRAPH_PROBLEMS, BoundedGraph, Clique, DominatingSet, IndependentSet, VertexCover

__all__ = ["GRAPH_PROBLEMS", "BoundedGraph", "Clique", "DominatingSet", "IndependentSet", "VertexCover"]
