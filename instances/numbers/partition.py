"""The ``partition`` problem (the registry's entry): :class:`~npw.instances.numbers.model.Partition`
with the room's generators, enumeration and shrinking."""

from __future__ import annotations

from npw.instances.numbers.problems import number_problem

__all__ = ["PROBLEM"]

PROBLEM = number_problem("partition", "PARTITION (SP12): two sides of equal sum",
                         file_model="npw.instances.models:PartitionFile")
