"""Provenance (issue 22): every registered reduction says which target elements each source
element produced, and every target element it names is drawn.

For each reduction and a few small sources of its stream (the exhaustive enumeration's first
cases and seeded random samples, as ``npw verify`` draws them): every element of the source
(``npw.instances.elements``) maps to at least one target element, except a SAT variable that
occurs in no clause (the constructions build nothing for it; it must then map to nothing), and an
isolated vertex of a reduction in ``NOTHING_FOR_ISOLATED`` (likewise);
every mapped id is an element of the target, and appears as ``data-el`` in the target's SVG
(the registered renderer of the target problem).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from functools import lru_cache

import pytest

from npw.instances.elements import element_ids, var_id, vertex_id
from npw.instances.registry import renderer_for
from npw.reductions.base import Reduction, compose_provenance
from npw.reductions.registry import get_reduction, reduction_ids
from npw.verify.cases import exhaustive, random_stream, source_problem

SAT_FAMILY = {"cnf", "3sat", "1in3sat", "224sat"}
# the smallest exhaustive size that gives non-trivial sources, and how many cases to take
EXHAUSTIVE = {"1in3sat": 2, "224sat": 2, "3partition": 6, "hampath-st": 5, "hampath-grid-s": 4}
CASES = 4
RANDOM = 2
# the Theorem 3 board (at its registered unit l = 1) of a random formula of four or five variables
# has side 214-266, 50,000-70,000 tiles to draw: one random case besides the exhaustive ones
SMALL_RANDOM = {"224sat-to-npuz": 1}
# reductions that build nothing for an isolated vertex of the source graph (Theorem 3.4: no edge, no chain)
NOTHING_FOR_ISOLATED = {"vertexcover-to-hamcycle"}

def sources(reduction_id: str) -> list:
    reduction = get_reduction(reduction_id)
    problem = source_problem(reduction)  # random sources as npw verify draws them
    cases = []
    if problem.enumerate is not None:
        stream = exhaustive(problem, EXHAUSTIVE.get(reduction.source, 2))
        # skip the empty instances: nothing to map
        cases += [s for _, s in itertools.islice(((label, s) for label, s in stream if element_ids(reduction.source, s)),
                                                 CASES)]
    if problem.sample is not None:
        cases += [s for _, s in random_stream(problem, SMALL_RANDOM.get(reduction_id, RANDOM), seed=22)]
    return cases


def unused_variables(problem_id: str, source) -> set[str]:
    if problem_id not in SAT_FAMILY:
        return set()
    clauses = source.clause_list() if hasattr(source, "clause_list") else source.clauses
    used = {abs(int(literal)) for clause in clauses for literal in clause}
    return {var_id(v) for v in range(1, source.num_vars + 1) if v not in used}


@lru_cache(maxsize=None)
def drawn_ids(svg: str) -> frozenset[str]:
    return frozenset(re.findall(r'data-el="([^"]*)"', svg))


def check(reduction: Reduction, source) -> None:
    reduction_id = reduction.id
    assert reduction.provenance is not None, f"{reduction_id} has no provenance"
    target = reduction.reduce(source)
    made = reduction.provenance(source, target)
    wanted = element_ids(reduction.source, source)
    assert set(made) == set(wanted), f"{reduction_id}: provenance keys differ from the source's elements " \
                                     f"(missing {sorted(set(wanted) - set(made))[:3]}, extra {sorted(set(made) - set(wanted))[:3]})"
    unused = unused_variables(reduction.source, source)
    if reduction_id in NOTHING_FOR_ISOLATED:
        unused |= {vertex_id(v) for v in range(source.num_vertices) if source.degree(v) == 0}
    for element in wanted:
        if element in unused:
            assert not made[element], f"{reduction_id}: {element} occurs nowhere yet produced {made[element]}"
        else:
            assert made[element], f"{reduction_id}: {element} of {source} produced nothing"
    renderer = renderer_for(reduction.target)
    assert renderer is not None, f"{reduction.target} has no renderer"
    drawn = drawn_ids(renderer(target))
    targets = set(element_ids(reduction.target, target))
    for element, produced in made.items():
        for target_element in produced:
            assert target_element in targets, f"{reduction_id}: {element} -> {target_element}, not a target element"
            assert target_element in drawn, f"{reduction_id}: {element} -> {target_element}, not drawn"


@pytest.mark.parametrize("reduction_id", reduction_ids())
def test_every_source_element_maps_to_drawn_target_elements(reduction_id):
    cases = sources(reduction_id)
    assert cases, f"{reduction_id}: no small sources"
    for source in cases:
        check(get_reduction(reduction_id), source)


@pytest.mark.parametrize("fault", ["a number maps to nothing", "an undrawn element", "a made-up source element"])
def test_the_check_catches_a_wrong_provenance(fault):
    """The check above fails on each way a provenance can be wrong."""
    from npw.instances.numbers.three_partition import ThreePartition

    reduction = get_reduction("3partition-to-bwp")
    right = reduction.provenance

    def wrong(src, tgt):
        made = {key: list(value) for key, value in right(src, tgt).items()}
        if fault == "a number maps to nothing":
            made["number:0"] = []
        elif fault == "an undrawn element":
            made["number:0"].append("cell:0,99")  # a white cell: no piece there
        else:
            made["number:99"] = made["number:0"]
        return made

    source = ThreePartition((2, 2, 3), 7)
    check(reduction, source)
    with pytest.raises(AssertionError):
        check(dataclasses.replace(reduction, provenance=wrong), source)


def test_chains_compose_their_steps():
    """1in3sat-to-rel's provenance is its two steps' composed, and a clause reaches REL vertices."""
    from npw.instances.sat.one_in_three_sat import OneInThreeSat

    source = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
    chain, first, second = (get_reduction(r) for r in ("1in3sat-to-rel", "1in3sat-to-224sat", "224sat-to-rel"))
    if first.provenance is None or second.provenance is None:
        pytest.skip("a step has no provenance yet")
    middle = first.reduce(source)
    expected = compose_provenance(first.provenance(source, middle), second.provenance(middle, second.reduce(middle)))
    assert chain.provenance(source, chain.reduce(source)) == expected
    assert any(t.startswith("vertex:") for t in expected["clause:1"])
