"""Planar 3-SAT (``planar3sat``) and the planar SAT chain 3-SAT -> planar3sat -> pm3sat:
Lichtenstein's crossover checked exhaustively on its own, the problem's validation, generators
and file format, and both reductions on small sources with every claim of their proofs."""

import itertools
import json
import subprocess
import sys

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem, instance_from_dict
from npw.instances.sat.cnf import CNF
from npw.instances.sat.planar3sat import PlanarThreeSat, incidence_planar
from npw.instances.sat.planar_monotone import ABOVE, BELOW, PlanarMonotone3Sat
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.registry import get_reduction
from npw.reductions.sat import planar3sat_to_pm3sat as monotone
from npw.reductions.sat import three_sat_to_planar3sat as lichtenstein
from npw.solvers import solve

PLANAR3SAT = get_problem("planar3sat")


def _satisfying(formula):
    """Every satisfying assignment, by enumeration (small formulas only)."""
    for bits in itertools.product((False, True), repeat=formula.num_vars):
        if formula.verify(bits):
            yield bits


# -- the crossover gadget on its own ------------------------------------------------------------


def test_crossover_forces_both_outputs_equal_to_their_inputs_for_all_four_inputs():
    gadget = lichtenstein.crossover_gadget()
    a, b, b_out, a_out = 0, 1, 7, 8  # CROSSOVER_LINE's places
    assert lichtenstein.CROSSOVER_LINE[a_out] == "a'" and lichtenstein.CROSSOVER_LINE[b_out] == "b'"
    seen = {}
    for bits in _satisfying(gadget):
        assert (bits[a_out], bits[b_out]) == (bits[a], bits[b]), bits
        seen[bits[a], bits[b]] = seen.get((bits[a], bits[b]), 0) + 1
    assert set(seen) == set(itertools.product((False, True), repeat=2))  # satisfiable for each input
    for inputs in seen:  # the forward values are one of them
        values = lichtenstein.crossover_values(*inputs)
        assert gadget.verify(tuple(values[name] for name in lichtenstein.CROSSOVER_LINE))


def _ports(gadget_sides, direct=None):
    """The crossover between the arcs of its two wires, as a layer sees it: p, q arrive from the
    left (arcs q-a and p-b below, the IN side), r, s leave to the right (arcs b'-s and a'-r
    above, the OUT side). ``direct``: instead of the gadget, equalities a = a' and b = b' on
    the given sides."""
    p, q, first, r, s = 1, 2, 3, 12, 13
    names = {name: first + i for i, name in enumerate(lichtenstein.CROSSOVER_LINE)}
    clauses, sides = [], []
    for u, v, side in ((q, names["a"], BELOW), (p, names["b"], BELOW), (names["b'"], s, ABOVE),
                       (names["a'"], r, ABOVE)):
        clauses += [(-u, v), (u, -v)]
        sides += [side, side]
    if direct is None:
        _, inner, inner_sides = lichtenstein.crossover(first, BELOW, ABOVE)
        clauses += inner
        sides += inner_sides
    else:
        for (u, v), side in zip(((names["a"], names["a'"]), (names["b"], names["b'"])), direct):
            clauses += [(-u, v), (u, -v)]
            sides += [side, side]
    return PlanarThreeSat(13, clauses, tuple(range(1, 14)), tuple(sides))


def test_the_two_wires_cross_only_through_the_gadget():
    """Between its wires' arcs the gadget draws without crossings, while joining a to a' and b to
    b' directly crosses on every choice of sides: a, b, a', b' alternate around it."""
    crossed = _ports(None)
    for bits in _satisfying(crossed):  # q = a = a' = r and p = b = b' = s
        assert bits[1] == bits[11] and bits[0] == bits[12]
    for direct in itertools.product((ABOVE, BELOW), repeat=2):
        with pytest.raises(InvalidInstance, match="cross"):
            _ports(None, direct)


# -- the problem -------------------------------------------------------------------------------


def test_validation_names_what_is_wrong():
    with pytest.raises(InvalidInstance, match="cross at any levels"):
        PlanarThreeSat(4, [(1, -3), (-2, 4)], sides=(ABOVE, ABOVE))
    assert PlanarThreeSat(4, [(1, -3), (-2, 4)], sides=(ABOVE, BELOW)).levels == (1, 1)
    with pytest.raises(InvalidInstance, match="side 'left'"):
        PlanarThreeSat(2, [(1, 2)], sides=("left",))
    with pytest.raises(InvalidInstance, match="sides gives 1 sides for 2 clauses"):
        PlanarThreeSat(2, [(1, 2), (-1,)], sides=(ABOVE,))
    with pytest.raises(InvalidInstance, match="names a variable twice"):
        PlanarThreeSat(2, [(1, -1)])
    with pytest.raises(InvalidInstance, match="x2 is missing"):
        PlanarThreeSat(2, [(1,)], order=(1, 1))
    with pytest.raises(InvalidInstance, match="overlap at level 1"):
        PlanarThreeSat(3, [(1, 3), (1, 2, 3)], sides=(ABOVE, ABOVE), levels=(1, 1))
    assert PlanarThreeSat(2, [(1, -2), (-1, -2)]).sides == (ABOVE, BELOW)  # pm3sat's rule by default


def test_the_planarity_test_is_its_own():
    """incidence_planar reads the graph, not the drawing: K3,3 (three clauses on three variables)
    and K5-like formulas are refused, their planar parts accepted."""
    assert not incidence_planar(3, [(1, 2, 3)] * 3, (1, 2, 3))
    assert incidence_planar(3, [(1, 2, 3)] * 2, (1, 2, 3))
    # two-literal clauses are edges: K5 on five variables is not planar, K5 minus an edge is
    k5 = [pair for pair in itertools.combinations(range(1, 6), 2)]
    assert not incidence_planar(5, k5, (1, 2, 3, 4, 5))
    assert incidence_planar(5, [e for e in k5 if e != (1, 3)], (1, 2, 3, 4, 5))  # (1, 2) is on the path
    for instance in itertools.islice(PLANAR3SAT.enumerate(3), 0, None, 7):  # every valid layout is planar
        assert incidence_planar(instance.num_vars, instance.clauses, instance.order)


def test_generators_enumeration_and_shrinking():
    assert solve(PLANAR3SAT.generate("certified-no", seed=3, num_vars=7), backend="brute").answer.value == "NO"
    planted = PLANAR3SAT.generate("planted", seed=5, num_vars=9)
    assert planted.verify(PLANAR3SAT.planted_certificate("planted", seed=5, num_vars=9))
    mixed = PLANAR3SAT.generate("random", seed=1, num_vars=10)
    assert any(len({l > 0 for l in c}) == 2 for c in mixed.clauses) and set(mixed.sides) == {ABOVE, BELOW}
    instances = list(PLANAR3SAT.enumerate(2))
    assert len(instances) == len({(f.num_vars, f.clauses, f.sides) for f in instances}) == 14
    for smaller in PLANAR3SAT.shrink(mixed):
        assert len(smaller.clauses) + sum(map(len, smaller.clauses)) < \
            len(mixed.clauses) + sum(map(len, mixed.clauses))


def test_sat_and_brute_force_agree():
    instances = list(PLANAR3SAT.enumerate(2)) + [PLANAR3SAT.sample(seed) for seed in range(15)]
    answers = {"YES": 0, "NO": 0}
    for instance in instances:
        sat, brute = solve(instance, backend="sat"), solve(instance, backend="brute")
        assert sat.answer == brute.answer, instance
        answers[sat.answer.value] += 1
    assert min(answers.values()) > 0


def test_file_round_trip_and_one_line_errors(tmp_path):
    instance = PLANAR3SAT.generate("random", seed=2, num_vars=6)
    assert instance_from_dict(json.loads(json.dumps(instance.to_dict()))) == instance
    bad = dict(instance.to_dict(), sides=["above"] * (len(instance.clauses) - 1) + ["up"])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    done = subprocess.run([sys.executable, "-m", "npw", "solve", str(path)], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("npw: error:") and len(done.stderr.strip().splitlines()) == 1, done.stderr


# -- 3-SAT -> Planar 3-SAT ----------------------------------------------------------------------


def _check_case(reduction, source):
    """The verifier's checks on one case, by hand: exact size, the same answer, certificates both
    ways and every claim at its stage."""
    target = reduction.reduce(source)
    assert reduction.size(source) == target.size()
    for claim in reduction.claims:
        if claim.stage == "target":
            assert claim.check(source, target) is True, claim.name
    source_answer = solve(source, backend="sat")
    target_answer = solve(target, backend="sat")
    assert source_answer.answer == target_answer.answer, source
    if source_answer.answer.value == "YES":
        image = reduction.forward(source, source_answer.certificate)
        assert target.verify(image)
        back = reduction.backward(source, target, target_answer.certificate)
        assert source.verify(back)
        for claim in reduction.claims:
            if claim.stage == "forward":
                assert claim.check(source, target, source_answer.certificate, image) is True, claim.name
            if claim.stage == "backward":
                assert claim.check(source, target, target_answer.certificate, back) is True, claim.name
    return source_answer.answer.value


def test_three_sat_to_planar3sat_on_small_formulas_with_both_answers():
    reduction = get_reduction("3sat-to-planar3sat")
    sources = list(itertools.islice(get_problem("3sat").enumerate(1), 0, None, 3))
    sources += [ThreeSat(3, [(s1, 2 * s2, 3 * s3) for s1, s2, s3 in itertools.product((1, -1), repeat=3)]),  # no
                ThreeSat(2, [(1, 1, 2), (-1, -1, 2), (1, -2, -2), (-1, -2, -2)]),  # no, repeated literals
                ThreeSat(3, [(1, -1, 2)]), lichtenstein.small_source(4)]
    answers = [_check_case(reduction, source) for source in sources]
    assert {"YES", "NO"} <= set(answers)
    assert lichtenstein.plan(sources[-4]).counts()["crossovers"] > 0


def test_every_copy_carries_its_variable_in_every_satisfying_assignment():
    """The backward claim on all satisfying assignments of a target, not only the decider's: the
    target with "copy v differs from x" added is unsatisfiable, for every copy v of every x."""
    source = ThreeSat(3, [(1, -2, 3), (-1, 2, -3)])
    target = lichtenstein.reduce(source)
    assert lichtenstein.plan(source).counts()["crossovers"] >= 2
    for v, x in lichtenstein.wire_origins(source).items():
        if v != x:
            differs = CNF(target.num_vars, target.clauses + ((v, x), (-v, -x)))
            assert solve(differs, backend="sat").answer.value == "NO", (v, x)


def test_a_formula_too_large_is_refused_in_one_line(monkeypatch):
    """Refused while planning, as soon as the count passes the limit (here lowered to 5,000, the
    module's MAX_TARGET_ELEMENTS is read at each call), and at once where n variables times the
    clauses already pass it."""
    monkeypatch.setattr(lichtenstein, "MAX_TARGET_ELEMENTS", 5_000)
    formula = ThreeSat(12, [(v, v % 12 + 1, -((v + 5) % 12 + 1)) for v in range(1, 13)] * 4)
    with pytest.raises(InvalidInstance, match="would build a target of more than 5,000 variables from 12 variables"):
        lichtenstein.reduce(formula)
    monkeypatch.undo()
    huge = ThreeSat(3000, [(v, v % 3000 + 1, (v + 7) % 3000 + 1) for v in range(1, 3001)])
    with pytest.raises(InvalidInstance, match="at least 9,003,000 variables"):
        lichtenstein.size(huge)


# -- Planar 3-SAT -> Planar Monotone 3SAT -------------------------------------------------------


def test_planar3sat_to_pm3sat_on_every_small_layout_and_random_ones():
    reduction = get_reduction("planar3sat-to-pm3sat")
    sources = list(PLANAR3SAT.enumerate(2)) + [PLANAR3SAT.sample(seed) for seed in range(12)]
    answers = [_check_case(reduction, source) for source in sources]
    assert {"YES", "NO"} <= set(answers)


def test_rows_share_a_variable_between_the_sides_and_keep_monotone_sides():
    source = PlanarThreeSat(3, [(1, -2, 3), (-1, 2), (2,)], sides=(ABOVE, BELOW, BELOW))
    target = monotone.reduce(source)
    assert isinstance(target, PlanarMonotone3Sat)
    rows = monotone.rows(source)
    # x2: ~x2 above and x2 below (c1) both want an N and share one; x2 below in c3 wants another N
    assert [r.parities for r in rows] == [(True,), (False, True, False), (True,)]
    assert dict(rows[1].at) == {0: 0, 1: 0, 2: 2}
    assert all((c[0] > 0) == (target.side(i) == ABOVE) for i, c in enumerate(target.clauses))


def test_the_chain_from_3sat_reaches_pm3sat_and_section_3_2():
    done = subprocess.run([sys.executable, "-m", "npw", "path", "3sat", "pm3sat"], capture_output=True, text=True)
    assert "--via 3sat-to-planar3sat,planar3sat-to-pm3sat" in done.stdout
    chain = get_reduction("3sat-to-planar3sat").then(get_reduction("planar3sat-to-pm3sat"))
    assert chain.source_sample is lichtenstein.small_source  # the chain's random stream is its first step's
    for source in (ThreeSat(3, [(1, 2, 3), (-1, -2, 3)]),
                   ThreeSat(3, [(s1, 2 * s2, 3 * s3) for s1, s2, s3 in itertools.product((1, -1), repeat=3)])):
        target = chain.reduce(source)
        assert isinstance(target, PlanarMonotone3Sat)
        assert solve(target, backend="sat").answer == solve(source, backend="sat").answer
