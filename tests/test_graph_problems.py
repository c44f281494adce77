"""The classic graph problems (issue 19): independent set, vertex cover, clique, dominating set.

Their two deciders (the SAT encoding through ``CardEnc`` and the branch and bound) agree on the
exhaustive stream and on 500 random instances each, with both answers present; every YES
certificate passes the checker; the generators keep their promises (a planted solution is a
certificate, a certified-no instance carries a certificate of no that the checker of
:func:`certain_no_reason` accepts, and both deciders say NO); files are validated in one line.
"""

from __future__ import annotations

import itertools
import json

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.graphs import GRAPH_PROBLEMS, Clique, DominatingSet, IndependentSet, VertexCover
from npw.instances.graphs.enumeration import atlas_graphs
from npw.instances.graphs.generators import certain_no_reason, no_witness
from npw.instances.registry import get_problem, instance_from_dict
from npw.solvers import Answer
from npw.verify.cases import exhaustive, random_stream
from decider_agreement import assert_planted_promises, deciders_agree as agree

PROBLEMS = sorted(GRAPH_PROBLEMS)
# the exhaustive stream here: every graph up to 6 vertices (1,375 instances a problem); the
# 7-vertex run (9,727 a problem) is bench/graph_deciders.py, figures in BENCHMARKS.md
EXHAUSTIVE_VERTICES = 6
GRAPHS_ON = [1, 2, 4, 11, 34, 156, 1044]  # OEIS A000088: graphs on 1..7 vertices up to isomorphism


def by_definition(g) -> bool:
    """The answer by trying every vertex set: the checker is the only judge."""
    return any(g.verify(subset) for size in range(g.num_vertices + 1)
               for subset in itertools.combinations(range(g.num_vertices), size))


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_the_two_deciders_agree_on_every_small_graph_and_on_500_random(problem_id):
    problem = get_problem(problem_id)
    seen = {Answer.YES: 0, Answer.NO: 0}
    for _, g in exhaustive(problem, EXHAUSTIVE_VERTICES):
        seen[agree(g)] += 1
    for _, g in random_stream(problem, 500, seed=19):
        seen[agree(g)] += 1
    every_k = sum((n + 1) * count for n, count in enumerate(GRAPHS_ON[:EXHAUSTIVE_VERTICES], 1))
    assert sum(seen.values()) == every_k + 500
    assert min(seen.values()) > 300, seen  # both answers, in numbers


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_the_deciders_answer_as_the_definition_on_random_graphs(problem_id):
    # the deciders against subsets tried one by one, so that both cannot share a mistake
    for _, g in random_stream(get_problem(problem_id), 150, seed=7):
        assert (agree(g) is Answer.YES) == by_definition(g), g


def test_the_atlas_holds_every_graph_up_to_isomorphism_once():
    counts = [sum(1 for n, _ in atlas_graphs(7) if n == size) for size in range(1, 8)]
    assert counts == GRAPHS_ON
    assert sum(1 for _ in get_problem("indset").enumerate(7)) == sum((n + 1) * c for n, c in enumerate(counts, 1))
    with pytest.raises(InvalidInstance, match="up to 7 vertices"):
        next(atlas_graphs(8))


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_planted_yes_and_certified_no_keep_their_promises(problem_id):
    problem = get_problem(problem_id)
    planted_at = set()
    for seed in range(12):
        params = {"num_vertices": 9 + seed % 4, "k": 3 + seed % 2}
        planted_at.add(assert_planted_promises(problem, seed, params,
                                               lambda no: certain_no_reason(no, no_witness(problem_id, seed, **params)),
                                               by_definition))
    assert len(planted_at) > 8  # the solution sits at random vertices, not at 0..k-1


def test_a_certificate_of_no_that_proves_nothing_is_refused():
    # a matching of two edges proves that no cover of 1 exists, not that none of 2 does
    assert certain_no_reason(VertexCover(4, ((0, 1), (2, 3)), 2), [(0, 1), (2, 3)]) is None
    # cliques that do not cover the vertices, or that are not cliques
    assert certain_no_reason(IndependentSet(3, ((0, 1),), 2), [(0, 1)]) is None
    assert certain_no_reason(IndependentSet(3, ((0, 1),), 3), [(0, 1), (2,)]) is not None
    assert certain_no_reason(IndependentSet(3, (), 3), [(0, 1), (2,)]) is None
    # a packing whose closed neighbourhoods meet
    assert certain_no_reason(DominatingSet(3, ((0, 1), (1, 2)), 1), [0, 2]) is None


def test_checkers_follow_the_definitions():
    path = ((0, 1), (1, 2), (2, 3))
    assert IndependentSet(4, path, 2).verify([0, 3]) and not IndependentSet(4, path, 2).verify([0, 1])
    assert IndependentSet(4, path, 2).verify([0, 2, 3]) is False  # 2-3 is an edge
    assert not IndependentSet(4, path, 2).verify([0, 0]) and not IndependentSet(4, path, 1).verify([7])
    assert VertexCover(4, path, 2).verify([1, 2]) and not VertexCover(4, path, 1).verify([1, 2])
    assert Clique(4, path, 2).verify([2, 3]) and not Clique(4, path, 2).verify([0, 2])
    assert DominatingSet(4, path, 2).verify([1, 2]) and not DominatingSet(4, path, 2).verify([0, 1])
    assert not DominatingSet(4, path, 2).verify([True, 2])  # a boolean is not a vertex
    assert not IndependentSet(4, path, 1).verify([0.5]) and not IndependentSet(4, path, 1).verify("0")
    assert IndependentSet(4, path, 2).verify(v for v in (0, 2))  # any iterable, read once


@pytest.mark.parametrize("data, message", [
    ({"num_vertices": 3, "edges": [[0, 0]], "k": 1}, "loop"),
    ({"num_vertices": 3, "edges": [[0, 1], [1, 0]], "k": 1}, "occurs twice"),
    ({"num_vertices": 3, "edges": [[0, 3]], "k": 1}, "outside 0..2"),
    ({"num_vertices": 3, "edges": [], "k": 4}, "0 <= k <= num_vertices"),
    ({"num_vertices": 10 ** 6, "edges": [], "k": 1}, "exceeds the limit 100000"),
    ({"num_vertices": 3, "edges": [], "k": True}, "expected int"),
])
def test_bad_files_are_refused_in_one_line(data, message):
    for problem_id in PROBLEMS:
        with pytest.raises(InvalidInstance, match=message) as error:
            instance_from_dict({"problem": problem_id, "version": 1, **data})
        assert "\n" not in str(error.value)


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_json_round_trip_and_shrinking(problem_id):
    problem = get_problem(problem_id)
    g = problem.generate("random", 5, num_vertices=7, k=3)
    assert instance_from_dict(json.loads(json.dumps(g.to_dict()))) == g
    assert g.certificate_from_json(g.certificate_to_json((4, 1))) == (1, 4)
    for smaller in problem.shrink(g):
        assert (smaller.num_vertices, len(smaller.edges), smaller.k) < (g.num_vertices, len(g.edges), g.k) or \
            smaller.num_vertices < g.num_vertices
        assert type(smaller) is type(g)


# -- the DIMACS graph format ---------------------------------------------------------------------

@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_dimacs_graph_round_trip_through_the_io_layer(problem_id, tmp_path):
    from npw.instances.io import load_instance, save_instance

    g = get_problem(problem_id).generate("random", 3, num_vertices=9, k=4)
    for suffix in (".clq", ".col.gz", ".dimacs"):
        path = tmp_path / f"g{suffix}"
        save_instance(g, path)
        assert load_instance(path) == g
    assert (tmp_path / "g.clq").read_text().splitlines()[:2] == [f"c npw {problem_id} k=4", f"p edge 9 {len(g.edges)}"]


@pytest.mark.parametrize("text, message", [
    ("p edge 2 1\ne 1 2\n", "names no problem: give --problem PROBLEM"),
    ("c npw clique k=1\np edge 2 2\ne 1 2\n", "the header says 2 edges, the file lists 1"),
    ("c npw clique k=1\np edge 2 1\ne 1 3\n", "vertex 3 outside 1..2"),
    ("c npw clique k=1\np edge 2 1\ne 2 2\n", "loop"),
    ("c npw tsp k=1\np edge 2 1\ne 1 2\n", "not a graph problem"),
    ("c npw clique k=1\np edge 1000000 0\n", "exceeds the limit 100000"),
    ("c npw clique k=1\ne 1 2\np edge 2 1\n", "before the 'p edge N M' header"),
])
def test_bad_dimacs_graphs_are_refused_in_one_line(text, message):
    from npw.instances.io import parse_instance

    with pytest.raises(InvalidInstance, match=message) as error:
        parse_instance(text, "dimacs")
    assert "\n" not in str(error.value)


def test_an_edge_listed_both_ways_counts_once():
    from npw.instances.graphs.dimacs import from_dimacs_graph

    g = from_dimacs_graph("c npw domset k=1\np edge 3 4\ne 1 2\ne 2 1\ne 2 3\ne 3 2\n")
    assert g == DominatingSet(3, ((0, 1), (1, 2)), 1)
