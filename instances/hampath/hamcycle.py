"""The ``hamcycle`` problem (the registry's entry): :class:`~npw.instances.hampath.cycle.HamCycle` with
the generators, enumeration and shrinking of :mod:`npw.instances.hampath.cycle_streams`."""

from __future__ import annotations

from npw.instances.hampath.cycle_streams import cycle_problem
from npw.instances.base import FileFormat
from npw.instances.elements import graph_elements
from npw.instances.graphs.formats import GRAPH_FORMATS

__all__ = ["PROBLEM"]

# The edge encoding first: it answers the targets of vertexcover-to-hamcycle (38-76 sparse vertices,
# many ways in through the selectors) in milliseconds, where the position encoding's n^2 variables
# take 0.1-60 s or time out and the DP's reached sets 3 s to beyond 45 s (BENCHMARKS.md). The DP
# second: a source is decided by both, one SAT and one not.
PROBLEM = cycle_problem("hamcycle", "Hamiltonian cycle in an undirected graph (Karp 1972; GT37)",
                        ("sat-edges", "dp"),
                        elements=graph_elements,
                        file_model="npw.instances.models:HamCycleFile",
                        formats=(FileFormat("hcp", (".hcp",), read="npw.instances.hampath.hcp:read_hcp",
                                            write="npw.instances.hampath.hcp:cycle_to_hcp"), *GRAPH_FORMATS))
