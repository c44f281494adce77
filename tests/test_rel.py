"""REL (relocation along an Eulerian path), its two deciders, and 2/2/4-SAT -> REL (Theorem 2)."""

import pytest

from npw.instances import get_problem
from npw.instances.base import InvalidInstance
from npw.instances.rel.relocation import Relocation, random_instance
from npw.instances.sat.two_two_four_sat import random_instance as random_224
from npw.reductions import get_reduction
from npw.reductions.rel import theorem2
from npw.solvers import Answer, solve
from npw.verify import exhaustive, verify_reduction

LINE = Relocation(("a", "b", "c"), (("a", "b", 2), ("b", "c", 0)), ("p", "q"), ("a", "a"), ("b", "b"))


def test_checker_simulates_the_walk():
    assert LINE.verify(((0, "a", ("p", "q")), (1, "b", ())))
    assert not LINE.verify(((0, "a", ("p",)), (1, "b", ())))  # q left behind
    assert not LINE.verify(((1, "b", ()), (0, "a", ("p", "q"))))  # not a walk: b->c then a->b
    assert not LINE.verify(((0, "a", ("p", "q")),))  # edge b->c unused
    assert not LINE.verify(((0, "a", ("p", "q")), (1, "b", ("p",))))  # zero capacity
    assert not LINE.verify(((0, "a", ("p", "p")), (1, "b", ())))  # an element twice
    undirected = Relocation(LINE.vertices, LINE.edges, LINE.elements, ("b", "b"), ("a", "a"), directed=False)
    assert undirected.verify(((1, "c", ()), (0, "b", ("p", "q"))))
    assert not LINE.verify(((1, "c", ()), (0, "b", ("p", "q"))))  # against the arcs' direction


def test_validation_names_what_is_wrong():
    with pytest.raises(InvalidInstance, match="edge e0 .* unknown vertex 'z'"):
        Relocation(("a",), (("a", "z", 1),), (), (), ())
    with pytest.raises(InvalidInstance, match="capacity -1"):
        Relocation(("a", "b"), (("a", "b", -1),), (), (), ())
    with pytest.raises(InvalidInstance, match="element p is placed at unknown vertex 'x'"):
        Relocation(("a", "b"), (("a", "b", 1),), ("p",), ("x",), ("a",))


def test_json_round_trip_and_variant():
    assert Relocation.from_dict(LINE.to_dict()) == LINE
    assert LINE.variant() == "directed, planar, capacities [0, 2]"


REL_DECIDERS = ("sat", "cpsat", "sat-time", "search", "local")


def test_all_deciders_agree_on_random_instances_not_from_the_reduction():
    """Capacities 1..3 (not only the paper's 0 and 2), directed and undirected multigraphs."""
    answers = set()
    for seed in range(250):
        instance = random_instance(seed, 2 + seed % 3, 2 + seed % 5, 1 + seed % 3, max_capacity=1 + seed % 3,
                                   directed=seed % 4 != 0)
        found = {name: solve(instance, name).answer for name in REL_DECIDERS}  # YES certificates checked
        assert len(set(found.values())) == 1, (instance, found)
        answers.add(found["sat"])
    assert answers == {Answer.YES, Answer.NO}


@pytest.mark.parametrize("name", ["224sat-to-rel", "224sat-to-rel-cap2", "224sat-to-rel-undirected"])
def test_all_deciders_agree_on_reduction_outputs_up_to_m2(name):
    reduction = get_reduction(name)
    # the slow ones only where they take seconds: search on the paper's graph, the
    # time-indexed CNF also with capacity two (undirected, it needs 40 s: BENCHMARKS.md)
    deciders = {"224sat-to-rel": REL_DECIDERS, "224sat-to-rel-cap2": REL_DECIDERS[:3]}.get(name, REL_DECIDERS[:2])
    answers = []
    for formula in get_problem("224sat").enumerate(2):
        target = reduction.reduce(formula)
        found = {d: solve(target, d, timeout=60).answer for d in deciders}
        assert len(set(found.values())) == 1, (formula, found)
        answers.append(found["sat"])
    assert sorted(a.value for a in answers) == ["NO"] + ["YES"] * 5


def test_order_and_cpsat_prove_an_m3_no_instance_of_theorem_2():
    """The time-indexed CNF needs about 20 s here (BENCHMARKS.md); the order CNF and CP-SAT well under 5 s."""
    no = next(f for f in get_problem("224sat").enumerate(3)
              if f.num_vars == 3 and solve(f, "brute").answer is Answer.NO)
    target = get_reduction("224sat-to-rel").reduce(no)
    for name in ("sat", "cpsat"):
        result = solve(target, name, timeout=60)
        assert result.answer is Answer.NO, (name, result.stats)


@pytest.mark.parametrize("m", range(1, 7))
def test_graph_size_and_planarity(m):
    rel = theorem2.reduce(random_224(m, m))
    assert rel.size() == theorem2.size(random_224(m, m)) == {"vertices": 5 * m + 2, "edges": 12 * m - 3,
                                                             "elements": 8 * m}
    assert rel.is_planar()
    # in-degree = out-degree except top_1 (one more out) and nc_m (one more in)
    balance = {v: 0 for v in rel.vertices}
    for tail, head, _ in rel.edges:
        balance[tail] += 1
        balance[head] -= 1
    assert {v: d for v, d in balance.items() if d} == {"top1": 1, f"nc{m}": -1}


@pytest.mark.parametrize("name", ["224sat-to-rel", "224sat-to-rel-cap2", "224sat-to-rel-undirected"])
def test_forward_and_backward_on_satisfiable_instances_up_to_m6(name):
    reduction = get_reduction(name)
    checked = 0
    for seed in range(40):
        formula = random_224(seed, 1 + seed % 6)
        result = solve(formula, "sat")
        if result.answer is not Answer.YES:
            continue
        target = reduction.reduce(formula)
        walk = reduction.forward(formula, result.certificate)
        assert target.verify(walk)  # Claim 1: Shift 1-4 is a solution
        assert formula.verify(reduction.backward(formula, target, walk))  # Claim 2 on it
        checked += 1
    assert checked >= 15


def test_verifier_on_every_instance_with_m_at_most_2():
    for name in ("224sat-to-rel", "224sat-to-rel-cap2"):
        report = verify_reduction(get_reduction(name), exhaustive(get_problem("224sat"), 2)).to_json()
        assert report["passed"] and report["source_yes"] == 5 and report["source_no"] == 1


def test_chain_from_1in3sat_maps_certificates_both_ways():
    from npw.instances.sat.one_in_three_sat import OneInThreeSat

    chain = get_reduction("1in3sat-to-rel")
    source = OneInThreeSat(3, [(1, 2, 3)])
    target = chain.reduce(source)
    assert target.size()["vertices"] == 5 * 7 + 2
    walk = chain.forward(source, (False, True, False))
    assert target.verify(walk)
    assert source.verify(chain.backward(source, target, walk))


def test_render_draws_every_vertex_and_edge(tmp_path):
    import xml.etree.ElementTree as ET

    from npw.cli import main

    source = tmp_path / "f.json"
    target = tmp_path / "rel.json"
    svg = tmp_path / "rel.svg"
    assert main(["generate", "224sat", "-p", "m=2", "--seed", "1", "-o", str(source)]) == 0
    assert main(["reduce", "224sat-to-rel", str(source), "-o", str(target)]) == 0
    assert main(["render", str(target), "-o", str(svg)]) == 0
    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}circle")) == 12 and len(root.findall(f"{ns}line")) == 21
    assert "directed, planar" in svg.read_text()


def test_a_checked_forward_certificate_settles_a_target_the_decider_cannot():
    """Chain targets of three clauses (m = 21, 16 million order clauses) are beyond the REL
    deciders; the forward certificate, accepted by the REL checker, still proves YES, and the
    verifier says so instead of reporting UNKNOWN. A no-source stays UNKNOWN: nothing proves it."""
    from npw.instances.sat.one_in_three_sat import OneInThreeSat
    from npw.verify.check import FORWARD_PROOF, check_case

    chain = get_reduction("1in3sat-to-rel")
    yes = OneInThreeSat(5, [(1, 2, 3), (-1, 4, 5), (2, -4, 5)])
    case = check_case(chain, yes, target_deciders=("sat",), timeout=1.0)
    assert case.source_answer is Answer.YES and case.target_answer is Answer.YES
    assert FORWARD_PROOF in case.times and not case.failures
    no = OneInThreeSat(3, [(1, 2, 3), (-1, -2, -3)])
    case = check_case(chain, no, target_deciders=("sat",), timeout=1.0)
    assert case.source_answer is Answer.NO and case.target_answer is Answer.UNKNOWN
    assert FORWARD_PROOF not in case.times and case.timed_out
