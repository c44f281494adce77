"""``pm3sat-2occ``: Planar Monotone 3SAT with a rectilinear layout where each literal occurs at
most twice (the problem Lemma B.1 shows NP-hard and Theorems 3.9-3.11 reduce from). The model,
generators and enumeration are :mod:`npw.instances.sat.planar_monotone`'s, under the cap.

>>> PROBLEM.generate("random", seed=1, num_vars=5, num_clauses=8).occurrences()[1] <= 2
True
"""

from __future__ import annotations

from npw.instances.sat.planar_monotone import PROBLEM_2OCC, PlanarMonotone3Sat2Occ

PROBLEM = PROBLEM_2OCC

__all__ = ["PROBLEM", "PlanarMonotone3Sat2Occ"]
