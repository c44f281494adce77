"""Runs every claim of one or more reductions over their verification streams and counts, per
claim, the cases where it holds, fails, or does not apply; prints the smallest failing case.

Usage (from the repository, in its venv):

    python bench/claims_sweep_b.py 'hampath-to-solochess-*' --exhaustive 5 --random 20
    python bench/claims_sweep_b.py 224sat-to-npuz --exhaustive 1 --random 5 --timeout 5

Per case, as the verifier would: the target is built; the target claims get (source, target);
on a yes-source (certificate from ``npw.solvers.solve``) the forward claims get the forward
certificate; every backward extraction (of the forward certificate and of the target decider's
certificate, within ``--timeout``) is given to the backward claims. A claim's failing case is
"smallest" by the sum of the source's size measures. Deviations are counted apart ("dev").
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
import time
from collections import defaultdict
from typing import Any

from npw.instances.registry import get_problem
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction
from npw.reductions.registry import get_reduction, reduction_ids
from npw.solvers import solve
from npw.solvers.result import Answer
from npw.verify.cases import exhaustive, random_stream


def run_claim(claim: Claim, *args: Any) -> tuple[str, str]:
    """('pass' | 'fail' | 'n/a', detail)."""
    try:
        result = claim.check(*args)
    except Exception as error:  # a raising check fails with its message (as the verifier counts it)
        return "fail", f"raised {type(error).__name__}: {error}"
    if result is True:
        return "pass", ""
    if result is None:
        return "n/a", ""
    return "fail", "" if result is False else str(result)


def size_of(instance: Any) -> int:
    return sum(v for v in instance.size().values() if isinstance(v, int))


def sweep(reduction: Reduction, cases, timeout: float) -> dict[str, dict]:
    stats: dict[str, dict] = {c.name: {"pass": 0, "fail": 0, "n/a": 0, "smallest": None, "claim": c}
                              for c in reduction.claims}

    def record(claim: Claim, outcome: tuple[str, str], label: str, source: Any) -> None:
        entry = stats[claim.name]
        entry[outcome[0]] += 1
        if outcome[0] == "fail":
            size = size_of(source)
            if entry["smallest"] is None or size < entry["smallest"][0]:
                entry["smallest"] = (size, label, outcome[1], source.to_dict())

    by_stage = defaultdict(list)
    for claim in reduction.claims:
        by_stage[claim.stage].append(claim)
    for label, source in cases:
        target = reduction.reduce(source)
        for claim in by_stage[TARGET_CLAIM]:
            record(claim, run_claim(claim, source, target), label, source)
        extractions = []
        source_result = solve(source)
        if source_result.answer is Answer.YES and reduction.forward is not None:
            forward = reduction.forward(source, source_result.certificate)
            for claim in by_stage[FORWARD_CLAIM]:
                record(claim, run_claim(claim, source, target, source_result.certificate, forward), label, source)
            if target.verify(forward):  # as the verifier: only an accepted certificate is extracted from
                extractions.append(forward)
        if by_stage[BACKWARD_CLAIM]:
            target_result = solve(target, timeout=timeout)
            if target_result.answer is Answer.YES:
                extractions.append(target_result.certificate)
        for certificate in extractions:
            try:
                extracted = reduction.backward(source, target, certificate)
            except Exception:  # the verifier reports the extraction itself; the claims get what it gives
                extracted = None
            for claim in by_stage[BACKWARD_CLAIM]:
                record(claim, run_claim(claim, source, target, certificate, extracted), label, source)
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reductions", help="a reduction id or a pattern ('hampath-to-solochess-*')")
    parser.add_argument("--exhaustive", type=int, default=0, metavar="N")
    parser.add_argument("--random", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per target decider call")
    parser.add_argument("--json", action="store_true", help="one JSON object per reduction")
    args = parser.parse_args(argv)
    ids = [i for i in reduction_ids() if fnmatch.fnmatchcase(i, args.reductions)]
    if not ids:
        print(f"claims_sweep_b: no reduction matches {args.reductions!r}", file=sys.stderr)
        return 2
    failed = False
    for reduction_id in ids:
        reduction = get_reduction(reduction_id)
        problem = get_problem(reduction.source)
        started = time.perf_counter()
        cases: list = []
        if args.exhaustive:
            cases += list(exhaustive(problem, args.exhaustive))
        if args.random:
            cases += list(random_stream(problem, args.random, args.seed))
        stats = sweep(reduction, cases, args.timeout)
        seconds = time.perf_counter() - started
        if args.json:
            print(json.dumps({"reduction": reduction_id, "cases": len(cases), "seconds": round(seconds, 2),
                              "claims": {name: {k: v for k, v in e.items() if k != "claim"} for name, e in stats.items()}}))
            continue
        print(f"{reduction_id}: {len(cases)} cases (exhaustive {args.exhaustive}, random {args.random} "
              f"seed {args.seed}) in {seconds:.1f} s")
        for name, entry in stats.items():
            tag = "dev " if entry["claim"].deviates else ""
            print(f"  {tag}{entry['claim'].stage:8} {name}: pass {entry['pass']}, fail {entry['fail']}, "
                  f"n/a {entry['n/a']}")
            if entry["smallest"] is not None:
                size, label, detail, source = entry["smallest"]
                print(f"      smallest failing: {label} (size {size}): {detail}")
                print(f"      source: {json.dumps(source)}")
                failed = failed or not entry["claim"].deviates
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
