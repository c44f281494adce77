"""The three deciders of hamcycle and dhamcycle (the bitmask DP ``dp``, the position encoding
``sat``, the edge encoding with lazy subtour cuts ``sat-edges``) on the exhaustive stream (every
graph up to 7 vertices, every digraph up to 4) and 500 seeded random instances, then
``sat-edges`` alone on targets of Garey & Johnson's Theorem 3.4 (vertexcover-to-hamcycle) from
complete graphs K4..K7; counts the answers, fails on a disagreement or a rejected certificate
(the dispatcher checks every YES), times each decider.

    python bench/hamcycle_deciders.py [--largest 7] [--timeout 60]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from npw.instances.graphs.graph import VertexCover
from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.solvers import solve
from npw.verify.cases import exhaustive, random_stream

DECIDERS = ("dp", "sat", "sat-edges")
EXHAUSTIVE = {"hamcycle": 7, "dhamcycle": 4}


def agreement(problem_id: str) -> None:
    problem = get_problem(problem_id)
    cases = [g for _, g in itertools.chain(exhaustive(problem, EXHAUSTIVE[problem_id]),
                                           random_stream(problem, 500, seed=19))]
    answers = {}
    for backend in DECIDERS:
        start = time.perf_counter()
        answers[backend] = [solve(g, backend).answer.value for g in cases]
        seconds = time.perf_counter() - start
        print(f"{problem_id} {backend}: {len(cases)} instances, YES {answers[backend].count('YES')} / "
              f"NO {answers[backend].count('NO')}, {seconds:.2f} s", flush=True)
    if len({tuple(a) for a in answers.values()}) != 1:
        sys.exit(f"{problem_id}: the deciders disagree")


def theorem_3_4_targets(largest: int, timeout: float) -> None:
    reduction = get_reduction("vertexcover-to-hamcycle")
    for n in range(4, largest + 1):
        complete = tuple(itertools.combinations(range(n), 2))
        for k in (n - 2, n - 1):  # the smallest cover of K_n has n - 1 vertices: k = n - 2 is no
            source = VertexCover(n, complete, k)
            target = reduction.reduce(source)
            result = solve(target, "sat-edges", timeout=timeout)
            expected = "YES" if k >= n - 1 else "NO"
            print(f"K{n}, k = {k}: {target.num_vertices} target vertices, {result.answer.value} in "
                  f"{result.stats['time']:.3f} s ({result.stats['rounds']} rounds, "
                  f"{result.stats['lazy_clauses']} cuts)", flush=True)
            if result.answer.value != expected:
                sys.exit(f"K{n}, k = {k}: expected {expected}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", type=int, default=7, help="the largest complete source graph K_n")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    for problem_id in EXHAUSTIVE:
        agreement(problem_id)
    theorem_3_4_targets(args.largest, args.timeout)


if __name__ == "__main__":
    main()
