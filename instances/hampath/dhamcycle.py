"""The ``dhamcycle`` problem (the registry's entry): :class:`~npw.instances.hampath.cycle.DirectedHamCycle`
with the generators, enumeration and shrinking of :mod:`npw.instances.hampath.cycle_streams`."""

from __future__ import annotations

from npw.instances.hampath.cycle_streams import cycle_problem
from npw.instances.elements import digraph_elements
from npw.instances.graphs.formats import GRAPH_FORMATS

__all__ = ["PROBLEM"]

PROBLEM = cycle_problem("dhamcycle", "Hamiltonian cycle in a directed graph (Karp 1972; GT38)",
                        elements=digraph_elements,
                        file_model="npw.instances.models:DirectedHamCycleFile",
                        formats=GRAPH_FORMATS)
