"""BIN PACKING (issue 19): the checker, the two deciders (search, SAT with binary adders) against
a brute force over every set partition of the items, on the exhaustive stream and 500 random
instances, the generators' promises, JSON, shrinking, the drawing's element ids, bad input."""

from __future__ import annotations

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.numbers.binpacking import BinPacking, certain_no_reason
from npw.instances.registry import get_problem, instance_from_dict
from npw.solvers.numbers.binpacking import solve_dp, solve_sat
from decider_agreement import agree_with_brute
from problem_checks import assert_drawings_tag_every_element

PROBLEM = get_problem("binpacking")


def brute(instance: BinPacking) -> bool:
    """Every set partition of the items (restricted growth strings), into at most k blocks of load <= C."""
    n, C, k = len(instance.sizes), instance.capacity, instance.bins

    def grow(i: int, loads: list[int]) -> bool:
        if i == n:
            return True
        for b in range(len(loads) + 1):
            if b == len(loads):
                if len(loads) == k:
                    break
                loads.append(0)
            loads[b] += instance.sizes[i]
            fits = loads[b] <= C and grow(i + 1, loads)
            loads[b] -= instance.sizes[i]
            if loads[b] == 0 and b == len(loads) - 1:
                loads.pop()
            if fits:
                return True
        return False

    return grow(0, [])


def agree(instances) -> set[bool]:
    return agree_with_brute(instances, brute, (solve_dp, solve_sat))


def test_both_deciders_agree_with_brute_force_on_every_small_instance():
    instances = list(PROBLEM.enumerate(7))  # every multiset of total <= 7, every C and k
    assert len(instances) == len(set(instances)) == 551
    assert agree(instances) == {True, False}


def test_both_deciders_agree_on_500_random_instances():
    assert agree(PROBLEM.sample(seed) for seed in range(500)) == {True, False}


def test_generators_keep_their_promises():
    for seed in range(20):
        yes = PROBLEM.generate("planted", seed=seed)
        assert yes.verify(PROBLEM.planted_certificate("planted", seed=seed))
        no = PROBLEM.generate("certified-no", seed=seed, n=6)
        assert certain_no_reason(no) is not None and not brute(no)
        assert PROBLEM.generate("random", seed=seed) == PROBLEM.generate("random", seed=seed)
    with pytest.raises(InvalidInstance, match=r"n must be int 2\.\.4000, not 1"):
        PROBLEM.generate("certified-no", seed=0, n=1)


def test_checker_json_and_shrinking():
    b = BinPacking((4, 3, 3, 2), 6, 2)
    assert b.verify([0, 1, 1, 0]) and not b.verify([0, 1, 1]) and not b.verify([0, 1, 2, 0])
    assert instance_from_dict(b.to_dict()) == b
    assert b.verify(BinPacking.certificate_from_json(BinPacking.certificate_to_json([1, 0, 0, 1])))
    smaller = list(PROBLEM.shrink(b))
    assert smaller and all(sum(s.sizes) < sum(b.sizes) or s.bins < b.bins for s in smaller)


@pytest.mark.parametrize("data, message", [
    ({"problem": "binpacking", "sizes": [1, -2], "capacity": 3, "bins": 1}, "sizes"),
    ({"problem": "binpacking", "sizes": [1], "capacity": 3}, "bins"),
    ({"problem": "binpacking", "sizes": [1], "capacity": 3, "bins": 10**9}, "bins"),
    ({"problem": "binpacking", "sizes": [1], "capacity": True, "bins": 1}, "capacity"),
])
def test_bad_files_are_refused_naming_the_field(data, message):
    with pytest.raises(InvalidInstance, match=message):
        instance_from_dict(data)


def test_drawing_carries_every_element_id():
    assert_drawings_tag_every_element("binpacking")
