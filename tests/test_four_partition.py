"""4-PARTITION (issue 19): the checker, the two deciders (the memoised search shared with
3-PARTITION, the binary-adder SAT encoding) against a brute force on the exhaustive stream and
500 random instances, the generators' promises, JSON, shrinking, the drawing's element ids, bad
input; and the shared k-group helpers still give 3-PARTITION's instances and answers."""

from __future__ import annotations

import itertools

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.numbers.four_partition import FourPartition, certain_no_reason
from npw.instances.registry import get_problem, instance_from_dict
from npw.solvers.numbers.groups import solve_dp, solve_sat
from decider_agreement import agree_with_brute
from problem_checks import assert_drawings_tag_every_element

PROBLEM = get_problem("4partition")


def brute(instance: FourPartition) -> bool:
    """The first number left with every three others of sum B, recursively."""
    numbers, bound = instance.numbers, instance.bound

    def split(left: tuple[int, ...]) -> bool:
        if not left:
            return True
        return any(numbers[left[0]] + sum(numbers[i] for i in three) == bound
                   and split(tuple(i for i in left[1:] if i not in three))
                   for three in itertools.combinations(left[1:], 3))

    return split(tuple(range(len(numbers))))


def agree(instances) -> set[bool]:
    return agree_with_brute(instances, brute, (solve_dp, solve_sat))


def test_both_deciders_agree_with_brute_force_on_every_small_instance():
    instances = list(PROBLEM.enumerate(35))  # 178 multisets, m in {1, 2}, B <= 35
    assert len(instances) == len(set(instances)) == 178
    assert agree(instances) == {True, False}


def test_both_deciders_agree_on_500_random_instances():
    assert agree(PROBLEM.sample(seed) for seed in range(500)) == {True, False}


def test_generators_keep_their_promises():
    for seed in range(15):
        yes = PROBLEM.generate("planted", seed=seed, m=3, bound=40)
        assert yes.verify(PROBLEM.planted_certificate("planted", seed=seed, m=3, bound=40))
        no = PROBLEM.generate("certified-no", seed=seed)
        assert certain_no_reason(no) is not None and not brute(no)
        assert PROBLEM.generate("random", seed=seed) == PROBLEM.generate("random", seed=seed)


def test_checker_json_and_shrinking():
    p = FourPartition((5, 5, 5, 7, 5, 5, 6, 6), 22)
    assert p.verify([[0, 1, 2, 3], [4, 5, 6, 7]])
    assert not p.verify([[0, 1, 2, 3], [4, 5, 6, 6]])  # an index twice
    assert not p.verify([[0, 1, 2, 3, 4, 5, 6, 7]])  # one group of eight
    assert instance_from_dict(p.to_dict()) == p
    assert FourPartition.certificate_from_json([[0, 1, 2, 3]]) == ((0, 1, 2, 3),)
    assert {tuple(sorted(s.numbers)) for s in PROBLEM.shrink(p)} == {(5, 5, 6, 6), (5, 5, 5, 7)}


@pytest.mark.parametrize("data, message", [
    ({"problem": "4partition", "numbers": [5, 5, 5, 5, 5], "bound": 20}, "4m numbers"),
    ({"problem": "4partition", "numbers": [5, 5, 5, 8], "bound": 23}, "strictly between B/5"),
    ({"problem": "4partition", "numbers": [5, 5, 5, 6], "bound": 20}, "sum to 21"),
    ({"problem": "4partition", "numbers": [5, 5, 5, 5]}, "bound"),
    ({"problem": "4partition", "numbers": [5, 5, 5, 5], "bound": 2**63}, "bound"),
])
def test_bad_files_are_refused_naming_the_field(data, message):
    with pytest.raises(InvalidInstance, match=message):
        instance_from_dict(data)


def test_drawing_carries_every_element_id():
    assert_drawings_tag_every_element("4partition")


def test_three_partition_keeps_its_answers_through_the_shared_search():
    from npw.solvers.numbers.three_partition import dp, sat

    three = get_problem("3partition")
    for instance in itertools.chain(three.enumerate(16), (three.sample(seed) for seed in range(60))):
        assert dp.solve(instance).answer == sat.solve(instance).answer
