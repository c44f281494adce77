"""The tight BWP decider against the SAT decider (and IDA*) on tight random instances.

Two families, each with the bound set to Observation 1's lower bound (so every node of the
tight decider's search is tight and all of its special pruning is exercised):

* ``planted``: a random colouring, a few random moves, k = lower bound of the pair (the
  planted sequence may be longer than k, so both answers occur);
* ``strip``: boards shaped like the 3-PARTITION targets: element rows black in their first
  a_i columns, a special row black at separators, the goal a contiguous run in the special
  row; random run lengths, spacings, special-row position and width (no 3-PARTITION
  promise, so many are no-instances).

Usage: python bench/bwp_tight_agreement.py [--count N] [--seed S] [--timeout T]
Prints the confusion counts and any disagreement (none expected), and the time per decider.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from instances.bwp import BWP, planted_instance  # noqa: E402
from solvers import Answer, solve  # noqa: E402


def tight_planted(seed: int) -> BWP:
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 5), rng.randint(2, 6)
    p = planted_instance(seed, rows, cols, rng.randint(1, 5), rng.choice((0.2, 0.35, 0.5)))
    return BWP(p.rows, p.cols, p.start, p.goal, p.lower_bound())


def strip_instance(seed: int) -> BWP:
    """Element rows 0..n-1 with runs from column 0, special row s with separators, goal: a
    contiguous run in row s with as many blacks as the start has."""
    rng = random.Random(seed)
    n = rng.randint(1, 3)
    runs = [rng.randint(1, 3) for _ in range(n)]
    seps = rng.randint(1, 3)
    gap = rng.randint(1, 4)
    total = sum(runs) + seps
    cols = max(total + rng.randint(1, 4), max(runs) + 1 + seps * (gap + 1))
    rows = n + rng.randint(1, 3)
    s = rng.randint(n, rows - 1)
    start = [0] * (rows * cols)
    for i, a in enumerate(runs):
        for c in range(a):
            start[i * cols + c] = 1
    first = max(runs)
    for t in range(seps):
        start[s * cols + (first + t * (gap + 1)) % cols] = 1
    if sum(start) != total:
        return tight_planted(seed)
    goal = [0] * (rows * cols)
    offset = rng.randint(0, cols - 1)
    for c in range(total):
        goal[s * cols + (offset + c) % cols] = 1
    instance = BWP(rows, cols, tuple(start), tuple(goal), 0)
    return BWP(rows, cols, tuple(start), tuple(goal), instance.lower_bound() + rng.choice((0, 0, 0, 1)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    times = {"tight": 0.0, "sat": 0.0}
    counts: dict[tuple[str, str, str], int] = {}
    disagreements = 0
    for i in range(args.count):
        seed = args.seed * 100_000 + i
        instance = tight_planted(seed) if i % 2 == 0 else strip_instance(seed)
        family = "planted" if i % 2 == 0 else "strip"
        answers = {}
        for backend in ("tight", "sat"):
            t0 = time.perf_counter()
            answers[backend] = solve(instance, backend=backend, timeout=args.timeout).answer
            times[backend] += time.perf_counter() - t0
        key = (family, answers["tight"].value, answers["sat"].value)
        counts[key] = counts.get(key, 0) + 1
        if Answer.UNKNOWN not in answers.values() and answers["tight"] != answers["sat"]:
            disagreements += 1
            print("DISAGREEMENT", seed, family, answers, instance.to_dict(), flush=True)
    for key in sorted(counts):
        print(*key, counts[key])
    print(f"instances {args.count}, disagreements {disagreements}, "
          f"time tight {times['tight']:.1f} s, sat {times['sat']:.1f} s")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
