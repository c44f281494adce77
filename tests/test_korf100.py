"""Korf's 100 15-puzzles solved at their published optimal lengths (issue 36: the faster kernels
must stay optimal).

What a user runs, one process for the batch: ``npw puzzle solve --boards bench/korf100.txt --goal
blank-first --json`` with the default heuristic. Here that is the 5-5-5 pattern database (the
tests' own cache has no 7-8 tables, whose build takes minutes); ``bench/npuz_pdb_ranked.py korf100
--heuristic pdb78`` checks the 7-8 tables against the same lengths. Every move string is replayed
to the goal and its length compared with Korf (1985).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from npw.instances.npuz.board import apply_moves, goal_board, parse_board

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "bench" / "korf100.txt"

# R. E. Korf, Depth-first iterative-deepening, Artificial Intelligence 27 (1985), Table 1: the
# optimal solution lengths of his 100 boards, in the order of bench/korf100.txt (mean 53.05)
KORF_100_OPTIMAL = (57, 55, 59, 56, 56, 52, 52, 50, 46, 59, 57, 45, 46, 59, 62, 42, 66, 55, 46, 52, 54, 59, 49, 54, 52,
                    58, 53, 52, 54, 47, 50, 59, 60, 52, 55, 52, 58, 53, 49, 54, 54, 42, 64, 50, 51, 49, 47, 49, 59, 53,
                    56, 56, 64, 56, 41, 55, 50, 51, 57, 66, 45, 57, 56, 51, 47, 61, 50, 51, 53, 52, 44, 56, 49, 56, 48,
                    57, 54, 53, 42, 57, 53, 62, 49, 55, 44, 45, 52, 65, 54, 50, 57, 57, 46, 53, 50, 49, 44, 54, 57, 54)


def test_the_published_lengths_are_korfs():
    assert len(KORF_100_OPTIMAL) == 100 and sum(KORF_100_OPTIMAL) == 5305  # mean 53.05, as published


@pytest.mark.slow
def test_korfs_100_are_solved_at_their_published_optimal_lengths(npw_cache, tmp_path):
    boards = [line.strip() for line in BOARDS.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")]
    assert len(boards) == 100
    run = subprocess.run([sys.executable, "-m", "npw", "puzzle", "solve", "--boards", str(BOARDS),
                          "--goal", "blank-first", "--json"],
                         capture_output=True, text=True, cwd=tmp_path, env=dict(os.environ), timeout=1200)
    assert run.returncode == 0, run.stderr[-2000:]
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    assert len(answers) == 100
    goal = goal_board(4, "blank-first")
    for index, (board, answer) in enumerate(zip(boards, answers)):
        assert answer["error"] is None, f"board {index + 1}: {answer['error']}"
        moves = answer["moves"]
        assert apply_moves(parse_board(board), moves) == goal, f"board {index + 1}: the moves do not reach the goal"
        assert answer["length"] == len(moves) == KORF_100_OPTIMAL[index], \
            f"board {index + 1}: length {answer['length']}, published optimum {KORF_100_OPTIMAL[index]}"
