"""Issue 36: the verifier's cases per CPU second against a minimal loop doing the same work.

    python bench/verifier_loop.py [--npw NPW] [--old OLD_NPW] [--exhaustive 3] [--repeat 1]

The anchor, in its own process: a minimal loop over the same cases (the exhaustive 1-in-3-SAT
stream up to ``--exhaustive`` clauses, materialised first and not timed) that, per case,
decides the source with python-sat (MiniSat 2.2 on the pairwise exactly-one encoding), applies
the same reduction (``reduce`` of ``npw.reductions.sat.one_in_three_sat_to_224sat``) and decides
the target with python-sat (exactly two of four: every three literals hold a true one and a
false one), and counts the answers that agree. CPU seconds by ``time.process_time``.

The verifier: ``npw verify 1in3sat-to-224sat --exhaustive N --workers 1 --quiet`` (which also
enumerates the stream, decides the source a second way, checks the size formula, the claims,
the forward certificate and backward on several target certificates), CPU seconds of the child
(user + sys from ``os.wait4``) minus the CPU of the same command with ``--exhaustive 1`` (5
cases: the start-up). NPW / OLD_NPW: commands (``"python -m npw"``, or a wrapper). Printed:
cases per CPU second of each, and the verifier's rate over the loop's.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile

LOOP = r"""
import sys, time
from itertools import combinations
from pysat.solvers import Minisat22
from npw.instances.sat.one_in_three_sat import enumerate_instances
from npw.reductions.sat.one_in_three_sat_to_224sat import reduce

cases = list(enumerate_instances(int(sys.argv[1])))

def exactly(clauses, k):
    out = []
    for clause in clauses:
        clause = [int(l) for l in clause]
        width = len(clause)
        # at least k true: every width-k+1 literals hold a true one; at most k: every k+1 a false one
        out += [list(c) for c in combinations(clause, width - k + 1)]
        out += [[-l for l in c] for c in combinations(clause, k + 1)]
    return out

began = time.process_time()
agree = 0
for source in cases:
    with Minisat22(bootstrap_with=exactly(source.clauses.tolist(), 1)) as solver:
        source_yes = solver.solve()
    target = reduce(source)
    with Minisat22(bootstrap_with=exactly(target.clauses.tolist(), 2)) as solver:
        target_yes = solver.solve()
    agree += source_yes == target_yes
spent = time.process_time() - began
print(len(cases), agree, f"{spent:.4f}")
"""


def measured(argv: list[str], env: dict[str, str]) -> tuple[int, float, str]:
    """(exit status, CPU seconds of the child alone, its standard output)."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return process.returncode, usage.ru_utime + usage.ru_stime, out.read().decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--npw", default=f"{sys.executable} -m npw")
    parser.add_argument("--old")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the loop (same install as --npw)")
    parser.add_argument("--exhaustive", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    installs = {"new": shlex.split(args.npw), **({"old": shlex.split(args.old)} if args.old else {})}
    command = ["verify", "1in3sat-to-224sat", "--workers", "1", "--quiet", "--exhaustive"]
    for _ in range(args.repeat):
        status, _, out = measured([args.python, "-c", LOOP, str(args.exhaustive)], env)
        cases, agree, spent = out.split()
        loop_rate = int(cases) / float(spent)
        print(f"anchor, minimal loop: {cases} cases ({agree} agree) in {float(spent):.2f} CPU s = "
              f"{loop_rate:.0f} cases per CPU s")
        for name, npw in installs.items():
            _, start_up, _ = measured([*npw, *command, "1"], env)
            status, cpu, _ = measured([*npw, *command, str(args.exhaustive)], env)
            rate = int(cases) / (cpu - start_up)
            print(f"{name}: npw {' '.join(command)} {args.exhaustive}: exit {status}, {cpu:.2f} CPU s "
                  f"({start_up:.2f} s start-up) = {rate:.0f} cases per CPU s; {rate / loop_rate:.2f} of the loop")


if __name__ == "__main__":
    main()
