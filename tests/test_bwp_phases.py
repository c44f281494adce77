"""Issue 17, item 2: the phase-model BWP decider agrees with tight, sat and search wherever they finish."""

import pytest

from npw.instances.torus.bwp import (BWP, enumerate_instances, random_instance, strip_instance, tight_instance,
                                     verification_sample)
from npw.solvers import Answer, solve
from npw.solvers.bwp.phases import encode, phase_count


def _agree(instance: BWP, others: tuple[str, ...], timeout: float = 30) -> Answer:
    """The phase decider's answer, after checking every other decider that finished agrees."""
    mine = solve(instance, backend="phases", timeout=timeout)
    for backend in others:
        theirs = solve(instance, backend=backend, timeout=timeout)
        if Answer.UNKNOWN not in (mine.answer, theirs.answer):
            assert mine.answer is theirs.answer, (backend, instance.to_dict())
    return mine.answer


def test_agrees_on_every_2x2_pair():
    answers = {_agree(instance, ("tight", "search")) for instance in enumerate_instances(3)}
    assert answers == {Answer.YES, Answer.NO}


@pytest.mark.parametrize("generator", [tight_instance, strip_instance, verification_sample,
                                       lambda seed: random_instance(seed, 3, 4, 3)])
def test_agrees_on_random_boards_of_both_answers(generator):
    answers = [_agree(generator(seed), ("tight", "sat")) for seed in range(25)]
    assert Answer.YES in answers and Answer.NO in answers


def test_yes_certificates_are_checked_moves():
    for seed in range(10):
        instance = tight_instance(seed)
        result = solve(instance, backend="phases", timeout=30)
        if result.answer is Answer.YES:
            assert instance.verify(result.certificate)


def test_phase_count_follows_observation_1():
    instance = BWP.from_rows(["##..", "....", "...."], ["....", "....", "##.."], 3)
    # rows: +-2, columns: 0; so at least 2 column moves, at most 1 row move: 2 phase pairs
    assert phase_count(instance) == 2 and len(encode(instance).phases) == 4
    assert phase_count(BWP(instance.rows, instance.cols, instance.start, instance.goal, 1)) is None
