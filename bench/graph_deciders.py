"""The two deciders of each classic graph problem (the SAT encoding and the branch and bound)
on every graph up to 7 vertices with every k (networkx's atlas: 9,727 instances a problem) and
on 500 seeded random instances; counts the answers, fails on any disagreement or rejected
certificate, and times each decider. A larger random set (``--vertices``) shows where the
branch and bound and the SAT encoding part ways. Directed feedback vertex set (``fvs``) runs
the same way on every digraph up to 4 vertices (its enumeration's limit).

    python bench/graph_deciders.py                 # the exhaustive stream and 500 random
    python bench/graph_deciders.py --vertices 40   # planted/certified-no at 40 vertices, k = 10
    python bench/graph_deciders.py --problem fvs   # one problem alone
"""

from __future__ import annotations

import argparse
import sys
import time

from npw.instances.registry import get_problem
from npw.verify.cases import exhaustive, random_stream

from decider_check import check_deciders

PROBLEMS = ("indset", "vertexcover", "clique", "domset", "fvs")
EXHAUSTIVE_SIZE = {"fvs": 4}  # every digraph up to 4 vertices; the graphs: the atlas, 7


def check(stream) -> tuple[dict[str, int], dict[str, float]]:
    return check_deciders(stream, ("brute", "sat"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vertices", type=int, help="instead: 20 planted and 20 certified-no at this size")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--problem", choices=PROBLEMS, help="this problem alone (default: every one)")
    args = parser.parse_args()
    for problem_id in ([args.problem] if args.problem else PROBLEMS):
        problem = get_problem(problem_id)
        if args.vertices:
            params = {"num_vertices": args.vertices, "k": args.k}
            stream = [(f"{kind} {seed}", problem.generate(kind, seed, **params))
                      for kind in ("planted", "certified-no") for seed in range(20)]
            counts, seconds = check(stream)
            print(f"{problem_id}: n = {args.vertices}, k = {args.k}: {counts}; brute {seconds['brute']:.2f} s, "
                  f"sat {seconds['sat']:.2f} s")
            continue
        began = time.perf_counter()
        size = EXHAUSTIVE_SIZE.get(problem_id, 7)
        every, every_seconds = check(exhaustive(problem, size))
        random, random_seconds = check(random_stream(problem, 500, seed=19))
        print(f"{problem_id}: every graph up to {size} vertices, every k: {every} (brute {every_seconds['brute']:.1f} s, "
              f"sat {every_seconds['sat']:.1f} s); 500 random: {random}; all agree; {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
