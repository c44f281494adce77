"""``npw solve``: decide an instance file, or export its encoding."""

from __future__ import annotations

import argparse
import json
import sys

from npw.cli.guard import backstop, owns_process
from npw.cli.common import (EXIT_BAD_INPUT, EXIT_OK, UsageError, add_format_option, decider_seconds, emit, load_file,
                            output_path, positive_seconds)
from npw.instances.base import dumps

__all__ = ["cmd_solve", "register", "solve_out_of_time"]

def cmd_solve(args: argparse.Namespace) -> int:
    from npw.solvers import Answer, export, solve

    to_stdout = args.output == "-"  # the certificate (or export) is standard output's whole content
    if to_stdout and args.json and not args.emit:
        raise UsageError("solve: --json and -o - both write to standard output; give one of them")
    instance = load_file(args.input, args.input_format)
    if args.emit:
        emit(export(instance, args.emit), args.output)
        return EXIT_OK
    result = solve(instance, backend=args.backend, timeout=decider_seconds(args))
    certificate = instance.certificate_to_json(result.certificate) if result.answer is Answer.YES else None
    refused = result.stats.get("refused")
    if args.json:
        stats = {k: v for k, v in result.stats.items() if v is None or isinstance(v, (int, float, str, bool))}
        print(json.dumps({"answer": result.answer.value, "backend": result.backend, "certificate": certificate,
                          "stats": stats}))
    elif to_stdout and not refused:  # the answer goes to stderr, so that stdout holds what -o FILE would
        print(result.answer.value, file=sys.stderr)
    elif not refused:
        print(result.answer.value)
        if certificate is not None:
            print(json.dumps(certificate))
    if refused:
        # a size this decider cannot take is bad input for it (exit 2), not an UNKNOWN answer:
        # no time limit would change it; --json still gets its object on stdout
        print(f"npw: error: {args.input}: refused by {result.backend}: {refused}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.output and certificate is not None:
        emit(dumps(certificate), args.output)
    from npw.solvers.child import leave_now_if_warming  # a decider's loading still under way: exit at once

    return leave_now_if_warming(EXIT_OK, owns_process(args))


def solve_out_of_time(args: argparse.Namespace) -> tuple[str, str, int]:
    """What ``npw solve`` says when its guard stops a decider that overran ``--timeout``: the
    answer UNKNOWN, as a decider out of time gives it (exit 0)."""
    if args.json:
        stats = {"stopped_by": "the command's time guard", "timeout": args.timeout}
        return json.dumps({"answer": "UNKNOWN", "backend": args.backend, "certificate": None, "stats": stats}) + "\n", \
            "", 0
    if args.output == "-":
        return "", "", 0  # stdout holds only what -o FILE would; the answer goes to stderr below
    return "UNKNOWN\n", "", 0


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("solve", help="decide an instance file")
    p.add_argument("input", help="the instance file; - reads standard input (see --format)")
    add_format_option(p)
    p.add_argument("--backend", "-b", help="decider (npw list shows them); sat:NAME picks a python-sat solver")
    p.add_argument("--timeout", type=positive_seconds, help="seconds; out of time answers UNKNOWN")
    p.add_argument("--emit", help="instead of solving, export the encoding: dimacs, smt2")
    p.add_argument("--output", "-o", type=output_path,
                   help="write the certificate (or the export) to this file (- for standard output, the answer "
                        "then going to stderr; .gz/.xz/.bz2 compressed)")
    p.add_argument("--json", action="store_true")
    # the deciders keep --timeout themselves; the guard is the backstop behind them (npw.cli.guard)
    p.set_defaults(run=cmd_solve, out_of_time=solve_out_of_time,
                   time_limit=lambda args: None if args.timeout is None or args.emit else backstop(args.timeout))
