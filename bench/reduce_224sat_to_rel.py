"""Time to reduce a large 2/2/4-SAT instance to REL (Theorem 2), and the REL deciders'
encoding size and solve time against m for reduction outputs.

    python bench/reduce_224sat_to_rel.py [--m 100000] [--solve-up-to 3] [--timeout 60]
                                         [--deciders sat,cpsat,sat-time]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.two_two_four_sat import random_instance  # noqa: E402
from npw.reductions.rel.theorem2 import reduce  # noqa: E402
from npw.solvers import solve  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=100_000)
    parser.add_argument("--solve-up-to", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--instances", type=int, default=5)
    parser.add_argument("--deciders", default="sat,cpsat,sat-time", help="REL deciders, comma-separated")
    args = parser.parse_args()
    formula = random_instance(1, args.m)
    start = time.perf_counter()
    rel = reduce(formula)
    print(f"reduce m={args.m}: {time.perf_counter() - start:.2f} s -> {rel.size()} (validated)")
    for m in range(1, args.solve_up_to + 1):
        for seed in range(args.instances):
            formula = random_instance(seed, m)
            source = solve(formula, "sat").answer.value
            target = reduce(formula)
            for decider in args.deciders.split(","):
                result = solve(target, decider, timeout=args.timeout)
                size = (f"; CNF {result.stats['variables']} variables, {result.stats['clauses']} clauses"
                        if result.stats.get("variables") is not None else "")
                print(f"m={m} seed={seed}: source {source}, REL {decider} {result.answer.value} "
                      f"in {result.stats['time']:.2f} s{size}", flush=True)


if __name__ == "__main__":
    main()
