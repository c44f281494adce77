"""Lemma A.1's step 3 without the drawing (session 9): the thickening's grid pieces, each checked
exhaustively on its own (every way a Hamiltonian path can cover it with no end inside), and the
reduction ``dhamcycle-21-to-hampath-thick`` on the planar chain's digraphs."""

from __future__ import annotations

import itertools

import pytest

from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
from npw.instances.hampath.grid_gadgets import OUT_BLOCK, ZIGZAG_TURN, Gadget, one_sided_tentacle, ring8, traversals
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.reductions.hampath import dhamcycle21_to_thick as thick
from npw.reductions.hampath import pm3sat_to_dhamcycle21 as pm3sat


def _pairs(gadget: Gadget) -> set[frozenset]:
    """The covers' patterns as sets of port pairs (no end inside)."""
    return {frozenset(frozenset(end[1] for end in segment) for segment in p)
            for p in traversals(gadget, free_ends=0)}


def _pair(*pairs) -> frozenset:
    return frozenset(frozenset(p) for p in pairs)


def test_out_block_is_left_through_one_side():
    """OUT_BLOCK entered at F (port 0): the covers that touch both tentacles are exactly a U-turn
    through one side and a zigzag out of the other side's row-0 corner (A1 = port 1, B1 = port 3),
    the U-turn on the way (F is not joined to the zigzag's corner directly); every other cover
    through F leaves a side untouched, which a one-sided tentacle cannot survive."""
    assert OUT_BLOCK.max_degree() == 3
    through_f = {p for p in _pairs(OUT_BLOCK) if any(0 in s for s in p)}
    both_sides = {p for p in through_f if {1, 2} & {i for s in p for i in s} and {3, 4} & {i for s in p for i in s}}
    assert both_sides == {_pair((0, 1), (2, 3)), _pair((0, 3), (1, 4))}
    assert through_f - both_sides == {_pair((0, 1)), _pair((0, 3))}


def test_the_reductions_block_is_out_block():
    """The reduction's ring is OUT_BLOCK's cells in cycle order (each next to the next), its F,
    A1, A2, B1, B2 OUT_BLOCK's marked cells, and the route it writes through a block is a grid path
    over all eight cells with the U-turn's gap between the marked cells of one side."""
    ring = thick.RING
    assert sorted(ring) == sorted(OUT_BLOCK.cells)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(ring, ring[1:] + ring[:1]))
    for name in ("F", "A1", "A2", "B1", "B2"):
        assert ring[getattr(thick, name)] == OUT_BLOCK.marks[name]
    d = DirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)])
    lay, g = thick.layout(d), thick.reduce(d)
    edges = {frozenset(e) for e in g.edges}
    block = lay.block[3]
    for used, other in [((3, 0), (3, 1)), ((3, 1), (3, 0))]:  # vertex 3: both out-arcs optional
        route = thick._block_route(lay, 3, used)
        assert all(frozenset(e) in edges for e in zip(route, route[1:]))
        assert route[0] == block[thick.F] and sorted(x for x in route if x in block) == sorted(block)
        x1, x2 = (block[i] for i in thick.SIDES[lay.side[other]])
        at = route.index(x1)
        assert route[at:at + 4] == [x1, *lay.tentacle[other], x2]  # the U-turn through the unused arc
        assert route[-1] == block[thick.SIDES[lay.side[used]][0]]  # out at the used side's corner


@pytest.mark.parametrize("k", range(1, 7))
@pytest.mark.parametrize("row", (0, 1))
def test_one_sided_tentacle_is_turned_or_crossed_once(k, row):
    """A U-turn from the out-end (ports 0, 1), or one zigzag from the out-end's corner (row 0 when
    k + row is even) to the in-end (port 2): nothing else, so never a U-turn from the in-end and
    never two segments through."""
    corner = 0 if (k + row) % 2 == 0 else 1
    assert _pairs(one_sided_tentacle(k, row)) == {_pair((0, 1)), _pair((corner, 2))}


def test_zigzag_turn_is_crossed_once_or_twice():
    """ZIGZAG_TURN: crossed by one segment (1 - 2) or two nested ones (0 - 3, 1 - 2), or U-turned
    on either side; TURN of PV84's kind is never crossed once."""
    assert _pairs(ZIGZAG_TURN) == {_pair((0, 1)), _pair((2, 3)), _pair((1, 2)), _pair((0, 3), (1, 2))}


def _bent_tentacle(k1: int, k2: int, row: int) -> Gadget:
    """A one-sided tentacle k1 long to the right, ZIGZAG_TURN, k2 long upwards, its in-end on
    column ``row`` of the upward part."""
    cells = [(x, y) for x in range(k1) for y in range(2)] + list(ring8(k1, 0))
    cells += [(k1 + i, 3 + j) for i in range(2) for j in range(k2)]
    top = (k1 + row, 3 + k2 - 1)
    ports = (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), (top, (top[0], top[1] + 1)))
    return Gadget("bent tentacle", tuple(sorted(cells)), ports)


@pytest.mark.parametrize("k1,k2", list(itertools.product(range(1, 4), range(1, 4))))
def test_a_bent_tentacle_behaves_as_a_straight_one(k1, k2):
    """Through a ZIGZAG_TURN a one-sided tentacle keeps its two ways: a U-turn from the out-end,
    and (for one in-end column) one zigzag from one out-end corner; so a drawing may bend the
    optional arcs (the corner's row fixed by k1, the in-end's column by k2)."""
    found = [_pairs(_bent_tentacle(k1, k2, row)) for row in (0, 1)]
    zigzags = [p - {_pair((0, 1))} for p in found]
    assert all(_pair((0, 1)) in p for p in found)
    assert sorted(len(z) for z in zigzags) == [0, 1]
    (crossing,) = [z for z in zigzags if z][0]
    assert crossing == _pair((1 - k1 % 2, 2))
    assert [bool(z) for z in zigzags].index(True) == k2 % 2


def _planar_chain_digraphs():
    formulas = [
        PlanarMonotone3Sat(1, [(1,), (-1,)], order=(1,)),
        PlanarMonotone3Sat(3, [(1, 2, 3)], order=(1, 2, 3)),
        PlanarMonotone3Sat(3, [(1, 2), (-1, -3), (2, 3)], order=(1, 2, 3), levels=(1, 1, 1)),
    ]
    return [(f, pm3sat.reduce(f)) for f in formulas]


@pytest.mark.parametrize("formula,digraph", _planar_chain_digraphs())
def test_thickened_planar_chain_digraphs(formula, digraph):
    """On the planar chain's digraphs: max degree 3, bipartite, the pendants of degree 1; each
    satisfying assignment's cycle becomes a path that passes the claims and comes back."""
    g = thick.reduce(digraph)
    assert thick.claim_pendants(digraph, g) is True and thick.claim_bipartite(digraph, g) is True
    assert g.num_vertices == thick.size(digraph)["vertices"]
    for values in itertools.product((False, True), repeat=formula.num_vars):
        if not formula.verify(values):
            continue
        cycle = pm3sat.forward(formula, values)
        path = thick.forward(digraph, cycle)
        assert g.verify(path)
        back = thick.backward(digraph, g, path)
        assert digraph.verify(back) and set(back) == set(cycle)
        assert thick.claim_tentacles(digraph, g, path, back) is True
        assert thick.claim_blocks_one_zigzag(digraph, g, path, back) is True


def test_a_forced_pair_of_arcs_gets_a_longer_corridor():
    """Two forced arcs between the same pieces would give a double edge: the second corridor gets
    two vertices instead (same parity), so the target stays a simple graph."""
    d = DirectedHamCycle21(6, [(0, 1), (1, 5), (2, 0), (2, 3), (3, 4), (3, 5), (4, 0), (4, 2), (5, 1)])
    g = thick.reduce(d)
    assert len({frozenset(e) for e in g.edges}) == len(g.edges)
    assert thick.claim_bipartite(d, g) is True


# -- step 3b, first half: a planar orthogonal drawing of G1 (session 9) --------------------------

def _simple(num_vertices: int, arcs) -> tuple[int, list[tuple[int, int]]]:
    """The underlying graph with each second arc between the same two vertices subdivided."""
    from npw.instances.hampath.orthogonal import subdivided

    return subdivided(num_vertices, arcs)


def test_every_planar_chain_digraph_gets_an_orthogonal_drawing():
    """st-numbering and the row-by-row sweep draw every digraph of pm3sat-to-dhamcycle-21's
    random stream (seeds 0-59 that make a formula with clauses): no two routes meet, none passes a
    vertex, no two leave a vertex the same way; each vertex on its own row."""
    from npw.instances.hampath.orthogonal import check, orthogonal_drawing

    drawn = 0
    for seed in range(60):
        try:
            formula = pm3sat.small_source(seed)
        except Exception:  # the stream's generator could not place the clauses it drew
            continue
        if not formula.clauses:
            continue
        n, edges = _simple(*(lambda g: (g.num_vertices, g.edges))(pm3sat.reduce(formula)))
        d = orthogonal_drawing(n, edges)
        assert check(d) is True, seed
        assert sorted(y for _, y in d.position.values()) == list(range(n))
        drawn += 1
    assert drawn >= 40


def test_st_numbering_and_refusals():
    import networkx as nx

    from npw.instances.hampath.orthogonal import Drawing, check, orthogonal_drawing, st_numbering

    g = nx.random_regular_graph(3, 12, seed=4)
    while not nx.is_biconnected(g):
        g = nx.random_regular_graph(3, 12, seed=5)
    s, t = next(iter(g.edges))
    order = st_numbering(g, s, t)
    rank = {v: i for i, v in enumerate(order)}
    assert order[0] == s and order[-1] == t
    assert all(min(rank[w] for w in g[v]) < rank[v] < max(rank[w] for w in g[v]) for v in order[1:-1])
    with pytest.raises(ValueError, match="not planar"):
        orthogonal_drawing(6, [(a, b) for a in range(3) for b in range(3, 6)])  # K3,3
    with pytest.raises(ValueError, match="biconnected"):
        orthogonal_drawing(4, [(0, 1), (1, 2), (2, 0), (2, 3)])
    crossing = Drawing({0: (0, 1), 1: (2, 1), 2: (1, 0), 3: (1, 2)},
                       {(0, 1): ((0, 1), (2, 1)), (2, 3): ((1, 0), (1, 2))})
    assert check(crossing).endswith("meet at (1, 1)")
