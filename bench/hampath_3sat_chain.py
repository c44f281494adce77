"""3-SAT -> Solo Chess through Lemma A.1 and Theorem 3.2 (issue 34): the verifier's chain check,
formula by formula, over every 3-SAT formula with up to ``--max-clauses`` clauses over at most
three variables (3-SAT's exhaustive enumeration, ``npw verify --via CHAIN --exhaustive N``'s
stream: 1,220 formulas for N = 2, 24 for N = 1).

The chain: ``3sat-to-dhamcycle-21, dhamcycle-21-to-hampath-st, hampath-to-solochess-TARGET``
(``--target``, default ``rook-pawn``: Theorem 3.2's board; the corollaries' boards, e.g.
``queen-pawn``, are the same board moved square by square). Each case is
:func:`npw.verify.check.check_case` on the composed chain, as ``npw verify --via`` runs it: both
sides decided (3-SAT by its deciders, the board by ``--decider``, default ``tour``: the special
piece's tour through frozen villains, :mod:`npw.solvers.solochess.tour`), forward and backward
through all three steps, every step's claims, and the declared size.

Printed per case (``--verbose``) and summed: source and target answers, failures, CPU seconds
(this process and its children, the SAT solvers some deciders start; the load of a shared
machine inflates wall time), and the board's pieces, width and height. ``--stride K`` takes every
K-th formula, ``--start`` skips the first ones (the unsatisfiable formulas are always checked,
first), ``--budget S`` stops after S CPU seconds (the cases done are reported, and how many were
left), ``--jsonl FILE`` writes one JSON line per case.

    python bench/hampath_3sat_chain.py [--max-clauses 2] [--target rook-pawn] [--stride 61]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

from npw.instances.sat.three_sat import enumerate_instances
from npw.reductions.registry import get_reduction
from npw.verify.check import check_case

STEPS = ("3sat-to-dhamcycle-21", "dhamcycle-21-to-hampath-st")


def chain(target: str):
    """The composed chain 3sat -> dhamcycle-21 -> hampath-st -> solochess with Theorem 3.2's
    construction (or a corollary's) ``target``."""
    steps = [get_reduction(step) for step in (*STEPS, f"hampath-to-solochess-{target}")]
    composed = steps[0]
    for step in steps[1:]:
        composed = composed.then(step)
    return composed


def satisfiable(formula) -> bool:
    """By trying every assignment (at most three variables here)."""
    return any(formula.verify(tuple(bool(bits >> i & 1) for i in range(formula.num_vars)))
               for bits in range(2 ** formula.num_vars))


def cpu() -> float:
    """CPU seconds of this process and its finished children (a SAT solver in a child process)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-clauses", type=int, default=2)
    parser.add_argument("--target", default="rook-pawn")
    parser.add_argument("--decider", default="tour", help="the board's decider (npw solve --backend)")
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="CPU seconds; stop after")
    parser.add_argument("--timeout", type=float, default=300.0, help="per decider call / reduction call")
    parser.add_argument("--witnesses", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--jsonl", default=None, help="write one JSON line per case here")
    args = parser.parse_args()
    reduction = chain(args.target)
    family = list(enumerate_instances(args.max_clauses))
    chosen = family[args.start::args.stride]
    # the unsatisfiable formulas are few (one of 1,220 for N = 2): a sample keeps them all, first
    chosen = [f for f in family if not satisfiable(f)] + [f for f in chosen if satisfiable(f)]
    out = open(args.jsonl, "w") if args.jsonl else None
    print(f"{len(chosen)} formulas: {sum(not satisfiable(f) for f in chosen)} unsatisfiable", flush=True)
    rows = []
    started = cpu()
    for number, source in enumerate(chosen):
        if args.budget is not None and cpu() - started > args.budget:
            break
        t0 = cpu()
        case = check_case(reduction, source, target_deciders=(args.decider,), timeout=args.timeout,
                          witnesses=args.witnesses)
        seconds = cpu() - t0
        row = {"clauses": [list(c) for c in source.clauses], "n": source.num_vars, "m": len(source.clauses),
               "source": case.source_answer.value, "target": case.target_answer.value,
               "failures": [f"{kind}: {text}"[:300] for kind, text in case.failures], "witnesses": case.witnesses,
               "size": case.target_size, "cpu": round(seconds, 3),
               "decider_wall": round(case.times.get(f"target:{args.decider}", 0.0), 3)}
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if args.verbose or row["failures"]:
            print(f"{number + 1}/{len(chosen)} {row['clauses']} {row['source']}->{row['target']} "
                  f"{row['size']} {seconds:.2f}s {'; '.join(row['failures'])}", flush=True)
    total = cpu() - started
    yes = sum(r["source"] == "YES" for r in rows)
    no = sum(r["source"] == "NO" for r in rows)
    bad = [r for r in rows if r["failures"] or r["source"] != r["target"]]
    print(f"chain ...-to-solochess-{args.target}: {len(rows)} of {len(chosen)} chosen formulas "
          f"(family of {len(family)}, stride {args.stride}) checked in {total:.1f} CPU s; "
          f"source yes {yes}, no {no}; target yes {sum(r['target'] == 'YES' for r in rows)}, "
          f"no {sum(r['target'] == 'NO' for r in rows)}, unknown {sum(r['target'] == 'UNKNOWN' for r in rows)}; "
          f"failing cases {len(bad)}")
    if rows:
        cpu_s = [r["cpu"] for r in rows]
        print(f"CPU s per case: median {statistics.median(cpu_s):.2f}, mean {statistics.mean(cpu_s):.2f}, "
              f"max {max(cpu_s):.2f}")
        for measure in ("pieces", "width", "height"):
            values = [r["size"][measure] for r in rows if r["size"] and measure in r["size"]]
            if values:
                print(f"board {measure}: min {min(values)}, median {statistics.median(values):.0f}, max {max(values)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
