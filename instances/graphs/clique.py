"""The ``clique`` problem (the registry's entry): :class:`~npw.instances.graphs.graph.Clique` with
the room's generators, enumeration and shrinking."""

from __future__ import annotations

from npw.instances.graphs.problems import graph_problem

__all__ = ["PROBLEM"]

PROBLEM = graph_problem("clique", "Clique (GT19): k or more pairwise adjacent vertices",
                        file_model="npw.instances.models:CliqueFile")
