"""Constructive torus solver (seed 001, Section 2) on random solvable boards.

    python bench/torus_constructive.py [--boards 1000] [--max-side 30] [--seed 0]

Every solution is replayed (solve_board checks it); prints the drag and push numbers
against mn, the O(mn) bound of Theorem 1, per side class and overall.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.torus.puzzle import random_board  # noqa: E402
from npw.solvers.torus.constructive import solve_board  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--max-side", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    rows = []
    for index in range(args.boards):
        m, n = rng.randint(2, args.max_side), rng.randint(2, args.max_side)
        board = random_board(rng.randrange(2**31), m, n, solvable=True)
        moves, stats = solve_board(board)
        assert moves is not None and board.apply(moves).is_initial()
        rows.append((m, n, stats["drag"], stats["push"]))
    elapsed = time.perf_counter() - start
    print(f"{len(rows)} random solvable boards, sides 2..{args.max_side}, seed {args.seed}: all replayed to the "
          f"initial configuration in {elapsed:.1f} s")
    for label, keep in [("both odd", lambda m, n: m % 2 and n % 2), ("an even side", lambda m, n: not (m % 2 and n % 2)),
                        ("all", lambda m, n: True)]:
        chosen = [r for r in rows if keep(r[0], r[1])]
        if not chosen:
            continue
        drag = [d / (m * n) for m, n, d, _ in chosen]
        push = [p / (m * n * (m + n)) for m, n, _, p in chosen]
        print(f"  {label:<13} boards {len(chosen):4d}  drag/mn mean {sum(drag) / len(drag):.2f} max {max(drag):.2f}"
              f"   push/(mn(m+n)) mean {sum(push) / len(push):.3f} max {max(push):.3f}")
    big = [r for r in rows if r[0] * r[1] >= 400]
    if big:
        print(f"  boards with mn >= 400: {len(big)}, drag/mn max {max(d / (m * n) for m, n, d, _ in big):.2f}")
    biggest = max(rows, key=lambda r: r[0] * r[1])
    print(f"  largest board {biggest[0]}x{biggest[1]}: drag {biggest[2]}, push {biggest[3]}")


if __name__ == "__main__":
    main()
