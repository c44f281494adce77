"""Valid inputs at the named size limits (issue 30): every command finishes inside its time limit or
refuses the size up front in one line, and none uses more than 1 GiB.

    python bench/limits_sweep.py [--only SUBSTRING] [--cap 40] [--solve-timeout 5] [--reductions 3] [--table]

For each problem, an instance at its named limits (``npw.instances.base.LIMITS``: MAX_VARIABLES,
MAX_VERTICES, MAX_TORUS_CELLS, MAX_CHESS_SIDE, MAX_Q, MAX_NUMBERS, ...; where a second size has no
name of its own, as many elements as a file of a few MB holds) is written to a temporary folder,
then run through ``solve --timeout 5``, ``render``, and ``reduce`` and ``explore --timeout 5``
with the reductions out of its problem (the first ``--reductions`` by name; 0: every one), each
as its own process. A row gives the exit status,
the wall clock and the process's peak resident memory (``os.wait4``'s ru_maxrss), and the first
line of stderr. A run is killed at ``--cap`` seconds (then marked KILLED). The last line counts
the runs past 10 s + start-up (``SLOW``, 15 s) and past 1 GiB (``BIG``).
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
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
NPW = [sys.executable, "-m", "npw"]
SLOW_SECONDS = 15.0  # 10 s of work + start-up and loading of a file at the limits
BIG_KIB = 2**20  # 1 GiB

N_VARS = 10_000_000  # MAX_VARIABLES
N_VERTICES = 100_000  # MAX_VERTICES (MAX_Q, MAX_NUMBERS, MAX_UNIVERSE, MAX_SETS are the same)
CELLS = 1_000_000  # MAX_TORUS_CELLS
CHESS_SIDE = 1_000_000  # MAX_CHESS_SIDE


def path_edges(n: int) -> list[list[int]]:
    return [[i, i + 1] for i in range(n - 1)]


def instances() -> dict[str, Callable[[], dict]]:
    """name -> a function building the instance document (built one at a time: a few are 100 MB
    as Python objects)."""
    n = N_VERTICES
    big = 10**17  # numbers near MAX_INTEGER / 10^2 (their sums stay within int64)
    docs: dict[str, Callable[[], dict]] = {}
    for problem, clause in (("cnf", [1, -2, 3]), ("3sat", [1, -2, 3]), ("1in3sat", [1, -2, 3]),
                            ("nae3sat", [1, -2, 3]), ("nae4sat", [1, -2, 3, 4])):
        docs[f"{problem} n=10^7 m=1"] = lambda problem=problem, clause=clause: {"problem": problem, "num_vars": N_VARS, "clauses": [clause]}
    docs["cnf n=10^5 m=10^6"] = lambda: {"problem": "cnf", "num_vars": n,
                                 "clauses": [[1 + i % n, -(1 + (i * 7) % n), 1 + (i * 13) % n] for i in range(10**6)]}
    m = 200_000  # 2/2/4-SAT: each variable twice unnegated, twice negated
    docs["224sat m=2*10^5"] = lambda: {"problem": "224sat", "num_vars": m,
                               "clauses": [[1 + i, 1 + (i + 1) % m, -(1 + (i + 2) % m), -(1 + (i + 3) % m)] for i in range(m)]}
    pm = 1_000_000
    for problem in ("pm3sat", "pm3sat-2occ"):
        docs[f"{problem} n=10^6 m=1"] = lambda problem=problem: {"problem": problem, "num_vars": pm, "clauses": [[1, 2, 3]],
                                         "order": list(range(1, pm + 1)), "levels": [1]}
    for problem in ("indset", "vertexcover", "clique", "domset", "coloring"):
        docs[f"{problem} n=10^5 path"] = lambda problem=problem: {"problem": problem, "num_vertices": n, "edges": path_edges(n),
                                          "k": 2 if problem in ("clique", "coloring") else n // 2}
    docs["clique n=2000 complete k=2000"] = lambda: {"problem": "clique", "num_vertices": 2000, "k": 2000,
                                             "edges": [[u, v] for u in range(2000) for v in range(u + 1, 2000)]}
    docs["indset n=2000 empty k=1000"] = lambda: {"problem": "indset", "num_vertices": 2000, "k": 1000, "edges": []}
    docs["hampath n=10^5 path"] = lambda: {"problem": "hampath", "num_vertices": n, "edges": path_edges(n)}
    line = [[i, 0] for i in range(n)]
    docs["hampath-grid-s n=10^5 line"] = lambda: {"problem": "hampath-grid-s", "num_vertices": n, "edges": path_edges(n),
                                          "s": 0, "coords": line}
    docs["hampath-st n=10^5 line"] = lambda: {"problem": "hampath-st", "num_vertices": n, "edges": path_edges(n),
                                      "s": 0, "t": n - 1, "coords": line}
    docs["hamcycle n=10^5 cycle"] = lambda: {"problem": "hamcycle", "num_vertices": n, "edges": path_edges(n) + [[0, n - 1]]}
    docs["dhamcycle n=10^5 cycle"] = lambda: {"problem": "dhamcycle", "num_vertices": n,
                                      "edges": path_edges(n) + [[n - 1, 0]]}
    docs["fvs n=10^5 cycle"] = lambda: {"problem": "fvs", "num_vertices": n, "arcs": path_edges(n) + [[n - 1, 0]], "k": 1}
    docs["rel n=10^5 cycle"] = lambda: {"problem": "rel", "directed": True, "vertices": [f"v{i}" for i in range(n)],
                                "edges": [[f"v{i}", f"v{(i + 1) % n}", 1] for i in range(n)],
                                "elements": ["p0"], "initial": ["v0"], "final": ["v1"]}
    docs["solochess 10^6 x 10^6"] = lambda: {"problem": "solochess", "width": CHESS_SIDE, "height": CHESS_SIDE,
                                     "pieces": [[0, 0, "rook"], [CHESS_SIDE - 1, 0, "pawn"]]}
    side = 1000  # npuz: a file of two 1000 x 1000 boards is 14 MB (MAX_PUZZLE_SIDE 4000 is 16M cells a board)

    def npuz() -> dict:
        board = [[(r * side + c + 1) % (side * side) for c in range(side)] for r in range(side)]
        return {"problem": "npuz", "n": side, "start": board, "goal": board, "k": 10}

    docs["npuz n=1000"] = npuz
    docs["torus 1000x1000"] = lambda: {"problem": "torus", "rows": 1000, "cols": 1000, "metric": "drag",
                               "board": [[r * 1000 + c + 1 for c in range(1000)] for r in range(1000)]}
    docs["torus 10^6x1"] = lambda: {"problem": "torus", "rows": CELLS, "cols": 1, "metric": "drag",
                            "board": [[r + 1] for r in range(CELLS)]}
    docs["bwp 10^6x1"] = lambda: {"problem": "bwp", "bound": 5, "start": ["#"] + ["."] * (CELLS - 1),
                          "goal": ["."] * (CELLS - 1) + ["#"]}
    docs["bwp 1000x1000"] = lambda: {"problem": "bwp", "bound": 5, "start": ["#" + "." * 999] + ["." * 1000] * 999,
                             "goal": ["." * 999 + "#"] + ["." * 1000] * 999}
    third = n // 3
    docs["3partition m=33333"] = lambda: {"problem": "3partition", "bound": 3 * big, "numbers": [big] * (3 * third)}
    quarter = n // 4
    docs["4partition m=25000"] = lambda: {"problem": "4partition", "bound": 4 * big, "numbers": [big] * (4 * quarter)}
    numbers = [10**12 + i for i in range(n)]  # 100,000 ints: built once, shared by four instances
    docs["subsetsum n=10^5"] = lambda: {"problem": "subsetsum", "numbers": numbers, "target": sum(numbers) // 2}
    docs["partition n=10^5"] = lambda: {"problem": "partition", "numbers": numbers}
    docs["knapsack n=10^5"] = lambda: {"problem": "knapsack", "weights": numbers, "values": numbers,
                               "capacity": sum(numbers) // 2, "goal": sum(numbers) // 2}
    docs["binpacking n=10^5"] = lambda: {"problem": "binpacking", "sizes": numbers, "capacity": 10**13, "bins": n // 5}
    docs["3dm q=10^5"] = lambda: {"problem": "3dm", "q": n, "triples": [[i, i, i] for i in range(n)]}
    docs["x3c q=10^5"] = lambda: {"problem": "x3c", "q": n, "sets": [[3 * i, 3 * i + 1, 3 * i + 2] for i in range(n)]}
    docs["setcover u=10^5"] = lambda: {"problem": "setcover", "universe": n, "sets": [[i] for i in range(n)], "k": n}
    return docs


def reductions_from(problem: str) -> list[str]:
    listing = json.loads(subprocess.run(NPW + ["list", "--json"], capture_output=True, text=True, cwd=ROOT,
                                        check=True).stdout)
    return sorted(r["id"] for r in listing["reductions"] if r["source"] == problem)


def run(command: list[str], cap: float) -> tuple[str, float, int, str]:
    """(exit status or KILLED, seconds, peak KiB, first line of stderr) of one command."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(NPW + command, stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT,
                                   start_new_session=True)
        killed = False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > cap:
                os.killpg(process.pid, signal.SIGKILL)
                killed = True
                pid, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.05)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        lines = err.read().decode(errors="replace").splitlines()
    code = "KILLED" if killed else str(process.returncode)
    return code, seconds, usage.ru_maxrss, (lines[0] if lines else "")[:110]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="", help="run only instances whose name contains this")
    parser.add_argument("--cap", type=float, default=40.0, help="kill a run after this many seconds")
    parser.add_argument("--solve-timeout", default="5")
    parser.add_argument("--table", action="store_true", help="print a Markdown table")
    parser.add_argument("--reductions", type=int, default=3,
                        help="reductions out of each problem to run (default 3: the 22 hampath-to-solochess "
                             "variants alone are 44 runs; 0 = all)")
    parser.add_argument("--write", nargs=2, metavar=("NAME", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        name, path = args.write
        with open(path, "w") as handle:
            json.dump({"version": 1, **instances()[name]()}, handle, separators=(",", ":"))
        return
    listing = json.loads(subprocess.run(NPW + ["list", "--json"], capture_output=True, text=True, cwd=ROOT,
                                        check=True).stdout)
    out_of: dict[str, list[str]] = {}
    for record in listing["reductions"]:
        out_of.setdefault(record["source"], []).append(record["id"])
    rows = []
    slow = big = 0
    with tempfile.TemporaryDirectory() as folder:
        for name in instances():
            if args.only not in name:
                continue
            path = os.path.join(folder, name.replace(" ", "_").replace("^", "").replace("*", "x") + ".json")
            # written by a child process: a process forked from a parent that held the document
            # would report the parent's peak as its own (Linux keeps the pre-exec high-water mark)
            subprocess.run([sys.executable, __file__, "--write", name, path], check=True)
            problem = name.split()[0]
            out = os.path.join(folder, "out")
            commands = [["solve", "--timeout", args.solve_timeout, path], ["render", path, "-o", out + ".svg"]]
            chosen = sorted(out_of.get(problem, []))
            for reduction in chosen[:args.reductions] if args.reductions else chosen:
                commands.append(["reduce", reduction, path, "-o", out + ".json"])
                commands.append(["explore", reduction, path, "--timeout", args.solve_timeout, "-o", out + ".html"])
            for command in commands:
                code, seconds, kib, first = run(command, args.cap)
                flag = ("SLOW " if seconds > SLOW_SECONDS or code == "KILLED" else "") + ("BIG" if kib > BIG_KIB else "")
                slow += "SLOW" in flag
                big += "BIG" in flag
                shown = " ".join(command[:2] if command[0] in ("reduce", "explore") else command[:1])
                rows.append((name, shown, code, seconds, kib, flag.strip(), first))
                if args.table:
                    print(f"| {name} | {shown} | {code} | {seconds:.1f} | {kib // 1024} | {flag.strip()} | "
                          f"{first.replace('|', '/')} |", flush=True)
                else:
                    print(f"{name:32} {shown:48} {code:>6} {seconds:6.1f} s {kib // 1024:6d} MB {flag:9} {first}",
                          flush=True)
    print(f"{len(rows)} runs; past {SLOW_SECONDS:g} s or killed: {slow}; past 1 GiB: {big}")


if __name__ == "__main__":
    main()
