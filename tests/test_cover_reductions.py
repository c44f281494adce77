"""The covering reductions of issue 19 pass the verifier with both answers present, and the wrong
version of each (``examples/graph_reductions_wrong.py``, ``examples/set_reductions_wrong.py``)
fails with a small counterexample. The long runs (every graph up to 7 vertices, 300 random) are in BENCHMARKS.md, "Issue
19: the classics"."""

from __future__ import annotations


import pytest
from reduction_checks import assert_passes_on_small_and_random, load_example, wrong_counterexample

from npw.reductions.registry import get_reduction

COVER_REDUCTIONS = ["vertexcover-to-fvs", "x3c-to-setcover"]
# every source up to this size: graphs by vertices, X3C by sets (q <= 2; 8 sets: 583 instances)
EXHAUSTIVE = {"vertexcover": 5, "x3c": 8}
WRONG_FILES = {"vertexcover-to-fvs": "graph_reductions_wrong.py", "x3c-to-setcover": "set_reductions_wrong.py"}


def load_wrong(file_name: str):
    return load_example(file_name).WRONG


@pytest.mark.parametrize("reduction_id", COVER_REDUCTIONS)
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    assert_passes_on_small_and_random(reduction_id, EXHAUSTIVE[get_reduction(reduction_id).source])


@pytest.mark.parametrize("reduction_id", COVER_REDUCTIONS)
def test_the_wrong_version_fails_with_a_small_counterexample(reduction_id):
    wrong = load_wrong(WRONG_FILES[reduction_id])[reduction_id]
    counterexample = wrong_counterexample(wrong, reduction_id, EXHAUSTIVE[wrong.source])
    assert counterexample["kind"] in ("mismatch", "invalid-target", "backward-certificate"), counterexample
    shrunk = counterexample["shrunk"]
    # two vertices and an edge; or q = 2 and three sets
    assert shrunk.get("num_vertices", 0) <= 2 and len(shrunk.get("sets", ())) <= 3, counterexample


def test_vertexcover_to_fvs_maps_each_edge_to_a_two_cycle():
    from npw.instances.graphs.graph import VertexCover

    source = VertexCover(4, ((0, 1), (1, 2), (2, 3)), 2)
    target = get_reduction("vertexcover-to-fvs").reduce(source)
    assert target.arcs == ((0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2)) and target.k == 2
    assert target.verify((1, 2)) and not target.verify((0, 3))  # 1 <-> 2 survives {0, 3}


def test_x3c_to_setcover_with_fewer_sets_than_q_bounds_k_by_the_sets():
    from npw.instances.sets.model import X3C

    source = X3C(2, ((0, 1, 2),))  # one set, q = 2: no exact cover, and k = q would exceed the sets
    target = get_reduction("x3c-to-setcover").reduce(source)
    assert target.k == 1 and not target.verify((0,))
    overlapping = X3C(2, ((0, 1, 2), (0, 1, 3), (0, 4, 5)))  # covered by 3 sets, never by 2
    assert get_reduction("x3c-to-setcover").reduce(overlapping).k == 2
