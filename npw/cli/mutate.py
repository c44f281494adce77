"""``npw mutate REDUCTION``: the verifier's mutation score on one reduction (``npw.mutate``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from npw.cli.common import EXIT_OK, count, positive_int, positive_seconds, workers

__all__ = ["DEFAULT_MAX_MUTANTS", "DEFAULT_MUTANT_SECONDS", "cmd_mutate", "mutant_seconds", "register"]

DEFAULT_MAX_MUTANTS = 100
DEFAULT_MUTANT_SECONDS = "auto"


def mutant_seconds(text: str) -> float | None:
    """``--timeout``: ``auto`` (None: a multiple of the original's own time in the same run,
    ``npw.mutate.auto_timeout``) or a number of seconds.

    >>> mutant_seconds("auto"), mutant_seconds("45")
    (None, 45.0)
    """
    return None if text.strip().lower() == "auto" else positive_seconds(text)


def cmd_mutate(args: argparse.Namespace) -> int:
    from npw.mutate import mutate_reduction

    def progress(result: Any) -> None:
        if not args.quiet:
            print(f"  mutant {result.point.number} (line {result.point.line}, {result.point.operator}: "
                  f"{result.point.description}): {result.status}", file=sys.stderr)

    report = mutate_reduction(args.reduction, max_mutants=args.max_mutants, timeout=args.timeout,
                              workers=args.workers, seed=args.seed, progress=progress, numbers=args.mutant)
    result = report.to_json()
    if args.json:
        print(json.dumps(result))
    else:
        _print_report(result)
    return EXIT_OK


def _print_report(r: dict) -> None:
    score = "n/a (no mutant counted)" if r["score"] is None else f"{100 * r['score']:.1f}%"
    print(f"{r['reduction']}: {r['mutants']} mutants of {r['mutation_points']} mutation points in {r['module']}, "
          f"{r['seconds']} s")
    print(f"  stream: {r['stream']} (fail-fast; {r['timeout']:g} s per mutant, {r['timeout_rule']})")
    print(f"  the original: {r['baseline']} ({r['baseline_detail']}, {r['baseline_seconds']:g} s)")
    print(f"  killed {r['killed']}, survived {r['survived']}, timed out {r['timed_out']}, invalid {r['invalid']} "
          f"(not counted)")
    print(f"  score {score} = killed / (killed + survived + timed out)")
    for survivor in r["survivors"]:
        print(f"  {survivor['status']}: mutant {survivor['number']}, line {survivor['line']}, "
              f"{survivor['operator']}: {survivor['description']}")
        for line in survivor["diff"].splitlines():
            print(f"    {line}")


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("mutate", help="the verifier's mutation score on a reduction",
                            description="Makes mutants of the reduction's own code (constants +-1, comparisons "
                                        "flipped, and/or swapped, a sign swapped, a clause/edge/element dropped, a "
                                        "return replaced, + and - swapped), runs the verifier's default stream "
                                        "(fail-fast) on each in a child process, and reports killed, survived and "
                                        "timed out, with the surviving diffs. A user's FILE.py:NAME runs in the "
                                        "sandbox. docs/mutation.md.")
    p.add_argument("reduction", help="a registered reduction id, or path/to/file.py:NAME")
    p.add_argument("--max-mutants", type=positive_int, default=DEFAULT_MAX_MUTANTS, metavar="N",
                   help=f"at most N mutants, drawn with --seed from all the points (default {DEFAULT_MAX_MUTANTS})")
    p.add_argument("--timeout", type=mutant_seconds, default=None, metavar="S|auto",
                   help="wall seconds per mutant's verification (the original gets the same); past it the mutant "
                        "counts as timed out. auto (the default): 3 times the original's own time in this run, "
                        "at least 20 s (the original itself within 600 s; each call of the reduction's code bounded "
                        "as npw verify bounds it, 60 s)")
    p.add_argument("--workers", type=workers, default=1, help="mutants checked at once, each in its own process")
    p.add_argument("--seed", type=int, default=0, help="the draw of the mutants and the stream's seed")
    p.add_argument("--mutant", type=count, action="append", metavar="N",
                   help="only mutation point N (as a report numbers them); repeatable")
    p.add_argument("--quiet", action="store_true", help="no line per mutant on stderr")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_mutate)
