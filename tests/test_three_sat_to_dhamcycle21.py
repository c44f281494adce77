"""3sat-to-dhamcycle-21 (our construction for Plesník 1979) and the hampath-st edge decider that
settles the chain's targets; the gadgets' own exhaustive checks are in test_dhamcycle21_gadgets.py."""

from __future__ import annotations

import itertools

import pytest

from npw.api import get_reduction, solve
from npw.instances.hampath.st import enumerate_instances as st_instances
from npw.instances.sat.three_sat import ThreeSat, enumerate_instances
from npw.reductions.hampath import three_sat_to_dhamcycle21 as module
from npw.solvers.hampath import edges_st

CONTRADICTION = ThreeSat(1, [(1, 1, 1), (-1, -1, -1)])


def _claims(stage):
    return [claim for claim in module.CLAIMS if claim.stage == stage]


def test_every_one_clause_formula_forward_and_back():
    """Each of the 24 one-clause formulas and each satisfying assignment: the forward cycle is a
    Hamiltonian cycle of the target, its claims hold, and backward gives an assignment that
    agrees with it on the clause's variables; sizes as predicted."""
    formulas = list(enumerate_instances(1))
    assert len(formulas) == 24
    for formula in formulas:
        target = module.reduce(formula)
        assert target.size() == module.size(formula)
        assert all(claim.check(formula, target) is True for claim in _claims("target"))
        for values in itertools.product((False, True), repeat=formula.num_vars):
            if not formula.verify(values):
                continue
            cycle = module.forward(formula, values)
            assert target.verify(cycle)
            assert module.backward(formula, target, cycle) == values
            assert all(claim.check(formula, target, values, cycle) is True for claim in _claims("forward"))
            assert all(claim.check(formula, target, cycle, values) is True for claim in _claims("backward"))


def test_no_clause_and_unused_variables():
    assert module.reduce(ThreeSat(2, [])) == module.EMPTY_YES
    assert module.size(ThreeSat(0, [])) == {"vertices": 4, "arcs": 6}
    formula = ThreeSat(3, [(3, 3, -3)])  # x1, x2 do not occur: no row, false
    target = module.reduce(formula)
    assert target.num_vertices == 2 + 42
    assert module.backward(formula, target, module.forward(formula, (True, True, True))) == (False, False, True)


def test_contradiction_is_no_and_a_satisfiable_pair_is_yes():
    """(x x x)(~x ~x ~x): the target has no Hamiltonian cycle; a satisfiable two-clause formula's
    target has one, and backward reads a satisfying assignment from the decider's cycle."""
    assert solve(module.reduce(CONTRADICTION), backend="sat-edges").answer.value == "NO"
    formula = ThreeSat(3, [(1, -2, 3), (-1, 2, -3)])
    target = module.reduce(formula)
    result = solve(target, backend="sat-edges")
    assert result.answer.value == "YES"
    values = module.backward(formula, target, result.certificate)
    assert formula.verify(values)
    assert all(claim.check(formula, target, result.certificate, values) is True for claim in _claims("backward"))


def test_claims_can_fail():
    """The claims look at the construction: another formula's target, or a cycle read against the
    wrong formula, fails them."""
    one, other = ThreeSat(2, [(1, 2, -2)]), ThreeSat(2, [(1, 1, 2)])
    target = module.reduce(one)
    assert module.claim_unsplit_degrees(one, module.EMPTY_YES) is not True
    cycle = module.forward(one, (False, True))
    assert module.claim_rows_agree(one, target, cycle, (True, True)) is not True
    assert module.claim_clauses_entered_by_true_literals(other, module.reduce(other), module.forward(other, (True, False)),
                                                         (False, False)) is not True


def test_chain_to_hampath_st():
    """The chain 3sat -> dhamcycle-21 -> hampath-st on the contradiction and on one clause,
    decided by the edge decider (the DP runs out of time on these 90-vertex graphs)."""
    chain = get_reduction("3sat-to-dhamcycle-21").then(get_reduction("dhamcycle-21-to-hampath-st"))
    assert solve(chain.reduce(CONTRADICTION), backend="sat-edges").answer.value == "NO"
    formula = ThreeSat(3, [(1, -2, 3)])
    target = chain.reduce(formula)
    result = solve(target, backend="sat-edges")
    assert target.verify(result.certificate)
    assert formula.verify(chain.backward(formula, target, result.certificate))


def test_edges_st_agrees_with_the_dp():
    """The hampath-st edge decider against the DP on every grid instance of up to 7 vertices (513)."""
    cases = list(st_instances(7))
    assert len(cases) > 50
    answers = set()
    for instance in cases:
        ours, dp = edges_st.solve(instance), solve(instance, backend="dp")
        assert ours.answer == dp.answer, instance
        answers.add(ours.answer.value)
        if ours.answer.value == "YES":
            assert instance.verify(ours.certificate)
    assert answers == {"YES", "NO"}


@pytest.mark.parametrize("seed", range(5))
def test_small_source(seed):
    formula = module.small_source(seed)
    assert 1 <= len(formula.clauses) <= 3 and formula.num_vars <= 3
    assert module.reduce(formula).num_vertices <= 132
