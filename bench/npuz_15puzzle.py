"""Nodes and seconds per heuristic of the compiled IDA* on a seeded set of 15-puzzles.

    python bench/npuz_15puzzle.py [--instances 20] [--seed 1] [--kind random|walk]
                                  [--walk 60] [--heuristics pdb,linear-conflict,manhattan]
                                  [--timeout 60]

``random``: uniformly random solvable boards (the hard, typical case: optimal lengths
around 52); ``walk``: boards from a seeded random walk of ``--walk`` moves from the
goal (moderate difficulty). Goal: blank-first (0 1 2 ... 15), as in Korf's set.
Every solution is replayed; the lengths of the heuristics that finish must agree.
Pattern databases are loaded from the cache folder (built first if missing; the
build time is printed separately and not counted per instance).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk  # noqa: E402
from npw.solvers.npuz.pdb import pattern_databases  # noqa: E402
from npw.solvers.npuz.search import idastar_path  # noqa: E402


def boards(kind: str, count: int, seed: int, walk: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    goal = goal_board(4, "blank-first")
    if kind == "random":
        return [random_reachable_board(4, rng, goal) for _ in range(count)]
    return [apply_moves(goal, random_walk(goal, walk, rng)) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", default="random", choices=("random", "walk"))
    parser.add_argument("--walk", type=int, default=60)
    parser.add_argument("--heuristics", default="pdb,linear-conflict,manhattan")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    goal = goal_board(4, "blank-first")
    start = time.perf_counter()
    pdb = pattern_databases(goal)
    print(f"pattern databases {'built' if pdb.built else 'loaded'} in {time.perf_counter() - start:.2f} s")
    # compile outside the timings
    idastar_path(apply_moves(goal, "RD"), goal, "pdb")
    for h in args.heuristics.split(","):
        idastar_path(apply_moves(goal, "RD"), goal, h)
    heuristics = args.heuristics.split(",")
    results = {h: [] for h in heuristics}
    print(f"{'#':>3} {'length':>6} " + " ".join(f"{h + ' nodes':>22} {'s':>7}" for h in heuristics))
    for i, board in enumerate(boards(args.kind, args.instances, args.seed, args.walk)):
        row, lengths = [], set()
        for h in heuristics:
            outcome = idastar_path(board, goal, h, timeout=args.timeout)
            if outcome.moves is not None:
                assert apply_moves(board, outcome.moves) == goal
                lengths.add(len(outcome.moves))
            results[h].append((outcome.moves is not None, outcome.stats["nodes"], outcome.stats["time"]))
            mark = "" if outcome.moves is not None else ">"
            row.append(f"{mark}{outcome.stats['nodes']:>21} {outcome.stats['time']:>7.2f}")
        assert len(lengths) <= 1, f"heuristics disagree on board {i}: {lengths}"
        print(f"{i:>3} {(lengths.pop() if lengths else '-'):>6} " + " ".join(row), flush=True)
    print("summary (solved / mean nodes / median nodes / mean s / median s / max s):")
    for h in heuristics:
        solved = [r for r in results[h] if r[0]]
        nodes = [r[1] for r in solved] or [0]
        secs = [r[2] for r in solved] or [0.0]
        print(f"  {h}: {len(solved)}/{len(results[h])}, {statistics.mean(nodes):,.0f}, {statistics.median(nodes):,.0f}, "
              f"{statistics.mean(secs):.2f}, {statistics.median(secs):.2f}, {max(secs):.2f}")


if __name__ == "__main__":
    main()
