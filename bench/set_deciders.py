"""The two deciders of 3DM and X3C (Algorithm X's search, ``brute``, and the exactly-one SAT
encoding, ``sat``) on the exhaustive streams (3DM: q <= 3 with at most 6 triples, up to renaming;
X3C: q <= 2 with at most 8 sets), 500 seeded random instances each, and the targets 3-SAT -> 3DM
builds from random formulas of 3 variables (6 to 24 clauses: q up to 144, up to 7,128 triples);
counts the answers, fails on any disagreement or rejected certificate, times each decider.

    python bench/set_deciders.py [--formulas 40] [--timeout 60]
"""

from __future__ import annotations

import argparse
import itertools
import sys

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify.cases import exhaustive, random_stream

from decider_check import check_deciders


def check(stream, timeout: float) -> tuple[dict[str, int], dict[str, float], int]:
    """(answers, seconds a decider, largest family) over the stream; exits on a disagreement."""
    largest = 0

    def measured():
        nonlocal largest
        for label, instance in stream:
            largest = max(largest, len(instance.universe_sets()))
            yield label, instance

    counts, seconds = check_deciders(measured(), ("brute", "sat"), timeout, show_instance=False)
    return counts, seconds, largest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--formulas", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    for problem_id, size in (("3dm", 6), ("x3c", 8)):
        problem = get_problem(problem_id)
        for name, stream in ((f"exhaustive {size}", exhaustive(problem, size)),
                             ("500 random", random_stream(problem, 500, seed=19))):
            counts, seconds, _ = check(stream, args.timeout)
            print(f"{problem_id}, {name}: {counts}; brute {seconds['brute']:.2f} s, sat {seconds['sat']:.2f} s")
    reduction = get_reduction("3sat-to-3dm")
    formulas = ((label, f) for label, f in random_stream(get_problem("3sat"), 10**6, seed=19) if f.num_vars <= 3)
    targets = ((label, reduction.reduce(f)) for label, f in itertools.islice(formulas, args.formulas))
    counts, seconds, largest = check(targets, args.timeout)
    print(f"3sat-to-3dm targets of {args.formulas} random 3-variable formulas (up to {largest:,} triples): {counts}; "
          f"brute {seconds['brute']:.2f} s, sat {seconds['sat']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
