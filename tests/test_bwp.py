"""3-PARTITION, BWP (seed 001, Section 4) and the reduction 3-PARTITION -> BWP."""

import random

import pytest

from instances.base import InvalidInstance
from instances.three_partition import (ThreePartition, enumerate_instances, hard_instance, planted_instance,
                                       random_instance)
from solvers import Answer, solve


# -- 3-PARTITION ----------------------------------------------------------------------------


def test_three_partition_validation_names_the_problem():
    with pytest.raises(InvalidInstance, match="a_5 = 7 is not strictly between"):
        ThreePartition((4, 4, 4, 4, 4, 7), 13)
    with pytest.raises(InvalidInstance, match="sum to"):
        ThreePartition((4, 4, 4, 4, 4, 4), 13)
    with pytest.raises(InvalidInstance, match="3m numbers"):
        ThreePartition((4, 4), 8)
    p = ThreePartition((2, 2, 3, 2, 2, 3), 7)
    assert ThreePartition.from_dict(p.to_dict()) == p


def test_three_partition_known_answers():
    assert solve(ThreePartition((2, 2, 3, 2, 2, 3), 7), backend="dp").answer is Answer.YES
    for backend in ("dp", "sat"):
        assert solve(ThreePartition((4, 4, 4, 4, 4, 6), 13), backend=backend).answer is Answer.NO


def test_enumeration_and_deciders_agree():
    instances = list(enumerate_instances(16))
    assert len(instances) == 38 and all(i.m <= 2 and i.bound <= 16 for i in instances)
    answers = [solve(i, backend="dp").answer for i in instances]
    assert answers == [solve(i, backend="sat").answer for i in instances]
    assert answers.count(Answer.NO) == 3  # (4,4,4,4,4,6)/13 and two more at B = 16


def test_generators():
    rng = random.Random(2)
    for seed in range(30):
        m, bound = rng.randint(1, 4), rng.randint(13, 30)
        assert solve(planted_instance(seed, m, bound), backend="dp").answer is Answer.YES
        instance = random_instance(seed, m, bound)
        assert solve(instance, backend="dp").answer == solve(instance, backend="sat").answer
    assert hard_instance(0, m=4).bound >= 13
