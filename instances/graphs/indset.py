"""The ``indset`` problem (the registry's entry): :class:`~npw.instances.graphs.graph.IndependentSet` with
the room's generators, enumeration and shrinking."""

from __future__ import annotations

from npw.instances.graphs.problems import graph_problem

__all__ = ["PROBLEM"]

PROBLEM = graph_problem("indset", "Independent set (GT20): k or more vertices, no two adjacent",
                        file_model="npw.instances.models:IndependentSetFile")
