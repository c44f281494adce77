"""1-in-3-SAT -> 2/2/4-SAT (Theorem 6): the proof's steps, its delicate cases, and a planted bug."""

import dataclasses

import numpy as np
import pytest

from npw.instances.sat.one_in_three_sat import OneInThreeSat, enumerate_instances
from npw.reductions import get_reduction
from npw.reductions.sat import one_in_three_sat_to_224sat as theorem6
from npw.solvers import Answer, solve
from npw.verify import exhaustive, random_stream, verify_reduction
from npw.instances import get_problem

REDUCTION = get_reduction("1in3sat-to-224sat")


def _round_trip(source):
    target = REDUCTION.reduce(source)
    assert target.size() == REDUCTION.size(source) == {"variables": 7 * source.num_clauses,
                                                        "clauses": 7 * source.num_clauses}
    source_result = solve(source, backend="brute")
    target_result = solve(target, backend="sat")
    assert source_result.answer == target_result.answer
    if source_result.answer is Answer.YES:
        assert target.verify(REDUCTION.forward(source, source_result.certificate))
        assert source.verify(REDUCTION.backward(source, target, target_result.certificate))
    return source_result.answer


@pytest.mark.parametrize("clauses, num_vars, expected", [
    ([(1, 2, 3)], 3, "YES"),                      # every variable occurs only unnegated (b = 0)
    ([(-1, -2, -3)], 3, "YES"),                   # only negated (a = 0)
    ([(1, 1, 2)], 2, "YES"),                      # a variable twice in one clause
    ([(1, 1, 1)], 1, "NO"),                       # three times: never exactly one
    ([(1, -1, 2)], 2, "YES"),                     # x and ~x: exactly one of them is true, so y false
    ([(1, 2, 3), (-1, -2, -3)], 3, "NO"),         # one true in the first forces two in the second
    ([(1, 2, 3), (4, 5, 6)], 9, "YES"),           # unused variables 7..9
    ([(1, 2, 2), (-2, 3, 3)], 3, "YES"),          # single occurrences next to double ones
])
def test_delicate_cases(clauses, num_vars, expected):
    source = OneInThreeSat(num_vars, clauses)
    assert _round_trip(source).value == expected


def test_zero_clauses():
    source = OneInThreeSat(2, [])
    target = REDUCTION.reduce(source)
    assert target.num_vars == 0 and target.num_clauses == 0
    assert source.verify(REDUCTION.backward(source, target, ()))


def test_single_occurrence_chain_clause_is_x_notx_z_notz():
    target = theorem6.step2_chains(OneInThreeSat(3, [(1, 2, -3)]))
    # occurrences v1, v2, v3 each alone in its chain; v3 is a negated occurrence: (~v3, v3, z, ~z)
    assert target.tolist() == [[1, -1, 5, -5], [2, -2, 6, -6], [-3, 3, 7, -7]]


def test_chain_follows_the_paper_order():
    # u1 occurs unnegated at v1 and v4, negated at v2 and v6: chain x1=v1, x2=v4, y1=v2, y2=v6
    source = OneInThreeSat(3, [(1, -1, 2), (1, 3, -1)])
    chains = theorem6.step2_chains(source).tolist()[:4]
    assert [c[:2] for c in chains] == [[1, -4], [4, 2], [-2, 6], [-6, -1]]


def test_backward_complements_when_w1_is_false():
    source = OneInThreeSat(3, [(1, 2, 3)])
    target = REDUCTION.reduce(source)
    certificate = REDUCTION.forward(source, (True, False, False))
    complemented = tuple(not v for v in certificate)
    assert target.verify(complemented)
    assert REDUCTION.backward(source, target, complemented) == (True, False, False)


def test_every_small_instance_round_trips():
    answers = [_round_trip(source) for source in enumerate_instances(2)]
    assert Answer.YES in answers and Answer.NO in answers


def test_reduce_is_linear_and_fast_on_a_big_instance():
    import time
    from npw.instances.sat.one_in_three_sat import random_instance

    source = random_instance(1, 30_000, num_clauses=30_000)
    start = time.perf_counter()
    target = REDUCTION.reduce(source)
    assert time.perf_counter() - start < 2.0
    assert target.num_vars == 210_000


def _without_step3(source):
    """A planted bug: Step 3 replaced by clauses that keep the counts but do not link the w's."""
    p = source.num_clauses
    w = theorem6._w(p)
    z = theorem6._z(p, 1, p)
    return np.column_stack([w, -w, z, -z])


def test_verifier_finds_and_shrinks_the_planted_bug():
    steps = (theorem6.step1_rename, theorem6.step2_chains, _without_step3, theorem6.step4_complements)
    broken = dataclasses.replace(REDUCTION, id="broken", reduce=lambda src: theorem6.reduce(src, steps))
    report = verify_reduction(broken, random_stream(get_problem("1in3sat"), 300, seed=1))
    assert report.summary.mismatches > 0
    shrunk = report.counterexample["shrunk"]
    assert "mismatch" in report.counterexample["kinds"]
    assert len(shrunk["clauses"]) <= 3
    # the shrunk case really is a counterexample: a no-source mapped to a yes-target
    source = OneInThreeSat.from_dict(shrunk)
    assert solve(source, backend="brute").answer is Answer.NO
    assert solve(broken.reduce(source), backend="sat").answer is Answer.YES


def test_verifier_passes_the_real_reduction_with_both_answers():
    report = verify_reduction(REDUCTION, exhaustive(get_problem("1in3sat"), 2))
    result = report.to_json()
    assert result["passed"] and result["source_yes"] > 0 and result["source_no"] > 0
    assert result["mismatches"] == 0 and result["certificate_failures"] == 0


from hypothesis import given, settings, strategies as st  # noqa: E402


@st.composite
def one_in_three_formulas(draw):
    num_vars = draw(st.integers(1, 6))
    literal = st.integers(1, num_vars).flatmap(lambda v: st.sampled_from([v, -v]))
    clauses = draw(st.lists(st.tuples(literal, literal, literal), min_size=0, max_size=6))
    return OneInThreeSat(num_vars, clauses)


@settings(max_examples=300, deadline=None)
@given(one_in_three_formulas())
def test_property_answers_and_certificates_are_preserved(source):
    _round_trip(source)
