"""The textbook graph reductions (issue 19) pass the verifier with both answers present, and the
wrong version of each (``examples/graph_reductions_wrong.py``) fails with a counterexample of a
few vertices or clauses. The long runs (every graph up to 7 vertices, 300 random) are recorded
in BENCHMARKS.md, "Issue 19: the classics"."""

from __future__ import annotations


import pytest
from reduction_checks import assert_passes_on_small_and_random, load_example, wrong_counterexample

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, verify_reduction

GRAPH_REDUCTIONS = ["3sat-to-indset", "indset-to-vertexcover", "vertexcover-to-indset", "indset-to-clique",
                    "clique-to-indset", "vertexcover-to-domset", "3sat-to-3col"]
# every source up to this size: 3-SAT by clauses, graphs by vertices
EXHAUSTIVE = {"3sat": 2}
GRAPHS_UP_TO = 5


def load_wrong():
    return load_example("graph_reductions_wrong.py").WRONG


def size_of(source_dict: dict) -> int:
    return len(source_dict["clauses"]) if "clauses" in source_dict else source_dict["num_vertices"]


@pytest.mark.parametrize("reduction_id", GRAPH_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    assert_passes_on_small_and_random(reduction_id, EXHAUSTIVE.get(get_reduction(reduction_id).source, GRAPHS_UP_TO))


@pytest.mark.parametrize("reduction_id", GRAPH_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong()[reduction_id]
    counterexample = wrong_counterexample(wrong, reduction_id, EXHAUSTIVE.get(wrong.source, 3))
    assert counterexample["kind"] in ("mismatch", "invalid-target"), counterexample
    assert size_of(counterexample["shrunk"]) <= 2, counterexample  # two vertices, or two clauses


def test_3col_targets_get_the_same_answer_from_the_backtracking_where_it_finishes():
    """The verifier decides a target by its problem's first decider, SAT for coloring: the
    backtracking runs out of time on 3sat-to-3col's random targets (100-300 vertices). On every
    target of the exhaustive stream (up to 21 vertices) it finishes, and confirms each answer."""
    report = verify_reduction(get_reduction("3sat-to-3col"), exhaustive(get_problem("3sat"), 2),
                              target_deciders=("sat", "brute"))
    result = report.to_json()
    assert report.summary.passed, result
    assert result["decider_disagreements"] == 0 and result["timeouts"] == 0
    assert result["target_yes"] and result["target_no"], result["confusion"]
    assert set(result["decider_seconds"]) >= {"target:sat", "target:brute"}
