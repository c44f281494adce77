"""The two deciders of SUBSET SUM and PARTITION (the sparse DP and the binary-adder SAT
encoding) on every instance of total <= 12, 500 seeded random ones, and the targets 3-SAT ->
SUBSET SUM builds from 100 random formulas (numbers of up to 20 digits, where the DP's pruning
matters); counts the answers, fails on any disagreement or rejected certificate, times each.

    python bench/number_deciders.py
"""

from __future__ import annotations

import sys
import time

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.solvers import Answer, solve
from npw.verify.cases import exhaustive, random_stream


def check(stream) -> tuple[dict[str, int], dict[str, float]]:
    counts = {"YES": 0, "NO": 0}
    seconds = {"dp": 0.0, "sat": 0.0}
    for label, instance in stream:
        answers = []
        for backend in ("dp", "sat"):
            began = time.perf_counter()
            result = solve(instance, backend, timeout=60)
            seconds[backend] += time.perf_counter() - began
            if result.answer is Answer.YES and not instance.verify(result.certificate):
                sys.exit(f"{backend} gave a rejected certificate on {label}: {instance}")
            answers.append(result.answer)
        if answers[0] is not answers[1] or Answer.UNKNOWN in answers:
            sys.exit(f"disagreement on {label}: {answers} {instance}")
        counts[answers[0].value] += 1
    return counts, seconds


def main() -> int:
    for problem_id in ("subsetsum", "partition"):
        problem = get_problem(problem_id)
        for name, stream in (("every instance of total <= 12", exhaustive(problem, 12)),
                             ("500 random", random_stream(problem, 500, seed=19))):
            counts, seconds = check(stream)
            print(f"{problem_id}, {name}: {counts}; dp {seconds['dp']:.2f} s, sat {seconds['sat']:.2f} s")
    reduction = get_reduction("3sat-to-subsetsum")
    formulas = random_stream(get_problem("3sat"), 100, seed=19)
    counts, seconds = check((label, reduction.reduce(f)) for label, f in formulas)
    print(f"3sat-to-subsetsum targets of 100 random formulas: {counts}; dp {seconds['dp']:.2f} s, "
          f"sat {seconds['sat']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
