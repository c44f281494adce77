"""All optimal solvers agree: seeded random 8-puzzles and moderate 15-puzzles.

    python bench/npuz_agreement.py [--eight 1000] [--fifteen 50] [--walk 40] [--seed 7]

8-puzzles: uniformly random solvable boards against the blank-last goal; the
reference is the BFS distance table of the whole space (bfs_distances from the
goal); every board is solved by A* and IDA* with each of the five heuristics.
15-puzzles: seeded random walks of ``--walk`` moves from the blank-first goal
(moderate difficulty); IDA* with every heuristic and A* with linear conflict and
pattern databases. Every move string is replayed; prints disagreements (must be 0).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk  # noqa: E402
from npw.solvers.npuz.heuristics import HEURISTICS  # noqa: E402
from npw.solvers.npuz.search import astar_path, bfs_distances, idastar_path  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--eight", type=int, default=1000)
    parser.add_argument("--fifteen", type=int, default=50)
    parser.add_argument("--walk", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    goal = goal_board(3)
    began = time.perf_counter()
    table = bfs_distances(goal)
    disagreements = 0
    for i in range(args.eight):
        board = random_reachable_board(3, rng, goal)
        want = table[board]
        for h in HEURISTICS:
            for search in (idastar_path, astar_path):
                outcome = search(board, goal, h)
                if apply_moves(board, outcome.moves) != goal or len(outcome.moves) != want:
                    disagreements += 1
                    print(f"8-puzzle {i} {search.__name__} {h}: {len(outcome.moves)} != BFS {want}")
    print(f"8-puzzle: {args.eight} boards x 10 solvers vs BFS, {disagreements} disagreements, "
          f"{time.perf_counter() - began:.1f} s", flush=True)
    goal = goal_board(4, "blank-first")
    began = time.perf_counter()
    disagreements = 0
    lengths = []
    for i in range(args.fifteen):
        board = apply_moves(goal, random_walk(goal, args.walk, rng))
        found = {}
        for h in HEURISTICS:
            found[f"idastar:{h}"] = idastar_path(board, goal, h).moves
        for h in ("linear-conflict", "pdb"):
            found[f"astar:{h}"] = astar_path(board, goal, h).moves
        sizes = {len(m) for m in found.values()}
        ok = all(apply_moves(board, m) == goal for m in found.values())
        if len(sizes) != 1 or not ok:
            disagreements += 1
            print(f"15-puzzle {i}: {{{', '.join(f'{k}: {len(v)}' for k, v in found.items())}}}")
        lengths.append(min(sizes))
    print(f"15-puzzle: {args.fifteen} walk-{args.walk} boards (optimal lengths {min(lengths)}..{max(lengths)}) x 7 "
          f"solvers, {disagreements} disagreements, {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
