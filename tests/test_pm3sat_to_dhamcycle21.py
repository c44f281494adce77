"""pm3sat-to-dhamcycle-21, the planar step 1 of Lemma A.1's chain: its gadgets checked on their
own and exhaustively (every way a Hamiltonian cycle can cover them), and drawn planar with their
ports in place; then the reduction on small formulas, from pm3sat and from 3-SAT."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from npw.api import get_reduction, solve
from npw.instances.hampath.dhamcycle21_gadgets import (
    CHANNEL_CLAUSES, LADDER_CELL, LADDER_CELL_ROUTES, LOWER, UPPER, DigraphGadget, channel_covers, covers, degrees,
    patterns, split,
)
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat, enumerate_instances
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.hampath import pm3sat_to_dhamcycle21 as module


def planar_in_ring(gadget: DigraphGadget, ring: list[tuple[str, str]]) -> bool:
    """The gadget's arcs as edges, a terminal per port on its vertex, the terminals on a cycle in
    the ring's order: planar iff the gadget can be drawn in a disc with its ports on the boundary
    in that order."""
    graph = nx.Graph(list(gadget.arcs))
    for kind, name in ring:
        graph.add_edge((kind, name), (gadget.in_ports if kind == "in" else gadget.out_ports)[name])
    graph.add_edges_from(zip(ring, ring[1:] + ring[:1]))
    return nx.check_planarity(graph)[0]


@pytest.mark.parametrize("gadget", [LADDER_CELL, split(LADDER_CELL)], ids=["cell", "split"])
def test_ladder_cell_is_crossed_two_ways(gadget):
    """The lemma the variables rest on: on the upper lane, or on the lower lane through the clause
    channel; in no other way, each by one route."""
    found = list(covers(gadget))
    assert {pattern for pattern, _ in found} == {LOWER, UPPER}
    assert len(found) == 2


def test_ladder_cell_routes_degrees_and_drawing():
    routes = {pattern: paths for pattern, paths in covers(LADDER_CELL)}
    assert sorted(routes[LOWER]) == sorted(LADDER_CELL_ROUTES["lower"])
    assert routes[UPPER] == (LADDER_CELL_ROUTES["upper"],)
    assert set(degrees(LADDER_CELL)) == {(2, 2)}
    ring = [("in", "T"), ("out", "t"), ("in", "t"), ("out", "T"), ("out", "B"), ("in", "B")]
    assert planar_in_ring(split(LADDER_CELL), ring)
    # the lanes must not cross: with the lower lane's ports swapped the split cell is not planar
    assert not planar_in_ring(split(LADDER_CELL), [ring[0], *ring[1:4], ring[5], ring[4]])


@pytest.mark.parametrize("k", [1, 2, 3])
def test_channel_clause(k):
    """Every nonempty set of channels covers the clause, each channel back out of its own exit;
    no channel, no cover; degrees (2, 1), (1, 2) or (2, 2) with the ports; split, planar with the
    ports in the ring a0 b0 a1 b1 ..."""
    gadget = CHANNEL_CLAUSES[k]
    own = channel_covers(gadget)
    assert set(own) == {frozenset(s) for r in range(1, k + 1) for s in itertools.combinations(range(k), r)}
    for channels, paths in own.items():
        assert [gadget.in_ports[f"a{j}"] for j in sorted(channels)] == [path[0] for path in paths]
        assert [gadget.out_ports[f"b{j}"] for j in sorted(channels)] == [path[-1] for path in paths]
    assert frozenset() not in patterns(gadget)
    assert set(degrees(gadget)) <= {(2, 1), (1, 2), (2, 2)}
    ring = [port for j in range(k) for port in (("in", f"a{j}"), ("out", f"b{j}"))]
    assert planar_in_ring(split(gadget), ring)
    assert own == channel_covers(gadget)  # deterministic: forward() relies on it


def test_every_small_formula_forward_and_back():
    """Every pm3sat formula of up to 3 variables and 3 clauses (up to symmetry) and each satisfying
    assignment: the forward cycle is a Hamiltonian cycle of the (planar) target, backward gives the
    assignment on the variables that occur, the claims hold; sizes as predicted."""
    formulas = list(enumerate_instances(3))
    assert len(formulas) > 50
    for formula in formulas:
        target = module.reduce(formula)
        assert target.size()["vertices"] == module.size(formula)["vertices"]
        assert module.claim_planar(formula, target) is True
        used = {abs(literal) for clause in formula.clauses for literal in clause}
        for values in itertools.product((False, True), repeat=formula.num_vars):
            if not formula.verify(values):
                continue
            cycle = module.forward(formula, values)
            assert target.verify(cycle), (formula, values)
            back = module.backward(formula, target, cycle)
            assert all(back[v - 1] == values[v - 1] for v in used)
            for claim in module.CLAIMS[1:]:
                assert claim.check(formula, target, cycle, back) is True, (claim.name, formula)


def test_no_answers_and_the_decider():
    """(x) and (~x): no Hamiltonian cycle, by three deciders; a satisfiable formula's target has one, and backward
    reads a satisfying assignment from the decider's cycle (not the forward one)."""
    contradiction = module.reduce(PlanarMonotone3Sat(1, [(1,), (-1,)]))
    assert contradiction.num_vertices == 30
    assert {solve(contradiction, backend=b).answer.value for b in ("sat-edges", "sat", "dp")} == {"NO"}
    formula = PlanarMonotone3Sat(3, [(1, 2, 3), (-1, -2), (-2, -3)])
    target = module.reduce(formula)
    result = solve(target, backend="sat-edges")
    assert result.answer.value == "YES"
    values = module.backward(formula, target, result.certificate)
    assert formula.verify(values)
    assert all(claim.check(formula, target, result.certificate, values) is True for claim in module.CLAIMS[1:])


def test_claims_can_fail():
    """The claims look at the construction: a cycle read against the wrong assignment, or a
    non-planar digraph, fails them."""
    formula = PlanarMonotone3Sat(2, [(1, 2), (-1,)])
    target = module.reduce(formula)
    cycle = module.forward(formula, (False, True))
    assert module.claim_cells_agree(formula, target, cycle, (True, True)) is not True
    assert module.claim_clauses_entered_by_true_literals(formula, target, cycle, (False, False)) is not True
    from npw.reductions.hampath.three_sat_to_dhamcycle21 import reduce as textbook

    assert module.claim_planar(formula, textbook(ThreeSat(3, [(1, 2, 3), (-1, -2, -3)]))) is not True


def test_from_3sat():
    """The chain 3sat -> planar3sat -> pm3sat -> dhamcycle-21 on a no formula and a yes one: the
    answers kept, every target planar."""
    chain = get_reduction("3sat-to-planar3sat").then(get_reduction("planar3sat-to-pm3sat")).then(
        get_reduction("pm3sat-to-dhamcycle-21"))
    for formula, answer in ((ThreeSat(1, [(1, 1, 1), (-1, -1, -1)]), "NO"), (ThreeSat(2, [(1, -2, 2)]), "YES")):
        target = chain.reduce(formula)
        assert module.claim_planar(None, target) is True
        assert solve(target, backend="sat-edges").answer.value == answer


def test_no_clause():
    """A formula without clauses (which the verifier's pm3sat streams never hold) is the 4-vertex yes
    digraph, its cycle the forward one."""
    formula = PlanarMonotone3Sat(2, [])
    target = module.reduce(formula)
    assert target.num_vertices == module.size(formula)["vertices"] == 4
    cycle = module.forward(formula, (True, False))
    assert target.verify(cycle)
    assert module.backward(formula, target, cycle) == (False, False)
