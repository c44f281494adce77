"""``dhamcycle-21`` (Plesník's degree-restricted directed Hamiltonian cycle, planarity not required)
and PV84's Figure 2 into ``hampath-st`` (the step of Lemma A.1's proof before the grid)."""

from __future__ import annotations

import itertools

import pytest

from npw.api import get_problem, get_reduction
from npw.instances.base import InvalidInstance
from npw.instances.hampath.dhamcycle21 import (
    DirectedHamCycle21, KINDS, certified_no_instance, degrees, enumerate_instances, planted_with_cycle, random_instance,
)
from npw.solvers.hampath.dp import solve_cycle
from npw.verify import certified_no_stream, exhaustive, planted_stream, random_stream, verify_reduction

SOURCE = get_problem("dhamcycle-21")


def test_enumeration_counts_and_degrees():
    """3 classes on 4 vertices, 36 on 6 (isomorphisms keep the two kinds apart); every one has
    the kinds (2, 1) and (1, 2) only, half each."""
    found = list(enumerate_instances(6))
    assert [sum(1 for g in found if g.num_vertices == n) for n in (4, 6)] == [3, 36]
    for g in found:
        kinds = degrees(g.num_vertices, g.edges)
        assert set(kinds) <= set(KINDS) and kinds.count(KINDS[0]) == g.num_vertices // 2


def test_wrong_degrees_refused():
    with pytest.raises(InvalidInstance, match=r"\(2, 2\)"):
        DirectedHamCycle21(3, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)])


@pytest.mark.parametrize("seed", range(3))
def test_generators_answer_as_built(seed):
    g, cycle = planted_with_cycle(seed, 10)
    assert g.verify(cycle)
    assert solve_cycle(certified_no_instance(seed, 10), timeout=30).answer.name == "NO"
    assert random_instance(seed, 7).num_vertices == 8  # rounded up to even


def test_reduction_verifies():
    """Every digraph of 4 and 6 vertices, 40 random, 10 planted, 10 certified-no: answers, both
    certificate maps, exact sizes, and the claims (pendants, bipartite, every pair edge used)."""
    stream = itertools.chain(exhaustive(SOURCE, 6), random_stream(SOURCE, 40, seed=2),
                             planted_stream(SOURCE, 10, seed=2), certified_no_stream(SOURCE, 10, seed=2))
    summary = verify_reduction(get_reduction("dhamcycle-21-to-hampath-st"), stream).summary
    assert summary.passed
    assert summary.confusion.get("YES->YES", 0) > 10 and summary.confusion.get("NO->NO", 0) > 10
    assert set(summary.confusion) <= {"YES->YES", "NO->NO"}
