"""Lemma A.1's step 3b (session 10): the grid drawing of the thickened planar digraph. The turn it
adds is checked exhaustively, a lane's two covers on every way it bends, and the reduction
``dhamcycle-21-planar-to-hampath-dumbbells`` on every planar digraph of 4 and 6 vertices and on
the planar chain's digraphs: the grid graph is exactly the designed one, every Hamiltonian cycle
becomes a Hamiltonian path and comes back, and the edge decider agrees with the source's answer."""

from __future__ import annotations

import itertools

import pytest

from npw.instances.hampath.dhamcycle21_planar import enumerate_instances, ladder
from npw.instances.hampath.expansion import _TURNS, corridor, hook, lane, walk
from npw.instances.hampath.graph import grid_edges
from npw.instances.hampath.grid_gadgets import ZIGZAG_TURN, ZIGZAG_TURN_SHIFTED, Gadget, ring8, traversals
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.reductions.hampath import planar_to_grid as drawn
from npw.reductions.hampath import pm3sat_to_dhamcycle21_planar as pm3sat
from npw.solvers.hampath.edges_dumbbells import solve


def _pairs(gadget: Gadget) -> set[frozenset]:
    return {frozenset(frozenset(end[1] for end in segment) for segment in p)
            for p in traversals(gadget, free_ends=0)}


def _pair(*pairs) -> frozenset:
    return frozenset(frozenset(p) for p in pairs)


def test_the_shifted_zigzag_turn_is_crossed_once_or_twice():
    """ZIGZAG_TURN_SHIFTED has ZIGZAG_TURN's patterns: U-turned on either side, crossed by one
    segment from the inner port in to the inner port out (1 - 2), or by two nested ones."""
    assert ZIGZAG_TURN_SHIFTED.max_degree() == 3
    assert _pairs(ZIGZAG_TURN_SHIFTED) == _pairs(ZIGZAG_TURN) == {
        _pair((0, 1)), _pair((2, 3)), _pair((1, 2)), _pair((0, 3), (1, 2))}


def test_of_four_placements_two_turns_are_crossed_once():
    """Two lanes on the ring's left and top sides at its inner corner (in on rows a, a + 1, out on
    columns b, b + 1): rows 0, 1 with columns 1, 2 is never crossed once; rows 1, 2 with columns 0,
    1 would give the corner cell degree 4; the other two are ZIGZAG_TURN and ZIGZAG_TURN_SHIFTED."""
    def placed(a: int, b: int) -> Gadget:
        return Gadget("turn", ring8(), (((0, a), (-1, a)), ((0, a + 1), (-1, a + 1)),
                                        ((b, 2), (b, 3)), ((b + 1, 2), (b + 1, 3))))

    assert placed(0, 0).ports == ZIGZAG_TURN.ports and placed(1, 1).ports == ZIGZAG_TURN_SHIFTED.ports
    assert not any(len(p) == 1 and p != _pair((0, 1)) and p != _pair((2, 3)) for p in _pairs(placed(0, 1)))
    assert placed(1, 0).max_degree() == 4


@pytest.mark.parametrize("turn,gadget", [(_TURNS[0], ZIGZAG_TURN), (_TURNS[1], ZIGZAG_TURN_SHIFTED)])
def test_the_lanes_ways_round_each_turn_are_its_gadgets(turn, gadget):
    """Each turn's ways (in its own frame) run between the gadget's port cells: the outer one from
    port 0 to port 3, the inner one from port 1 to port 2, together all eight cells; the long way
    from port 1 to port 2 over all eight."""
    port = [cell for cell, _ in gadget.ports]
    steps = lambda way: all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(way, way[1:]))  # noqa: E731
    assert (turn["outer"][0], turn["outer"][-1]) == (port[0], port[3]) and steps(turn["outer"])
    assert (turn["inner"][0], turn["inner"][-1]) == (port[1], port[2]) and steps(turn["inner"])
    assert sorted(turn["outer"] + turn["inner"]) == sorted(ring8())
    assert (turn["long"][0], turn["long"][-1]) == (port[1], port[2]) and steps(turn["long"])
    assert sorted(turn["long"]) == sorted(ring8())


def _lane_cases():
    """A block at the origin (F down or up) and an in-cell reached straight, round one corner
    (left or right, either stem) or round two (a jog), at both colours."""
    for f in ((0, -1), (0, 1)):
        for x in (12, 13):
            yield f, [(0, 0), (x, 0)], (x, 0), (0, 1) if f == (0, -1) else (0, -1)
        for x, y, up in itertools.product((12, 13), (12, 13, -12, -13), (1, -1)):
            yield f, [(0, 0), (x, 0), (x, y)], (x, y), (up, 0)
        for x, y, z in itertools.product((9, 10), (10, 11), (20, 21)):
            yield f, [(0, 0), (x, 0), (x, y), (z, y)], (z, y), (0, 1)


@pytest.mark.parametrize("f,points,cell,stem", list(_lane_cases()))
def test_a_lane_has_its_two_covers(f, points, cell, stem):
    """Every lane: its grid graph is its parts' and its ports' edges; the U-turn runs from its
    first column's side cell to its main cell over every cell, and where the in-cell's colour
    differs from X1's (block centre even, in-cell odd) the zigzag runs from the side cell to the
    in-end q over every cell; where it does not, there is none."""
    try:
        ln = lane((0, 0), f, points, cell, stem)
    except ValueError as e:  # a straight lane whose ends need different rows
        assert "line" in str(e)
        return
    cells = set(ln.cells)
    assert len(cells) == len(ln.cells) and len(cells) % 2 == 0
    meant = {frozenset(p) for p in ln.ports}
    for part in ln.parts:
        meant |= {frozenset((part[a], part[b])) for a, b in grid_edges(part)}
    assert {frozenset((ln.cells[a], ln.cells[b])) for a, b in grid_edges(ln.cells)} == meant
    for way in (ln.uturn, ln.zigzag):
        assert not way or (sorted(way) == sorted(cells) and all(frozenset(e) in meant for e in zip(way, way[1:])))
    assert ln.uturn[0] == ln.start[1] and ln.uturn[-1] == ln.start[0]
    x1 = (-1 if points[1][0] < 0 else 1, f[1])
    assert bool(ln.zigzag) == ((cell[0] + cell[1]) % 2 != (x1[0] + x1[1]) % 2)
    if ln.zigzag:
        assert (ln.zigzag[0], ln.zigzag[-1]) == (ln.start[1], ln.q)
        assert abs(ln.q[0] - cell[0]) + abs(ln.q[1] - cell[1]) == 1


def test_hook_and_corridor():
    """A hooked route leaves its vertex on the free side and rejoins itself one step on; a corridor
    is a grid path, jogging where a straight run changes rows."""
    assert hook([(0, 0), (0, 8), (5, 8)], (-1, 0)) == [(0, 0), (-1, 0), (-1, 1), (0, 1), (0, 8), (5, 8)]
    path = corridor((0, 1), [(0, 0), (10, 0), (10, 10)], (11, 10))
    assert path[0] == (0, 1) and path[-1] == (11, 10)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
    assert len(set(path)) == len(path) == len(walk(path))


def _cycles(d) -> list[tuple[int, ...]]:
    succ = {v: [w for u, w in d.edges if u == v] for v in range(d.num_vertices)}
    found = []

    def extend(path):
        if len(path) == d.num_vertices:
            if 0 in succ[path[-1]]:
                found.append(tuple(path))
            return
        for w in succ[path[-1]]:
            if w not in path:
                extend(path + [w])

    extend([0])
    return found


def _check_case(d, decide: bool) -> tuple[bool, int]:
    g = drawn.reduce(d)
    grid = drawn.grid(d)
    if grid.no is not None:
        assert not _cycles(d)
        return False, 0
    assert drawn.claim_drawn_exactly(d, g) is True
    assert g.max_degree() == 3 and g.num_vertices == drawn.size(d)["vertices"]
    cycles = _cycles(d)
    for cycle in cycles[:4]:
        path = drawn.forward(d, cycle)
        assert g.verify(path)
        back = drawn.backward(d, g, path)
        assert d.verify(back) and back == cycle
        assert drawn.claim_tentacles(d, g, path, back) is True
        assert drawn.claim_blocks_one_zigzag(d, g, path, back) is True
    if decide:
        result = solve(g, timeout=60)
        assert result.answer.value == ("YES" if cycles else "NO")
        if cycles:
            assert g.verify(result.certificate)
    return bool(cycles), grid.hooks


def test_every_small_planar_digraph_is_drawn_and_decided_alike():
    """Every planar dhamcycle-21 digraph of 4 and 6 vertices (up to isomorphism), and the ladders:
    drawn exactly, each cycle a path and back, the target decided as the source; some of them need a
    route led round (a hook)."""
    answers, hooks = [], 0
    for d in [*enumerate_instances(6), ladder(4), ladder(8)]:
        yes, hooked = _check_case(d, decide=True)
        answers.append(yes)
        hooks += hooked
    assert True in answers and False in answers and hooks > 0


def test_random_planar_digraphs_are_drawn():
    """Random planar digraphs of 8-12 vertices: drawn exactly, each cycle a path and back."""
    from npw.instances.hampath.dhamcycle21_planar import random_instance

    for seed in range(12):
        _check_case(random_instance(seed, 8 + 2 * (seed % 3)), decide=False)


@pytest.mark.parametrize("formula", [
    PlanarMonotone3Sat(1, [(1,), (-1,)], order=(1,)),
    PlanarMonotone3Sat(3, [(1, 2, 3)], order=(1, 2, 3)),
])
def test_the_planar_chain_digraphs_are_drawn(formula):
    """From planar monotone 3-SAT: the planar digraph drawn exactly; each satisfying assignment's
    cycle a Hamiltonian path of the grid, and back."""
    d = pm3sat.reduce(formula)
    g = drawn.reduce(d)
    assert drawn.claim_drawn_exactly(d, g) is True
    sat = False
    for values in itertools.product((False, True), repeat=formula.num_vars):
        if formula.verify(values):
            sat = True
            path = drawn.forward(d, pm3sat.forward(formula, values))
            assert g.verify(path) and pm3sat.backward(formula, d, drawn.backward(d, g, path)) is not None
    assert sat == (len(formula.clauses) == 1)


def test_a_digraph_that_is_not_biconnected_goes_to_a_fixed_no():
    """A planar digraph with a cut vertex has no Hamiltonian cycle; its target is the fixed no."""
    d = next(d for d in enumerate_instances(6) if drawn.grid(d).no is not None)
    assert not _cycles(d)
    assert solve(drawn.reduce(d)).answer.value == "NO"
