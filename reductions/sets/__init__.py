"""The textbook reductions into the set problems (issue 19): 3-SAT -> 3DM (Garey & Johnson,
Theorem 3.2), 3DM -> X3C (the disjoint union, Garey & Johnson Section 3.2.1) and X3C -> SET COVER
(Karp 1972: the same sets, k = q)."""

__all__: list[str] = []
