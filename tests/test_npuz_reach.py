"""Reachability (Theorem 1 vs seed 004's inversion test) and the distances of Section 2 / Theorem 4."""

import itertools
import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import NPuz, apply_moves, from_grid, goal_board, parse_board, random_board, random_walk
from npw.solvers.npuz.bounds import manhattan, minimum_spanning_tree_cost, theorem4_lower_bound
from npw.instances.npuz.reach import inversions, reachable_by_cycles, reachable_by_inversions


@pytest.mark.slow  # about 8 s: all 9! boards through both tests
def test_theorem1_and_inversions_agree_on_every_8_puzzle_board():
    goal = goal_board(3)
    counts = {True: 0, False: 0}
    for perm in itertools.permutations(range(9)):
        a = reachable_by_cycles(perm, goal)
        assert a == reachable_by_inversions(perm, goal), perm
        counts[a] += 1
    assert counts == {True: 181440, False: 181440}


@pytest.mark.parametrize("n", range(2, 11))
def test_agree_on_random_pairs(n):
    rng = random.Random(n)
    for _ in range(200):
        b1, b2 = random_board(n, rng), random_board(n, rng)
        assert reachable_by_cycles(b1, b2) == reachable_by_inversions(b1, b2)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 10])
def test_walks_stay_reachable_and_swaps_do_not(n):
    rng = random.Random(7 * n)
    for _ in range(30):
        b1 = random_board(n, rng)
        b2 = apply_moves(b1, random_walk(b1, rng.randint(0, 60), rng))
        assert reachable_by_cycles(b1, b2) and reachable_by_inversions(b1, b2)
        swapped = list(b2)
        i, j = [p for p in range(n * n) if swapped[p]][:2]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        assert not reachable_by_cycles(b1, tuple(swapped))
        assert not reachable_by_inversions(b1, tuple(swapped))


def test_seed_004_example_and_classic_unsolvable():
    # the classic 15-puzzle with 14 and 15 exchanged (Loyd) is unsolvable
    loyd = tuple(range(1, 14)) + (15, 14, 0)
    assert not reachable_by_inversions(loyd, goal_board(4)) and not reachable_by_cycles(loyd, goal_board(4))
    assert inversions([2, 3, 6, 1, 7, 8, 5, 4]) == 10  # seed 004's worked count


def test_manhattan_and_theorem4_bound():
    b2 = goal_board(3)
    b1 = apply_moves(b2, "ULDR")
    assert manhattan(b1, b2) == 4  # a 3-cycle of tiles around one square: 1 + 1 + 2
    lb = theorem4_lower_bound(b1, b2)
    assert lb.cycle_distance == manhattan(b1, b2)
    assert lb.bound <= 4
    assert minimum_spanning_tree_cost([0, 2, 8], 3) == 4


def test_mst_numpy_matches_networkx():
    rng = random.Random(3)
    n = 40
    points = sorted(rng.sample(range(n * n), 320))
    import networkx as nx

    g = nx.Graph()
    for i, a in enumerate(points):
        for b in points[i + 1:]:
            g.add_edge(a, b, weight=abs(a // n - b // n) + abs(a % n - b % n))
    assert minimum_spanning_tree_cost(points, n) == nx.minimum_spanning_tree(g).size(weight="weight")


def test_formats_and_validation():
    assert parse_board("1,2,3 4 5 6 7 8 0") == goal_board(3)
    assert goal_board(3, "blank-first") == tuple(range(9))
    with pytest.raises(InvalidInstance, match="occurs twice"):
        parse_board("1 1 2 3")
    with pytest.raises(InvalidInstance, match="not a square"):
        parse_board("1 2 3 4 5 0")
    with pytest.raises(InvalidInstance, match="out of range"):
        parse_board("1 2 3 9")
    with pytest.raises(InvalidInstance, match="not square"):
        from_grid([[1, 2, 3], [0, 4, 5]])
    p = NPuz(3, apply_moves(goal_board(3), "UL"), goal_board(3), 2)
    assert NPuz.from_dict(p.to_dict()) == p
    assert p.verify("RD") and not p.verify("DR") and not p.verify("RDUD") and not p.verify("RX")
    with pytest.raises(InvalidInstance):
        NPuz(3, goal_board(3), goal_board(4), 3)
