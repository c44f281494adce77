"""The registry's entries of the number room: one :class:`~npw.instances.base.Problem` per
problem from the shared generators, enumeration and shrinking (``subsetsum.py`` and
``partition.py`` each hold one, as the registry wants a module per problem).

>>> problem = number_problem("partition", "Partition")
>>> p = problem.generate("planted", seed=2, n=5)
>>> p.verify(problem.planted_certificate("planted", seed=2, n=5))
True
"""

from __future__ import annotations

from functools import partial

from npw.instances.base import Problem
from npw.instances.numbers import generators
from npw.instances.numbers.model import Partition, SubsetSum
from typing import Any
from npw.instances.elements import number_elements

__all__ = ["CERTIFICATES", "number_problem"]

CERTIFICATES = {
    "subsetsum": "the subset: a list of distinct 0-based indices of numbers summing to the target",
    "partition": "one side: a list of distinct 0-based indices of numbers summing to half the total",
}


def number_problem(problem: str, title: str, **fields: Any) -> Problem:
    """The Problem of ``problem`` ("subsetsum" or "partition") with the room's shared pieces;
    ``fields`` are the record's own (its file model)."""
    return Problem(
        id=problem,
        title=title,
        instance_type=SubsetSum if problem == "subsetsum" else Partition,
        certificate_doc=CERTIFICATES[problem],
        enumerate=partial(generators.enumerate_instances, problem),
        enumerate_doc=generators.enumerate_instances.__doc__ or "",
        shrink=generators.shrink,
        verify_deciders=("dp", "sat"),
        deciders=("dp", "sat"),
        renderer="npw.instances.numbers.render:render_svg",
        elements=number_elements,
        **Problem.generator_fields(generators, problem),
        **fields,
    )
