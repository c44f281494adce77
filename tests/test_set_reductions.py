"""The set reductions (issue 19) pass the verifier with both answers present and every claim of
the proof checked, and the wrong version of each (``examples/set_reductions_wrong.py``) fails
with a small counterexample. The long runs (exhaustive and 300 random) are recorded in
BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations

import importlib.util
import os

import pytest

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SET_REDUCTIONS = ["3dm-to-x3c"]
# every source up to this size: 3DM by triples (q <= 3), 3-SAT by clauses
EXHAUSTIVE = {"3dm": 5, "3sat": 1}
RANDOM = {"3dm-to-x3c": 60}


def load_wrong():
    spec = importlib.util.spec_from_file_location("set_reductions_wrong",
                                                  os.path.join(ROOT, "examples", "set_reductions_wrong.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WRONG


def passes(reduction, cases) -> None:
    report = verify_reduction(reduction, cases)
    result = report.to_json()
    assert report.summary.passed, result
    assert result["source_yes"] and result["source_no"], result["confusion"]
    assert result["claim_failures"] == 0 and result["size_failures"] == 0
    assert all(claim["passed"] > 0 and claim["status"] == "held" for claim in report.claims), report.claims


@pytest.mark.parametrize("reduction_id", SET_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    reduction = get_reduction(reduction_id)
    problem = get_problem(reduction.source)
    passes(reduction, exhaustive(problem, EXHAUSTIVE[reduction.source]))
    passes(reduction, random_stream(problem, RANDOM[reduction_id], seed=19))


@pytest.mark.parametrize("reduction_id", SET_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    assert (wrong.source, wrong.target) == (get_reduction(reduction_id).source, get_reduction(reduction_id).target)
    report = verify_reduction(wrong, exhaustive(get_problem(wrong.source), EXHAUSTIVE[wrong.source]))
    assert not report.summary.passed
    counterexample = report.to_json()["counterexample"]
    assert counterexample["kind"] in ("mismatch", "invalid-target", "invalid-certificate"), counterexample
    shrunk = counterexample["shrunk"]
    small = len(shrunk["clauses"]) <= 2 if "clauses" in shrunk else shrunk["q"] <= 2
    assert small, counterexample


def test_the_identity_keeps_certificates_and_sizes():
    reduction = get_reduction("3dm-to-x3c")
    problem = get_problem("3dm")
    source = problem.generate("planted", 5, q=6)
    matching = problem.planted_certificate("planted", 5, q=6)
    target = reduction.reduce(source)
    assert target.verify(reduction.forward(source, matching))
    assert target.size() == reduction.size(source) == {"q": 6, "sets": len(source.triples)}
    assert source.verify(reduction.backward(source, target, reduction.forward(source, matching)))
