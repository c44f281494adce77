"""How fast each command stops: after SIGTERM or SIGINT, and at its own ``--timeout``, under load.

    python bench/command_stops.py [--load 2] [--timeout 2] [--signal-after 2]

Runs the real command line in child processes while ``--load`` busy loops keep the machine's
cores occupied (2 on the 2-core reference machine: every command then shares a core).

* **Signals**: each command is started on work it cannot finish (an unsatisfiable pigeonhole
  formula for the SAT and SMT deciders, brute force on a reduced 3-SAT formula, a long
  verification sweep with worker processes, an explore page whose deciders run long), sent
  SIGTERM (or SIGINT) after ``--signal-after`` seconds; the table gives the seconds from the
  signal to the exit, the exit status, and whether any descendant process outlived it. The
  promise: within 1 s, status 128 + signal, no process left.
* **Time limits**: each command with ``--timeout T`` on work that takes longer; the table gives
  the wall time (start-up included), its ratio to T, and whether it is within ``1.2 T + 0.5 s``
  plus the start-up measured in the same run (``npw --version``, the anchor).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from npw.cli.guard import descendants  # the guard's own list of a process's descendants

NPW = [sys.executable, "-m", "npw"]


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def pigeonhole(folder: Path, pigeons: int = 12) -> Path:
    holes = pigeons - 1
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a + 1, pigeons)]
    path = folder / f"php{pigeons}.json"
    path.write_text(json.dumps({"problem": "cnf", "num_vars": pigeons * holes, "clauses": clauses}))
    return path


def inputs(folder: Path) -> dict[str, Path]:
    made = {"php": pigeonhole(folder)}
    run = lambda *a: subprocess.run([*NPW, *a], cwd=folder, check=True, capture_output=True)  # noqa: E731
    # a 3-SAT formula at the threshold, reduced to INDEPENDENT SET: brute force cannot finish
    run("generate", "3sat", "--seed", "3", "-p", "num_vars=60", "-p", "ratio=4.26", "-o", "f3.json")
    run("reduce", "3sat-to-indset", "f3.json", "-o", "indset.json")
    made["3sat"], made["indset"] = folder / "f3.json", folder / "indset.json"
    big = folder / "wide.json"  # a wide formula: drawing it is slow (the drawing's own limits aside)
    big.write_text(json.dumps({"problem": "cnf", "num_vars": 200_000,
                               "clauses": [[i, -(i + 1), i + 2] for i in range(1, 199_998, 2)]}))
    made["wide"] = big
    made["board"] = folder / "board.txt"
    made["board"].write_text(" ".join(map(str, scrambled(5, 400, seed=1))) + "\n")
    return made


def scrambled(side: int, moves: int, seed: int) -> list[int]:
    """The goal board (1 .. n^2-1, blank last) after ``moves`` random moves of the blank: solvable."""
    import random

    rng = random.Random(seed)
    board = list(range(1, side * side)) + [0]
    blank = side * side - 1
    for _ in range(moves):
        row, col = divmod(blank, side)
        options = [(row + dr) * side + col + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= row + dr < side and 0 <= col + dc < side]
        target = rng.choice(options)
        board[blank], board[target] = board[target], board[blank]
        blank = target
    return board


def start_load(count: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def signal_row(name: str, command: list[str], folder: Path, after: float, signum: int) -> dict:
    process = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    if process.poll() is not None:
        return {"command": name, "signal": signal.Signals(signum).name, "note": f"ended first ({process.returncode})"}
    children = descendants(process.pid)
    sent = time.monotonic()
    process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
        return {"command": name, "signal": signal.Signals(signum).name, "seconds": None, "status": "killed at 60 s"}
    took = time.monotonic() - sent
    time.sleep(0.3)
    left = [pid for pid in children if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return {"command": name, "signal": signal.Signals(signum).name, "seconds": round(took, 2),
            "status": process.returncode, "children": len(children), "children_left": len(left),
            "traceback": "Traceback" in err}


def timeout_row(name: str, command: list[str], folder: Path, limit: float, startup: float) -> dict:
    began = time.monotonic()
    run = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=600)
    wall = time.monotonic() - began
    bound = 1.2 * limit + 0.5 + startup
    return {"command": name, "T": limit, "wall": round(wall, 2), "ratio": round(wall / limit, 2),
            "bound": round(bound, 2), "within": wall <= bound and wall <= limit + 2, "status": run.returncode,
            "said": (run.stdout.strip().splitlines() or [""])[0][:30] + " | " + run.stderr.strip()[:70]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", type=int, default=2, help="busy loops running meanwhile (default 2)")
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--signal-after", type=float, default=2.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        made = inputs(folder)
        load = start_load(args.load)
        try:
            began = time.monotonic()
            subprocess.run([*NPW, "--version"], capture_output=True, check=True)
            startup = time.monotonic() - began
            print(f"machine {os.uname().nodename}, {os.cpu_count()} cores, load {args.load} busy loops, "
                  f"start-up (npw --version) {startup:.2f} s")
            php, indset, wide = str(made["php"]), str(made["indset"]), str(made["wide"])
            signals = [
                ("solve php --backend sat:g4", [*NPW, "solve", php, "--backend", "sat:g4"], signal.SIGTERM),
                ("solve php --backend sat:cd19", [*NPW, "solve", php, "--backend", "sat:cd19"], signal.SIGTERM),
                ("solve php --backend smt", [*NPW, "solve", php, "--backend", "smt"], signal.SIGTERM),
                ("solve indset (default decider)", [*NPW, "solve", indset], signal.SIGTERM),
                ("solve indset --backend brute", [*NPW, "solve", indset, "--backend", "brute"], signal.SIGTERM),
                ("verify 1in3sat-to-224sat --workers 2", [*NPW, "verify", "1in3sat-to-224sat", "--random", "1000000",
                                                        "--workers", "2", "--quiet"], signal.SIGTERM),
                ("explore 3sat-to-indset", [*NPW, "explore", "3sat-to-indset", str(made["3sat"]), "-o", "p.html"],
                 signal.SIGTERM),
                ("solve php --backend sat:g4 (SIGINT)", [*NPW, "solve", php, "--backend", "sat:g4"], signal.SIGINT),
                ("verify --workers 2 (SIGINT)", [*NPW, "verify", "1in3sat-to-224sat", "--random", "1000000",
                                                 "--workers", "2", "--quiet"], signal.SIGINT),
            ]
            print("\n| command | signal | seconds to exit | status | children | left | traceback |")
            print("|---|---|---|---|---|---|---|")
            for label, command, signum in signals:
                row = signal_row(label, command, folder, args.signal_after, signum)
                print(f"| {row['command']} | {row['signal']} | {row.get('seconds')} | {row.get('status', row.get('note'))}"
                      f" | {row.get('children', '')} | {row.get('children_left', '')} | {row.get('traceback', '')} |",
                      flush=True)
            t = str(args.timeout)
            timed = [
                ("solve php --backend sat:g4", [*NPW, "solve", php, "--backend", "sat:g4", "--timeout", t]),
                ("solve php --backend sat:cd19", [*NPW, "solve", php, "--backend", "sat:cd19", "--timeout", t]),
                ("solve php --backend smt", [*NPW, "solve", php, "--backend", "smt", "--timeout", t]),
                ("solve php (default)", [*NPW, "solve", php, "--timeout", t]),
                ("solve indset (default)", [*NPW, "solve", indset, "--timeout", t]),
                ("solve indset --backend brute", [*NPW, "solve", indset, "--backend", "brute", "--timeout", t]),
                ("render wide cnf", [*NPW, "render", wide, "-o", "w.svg", "--timeout", t]),
                ("render indset --solve", [*NPW, "render", indset, "--solve", "-o", "i.svg", "--timeout", t]),
                ("reduce wide cnf-to-3sat", [*NPW, "reduce", "cnf-to-3sat", wide, "-o", "w3.json", "--timeout", t]),
                ("explore 3sat-to-indset", [*NPW, "explore", "3sat-to-indset", str(made["3sat"]), "-o", "e.html",
                                            "--timeout", t]),
                ("puzzle solve 5x5 idastar", [*NPW, "puzzle", "solve", str(made["board"]), "--heuristic",
                                              "linear-conflict", "--timeout", t]),
            ]
            print(f"\n| command (--timeout {t}) | wall s | wall / T | bound 1.2T+0.5+start-up | within it and T+2 s | status | "
                  f"said |")
            print("|---|---|---|---|---|---|---|")
            for label, command in timed:
                row = timeout_row(label, command, folder, args.timeout, startup)
                print(f"| {row['command']} | {row['wall']} | {row['ratio']} | {row['bound']} | {row['within']} | "
                      f"{row['status']} | {row['said']} |", flush=True)
        finally:
            for process in load:
                process.kill()


if __name__ == "__main__":
    main()
