"""The region solver ("Fact 1"): correct, stays inside its region, never above p(s) = 18 s^3."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import apply_moves, goal_board, random_board
from npw.instances.npuz.reach import reachable
from npw.instances.npuz.region import Q_CONSTANT, move_bound, random_region_case, solve_board, solve_region


@pytest.mark.parametrize("s", range(3, 13))
def test_random_regions_within_bound(s):
    rng = random.Random(1000 + s)
    for _ in range(max(3, 40 // s)):
        n, r0, c0, inside, board, target = random_region_case(rng, s, rng.randint(0, 3))
        moves = solve_region(board, target, n, r0, c0, s)
        assert len(moves) <= move_bound(s) == Q_CONSTANT * s ** 3
        # replay: the blank never leaves the region, so no outside tile moves
        cells = list(board)
        blank = cells.index(0)
        for m in moves:
            step = {"U": -n, "D": n, "L": -1, "R": 1}[m]
            nxt = blank + step
            assert nxt in inside and (m in "UD" or nxt // n == blank // n)
            cells[blank], cells[nxt] = cells[nxt], 0
            blank = nxt
        assert tuple(cells) == target


def test_small_regions_and_whole_boards():
    rng = random.Random(2)
    for s in (2, 3):
        for _ in range(30):
            n, r0, c0, _, board, target = random_region_case(rng, s, 1)
            assert apply_moves(board, solve_region(board, target, n, r0, c0, s), n) == target
    for n in (3, 4, 7, 20):
        goal = goal_board(n)
        board = random_board(n, rng)
        if not reachable(board, goal):
            board = (board[1], board[0]) + board[2:] if 0 not in board[:2] else board[:2] + (board[3], board[2]) + board[4:]
        moves = solve_board(board, goal)
        assert apply_moves(board, moves) == goal and len(moves) <= move_bound(n)


def test_rejects_unreachable_and_outside_changes():
    goal = goal_board(3)
    with pytest.raises(InvalidInstance, match="not reachable"):
        solve_board((2, 1) + goal[2:], goal)
    board = goal_board(4)
    target = (2, 1) + board[2:]
    with pytest.raises(InvalidInstance, match="outside the region"):
        solve_region(board, target, 4, 2, 2, 2)


def test_window_search_renamed_tiles_same_moves():
    """window_moves searches once per window shape, blank cell and wanted cells (tiles renamed by
    their starting cell): the moves are the plain breadth-first search's on the tiles as given."""
    from npw.instances.npuz.region import window_moves

    rng = random.Random(11)
    for _ in range(400):
        h, w = rng.choice([(2, 3), (3, 2), (2, 2)])
        r0, c0 = rng.randint(-2, 7), rng.randint(-2, 7)
        window = [(r0 + r, c0 + c) for r in range(h) for c in range(w)]
        tiles = rng.sample(range(1, 90), h * w - 1) + [0]
        rng.shuffle(tiles)
        moved = rng.sample([t for t in tiles if t], 2)
        want = dict(zip(moved, rng.sample(window, 2)))
        path = window_moves(window, tuple(tiles), want)
        # an independent check of the answer: shortest, legal, and it puts the tiles there
        state, blank = list(tiles), tiles.index(0)
        for m in path or ():
            cell = (window[blank][0] + _DELTA[m][0], window[blank][1] + _DELTA[m][1])
            k = window.index(cell)
            state[blank], state[k], blank = state[k], 0, k
        assert path is None or all(window[state.index(t)] == cell for t, cell in want.items())
        assert path == _plain_window_search(window, tuple(tiles), want)


_DELTA = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}  # the blank's moves, in the solver's order


def _plain_window_search(window, start, want):
    """The breadth-first search of window_moves as it was written first (tiles as given)."""
    from collections import deque

    index = {cell: k for k, cell in enumerate(window)}
    targets = {tile: index[cell] for tile, cell in want.items()}
    previous = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if all(state[k] == tile for tile, k in targets.items()):
            path = []
            while previous[state] is not None:
                state, m = previous[state]
                path.append(m)
            return path[::-1]
        i = state.index(0)
        for m, (dr, dc) in _DELTA.items():
            cell = (window[i][0] + dr, window[i][1] + dc)
            if cell in index:
                nxt = list(state)
                nxt[i], nxt[index[cell]] = nxt[index[cell]], 0
                if tuple(nxt) not in previous:
                    previous[tuple(nxt)] = (state, m)
                    queue.append(tuple(nxt))
    return None
