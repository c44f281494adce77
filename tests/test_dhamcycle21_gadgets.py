"""The gadgets of 3-SAT -> dhamcycle-21, each checked on its own and exhaustively: every way a
Hamiltonian cycle can cover its vertices, entering and leaving through its ports
(:func:`npw.instances.hampath.dhamcycle21_gadgets.covers`)."""

from __future__ import annotations

import pytest

from npw.instances.hampath.dhamcycle21_gadgets import (
    BACK, CLAUSE_CYCLE, DETOUR, TAP_CELL, TAP_CELL_ROUTES, THROUGH, DigraphGadget, covers, degrees, patterns, split,
)


def test_covers_are_path_covers():
    """The enumerator's own check: each cover's paths are disjoint, along arcs, cover every
    vertex, begin at an in-port's vertex and end at an out-port's, and no cover comes twice."""
    for gadget in (TAP_CELL, split(TAP_CELL), CLAUSE_CYCLE, split(CLAUSE_CYCLE)):
        found = list(covers(gadget))
        assert len(found) == len(set(found)), gadget.name
        arcs = set(gadget.arcs)
        for pattern, paths in found:
            assert sorted(v for path in paths for v in path) == list(range(gadget.num_vertices))
            assert all(step in arcs for path in paths for step in zip(path, path[1:]))
            assert len(pattern) == len(paths)
            assert {gadget.in_ports[a] for a, _ in pattern} == {path[0] for path in paths}
            assert {gadget.out_ports[b] for _, b in pattern} == {path[-1] for path in paths}


def test_covers_finds_a_cycle_is_no_cover():
    """A gadget that is a closed cycle with no port cannot be met by a Hamiltonian cycle of a larger
    digraph; with one in- and one out-port on neighbours it is cut there."""
    ring = DigraphGadget("ring", 3, ((0, 1), (1, 2), (2, 0)))
    assert not patterns(ring)
    cut = DigraphGadget("ring", 3, ((0, 1), (1, 2), (2, 0)), {"a": 1}, {"b": 0})
    assert [paths for _, paths in covers(cut)] == [((1, 2, 0),)]


@pytest.mark.parametrize("gadget", [TAP_CELL, split(TAP_CELL)], ids=["cell", "split"])
def test_tap_cell_is_crossed_three_ways(gadget):
    """The lemma the rows rest on: the cell is crossed from L to R (with or without the detour out
    t and back in t) or from R to L, in no other way, each in exactly one way."""
    found = list(covers(gadget))
    assert {pattern for pattern, _ in found} == {THROUGH, DETOUR, BACK}
    assert len(found) == 3


def test_tap_cell_routes():
    """The routes forward() uses are the three covers, and the cell's vertices all have in- and
    out-degree 2 (split, each one (2, 1) -> (1, 2))."""
    routes = {pattern: paths for pattern, paths in covers(TAP_CELL)}
    assert routes[THROUGH] == (TAP_CELL_ROUTES["through"],)
    assert sorted(routes[DETOUR]) == sorted(TAP_CELL_ROUTES["detour"])
    assert routes[BACK] == (TAP_CELL_ROUTES["back"],)
    assert set(degrees(TAP_CELL)) == {(2, 2)}
    assert sorted(degrees(split(TAP_CELL))) == [(1, 2)] * 6 + [(2, 1)] * 6


def test_tap_cell_without_its_tap():
    """Why the detour needs both t ports: without the t arcs (no clause), the cell is crossed
    through or back only; with t out but no t in, never out t (the cycle could not come back)."""
    plain = DigraphGadget("plain", 6, TAP_CELL.arcs, {k: v for k, v in TAP_CELL.in_ports.items() if k != "t"},
                          {k: v for k, v in TAP_CELL.out_ports.items() if k != "t"})
    assert patterns(plain) == {THROUGH, BACK}
    half = DigraphGadget("out only", 6, TAP_CELL.arcs, {k: v for k, v in TAP_CELL.in_ports.items() if k != "t"},
                         TAP_CELL.out_ports)
    assert patterns(half) == {THROUGH, BACK}


def test_a_path_cell_is_not_enough():
    """The textbook row vertex, split: 0 -> 1 with L and R entering 0 and leaving 1, the tap out of 1
    and back into 0 would let a cell crossed back from R take the detour too, which the tap cell
    excludes."""
    naive = DigraphGadget("textbook", 2, ((0, 1),), {"L": 0, "R": 0, "t": 0}, {"L": 1, "R": 1, "t": 1})
    assert frozenset({("R", "t")}) in patterns(naive)


@pytest.mark.parametrize("gadget", [CLAUSE_CYCLE, split(CLAUSE_CYCLE)], ids=["cycle", "split"])
def test_clause_cycle(gadget):
    """The clause's 3-cycle: entered at one tap alone it is covered back to the same cell (what
    forward uses); every cover enters through a tap; the other covers swap the returns of two or
    three taps, each tap entered also returned to (so the cells of a cover are all detours)."""
    found = patterns(gadget)
    singles = {frozenset({(f"t{k}", f"t{k}")}) for k in range(3)}
    swaps = {frozenset({(f"t{a}", f"t{b}"), (f"t{b}", f"t{a}")}) for a, b in ((0, 1), (0, 2), (1, 2))}
    assert found == singles | swaps | {frozenset({("t0", "t1"), ("t1", "t2"), ("t2", "t0")})}
    for pattern in found:
        assert {a for a, _ in pattern} == {b for _, b in pattern}
    for k in range(3):
        (paths,) = [paths for pattern, paths in covers(CLAUSE_CYCLE) if pattern == frozenset({(f"t{k}", f"t{k}")})]
        assert paths == ((k, (k + 1) % 3, (k + 2) % 3),)
