"""The Section 5 approximation: any reachable pair, moves verified by simulation, ratio reported."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import apply_moves, goal_board, random_board, random_reachable_board
from npw.solvers.npuz.approx import _Board, _nearest_tree, approximate, cheapest_cycle_tree, three_cycle
from npw.solvers.npuz.bounds import theorem4_lower_bound
from npw.instances.npuz.reach import reachable


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 10, 16, 25])
def test_random_pairs_solved(n):
    rng = random.Random(n)
    for _ in range(6 if n <= 10 else 2):
        b1 = random_board(n, rng)
        b2 = random_reachable_board(n, rng, b1)
        result = approximate(b1, b2)
        assert apply_moves(b1, result.moves) == b2
        assert len(result.moves) >= result.lower_bound  # the bound is a bound
        assert result.lower_bound == theorem4_lower_bound(b1, b2).bound


def test_structured_pairs():
    rng = random.Random(9)
    for n in (3, 4, 6):
        goal = goal_board(n)
        assert approximate(goal, goal).moves == ""
        # one 3-cycle, far from the blank
        b = list(goal)
        b[0], b[1], b[n] = b[n], b[0], b[1]
        assert apply_moves(tuple(b), approximate(tuple(b), goal).moves) == goal
        # two far-apart swaps (two even cycles: reachable together)
        b = list(goal)
        b[0], b[1] = b[1], b[0]
        b[n * n - 3], b[n * n - 2 - n] = b[n * n - 2 - n], b[n * n - 3]
        assert reachable(tuple(b), goal)
        assert apply_moves(tuple(b), approximate(tuple(b), goal).moves) == goal
        for _ in range(5):  # boards with the blank elsewhere
            b1 = random_reachable_board(n, rng, goal)
            assert apply_moves(b1, approximate(b1, goal).moves) == goal


def test_three_cycle_macro_touches_nothing_else():
    rng = random.Random(5)
    n = 8
    for _ in range(30):
        cells = list(random_board(n, rng))
        p, q, r = rng.sample([i for i in range(n * n) if cells[i] != 0], 3)
        board = _Board(list(cells), n)
        three_cycle(board, p, q, r)
        expected = list(cells)
        expected[q], expected[r], expected[p] = cells[p], cells[q], cells[r]
        assert board.cells == expected
        assert tuple(apply_moves(tuple(cells), "".join(board.moves), n)) == tuple(expected)


def test_unreachable_rejected():
    goal = goal_board(4)
    with pytest.raises(InvalidInstance, match="not reachable"):
        approximate((2, 1) + goal[2:], goal)


def test_many_cycles_sparse_tree():
    # more than 400 cycles: the spanning tree comes from a nearest-neighbour graph
    rng = random.Random(3)
    n = 30
    b1 = goal_board(n)
    b2 = list(b1)
    cells = list(range(n * n - 1))
    rng.shuffle(cells)
    for i in range(420):
        b2[cells[2 * i]], b2[cells[2 * i + 1]] = b2[cells[2 * i + 1]], b2[cells[2 * i]]
    result = approximate(b1, tuple(b2), engine="python")  # the compiled engine keeps the greedy sequence
    assert result.stats["cycles"] == 420
    assert apply_moves(b1, result.moves) == tuple(b2)


def _seeded_pairs(n, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        b1 = random_board(n, rng)
        yield b1, random_reachable_board(n, rng, b1)


@pytest.mark.parametrize("n", [8, 12])
def test_shorter_than_the_first_version_on_a_seeded_set(n):
    # the first version is kept as method="section5", tree="nearest", local=False; the
    # same boards are solved both ways here, and every sequence is replayed
    first = section5 = now = 0
    for b1, b2 in _seeded_pairs(n, 2, 40 + n):
        old = approximate(b1, b2, method="section5", tree="nearest", local=False)
        s5 = approximate(b1, b2, method="section5")
        new = approximate(b1, b2)
        for result in (old, s5, new):
            assert apply_moves(b1, result.moves) == b2
        first, section5, now = first + len(old.moves), section5 + len(s5.moves), now + len(new.moves)
        assert len(new.moves) < len(old.moves)
    assert section5 < first  # the Section 5 sequence itself got shorter
    assert now < section5


def test_sparse_board_keeps_the_section5_sequence():
    # one 3-cycle on a 30 x 30 board: the greedy solver passes the Section 5 length and stops
    n = 30
    b1 = goal_board(n)
    b2 = list(b1)
    b2[0], b2[n * n - 2], b2[n * n - 3] = b2[n * n - 2], b2[n * n - 3], b2[0]
    result = approximate(b1, tuple(b2))
    assert result.stats["method"] == "section5" and result.stats["greedy_length"] is None
    assert apply_moves(b1, result.moves) == tuple(b2)


def test_cheapest_cycle_tree_never_dearer_than_nearest_representatives():
    rng = random.Random(11)
    for _ in range(40):
        n = rng.randint(4, 20)
        cells = rng.sample(range(n * n), rng.randint(2, min(40, n * n)))
        home, rest = cells[0], cells[1:]
        cuts = sorted(rng.sample(range(1, len(rest)), rng.randint(0, len(rest) - 1))) if len(rest) > 1 else []
        cycles = [rest[a:b] for a, b in zip([0] + cuts, cuts + [len(rest)])]
        order, cost = cheapest_cycle_tree(home, cycles, n)
        nearest = [min(c, key=lambda x: (abs(x // n - home // n) + abs(x % n - home % n), x)) for c in cycles]
        assert cost <= _nearest_tree(home, nearest, n)[1]
        assert sorted(next(i for i, c in enumerate(cycles) if loc in c) for loc in order) == list(range(len(cycles)))


def test_bad_method_refused():
    with pytest.raises(InvalidInstance, match="unknown method"):
        approximate(goal_board(3), goal_board(3), method="fast")
