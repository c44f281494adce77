"""Seed 004's study of random 8-puzzles, redone with search effort.

Seed 004 (Section 5) drew 500 random solvable 8-puzzles and plotted two "heat"
measures of each board against each other. We measure what a search actually
does: each board is solved optimally with two heuristics and the nodes expanded
by each are the two coordinates (``npw puzzle study``, an SVG scatter, log-log,
coloured by the optimal length).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from npw.instances.npuz.board import goal_board, random_reachable_board
from npw.solvers.npuz.search import astar_path, idastar_path

__all__ = ["StudyPoint", "study"]


@dataclass(frozen=True)
class StudyPoint:
    board: tuple[int, ...]
    length: int
    x_nodes: int
    y_nodes: int


def study(boards: int, seed: int, x: str, y: str, solver: str = "astar", n: int = 3,
          goal: str = "blank-last") -> list[StudyPoint]:
    """``boards`` seeded uniformly random solvable boards, each solved with heuristics x and y."""
    rng = random.Random(seed)
    target = goal_board(n, goal)
    search = astar_path if solver == "astar" else idastar_path
    points = []
    for _ in range(boards):
        board = random_reachable_board(n, rng, target)
        a = search(board, target, x)
        b = search(board, target, y)
        if a.moves is None or b.moves is None or len(a.moves) != len(b.moves):
            raise AssertionError("the two optimal searches disagree (a bug)")
        points.append(StudyPoint(board, len(a.moves), a.stats["nodes"], b.stats["nodes"]))
    return points
