"""Theorem 3 at the paper's unit: build the compact instance and simulate the forward moves.

    python bench/npuz_theorem3.py [--m 2] [--seed 1] [--unit L] [--additive R]

Takes the first satisfiable 2/2/4-SAT formula of the seeded generator with m variables
(or the exhaustive list's first for m <= 3), builds B1, B2, k in compact form (default:
the paper's l = u + 16m + 1), runs the four Shift procedures as moves on the sparse
board (numba kernel for the runs of S_u / S_d and the shifts), checks every stripe and
node against B2, and prints the sizes and times.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from instances.two_two_four_sat import random_instance  # noqa: E402
from reductions import two_two_four_sat_to_npuz as theorem3  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unit", type=int, default=None)
    parser.add_argument("--additive", type=int, default=0)
    args = parser.parse_args()
    seed = args.seed
    while True:
        formula = random_instance(seed, m=args.m)
        solutions = [a for a in itertools.product([False, True], repeat=args.m) if formula.verify(a)]
        if solutions:
            break
        seed += 1
    t0 = time.perf_counter()
    instance = theorem3.build_instance(formula, args.unit, args.additive)
    built = time.perf_counter() - t0
    summary = instance.summary()
    summary.pop("no_direction")
    result = theorem3.forward_moves(instance, solutions[0])
    print(json.dumps({"formula": formula.clause_list(), "seed": seed, "assignment": solutions[0],
                      "build_seconds": round(built, 2), **summary, "forward_moves": result.moves,
                      "within_k": result.moves <= instance.k, "slack": instance.k - result.moves,
                      "region_moves": result.region_moves, "redone_two_edges": result.redone,
                      "segments": len(result.segments), "forward_seconds": round(result.seconds, 1)}))


if __name__ == "__main__":
    main()
