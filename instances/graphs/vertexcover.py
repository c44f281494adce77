"""The ``vertexcover`` problem (the registry's entry): :class:`~npw.instances.graphs.graph.VertexCover` with
the room's generators, enumeration and shrinking."""

from __future__ import annotations

from npw.instances.graphs.problems import graph_problem

__all__ = ["PROBLEM"]

PROBLEM = graph_problem("vertexcover", "Vertex cover (GT1): k or fewer vertices touching every edge",
                        file_model="npw.instances.models:VertexCoverFile")
