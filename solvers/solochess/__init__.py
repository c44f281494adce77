"""Deciders for Solo Chess (npw.solvers.registry imports them on first use):

* moves: the moves of a board compiled to bitmasks, shared by the deciders;
* search: exhaustive search with memoisation of dead positions (never SAT);
* sat: a time-indexed SAT encoding;
* spanning: Theorem 2.2, one piece type, in polynomial time;
* hero: Theorem 2.16, a special hero and villains of one type, in polynomial time.
"""

__all__: list[str] = []
