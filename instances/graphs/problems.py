"""The registry's entries of the graph room: one :class:`~npw.instances.base.Problem` per
problem, built by one function from the shared generators, enumeration and shrinking
(``instances/graphs/indset.py`` and its siblings each hold one, as the registry wants a module
per problem).

>>> problem = graph_problem("clique", "Clique")
>>> g = problem.generate("planted", seed=2, num_vertices=7, k=4)
>>> g.verify(problem.planted_certificate("planted", seed=2, num_vertices=7, k=4))
True
"""

from __future__ import annotations

from functools import partial

from npw.instances.base import Problem
from npw.instances.graphs import enumeration, generators
from npw.instances.graphs.graph import GRAPH_PROBLEMS
from typing import Any
from npw.instances.elements import graph_elements
from npw.instances.graphs.formats import GRAPH_FORMATS

__all__ = ["CERTIFICATES", "graph_problem"]

CERTIFICATES = {
    "indset": "the independent set: a list of at least k distinct vertices, no two adjacent",
    "vertexcover": "the cover: a list of at most k distinct vertices, every edge with an end among them",
    "clique": "the clique: a list of at least k distinct vertices, every two adjacent",
    "domset": "the dominating set: a list of at most k distinct vertices, every other vertex adjacent to one",
}


def graph_problem(problem: str, title: str, **fields: Any) -> Problem:
    """The Problem of ``problem`` (an id of ``GRAPH_PROBLEMS``) with the room's shared pieces;
    ``fields`` are the record's own (its file model)."""
    enumerate_instances = partial(enumeration.enumerate_instances, problem)
    return Problem(
        id=problem,
        title=title,
        instance_type=GRAPH_PROBLEMS[problem],
        certificate_doc=CERTIFICATES[problem],
        enumerate=enumerate_instances,
        enumerate_doc=enumeration.enumerate_instances.__doc__ or "",
        shrink=enumeration.shrink,
        verify_deciders=("brute", "sat"),
        deciders=("brute", "sat"),
        renderer="npw.instances.graphs.render:render_svg",
        elements=graph_elements,
        formats=GRAPH_FORMATS,
        **Problem.generator_fields(generators, problem),
        **fields,
    )
