"""Deciders for REL (npw.solvers.registry imports them on first use):

* order: SAT, the walk as a total order of the edges (and the DIMACS export);
* sat_time: SAT, time steps x arcs;
* cpsat: OR-Tools CP-SAT, the order model with integers;
* search: exhaustive depth-first search over Eulerian walks (never SAT);
* local_order (``local``): SAT on the walk's order kept locally at each vertex, made global
  lazily (cuts); the verifier's first, for Theorem 2's and the chain's targets.
"""

__all__: list[str] = []
