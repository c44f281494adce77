"""k-colouring (issue 19): the backtracking and the SAT encoding agree with each other and with
the definition (every colouring tried) on every graph up to 6 vertices with every k, and on 300
random instances, both answers present; the generators keep their promises; JSON and DIMACS
``.col`` files round-trip and bad ones are refused in one line; the drawing fills colour classes.
"""

from __future__ import annotations

import itertools
import json

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.graphs import Coloring
from npw.instances.graphs.coloring import certain_no_reason, no_clique, planted_colouring
from npw.instances.graphs.dimacs import from_dimacs_graph, to_dimacs_graph
from npw.instances.io import load_instance, save_instance
from npw.instances.registry import get_problem, instance_from_dict, renderer_for
from npw.solvers import Answer, solve
from npw.verify.cases import exhaustive, random_stream
from decider_agreement import deciders_agree as decide

PROBLEM = get_problem("coloring")


def by_definition(g: Coloring) -> bool:
    return any(g.verify(c) for c in itertools.product(range(g.k), repeat=g.num_vertices))


def test_the_deciders_agree_with_each_other_and_the_definition():
    seen = {Answer.YES: 0, Answer.NO: 0}
    count = 0
    for _, g in exhaustive(PROBLEM, 5):
        answer = decide(g)
        assert (answer is Answer.YES) == by_definition(g), g
        seen[answer] += 1
        count += 1
    for _, g in exhaustive(PROBLEM, 6):
        if g.num_vertices == 6:
            seen[decide(g)] += 1
            count += 1
    for _, g in random_stream(PROBLEM, 300, seed=19):
        seen[decide(g)] += 1
    graphs_on = [1, 2, 4, 11, 34, 156]  # OEIS A000088
    assert count == sum((n + 1) * c for n, c in enumerate(graphs_on, 1))
    assert min(seen.values()) > 300, seen


def test_the_chromatic_numbers_of_known_graphs():
    cycle = lambda n: tuple((i, (i + 1) % n) for i in range(n))
    petersen = cycle(5) + tuple((5 + i, 5 + (i + 2) % 5) for i in range(5)) + tuple((i, i + 5) for i in range(5))
    k4 = tuple(itertools.combinations(range(4), 2))
    for n, edges, chi in [(6, cycle(6), 2), (7, cycle(7), 3), (10, petersen, 3), (4, k4, 4), (3, (), 1)]:
        for backend in ("brute", "sat"):
            assert solve(Coloring(n, edges, chi), backend).answer is Answer.YES, (n, backend)
            assert solve(Coloring(n, edges, chi - 1), backend).answer is Answer.NO, (n, backend)


@pytest.mark.parametrize("seed", range(30))
def test_the_generators_keep_their_promises(seed):
    params = {"num_vertices": 5 + seed % 9, "p": 0.2 + (seed % 5) / 10}
    yes = PROBLEM.generate("planted", seed=seed, **params)
    assert yes.verify(planted_colouring(seed, **params))
    no = PROBLEM.generate("certified-no", seed=seed, **params)
    assert certain_no_reason(no, no_clique(seed, **params)) is not None
    assert solve(no, "brute").answer is Answer.NO and solve(no, "sat").answer is Answer.NO
    again = PROBLEM.generate("certified-no", seed=seed, **params)
    assert again == no  # seeded


def test_a_certificate_of_no_is_checked_not_trusted():
    g = Coloring(4, ((0, 1), (1, 2), (0, 2), (2, 3)), 2)
    assert certain_no_reason(g, [0, 1, 2]) is not None
    assert certain_no_reason(g, [1, 2, 3]) is None  # 1-3 is no edge
    assert certain_no_reason(g, [0, 1]) is None  # 2 vertices prove nothing against 2 colours
    assert certain_no_reason(g.with_bound(3), [0, 1, 2]) is None


def test_a_colouring_certificate_must_be_whole_and_in_range():
    g = Coloring(3, ((0, 1),), 2)
    assert g.verify([0, 1, 0]) and g.verify((1, 0, 1))
    for bad in ([0, 0, 1], [0, 1], [0, 1, 2], [0, 1, -1], [0.0, 1, 0], [False, True, False], "010", None):
        assert not g.verify(bad), bad
    assert Coloring.certificate_from_json([2, 0, 1]) == (2, 0, 1)
    with pytest.raises(InvalidInstance, match="a list of colours, one per vertex"):
        Coloring.certificate_from_json([0, "1"])


def test_json_and_dimacs_col_round_trip(tmp_path):
    g = PROBLEM.generate("planted", seed=3, num_vertices=9, k=3)
    assert instance_from_dict(json.loads(json.dumps(g.to_dict()))) == g
    text = to_dimacs_graph(g)
    assert text.startswith("c npw coloring k=3\np edge 9 ")
    assert from_dimacs_graph(text) == g
    path = tmp_path / "g.col"
    save_instance(g, str(path))
    assert path.read_text() == text and load_instance(str(path)) == g
    # a benchmark file's 'p col' header and edges listed both ways
    assert from_dimacs_graph("c npw coloring k=2\np col 3 4\ne 1 2\ne 2 1\ne 2 3\ne 3 2\n") == Coloring(3, ((0, 1), (1, 2)), 2)


@pytest.mark.parametrize("data, says", [
    ({"problem": "coloring", "num_vertices": 3, "edges": [[0, 1]], "k": 4}, "k = 4 is not a number 0..3"),
    ({"problem": "coloring", "num_vertices": 3, "edges": [[0, 0]], "k": 2}, "is a loop"),
    ({"problem": "coloring", "num_vertices": 3, "edges": [[0, 5]], "k": 2}, "outside 0..2"),
    ({"problem": "coloring", "num_vertices": 3, "edges": [[0, 1]], "k": -1}, "k"),
])
def test_bad_files_are_refused_in_one_line(data, says):
    with pytest.raises(InvalidInstance, match=says) as error:
        instance_from_dict(data)
    assert "\n" not in str(error.value)


def test_the_drawing_fills_each_colour_class_alike():
    g = Coloring(4, ((0, 1), (1, 2), (2, 3)), 2)
    render = renderer_for("coloring")
    svg = render(g, [0, 1, 0, 1])
    fills = [svg.split(f'data-el="vertex:{v}"')[1].split('fill="')[1].split('"')[0] for v in range(4)]
    assert fills[0] == fills[2] != fills[1] == fills[3]
    with pytest.raises(InvalidInstance):
        render(g, [0, 0, 1, 1])
