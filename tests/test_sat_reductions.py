"""The SAT-family reductions of issue 19 pass the verifier with both answers present, and the
wrong version of each (``examples/sat_reductions_wrong.py``) fails with a small counterexample.
The long runs are recorded in BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations


import pytest
from reduction_checks import assert_passed_with_both_answers, load_example

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

SAT_REDUCTIONS = ["cnf-to-3sat", "3sat-to-nae4sat", "nae4sat-to-nae3sat"]
# every CNF over up to 3 variables with up to 3 clauses of width 1-2; every 3-SAT instance of up
# to 2 clauses over up to 3 variables; every NAE-4-SAT clause over up to 3 variables
EXHAUSTIVE = {"cnf": 3, "3sat": 2, "nae4sat": 1}


def load_wrong():
    return load_example("sat_reductions_wrong.py").WRONG


@pytest.mark.parametrize("reduction_id", SAT_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    reduction = get_reduction(reduction_id)
    problem = get_problem(reduction.source)
    # the exhaustive targets are small enough for the brute force to confirm the SAT decider's
    # every answer; the random ones (up to ~45 variables) are decided by SAT alone (BENCHMARKS.md)
    for cases, target_deciders in ((exhaustive(problem, EXHAUSTIVE[reduction.source]), ("sat", "brute")),
                                   (random_stream(problem, 100, seed=19), None)):
        report = verify_reduction(reduction, cases, target_deciders=target_deciders)
        assert_passed_with_both_answers(report)
        assert report.to_json()["decider_disagreements"] == 0


def test_the_random_cnf_sources_hold_every_width_the_splitting_distinguishes():
    """Exhaustive CNF has clauses of width 1-2 only: the random stream is where 3 and 4+ are met."""
    widths = {len(c) for _, source in random_stream(get_problem("cnf"), 100, seed=19) for c in source.clauses}
    assert {1, 2, 3, 4, 5} <= widths


# the stream that finds each wrong version, and the most clauses its shrunk counterexample has:
# CHAIN_NOT_NEGATED needs a clause of 4+ literals (random only) and the four units refuting it;
# FRESH_PER_CLAUSE (x1 x1 x1)(~x1 ~x1 ~x1); LINK_NOT_NEGATED the single clause (x1 x1 x1 x1)
WRONG_FOUND_BY = {"cnf-to-3sat": ("random", 100, 5), "3sat-to-nae4sat": ("exhaustive", 2, 2),
                  "nae4sat-to-nae3sat": ("exhaustive", 1, 1)}


@pytest.mark.parametrize("reduction_id", SAT_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    assert (wrong.source, wrong.target) == (get_reduction(reduction_id).source, get_reduction(reduction_id).target)
    kind, size, most_clauses = WRONG_FOUND_BY[reduction_id]
    problem = get_problem(wrong.source)
    cases = random_stream(problem, size, seed=0) if kind == "random" else exhaustive(problem, size)
    report = verify_reduction(wrong, cases)
    assert not report.summary.passed
    counterexample = report.to_json()["counterexample"]
    assert counterexample["kind"] == "mismatch", counterexample
    assert len(counterexample["shrunk"]["clauses"]) <= most_clauses, counterexample
