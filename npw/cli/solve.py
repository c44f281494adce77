"""``npw solve``: decide an instance file, or export its encoding."""

from __future__ import annotations

import argparse
import json

import sys

from npw.cli.common import EXIT_BAD_INPUT, EXIT_OK, emit, load_file, output_path, positive_seconds
from npw.instances.base import dumps, write_atomically


def cmd_solve(args: argparse.Namespace) -> int:
    from npw.solvers import Answer, export, solve

    instance = load_file(args.input)
    if args.emit:
        emit(export(instance, args.emit), args.output)
        return EXIT_OK
    result = solve(instance, backend=args.backend, timeout=args.timeout)
    certificate = instance.certificate_to_json(result.certificate) if result.answer is Answer.YES else None
    refused = result.stats.get("refused")
    if args.json:
        stats = {k: v for k, v in result.stats.items() if v is None or isinstance(v, (int, float, str, bool))}
        print(json.dumps({"answer": result.answer.value, "backend": result.backend, "certificate": certificate,
                          "stats": stats}))
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
        write_atomically(args.output, dumps(certificate))
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("solve", help="decide an instance file")
    p.add_argument("input")
    p.add_argument("--backend", "-b", help="decider (npw list shows them); sat:NAME picks a python-sat solver")
    p.add_argument("--timeout", type=positive_seconds, help="seconds; out of time answers UNKNOWN")
    p.add_argument("--emit", help="instead of solving, export the encoding: dimacs, smt2")
    p.add_argument("--output", "-o", type=output_path, help="write the certificate (or the export) to this file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_solve)
