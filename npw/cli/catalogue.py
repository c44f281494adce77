"""``npw index``: rewrite (or, with ``--check``, check) the index of built-in declarations.

Problems, deciders, exports and reductions each declare themselves in their own module; the
index (:mod:`npw.catalogue`) is where start-up finds them without importing every module.
"""

from __future__ import annotations

import argparse

from npw.cli.common import EXIT_FAILED, EXIT_OK

__all__ = ["cmd_index", "register"]


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


def register(commands: argparse._SubParsersAction) -> None:
    index = commands.add_parser("index", help="rewrite the index of built-in problems, deciders and reductions",
                                description="Imports every module of the package once and writes where each "
                                            "problem, decider, export and reduction is declared to the layers' "
                                            "_index.json (run it after adding a module; the suite checks it).")
    index.add_argument("--check", action="store_true", help="only say whether the index is current (exit 1 if not)")
    index.set_defaults(run=cmd_index)
