"""Time and peak memory to reduce a large 1-in-3-SAT instance to 2/2/4-SAT (Theorem 6).

    python bench/reduce_1in3sat_to_224sat.py [--clauses 1000000] [--repeat 3]

Peak memory is the tracemalloc peak during ``reduce`` (numpy reports its buffers to
tracemalloc), i.e. what the reduction allocates on top of the source instance, and the
process's maximum resident set size at the end.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.one_in_three_sat import random_instance  # noqa: E402
from npw.reductions.sat.one_in_three_sat_to_224sat import reduce  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clauses", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    start = time.perf_counter()
    source = random_instance(1, args.clauses, num_clauses=args.clauses)
    print(f"generated {args.clauses} clauses over {args.clauses} variables in {time.perf_counter() - start:.2f} s")
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        target = reduce(source)
        times.append(time.perf_counter() - start)
        del target
    tracemalloc.start()
    target = reduce(source)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"reduce: median {statistics.median(times):.2f} s over {args.repeat} runs (min {min(times):.2f} s); "
          f"target {target.num_vars} variables, {target.num_clauses} clauses (validated)")
    print(f"peak memory allocated by reduce: {peak / 2**20:.0f} MiB; process max RSS: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
