"""Lemma B.1 (pm3sat -> pm3sat-2occ): Figure 9's variable, the verifier on every source up to 3
variables and 3 clauses and on random ones (both answers), the one-sign cases, and wrong
versions the checks must catch."""

import dataclasses

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat, PlanarMonotone3Sat2Occ, find_crossing
from npw.reductions.sat import pm3sat_to_pm3sat_2occ as lemma
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

REDUCTION = get_reduction("pm3sat-to-pm3sat-2occ")
SOURCE = get_problem("pm3sat")


def figure9_source() -> PlanarMonotone3Sat:
    """A variable x (x4) with three positive occurrences P_1..P_3 above and three negative ones
    N_1..N_3 below, each clause joining x to a neighbour (as in Figure 9's upper part)."""
    return PlanarMonotone3Sat(7, [(1, 4), (2, 4), (4, 5), (-3, -4), (-4, -6), (-4, -7)], order=(1, 2, 3, 4, 5, 6, 7))


def test_figure9_variable_becomes_a_chain_of_eleven():
    source = figure9_source()
    target = REDUCTION.reduce(source)
    chain = next(c for c in lemma.chains(source) if c.variable == 4)
    assert (len(chain.negatives), len(chain.positives), chain.length) == (3, 3, 6)
    assert [chain.x(i) for i in range(1, 7)] == [4, 6, 8, 10, 12, 14]  # x_1..x_6 interleaved with y_1..y_5
    assert target.num_vars == 6 + 11 and find_crossing(target.order, target.clauses, target.levels) is None
    counts = target.occurrences()
    for v in range(chain.first, chain.first + 11):
        assert counts.get(v, 0) <= 2 and counts.get(-v, 0) <= 2 and counts.get(v, 0) + counts.get(-v, 0) <= 3
    assert target.size() == REDUCTION.size(source)
    # N_k holds ~x_k, P_j holds x_{n+j}, numbered by the legs left to right: below, (~x3, ~x4) ends
    # at x, then (~x4, ~x7) above (~x4, ~x6) both begin there; above, (x2, x4) inside (x1, x4)
    # both end at x, then (x4, x5) begins
    renamed = target.clauses[-6:]
    chain_literal = {i: next(l for l in c if chain.first <= abs(l) < chain.first + 11) for i, c in enumerate(renamed)}
    assert chain_literal == {3: -chain.x(1), 5: -chain.x(2), 4: -chain.x(3), 1: chain.x(4), 0: chain.x(5),
                             2: chain.x(6)}


def test_forward_and_backward_on_figure9():
    source = figure9_source()
    target = REDUCTION.reduce(source)
    for value in (False, True):
        v = (True, True, False, value, True, False, False)
        if not source.verify(v):
            continue
        w = REDUCTION.forward(source, v)
        assert target.verify(w) and REDUCTION.backward(source, target, w) == v


@pytest.mark.parametrize("cases", ["exhaustive", "random"])
def test_verifier_passes_with_both_answers(cases):
    stream = exhaustive(SOURCE, 3) if cases == "exhaustive" else random_stream(SOURCE, 100, seed=18)
    report = verify_reduction(REDUCTION, stream)
    summary = report.summary
    assert summary.passed, report.to_json()
    assert summary.confusion.get("YES->YES", 0) > 0 and summary.confusion.get("NO->NO", 0) > 0
    assert set(summary.confusion) <= {"YES->YES", "NO->NO"}


def test_variables_of_one_sign_are_kept_and_read_from_x1():
    source = PlanarMonotone3Sat(2, [(1, 2), (1,)], order=(2, 1))
    target = REDUCTION.reduce(source)
    assert isinstance(target, PlanarMonotone3Sat2Occ) and target.size() == REDUCTION.size(source)
    # x1 has m = 2, n = 0: x_1, y_1, x_2; backward reads x_1, the largest of a decreasing chain
    chain = next(c for c in lemma.chains(source) if c.variable == 1)
    assert chain.read_from == chain.x(1)
    w = [False] * target.num_vars
    w[chain.x(1) - 1] = True  # x_1 true, y_1 false, x_2 false: satisfies (x1 or x2) through x_1 only if ...
    w[chain.x(2) - 1] = True
    w[lemma.chains(source)[0].x(1) - 1] = False  # x2's single variable
    assert target.verify(tuple(w)) and REDUCTION.backward(source, target, tuple(w)) == (True, False)
    unused = PlanarMonotone3Sat(3, [(1,)])
    assert REDUCTION.reduce(unused).num_vars == 3 and REDUCTION.size(unused)["variables"] == 3


def _reading(position):
    def backward(source, target, assignment):
        values = [False] * source.num_vars
        for chain in lemma.chains(source):
            values[chain.variable - 1] = bool(assignment[chain.x(position(chain)) - 1])
        return tuple(values)
    return backward


def test_x_n_plus_one_reads_right_too_but_x_1_does_not():
    """(B.1) holds for v(x) = w(x_i) with any i in {n, n+1}: the chain is decreasing, so x_{n+1} is
    at most every x_k (k <= n) and at least every x_{n+j}. x_1 is too early once n >= 2."""
    n_plus_one = dataclasses.replace(REDUCTION, id="lemma-b1-read-n+1", backward=_reading(
        lambda c: min(c.length, len(c.negatives) + 1)))
    assert verify_reduction(n_plus_one, exhaustive(SOURCE, 3)).summary.passed
    first = dataclasses.replace(REDUCTION, id="lemma-b1-read-1", backward=_reading(lambda c: 1))
    summary = verify_reduction(first, exhaustive(SOURCE, 3), shrink_seconds=5).summary
    assert not summary.passed and summary.failure_counts["backward-certificate"] > 0


def test_numbering_occurrences_by_clause_index_breaks_the_layout():
    """N_1..N_n must follow the legs' order along the line: numbered by clause index instead, some
    source of the enumeration gets a crossing target (the attachment order is what Figure 9 needs)."""
    def by_index(source):
        legs = lemma.attachment_order(source)
        found, first = [], 1
        for v in source.order:
            chain = lemma.Chain(v, first, tuple(sorted(legs.get((v, "below"), ()))),
                                tuple(sorted(legs.get((v, "above"), ()))))
            found.append(chain)
            first += 2 * chain.length - 1
        return found

    crossed = 0
    original = lemma.chains
    try:
        lemma.chains = by_index
        for source in SOURCE.enumerate(3):
            try:
                lemma.reduce(source)
            except InvalidInstance:
                crossed += 1
    finally:
        lemma.chains = original
    assert crossed > 0
    for source in SOURCE.enumerate(3):
        lemma.reduce(source)  # the real numbering never crosses
