"""The ``3dm`` problem (the registry's entry): :class:`~npw.instances.sets.model.ThreeDM` with the
room's generators, enumeration up to renaming and shrinking.

>>> p = PROBLEM.generate("planted", seed=2, q=4)
>>> p.verify(PROBLEM.planted_certificate("planted", seed=2, q=4))
True
"""

from __future__ import annotations

from npw.instances.base import Problem
from npw.instances.sets import generators
from npw.instances.sets.model import ThreeDM
from npw.instances.elements import three_dm_elements

__all__ = ["PROBLEM"]

PROBLEM = Problem.of_module(
    vars(generators),
    id="3dm",
    title="3-DIMENSIONAL MATCHING (SP1): q disjoint triples covering W, X and Y",
    instance_type=ThreeDM,
    certificate_doc="the matching: a list of q distinct 0-based triple indices, no two sharing an element",
    generators={
        "random": generators.random_instance,
        "planted": generators.planted,
        "certified-no": generators.certified_no,
    },
    default_generator="random",
    # SAT first: the primary decider answers the reductions' targets (hundreds of triples)
    verify_deciders=("sat", "brute"),
    planted_certificates={"planted": generators.planted_solution},
    deciders=("sat", "brute"),
    renderer="npw.instances.sets.render:render_3dm",
    elements=three_dm_elements,
    file_model="npw.instances.models:ThreeDMFile",
)
