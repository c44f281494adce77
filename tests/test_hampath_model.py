"""Hamiltonian path instances and deciders: the DP and the SAT encoding against a brute force
over permutations, the grid-graph variants of Lemma A.1, the generators' promises, HCP."""

import itertools
import json
import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.hampath import (HamPath, HamPathEnds, HamPathGridStart, certain_no_reason, certified_no_instance,
                                  from_hcp, grid_instance, planted_instance, polyominoes, random_graph_instance,
                                  to_hcp)
from npw.instances.hampath.grid_s import enumerate_instances as enumerate_grid_s
from npw.instances.hampath.st import enumerate_instances as enumerate_st
from npw.solvers import Answer, solve


def brute(g: HamPath) -> bool:
    for order in itertools.permutations(range(g.num_vertices)):
        if g.verify(order):
            return True
    return False


def test_dp_and_sat_agree_with_permutation_brute_force():
    rng = random.Random(3)
    answers = set()
    for seed in range(120):
        g = random_graph_instance(seed, rng.randint(1, 7), rng.choice((0.3, 0.5, 0.8)))
        s = rng.choice([None, rng.randrange(g.num_vertices)])
        t = rng.choice([None, rng.randrange(g.num_vertices)])
        g = g.with_ends(s, t)
        expected = brute(g)
        answers.add(expected)
        for backend in ("dp", "sat"):
            result = solve(g, backend)
            assert (result.answer is Answer.YES) == expected, (backend, g.to_dict())
    assert answers == {True, False}


def test_grid_graphs_are_induced():
    with pytest.raises(InvalidInstance, match="missing"):
        HamPath(4, ((0, 1), (1, 2), (2, 3)), coords=((0, 0), (1, 0), (1, 1), (0, 1)))
    with pytest.raises(InvalidInstance, match="not at distance 1"):
        HamPath(2, ((0, 1),), coords=((0, 0), (2, 0)))


def test_lemma_a1_variants_check_their_promises():
    square_with_tail = [(0, 0), (1, 0), (1, 1), (0, 1), (2, 0)]
    g = grid_instance(square_with_tail, s=(2, 0), cls=HamPathGridStart)
    assert g.degree(g.s) == 1
    with pytest.raises(InvalidInstance, match="degree 1"):
        grid_instance(square_with_tail, s=(1, 0), cls=HamPathGridStart)
    plus = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)]
    with pytest.raises(InvalidInstance, match="degree 4"):
        grid_instance(plus, s=(0, 1), cls=HamPathGridStart)
    with pytest.raises(InvalidInstance, match="distinct s and t"):
        grid_instance([(0, 0), (1, 0)], s=(0, 0), cls=HamPathEnds)


def test_enumerations_cover_the_stated_classes():
    # free polyominoes with at most 5 cells: 1, 1, 2, 5, 12; the + pentomino has degree 4
    assert [sum(1 for p in polyominoes(n) if len(p) == n) for n in range(1, 6)] == [1, 1, 2, 5, 11]
    for g in enumerate_grid_s(6):
        assert g.max_degree() <= 3 and g.degree(g.s) == 1 and g.t is None
    for g in enumerate_st(6):
        assert g.degree(g.s) == 1 and g.degree(g.t) == 1 and g.s != g.t


def test_planted_and_certified_no_keep_their_promise():
    for seed in range(25):
        yes = planted_instance(seed, 10)
        assert yes.max_degree() <= 3
        assert solve(yes, "dp").answer is Answer.YES
        no = certified_no_instance(seed, 10)
        assert certain_no_reason(no) is not None
        assert solve(no, "dp").answer is Answer.NO


def test_dp_gives_unknown_when_out_of_time():
    g = grid_instance([(x, y) for x in range(6) for y in range(3)])
    assert solve(g, "dp", timeout=0.0).answer is Answer.UNKNOWN


def test_hcp_round_trip():
    g = random_graph_instance(5, 8, 0.5)
    back = from_hcp(to_hcp(g))
    assert back.edges == g.edges and back.num_vertices == g.num_vertices
    with pytest.raises(InvalidInstance, match="line"):
        from_hcp("NAME : x\nDIMENSION : 2\nEDGE_DATA_SECTION\n1 x\n-1\nEOF\n")


def test_hcp_files_through_the_command_line(tmp_path):
    from npw.cli import main

    g = random_graph_instance(2, 7, 0.6)
    source = tmp_path / "g.json"
    source.write_text(json.dumps(g.to_dict()))
    hcp = tmp_path / "g.hcp"
    assert main(["solve", str(source), "--emit", "hcp", "-o", str(hcp)]) == 0
    assert hcp.read_text().startswith("NAME")
    assert main(["solve", str(hcp), "--backend", "dp"]) == 0
    from npw.instances.io import load_instance

    assert load_instance(hcp).edges == g.edges
