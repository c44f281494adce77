"""NAE-3-SAT and NAE-4-SAT (issue 19): the SAT encoding and the brute force agree on every small
instance and 500 random ones, the generators keep their promises, files keep the width."""

from __future__ import annotations

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem, instance_from_dict
from npw.instances.sat.nae_sat import Nae3Sat, Nae4Sat, certain_no_reason, no_core
from npw.solvers import Answer, solve
from npw.verify import exhaustive, random_stream

PROBLEMS = ["nae3sat", "nae4sat"]


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_the_two_deciders_agree_on_every_small_instance_and_random_ones(problem_id):
    problem = get_problem(problem_id)
    answers = {Answer.YES: 0, Answer.NO: 0}
    for stream in (exhaustive(problem, 2), random_stream(problem, 500, seed=19)):
        for _, instance in stream:
            brute, sat = solve(instance, backend="brute"), solve(instance, backend="sat")
            assert brute.answer == sat.answer != Answer.UNKNOWN, instance
            answers[sat.answer] += 1
            if sat.answer is Answer.YES:
                for certificate in (brute.certificate, sat.certificate):
                    assert instance.verify(certificate)
                    # true and false swap: the complement is a certificate too
                    assert instance.verify(tuple(not v for v in certificate))
    assert min(answers.values()) > 100, answers


def test_a_clause_needs_a_true_and_a_false_occurrence():
    assert not Nae3Sat(2, [(1, 1, 2)]).verify((True, True))
    assert Nae3Sat(2, [(1, 1, 2)]).verify((True, False))
    assert Nae3Sat(2, [(1, -1, 2)]).verify((True, True))  # x and ~x: always one of each
    assert Nae4Sat(3, [(1, 2, 3, -1)]).verify((False, False, False))  # ~x1 true, the rest false
    assert not Nae4Sat(3, [(1, 2, 3, 3)]).verify((True, True, True))


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_planted_and_certified_no_keep_their_promise(problem_id):
    problem = get_problem(problem_id)
    for seed in range(20):
        yes = problem.generate("planted", seed=seed, num_vars=10, ratio=3.0)
        assert yes.verify(problem.planted_certificate("planted", seed=seed, num_vars=10, ratio=3.0))
        no = problem.generate("certified-no", seed=seed, num_vars=10, ratio=1.0)
        assert certain_no_reason(no, no_core(problem_id, seed, num_vars=10, ratio=1.0)) is not None
        assert solve(no, backend="sat").answer is Answer.NO
    # the core does not sit on fixed variables: the seeds place it differently
    assert len({no_core(problem_id, seed, num_vars=10) for seed in range(20)}) > 5


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_files_round_trip_and_keep_the_width(problem_id):
    problem = get_problem(problem_id)
    instance = problem.generate("random", seed=3, num_vars=6)
    assert instance_from_dict(instance.to_dict()) == instance
    width = problem.instance_type.WIDTH
    wrong = {"problem": problem_id, "version": 1, "num_vars": 3, "clauses": [[1, 2, 3, 1, 2][: width + 1]]}
    with pytest.raises(InvalidInstance, match=f"exactly {width}"):
        instance_from_dict(wrong)


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_shrinking_gives_smaller_instances_of_the_same_width(problem_id):
    problem = get_problem(problem_id)
    instance = problem.generate("random", seed=5, num_vars=6)
    smaller = list(problem.shrink(instance))
    assert smaller and all(type(s) is type(instance) for s in smaller)
    assert all(s.num_clauses < instance.num_clauses or s.num_vars < instance.num_vars for s in smaller)
