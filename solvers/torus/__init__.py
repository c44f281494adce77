"""Solvers for the torus puzzle (npw.solvers.registry imports them on first use):

* constructive: the paper's constructive solution (Section 2.2-2.3);
* bfs: exhaustive breadth-first search, optimal moves and the distance distribution.
"""

__all__: list[str] = []
