"""The shared loop of ``bench/solochess_3sat_chain.py`` (Section 3.2's route) and
``bench/hampath_3sat_chain.py`` (the Lemma A.1 route): the verifier's chain check formula by
formula over every 3-SAT formula with up to ``--max-clauses`` clauses over at most three
variables (3-SAT's exhaustive enumeration, ``npw verify --via CHAIN --exhaustive N``'s stream:
1,220 formulas for N = 2, 24 for N = 1), the unsatisfiable ones first.

Each case is :func:`npw.verify.check.check_case` on the composed chain, as ``npw verify --via``
runs it. Printed per case (``--verbose``) and summed: source and target answers, failures, CPU
seconds (this process and its finished children: a SAT solver may run in one), and the board's
pieces, width and height; ``--jsonl FILE`` writes one JSON line per case (a run stopped early is
continued with ``--start``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
from typing import Any, Sequence

from npw.instances.sat.three_sat import enumerate_instances
from npw.reductions.registry import get_reduction
from npw.verify.check import check_case

__all__ = ["add_arguments", "chain", "cpu", "run", "satisfiable"]


def chain(steps: Sequence[str]) -> Any:
    """The registered reductions ``steps`` composed with ``Reduction.then``."""
    reductions = [get_reduction(step) for step in steps]
    composed = reductions[0]
    for step in reductions[1:]:
        composed = composed.then(step)
    return composed


def satisfiable(formula: Any) -> bool:
    """By trying every assignment (at most three variables here)."""
    return any(formula.verify(tuple(bool(bits >> i & 1) for i in range(formula.num_vars)))
               for bits in range(2 ** formula.num_vars))


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def add_arguments(parser: argparse.ArgumentParser, target: str, decider: str, timeout: float) -> None:
    """The options both scripts take; ``target``, ``decider`` and ``timeout``: their defaults."""
    parser.add_argument("--max-clauses", type=int, default=2)
    parser.add_argument("--target", default=target)
    parser.add_argument("--decider", default=decider, help="the board's decider (npw solve --backend)")
    parser.add_argument("--stride", type=int, default=1, help="every K-th formula (a sample spread over the family)")
    parser.add_argument("--start", type=int, default=0, help="skip the first formulas")
    parser.add_argument("--stop", type=int, default=None, help="end before this formula (a shard: --start A --stop B)")
    parser.add_argument("--budget", type=float, default=None, help="CPU seconds; stop after")
    parser.add_argument("--timeout", type=float, default=timeout, help="per decider call / reduction call")
    parser.add_argument("--witnesses", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--jsonl", default=None, help="write one JSON line per case here")


def run(reduction: Any, args: argparse.Namespace) -> int:
    """Checks the chosen formulas; 1 if a case failed or its two sides disagree, else 0."""
    family = list(enumerate_instances(args.max_clauses))
    chosen = family[args.start:args.stop:args.stride]
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
    bad = [r for r in rows if r["failures"] or r["source"] != r["target"]]
    answers = {side: {a: sum(r[side] == a for r in rows) for a in ("YES", "NO", "UNKNOWN")} for side in ("source", "target")}
    print(f"chain ...-to-solochess-{args.target}: {len(rows)} of {len(chosen)} chosen formulas "
          f"(family of {len(family)}, stride {args.stride}) checked in {total:.1f} CPU s; "
          f"source yes {answers['source']['YES']}, no {answers['source']['NO']}; target yes {answers['target']['YES']}, "
          f"no {answers['target']['NO']}, unknown {answers['target']['UNKNOWN']}; failing cases {len(bad)}")
    if rows:
        cpu_s = [r["cpu"] for r in rows]
        print(f"CPU s per case: median {statistics.median(cpu_s):.2f}, mean {statistics.mean(cpu_s):.2f}, "
              f"max {max(cpu_s):.2f}")
        for measure in ("pieces", "width", "height"):
            values = [r["size"][measure] for r in rows if r["size"] and measure in r["size"]]
            if values:
                print(f"board {measure}: min {min(values)}, median {statistics.median(values):.0f}, max {max(values)}")
    return 1 if bad else 0
