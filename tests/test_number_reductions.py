"""The number reductions (issue 19) pass the verifier with both answers present and every claim
of the proof checked, and the wrong version of each (``examples/number_reductions_wrong.py``)
fails with a counterexample of a clause or a couple of numbers. The long runs (exhaustive and
300 random) are recorded in BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations


import pytest
from reduction_checks import assert_passes_on_small_and_random, load_example, wrong_counterexample

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive

NUMBER_REDUCTIONS = ["3sat-to-subsetsum", "subsetsum-to-partition", "partition-to-knapsack", "4partition-to-3partition",
                     "3dm-to-4partition"]
# every source up to this size: 3-SAT by clauses, SUBSET SUM and PARTITION by the numbers' total,
# 4-PARTITION by B (94 multisets, 8 of them no), 3DM by triples (q <= 3: 195 instances, 10 of the no-instances
# with every element in some triple)
EXHAUSTIVE = {"3sat": 2, "subsetsum": 7, "partition": 10, "4partition": 30, "3dm": 4}
# the fewest numbers a source can have and still be a counterexample (a 4-PARTITION has four)
FEWEST = {"4partition": 4}


def load_wrong():
    return load_example("number_reductions_wrong.py").WRONG


@pytest.mark.parametrize("reduction_id", NUMBER_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    assert_passes_on_small_and_random(reduction_id, EXHAUSTIVE[get_reduction(reduction_id).source])


@pytest.mark.parametrize("reduction_id", NUMBER_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    counterexample = wrong_counterexample(wrong, reduction_id, EXHAUSTIVE[wrong.source])
    assert counterexample["kind"] in ("mismatch", "invalid-target", "invalid-certificate", "backward-certificate"), counterexample
    shrunk = counterexample["shrunk"]
    if "triples" in shrunk:  # a 3DM source: a matching needs q triples; three triples over q = 2 are few
        small = len(shrunk["triples"]) <= 3
    elif "clauses" in shrunk:
        small = len(shrunk["clauses"]) <= 2
    else:
        small = len(shrunk["numbers"]) <= FEWEST.get(wrong.source, 2)
    assert small, counterexample


def test_three_sat_numbers_beyond_the_file_limit_live_in_memory_only():
    from npw.instances.base import InvalidInstance
    from npw.instances.sat.three_sat import ThreeSat
    from npw.solvers.numbers import dp, sat

    formula = ThreeSat(10, [(1, 2, 3), (-1, -2, 4)] * 5)  # 20 digits: beyond 2^62
    target = get_reduction("3sat-to-subsetsum").reduce(formula)
    assert dp.solve(target).answer.value == sat.solve(target).answer.value == "YES"
    with pytest.raises(InvalidInstance, match="MAX_INTEGER"):
        target.to_dict()


def test_three_dm_to_four_partition_no_instances_beyond_the_trivial_ones():
    """The non-trivial no-instances (every element in a triple) reach the construction itself:
    their 4-PARTITION targets are no, decided by both deciders."""
    from npw.reductions.numbers.three_dm_to_four_partition import trivial
    from npw.solvers import solve
    from npw.solvers.numbers.groups import solve_dp, solve_sat

    reduction = get_reduction("3dm-to-4partition")
    covered_no = [s for _, s in exhaustive(get_problem("3dm"), 4)
                  if not trivial(s) and solve(s, "brute").answer.value == "NO"]
    assert len(covered_no) == 10
    for source in covered_no:
        target = reduction.reduce(source)
        assert solve_dp(target).answer.value == solve_sat(target).answer.value == "NO"
