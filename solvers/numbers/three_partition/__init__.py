"""Deciders for 3-PARTITION (npw.solvers.registry imports them on first use):

* dp: exhaustive search with memoisation (never SAT/SMT);
* sat: python-sat, x[i][j] number i in group j;
* smt: z3 with integers.
"""

__all__: list[str] = []
