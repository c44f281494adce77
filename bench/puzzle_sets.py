"""Puzzle benchmark sets from the seeds' reductions, against random puzzles of the same size.

    python bench/puzzle_sets.py [--count 2] [--timeout 10] [--families npuz,bwp,solochess] [--json FILE]

Each family is an instance set written by :func:`npw.verify.sets.write_set` with ``via`` (the
recipes of ``docs/benchmarks.md``): ``--count`` instances from a planted source (answer YES by
construction) and ``--count`` from a certified-no source (NO by construction), reduced by the
seed's reduction(s):

* ``npuz``: 1-in-3-SAT (3 variables, 2 clauses) -> 2/2/4-SAT (Theorem 6) -> nPUZ at the small unit
  (Theorem 3): boards of side 734. Theorem 3's boards are built for 2/2/4-SAT formulas of at
  most 24 variables, 7 a source clause: the source has at most 3 clauses;
* ``bwp``: 3-PARTITION (m = 2, B = 21) -> BWP (Theorem 2 of seed 001);
* ``solochess``: PM3SAT (3 variables) -> its two-occurrence form (Lemma B.1) -> Solo Chess
  (Theorem 3.9, a king among knights).

Against each instance, a random puzzle of the same size: nPUZ ``random`` with the same n and k;
BWP ``random`` with the same rows, columns, share of black cells and k planted steps; Solo Chess
``random`` on the same board with the same number of pieces of the same kinds and the same
special piece. Every decider of the puzzle runs on every instance through ``npw solve --json``
in its own process (the CLI's time and memory limits; a decider that refuses or fails is counted
as such), with ``--timeout`` seconds. Prints per family, kind (via YES, via NO, random) and
decider: runs, decided, answers, median seconds and median effort (``Result.stats``: nodes for a
search, conflicts for SAT; ``-`` where the decider reports none).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.base import dumps  # noqa: E402
from npw.instances.registry import get_problem  # noqa: E402
from npw.solvers import backends_for  # noqa: E402
from npw.verify.sets import read_set, write_set  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

FAMILIES: dict[str, dict[str, Any]] = {
    "npuz": {"via": "1in3sat-to-224sat,224sat-to-npuz", "source": "1in3sat",
             "yes": ("planted", {"num_vars": 3, "num_clauses": 2}),
             "no": ("certified-no", {"num_vars": 3, "num_clauses": 0})},
    "bwp": {"via": "3partition-to-bwp", "source": "3partition",
            "yes": ("planted", {"m": 2, "bound": 21}),
            "no": ("certified-no", {"m": 2, "bound": 21})},
    "solochess": {"via": "pm3sat-to-pm3sat-2occ,pm3sat-to-solochess-king-knight", "source": "pm3sat",
                  "yes": ("planted", {"num_vars": 3}),
                  "no": ("certified-no", {"num_vars": 3})},
}


def random_like(instance: Any, seed: int) -> Any:
    """A random puzzle of the same size as ``instance`` (see the module's docstring)."""
    problem = get_problem(instance.problem)
    if instance.problem == "npuz":
        return problem.generate("random", seed, n=instance.n, k=instance.k)
    if instance.problem == "bwp":
        size = instance.size()
        return problem.generate("random", seed, rows=size["rows"], cols=size["cols"], steps=size["bound"],
                                density=size["black"] / (size["rows"] * size["cols"]))
    if instance.problem == "solochess":
        special = instance.pieces[instance.pieces.index(next(p for p in instance.pieces
                                                              if (p.x, p.y) == tuple(instance.special)))].kind
        kinds = sorted({p.kind for p in instance.pieces if (p.x, p.y) != tuple(instance.special)})
        return problem.generate("random", seed, width=instance.width, height=instance.height,
                                num_pieces=len(instance.pieces) - 1, kinds=kinds, special=special)
    raise ValueError(instance.problem)


def solve_file(path: Path, backend: str, timeout: float) -> dict[str, Any]:
    """``npw solve PATH -b BACKEND --timeout T --json`` in its own process: answer, seconds, effort."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "npw", "solve", str(path), "-b", backend, "--timeout",
                               str(timeout), "--json"], capture_output=True, text=True, env=env,
                              timeout=timeout * 3 + 60)
    except subprocess.TimeoutExpired:
        return {"answer": "KILLED", "seconds": time.perf_counter() - started, "effort": None}
    wall = time.perf_counter() - started
    try:
        result = json.loads(done.stdout.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        line = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"answer": "ERROR", "seconds": wall, "effort": None, "error": line[:160]}
    stats = result.get("stats") or {}
    effort = next(((key, stats[key]) for key in ("nodes", "conflicts", "decisions")
                   if isinstance(stats.get(key), (int, float))), None)
    return {"answer": result.get("answer"), "seconds": stats.get("time", wall), "wall": wall, "effort": effort,
            "refused": stats.get("refused")}


def run_family(name: str, count: int, timeout: float, work: Path) -> list[dict[str, Any]]:
    family = FAMILIES[name]
    rows: list[dict[str, Any]] = []
    for kind in ("yes", "no"):
        generator, params = family[kind]
        folder = work / f"{name}-{kind}"
        started = time.perf_counter()
        write_set(folder, None, count, 37, generator, params, ["json"], via=family["via"])
        print(f"{name} {kind}: set written in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
        for entry, instance in read_set(folder):
            path = folder / entry["files"]["json"]
            random_path = work / f"{name}-{kind}-random-{entry['index']}.json"
            random_path.write_text(dumps(random_like(instance, entry["seed"]).to_dict()), encoding="utf-8")
            for label, file in ((f"via {entry['answer']}", path), ("random", random_path)):
                for backend in backends_for(instance.problem):
                    outcome = solve_file(file, backend, timeout)
                    row = {"family": name, "kind": label, "instance": file.name, "size": instance.size(),
                           "backend": backend, "expected": entry["answer"] if label != "random" else None, **outcome}
                    rows.append(row)
                    print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = ["| family | instances | decider | runs | decided | answers | median s | median effort |",
             "|---|---|---|---|---|---|---|---|"]
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["family"], row["kind"], row["backend"]), []).append(row)
    for (family, kind, backend), group in groups.items():
        answers: dict[str, int] = {}
        for row in group:
            answers[row["answer"]] = answers.get(row["answer"], 0) + 1
        decided = sum(1 for row in group if row["answer"] in ("YES", "NO"))
        efforts = [row["effort"][1] for row in group if row["effort"]]
        effort = (f"{statistics.median(efforts):.0f} {group[0]['effort'][0] if group[0]['effort'] else ''}".strip()
                  if efforts else "-")
        wrong = sum(1 for row in group if row["expected"] and row["answer"] in ("YES", "NO")
                    and row["answer"] != row["expected"])
        lines.append(f"| {family} | {kind} | {backend} | {len(group)} | {decided} | "
                     + ", ".join(f"{k} {v}" for k, v in sorted(answers.items()))
                     + (f" (**{wrong} wrong**)" if wrong else "")
                     + f" | {statistics.median(r['seconds'] for r in group):.2f} | {effort} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2, help="instances per answer and family (default 2)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per decider run (default 10)")
    parser.add_argument("--families", default=",".join(FAMILIES), help="comma-separated (default: all)")
    parser.add_argument("--json", help="write every run as JSON to this file")
    args = parser.parse_args()
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="puzzle-sets-") as work:
        for name in args.families.split(","):
            rows += run_family(name.strip(), args.count, args.timeout, Path(work))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(table(rows))
    print(f"\n{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
