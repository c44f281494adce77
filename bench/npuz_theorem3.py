"""Theorem 3 at the paper's unit: build the compact instance and simulate the forward moves.

    python bench/npuz_theorem3.py [--m 2] [--seed 1] [--unit L] [--additive R]
    python bench/npuz_theorem3.py --small [--random 20] [--unit 1]

Takes the first satisfiable 2/2/4-SAT formula of the seeded generator with m variables
(or the exhaustive list's first for m <= 3), builds B1, B2, k in compact form (default:
the paper's l = u + 16m + 1), runs the four Shift procedures as moves on the sparse
board (numba kernel for the runs of S_u / S_d and the shifts), checks every stripe and
node against B2, and prints the sizes and times.

``--small``: every 2/2/4-SAT instance with m <= 3 (yes and no) and ``--random`` seeded
random satisfiable ones with 4 <= m <= 6, at a small unit: the read-back REL instance
equals Theorem 2's, B2 is reachable (dense Theorem 1), and for yes-instances forward
(every satisfying assignment, at most 4) reaches B2 within k and backward returns a
satisfying assignment.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.two_two_four_sat import random_instance  # noqa: E402
from npw.reductions import npuz as theorem3  # noqa: E402


def small(unit: int, count: int, seed: int) -> None:
    from npw.instances import get_problem
    from npw.reductions.rel import theorem2
    from npw.instances.npuz.reach import reachable

    formulas = list(get_problem("224sat").enumerate(3))
    rng_seed = seed
    extra = 0
    while extra < count:
        formula = random_instance(rng_seed, m=4 + rng_seed % 3)
        rng_seed += 1
        if any(formula.verify(a) for a in itertools.product([False, True], repeat=formula.num_vars)):
            formulas.append(formula)
            extra += 1
    t0 = time.perf_counter()
    stats = {"instances": 0, "yes": 0, "no": 0, "forward_runs": 0, "failures": 0, "max_moves_over_k": 0.0}
    for formula in formulas:
        stats["instances"] += 1
        instance = theorem3.build_instance(formula, unit)
        npuz = instance.to_npuz()
        ok = theorem3.same_rel(theorem3.read_back(instance), theorem2.reduce(formula)) and reachable(npuz.start, npuz.goal)
        found = [a for a in itertools.product([False, True], repeat=formula.num_vars) if formula.verify(a)]
        stats["yes" if found else "no"] += 1
        for assignment in found[:4]:
            moves = theorem3.forward_moves(instance, assignment).text()
            ok = ok and npuz.verify(moves) and formula.verify(theorem3.backward_moves(instance, moves))
            stats["forward_runs"] += 1
            stats["max_moves_over_k"] = max(stats["max_moves_over_k"], len(moves) / instance.k)
        stats["failures"] += not ok
    print(json.dumps({"unit": unit, **stats, "seconds": round(time.perf_counter() - t0, 1)}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--random", type=int, default=20)
    parser.add_argument("--m", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unit", type=int, default=None)
    parser.add_argument("--additive", type=int, default=0)
    args = parser.parse_args()
    if args.small:
        small(args.unit or 1, args.random, args.seed)
        return
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
    t1 = time.perf_counter()
    decoded = theorem3.backward_segments(instance, result.segments)
    backward_seconds = time.perf_counter() - t1
    print(json.dumps({"formula": formula.clause_list(), "seed": seed, "assignment": solutions[0],
                      "build_seconds": round(built, 2), **summary, "forward_moves": result.moves,
                      "within_k": result.moves <= instance.k, "slack": instance.k - result.moves,
                      "region_moves": result.region_moves, "redone_two_edges": result.redone,
                      "segments": len(result.segments), "forward_seconds": round(result.seconds, 1),
                      "backward_assignment": decoded, "backward_satisfies": formula.verify(decoded),
                      "backward_seconds": round(backward_seconds, 1)}))


if __name__ == "__main__":
    main()
