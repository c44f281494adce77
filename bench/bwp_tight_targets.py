"""A BWP decider (default ``tight``) on every 3-PARTITION -> BWP target with m <= 2 and B <= N
(the sources of ``npw verify 3partition-to-bwp --exhaustive N``), one by one: board, k, the
source's answer (DP), the target's answer, time, and nodes (search) or clauses and conflicts
(SAT). Optionally the compact layout, another decider, only the no-sources.

    python bench/bwp_tight_targets.py [--max-bound 16] [--layout padded|compact] [--timeout 120]
                                      [--backend tight|phases|sat|search] [--no-only]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.numbers.three_partition import enumerate_instances  # noqa: E402
from npw.reductions.torus.three_partition_to_bwp import reduce  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-bound", type=int, default=16)
    parser.add_argument("--layout", default="padded")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--backend", default="tight")
    parser.add_argument("--no-only", action="store_true", help="only the no-sources")
    args = parser.parse_args()
    print("numbers, B, target rows x cols, k, source, target, seconds, nodes or clauses/conflicts")
    mismatches = unknown = 0
    for source in enumerate_instances(args.max_bound):
        expected = solve(source, backend="dp").answer
        if args.no_only and expected is not Answer.NO:
            continue
        target = reduce(source, args.layout)
        start = time.perf_counter()
        result = solve(target, backend=args.backend, timeout=args.timeout)
        seconds = time.perf_counter() - start
        mismatches += result.answer not in (expected, Answer.UNKNOWN)
        unknown += result.answer is Answer.UNKNOWN
        stats = result.stats
        work = stats["nodes"] if "nodes" in stats else f"{stats.get('clauses')}/{stats.get('conflicts')}"
        print(f"{source.numbers}, {source.bound}, {target.rows} x {target.cols}, {target.bound}, "
              f"{expected.value}, {result.answer.value}, {seconds:.2f}, {work}", flush=True)
    print(f"mismatches {mismatches}, unknown {unknown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
