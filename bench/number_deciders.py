"""The two deciders of SUBSET SUM and PARTITION (the sparse DP and the binary-adder SAT
encoding) on every instance of total <= 12, 500 seeded random ones, and the targets 3-SAT ->
SUBSET SUM builds from 100 random formulas (numbers of up to 20 digits, where the DP's pruning
matters); counts the answers, fails on any disagreement or rejected certificate, times each.

    python bench/number_deciders.py            # all of it
    python bench/number_deciders.py knapsack   # the named problems only (sizes: SIZES)
"""

from __future__ import annotations

import sys

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify.cases import exhaustive, random_stream

from decider_check import check_deciders


def check(stream) -> tuple[dict[str, int], dict[str, float]]:
    return check_deciders(stream, ("dp", "sat"))


# the exhaustive size: the numbers' total (knapsack: weights and values), B for 4-PARTITION
SIZES = {"subsetsum": 12, "partition": 12, "knapsack": 12, "4partition": 40, "binpacking": 10}


def main(only: list[str]) -> int:
    for problem_id in only or ("subsetsum", "partition", "knapsack", "4partition", "binpacking"):
        problem = get_problem(problem_id)
        size = SIZES[problem_id]
        for name, stream in ((f"every instance of size <= {size}", exhaustive(problem, size)),
                             ("500 random", random_stream(problem, 500, seed=19))):
            counts, seconds = check(stream)
            print(f"{problem_id}, {name}: {counts}; dp {seconds['dp']:.2f} s, sat {seconds['sat']:.2f} s")
    if only:
        return 0
    reduction = get_reduction("3sat-to-subsetsum")
    formulas = random_stream(get_problem("3sat"), 100, seed=19)
    counts, seconds = check((label, reduction.reduce(f)) for label, f in formulas)
    print(f"3sat-to-subsetsum targets of 100 random formulas: {counts}; dp {seconds['dp']:.2f} s, "
          f"sat {seconds['sat']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
