"""Memory profile of a long unattended campaign: ``npw verify ... --db`` over many cases.

    python bench/sweep_memory.py [--reduction 1in3sat-to-224sat] [--cases 100000] [--workers 1]
                                 [--seed 1] [--interval 1.0]

Runs the real command line in a child process and samples, every ``--interval``
seconds, the resident memory of the whole process tree (the main process and its
pool workers, read from /proc). Prints the peak, the RSS at each tenth of the run
(a flat profile has no upward drift between the tenths), the command's own report
(cases/s) and the store's size. The store is a temporary file, removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NPW = [sys.executable, "-m", "npw"]


def tree_rss_kib(pid: int) -> int:
    """Resident KiB of ``pid`` and all its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        process = int(entry.name)
        children.setdefault(int(fields["PPid"]), []).append(process)
        rss[process] = int(fields.get("VmRSS", "0 kB").split()[0])
    total, stack = 0, [pid]
    while stack:
        process = stack.pop()
        total += rss.get(process, 0)
        stack.extend(children.get(process, []))
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reduction", default="1in3sat-to-224sat")
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        store = os.path.join(folder, "campaign.sqlite")
        command = NPW + ["verify", args.reduction, "--random", str(args.cases), "--seed", str(args.seed),
                         "--workers", str(args.workers), "--db", store, "--json", "--quiet"]
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        samples: list[tuple[float, int]] = []
        while child.poll() is None:
            samples.append((time.perf_counter() - start, tree_rss_kib(child.pid)))
            time.sleep(args.interval)
        out, err = child.communicate()
        elapsed = time.perf_counter() - start
        if child.returncode not in (0, 1):
            sys.exit(f"npw verify failed ({child.returncode}): {err.strip()}")
        report = json.loads(out)
        store_mib = os.path.getsize(store) / 2**20

    peak = max(kib for _, kib in samples) / 1024
    tenths = [samples[min(len(samples) - 1, round(i * (len(samples) - 1) / 10))][1] / 1024 for i in range(11)]
    print(f"command: npw verify {args.reduction} --random {args.cases} --seed {args.seed} "
          f"--workers {args.workers} --db FILE")
    print(f"cases {report['cases']}, passed {report['passed']}, {elapsed:.1f} s wall, "
          f"{report['cases_per_second']} cases/s (the command's own figure)")
    print(f"peak RSS of the process tree {peak:.0f} MiB; store {store_mib:.1f} MiB")
    print("RSS at each tenth of the run (MiB): " + " ".join(f"{value:.0f}" for value in tenths))


if __name__ == "__main__":
    main()
