"""Issue 20: the blank-free pattern databases (7-8 for 4 x 4, 6-6-6-6 for 5 x 5).

    python bench/npuz_pdb_ranked.py build                  # build (or load) both, time and size per table
    python bench/npuz_pdb_ranked.py compare [--instances 25] [--seed 1] [--timeout 120]
                                                            # random 15-puzzles, pdb78 vs pdb (5-5-5), interleaved
    python bench/npuz_pdb_ranked.py 24 [--walks 40,60,80,100] [--random 2] [--korf 10] [--timeout 300]
                                                            # 24-puzzles with pdb6666: per instance nodes, s, length

Goal: blank-first (Korf's convention). Every solution is replayed on the board; the lengths of
the two databases must agree. An instance not finished within ``--timeout`` seconds reports the
last IDA* bound reached (a proven lower bound on its length).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk  # noqa: E402
from npw.solvers.npuz.pdb import pattern_databases  # noqa: E402
from npw.solvers.npuz.pdb_ranked import load_or_build, named_databases, partition, table_key, table_path  # noqa: E402
from npw.solvers.npuz.search import idastar_path  # noqa: E402

# Korf & Taylor 1996, "Finding optimal solutions to the twenty-four puzzle": the ten instances
# (blank = 0, goal blank-first) with their published optimal lengths
KORF_TAYLOR_24 = [
    ((17, 1, 20, 9, 16, 2, 22, 19, 14, 5, 15, 21, 0, 3, 24, 23, 18, 13, 12, 7, 10, 8, 6, 4, 11), 100),
    ((14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22, 13), 95),
    ((7, 13, 11, 22, 12, 20, 1, 18, 21, 5, 0, 8, 14, 24, 19, 9, 4, 17, 16, 10, 23, 15, 3, 2, 6), 108),
    ((18, 14, 0, 9, 8, 3, 7, 19, 2, 15, 5, 12, 1, 13, 24, 23, 4, 21, 10, 20, 16, 22, 11, 6, 17), 98),
    ((2, 0, 10, 19, 1, 4, 16, 3, 15, 20, 22, 9, 6, 18, 5, 13, 12, 21, 8, 17, 23, 11, 24, 7, 14), 101),
    ((16, 5, 1, 12, 6, 24, 17, 9, 2, 22, 4, 10, 13, 18, 19, 20, 0, 23, 7, 21, 15, 11, 8, 3, 14), 96),
    ((21, 22, 15, 9, 24, 12, 16, 23, 2, 8, 5, 18, 17, 7, 10, 14, 13, 4, 0, 6, 20, 11, 3, 1, 19), 104),
    ((6, 0, 24, 14, 8, 5, 21, 19, 9, 17, 16, 20, 10, 13, 2, 15, 11, 22, 1, 3, 7, 23, 4, 18, 12), 97),
    ((3, 2, 17, 0, 14, 18, 22, 19, 15, 20, 9, 7, 10, 21, 16, 6, 24, 23, 8, 5, 1, 4, 11, 12, 13), 113),
    ((23, 14, 0, 24, 17, 9, 20, 21, 2, 18, 10, 13, 22, 1, 3, 11, 4, 16, 6, 5, 7, 12, 8, 15, 19), 114),
]


def build() -> None:
    for name, n in (("pdb78", 4), ("pdb6666", 5)):
        goal = goal_board(n, "blank-first")
        keys = sorted({table_key(n, g, goal.index(0))[0] for g in partition(name, goal)}, key=lambda k: len(k[0]))
        began = time.perf_counter()
        for key in keys:  # one at a time, timed separately
            cpu = time.process_time()
            t = time.perf_counter()
            fresh = not table_path(n, key).exists()
            table, built = load_or_build(n, key)
            print(f"{name} table cells {key[0]} blank {key[1]}: {'built' if built else 'loaded'} in {time.perf_counter() - t:.1f} s "
                  f"({time.process_time() - cpu:.1f} s CPU), {table.nbytes:,} bytes, max {int(table.max())}, "
                  f"mean {float(table.mean(dtype='float64')):.3f}{' (was missing)' if fresh else ''}", flush=True)
        dbs = named_databases(name, goal)
        print(f"{name}: {len(dbs.tables)} distinct tables, {sum(t.nbytes for t in dbs.tables):,} bytes, "
              f"{time.perf_counter() - began:.1f} s in total", flush=True)


def compare(instances: int, seed: int, timeout: float) -> None:
    goal = goal_board(4, "blank-first")
    rng = random.Random(seed)
    boards = [random_reachable_board(4, rng, goal) for _ in range(instances)]
    pattern_databases(goal)
    named_databases("pdb78", goal)
    for h in ("pdb78", "pdb"):  # compile and load outside the timings
        idastar_path(apply_moves(goal, "RD"), goal, h)
    totals = {h: [0, 0.0, 0] for h in ("pdb78", "pdb")}
    print(f"{'#':>3} {'length':>6} {'pdb78 nodes':>14} {'s':>7} {'pdb nodes':>14} {'s':>7} {'ratio':>6}")
    for i, board in enumerate(boards):
        row, lengths = {}, set()
        order = ("pdb78", "pdb") if i % 2 == 0 else ("pdb", "pdb78")  # interleaved, alternating first
        for h in order:
            outcome = idastar_path(board, goal, h, timeout=timeout)
            if outcome.moves is not None:
                assert apply_moves(board, outcome.moves) == goal
                lengths.add(len(outcome.moves))
                totals[h][0] += outcome.stats["nodes"]
                totals[h][1] += outcome.stats["time"]
                totals[h][2] += 1
            row[h] = outcome
        assert len(lengths) <= 1, f"the databases disagree on board {i}: {lengths}"
        a, b = row["pdb78"].stats, row["pdb"].stats
        print(f"{i:>3} {(lengths.pop() if lengths else '-'):>6} {a['nodes']:>14,} {a['time']:>7.2f} "
              f"{b['nodes']:>14,} {b['time']:>7.2f} {a['nodes'] / max(1, b['nodes']):>6.2f}", flush=True)
    for h, (nodes, secs, solved) in totals.items():
        print(f"total {h}: {solved}/{instances} solved, {nodes:,} nodes, {secs:.1f} s")
    print(f"ratio pdb78/pdb: nodes {totals['pdb78'][0] / max(1, totals['pdb'][0]):.3f}, "
          f"seconds {totals['pdb78'][1] / max(1e-9, totals['pdb'][1]):.3f}")


def twenty_four(walks: list[int], randoms: int, korf: int, timeout: float, seed: int) -> None:
    goal = goal_board(5, "blank-first")
    named_databases("pdb6666", goal)
    idastar_path(apply_moves(goal, "RD"), goal, "pdb6666")  # compile outside the timings
    rng = random.Random(seed)
    cases = [(f"walk {w}", apply_moves(goal, random_walk(goal, w, rng)), None) for w in walks]
    cases += [(f"random {i}", random_reachable_board(5, rng, goal), None) for i in range(randoms)]
    cases += [(f"korf-taylor {i + 1}", board, optimal) for i, (board, optimal) in enumerate(KORF_TAYLOR_24[:korf])]
    print(f"{'instance':<16} {'h0':>4} {'length':>6} {'bound':>6} {'nodes':>16} {'s':>8} {'Mnodes/s':>8}")
    for label, board, optimal in cases:
        outcome = idastar_path(board, goal, "pdb6666", timeout=timeout)
        s = outcome.stats
        if outcome.moves is not None:
            assert apply_moves(board, outcome.moves) == goal
            assert optimal is None or len(outcome.moves) == optimal
            length = str(len(outcome.moves))
        else:
            length = f">={s.get('bound', s['h0'])}"
        known = f" (published optimal {optimal})" if optimal else ""
        print(f"{label:<16} {s['h0']:>4} {length:>6} {s.get('bound', 0):>6} {s['nodes']:>16,} {s['time']:>8.1f} "
              f"{s['nodes'] / max(1e-9, s['time']) / 1e6:>8.2f}{known}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("build", "compare", "24"))
    parser.add_argument("--instances", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--walks", default="40,60,80,100")
    parser.add_argument("--random", type=int, default=2)
    parser.add_argument("--korf", type=int, default=10)
    args = parser.parse_args()
    if args.what == "build":
        build()
    elif args.what == "compare":
        compare(args.instances, args.seed, args.timeout)
    else:
        twenty_four([int(w) for w in args.walks.split(",") if w], args.random, args.korf, args.timeout, args.seed)


if __name__ == "__main__":
    main()
