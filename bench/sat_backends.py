"""SAT (MiniSat, CaDiCaL) vs SMT (z3) vs brute force on the same 1-in-3-SAT instances.

    python bench/sat_backends.py [--instances 20] [--timeout 10]

Positive (monotone) 1-in-3-SAT at ratio 0.62, the hard region, for growing numbers
of variables; brute force only where it finishes. Medians over the instances; a
timed-out run counts at the timeout and is reported.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.one_in_three_sat import positive_instance  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402

BACKENDS = ("brute", "sat", "sat:cadical", "smt")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--sizes", default="10,20,40,80,160,320")
    args = parser.parse_args()
    print(f"{'vars':>5} " + " ".join(f"{b:>14}" for b in BACKENDS) + "   (median s; timeouts)")
    for n in map(int, args.sizes.split(",")):
        row = []
        instances = [positive_instance(seed, n, 0.62) for seed in range(args.instances)]
        answers: dict[int, set] = {i: set() for i in range(len(instances))}
        for backend in BACKENDS:
            if backend == "brute" and n > 80:
                row.append(f"{'-':>14}")
                continue
            times, timeouts = [], 0
            for index, instance in enumerate(instances):
                start = time.perf_counter()
                result = solve(instance, backend=backend, timeout=args.timeout)
                times.append(time.perf_counter() - start)
                if result.answer is Answer.UNKNOWN:
                    timeouts += 1
                else:
                    answers[index].add(result.answer)
            row.append(f"{statistics.median(times):>10.5f};{timeouts:>3}")
        disagreements = sum(1 for a in answers.values() if len(a) > 1)
        print(f"{n:>5} " + " ".join(row) + f"   disagreements: {disagreements}")


if __name__ == "__main__":
    main()
