"""Verified cases per second for a reduction, serial and on a process pool.

    python bench/verify_throughput.py [--reduction 1in3sat-to-224sat] [--cases 10000] [--seed 1]

Each case: source decided by brute force and MiniSat, reduce, target decided by
MiniSat, forward and backward certificates checked, sizes compared.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.registry import get_problem  # noqa: E402
from npw.reductions.registry import get_reduction  # noqa: E402
from npw.verify import random_stream, verify_reduction  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reduction", default="1in3sat-to-224sat")
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reduction = get_reduction(args.reduction)
    problem = get_problem(reduction.source)
    for workers in (1, 2):
        start = time.perf_counter()
        if workers == 1:
            report = verify_reduction(reduction, random_stream(problem, args.cases, args.seed))
        else:
            with ProcessPoolExecutor(workers) as pool:
                report = verify_reduction(reduction, random_stream(problem, args.cases, args.seed), executor=pool)
        elapsed = time.perf_counter() - start
        r = report.to_json()
        print(f"{args.reduction} workers={workers}: {r['cases']} cases in {elapsed:.2f} s = "
              f"{r['cases'] / elapsed:.0f} cases/s (yes {r['source_yes']}, no {r['source_no']}, "
              f"mismatches {r['mismatches']}, certificate failures {r['certificate_failures']})")


if __name__ == "__main__":
    main()
