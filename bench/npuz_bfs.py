"""The whole 8-puzzle space by breadth-first search, and the lower bounds against it.

    python bench/npuz_bfs.py [--goal blank-last|blank-first]

Known facts it should reproduce: each reachability class holds 9!/2 = 181,440 boards,
and the largest optimal distance to the goal is 31 (two boards). Prints the full
distance distribution (Markdown table), checks the reachability tests against the
BFS (every board reached is reachable by Theorem 1 and by the inversion count,
every other one is not), and checks the Theorem 4 lower bound (and, for
information, the other reading d/2 + MST) against the optimum of every board whose
blank is on its goal cell.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import goal_board  # noqa: E402
from npw.solvers.npuz.bounds import theorem4_lower_bound  # noqa: E402
from npw.instances.npuz.reach import reachable_by_cycles, reachable_by_inversions  # noqa: E402
from npw.solvers.npuz.search import bfs_distances  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--goal", default="blank-last", choices=("blank-last", "blank-first"))
    args = parser.parse_args()
    goal = goal_board(3, args.goal)
    start = time.perf_counter()
    distance = bfs_distances(goal)
    seconds = time.perf_counter() - start
    histogram = Counter(distance.values())
    print(f"goal {args.goal}: {len(distance)} boards reached in {seconds:.2f} s; max distance {max(histogram)}")
    print("| distance | boards |\n|---|---|")
    for d in sorted(histogram):
        print(f"| {d} | {histogram[d]} |")
    mismatches = 0
    for perm in itertools.permutations(range(9)):
        inside = perm in distance
        if reachable_by_cycles(perm, goal) != inside or reachable_by_inversions(perm, goal) != inside:
            mismatches += 1
    print(f"reachability tests vs BFS: {mismatches} mismatches over 9! boards")
    blank = goal.index(0)
    checked = violations = literal_violations = 0
    ratio_sum = 0.0
    for board, d in distance.items():
        if board.index(0) != blank or d == 0:
            continue
        lb = theorem4_lower_bound(board, goal)
        checked += 1
        violations += lb.bound > d
        literal_violations += lb.literal_reading > d
        ratio_sum += d / lb.bound
    print(f"Theorem 4 bound (d + MST)/2 on {checked} boards with the blank home: {violations} above the optimum; "
          f"mean optimum/bound {ratio_sum / checked:.3f}")
    print(f"other reading d/2 + MST: above the optimum on {literal_violations} boards")


if __name__ == "__main__":
    main()
