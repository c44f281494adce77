"""Runs every claim a reduction declares over its case streams and counts, per claim, how
often it holds, fails or does not apply; prints the smallest failing case of each claim.

Independent of the verifier's wiring (``npw verify``): per source case it decides the
source (its problem's primary verify decider), builds the target, checks the target
claims, decides the target (the primary decider), checks the forward claims on the
forward certificate the target's checker accepts, and the backward claims on each
extraction the source's checker accepts: of the forward certificate, of the decider's
certificate, and of ``--extra`` sampled target certificates (as ``npw verify`` does).

    python bench/claims_sweep.py 1in3sat-to-224sat --exhaustive 3 --random 200
    python bench/claims_sweep.py 3partition-to-bwp --exhaustive 16 --timeout 120 --json

Exit status 1 when a claim not declared a deviation fails, else 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from npw.instances.registry import get_problem
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction
from npw.reductions.registry import get_reduction
from npw.solvers import sample_certificates, solve
from npw.solvers.result import Answer
from npw.verify.cases import exhaustive, random_stream


@dataclass
class Tally:
    """One claim's counts and its smallest failing case (by source size, then stream order)."""

    held: int = 0
    failed: int = 0
    not_applicable: int = 0
    cases_failed: set[str] = field(default_factory=set)
    smallest: tuple[tuple[int, int], str, Any, str] | None = None  # (key, label, source, detail)


def source_weight(source: Any) -> int:
    """A source's size for picking the smallest failing case: the sum of its size measures."""
    return sum(int(v) for v in source.size().values())


def run_check(claim: Claim, args: tuple) -> bool | str | None:
    try:
        return claim.check(*args)
    except Exception as error:  # a check that raises fails with its message, as in the verifier
        return f"the check raised {type(error).__name__}: {error}"


def check_stage(reduction: Reduction, stage: str, args: tuple, tallies: dict[str, Tally], label: str,
                order: int, source: Any, where: str) -> None:
    for claim in reduction.claims:
        if claim.stage != stage:
            continue
        outcome = run_check(claim, args)
        tally = tallies[claim.name]
        if outcome is None:
            tally.not_applicable += 1
        elif outcome is True:
            tally.held += 1
        else:
            tally.failed += 1
            tally.cases_failed.add(label)
            detail = (outcome if isinstance(outcome, str) else "fails") + (f" ({where})" if where else "")
            key = (source_weight(source), order)
            if tally.smallest is None or key < tally.smallest[0]:
                tally.smallest = (key, label, source, detail)


def sweep_case(reduction: Reduction, label: str, order: int, source: Any, tallies: dict[str, Tally],
               timeout: float | None, extra: int, seed: int, answers: dict[str, int]) -> None:
    source_result = solve(source, backend=get_problem(reduction.source).verify_deciders[0], timeout=timeout)
    target = reduction.reduce(source)
    check_stage(reduction, TARGET_CLAIM, (source, target), tallies, label, order, source, "")
    target_result = solve(target, backend=get_problem(reduction.target).verify_deciders[0], timeout=timeout)
    answers[f"{source_result.answer.value}->{target_result.answer.value}"] = \
        answers.get(f"{source_result.answer.value}->{target_result.answer.value}", 0) + 1
    certificates: list[tuple[str, Any]] = []
    if source_result.answer is Answer.YES and reduction.forward is not None:
        forward_certificate = reduction.forward(source, source_result.certificate)
        if target.verify(forward_certificate):
            check_stage(reduction, FORWARD_CLAIM, (source, target, source_result.certificate, forward_certificate),
                        tallies, label, order, source, "on the forward certificate")
            certificates.append(("of the forward certificate", forward_certificate))
    if target_result.answer is Answer.YES:
        certificates.append((f"of the {target_result.backend} certificate", target_result.certificate))
        for number, certificate in enumerate(sample_certificates(target, extra, seed), 1):
            certificates.append((f"of sampled target certificate {number}", certificate))
    for where, certificate in certificates:
        extracted = reduction.backward(source, target, certificate)
        if source.verify(extracted):
            check_stage(reduction, BACKWARD_CLAIM, (source, target, certificate, extracted), tallies, label, order,
                        source, where)


def streams(problem_id: str, exhaustive_size: int | None, random_count: int, seed: int) -> Iterator[tuple[str, Any]]:
    problem = get_problem(problem_id)
    if exhaustive_size is not None:
        yield from exhaustive(problem, exhaustive_size)
    if random_count:
        yield from random_stream(problem, random_count, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reduction")
    parser.add_argument("--exhaustive", type=int, default=None, metavar="N")
    parser.add_argument("--random", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per decider call")
    parser.add_argument("--extra", type=int, default=2, help="sampled target certificates per yes-case")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        reduction = get_reduction(args.reduction)
    except Exception as error:
        print(f"claims_sweep: {error}", file=sys.stderr)
        return 2
    if args.exhaustive is None and not args.random:
        print("claims_sweep: give --exhaustive N and/or --random N", file=sys.stderr)
        return 2
    tallies = {claim.name: Tally() for claim in reduction.claims}
    answers: dict[str, int] = {}
    started = time.perf_counter()
    cases = 0
    for order, (label, source) in enumerate(streams(reduction.source, args.exhaustive, args.random, args.seed)):
        sweep_case(reduction, label, order, source, tallies, args.timeout, args.extra, args.seed, answers)
        cases += 1
    seconds = time.perf_counter() - started
    deviating = {claim.name for claim in reduction.claims if claim.deviates}
    report = {
        "reduction": reduction.id, "exhaustive": args.exhaustive, "random": args.random, "seed": args.seed,
        "cases": cases, "answers": answers, "seconds": round(seconds, 1),
        "claims": {
            name: {
                "held": t.held, "failed": t.failed, "not_applicable": t.not_applicable,
                "cases_failed": len(t.cases_failed), "deviation": name in deviating,
                "smallest": None if t.smallest is None else {
                    "label": t.smallest[1], "source": t.smallest[2].to_dict(), "detail": t.smallest[3]},
            } for name, t in tallies.items()
        },
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{reduction.id}: {cases} cases in {seconds:.1f} s; answers {answers}")
        for name, entry in report["claims"].items():
            mark = " (declared deviation)" if entry["deviation"] else ""
            print(f"  {name}: held {entry['held']}, failed {entry['failed']} (in {entry['cases_failed']} cases), "
                  f"n/a {entry['not_applicable']}{mark}")
            if entry["smallest"]:
                print(f"    smallest: {entry['smallest']['label']}: {json.dumps(entry['smallest']['source'])}")
                print(f"      {entry['smallest']['detail']}")
    failing = any(t.failed and name not in deviating for name, t in tallies.items())
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
