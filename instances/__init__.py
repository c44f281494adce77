"""Problems: instance types, validation, certificate checkers, generators, file formats."""

from instances.base import InvalidInstance, Problem
from instances.registry import get_problem, instance_from_dict, problem_ids, problem_of

__all__ = ["InvalidInstance", "Problem", "get_problem", "instance_from_dict", "problem_ids", "problem_of"]
