"""The set reductions (issue 19) pass the verifier with both answers present and every claim of
the proof checked, and the wrong version of each (``examples/set_reductions_wrong.py``) fails
with a small counterexample. The long runs (exhaustive and 300 random) are recorded in
BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations

import importlib.util
import itertools
import os

import pytest

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SET_REDUCTIONS = ["3dm-to-x3c", "3sat-to-3dm"]
# every source up to this size: 3DM by triples (q <= 3), 3-SAT by clauses (one clause: 24 sources,
# all yes, targets of q <= 6 and at most 21 triples; two clauses, 1,220 sources, is BENCHMARKS.md's)
EXHAUSTIVE = {"3dm": 5, "3sat": 1}
RANDOM = {"3dm-to-x3c": 60, "3sat-to-3dm": 12}
# 3-SAT -> 3DM grows as m^2 n^2: random sources bounded to 3 variables (6 to 24 clauses, targets
# of q <= 144 and at most 7,128 triples), as in BENCHMARKS.md's --where variables<=3
RANDOM_VARIABLES = 3


def three_sat_no_sources():
    """Two small unsatisfiable formulas (x and ~x, each repeated; all four sign pairs of x1, x2),
    since every formula of one clause is satisfiable."""
    from npw.instances.sat.three_sat import ThreeSat

    yield "x and ~x", ThreeSat(1, [(1, 1, 1), (-1, -1, -1)])
    yield "x1, x2 every way", ThreeSat(2, [(1, 1, 2), (1, 1, -2), (-1, -1, 2), (-1, -1, -2)])


def random_sources(reduction_id, problem):
    if reduction_id != "3sat-to-3dm":
        return random_stream(problem, RANDOM[reduction_id], seed=19)
    bounded = ((label, s) for label, s in random_stream(problem, 400, seed=19) if s.num_vars <= RANDOM_VARIABLES)
    return itertools.islice(bounded, RANDOM[reduction_id])


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
    small = exhaustive(problem, EXHAUSTIVE[reduction.source])
    passes(reduction, itertools.chain(small, three_sat_no_sources()) if reduction.source == "3sat" else small)
    passes(reduction, random_sources(reduction_id, problem))


@pytest.mark.parametrize("reduction_id", SET_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    assert (wrong.source, wrong.target) == (get_reduction(reduction_id).source, get_reduction(reduction_id).target)
    report = verify_reduction(wrong, exhaustive(get_problem(wrong.source), EXHAUSTIVE[wrong.source]))
    assert not report.summary.passed and report.to_json()["mismatches"] + report.to_json()["invalid_targets"] > 0
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


def test_three_sat_to_3dm_sizes_follow_the_formula_and_the_sat_decider_settles_thousands_of_triples():
    from npw.instances.sat.three_sat import ThreeSat
    from npw.solvers import solve

    reduction = get_reduction("3sat-to-3dm")
    formula = get_problem("3sat").generate("random", 3, num_vars=4, ratio=3.0)  # 12 clauses
    target = reduction.reduce(formula)
    assert target.size() == reduction.size(formula) == {"q": 96, "triples": 96 + 36 + 2 * 144 * 4 * 3}
    result = solve(target, "sat", timeout=60)
    assert result.answer.value == solve(formula, "sat").answer.value == "YES"
    assert formula.verify(reduction.backward(formula, target, result.certificate))
    # a clause repeating a literal gets one triple for it; x and ~x in one clause get two
    assert reduction.size(ThreeSat(2, [(1, 1, -1)]))["triples"] == 4 + 2 + 2 * 1 * 2 * 1
