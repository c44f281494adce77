"""Where random 1-in-3-SAT turns from yes to no, and where it is hardest for CDCL.

    python bench/one_in_three_threshold.py [--vars 100,200,400] [--instances 40]

For the two generator families of ``instances/sat/one_in_three_sat.py`` (positive =
monotone; random = literals negated with probability 1/2), sweeps the clause/variable
ratio and prints the fraction of satisfiable instances and MiniSat's median conflicts
and time (direct exactly-one encoding). Published: positive 1-in-3-SAT has its
threshold near 0.62 and is hardest around 0.62-0.65; random-sign 1-in-3-SAT has its
threshold at 1/3 and stays easy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.one_in_three_sat import positive_instance, random_instance  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402

FAMILIES = {
    "positive": (positive_instance, [0.40, 0.50, 0.55, 0.58, 0.60, 0.62, 0.64, 0.66, 0.70, 0.80, 1.00]),
    "random": (random_instance, [0.20, 0.25, 0.30, 0.33, 0.36, 0.40, 0.50, 0.60, 0.80]),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vars", default="100,200,400")
    parser.add_argument("--instances", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    for family, (generate, ratios) in FAMILIES.items():
        for n in map(int, args.vars.split(",")):
            print(f"{family} 1-in-3-SAT, n = {n}, {args.instances} instances per ratio")
            print(f"  {'ratio':>6} {'P(yes)':>7} {'median conflicts':>17} {'max conflicts':>14} {'median ms':>10}")
            for ratio in ratios:
                yes = unknown = 0
                conflicts, millis = [], []
                for seed in range(args.instances):
                    result = solve(generate(seed, n, ratio), backend="sat", timeout=args.timeout)
                    yes += result.answer is Answer.YES
                    unknown += result.answer is Answer.UNKNOWN
                    conflicts.append(result.stats.get("conflicts") or 0)  # None: no solver statistics
                    millis.append(1000 * result.stats["time"])
                decided = args.instances - unknown
                share = f"{yes / decided:.2f}" if decided else "-"
                note = f"  ({unknown} timed out)" if unknown else ""
                print(f"  {ratio:>6.2f} {share:>7} {statistics.median(conflicts):>17.0f} {max(conflicts):>14} "
                      f"{statistics.median(millis):>10.2f}{note}")


if __name__ == "__main__":
    main()
