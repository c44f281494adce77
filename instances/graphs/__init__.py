"""The classic graph problems (Karp 1972; Garey & Johnson GT1, GT2, GT4, GT19, GT20): a simple
undirected graph and a bound k, shared by every problem of the room.

* :mod:`.graph`: the model :class:`BoundedGraph` and the problems' types;
* :mod:`.generators`: random, planted-yes and certified-no instances (with their witnesses);
* :mod:`.enumeration`: every small instance up to isomorphism (networkx's atlas), shrinking;
* the file formats of every graph problem, one module each (:mod:`.formats` lists them):
  :mod:`.dimacs` (``p edge``), :mod:`.edgelist`, :mod:`.adjlist`, :mod:`.graphml`, :mod:`.gml`;
  :mod:`.question`: which problem a graph file (or a networkx graph) is read as;
* :mod:`.drawing`: the SVG drawing every graph problem (and ``hampath``) uses;
* :mod:`.problems` and one module per problem (:mod:`.indset`, :mod:`.vertexcover`,
  :mod:`.clique`, :mod:`.domset`): the registry's entries;
* :mod:`.coloring`: k-colouring (GT4), whose certificate is a colour per vertex, with its own
  generators (a planted colouring; a certified no by a (k+1)-clique);
* :mod:`.digraph` and :mod:`.fvs`: directed feedback vertex set (GT7), on a digraph (arcs, not
  edges) with its own model, generators (planted; certified no by k + 1 disjoint cycles),
  enumeration up to 4 vertices and drawing.

>>> from npw.instances.graphs import Clique
>>> Clique(3, ((0, 1), (1, 2), (0, 2)), 3).verify([0, 1, 2])
True
"""

from __future__ import annotations

from npw.instances.graphs.graph import (GRAPH_PROBLEMS, ROOM_PROBLEMS, BoundedGraph, Clique, Coloring, DominatingSet,
                                        IndependentSet, VertexCover)

__all__ = ["GRAPH_PROBLEMS", "ROOM_PROBLEMS", "BoundedGraph", "Clique", "Coloring", "DominatingSet", "IndependentSet",
           "VertexCover"]
