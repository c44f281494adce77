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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from npw.instances.torus.bwp import strip_instance, tight_instance  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402


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
        instance = tight_instance(seed) if i % 2 == 0 else strip_instance(seed)
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
