"""The region solver's lengths against its proven bound p(s) = 18 s^3.

    python bench/npuz_region.py [--runs 400] [--seed 5] [--max-side 12]

Random s x s regions (s = 2..max-side) on boards up to 3 cells larger, random
placement, blank inside, target a random reachable rearrangement of the region.
Prints per s the worst length, the bound and worst / s^3.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves  # noqa: E402
from npw.instances.npuz.region import move_bound, random_region_case, solve_region  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--max-side", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    worst: dict[int, int] = {}
    for _ in range(args.runs):
        s = rng.randint(2, args.max_side)
        n, r0, c0, _, board, target = random_region_case(rng, s, rng.randint(0, 3))
        moves = solve_region(board, target, n, r0, c0, s)
        assert apply_moves(board, moves, n) == target
        worst[s] = max(worst.get(s, 0), len(moves))
    print("| s | worst length | bound 18 s^3 | worst / s^3 |\n|---|---|---|---|")
    for s in sorted(worst):
        print(f"| {s} | {worst[s]} | {move_bound(s)} | {worst[s] / s ** 3:.2f} |")


if __name__ == "__main__":
    main()
