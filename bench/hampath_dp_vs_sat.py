"""Hamiltonian path: the bitmask DP against the SAT position encoding on grid graphs of growing size.

    python bench/hampath_dp_vs_sat.py [--graphs 5] [--timeout 20] [--sizes 8,12,16,...]

Per size n, ``--graphs`` seeded instances of each of three max-degree-3 grid families:
``planted`` (a self-avoiding walk thickened to a grid graph, s and t its ends: yes),
``grid-s`` (a random grid graph, s a random degree-1 vertex: hampath-grid-s, mostly no at larger n),
``ladder`` (the 2 x n/2 ladder, max degree 3, s and t the two corners of one end: yes, one path
round the ladder, but many dead-end partial paths). Prints median seconds (a timeout counts at the timeout), timeouts, and
the DP's stored states; deciders that timed out on every graph of a size are skipped above it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.hampath import grid_instance, planted_instance  # noqa: E402
from npw.instances.hampath.grid_s import random_instance as grid_s_instance  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402


def ladder(seed: int, n: int):
    half = max(2, n // 2)
    coords = [(x, y) for x in range(half) for y in range(2)]
    return grid_instance(coords, s=(0, 0), t=(0, 1))


FAMILIES = {"planted": planted_instance, "grid-s": grid_s_instance, "ladder": ladder}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--graphs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--sizes", default="8,12,16,20,24,28,32,40,48,64,80,100")
    args = parser.parse_args()
    disagreements = 0
    for family, make in FAMILIES.items():
        given_up: set[str] = set()
        print(f"\n{family}: median seconds (timeouts of {args.graphs}), DP median states, yes/no")
        print(f"{'n':>4} {'dp':>16} {'sat':>16} {'dp states':>10}   yes/no")
        for n in map(int, args.sizes.split(",")):
            graphs = [make(seed, n) for seed in range(args.graphs)]
            row, states, answers = [], [], [set() for _ in graphs]
            for decider in ("dp", "sat"):
                if decider in given_up:
                    row.append(f"{'-':>16}")
                    continue
                times, timeouts = [], 0
                for index, g in enumerate(graphs):
                    start = time.perf_counter()
                    result = solve(g, decider, timeout=args.timeout)
                    elapsed = time.perf_counter() - start
                    if result.answer is Answer.UNKNOWN:
                        timeouts += 1
                        elapsed = args.timeout
                    else:
                        answers[index].add(result.answer)
                    if decider == "dp":
                        states.append(result.stats.get("states", 0))
                    times.append(elapsed)
                if timeouts == len(graphs):
                    given_up.add(decider)
                row.append(f"{statistics.median(times):>11.4f} ({timeouts})")
            bad = sum(1 for a in answers if len(a) > 1)
            disagreements += bad
            yes = sum(1 for a in answers if a == {Answer.YES})
            no = sum(1 for a in answers if a == {Answer.NO})
            vertices = round(statistics.mean(g.num_vertices for g in graphs))
            state = f"{int(statistics.median(states)):>10}" if states else f"{'-':>10}"
            print(f"{vertices:>4} " + " ".join(row) + f" {state}   {yes}/{no}" + (f" DISAGREE {bad}" if bad else ""),
                  flush=True)
    print(f"\ndisagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
