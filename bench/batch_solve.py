"""Issue 31: Korf's 100 15-puzzles solved as one batch (one process) against 100 processes.

    python bench/batch_solve.py [--mode both|batch|processes] [--count 100] [--heuristic pdb]

Runs ``npw puzzle solve --boards bench/korf100.txt --goal blank-first`` (one JSON line per
board) and, for the same boards, one ``npw puzzle solve BOARD --goal blank-first --json``
process each, one after another; prints the wall time and the CPU time of each way (the
children's user + system time, from getrusage), and checks every solution's length against the
published optimum (Korf 1985) and every move string by replaying it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from npw.instances.npuz.board import apply_moves, goal_board, parse_board  # noqa: E402

BOARDS = os.path.join(ROOT, "bench", "korf100.txt")
KORF_100_OPTIMAL = (57,55,59,56,56,52,52,50,46,59,57,45,46,59,62,42,66,55,46,52,54,59,49,54,52,58,53,52,54,47,50,59,60,52,55,52,58,53,49,54,54,42,64,50,51,49,47,49,59,53,56,56,64,56,41,55,50,51,57,66,45,57,56,51,47,61,50,51,53,52,44,56,49,56,48,57,54,53,42,57,53,62,49,55,44,45,52,65,54,50,57,57,46,53,50,49,44,54,57,54)
NPW = [sys.executable, "-m", "npw"]


def boards(count: int) -> list[str]:
    with open(BOARDS, encoding="utf-8") as handle:
        return [line.strip() for line in handle if line.strip() and not line.startswith("#")][:count]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def check(board: str, moves: str, length: int, index: int) -> None:
    goal = goal_board(4, "blank-first")
    assert apply_moves(parse_board(board), moves) == goal, f"board {index + 1}: the moves do not reach the goal"
    assert length == len(moves) == KORF_100_OPTIMAL[index], \
        f"board {index + 1}: length {length}, published optimum {KORF_100_OPTIMAL[index]}"


def run_batch(chosen: list[str], heuristic: str, env: dict) -> tuple[float, float]:
    listing = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"korf-{os.getpid()}.txt")
    with open(listing, "w", encoding="utf-8") as handle:
        handle.write("\n".join(chosen) + "\n")
    cpu, began = children_cpu(), time.perf_counter()
    done = subprocess.run([*NPW, "puzzle", "solve", "--boards", listing, "--goal", "blank-first",
                           "--heuristic", heuristic], capture_output=True, text=True, env=env)
    wall, cpu = time.perf_counter() - began, children_cpu() - cpu
    os.unlink(listing)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == len(chosen)
    for index, line in enumerate(lines):
        check(chosen[index], line["moves"], line["length"], index)
    return wall, cpu


def run_processes(chosen: list[str], heuristic: str, env: dict) -> tuple[float, float]:
    cpu, began = children_cpu(), time.perf_counter()
    for index, board in enumerate(chosen):
        done = subprocess.run([*NPW, "puzzle", "solve", board, "--goal", "blank-first", "--heuristic", heuristic,
                               "--json"], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        line = json.loads(done.stdout)
        check(board, line["moves"], line["length"], index)
    return time.perf_counter() - began, children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=("both", "batch", "processes"), default="both")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--heuristic", default="pdb")
    args = parser.parse_args()
    chosen = boards(args.count)
    env = dict(os.environ, PYTHONPATH=ROOT)
    print(f"{len(chosen)} of Korf's 100, heuristic {args.heuristic}, load {os.getloadavg()[0]:.2f}", flush=True)
    if args.mode in ("both", "batch"):
        wall, cpu = run_batch(chosen, args.heuristic, env)
        print(f"one batch:     wall {wall:7.1f} s, CPU {cpu:7.1f} s", flush=True)
    if args.mode in ("both", "processes"):
        wall, cpu = run_processes(chosen, args.heuristic, env)
        print(f"{len(chosen)} processes: wall {wall:7.1f} s, CPU {cpu:7.1f} s", flush=True)
    print(f"load after {os.getloadavg()[0]:.2f}; every length the published optimum, every move string replayed")


if __name__ == "__main__":
    main()
