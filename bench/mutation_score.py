"""Issue 33: the mutation score of every built-in reduction on the verifier's default stream.

    python bench/mutation_score.py [--max-mutants 20] [--timeout auto] [--workers 2] [--seed 0]
                                   [--out bench/mutation_score.jsonl] [--table bench/mutation_score.md]
                                   [--only ID,ID] [--table-only]

Runs ``npw mutate ID --json --quiet`` for each registered reduction (``npw list --json``; the one
chain is left out: its links are mutated one by one), one after another, appending each report
as one JSON line to ``--out`` as it finishes (a rerun skips the ids already there), and writes
the markdown table of what finished to ``--table``. Reductions declared in one module share
its code only where they name the same functions: each is mutated from its own record's
statement (``npw.mutate.roots_of``), so the 15 Solo Chess corollaries each get their own
transforms mutated, and the ``--max-mutants`` cap keeps the run within its budget.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NPW = [sys.executable, "-m", "npw"]


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}


def reduction_ids() -> list[str]:
    listing = json.loads(subprocess.run(NPW + ["list", "--json"], capture_output=True, text=True, check=True,
                                        env=_env(), cwd=ROOT).stdout)
    return [r["id"] for r in listing["reductions"]]


def done_ids(path: str) -> dict[str, dict]:
    found: dict[str, dict] = {}
    if os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                if line.strip():
                    record = json.loads(line)
                    found[record["reduction"]] = record
    return found


def table(records: list[dict], all_ids: list[str]) -> str:
    lines = ["| reduction | points | mutants | killed | survived | timed out | invalid | score | original s "
             "| limit s | seconds |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    scores = []
    for record in records:
        if "error" in record:
            lines.append(f"| {record['reduction']} | | | | | | | error: {record['error'][:60]} | |")
            continue
        score = record["score"]
        not_run = record.get("not_run") or []
        if score is not None and not_run:
            # mutants left out as argued equivalent (docs/mutation.md) count as survivors here: the
            # table's figure is the conservative one
            score = record["score_with_not_run_as_survivors"]
        if score is None:
            shown = f"no score (original {record['baseline']})"
        else:
            shown = f"{100 * score:.0f}%" + (f" ({len(not_run)} not run, counted survived)" if not_run else "")
            scores.append(score)
        name = record["reduction"] + (f" (2nd pass: {record['timeout']:g} s, {record['stream']})"
                                      if record.get("second_pass") else "")
        name += " (earlier run)" if record.get("earlier") else ""
        name += f" ({record['later']})" if record.get("later") else ""
        original = f"{record['baseline_seconds']:.0f}" if "baseline_seconds" in record else ""
        lines.append(f"| {name} | {record['mutation_points']} | {record['mutants']} | "
                     f"{record['killed']} | {record['survived']} | {record['timed_out']} | {record['invalid']} | "
                     f"{shown} | {original} | {record['timeout']:.0f} | {record['seconds']:.0f} |")
    fresh = [r["score"] for r in records if r.get("score") is not None and not r.get("earlier") and not r.get("later")]
    missing = [i for i in all_ids if i not in {r["reduction"] for r in records}]
    summary = [f"\n{len(records)} of {len(all_ids)} reductions run; "
               f"median score {100 * statistics.median(scores):.0f}% over the {len(scores)} with a score; "
               f"killed {sum(r.get('killed', 0) for r in records)}, survived {sum(r.get('survived', 0) for r in records)}, "
               f"timed out {sum(r.get('timed_out', 0) for r in records)}." if scores else "\nno score yet."]
    if fresh and len(fresh) < len(scores):
        summary.append(f"This run alone (rows not marked earlier): median {100 * statistics.median(fresh):.0f}% over "
                       f"the {len(fresh)} with a score; {sum(1 for x in fresh if x >= 0.9)} of them at 90% or more.")
    if missing:
        summary.append(f"Not run (the budget ran out): {', '.join(missing)}.")
    return "\n".join(lines + summary) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-mutants", type=int, default=20)
    parser.add_argument("--timeout", default="auto",
                        help="seconds per mutant, or auto (the default: 3 x the original's own time in the same "
                             "run, at least 20 s; npw.mutate.auto_timeout)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "mutation_score.jsonl"))
    parser.add_argument("--table", default=os.path.join(ROOT, "bench", "mutation_score.md"))
    parser.add_argument("--only", default="", help="these ids only, in this order")
    parser.add_argument("--earlier", default="", metavar="FILE.jsonl[,FILE.jsonl]",
                        help="reports of an earlier run: a reduction not in --out takes its row from them, marked")
    parser.add_argument("--table-only", action="store_true")
    parser.add_argument("--also", default="", metavar="FILE.jsonl[,FILE.jsonl]",
                        help="with --table-only: reports of a second pass (e.g. a longer --timeout) that replace "
                             "the first's for the same reduction, marked in the table")
    parser.add_argument("--later", action="append", default=[], metavar="LABEL=FILE.jsonl[,FILE.jsonl]",
                        help="with --table-only: rows of a later run (its rows with a score, or any row of a "
                             "reduction the others lack) replace the first's, marked with LABEL; repeated, "
                             "in order (a later --later wins)")
    args = parser.parse_args()
    ids = reduction_ids()
    chains = {"1in3sat-to-rel"} & set(ids)
    ids = [i for i in ids if i not in chains]
    if args.only:
        ids = [i for i in args.only.split(",") if i in ids]
    finished = done_ids(args.out)
    for reduction in ([] if args.table_only else ids):
        if reduction in finished:
            continue
        started = time.perf_counter()
        print(f"{reduction}: started {time.strftime('%H:%M:%S', time.gmtime())} UTC, load {os.getloadavg()[0]:.1f}",
              flush=True)
        run = subprocess.run(NPW + ["mutate", reduction, "--json", "--quiet", "--max-mutants", str(args.max_mutants),
                                    "--timeout", str(args.timeout), "--workers", str(args.workers),
                                    "--seed", str(args.seed)],
                             capture_output=True, text=True, env=_env(), cwd=ROOT)
        if run.returncode == 0:
            record = json.loads(run.stdout)
            record.pop("results", None)
        else:
            record = {"reduction": reduction, "error": (run.stderr.strip().splitlines() or ["?"])[-1]}
        with open(args.out, "a") as handle:
            handle.write(json.dumps(record) + "\n")
        finished[reduction] = record
        print(f"{reduction}: {record.get('score', record.get('error'))} in {time.perf_counter() - started:.0f} s",
              flush=True)
    for earlier in filter(None, args.earlier.split(",")):
        for reduction, record in done_ids(earlier).items():
            finished.setdefault(reduction, {**record, "earlier": True})
    for also in filter(None, args.also.split(",")):
        for reduction, record in done_ids(also).items():
            finished[reduction] = {**record, "second_pass": True}
    for spec in args.later:
        label, _, files = spec.partition("=")
        for later in filter(None, files.split(",")):
            for reduction, record in done_ids(later).items():
                if record.get("score") is not None or finished.get(reduction, {}).get("score") is None:
                    finished[reduction] = {**record, "later": label}
    records = [finished[i] for i in ids if i in finished]
    with open(args.table, "w") as handle:
        handle.write(table(records, ids))
    print(table(records, ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
