"""The Hamiltonian reductions (issue 19) pass the verifier with both answers present, their proofs'
claims checked on every case, and the wrong versions (``examples/hamiltonian_reductions_wrong.py``)
fail with a counterexample of a few vertices. The long runs (every source up to the enumeration's
size, 300 random) are recorded in BENCHMARKS.md, "Issue 19: the classics", "Hamiltonian cycle"."""

from __future__ import annotations


import pytest
from reduction_checks import assert_passed_with_both_answers, load_example

from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction
from npw.verify.cases import source_problem

# every source up to this many vertices here (the benchmark runs go further)
# (vertexcover-to-hamcycle at 4: the 3 targets of 49-62 vertices the position encoding left UNKNOWN)
EXHAUSTIVE = {"dhamcycle-to-hamcycle": 4, "hamcycle-to-hampath": 6, "vertexcover-to-hamcycle": 4}
RANDOM = {"dhamcycle-to-hamcycle": 60, "hamcycle-to-hampath": 60, "vertexcover-to-hamcycle": 15}


def load_wrong():
    return load_example("hamiltonian_reductions_wrong.py")


@pytest.mark.parametrize("reduction_id", sorted(EXHAUSTIVE))
def test_each_reduction_passes_on_every_small_source_and_random_ones(reduction_id):
    reduction = get_reduction(reduction_id)
    problem = source_problem(reduction)
    for cases in (exhaustive(problem, EXHAUSTIVE[reduction_id]), random_stream(problem, RANDOM[reduction_id], seed=19)):
        report = verify_reduction(reduction, cases)
        assert_passed_with_both_answers(report)


@pytest.mark.parametrize("name, reduction_id, vertices", [("NO_MIDDLE", "dhamcycle-to-hamcycle", 3),
                                                          ("NO_PENDANTS", "hamcycle-to-hampath", 3),
                                                          ("TWO_VERTICES", "hamcycle-to-hampath", 2),
                                                          ("K_NOT_CAPPED", "vertexcover-to-hamcycle", 3)])
def test_the_wrong_versions_fail_with_a_small_counterexample(name, reduction_id, vertices):
    module = load_wrong()
    wrong = getattr(module, name)
    assert wrong in module.WRONG[reduction_id] and wrong.id.startswith(reduction_id + "-")
    right = get_reduction(reduction_id)
    assert (wrong.source, wrong.target) == (right.source, right.target)
    report = verify_reduction(wrong, exhaustive(get_problem(wrong.source), 3 if wrong.source == "vertexcover" else 4))
    assert not report.summary.passed
    counterexample = report.to_json()["counterexample"]
    assert counterexample["kind"] == "mismatch", counterexample
    assert counterexample["shrunk"]["num_vertices"] == vertices, counterexample


def test_the_split_follows_the_arcs():
    """A directed triangle one way round: yes; the underlying undirected triangle with one arc turned
    is no, and so is its reduction, although dropping the directions would say yes."""
    reduction = get_reduction("dhamcycle-to-hamcycle")
    from npw.solvers import Answer, solve

    around = DirectedHamCycle(3, ((0, 1), (1, 2), (2, 0)))
    turned = DirectedHamCycle(3, ((0, 1), (1, 2), (0, 2)))
    assert solve(reduction.reduce(around), "dp").answer is Answer.YES
    assert solve(reduction.reduce(turned), "dp").answer is Answer.NO
    cycle = reduction.forward(around, (1, 2, 0))
    assert reduction.reduce(around).verify(cycle)
    assert reduction.backward(around, reduction.reduce(around), cycle[::-1]) == (1, 2, 0)  # read along the arcs


def test_two_vertices_get_no_path():
    """The case the short proofs leave out: an edge is no cycle, and its target has no path."""
    reduction = get_reduction("hamcycle-to-hampath")
    from npw.solvers import Answer, solve

    edge = HamCycle(2, ((0, 1),))
    target = reduction.reduce(edge)
    assert solve(target, "dp").answer is Answer.NO and solve(edge, "dp").answer is Answer.NO
    assert reduction.size(edge) == {"vertices": 5, "edges": 3}


def test_theorem_3_4_random_sources_are_bounded_and_its_cycle_reads_back():
    """The random stream of vertexcover-to-hamcycle draws the reduction's own small sources (at most
    SAMPLE_VERTICES vertices and SAMPLE_EDGES edges: targets of at most 7 + 12 * 12 = 151 vertices),
    not the graph room's (up to 28 edges)."""
    from npw.reductions.hampath import vertexcover_to_hamcycle as theorem
    from npw.instances.graphs.graph import VertexCover

    reduction = get_reduction("vertexcover-to-hamcycle")
    sources = [g for _, g in random_stream(source_problem(reduction), 200, seed=3)]
    assert max(len(g.edges) for g in sources) == theorem.SAMPLE_EDGES
    # K' <= the 2m vertices with an edge
    assert max(g.num_vertices for g in sources) == theorem.SAMPLE_VERTICES
    assert max(reduction.reduce(g).num_vertices for g in sources) <= theorem.SAMPLE_VERTICES + 12 * theorem.SAMPLE_EDGES
    assert source_problem(get_reduction("vertexcover-to-domset")).sample is get_problem("vertexcover").sample
    # a path 0 - 1 - 2 - 3 covered by {1, 2}: the cycle runs a_1, 1's chain, a_2, 2's chain
    path = VertexCover(4, ((0, 1), (1, 2), (2, 3)), 2)
    target = reduction.reduce(path)
    cycle = reduction.forward(path, (2, 1))
    assert target.verify(cycle) and reduction.backward(path, target, cycle[::-1]) == (1, 2)
    # K beyond the vertices with an edge: K' selectors, one per chain
    assert theorem.selectors(VertexCover(5, ((0, 1),), 4)) == 2
