"""The textbook reductions into the number problems (issue 19): 3-SAT -> SUBSET SUM with
base-10 digits (Sipser Theorem 7.56, CLRS 34.5.5) and SUBSET SUM -> PARTITION."""
