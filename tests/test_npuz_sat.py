"""The SAT planner agrees with BFS, its plans verify, and the DIMACS export is well formed."""

import random

from npw.instances.sat.cnf import CNF
from npw.instances.npuz.board import NPuz, apply_moves, goal_board, random_walk
from npw.solvers import export, solve
from npw.solvers.npuz.search import bfs_path
from npw.solvers.result import Answer


def test_sat_planner_matches_bfs():
    rng = random.Random(11)
    for n, walk in ((2, 6), (3, 8), (3, 12)):
        goal = goal_board(n)
        for _ in range(4):
            board = apply_moves(goal, random_walk(goal, walk, rng))
            optimal = len(bfs_path(board, goal).moves)
            for k, expected in ((optimal, Answer.YES), (optimal + 2, Answer.YES), (max(0, optimal - 1), Answer.NO)):
                if optimal == 0 and expected is Answer.NO:
                    continue
                result = solve(NPuz(n, board, goal, k), backend="sat")
                assert result.answer is expected, (board, k)
                if expected is Answer.YES:
                    assert len(result.certificate) <= k


def test_unreachable_is_no_and_dimacs_round_trip():
    goal = goal_board(3)
    assert solve(NPuz(3, (2, 1) + goal[2:], goal, 40), backend="sat").answer is Answer.NO
    instance = NPuz(3, apply_moves(goal, "ULDR"), goal, 4)
    text = export(instance, "dimacs")
    cnf = CNF.from_dimacs(text)
    assert cnf.num_vars > 0 and len(cnf.clauses) > 0 and "at(t, cell, tile)" in text
