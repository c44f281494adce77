"""Verified cases per second for a reduction, serial and on a process pool; or two checkouts compared.

    python bench/verify_throughput.py [--reduction 1in3sat-to-224sat] [--cases 10000] [--seed 1]
    python bench/verify_throughput.py --compare OLD_CHECKOUT [--cases 10000] [--repeat 3]

Each case: source decided by brute force and MiniSat, reduce, target decided by
MiniSat, forward and backward certificates checked, sizes compared.

With ``--compare``, ``npw verify REDUCTION --random CASES --seed SEED --workers 1 --json``
(what a user runs, with its default ``--timeout``) is run from OLD_CHECKOUT and from this
checkout, interleaved ``--repeat`` times (load on a shared machine hits both alike). A
checkout runs with its own ``.venv/bin/python`` where it has one (an editable install maps
``npw.instances`` and friends to its own folders), else with this interpreter from the
checkout's folder. Printed: the best CPU seconds (user + sys of the child) and wall seconds
of each, the sweep's cases per CPU second (the CPU of the same command with one case, the
start-up, subtracted), the ratio, and whether the two JSON reports agree on every count
(everything but the timings): the results must be identical.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE = "import sys; from npw.cli import main; sys.exit(main(sys.argv[1:]))"
# report fields that measure time, not results
TIMING_FIELDS = ("seconds", "cases_per_second", "slowest_case", "decider_seconds")


def in_process(args: argparse.Namespace) -> None:
    from npw.instances.registry import get_problem
    from npw.reductions.registry import get_reduction
    from npw.verify import random_stream, verify_reduction

    reduction = get_reduction(args.reduction)
    problem = get_problem(reduction.source)
    for workers in (1, 2):
        start = time.perf_counter()
        if workers == 1:
            report = verify_reduction(reduction, random_stream(problem, args.cases, args.seed))
        else:
            with ProcessPoolExecutor(workers) as pool:
                report = verify_reduction(reduction, random_stream(problem, args.cases, args.seed), executor=pool)
        elapsed = time.perf_counter() - start
        r = report.to_json()
        print(f"{args.reduction} workers={workers}: {r['cases']} cases in {elapsed:.2f} s = "
              f"{r['cases'] / elapsed:.0f} cases/s (yes {r['source_yes']}, no {r['source_no']}, "
              f"mismatches {r['mismatches']}, certificate failures {r['certificate_failures']})")


def python_of(checkout: str) -> str:
    own = os.path.join(checkout, ".venv", "bin", "python")
    return own if os.path.exists(own) else sys.executable


def run_verify(checkout: str, npw_args: list[str]) -> tuple[float, float, dict]:
    """(CPU seconds, wall seconds, the JSON report) of one ``npw verify`` from ``checkout``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([python_of(checkout), "-c", CODE, *npw_args], cwd=checkout, capture_output=True,
                          text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: the verification found failures, still a report
        sys.exit(f"{checkout}: npw {' '.join(npw_args)} exited {done.returncode}: {done.stderr.strip()[-500:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall, json.loads(done.stdout)


def results(report: dict) -> dict:
    return {key: value for key, value in report.items() if key not in TIMING_FIELDS}


def compare(args: argparse.Namespace) -> None:
    npw_args = ["verify", args.reduction, "--random", str(args.cases), "--seed", str(args.seed), "--workers", "1",
                "--json", "--quiet"]
    checkouts = {"old": os.path.abspath(args.compare), "new": HERE}
    one_case = [str(1) if arg == str(args.cases) else arg for arg in npw_args]
    cpu = dict.fromkeys(checkouts, float("inf"))
    wall = dict.fromkeys(checkouts, float("inf"))
    start_up = dict.fromkeys(checkouts, float("inf"))
    reports: dict[str, dict] = {}
    for _ in range(args.repeat):
        for name, folder in checkouts.items():
            start_up[name] = min(start_up[name], run_verify(folder, one_case)[0])
            seconds, elapsed, report = run_verify(folder, npw_args)
            cpu[name], wall[name] = min(cpu[name], seconds), min(wall[name], elapsed)
            if name in reports and results(reports[name]) != results(report):
                sys.exit(f"{name}: two runs of the same command gave different results")
            reports[name] = report
    same = results(reports["old"]) == results(reports["new"])
    print(f"npw {' '.join(npw_args[:-2])} (best of {args.repeat}, interleaved)")
    sweep = {name: cpu[name] - start_up[name] for name in checkouts}
    for name in checkouts:
        print(f"  {name}: {cpu[name]:.2f} s CPU ({start_up[name]:.2f} s of it start-up), {wall[name]:.2f} s wall; "
              f"sweep {(args.cases - 1) / sweep[name]:.0f} cases per CPU second")
    print(f"  new / old CPU: whole command {cpu['new'] / cpu['old']:.3f}, sweep {sweep['new'] / sweep['old']:.3f}; "
          f"results identical: {same}")
    if not same:
        differing = sorted(k for k in results(reports["old"]).keys() | results(reports["new"]).keys()
                           if reports["old"].get(k) != reports["new"].get(k))
        print(f"  differing fields: {', '.join(differing)}")
        sys.exit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reduction", default="1in3sat-to-224sat")
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", metavar="OLD_CHECKOUT", help="compare `npw verify` run from this checkout")
    parser.add_argument("--repeat", type=int, default=3, help="with --compare: runs of each, interleaved")
    args = parser.parse_args()
    if args.compare:
        compare(args)
    else:
        in_process(args)


if __name__ == "__main__":
    main()
