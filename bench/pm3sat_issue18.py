"""Issue 18's figures for planar monotone 3SAT and Lemma B.1 (BENCHMARKS.md, "Issue 18"):

1. the exhaustive enumeration's counts and time (pm3sat, pm3sat-2occ, N = 3 and 4);
2. the SAT (MiniSat 2.2 by default) and brute-force deciders on every instance up to N = 4 and on
   500 seeded random ones: agreement, YES / NO, seconds;
3. the random generator, validation and the Lemma B.1 reduction at scale.

Run alone: ``python bench/pm3sat_issue18.py [--scale 1000,10000,30000]``.
"""

from __future__ import annotations

import argparse
import time

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.solvers import solve


def enumeration() -> None:
    for pid in ("pm3sat", "pm3sat-2occ"):
        for size in (3, 4):
            start = time.perf_counter()
            count = sum(1 for _ in get_problem(pid).enumerate(size))
            print(f"enumerate {pid} N={size}: {count} instances, {time.perf_counter() - start:.2f} s")


def deciders() -> None:
    for pid in ("pm3sat", "pm3sat-2occ"):
        problem = get_problem(pid)
        for label, cases in (("every instance N <= 4", list(problem.enumerate(4))),
                             ("500 random", [problem.sample(seed) for seed in range(500)])):
            seconds = {"sat": 0.0, "brute": 0.0}
            answers = {"YES": 0, "NO": 0}
            for instance in cases:
                found = {}
                for backend in seconds:
                    start = time.perf_counter()
                    result = solve(instance, backend=backend)
                    seconds[backend] += time.perf_counter() - start
                    found[backend] = result.answer.value
                    if result.answer.value == "YES":
                        assert instance.verify(result.certificate)
                if found["sat"] != found["brute"]:
                    raise SystemExit(f"deciders disagree on {instance}: {found}")
                answers[found["sat"]] += 1
            print(f"deciders {pid} {label}: {len(cases)} cases, YES {answers['YES']} / NO {answers['NO']}, "
                  f"agree; sat {seconds['sat']:.2f} s, brute {seconds['brute']:.2f} s")


def scale(sizes: list[int]) -> None:
    problem = get_problem("pm3sat")
    lemma = get_reduction("pm3sat-to-pm3sat-2occ")
    for n in sizes:
        start = time.perf_counter()
        source = problem.generate("random", seed=1, num_vars=n)
        generated = time.perf_counter() - start
        start = time.perf_counter()
        source.validate()
        validated = time.perf_counter() - start
        start = time.perf_counter()
        target = lemma.reduce(source)
        reduced = time.perf_counter() - start
        print(f"scale n={n}: {len(source.clauses)} clauses; generate {generated:.2f} s, validate {validated:.2f} s, "
              f"Lemma B.1 reduce (target built and validated) {reduced:.2f} s -> {target.num_vars} variables, "
              f"{len(target.clauses)} clauses")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", default="1000,10000,30000", help="variable counts for the scale runs")
    args = parser.parse_args()
    enumeration()
    deciders()
    scale([int(n) for n in args.scale.split(",") if n])


if __name__ == "__main__":
    main()
