"""What the Section 3.1 reductions (Hamiltonian path -> Solo Chess) have been verified on.

One line shared by Theorems 3.1, 3.2, 3.7, Corollaries 3.3-3.6 and their ``-unrestricted`` and
``-stretched`` forms (``Reduction.checked``, the README's "checked" column); the commands and
their figures are in BENCHMARKS.md.
"""

__all__ = ["ON_GRID_GRAPHS"]

ON_GRID_GRAPHS = "every max-degree-3 grid graph up to 7-8 vertices, 100 random"
