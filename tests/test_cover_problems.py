"""Directed feedback vertex set (issue 19, GT7): the search tree over shortest cycles and the SAT
order encoding agree on every digraph up to 4 vertices (up to isomorphism, every k) and on 500
random ones, both answers present; both agree with trying every vertex set; the generators keep
their promises; bad files are refused in one line."""

from __future__ import annotations

import itertools
import json

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.graphs.digraph import (MAX_ENUMERATION_VERTICES, FeedbackVertexSet, certain_no_reason, digraphs,
                                          no_witness)
from npw.instances.registry import get_problem, instance_from_dict, renderer_for
from npw.instances.elements import element_ids
from npw.solvers import Answer
from decider_agreement import assert_planted_promises, deciders_agree, deciders_agree as agree
from npw.verify.cases import exhaustive, random_stream

DIGRAPHS_ON = [1, 3, 16, 218]  # OEIS A000273: simple digraphs on 1..4 vertices up to isomorphism


def by_definition(g: FeedbackVertexSet) -> bool:
    """Every vertex set of at most k tried: the checker is the only judge."""
    return any(g.verify(subset) for size in range(g.k + 1)
               for subset in itertools.combinations(range(g.num_vertices), size))


def test_the_enumeration_holds_every_digraph_once_up_to_isomorphism():
    counts = [sum(1 for n, _ in digraphs(MAX_ENUMERATION_VERTICES) if n == size) for size in range(1, 5)]
    assert counts == DIGRAPHS_ON
    with pytest.raises(InvalidInstance, match="up to 4 vertices"):
        next(digraphs(5))


def test_the_two_deciders_agree_on_every_small_digraph_and_on_500_random():
    problem = get_problem("fvs")
    seen = {Answer.YES: 0, Answer.NO: 0}
    for _, g in exhaustive(problem, MAX_ENUMERATION_VERTICES):
        seen[agree(g)] += 1
    for _, g in random_stream(problem, 500, seed=19):
        seen[agree(g)] += 1
    every_k = sum((n + 1) * count for n, count in enumerate(DIGRAPHS_ON, 1))
    assert sum(seen.values()) == every_k + 500
    assert min(seen.values()) > 250, seen  # both answers, in numbers


def test_the_deciders_answer_as_the_definition_on_random_digraphs():
    for _, g in random_stream(get_problem("fvs"), 200, seed=7):
        assert (agree(g) is Answer.YES) == by_definition(g), g


def test_planted_yes_and_certified_no_keep_their_promises():
    problem = get_problem("fvs")
    planted_at = set()
    for seed in range(12):
        params = {"num_vertices": 8 + seed % 3, "k": 2 + seed % 2}
        planted_at.add(assert_planted_promises(problem, seed, params,
                                               lambda no: certain_no_reason(no, no_witness(seed, **params)),
                                               by_definition))
    assert len(planted_at) > 8  # the solution sits at random vertices


def test_planted_instances_have_cycles_to_break():
    # a planted solution that the instance does not need would test nothing
    problem = get_problem("fvs")
    for seed in range(20):
        g = problem.generate("planted", seed, num_vertices=8, k=1 + seed % 3)
        assert not g.acyclic_without(()), seed


def test_checker_follows_the_definition():
    cycle = FeedbackVertexSet(3, ((0, 1), (1, 2), (2, 0)), 1)
    assert cycle.verify([0]) and cycle.verify([2]) and not cycle.verify([]) and not cycle.verify([0, 1])
    path = FeedbackVertexSet(3, ((0, 1), (1, 2), (2, 1)), 1)  # the 2-cycle 1 <-> 2
    assert path.verify([1]) and path.verify([2]) and not path.verify([0])
    assert FeedbackVertexSet(3, ((0, 1), (1, 2), (0, 2)), 0).verify([])  # acyclic: direction matters
    assert not cycle.verify([True]) and not cycle.verify([0.5]) and not cycle.verify([0, 0]) and not cycle.verify([3])
    assert cycle.verify(v for v in (1,))  # any iterable, read once


def test_a_certificate_of_no_that_proves_nothing_is_refused():
    g = FeedbackVertexSet(4, ((0, 1), (1, 0), (2, 3), (3, 2)), 1)
    assert certain_no_reason(g, [(0, 1), (2, 3)]) is not None
    assert certain_no_reason(g.with_bound(2), [(0, 1), (2, 3)]) is None  # not more than k cycles
    assert certain_no_reason(g, [(0, 1), (1, 2)]) is None  # not disjoint
    assert certain_no_reason(g, [(0, 1), (2, 0)]) is None  # 2 -> 0 is no arc


@pytest.mark.parametrize("data, message", [
    ({"num_vertices": 3, "arcs": [[0, 0]], "k": 1}, "loop"),
    ({"num_vertices": 3, "arcs": [[0, 1], [0, 1]], "k": 1}, "occurs twice"),
    ({"num_vertices": 3, "arcs": [[0, 3]], "k": 1}, "outside 0..2"),
    ({"num_vertices": 3, "arcs": [], "k": 4}, "0 <= k <= num_vertices"),
    ({"num_vertices": 10 ** 6, "arcs": [], "k": 1}, "exceeds the limit 100000"),
    ({"num_vertices": 3, "arcs": [], "k": True}, "expected int"),
    ({"num_vertices": 3, "edges": [], "k": 1}, "unknown field .edges."),  # a digraph has arcs
])
def test_bad_files_are_refused_in_one_line(data, message):
    with pytest.raises(InvalidInstance, match=message) as error:
        instance_from_dict({"problem": "fvs", "version": 1, **data})
    assert "\n" not in str(error.value)


def test_both_directions_of_an_edge_are_two_arcs():
    g = instance_from_dict({"problem": "fvs", "version": 1, "num_vertices": 2, "arcs": [[0, 1], [1, 0]], "k": 0})
    assert g.arcs == ((0, 1), (1, 0)) and agree(g) is Answer.NO


def test_json_round_trip_shrinking_and_drawing():
    problem = get_problem("fvs")
    g = problem.generate("random", 5, num_vertices=6, k=2)
    assert instance_from_dict(json.loads(json.dumps(g.to_dict()))) == g
    assert g.certificate_from_json(g.certificate_to_json((4, 1))) == (1, 4)
    for smaller in problem.shrink(g):
        assert (smaller.num_vertices, len(smaller.arcs), smaller.k) < (g.num_vertices, len(g.arcs), g.k)
    svg = renderer_for("fvs")(g)
    assert all(f'data-el="{element}"' in svg for element in element_ids("fvs", g))


def test_generators_refuse_impossible_bounds_in_one_line():
    problem = get_problem("fvs")
    with pytest.raises(InvalidInstance, match="must lie in 0..2"):
        problem.generate("certified-no", 0, num_vertices=6, k=3)  # 4 disjoint cycles need 8 vertices
    with pytest.raises(InvalidInstance, match=r"num_vertices must be int 2\.\.100000, not 1"):
        problem.generate("certified-no", 0, num_vertices=1)


# -- SET COVER ---------------------------------------------------------------------------------------

from npw.instances.sets import setcover  # noqa: E402
from npw.instances.sets.setcover import SetCover  # noqa: E402

SETCOVER_EXHAUSTIVE = 7  # universe + sets <= 7: 431 instances; size 8 (1,522) is BENCHMARKS.md's run


def agree_setcover(c: SetCover) -> Answer:
    return deciders_agree(c, ("search", "sat"))


def covers_by_definition(c: SetCover) -> bool:
    return any(c.verify(chosen) for size in range(c.k + 1) for chosen in itertools.combinations(range(len(c.sets)), size))


def test_setcover_deciders_agree_on_every_small_instance_and_on_500_random():
    problem = get_problem("setcover")
    seen = {Answer.YES: 0, Answer.NO: 0}
    every = list(exhaustive(problem, SETCOVER_EXHAUSTIVE))
    assert len(every) == 431
    for _, c in every:
        seen[agree_setcover(c)] += 1
    for _, c in random_stream(problem, 500, seed=19):
        seen[agree_setcover(c)] += 1
    assert min(seen.values()) > 300, seen


def test_setcover_deciders_answer_as_the_definition():
    for _, c in random_stream(get_problem("setcover"), 200, seed=7):
        assert (agree_setcover(c) is Answer.YES) == covers_by_definition(c), c


def test_setcover_enumeration_is_up_to_isomorphism_and_complete():
    # on 2 elements with 2 distinct non-empty sets: {0},{1} / {0},{01} (= {1},{01}) -- and no other
    two = {c.sets for c in setcover.enumerate_instances(4) if c.universe == 2 and len(c.sets) == 2}
    assert two == {((0,), (1,)), ((0,), (0, 1))}
    with pytest.raises(InvalidInstance, match="up to size 8"):
        next(setcover.enumerate_instances(9))


def test_setcover_planted_and_certified_no_keep_their_promises():
    problem = get_problem("setcover")
    planted_at = set()
    for seed in range(12):
        params = {"universe": 9 + seed % 3, "num_sets": 7, "k": 2 + seed % 2}
        c = problem.generate("planted", seed, **params)
        solution = problem.planted_certificate("planted", seed, **params)
        assert c.verify(solution) and agree_setcover(c) is Answer.YES
        planted_at.add(solution)
        no = problem.generate("certified-no", seed, **params)
        assert setcover.certain_no_reason(no, setcover.no_witness(seed, **params)) is not None, (seed, no)
        assert all(any(e in s for s in no.sets) for e in range(no.universe))  # no element left bare
        assert agree_setcover(no) is Answer.NO and not covers_by_definition(no)
    assert len(planted_at) > 6  # the cover's sets sit at random places in the family


def test_setcover_checker_follows_the_definition():
    c = SetCover(3, ((0, 1), (2,), (1, 2)), 2)
    assert c.verify([0, 1]) and c.verify([2, 0]) and not c.verify([1, 2]) and not c.verify([0])
    assert not c.verify([0, 1, 2]) and not c.verify([0, 0]) and not c.verify([True, 1]) and not c.verify([3])
    assert SetCover(0, (), 0).verify([])  # nothing to cover
    assert setcover.certain_no_reason(c.with_bound(1), [0, 2]) is not None
    assert setcover.certain_no_reason(c.with_bound(1), [1, 2]) is None  # set 2 holds both


@pytest.mark.parametrize("data, message", [
    ({"universe": 3, "sets": [[0, 3]], "k": 1}, "outside 0..2"),
    ({"universe": 3, "sets": [[0, 0]], "k": 1}, "repeats an element"),
    ({"universe": 3, "sets": [[0, 1], [1, 0]], "k": 1}, "repeats set s0"),
    ({"universe": 3, "sets": [[0]], "k": 2}, "0 <= k <= number of sets"),
    ({"universe": 10 ** 6, "sets": [], "k": 0}, "exceeds the limit 100000"),
    ({"universe": 3, "sets": [], "k": True}, "expected int"),
])
def test_setcover_bad_files_are_refused_in_one_line(data, message):
    with pytest.raises(InvalidInstance, match=message) as error:
        instance_from_dict({"problem": "setcover", "version": 1, **data})
    assert "\n" not in str(error.value)


def test_setcover_json_round_trip_shrinking_and_drawing():
    problem = get_problem("setcover")
    c = problem.generate("random", 5, universe=6, num_sets=5, k=2)
    assert instance_from_dict(json.loads(json.dumps(c.to_dict()))) == c
    assert c.certificate_from_json(c.certificate_to_json((4, 1))) == (1, 4)
    for smaller in problem.shrink(c):
        assert (smaller.universe + len(smaller.sets), smaller.k) < (c.universe + len(c.sets), c.k)
    svg = renderer_for("setcover")(c)
    assert all(f'data-el="{element}"' in svg for element in element_ids("setcover", c))
