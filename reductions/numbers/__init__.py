"""The textbook reductions into the number problems (issue 19): 3-SAT -> SUBSET SUM with
base-10 digits (Sipser Theorem 7.56, CLRS 34.5.5), SUBSET SUM -> PARTITION, PARTITION -> KNAPSACK
(Garey & Johnson MP9), and 3DM -> 4-PARTITION -> 3-PARTITION (Garey & Johnson Theorems 4.3, 4.4)."""

__all__: list[str] = []
