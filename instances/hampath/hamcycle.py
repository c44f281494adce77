"""The ``hamcycle`` problem (the registry's entry): :class:`~npw.instances.hampath.cycle.HamCycle` with
the generators, enumeration and shrinking of :mod:`npw.instances.hampath.cycle_streams`."""

from __future__ import annotations

from npw.instances.hampath.cycle_streams import cycle_problem

# SAT first: it answers the targets of vertexcover-to-hamcycle (39 sparse vertices, many ways in
# through the selectors) in 0.1-2 s where the DP's reached sets take 3-40 s (BENCHMARKS.md)
PROBLEM = cycle_problem("hamcycle", "Hamiltonian cycle in an undirected graph (Karp 1972; GT37)", ("sat", "dp"))
