"""Lemma A.1's grid gadgets, each checked on its own and exhaustively: every way a Hamiltonian
path can cover its cells, entering and leaving through its ports or ending inside
(:func:`npw.instances.hampath.grid_gadgets.covers`)."""

from __future__ import annotations

import pytest

from npw.instances.hampath.grid_gadgets import (
    RING8, TURN, covers, dumbbell, dumbbell_path, dumbbell_with_pendant, pattern_ends, tentacle, transform, uses_ports,
)

LEFT_UTURN = frozenset({(("port", 0), ("port", 1))})
RIGHT_UTURN = frozenset({(("port", 2), ("port", 3))})
DOUBLE = frozenset({(("port", 0), ("port", 2)), (("port", 1), ("port", 3))})


def patterns(gadget, free_ends):
    return {pattern for pattern, _ in covers(gadget, free_ends)}


def test_covers_are_path_covers():
    """The enumerator's own check: each cover's segments are disjoint grid paths over all cells,
    and each cover is produced once."""
    for gadget in (RING8, TURN, dumbbell(), dumbbell_with_pendant(), tentacle(3)):
        found = list(covers(gadget, 2))
        keys = [(pattern, frozenset(min(p, p[::-1]) for p in paths)) for pattern, paths in found]
        assert len(keys) == len(set(keys)), gadget.name
        for pattern, paths in found:
            cells = [c for path in paths for c in path]
            assert sorted(cells) == sorted(gadget.cells), gadget.name
            for path in paths:
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
            assert len(pattern) == len(paths)


def test_ring8_is_cut_anywhere():
    """The 8-cycle alone: a Hamiltonian path is the cycle cut at one of its 8 edges."""
    assert len(list(covers(RING8, 2))) == 8 and not patterns(RING8, 1)


def test_dumbbell_holds_an_end_at_v_or_v_prime():
    """Figure 8(a): joined by the pin only, the dumbbell holds an end of every Hamiltonian path
    (no cover with no free end), and a path entering at the pin ends at v or v', b's neighbours on
    B: either may be declared the end (the proof's choice of v)."""
    d = dumbbell()
    assert not patterns(d, 0)
    through_pin = {pattern_ends(p) for p in patterns(d, 2) if uses_ports(p)}
    assert through_pin == {(("end", d.marks["v"]), ("port", 0)), (("end", d.marks["v'"]), ("port", 0))}
    # the two ways cover the same cells and differ only on B: the path's order on A and the bridge is forced
    ways = [paths[0] for p, paths in covers(d, 1)]
    assert len(ways) == 2 and all(way[-1] == d.marks["p"] for way in ways)
    assert ways[0][-14:] == ways[1][-14:] and ways[0][-14] == d.marks["b"]  # b, the bridge, A from a to p


def test_dumbbell_with_pendant_forces_figure_8c():
    """Figure 8(b)-(c): with l below v, a path entering at the pin runs around A, along the bridge,
    around B from b the long way to v and ends at l: one way only; l has degree 1, v degree 3."""
    g = dumbbell_with_pendant()
    assert g.max_degree() == 3 and len(g.neighbours(g.marks["l"])) == 1
    found = [(p, paths) for p, paths in covers(g, 2) if uses_ports(p)]
    assert len(found) == 1
    pattern, (path,) = found[0]
    assert pattern_ends(pattern) == (("end", g.marks["l"]), ("port", 0))
    assert path[:2] == (g.marks["l"], g.marks["v"]) and path[-1] == g.marks["p"]
    assert path[1:] == dumbbell_path()  # the path the reductions write
    assert not patterns(g, 0)


@pytest.mark.parametrize("k", range(1, 7))
def test_tentacle_patterns(k):
    """A 2 x k tentacle with no path end inside: a U-turn from one end, U-turns from both (k >= 2),
    both rows straight through, or one zigzag traversal from a corner to the opposite end's corner
    on the same row (k even) or the other row (k odd)."""
    zigzag = {frozenset({(("port", r), ("port", 2 + (r if k % 2 == 0 else 1 - r)))}) for r in (0, 1)}
    expected = {LEFT_UTURN, RIGHT_UTURN, DOUBLE} | zigzag | ({LEFT_UTURN | RIGHT_UTURN} if k >= 2 else set())
    assert patterns(tentacle(k), 0) == expected


def test_turn_is_never_crossed_by_one_segment():
    """The length-8 cycle at a turn: with no end inside, a path makes a U-turn on one side or
    crosses twice (0 -> 3 and 1 -> 2), never once."""
    assert patterns(TURN, 0) == {LEFT_UTURN, RIGHT_UTURN,
                                 frozenset({(("port", 0), ("port", 3)), (("port", 1), ("port", 2))})}


def test_transform_eight_placements():
    placements = {tuple(transform(c, r, m) for c in dumbbell().cells) for r in range(4) for m in (False, True)}
    assert len(placements) == 8
