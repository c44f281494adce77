"""The sliding-tile puzzle (nPUZ) on a page: the blank's moves played one a step (the tile
beside the blank slides into it), grouped into at most ``MAX_STEPS`` steps for very long
certificates. The goal: every tile drawn at its cell of the goal board.

>>> from npw.instances.npuz.board import NPuz
>>> from npw.verify.explore.steps import Layout
>>> svg = ''.join(f'<g data-el="tile:{t}" transform="translate({10 * (i % 2)},{10 * (i // 2)})"/>'
...               for i, t in enumerate((1, 2, 3)))
>>> puzzle = NPuz(2, (1, 2, 3, 0), (1, 2, 0, 3), 1)
>>> played = play(puzzle, "L", Layout.of_svg(svg))
>>> played.steps[0].caption, [c.as_json() for c in played.steps[0].changes]
('move 1: L (tile 3 slides right)', [['t', 'tile:3', 'at', 10.0, 10.0]])
>>> played.goal_positions["tile:3"]
(10.0, 10.0)
"""

from __future__ import annotations

from typing import Any

from npw.verify.explore.steps import Change, Lattice, Layout, Play, Step
from npw.verify.explore.players import Player

__all__ = ["MAX_STEPS", "play"]

MAX_STEPS = 20_000
# the blank's move -> (row, col) offset of the tile that slides into it, and the tile's direction
_OFFSET = {"U": (-1, 0, "down"), "D": (1, 0, "up"), "L": (0, -1, "right"), "R": (0, 1, "left")}


def play(puzzle: Any, moves: str, layout: Layout, side: str = "t") -> Play:
    n = puzzle.n
    start = list(puzzle.start)
    lattice = Lattice.fit({f"tile:{t}": divmod(i, n) for i, t in enumerate(start) if t}, layout)
    board = start[:]
    blank = board.index(0)
    per_step = max(1, -(-len(moves) // MAX_STEPS))
    steps = []
    for first in range(0, len(moves), per_step):
        changes = []
        for move in moves[first:first + per_step]:
            dr, dc, _ = _OFFSET[move]
            other = blank + dr * n + dc
            tile = board[other]
            board[blank], board[other] = tile, 0
            changes.append(Change(side, f"tile:{tile}", "at", lattice.point(*divmod(blank, n))))
            blank = other
        chunk = moves[first:first + per_step]
        if len(chunk) == 1:
            caption = f"move {first + 1}: {chunk} (tile {tile} slides {_OFFSET[chunk][2]})"
        else:
            caption = f"moves {first + 1}-{first + len(chunk)}: {chunk}"
        steps.append(Step(caption, tuple(changes)))
    goal = {f"tile:{t}": lattice.point(*divmod(i, n)) for i, t in enumerate(puzzle.goal) if t}
    return Play(tuple(steps), goal_positions=goal)


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = (Player("npuz", play),)
