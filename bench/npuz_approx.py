"""The Section 5 approximation against the Theorem 4 lower bound, per board side.

    python bench/npuz_approx.py [--sides 3,4,5,8,10,16,25,32,50,64,100] [--boards 5] [--seed 1]

For each side n: ``--boards`` seeded pairs (B1 uniformly random, B2 a uniformly random
board reachable from it, blanks anywhere); every move string is replayed by the
instance checker (npw.instances.npuz.board.apply_moves). Prints length / bound ratios
(mean, max), mean length, mean seconds, and how many runs used the region-solver
fallback.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves, random_board, random_reachable_board  # noqa: E402
from npw.solvers.npuz.approx import approximate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sides", default="3,4,5,8,10,16,25,32,50,64,100")
    parser.add_argument("--boards", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| n | boards | mean ratio | max ratio | mean length | mean bound | mean s | fallbacks |")
    print("|---|---|---|---|---|---|---|---|")
    for n in map(int, args.sides.split(",")):
        rng = random.Random(args.seed * 1000 + n)
        ratios, lengths, bounds, seconds, fallbacks = [], [], [], [], 0
        for _ in range(args.boards):
            b1 = random_board(n, rng)
            b2 = random_reachable_board(n, rng, b1)
            start = time.perf_counter()
            result = approximate(b1, b2)
            seconds.append(time.perf_counter() - start)
            assert apply_moves(b1, result.moves) == b2, "moves do not reach B2"
            ratios.append(result.ratio)
            lengths.append(len(result.moves))
            bounds.append(result.lower_bound)
            fallbacks += bool(result.stats.get("fallback"))
        print(f"| {n} | {args.boards} | {statistics.mean(ratios):.2f} | {max(ratios):.2f} | "
              f"{statistics.mean(lengths):,.0f} | {statistics.mean(bounds):,.0f} | {statistics.mean(seconds):.2f} | "
              f"{fallbacks} |", flush=True)


if __name__ == "__main__":
    main()
