"""Deciders and tools for the (n^2-1)-puzzle (npw.solvers.registry imports them on first use):

* search: BFS, A* and IDA* (IDA* compiled with numba), the optimal npuz deciders;
* kernel: the compiled IDA* inner loops, one per heuristic; pysearch: the same IDA* in pure
  Python for easy boards (no numba to load);
* heuristics: admissible, consistent heuristics (Manhattan, linear conflict, relaxed adjacency);
* pdb: additive pattern databases for n <= 4; pdb_files: their cache files, readable without numpy;
* bounds: d(B1, B2) and the lower bounds of Section 2 and Theorem 4;
* sat: a SAT planner for small boards (and its DIMACS export);
* approx: the constant-factor approximation of Section 5 (the shorter of its sequence and the
  greedy solver's, then locally improved);
* greedy: the greedy row-by-row solver, the practical reference;
* improve: local improvement of move sequences (inverse pairs, loops, windows re-solved);
* tiles: the board with moves and the blank's routes that approx and greedy share;
* study: seed 004's study of random 8-puzzles, redone with search effort.
"""

__all__: list[str] = []
