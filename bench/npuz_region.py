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

from instances.npuz import apply_moves, random_board  # noqa: E402
from solvers.npuz_reach import reachable  # noqa: E402
from solvers.npuz_region import move_bound, solve_region  # noqa: E402


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
        n = s + rng.randint(0, 3)
        r0, c0 = rng.randint(0, n - s), rng.randint(0, n - s)
        inside = [(r0 + r) * n + c0 + c for r in range(s) for c in range(s)]
        board = list(random_board(n, rng))
        b, k = board.index(0), rng.choice(inside)
        board[b], board[k] = board[k], board[b]
        target = list(board)
        values = [target[i] for i in inside]
        rng.shuffle(values)
        for i, v in zip(inside, values):
            target[i] = v
        if not reachable(tuple(board[i] for i in inside), tuple(target[i] for i in inside)):
            i, j = [p for p in inside if target[p] != 0][:2]
            target[i], target[j] = target[j], target[i]
        moves = solve_region(tuple(board), tuple(target), n, r0, c0, s)
        assert apply_moves(tuple(board), moves, n) == tuple(target)
        worst[s] = max(worst.get(s, 0), len(moves))
    print("| s | worst length | bound 18 s^3 | worst / s^3 |\n|---|---|---|---|")
    for s in sorted(worst):
        print(f"| {s} | {worst[s]} | {move_bound(s)} | {worst[s] / s ** 3:.2f} |")


if __name__ == "__main__":
    main()
