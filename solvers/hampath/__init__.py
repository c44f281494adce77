"""Deciders for Hamiltonian path and its variants (npw.solvers.registry imports them on first use):

* dp: the bitmask dynamic program (Bellman; Held & Karp), never SAT;
* sat: the position encoding through python-sat (and its DIMACS export).
"""

__all__: list[str] = []
