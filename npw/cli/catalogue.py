"""``npw index``: rewrite (or, with ``--check``, check) the index of built-in declarations;
``npw new problem NAME`` / ``npw new reduction SRC TGT``: the files of a new one (:mod:`npw.skeleton`).

Problems, deciders, exports and reductions each declare themselves in their own module; the
index (:mod:`npw.catalogue`) is where start-up finds them without importing every module.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from npw.cli.common import EXIT_FAILED, EXIT_OK, Parser, UsageError

__all__ = ["cmd_index", "cmd_new", "register"]


def cmd_index(args: argparse.Namespace) -> int:
    from npw.catalogue import stale_indexes, write_indexes

    if args.check:
        stale = stale_indexes()
        for layer in stale:
            print(f"the {layer} index is stale: run npw index")
        return EXIT_FAILED if stale else EXIT_OK
    for path in write_indexes():
        print(f"wrote {path}")
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    from npw.skeleton import SkeletonError, new_problem, new_reduction

    try:
        if args.kind == "problem":
            written = new_problem(args.name, room=args.room, root=args.root)
        else:
            written = new_reduction(args.source, args.target, room=args.room, root=args.root)
    except SkeletonError as error:
        raise UsageError(f"new {args.kind}: {error}") from None
    for path in written:
        print(f"wrote {path}")
    tests = [path for path in written if path.parent.name == "tests"]
    if args.kind == "problem":
        print(f"next: edit them into your problem, run pytest {tests[0]}, then npw index")
    else:
        print("next: fill in the stub (its test is skipped until STUB = False), npw verify, then npw index")
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    index = commands.add_parser("index", help="rewrite the index of built-in problems, deciders and reductions",
                                description="Imports every module of the package once and writes where each "
                                            "problem, decider, export and reduction is declared to the layers' "
                                            "_index.json (run it after adding a module; the suite checks it).")
    index.add_argument("--check", action="store_true", help="only say whether the index is current (exit 1 if not)")
    index.set_defaults(run=cmd_index)

    new = commands.add_parser("new", help="write the files of a new problem or reduction (never overwrites)",
                              description="Writes a new problem (a small complete example to edit: instance type, "
                                          "checker, JSON, generator, enumerator, shrinker, drawing, brute-force "
                                          "decider, test) or the stub of a new reduction (its maps to fill in, a "
                                          "test skipped until then). Run npw index afterwards.")
    kinds = new.add_subparsers(dest="kind", required=True, parser_class=Parser)
    problem = kinds.add_parser("problem", help="instances/ROOM/NAME.py, solvers/ROOM/NAME.py, tests/test_NAME.py")
    problem.add_argument("name", help="the problem id and module name (a lower-case identifier)")
    reduction = kinds.add_parser("reduction", help="reductions/ROOM/SRC_to_TGT.py (a stub) and its test")
    reduction.add_argument("source", help="the source problem's id")
    reduction.add_argument("target", help="the target problem's id")
    for parser in (problem, reduction):
        parser.add_argument("--room", help="the family folder (default: the problem's name; for a reduction the "
                                           "target's room)")
        parser.add_argument("--root", type=Path, help="the source tree to write into (default: the one npw runs from)")
        parser.set_defaults(run=cmd_new)
