"""SUBSET SUM and PARTITION (issue 19): the checkers, the JSON round trip, the two deciders
against a brute force over every subset, the generators' promises, enumeration and shrinking,
the drawing's element ids, and bad input refused in one line."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.numbers.generators import certain_no_reason
from npw.instances.numbers.model import Partition, SubsetSum
from npw.instances.registry import get_problem, instance_from_dict, renderer_for
from npw.solvers.numbers import dp, sat
from problem_checks import assert_drawings_tag_every_element

PROBLEMS = ["subsetsum", "partition"]


def brute(instance) -> bool:
    """Any subset (PARTITION: any side) of the right sum, by trying them all."""
    want = instance.target if instance.problem == "subsetsum" else instance.total / 2
    return any(sum(c) == want for r in range(len(instance.numbers) + 1)
               for c in itertools.combinations(instance.numbers, r))


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_both_deciders_agree_with_brute_force_on_every_small_instance(problem_id):
    answers = set()
    for instance in get_problem(problem_id).enumerate(7):
        expected = brute(instance)
        answers.add(expected)
        for decider in (dp, sat):
            result = decider.solve(instance)
            assert (result.answer.value == "YES") == expected, (decider.__name__, instance)
            if expected:
                assert instance.verify(result.certificate)
    assert answers == {True, False}


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_generators_keep_their_promises(problem_id):
    problem = get_problem(problem_id)
    for seed in range(15):
        yes = problem.generate("planted", seed=seed, n=7)
        assert yes.verify(problem.planted_certificate("planted", seed=seed, n=7))
        no = problem.generate("certified-no", seed=seed, n=7)
        assert certain_no_reason(no) is not None
        assert dp.solve(no).answer.value == "NO" and sat.solve(no).answer.value == "NO"
        again = problem.generate("random", seed=seed)
        assert again == problem.generate("random", seed=seed)
        assert dp.solve(again).answer == sat.solve(again).answer


def test_big_binary_numbers_are_decided_by_both():
    """Numbers of 18 digits, as 3-SAT -> SUBSET SUM builds: the adder and the sparse DP cope."""
    numbers = tuple(10**17 + 7**k for k in range(12))
    target = numbers[1] + numbers[4] + numbers[9]
    for decider in (dp, sat):
        result = decider.solve(SubsetSum(numbers, target))
        assert SubsetSum(numbers, target).verify(result.certificate)
        assert decider.solve(SubsetSum(numbers, target + 1)).answer.value == "NO"


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_json_round_trip_certificates_and_shrinking(problem_id):
    problem = get_problem(problem_id)
    instance = problem.generate("planted", seed=3, n=6)
    assert instance_from_dict(instance.to_dict()) == instance
    certificate = problem.planted_certificate("planted", seed=3, n=6)
    assert instance.verify(problem.instance_type.certificate_from_json(
        problem.instance_type.certificate_to_json(certificate)))
    assert not instance.verify(list(certificate) + [certificate[0]])  # an index twice
    assert not instance.verify([len(instance.numbers)])  # out of range
    size = lambda i: (len(i.numbers), sum(i.numbers))  # noqa: E731
    smaller = list(problem.shrink(instance))
    assert smaller and all(size(s) < size(instance) or s.target < instance.target for s in smaller)


@pytest.mark.parametrize("data, message", [
    ({"problem": "subsetsum", "numbers": [1, -2], "target": 1}, "numbers"),
    ({"problem": "subsetsum", "numbers": [1, 2]}, "target"),
    ({"problem": "partition", "numbers": [1, True]}, "numbers"),
    ({"problem": "subsetsum", "numbers": [1], "target": 2**63}, "target"),
    ({"problem": "partition", "numbers": [1, 2**62 + 1]}, "numbers"),
])
def test_bad_files_are_refused_naming_the_field(data, message):
    with pytest.raises(InvalidInstance, match=message):
        instance_from_dict(data)


def test_bad_file_on_the_command_line_is_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"problem": "partition", "numbers": [3, -1]}')
    run = subprocess.run([sys.executable, "-m", "npw", "solve", str(bad)], capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.strip().count("\n") == 0


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_drawing_carries_every_element_id(problem_id):
    assert_drawings_tag_every_element(problem_id, n=5)
    with pytest.raises(InvalidInstance):
        renderer_for(problem_id)(get_problem(problem_id).generate("planted", seed=1, n=5), [0, 0])


def test_partition_odd_total_and_subset_sum_parity_are_certain_no():
    assert certain_no_reason(Partition((1, 2, 4))) == "the total is odd: no two sides of equal sum"
    assert certain_no_reason(Partition((1, 2, 3))) is None
    assert certain_no_reason(SubsetSum((2, 4), 3)) is not None
