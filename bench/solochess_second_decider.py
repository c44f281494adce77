"""The knight^1 + queen NO boards of ``pm3sat-to-solochess-knight-queen`` (issue 34, part 4),
decided twice: by ``search`` (its walk fast path, the verifier's decider) and by ``cpsat``
(:mod:`npw.solvers.solochess.cpsat`, the relaxation argument of its own). The exhaustive search
is UNKNOWN after 120 s on the smallest of them, so ``cpsat`` is the second decider here.

The sources are those of ``npw verify pm3sat-to-solochess-knight-queen`` with no stream option
(the default stream: :func:`npw.verify.run.default_stream`, seed ``--seed``). Each source is
decided by SAT first, and the script builds the board of every NO source (``--all``: of every
source) and times both deciders on it. It prints one line per board and the totals: how many
NO boards both deciders call NO, and each decider's median and largest time.

    python bench/solochess_second_decider.py [--seed 0] [--timeout 120] [--all]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from npw.reductions.registry import get_reduction
from npw.solvers import solve as decide
from npw.solvers.solochess import cpsat, search
from npw.verify.cases import source_problem
from npw.verify.run import VerifySettings, case_stream, default_stream


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reduction", default="pm3sat-to-solochess-knight-queen")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--all", action="store_true", help="yes-boards too")
    args = parser.parse_args()
    reduction = get_reduction(args.reduction)
    problem = source_problem(reduction)
    settings, _ = default_stream(VerifySettings(seed=args.seed), problem)
    cases, _ = case_stream(settings, problem)
    rows = []
    for label, source in cases:
        answer = decide(source, backend="sat", timeout=args.timeout).answer.value
        if answer != "NO" and not args.all:
            continue
        board = reduction.reduce(source)
        t0 = time.process_time()
        walk = search.solve(board, timeout=args.timeout)
        t1 = time.process_time()
        second = cpsat.solve(board, timeout=args.timeout)
        t2 = time.process_time()
        rows.append((label, answer, len(board.pieces), walk.answer.value, t1 - t0, second.answer.value, t2 - t1))
        print(f"{label}: source {answer}, {len(board.pieces)} pieces; search {walk.answer.value} {t1 - t0:.2f}s; "
              f"cpsat {second.answer.value} {t2 - t1:.2f}s", flush=True)
    both_no = sum(1 for r in rows if r[1] == "NO" and r[3] == "NO" and r[5] == "NO")
    wrong = [r for r in rows if "UNKNOWN" not in (r[3], r[5]) and not r[1] == r[3] == r[5]]
    print(f"{len(rows)} boards ({sum(r[1] == 'NO' for r in rows)} from NO sources): "
          f"both deciders NO on {both_no}; disagreements {len(wrong)}; "
          f"cpsat UNKNOWN {sum(r[5] == 'UNKNOWN' for r in rows)}")
    for name, col in (("search", 4), ("cpsat", 6)):
        times = [r[col] for r in rows]
        if times:
            print(f"{name}: CPU s median {statistics.median(times):.3f}, max {max(times):.3f}")
    if rows:
        print(f"pieces: min {min(r[2] for r in rows)}, max {max(r[2] for r in rows)}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
