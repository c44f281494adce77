"""Hamiltonian cycle, undirected (``hamcycle``) and directed (``dhamcycle``) (issue 19).

The three deciders (the bitmask DP, Held-Karp style, the cyclic position encoding through
python-sat, and the edge encoding with lazy subtour cuts) agree on the exhaustive stream and on 500 random instances each, both answers present,
and with the definition itself (every ordering tried) on small graphs; the generators keep their
promises; the enumeration holds every graph (digraph) once up to isomorphism; files, HCP and the
drawing behave.
"""

from __future__ import annotations

import itertools
import json

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.elements import element_ids
from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
from npw.instances.hampath.cycle_streams import certain_no_reason, enumerate_instances, shrink
from npw.instances.hampath.hcp import cycle_from_hcp, cycle_to_hcp
from npw.instances.registry import get_problem, instance_from_dict, renderer_for
from npw.solvers import Answer, solve
from npw.verify.cases import exhaustive, random_stream
from decider_agreement import deciders_agree

# the exhaustive streams: every graph on up to 7 vertices (networkx's atlas), every digraph on up to 4
EXHAUSTIVE = {"hamcycle": 7, "dhamcycle": 4}
GRAPHS_ON = [1, 2, 4, 11, 34, 156, 1044]  # OEIS A000088: graphs on 1..7 vertices up to isomorphism
DIGRAPHS_ON = [1, 3, 16, 218]  # OEIS A000273: digraphs on 1..4 vertices up to isomorphism


# the bitmask DP, the position encoding, the edge encoding with lazy subtour cuts: all must agree
DECIDERS = ("dp", "sat", "sat-edges")


def by_definition(g) -> bool:
    """Every ordering of the vertices tried by the checker: the definition is the only judge."""
    return any(g.verify(order) for order in itertools.permutations(range(g.num_vertices)))


def agree(g) -> Answer:
    return deciders_agree(g, DECIDERS)


@pytest.mark.parametrize("problem_id", sorted(EXHAUSTIVE))
def test_the_deciders_agree_on_every_small_graph_and_on_500_random(problem_id):
    problem = get_problem(problem_id)
    seen = {Answer.YES: 0, Answer.NO: 0}
    cases = 0
    for _, g in exhaustive(problem, EXHAUSTIVE[problem_id]):
        seen[agree(g)] += 1
        cases += 1
    assert cases == sum(GRAPHS_ON if problem_id == "hamcycle" else DIGRAPHS_ON)
    for _, g in random_stream(problem, 500, seed=19):
        seen[agree(g)] += 1
    assert min(seen.values()) > 200, seen  # both answers, in numbers


@pytest.mark.parametrize("problem_id", sorted(EXHAUSTIVE))
def test_the_deciders_answer_as_the_definition(problem_id):
    problem = get_problem(problem_id)
    for seed in range(60):
        g = problem.sample(seed)
        if g.num_vertices <= 7:
            assert (agree(g) is Answer.YES) == by_definition(g), g


def test_the_enumeration_holds_each_digraph_once_up_to_isomorphism():
    """No two digraphs of the stream are isomorphic (a digraph's least arc list over all numberings
    is its class), and the counts are OEIS A000273's."""
    seen = set()
    for g in enumerate_instances("dhamcycle", 4):
        key = min(tuple(sorted((f[u], f[v]) for u, v in g.edges))
                  for f in itertools.permutations(range(g.num_vertices)))
        assert (g.num_vertices, key) not in seen
        seen.add((g.num_vertices, key))
    assert [sum(1 for n, _ in seen if n == size) for size in range(1, 5)] == DIGRAPHS_ON
    with pytest.raises(InvalidInstance, match="MAX_DIGRAPH_ENUMERATION"):
        next(enumerate_instances("dhamcycle", 5))


@pytest.mark.parametrize("problem_id", sorted(EXHAUSTIVE))
def test_planted_yes_and_certified_no_keep_their_promises(problem_id):
    problem = get_problem(problem_id)
    for seed in range(15):
        g = problem.generate("planted", seed=seed, num_vertices=9)
        cycle = problem.planted_certificate("planted", seed=seed, num_vertices=9)
        assert g.verify(cycle)
        no = problem.generate("certified-no", seed=seed, num_vertices=9)
        assert certain_no_reason(no) is not None
        assert agree(no) is Answer.NO
    # the planted cycle does not sit in the numbering
    assert any(problem.planted_certificate("planted", seed=s, num_vertices=9) != tuple(range(9)) for s in range(3))
    with pytest.raises(InvalidInstance, match=r"num_vertices must be int 2\.\.100000, not 1"):
        problem.generate("planted", seed=0, num_vertices=1)


def test_checkers_follow_the_definitions():
    square = HamCycle(4, ((0, 1), (1, 2), (2, 3), (0, 3)))
    assert square.verify((0, 1, 2, 3)) and square.verify((3, 2, 1, 0)) and square.verify([1, 2, 3, 0])
    assert not square.verify((0, 2, 1, 3))  # 0-2 is no edge
    assert not square.verify((0, 1, 2))  # not every vertex
    assert not square.verify((0, 1, 2, 3, 0))  # a vertex twice
    assert not square.verify((True, 1, 2, 3)) and not square.verify("0123")
    path = HamCycle(4, ((0, 1), (1, 2), (2, 3)))
    assert not path.verify((0, 1, 2, 3))  # the closing edge 3-0 is missing
    assert not HamCycle(2, ((0, 1),)).verify((0, 1))  # a simple graph's cycle needs 3 vertices
    two_way = DirectedHamCycle(2, ((0, 1), (1, 0)))
    assert two_way.verify((0, 1)) and two_way.verify((1, 0))  # a digraph's cycle may have 2
    one_way = DirectedHamCycle(3, ((0, 1), (1, 2), (2, 0)))
    assert one_way.verify((1, 2, 0)) and not one_way.verify((2, 1, 0))
    assert not DirectedHamCycle(1, ()).verify((0,))


@pytest.mark.parametrize("data, message", [
    ({"problem": "hamcycle", "num_vertices": 3, "edges": [[0, 0]]}, "is a loop"),
    ({"problem": "hamcycle", "num_vertices": 3, "edges": [[0, 1], [1, 0]]}, "occurs twice"),
    ({"problem": "dhamcycle", "num_vertices": 3, "edges": [[0, 1], [0, 1]]}, "arc (0, 1) occurs twice"),
    ({"problem": "dhamcycle", "num_vertices": 2, "edges": [[0, 5]]}, "names vertex 5"),
    ({"problem": "hamcycle", "num_vertices": 0, "edges": []}, "num_vertices"),
    ({"problem": "hamcycle", "num_vertices": 10**9, "edges": []}, "num_vertices"),
    ({"problem": "dhamcycle", "num_vertices": 2, "edges": [[0, True]]}, "edges"),
])
def test_bad_files_are_refused_in_one_line(data, message):
    with pytest.raises(InvalidInstance, match=message.replace("(", r"\(").replace(")", r"\)")) as error:
        instance_from_dict(data)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("problem_id", sorted(EXHAUSTIVE))
def test_json_round_trip_and_shrinking(problem_id):
    problem = get_problem(problem_id)
    g = problem.generate("random", seed=4, num_vertices=6, p=0.5)
    assert instance_from_dict(json.loads(json.dumps(g.to_dict()))) == g
    smaller = list(shrink(g))
    assert len(smaller) == g.num_vertices + len(g.edges)
    assert all((h.num_vertices, len(h.edges)) < (g.num_vertices, len(g.edges)) and type(h) is type(g) for h in smaller)
    assert problem.instance_type.certificate_from_json([2, 0, 1]) == (2, 0, 1)


def test_a_digraph_keeps_both_arcs_of_a_pair_and_their_direction():
    g = DirectedHamCycle(3, ((2, 0), (0, 2), (1, 2)))
    assert g.edges == ((0, 2), (1, 2), (2, 0)) and g.size() == {"vertices": 3, "arcs": 3}
    assert g.successors(2) == {0} and g.predecessors(2) == {0, 1}


def test_hcp_round_trip_and_a_tsplib_file():
    g = get_problem("hamcycle").generate("planted", seed=1, num_vertices=8)
    assert cycle_from_hcp(cycle_to_hcp(g)) == g
    triangle_with_tail = ("NAME : t\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n"
                          "1 2\n2 3\n3 1\n3 4\n-1\nEOF\n")
    read = cycle_from_hcp(triangle_with_tail)
    assert read == HamCycle(4, ((0, 1), (1, 2), (0, 2), (2, 3)))
    assert agree(read) is Answer.NO


@pytest.mark.parametrize("problem_id", sorted(EXHAUSTIVE))
def test_the_drawing_names_every_element_and_draws_the_cycle(problem_id):
    problem = get_problem(problem_id)
    g = problem.generate("planted", seed=2, num_vertices=6)
    cycle = problem.planted_certificate("planted", seed=2, num_vertices=6)
    svg = renderer_for(problem_id)(g, cycle)
    for element in element_ids(problem_id, g):
        assert f'data-el="{element}"' in svg
    assert svg.count('stroke="#d22" stroke-width="3"') == 6  # the cycle's six edges (arcs)
    with pytest.raises(InvalidInstance, match="not a Hamiltonian cycle"):
        renderer_for(problem_id)(g, cycle[:-1])


def test_the_edge_encoding_cuts_subtours_and_runs_with_any_solver():
    """sat-edges: a cycle cover of two triangles is cut away (NO after a round of cuts), a prism's
    is joined into one cycle; the same with a solver that cannot be kept across rounds (CaDiCaL,
    solved afresh each round); out of time it says UNKNOWN, never NO."""
    two_triangles = HamCycle(6, ((0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)))
    prism = HamCycle(6, two_triangles.edges + ((0, 5), (1, 4)))
    for backend in ("sat-edges", "sat-edges:cadical"):
        no = solve(two_triangles, backend)
        assert no.answer is Answer.NO and no.stats["rounds"] >= 2 and no.stats["lazy_clauses"] >= 1, no.stats
        yes = solve(prism, backend)
        assert yes.answer is Answer.YES and prism.verify(yes.certificate)
    late = solve(prism, "sat-edges", timeout=0)
    assert late.answer is Answer.UNKNOWN and late.stats["timed_out_while"] == "encoding"
