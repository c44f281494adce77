"""The ``x3c`` problem (the registry's entry): :class:`~npw.instances.sets.model.X3C` with the
room's generators, enumeration up to renaming and shrinking.

>>> p = PROBLEM.generate("planted", seed=2, q=4)
>>> p.verify(PROBLEM.planted_certificate("planted", seed=2, q=4))
True
"""

from __future__ import annotations

from npw.instances.base import Problem
from npw.instances.sets import generators
from npw.instances.sets.model import X3C
from npw.instances.elements import x3c_elements

__all__ = ["PROBLEM"]

PROBLEM = Problem.of_module(
    vars(generators), "x3c_",
    id="x3c",
    title="EXACT COVER BY 3-SETS (SP2): q disjoint 3-sets covering 3q elements",
    instance_type=X3C,
    certificate_doc="the exact cover: a list of q distinct 0-based set indices, the sets pairwise disjoint",
    generators={
        "random": generators.x3c_random,
        "planted": generators.x3c_planted,
        "certified-no": generators.x3c_certified_no,
    },
    default_generator="random",
    # SAT first: the primary decider answers the reductions' targets (hundreds of triples)
    verify_deciders=("sat", "brute"),
    planted_certificates={"planted": generators.x3c_planted_solution},
    deciders=("sat", "brute"),
    renderer="npw.instances.sets.render:render_x3c",
    elements=x3c_elements,
    file_model="npw.instances.models:X3CFile",
)
