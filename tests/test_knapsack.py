"""KNAPSACK (issue 19): the checker, the two deciders against a brute force over every subset on
the exhaustive stream and 500 random instances, the generators' promises (the certified no by
Dantzig's bound), JSON and certificates, shrinking, the drawing's element ids, bad input."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.numbers.knapsack import Knapsack, certain_no_reason, fractional_optimum
from npw.instances.registry import get_problem, instance_from_dict, renderer_for
from npw.solvers.numbers.knapsack import solve_dp, solve_sat
from decider_agreement import agree_with_brute
from problem_checks import assert_drawings_tag_every_element

PROBLEM = get_problem("knapsack")


def brute(instance: Knapsack) -> bool:
    """Any subset of weight <= W and value >= V, by trying them all."""
    n = len(instance.weights)
    return any(sum(instance.weights[i] for i in c) <= instance.capacity
               and sum(instance.values[i] for i in c) >= instance.goal
               for r in range(n + 1) for c in itertools.combinations(range(n), r))


def agree(instances) -> set[bool]:
    return agree_with_brute(instances, brute, (solve_dp, solve_sat))


def test_both_deciders_agree_with_brute_force_on_every_small_instance():
    # every multiset of items with weights and values summing to <= 8: 1,394 instances
    assert agree(PROBLEM.enumerate(8)) == {True, False}


def test_both_deciders_agree_on_500_random_instances():
    samples = [PROBLEM.sample(seed) for seed in range(500)]
    assert agree(samples) == {True, False}


def test_enumeration_counts_each_multiset_once():
    instances = list(PROBLEM.enumerate(4))
    assert len(instances) == len(set(instances))
    items = {tuple(zip(k.weights, k.values)) for k in instances}
    # sum 2: (1,1); 3: (2,1), (1,2); 4: (3,1), (2,2), (1,3), (1,1)(1,1)
    assert items == {(), ((1, 1),), ((2, 1),), ((1, 2),), ((3, 1),), ((2, 2),), ((1, 3),), ((1, 1), (1, 1))}


def test_generators_keep_their_promises():
    for seed in range(20):
        yes = PROBLEM.generate("planted", seed=seed, n=8)
        assert yes.verify(PROBLEM.planted_certificate("planted", seed=seed, n=8))
        no = PROBLEM.generate("certified-no", seed=seed, n=8)
        assert certain_no_reason(no) is not None and not brute(no)
        assert solve_dp(no).answer.value == solve_sat(no).answer.value == "NO"
        again = PROBLEM.generate("random", seed=seed)
        assert again == PROBLEM.generate("random", seed=seed)


def test_dantzig_bound_is_at_least_every_packing_value():
    for seed in range(200):
        k = PROBLEM.sample(seed)
        best = max(sum(k.values[i] for i in c) for r in range(len(k.weights) + 1)
                   for c in itertools.combinations(range(len(k.weights)), r)
                   if sum(k.weights[i] for i in c) <= k.capacity)
        assert fractional_optimum(k) >= best


def test_json_round_trip_certificates_and_shrinking():
    instance = PROBLEM.generate("planted", seed=3, n=6)
    assert instance_from_dict(instance.to_dict()) == instance
    certificate = PROBLEM.planted_certificate("planted", seed=3, n=6)
    assert instance.verify(Knapsack.certificate_from_json(Knapsack.certificate_to_json(certificate)))
    assert not instance.verify(list(certificate) + [certificate[0]])  # an item twice
    assert not instance.verify([len(instance.weights)])  # out of range
    measure = lambda k: (len(k.weights), sum(k.weights) + sum(k.values) + k.capacity + k.goal)  # noqa: E731
    smaller = list(PROBLEM.shrink(instance))
    assert smaller and all(measure(s) < measure(instance) for s in smaller)


@pytest.mark.parametrize("data, message", [
    ({"problem": "knapsack", "weights": [1, -2], "values": [1, 1], "capacity": 1, "goal": 1}, "weights"),
    ({"problem": "knapsack", "weights": [1, 2], "values": [1], "capacity": 1, "goal": 1}, "2 weights but 1 values"),
    ({"problem": "knapsack", "weights": [1], "values": [1], "goal": 1}, "capacity"),
    ({"problem": "knapsack", "weights": [1], "values": [True], "capacity": 1, "goal": 1}, "values"),
    ({"problem": "knapsack", "weights": [1], "values": [1], "capacity": 1, "goal": 2**63}, "goal"),
])
def test_bad_files_are_refused_naming_the_field(data, message):
    with pytest.raises(InvalidInstance, match=message):
        instance_from_dict(data)


def test_bad_file_on_the_command_line_is_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"problem": "knapsack", "weights": [3], "values": [1, 2], "capacity": 1, "goal": 1}')
    run = subprocess.run([sys.executable, "-m", "npw", "solve", str(bad)], capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.strip().count("\n") == 0


def test_drawing_carries_every_element_id():
    assert_drawings_tag_every_element("knapsack", n=5)
    with pytest.raises(InvalidInstance):
        renderer_for("knapsack")(PROBLEM.generate("planted", seed=1, n=5), [0, 0])
