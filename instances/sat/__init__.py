"""The satisfiability problems (instance types, checkers, JSON/DIMACS, generators):

* cnf: CNF-SAT, clauses of any width, DIMACS in and out;
* three_sat: 3-SAT, CNF with exactly three literals a clause;
* planar_monotone (+ planar_monotone_2occ, render_planar): Planar Monotone 3SAT with its
  rectilinear layout, and each literal at most twice (the Solo Chess paper's Section 3.2 and
  Lemma B.1);
* exactly_k_sat: the shared model of width-w clauses needing exactly k true literals;
* one_in_three_sat: 1-in-3-SAT (Schaefer 1978), the source of Theorem 6;
* two_two_four_sat: 2/2/4-SAT (Ratner & Warmuth, Section 2), the source of Theorems 2 and 3.
"""

__all__: list[str] = []
