"""Issue 36: ``npw reduce`` on large inputs, the whole command against the reduction's own work.

    python bench/large_reduce.py [--npw NPW] [--old OLD_NPW] [--clauses 1000000] [--repeat 1]

Writes two inputs to a temporary folder: a random 1-in-3-SAT formula of ``--clauses`` clauses
over as many variables, and a planted 3-PARTITION of m = 100, B = 1,000. For each, in fresh
processes, one after the other in the same run:

* the anchor: the reduction alone (``reduction.build(source)`` on the source already in memory,
  built once unmeasured to load its modules), CPU seconds (``time.process_time``) and the
  process's peak RSS;
* the whole ``npw reduce R FILE -o OUT`` (reading, reducing, checking, writing), CPU seconds
  (user + sys from ``os.wait4``) and its peak RSS (``ru_maxrss`` of that child alone), with
  ``NPW_MAX_MEMORY=0`` (the command's own memory guard off: the peak is measured instead);
* with ``--old``, the same command of another install (e.g. main's), for the before figure.

NPW / OLD_NPW are commands (an ``npw`` executable, or ``"python -m npw"`` with PYTHONPATH
set in the environment of the wrapper). Prints one line per measurement and the ratio of the
whole command to the anchor.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile

ANCHOR = r"""
import resource, sys, time
from npw.instances.io import load_instance
from npw.reductions.registry import get_reduction
reduction = get_reduction(sys.argv[1])
source = load_instance(sys.argv[2])
reduction.build(source)  # unmeasured: imports, caches
began = time.process_time()
built = reduction.build(source)
spent = time.process_time() - began
print(f"{spent:.3f} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")
"""

MAKE = r"""
import sys
from npw.instances.base import dumps
from npw.instances.sat.one_in_three_sat import random_instance
from npw.instances.numbers.three_partition import planted_instance
clauses, folder = int(sys.argv[1]), sys.argv[2]
with open(f"{folder}/big.1in3sat.json", "w") as handle:
    handle.write(dumps(random_instance(1, clauses, num_clauses=clauses).to_dict()))
with open(f"{folder}/m100.3partition.json", "w") as handle:
    handle.write(dumps(planted_instance(100, 100, 1000).to_dict()))
"""


def measured(argv: list[str], env: dict[str, str]) -> tuple[int, float, float, str, bytes]:
    """Runs ``argv`` and reaps it with ``os.wait4`` (its own rusage: CPU and peak RSS)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        last = (err.read().decode(errors="replace").strip().splitlines() or [""])[-1]
        return process.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, last, out.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--npw", default=f"{sys.executable} -m npw")
    parser.add_argument("--old")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the anchor (same install as --npw)")
    parser.add_argument("--clauses", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    env = {**os.environ, "NPW_MAX_MEMORY": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([args.python, "-c", MAKE, str(args.clauses), folder], check=True, env=env)
        cases = (("1in3sat-to-224sat", f"{folder}/big.1in3sat.json"), ("3partition-to-bwp", f"{folder}/m100.3partition.json"))
        installs = {"new": shlex.split(args.npw), **({"old": shlex.split(args.old)} if args.old else {})}
        for reduction, source in cases:
            print(f"== npw reduce {reduction}, {os.path.getsize(source):,}-byte input")
            for _ in range(args.repeat):
                status, _, rss, err, out = measured([args.python, "-c", ANCHOR, reduction, source], env)
                anchor = float(out.split()[0]) if status == 0 else float("nan")
                print(f"anchor, the reduction alone: {anchor:.2f} CPU s (process peak RSS {rss:.0f} MB, "
                      f"source loaded)")
                for name, npw in installs.items():
                    target = f"{folder}/out.json"
                    status, cpu, rss, err, _ = measured([*npw, "reduce", reduction, source, "-o", target], env)
                    size = os.path.getsize(target) if os.path.exists(target) else 0
                    print(f"{name}: whole command {cpu:.2f} CPU s, peak RSS {rss:.0f} MB, exit {status}, "
                          f"output {size:,} bytes; ratio to the anchor {cpu / anchor:.2f}"
                          + (f" [{err}]" if status else ""))
                    if os.path.exists(target):
                        os.unlink(target)


if __name__ == "__main__":
    main()
