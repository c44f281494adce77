"""Theorem 3.9's, 3.10's and 3.11's boards (pm3sat-to-solochess-{king,pawn}-knight, -king-bishop,
-knight-rook, -knight-bishop, -knight-queen): the time of the Solo Chess decider that settles them, per case, yes and no apart.

The verifier's target decider is ``search``, which on these boards (a special leaper, knights
only, or rider villains on the line condition) takes its walk fast path (npw.solvers.solochess.walk). This script decides the targets of
the same sources as ``npw verify ID --random N --seed S`` (the problem's verification sample
with the verifier's seeds) and of ``--exhaustive 3``, and prints the median and largest time of
yes- and no-targets. With --exhaustive-check it also times the exhaustive search (method
"exhaustive") on the smallest no-board, (x1) and (not x1), of each reduction.

    python bench/solochess_sat_walk.py [--random 100] [--seed 1] [--reductions ID,ID]
"""

from __future__ import annotations

import argparse
import statistics
import time

from npw.instances.registry import get_problem
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ
from npw.reductions.registry import get_reduction
from npw.solvers.solochess import search
from npw.verify.cases import exhaustive, random_stream

REDUCTIONS = ("pm3sat-to-solochess-king-knight", "pm3sat-to-solochess-pawn-knight", "pm3sat-to-solochess-king-bishop",
              "pm3sat-to-solochess-knight-rook", "pm3sat-to-solochess-knight-bishop", "pm3sat-to-solochess-knight-queen")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exhaustive-check", action="store_true")
    parser.add_argument("--reductions", default=",".join(REDUCTIONS), help="comma-separated reduction ids")
    args = parser.parse_args()
    problem = get_problem("pm3sat-2occ")
    streams = {f"random {args.random} seed {args.seed}": [f for _, f in random_stream(problem, args.random, args.seed)],
               "exhaustive 3": [f for _, f in exhaustive(problem, 3)]}
    for rid in args.reductions.split(","):
        reduction = get_reduction(rid)
        for name, sources in streams.items():
            times: dict[str, list[float]] = {"YES": [], "NO": []}
            pieces = 0
            for source in sources:
                board = reduction.reduce(source)
                pieces = max(pieces, len(board.pieces))
                started = time.perf_counter()
                result = search.solve(board)
                times[result.answer.value].append(time.perf_counter() - started)
            for answer, values in times.items():
                if values:
                    print(f"{reduction.id} {name}: {answer} {len(values)} targets, median "
                          f"{1000 * statistics.median(values):.1f} ms, max {1000 * max(values):.1f} ms "
                          f"(largest board {pieces} pieces)")
    if args.exhaustive_check:
        for rid in args.reductions.split(","):
            board = get_reduction(rid).reduce(PlanarMonotone3Sat2Occ(1, [(1,), (-1,)]))
            started = time.perf_counter()
            result = search.solve(board, method="exhaustive", timeout=600)
            print(f"exhaustive search, (x1) and (not x1), {rid} ({len(board.pieces)} pieces): "
                  f"{result.answer.value} in {time.perf_counter() - started:.1f} s, {result.stats.get('nodes')} nodes")


if __name__ == "__main__":
    main()
