"""The ``fvs`` problem (the registry's entry): directed FEEDBACK VERTEX SET (Garey & Johnson GT7),
:class:`~npw.instances.graphs.digraph.FeedbackVertexSet` with its generators, enumeration and
shrinking.

>>> g = PROBLEM.generate("planted", seed=3, num_vertices=7, k=2)
>>> g.verify(PROBLEM.planted_certificate("planted", seed=3, num_vertices=7, k=2))
True
"""

from __future__ import annotations

from npw.instances.base import Problem
from npw.instances.graphs import digraph
from npw.instances.elements import digraph_elements
from npw.instances.graphs.formats import GRAPH_FORMATS

__all__ = ["PROBLEM"]

PROBLEM = Problem.of_module(
    vars(digraph),
    id="fvs",
    title="Feedback vertex set (GT7, directed): k or fewer vertices meeting every directed cycle",
    instance_type=digraph.FeedbackVertexSet,
    certificate_doc="the feedback vertex set: a list of at most k distinct vertices whose removal leaves no directed cycle",
    generators={
        "random": digraph.random_instance,
        "planted": digraph.planted,
        "certified-no": digraph.certified_no,
    },
    default_generator="random",
    verify_deciders=("brute", "sat"),
    # a target's NO is the search's word; the order encoding confirms it (cheap at verify's sizes)
    confirm_no_deciders=("sat",),
    planted_certificates={"planted": digraph.planted_solution},
    deciders=("brute", "sat"),
    renderer="npw.instances.graphs.render:render_digraph",
    elements=digraph_elements,
    file_model="npw.instances.models:FeedbackVertexSetFile",
    formats=GRAPH_FORMATS,
)
