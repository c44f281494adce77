"""CPU seconds of light ``npw`` commands, median of several runs, two installs interleaved.

    python bench/startup.py NPW [OLD_NPW] [--repeat 9]

NPW and OLD_NPW are ``npw`` executables (each install's ``.venv/bin/npw``). Each command is
run ``--repeat`` times per install, alternating, after one unmeasured run (which writes
bytecode and numba's caches: the figures are "once caches exist"); CPU = user + sys of the
child (``getrusage``), as ``/usr/bin/time`` reports it. Commands: ``--help``, ``list``, and
``puzzle solve`` on an easy 8-puzzle and an easy 15-puzzle (default heuristic: the pattern
databases, which must be in the cache folder already), and a 1-move 24-puzzle (issue 36: its
default heuristic was chosen by importing numba). The anchor, measured in the same run: the
interpreter's own start-up (``python -c pass``, ``--python``, default this one).
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys

COMMANDS = (
    ("--help",),
    ("list",),
    ("puzzle", "solve", "1 2 3 4 5 6 0 7 8"),
    ("puzzle", "solve", "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15", "--goal", "blank-first"),
    ("puzzle", "solve", " ".join(map(str, [*range(1, 24), 0, 24]))),
)


def cpu_seconds(npw: str, args: tuple[str, ...]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([*shlex.split(npw), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("npw")
    parser.add_argument("old", nargs="?")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose bare start-up is the anchor")
    args = parser.parse_args()
    bare = [cpu_seconds(args.python, ("-c", "pass")) for _ in range(args.repeat)]
    print(f"anchor, {args.python} -c pass: {statistics.median(bare):.3f} s (min {min(bare):.3f}, max {max(bare):.3f})")
    installs = {"new": args.npw, **({"old": args.old} if args.old else {})}
    for command in COMMANDS:
        times: dict[str, list[float]] = {name: [] for name in installs}
        for npw in installs.values():
            cpu_seconds(npw, command)  # caches
        for _ in range(args.repeat):
            for name, npw in installs.items():
                times[name].append(cpu_seconds(npw, command))
        print(f"npw {' '.join(repr(a) if ' ' in a else a for a in command)}: " + ", ".join(
            f"{name} {statistics.median(t):.3f} s (min {min(t):.3f}, max {max(t):.3f})" for name, t in times.items()))


if __name__ == "__main__":
    main()
