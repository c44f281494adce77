"""Problems: instance types, validation, certificate checkers, generators, file formats."""

from npw.instances.base import InvalidInstance, Problem
from npw.instances.registry import get_problem, instance_from_dict, problem_ids, problem_of

__all__ = ["InvalidInstance", "Problem", "get_problem", "instance_from_dict", "problem_ids", "problem_of"]
