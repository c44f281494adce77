"""Lemma A.1's Figure 8 step: the problem ``hampath-dumbbells`` (PV84's G4') and its reductions to
``hampath-st`` and ``hampath-grid-s`` (the pendant l below v), verified on small streams."""

from __future__ import annotations

import itertools

import pytest

from npw.api import get_problem, get_reduction
from npw.instances.base import InvalidInstance
from npw.instances.hampath.dumbbells import (
    HamPathDumbbells, hang, attach, certified_no_instance, dumbbell_placements, planted_with_path,
)
from npw.instances.hampath.graph import STEPS, grid_edges
from npw.verify import certified_no_stream, exhaustive, planted_stream, verify_reduction

SOURCE = get_problem("hampath-dumbbells")


@pytest.mark.parametrize("direction,mirror", itertools.product(STEPS, (False, True)))
def test_every_placement_is_found(direction, mirror):
    """A dumbbell hung in each of the 8 placements (4 directions, mirrored or not) is found, with
    its pin's outside point next to the host cell and l's place empty."""
    dx, dy = direction
    line = [(-k * dx, -k * dy) for k in range(3)]  # the host runs away from the first dumbbell
    g = hang(line, [(line[0], direction, mirror), (line[-1], (-dx, -dy), not mirror)])
    assert g is not None
    expected = attach((0, 0), direction, mirror)
    assert expected in dumbbell_placements(g)
    assert expected.outside() == (direction[0], direction[1]) and expected.mark("l") not in g.coords


def test_one_dumbbell_or_a_touching_one_is_refused():
    g, _ = planted_with_path(seed=5, num_vertices=3)
    one = g.coords[:-21]
    with pytest.raises(InvalidInstance, match="found 1"):
        HamPathDumbbells(len(one), grid_edges(one), coords=one)
    # a cell next to a dumbbell's ring (not through the pin) spoils it
    d = dumbbell_placements(g)[0]
    touching = list(g.coords) + [d.mark("l")]
    with pytest.raises(InvalidInstance):
        HamPathDumbbells(len(touching), grid_edges(touching), coords=touching)


def test_generators_answer_as_built():
    from npw.solvers.hampath.dp import solve
    for seed in range(3):
        g, path = planted_with_path(seed, num_vertices=4)
        assert g.verify(path)
        no = certified_no_instance(seed, num_vertices=5)
        assert solve(no, timeout=30).answer.name == "NO"


@pytest.mark.parametrize("reduction_id", ["hampath-dumbbells-to-hampath-st", "hampath-dumbbells-to-hampath-grid-s"])
def test_reduction_verifies_on_small_streams(reduction_id):
    """Every host of up to 2 cells (11 instances) and 3 planted and 3 certified-no: answers,
    certificates both ways, exact sizes, and the proof's claims (Figure 8(a)-(c))."""
    reduction = get_reduction(reduction_id)
    stream = itertools.chain(exhaustive(SOURCE, 6), planted_stream(SOURCE, 3, seed=1),
                             certified_no_stream(SOURCE, 3, seed=1))
    summary = verify_reduction(reduction, stream).summary
    assert summary.passed
    assert summary.confusion.get("YES->YES", 0) > 0 and summary.confusion.get("NO->NO", 0) > 0
    assert set(summary.confusion) <= {"YES->YES", "NO->NO"}
