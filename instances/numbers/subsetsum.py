"""The ``subsetsum`` problem (the registry's entry): :class:`~npw.instances.numbers.model.SubsetSum`
with the room's generators, enumeration and shrinking."""

from __future__ import annotations

from npw.instances.numbers.problems import number_problem

__all__ = ["PROBLEM"]

PROBLEM = number_problem("subsetsum", "SUBSET SUM (SP13): a subset of the numbers summing to the target",
                         file_model="npw.instances.models:SubsetSumFile")
