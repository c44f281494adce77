"""The ``domset`` problem (the registry's entry): :class:`~npw.instances.graphs.graph.DominatingSet` with
the room's generators, enumeration and shrinking."""

from __future__ import annotations

from npw.instances.graphs.problems import graph_problem

__all__ = ["PROBLEM"]

PROBLEM = graph_problem("domset", "Dominating set (GT2): k or fewer vertices, every vertex chosen or next to a chosen one",
                        file_model="npw.instances.models:DominatingSetFile")
