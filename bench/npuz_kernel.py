"""Nodes per second of the compiled IDA* against a plain C IDA* on identical trees (issue 20).

    python bench/npuz_kernel.py [--instances 8] [--seed 3] [--walk 0] [--old OLD_SEARCH_PY]

The C reference (``bench/c/ida_manhattan.c``: Manhattan distance, the same move order and
the same node counting) is compiled with ``cc -O2`` into a temporary folder when ``cc``
exists; without a C compiler the bench says so in one line and stops (C is not a runtime
dependency of npw). Per instance, interleaved (noise hits all alike): the C program, our
kernel (``idastar_path(..., "manhattan")``, the compiled kernel only) and, with ``--old``, the
kernel of an older ``solvers/npuz/search.py`` (e.g. ``git show 610961e:solvers/npuz/search.py >
/tmp/old_search.py``), loaded as a module of its own. Same length, moves, expanded and
generated counts are asserted: the trees are identical. Rate = generated nodes / CPU
seconds of the search (C: measured inside the program; Python: ``time.process_time`` around
the call, slices and all). Instances: uniformly random solvable 15-puzzles (seeded), or
boards ``--walk`` random moves from the goal; goal 0 1 2 ... 15.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk  # noqa: E402
from npw.solvers.npuz.search import idastar_path  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def compile_reference(folder: str) -> str | None:
    """The path of the compiled C reference, or None without a C compiler."""
    cc = shutil.which("cc")
    if cc is None:
        return None
    binary = os.path.join(folder, "ida_manhattan")
    subprocess.run([cc, "-O2", "-o", binary, os.path.join(HERE, "c", "ida_manhattan.c")], check=True)
    return binary


def run_c(binary: str, board: tuple[int, ...], goal: tuple[int, ...]) -> tuple[int, int, int, float, str]:
    n = int(len(board) ** 0.5)
    line = " ".join(map(str, (n, *board, *goal))) + "\n"
    out = subprocess.run([binary], input=line, capture_output=True, text=True, check=True).stdout.split()
    moves = out[4] if len(out) > 4 else ""
    return int(out[0]), int(out[1]), int(out[2]), float(out[3]), moves


def run_python(search, board, goal, heuristic="manhattan", **options) -> tuple[int, int, int, float, str]:
    began = time.process_time()
    outcome = search(board, goal, heuristic, **options)
    seconds = time.process_time() - began
    return len(outcome.moves), outcome.stats["nodes"], outcome.stats["generated"], seconds, outcome.moves


def load_old(path: str):
    spec = importlib.util.spec_from_file_location("npw_old_search", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module.idastar_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=8)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--walk", type=int, default=0, help="boards this many random moves from the goal (0: random)")
    parser.add_argument("--old", help="an older solvers/npuz/search.py to measure the same way")
    parser.add_argument("--also", default="", help="heuristics (linear-conflict,pdb) to time against --old "
                                                    "as well (no C reference for them)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        binary = compile_reference(folder)
        if binary is None:
            print("no C compiler (cc) on this machine: the C reference is skipped, nothing measured")
            return
        goal = goal_board(4, "blank-first")
        rng = random.Random(args.seed)
        boards = [apply_moves(goal, random_walk(goal, args.walk, rng)) if args.walk
                  else random_reachable_board(4, rng, goal) for _ in range(args.instances)]
        engines = {"C": lambda b: run_c(binary, b, goal),
                   "npw": lambda b: run_python(idastar_path, b, goal, python_nodes=0)}
        if args.old:
            old = load_old(args.old)
            engines["old"] = lambda b: run_python(old, b, goal)
        for engine in engines.values():  # compile / warm up outside the timings
            engine(apply_moves(goal, "RD"))
        totals = {name: [0, 0.0] for name in engines}
        print(f"{'#':>3} {'length':>6} {'generated':>12} " + " ".join(f"{name + ' M/s':>9}" for name in engines))
        for i, board in enumerate(boards):
            results = {name: engine(board) for name, engine in engines.items()}
            reference = results["C"]
            for name, result in results.items():
                assert result[:3] == reference[:3] and result[4] == reference[4], (i, name, result, reference)
                totals[name][0] += result[2]
                totals[name][1] += result[3]
            print(f"{i:>3} {reference[0]:>6} {reference[2]:>12,} "
                  + " ".join(f"{r[2] / r[3] / 1e6:>9.1f}" for r in results.values()), flush=True)
        rates = {name: nodes / seconds for name, (nodes, seconds) in totals.items()}
        print("total: " + ", ".join(f"{name} {totals[name][0]:,} nodes in {totals[name][1]:.2f} s "
                                    f"({rates[name] / 1e6:.1f} M/s)" for name in engines))
        for name in engines:
            if name != "C":
                print(f"C / {name} (nodes per second): {rates['C'] / rates[name]:.2f}")
        for heuristic in filter(None, args.also.split(",")):
            if not args.old:
                parser.error("--also needs --old")
            pair = {"npw": lambda b: run_python(idastar_path, b, goal, heuristic, python_nodes=0),
                    "old": lambda b: run_python(old, b, goal, heuristic)}
            for engine in pair.values():
                engine(apply_moves(goal, "RD"))
            sums = {name: [0, 0.0] for name in pair}
            for i, board in enumerate(boards):
                results = {name: engine(board) for name, engine in pair.items()}
                assert results["npw"][:3] == results["old"][:3] and results["npw"][4] == results["old"][4], i
                for name, result in results.items():
                    sums[name][0] += result[2]
                    sums[name][1] += result[3]
            npw_rate, old_rate = (sums[k][0] / sums[k][1] for k in ("npw", "old"))
            print(f"{heuristic}: {sums['npw'][0]:,} nodes (same tree), npw {sums['npw'][1]:.2f} s "
                  f"({npw_rate / 1e6:.1f} M/s), old {sums['old'][1]:.2f} s ({old_rate / 1e6:.1f} M/s), "
                  f"npw / old speed {npw_rate / old_rate:.2f}")


if __name__ == "__main__":
    main()
