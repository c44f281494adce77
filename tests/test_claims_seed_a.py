"""The proofs' claims of Theorem 6, Theorem 2 (REL and its variants) and 3-PARTITION -> BWP:
each holds on a small stream (or is a declared deviation that does fail there), and each can
fail: a deliberately broken target or certificate makes it return False or a reason."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest

from npw.instances.registry import get_problem
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.instances.numbers.three_partition import ThreePartition
from npw.instances.torus.moves import Move, parse_moves
from npw.reductions.torus import three_partition_to_bwp as bwp_reduction
from npw.reductions.rel import figures
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Reduction
from npw.reductions.registry import get_reduction
from npw.solvers import sample_certificates, solve
from npw.solvers.result import Answer
from npw.verify.cases import exhaustive


def claim(reduction_id: str, name: str):
    found = [c for c in get_reduction(reduction_id).claims if c.name == name]
    assert len(found) == 1, f"{reduction_id} declares no claim {name!r}"
    return found[0]


def fails(outcome: Any) -> bool:
    return outcome is False or isinstance(outcome, str)


def outcomes(reduction: Reduction, source: Any) -> dict[str, list[Any]]:
    """Every claim's outcomes on one case: target claims on the target, forward claims on the
    forward certificate, backward claims on each accepted extraction (forward certificate, the
    decider's, one sampled)."""
    results: dict[str, list[Any]] = {c.name: [] for c in reduction.claims}

    def run(stage: str, *args: Any) -> None:
        for c in reduction.claims:
            if c.stage == stage:
                results[c.name].append(c.check(*args))

    target = reduction.reduce(source)
    run(TARGET_CLAIM, source, target)
    source_result = solve(source, backend=get_problem(reduction.source).verify_deciders[0], timeout=60)
    certificates = []
    if source_result.answer is Answer.YES:
        forward = reduction.forward(source, source_result.certificate)
        assert target.verify(forward)
        run(FORWARD_CLAIM, source, target, source_result.certificate, forward)
        certificates.append(forward)
    target_result = solve(target, backend=get_problem(reduction.target).verify_deciders[0], timeout=60)
    if target_result.answer is Answer.YES:
        certificates += [target_result.certificate] + sample_certificates(target, 1, 0)
    for certificate in certificates:
        extracted = reduction.backward(source, target, certificate)
        if source.verify(extracted):
            run(BACKWARD_CLAIM, source, target, certificate, extracted)
    return results


def assert_stream(reduction_id: str, size: int, limit: int | None = None) -> dict[str, list[Any]]:
    """Each claim holds on every case of the exhaustive stream (a declared deviation: fails somewhere)."""
    reduction = get_reduction(reduction_id)
    seen: dict[str, list[Any]] = {c.name: [] for c in reduction.claims}
    for number, (_, source) in enumerate(exhaustive(get_problem(reduction.source), size)):
        if limit is not None and number >= limit:
            break
        for name, results in outcomes(reduction, source).items():
            seen[name] += results
    for c in reduction.claims:
        assert seen[c.name], f"{c.name} was never checked"
        if c.deviates:
            assert any(fails(r) for r in seen[c.name]), f"{c.name} is declared a deviation but held everywhere"
        else:
            bad = [r for r in seen[c.name] if r is not True]
            assert not bad, f"{reduction_id}: {c.name}: {bad[0]}"
    return seen


# -- Theorem 6 ---------------------------------------------------------------------------------


def test_theorem6_claims_hold_on_the_exhaustive_stream():
    assert_stream("1in3sat-to-224sat", 2)


FORMULA = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3), (-1, -2, 3)])  # p = 3, yes (x1 only): every block non-trivial


def swapped(target: TwoTwoFourSat, a: int, b: int) -> TwoTwoFourSat:
    """The same clauses with clauses a and b exchanged: still a valid 2/2/4-SAT instance."""
    clauses = target.clause_list()
    clauses[a], clauses[b] = clauses[b], clauses[a]
    return TwoTwoFourSat(target.num_vars, clauses)


@pytest.mark.parametrize("name, a, b", [
    ("step-1", 0, 3),  # a C_1 clause moved into C_2
    ("step-2-chains", 3, 12),  # a C_2 clause moved into C_3
    ("step-3-w-chain", 12, 15),  # a C_3 clause moved into C_4
    ("step-4", 15, 3),  # a C_4,1 clause moved into C_2
    ("step-4-premise", 0, 15),  # C_1's clause and its negation exchanged
])
def test_theorem6_step_claims_can_fail(name, a, b):
    target = get_reduction("1in3sat-to-224sat").reduce(FORMULA)
    check = claim("1in3sat-to-224sat", name).check
    assert check(FORMULA, target) is True
    assert fails(check(FORMULA, swapped(target, a, b)))


def test_theorem6_two_and_two_can_fail():
    # a valid 2/2/4-SAT instance cannot be built wrong, so a stand-in with x1 three times unnegated
    broken = SimpleNamespace(num_vars=1, clause_list=lambda: [[1, 1, 1, -1]])
    assert fails(claim("1in3sat-to-224sat", "two-and-two").check(FORMULA, broken))


def test_theorem6_forward_and_backward_claims_can_fail():
    reduction = get_reduction("1in3sat-to-224sat")
    target = reduction.reduce(FORMULA)
    solution = solve(FORMULA).certificate
    values = reduction.forward(FORMULA, solution)
    check = claim("1in3sat-to-224sat", "forward-values").check
    assert check(FORMULA, target, solution, values) is True
    assert fails(check(FORMULA, target, solution, values[:-1] + (False,)))  # a z set false
    assert fails(check(FORMULA, target, tuple(not v for v in solution), values))  # not the assignment it came from
    p = FORMULA.num_clauses
    all_false = (False,) * (7 * p)
    assert fails(claim("1in3sat-to-224sat", "complement").check(FORMULA, target, all_false, None))
    w_differ = list(values)
    w_differ[3 * p + 1] = False
    assert fails(claim("1in3sat-to-224sat", "w-equal").check(FORMULA, target, tuple(w_differ), None))
    two_true = list(values)
    two_true[0] = two_true[1] = two_true[2] = True
    assert fails(claim("1in3sat-to-224sat", "one-true-v").check(FORMULA, target, tuple(two_true), None))
    disagree = list(values)
    disagree[0] = not disagree[0]  # v_1,1 (an occurrence of u1) against v_3,1 (another one)
    assert fails(claim("1in3sat-to-224sat", "occurrences-agree").check(FORMULA, target, tuple(disagree), None))


# -- Theorem 2: REL and its variants -----------------------------------------------------------


@pytest.mark.parametrize("reduction_id", ["224sat-to-rel", "224sat-to-rel-cap2", "224sat-to-rel-undirected"])
def test_theorem2_claims_hold_on_the_exhaustive_stream(reduction_id):
    seen = assert_stream(reduction_id, 2)
    if reduction_id == "224sat-to-rel-undirected":
        # the declared deviation: TC - bot_i - FC is a capacity-2 route of the undirected graph
        assert all(fails(r) for r in seen["no-tc-fc-route"])
        assert claim(reduction_id, "no-tc-fc-route").deviates


SAT224 = TwoTwoFourSat(2, [(1, 1, -2, -2), (2, 2, -1, -1)])  # yes exactly when x1 = x2


def rel_case(reduction_id: str = "224sat-to-rel"):
    reduction = get_reduction(reduction_id)
    assignment = solve(SAT224).certificate
    target = reduction.reduce(SAT224)
    walk = reduction.forward(SAT224, assignment)
    assert target.verify(walk)
    return reduction, assignment, target, walk


def test_theorem2_target_claims_can_fail():
    _, _, target, _ = rel_case()
    edges = list(target.edges)
    index = edges.index((figures.TRUE_COLLECTOR, figures.diamond_top(2), 0))
    edges[index] = (figures.TRUE_COLLECTOR, figures.diamond_top(2), 2)  # a zero-edge given capacity: TC reaches FC
    opened = dataclasses.replace(target, edges=tuple(edges))
    assert fails(claim("224sat-to-rel", "figure-2-edges").check(SAT224, opened))
    assert fails(claim("224sat-to-rel", "no-tc-fc-route").check(SAT224, opened))
    edges = list(target.edges)
    edges[index] = (figures.diamond_top(2), figures.TRUE_COLLECTOR, 0)  # reversed: top_2 gets one more out-edge
    assert fails(claim("224sat-to-rel", "euler-ends").check(SAT224, dataclasses.replace(target, edges=tuple(edges))))
    final = list(target.final)
    a, b = target.elements.index(figures.element(1, 1)), target.elements.index(figures.element(1, 3))
    final[a], final[b] = final[b], final[a]  # u1 and ~u1 delivered to each other's clause
    moved = dataclasses.replace(target, final=tuple(final))
    assert fails(claim("224sat-to-rel", "figure-1-configurations").check(SAT224, moved))


def test_theorem2_forward_claims_can_fail():
    _, assignment, target, walk = rel_case()
    short = list(walk)
    edge, start, shipped = short[0]
    short[0] = (edge, start, shipped[:1])  # a capacity-2 edge carrying one element
    assert fails(claim("224sat-to-rel", "full-loads").check(SAT224, target, assignment, tuple(short)))
    complement = tuple(not v for v in assignment)  # also a solution: but not the walk's assignment
    for name in ("shift-1", "shift-2", "shift-3"):
        check = claim("224sat-to-rel", name).check
        assert check(SAT224, target, assignment, walk) is True
        assert fails(check(SAT224, target, complement, walk))


def test_theorem2_backward_claims_can_fail():
    reduction, assignment, target, walk = rel_case()
    extracted = reduction.backward(SAT224, target, walk)
    complement = tuple(not v for v in extracted)
    assert fails(claim("224sat-to-rel", "claim-2-arrivals").check(SAT224, target, walk, complement))
    mixed = []
    for edge, start, shipped in walk:
        if target.edges[edge][:2] in ((figures.diamond_bottom(1), figures.TRUE_COLLECTOR),
                                      (figures.diamond_bottom(1), figures.FALSE_COLLECTOR)):
            shipped = (figures.element(1, 1), figures.element(1, 3))  # one of each pair
        mixed.append((edge, start, shipped))
    assert fails(claim("224sat-to-rel", "claim-2-pairs").check(SAT224, target, tuple(mixed), extracted))
    crossing = []
    for edge, start, shipped in walk:
        if target.edges[edge][:2] == (figures.FALSE_COLLECTOR, figures.clause_vertex(1)):
            tc_element = next(name for e, _, names in walk for name in names
                              if target.edges[e][:2] == (figures.TRUE_COLLECTOR, figures.clause_vertex(1)))
            shipped = tuple(shipped) + (tc_element,)  # an element that came through TC leaves FC
        crossing.append((edge, start, shipped))
    assert fails(claim("224sat-to-rel", "claim-2-no-crossing").check(SAT224, target, tuple(crossing), extracted))
    backwards = [(edge, target.edges[edge][1], shipped) if i == 0 else (edge, start, shipped)
                 for i, (edge, start, shipped) in enumerate(walk)]
    check = claim("224sat-to-rel-undirected", "directions-implied").check
    assert check(SAT224, target, walk, extracted) is True
    assert fails(check(SAT224, target, tuple(backwards), extracted))


def test_capacity_two_claims_can_fail():
    reduction, assignment, target, walk = rel_case("224sat-to-rel-cap2")
    extracted = reduction.backward(SAT224, target, walk)
    zero_edge = figures.graph(2)[1].index((figures.TRUE_COLLECTOR, figures.diamond_top(2), 0))
    final = list(target.final)
    final[target.elements.index(figures.dummy(zero_edge, 1))] = figures.TRUE_COLLECTOR  # (TC, top_2)'s dummy kept at TC
    check = claim("224sat-to-rel-cap2", "dummies-placed").check
    assert check(SAT224, target) is True
    assert fails(check(SAT224, dataclasses.replace(target, final=tuple(final))))
    emptied = tuple((edge, start, () if edge == zero_edge else shipped) for edge, start, shipped in walk)
    ride = claim("224sat-to-rel-cap2", "dummies-ride-their-edge").check
    assert ride(SAT224, target, walk, extracted) is True
    assert fails(ride(SAT224, target, emptied, extracted))


# -- 3-PARTITION -> BWP ------------------------------------------------------------------------


def test_bwp_claims_hold_on_the_exhaustive_stream():
    assert_stream("3partition-to-bwp", 7)


SOURCE = ThreePartition((2, 2, 3, 2, 2, 3), 7)  # the worked example: R = 17, C = 40, s = row 11 (0-based)
TRIPLES = ((0, 1, 2), (3, 4, 5))


def bwp_case():
    reduction = get_reduction("3partition-to-bwp")
    target = reduction.reduce(SOURCE)
    moves = reduction.forward(SOURCE, TRIPLES)
    assert target.verify(moves)
    return reduction, target, moves


def test_bwp_target_claims_can_fail():
    _, target, _ = bwp_case()
    C, s = target.cols, 11
    start = list(target.start)
    start[5 * C + 30] = 1  # a stray black piece in a padding row
    assert fails(claim("3partition-to-bwp", "figures-6-7").check(SOURCE, dataclasses.replace(
        target, start=tuple(start), goal=tuple(target.goal[:5 * C + 30]) + (1,) + tuple(target.goal[5 * C + 31:]))))
    assert fails(claim("3partition-to-bwp", "bound-equals-k").check(SOURCE, dataclasses.replace(target, bound=21)))
    goal = list(target.goal)
    goal[s * C + 8], goal[s * C + (8 + C // 2) % C] = 0, 1  # a goal piece moved half the board away
    assert fails(claim("3partition-to-bwp", "goal-span").check(SOURCE, dataclasses.replace(target, goal=tuple(goal))))
    # the compact layout is the broken one: its special row is right under the element rows
    compact = get_reduction("3partition-to-bwp-compact")
    assert claim("3partition-to-bwp", "step-5-padding").check(SOURCE, target) is True
    assert fails(claim("3partition-to-bwp-compact", "step-5-padding").check(SOURCE, compact.reduce(SOURCE)))


def test_bwp_forward_claim_can_fail():
    _, target, moves = bwp_case()
    check = claim("3partition-to-bwp", "figure-8").check
    assert check(SOURCE, target, TRIPLES, moves) is True
    columns_first = moves[3:3 + 7] + moves[:3] + moves[10:]  # block 1's column shifts before its row shifts
    assert fails(check(SOURCE, target, TRIPLES, columns_first))


def test_bwp_backward_claims_can_fail():
    reduction, target, moves = bwp_case()
    extracted = reduction.backward(SOURCE, target, moves)

    def check(name: str, sequence) -> Any:
        return claim("3partition-to-bwp", name).check(SOURCE, target, tuple(sequence), extracted)

    for c in reduction.claims:
        if c.stage == BACKWARD_CLAIM:
            assert c.check(SOURCE, target, moves, extracted) is True, c.name
    detour = parse_moves("R15E1 R15W1") + moves  # two extra steps on a padding row
    assert fails(check("operation-counts", detour))
    assert fails(check("one-step-per-line", detour))
    assert fails(check("observation-1-tight", detour))  # a row step that sweeps nothing out of column 1
    far = parse_moves("R0E27 C27S11")  # element 0's piece into row s, 20 columns from the first separator
    assert fails(check("claim-1", far))
    assert fails(check("claim-2", (Move("C", 0, "S", 1),) + moves))
    # the compact layout's shortcut: a piece dropped into another element row moves again
    source, compact_target, shortcut = bwp_reduction.compact_shortcut()
    compact_extracted = get_reduction("3partition-to-bwp-compact").backward(source, compact_target, shortcut)
    for name in ("across-then-down", "one-piece-per-block-column", "runs-in-blocks"):
        assert claim("3partition-to-bwp", name).check(SOURCE, target, moves, extracted) is True
        compact_check = claim("3partition-to-bwp-compact", name).check
        assert fails(compact_check(source, compact_target, shortcut, compact_extracted)), name
