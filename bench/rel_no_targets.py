"""Issue 17: how far a REL decider proves the no-targets of 2/2/4-SAT -> REL (Theorem 2).

For each m, the first ``--per-m`` random 2/2/4-SAT formulas (seeds 0, 1, ...) that the
2/2/4-SAT SAT decider finds unsatisfiable are reduced and given to the REL decider; one
line per target (answer, seconds, the decider's stats), then the largest m all of whose
targets were proved NO.

    python bench/rel_no_targets.py [--ms 5,7,14,20,28,35,50] [--decider local] [--timeout 300] [--per-m 3]
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.two_two_four_sat import random_instance  # noqa: E402
from npw.reductions.rel.theorem2 import reduce  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ms", default="5,7,14,20,28,35,50")
    parser.add_argument("--decider", default="local")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--per-m", type=int, default=3)
    args = parser.parse_args()
    largest = 0
    for m in (int(text) for text in args.ms.split(",")):
        proved = tried = 0
        for seed in range(10_000):
            formula = random_instance(seed, m)
            if solve(formula, "sat").answer is not Answer.NO:
                continue
            target = reduce(formula)
            result = solve(target, args.decider, timeout=args.timeout)
            tried += 1
            proved += result.answer is Answer.NO
            shown = {key: round(value, 2) if isinstance(value, float) else value for key, value in result.stats.items()
                     if key in ("rounds", "variables", "clauses", "ordered_vertices", "conflicts", "encode_seconds")}
            print(f"m={m} seed={seed} {target.size()} {result.answer.value} {result.stats['time']:.2f} s {shown}",
                  flush=True)
            if tried == args.per_m:
                break
        if proved == tried:
            largest = m
    print(f"largest m with every target proved NO: {largest}")


if __name__ == "__main__":
    main()
