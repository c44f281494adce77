"""SET COVER's two deciders (the bounded search tree and the SAT encoding) on every instance of
universe + sets <= 8 up to isomorphism (1,522, every k), on 500 seeded random ones, and on
planted / certified-no instances of a given size; fails on any disagreement or rejected
certificate, and times each decider.

    python bench/setcover_deciders.py                              # exhaustive 8 and 500 random
    python bench/setcover_deciders.py --universe 60 --sets 40 --k 8  # 20 planted + 20 certified-no
"""

from __future__ import annotations

import argparse
import sys
import time

from npw.instances.registry import get_problem
from npw.verify.cases import exhaustive, random_stream

from decider_check import check_deciders

BACKENDS = ("search", "sat")


def check(stream) -> tuple[dict[str, int], dict[str, float]]:
    return check_deciders(stream, BACKENDS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--universe", type=int, help="instead: 20 planted and 20 certified-no of this universe")
    parser.add_argument("--sets", type=int, default=20)
    parser.add_argument("--k", type=int, default=5)
    args = parser.parse_args()
    problem = get_problem("setcover")
    if args.universe:
        params = {"universe": args.universe, "num_sets": args.sets, "k": args.k}
        stream = [(f"{kind} {seed}", problem.generate(kind, seed, **params))
                  for kind in ("planted", "certified-no") for seed in range(20)]
        counts, seconds = check(stream)
        print(f"setcover: {params}: {counts}; " + ", ".join(f"{b} {s:.2f} s" for b, s in seconds.items()))
        return 0
    for name, stream in (("every instance of size <= 8", exhaustive(problem, 8)),
                         ("500 random", random_stream(problem, 500, seed=19))):
        began = time.perf_counter()
        counts, seconds = check(stream)
        print(f"setcover, {name}: {counts}; " + ", ".join(f"{b} {s:.2f} s" for b, s in seconds.items())
              + f"; {time.perf_counter() - began:.1f} s with the enumeration")
    return 0


if __name__ == "__main__":
    sys.exit(main())
