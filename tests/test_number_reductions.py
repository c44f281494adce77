"""The number reductions (issue 19) pass the verifier with both answers present and every claim
of the proof checked, and the wrong version of each (``examples/number_reductions_wrong.py``)
fails with a counterexample of a clause or a couple of numbers. The long runs (exhaustive and
300 random) are recorded in BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations

import importlib.util
import os

import pytest

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMBER_REDUCTIONS = ["3sat-to-subsetsum", "subsetsum-to-partition"]
# every source up to this size: 3-SAT by clauses, SUBSET SUM by the numbers' total
EXHAUSTIVE = {"3sat": 2, "subsetsum": 7}


def load_wrong():
    spec = importlib.util.spec_from_file_location("number_reductions_wrong",
                                                  os.path.join(ROOT, "examples", "number_reductions_wrong.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WRONG


@pytest.mark.parametrize("reduction_id", NUMBER_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    reduction = get_reduction(reduction_id)
    problem = get_problem(reduction.source)
    for cases in (exhaustive(problem, EXHAUSTIVE[reduction.source]), random_stream(problem, 40, seed=19)):
        report = verify_reduction(reduction, cases)
        assert report.summary.passed, report.to_json()
        result = report.to_json()
        assert result["source_yes"] and result["source_no"], result["confusion"]
        assert result["claim_failures"] == 0 and result["size_failures"] == 0
        assert all(claim["passed"] > 0 and claim["status"] == "held" for claim in report.claims), report.claims


@pytest.mark.parametrize("reduction_id", NUMBER_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    assert (wrong.source, wrong.target) == (get_reduction(reduction_id).source, get_reduction(reduction_id).target)
    report = verify_reduction(wrong, exhaustive(get_problem(wrong.source), EXHAUSTIVE[wrong.source]))
    assert not report.summary.passed
    counterexample = report.to_json()["counterexample"]
    assert counterexample["kind"] in ("mismatch", "invalid-target", "invalid-certificate"), counterexample
    shrunk = counterexample["shrunk"]
    small = len(shrunk["clauses"]) <= 2 if "clauses" in shrunk else len(shrunk["numbers"]) <= 2
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
