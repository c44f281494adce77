"""Theorems 2.2 and 2.16 against the exhaustive search, on random small boards.

    python bench/solochess_polynomial_agreement.py [--boards 10000] [--max-pieces 7] [--seed 0]

For every standard piece combination the polynomial algorithms cover (Theorem 2.2: one type;
Theorem 2.16: hero S^1 and villains T with S a subset of T, T symmetric), ``--boards`` boards from
``npw.instances.solochess.board.agreement_instance`` (seeds seed*10^6 + 0, 1, ...), each decided by the
polynomial algorithm and by the exhaustive search (solvers/solochess/search.py). Every YES
certificate is replayed by the board's checker (the dispatcher does it). Prints per combination:
boards, yes / no, disagreements, and the total seconds of each decider. Exit status 1 on any
disagreement.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.solochess.board import THEOREM_2_16_PAIRS, THEOREM_2_2_TYPES, agreement_instance  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=10000)
    parser.add_argument("--max-pieces", type=int, default=7)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    combos = [(None, t) for t in THEOREM_2_2_TYPES] + list(THEOREM_2_16_PAIRS)
    print(f"{'theorem':>8} {'hero':>7} {'villains':>8} {'boards':>7} {'yes':>6} {'no':>6} {'disagree':>8} "
          f"{'poly s':>8} {'search s':>9}")
    total_disagreements = 0
    for hero, villain in combos:
        backend = "theorem2.2" if hero is None else "theorem2.16"
        yes = no = disagreements = 0
        poly_time = search_time = 0.0
        for index in range(args.boards):
            board = agreement_instance(args.seed * 10**6 + index, villain, hero, args.max_pieces)
            start = time.perf_counter()
            fast = solve(board, backend)
            poly_time += time.perf_counter() - start
            start = time.perf_counter()
            exact = solve(board, "search")
            search_time += time.perf_counter() - start
            if fast.answer != exact.answer:
                disagreements += 1
                print("DISAGREEMENT", backend, fast.answer.value, "search", exact.answer.value, board.to_dict())
            yes += exact.answer is Answer.YES
            no += exact.answer is Answer.NO
        total_disagreements += disagreements
        print(f"{backend[7:]:>8} {hero or '-':>7} {villain:>8} {args.boards:>7} {yes:>6} {no:>6} {disagreements:>8} "
              f"{poly_time:>8.2f} {search_time:>9.2f}", flush=True)
    print(f"total disagreements: {total_disagreements}")
    return 1 if total_disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
