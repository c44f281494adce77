"""The SAT-family reductions of issue 19 pass the verifier with both answers present, and the
wrong version of each (``examples/sat_reductions_wrong.py``) fails with a small counterexample.
The long runs are recorded in BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations

import importlib.util
import os

import pytest

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAT_REDUCTIONS = ["cnf-to-3sat"]
EXHAUSTIVE = {"cnf": 3}  # every CNF over up to 3 variables, up to 3 clauses of width 1-2


def load_wrong():
    spec = importlib.util.spec_from_file_location("sat_reductions_wrong",
                                                  os.path.join(ROOT, "examples", "sat_reductions_wrong.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WRONG


@pytest.mark.parametrize("reduction_id", SAT_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    reduction = get_reduction(reduction_id)
    problem = get_problem(reduction.source)
    # the exhaustive targets are small enough for the brute force to confirm the SAT decider's
    # every answer; the random ones (up to ~45 variables) are decided by SAT alone (BENCHMARKS.md)
    for cases, target_deciders in ((exhaustive(problem, EXHAUSTIVE[reduction.source]), ("sat", "brute")),
                                   (random_stream(problem, 100, seed=19), None)):
        report = verify_reduction(reduction, cases, target_deciders=target_deciders)
        result = report.to_json()
        assert report.summary.passed, result
        assert result["source_yes"] and result["source_no"], result["confusion"]
        assert result["timeouts"] == 0 and result["decider_disagreements"] == 0
        assert result["claim_failures"] == 0 and result["size_failures"] == 0
        assert all(claim["passed"] > 0 and claim["status"] == "held" for claim in report.claims), report.claims


def test_the_random_cnf_sources_hold_every_width_the_splitting_distinguishes():
    """Exhaustive CNF has clauses of width 1-2 only: the random stream is where 3 and 4+ are met."""
    widths = {len(c) for _, source in random_stream(get_problem("cnf"), 100, seed=19) for c in source.clauses}
    assert {1, 2, 3, 4, 5} <= widths


@pytest.mark.parametrize("reduction_id", SAT_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    assert (wrong.source, wrong.target) == (get_reduction(reduction_id).source, get_reduction(reduction_id).target)
    report = verify_reduction(wrong, random_stream(get_problem(wrong.source), 100, seed=0))
    assert not report.summary.passed
    counterexample = report.to_json()["counterexample"]
    assert counterexample["kind"] == "mismatch", counterexample
    shrunk = counterexample["shrunk"]["clauses"]
    # one clause of four literals and the four units that refute it
    assert len(shrunk) <= 5 and max(len(c) for c in shrunk) >= 4, counterexample
