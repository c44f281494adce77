"""3-SAT -> Solo Chess through Section 3.2 (issue 34, part 3): the verifier's chain check,
formula by formula, over every 3-SAT formula with up to ``--max-clauses`` clauses over at most
three variables (3-SAT's exhaustive enumeration, ``npw verify --via CHAIN --exhaustive N``'s
stream: 1,220 formulas for N = 2, 24 for N = 1).

The chain: ``3sat-to-planar3sat, planar3sat-to-pm3sat, pm3sat-to-pm3sat-2occ,
pm3sat-to-solochess-TARGET`` (``--target``, default ``king-bishop``: Theorem 3.10's boards, the
smallest that build in well under a second and that the walk decider settles, yes and no). Each
case is :func:`npw.verify.check.check_case` on the composed chain, as ``npw verify --via`` runs it:
both sides decided (3-SAT by SAT, the board by ``search``, i.e. its walk fast path), forward and
backward through all four steps, every step's claims, and the declared size (the last step's
formula on the middle instance, exact) against the built board.

Printed per case (``--verbose``) and summed: source and target answers, failures, CPU seconds
(``time.process_time``, the load of a shared machine inflates wall time), and the board's
pieces, width and height. ``--stride K`` takes every K-th formula (a sample spread over the
family), ``--start`` skips the first ones, ``--budget S`` stops after S CPU seconds (the cases
done are reported, and how many were left).

    python bench/solochess_3sat_chain.py [--max-clauses 2] [--target king-bishop] [--stride 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from npw.instances.sat.three_sat import enumerate_instances
from npw.reductions.registry import get_reduction
from npw.verify.check import check_case

STEPS = ("3sat-to-planar3sat", "planar3sat-to-pm3sat", "pm3sat-to-pm3sat-2occ")


def chain(target: str):
    """The composed chain 3sat -> ... -> solochess with Section 3.2's reduction ``target``."""
    steps = [get_reduction(step) for step in (*STEPS, f"pm3sat-to-solochess-{target}")]
    composed = steps[0]
    for step in steps[1:]:
        composed = composed.then(step)
    return composed


def satisfiable(formula) -> bool:
    """By trying every assignment (at most three variables here)."""
    return any(formula.verify(tuple(bool(bits >> i & 1) for i in range(formula.num_vars)))
               for bits in range(2 ** formula.num_vars))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-clauses", type=int, default=2)
    parser.add_argument("--target", default="king-bishop")
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="CPU seconds; stop after")
    parser.add_argument("--timeout", type=float, default=120.0, help="per decider call / reduction call")
    parser.add_argument("--witnesses", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--jsonl", default=None, help="write one JSON line per case here")
    args = parser.parse_args()
    reduction = chain(args.target)
    family = list(enumerate_instances(args.max_clauses))
    chosen = family[args.start::args.stride]
    # the no-formulas of the family are few ((x) and (not x), written as 3-literal clauses, for
    # N = 2: one of 1,220): a sample keeps them all, first, so both answers are checked
    chosen = [f for f in family if not satisfiable(f)] + [f for f in chosen if satisfiable(f)]
    out = open(args.jsonl, "w") if args.jsonl else None
    print(f"{len(chosen)} formulas: {sum(not satisfiable(f) for f in chosen)} unsatisfiable", flush=True)
    rows = []
    started = time.process_time()
    for number, source in enumerate(chosen):
        if args.budget is not None and time.process_time() - started > args.budget:
            break
        t0 = time.process_time()
        case = check_case(reduction, source, target_deciders=("search",), timeout=args.timeout,
                          witnesses=args.witnesses)
        seconds = time.process_time() - t0
        row = {"clauses": [list(c) for c in source.clauses], "n": source.num_vars, "m": len(source.clauses),
               "source": case.source_answer.value, "target": case.target_answer.value,
               "failures": [f"{kind}: {text}"[:300] for kind, text in case.failures],
               "size": case.target_size, "cpu": round(seconds, 3)}
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if args.verbose or row["failures"]:
            print(f"{number + 1}/{len(chosen)} {row['clauses']} {row['source']}->{row['target']} "
                  f"{row['size']} {seconds:.2f}s {'; '.join(row['failures'])}", flush=True)
    total = time.process_time() - started
    yes = sum(r["source"] == "YES" for r in rows)
    no = sum(r["source"] == "NO" for r in rows)
    bad = [r for r in rows if r["failures"] or r["source"] != r["target"]]
    print(f"chain ...-to-solochess-{args.target}: {len(rows)} of {len(chosen)} chosen formulas "
          f"(family of {len(family)}, stride {args.stride}) checked in {total:.1f} CPU s; "
          f"source yes {yes}, no {no}; target yes {sum(r['target'] == 'YES' for r in rows)}, "
          f"no {sum(r['target'] == 'NO' for r in rows)}, unknown {sum(r['target'] == 'UNKNOWN' for r in rows)}; "
          f"failing cases {len(bad)}")
    if rows:
        cpu = [r["cpu"] for r in rows]
        print(f"CPU s per case: median {statistics.median(cpu):.2f}, max {max(cpu):.2f}")
        for measure in ("pieces", "width", "height"):
            values = [r["size"][measure] for r in rows if r["size"] and measure in r["size"]]
            if values:
                print(f"board {measure}: min {min(values)}, median {statistics.median(values):.0f}, max {max(values)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
