"""3-DIMENSIONAL MATCHING and EXACT COVER BY 3-SETS (issue 19): the checkers, the two deciders (exact-cover search and the
exactly-one SAT encoding) against each other on the exhaustive stream and 500 random instances
and against the definition, the enumeration up to renaming against an independent orbit count,
the generators' promises, the certificate of no, shrinking, the drawing's element ids, and bad
input refused in one line."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.elements import element_ids
from npw.instances.registry import get_problem, instance_from_dict, renderer_for
from npw.instances.sets.generators import certain_no_reason, no_witness, x3c_no_witness
from npw.instances.sets.model import X3C, ThreeDM
from npw.solvers import Answer, solve
from npw.verify.cases import exhaustive, random_stream
from decider_agreement import deciders_agree as agree

# 3dm: every instance of q <= 3 with at most 6 triples, up to renaming (2,243); x3c: every instance
# of q <= 2 with at most 8 sets, up to renaming (583); 500 random beside each
EXHAUSTIVE = {"3dm": (6, 2243), "x3c": (8, 583)}
# OEIS A000665: 3-uniform hypergraphs on 6 unlabelled vertices, the X3C instances of q = 2
HYPERGRAPHS_ON_6 = 2136


def by_definition(instance) -> bool:
    """Any q of the triples pairwise disjoint in every coordinate (of the sets pairwise disjoint),
    tried one by one."""
    q = instance.q
    if instance.problem == "x3c":
        return any(len(set().union(*chosen)) == 3 * q for chosen in itertools.combinations(instance.sets, q))
    return any(all(len({t[c] for t in chosen}) == q for c in range(3))
               for chosen in itertools.combinations(instance.triples, q))


@pytest.mark.parametrize("problem_id", ["3dm", "x3c"])
def test_the_two_deciders_agree_on_the_exhaustive_stream_and_500_random(problem_id):
    problem = get_problem(problem_id)
    size, count = EXHAUSTIVE[problem_id]
    seen = {Answer.YES: 0, Answer.NO: 0}
    for _, instance in exhaustive(problem, size):
        seen[agree(instance)] += 1
    for _, instance in random_stream(problem, 500, seed=19):
        seen[agree(instance)] += 1
    assert sum(seen.values()) == count + 500
    assert min(seen.values()) > 200, seen  # both answers, in numbers


@pytest.mark.parametrize("problem_id", ["3dm", "x3c"])
def test_the_deciders_answer_as_the_definition(problem_id):
    for _, instance in random_stream(get_problem(problem_id), 200, seed=7):
        assert (agree(instance) is Answer.YES) == by_definition(instance), instance


def _orbit_key(triples, q) -> tuple:
    """The least sorted image of ``triples`` under every renaming within W, X and Y, with plain tuples."""
    perms = list(itertools.permutations(range(q)))
    return min(tuple(sorted((a[w], b[x], c[y]) for w, x, y in triples)) for a in perms for b in perms for c in perms)


@pytest.mark.parametrize("q, most", [(2, 8), (3, 3)])
def test_the_enumeration_holds_each_class_once_against_an_independent_orbit_count(q, most):
    cells = list(itertools.product(range(q), repeat=3))
    orbits = {_orbit_key(family, q) for size in range(most + 1) for family in itertools.combinations(cells, size)}
    # by q, so the stream is left at q + 1 (q = 3 with 8 triples would be 15,000 more)
    stream = itertools.takewhile(lambda i: i.q <= q, get_problem("3dm").enumerate(most))
    found = [_orbit_key(i.triples, q) for i in stream if i.q == q]
    assert len(found) == len(set(found)) and set(found) == orbits


def test_the_x3c_enumeration_of_q_2_is_every_3_uniform_hypergraph_on_6_vertices_once():
    stream = itertools.takewhile(lambda i: i.q <= 2, get_problem("x3c").enumerate(20))
    found = [i for i in stream if i.q == 2]
    assert len(found) == len({i.sets for i in found}) == HYPERGRAPHS_ON_6


@pytest.mark.parametrize("problem_id, q", [("3dm", 3), ("3dm", 4), ("3dm", 6), ("x3c", 2), ("x3c", 3), ("x3c", 5)])
def test_planted_yes_and_certified_no_keep_their_promises(problem_id, q):
    problem = get_problem(problem_id)
    witness = no_witness if problem_id == "3dm" else x3c_no_witness
    planted_at = set()
    for seed in range(12):
        yes = problem.generate("planted", seed, q=q)
        solution = problem.planted_certificate("planted", seed, q=q)
        assert yes.verify(solution) and agree(yes) is Answer.YES
        planted_at.add(solution)
        no = problem.generate("certified-no", seed, q=q)
        reason = certain_no_reason(no, witness(seed, q=q))
        assert reason is not None and "elements of S" in reason, (seed, no)
        assert certain_no_reason(no) is None  # not the trivial reason: every element is covered
        assert agree(no) is Answer.NO and not by_definition(no)
        assert problem.generate("planted", seed, q=q) == yes  # the seed decides
    # the solution sits at random positions (of 2q sets, q planted: comb(2q, q) placements)
    assert len(planted_at) > min(6, math.comb(2 * q, q) // 2)


def test_a_certificate_of_no_that_proves_nothing_is_refused():
    m = ThreeDM(3, ((0, 0, 0), (1, 0, 1), (2, 1, 2), (2, 2, 2), (0, 1, 0), (1, 2, 1)))
    assert agree(m) is Answer.YES
    assert certain_no_reason(m, ((0, 1), (3,))) is None  # (0, 1, 0) meets S and misses R
    assert certain_no_reason(m, ((0, 1), (3, 4))) is None  # |R| = |S|
    assert certain_no_reason(m, ((0, 1), (0,))) is None  # S and R meet
    assert certain_no_reason(ThreeDM(2, ((0, 0, 0),))) == "1 sets cannot cover 6 elements"
    x = X3C(2, ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5), (3, 4, 5)))
    assert certain_no_reason(x, ((0, 1, 2), (3, 4))) is None  # (3, 4, 5) fine, but |S| > |R| fails at (0, 1, 2)
    assert certain_no_reason(X3C(2, ((0, 1, 3), (0, 2, 4), (1, 2, 5), (3, 4, 5))), ((0, 1, 2), (3, 4))) is None
    assert certain_no_reason(X3C(2, ((0, 3, 5), (1, 3, 4), (2, 4, 5))), ((0, 1, 2), (3, 4))) is not None
    assert agree(X3C(2, ((0, 3, 5), (1, 3, 4), (2, 4, 5)))) is Answer.NO


def test_the_checker_follows_the_definition():
    m = ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1), (1, 0, 0)))
    assert m.verify([0, 1]) and m.verify([3, 2]) and m.verify((i for i in (0, 1)))
    assert not m.verify([0, 3])  # both use x = 0
    assert not m.verify([0]) and not m.verify([0, 1, 2]) and not m.verify([0, 0])
    assert not m.verify([True, 1]) and not m.verify([0, 4]) and not m.verify([0.0, 1]) and not m.verify(3)
    assert ThreeDM(0, ()).verify([]) and not ThreeDM(1, ()).verify([])
    x = X3C(2, ((5, 4, 3), (0, 1, 2), (2, 3, 4)))
    assert x.sets[0] == (3, 4, 5) and x.verify([1, 0]) and not x.verify([1, 2]) and not x.verify([0])
    assert X3C(2, ((0, 1, 2), (3, 4, 5))) == X3C(2, ((2, 1, 0), (5, 3, 4)))  # a set's order carries no meaning


@pytest.mark.parametrize("data, message", [
    ({"q": 2, "triples": [[0, 0, 0], [0, 0, 0]]}, "occurs twice"),
    ({"q": 2, "triples": [[0, 2, 0]]}, "outside 0..1"),
    ({"q": 2, "triples": [[0, 1]]}, "triples"),
    ({"q": 10 ** 6, "triples": []}, "100000"),
    ({"q": True, "triples": []}, "expected int"),
    ({"q": 1}, "triples"),
])
def test_bad_files_are_refused_in_one_line(data, message):
    with pytest.raises(InvalidInstance, match=message) as error:
        instance_from_dict({"problem": "3dm", "version": 1, **data})
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("data, message", [
    ({"q": 2, "sets": [[0, 1, 2], [2, 1, 0]]}, "occurs twice"),
    ({"q": 2, "sets": [[0, 1, 1]]}, "has an element twice"),
    ({"q": 1, "sets": [[0, 1, 3]]}, "outside 0..2"),
    ({"q": 2, "sets": [[0, 1, 2, 3]]}, "sets"),
    ({"q": 10 ** 6, "sets": []}, "100000"),
    ({"q": 1, "sets": [[0, 1, False]]}, "expected int"),
])
def test_bad_x3c_files_are_refused_in_one_line(data, message):
    with pytest.raises(InvalidInstance, match=message) as error:
        instance_from_dict({"problem": "x3c", "version": 1, **data})
    assert "\n" not in str(error.value)


def test_bad_file_on_the_command_line_is_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"problem": "3dm", "q": 1, "triples": [[0, 0, 1]]}')
    run = subprocess.run([sys.executable, "-m", "npw", "solve", str(bad)], capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.strip().count("\n") == 0


@pytest.mark.parametrize("problem_id", ["3dm", "x3c"])
def test_json_round_trip_certificates_and_shrinking(problem_id):
    problem = get_problem(problem_id)
    m = problem.generate("planted", 3, q=5)
    assert instance_from_dict(json.loads(json.dumps(m.to_dict()))) == m
    certificate = problem.planted_certificate("planted", 3, q=5)
    assert m.verify(m.certificate_from_json(m.certificate_to_json(certificate)))
    with pytest.raises(InvalidInstance, match="triple indices" if problem_id == "3dm" else "set indices"):
        m.certificate_from_json([0, -1])
    family = lambda i: i.universe_sets()  # noqa: E731
    smaller = list(problem.shrink(m))
    assert smaller and all((s.q, len(family(s))) < (m.q, len(family(m))) for s in smaller)
    assert any(s.q == m.q - 1 and agree(s) is Answer.YES for s in smaller)  # a matched triple taken out


@pytest.mark.parametrize("problem_id", ["3dm", "x3c"])
def test_drawing_carries_every_element_id(problem_id):
    problem = get_problem(problem_id)
    m = problem.generate("planted", 1, q=4)
    certificate = problem.planted_certificate("planted", 1, q=4)
    for svg in (renderer_for(problem_id)(m), renderer_for(problem_id)(m, certificate)):
        for element in element_ids(problem_id, m):
            assert svg.count(f'data-el="{element}"') == 1
    with pytest.raises(InvalidInstance, match="not a matching" if problem_id == "3dm" else "not an exact cover"):
        renderer_for(problem_id)(m, [0, 0])


@pytest.mark.parametrize("problem_id", ["3dm", "x3c"])
def test_a_search_out_of_time_is_unknown(problem_id):
    m = get_problem(problem_id).generate("certified-no", 2, q=60, extra=600)
    assert solve(m, "brute", timeout=0).answer is Answer.UNKNOWN


@pytest.mark.parametrize("problem_id, params, message", [
    ("3dm", {"q": 10 ** 9}, "MAX_Q"), ("x3c", {"q": 10 ** 6}, "MAX_Q"),
    ("3dm", {"q": 5, "triples": 10 ** 8}, "MAX_TRIPLES"), ("x3c", {"q": 5, "extra": 10 ** 7}, "MAX_TRIPLES"),
])
def test_generator_sizes_beyond_the_limits_are_refused_before_building(problem_id, params, message):
    with pytest.raises(InvalidInstance, match=message):
        get_problem(problem_id).generate("random" if "extra" not in params else "planted", 1, **params)

