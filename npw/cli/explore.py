"""``npw explore``: a reduction's source and target side by side on one self-contained HTML
page (provenance links, the forward certificate played step by step, the backward map's result,
or the verifier's findings for a no-source; see ``npw.verify.explore``).
"""

from __future__ import annotations

import argparse

from npw.cli.common import (EXIT_OK, UsageError, add_format_option, add_time_limit, chosen_reduction, emit, load_source,
                            output_path, time_left)
from npw.cli.reduce import reduction_options
from npw.instances.base import InvalidInstance

__all__ = ["DECIDER_SECONDS", "cmd_explore", "register"]

DECIDER_SECONDS = 60.0
"""The most time one decider call of the page takes (less when the command's --timeout has less left)."""


def cmd_explore(args: argparse.Namespace) -> int:
    from npw.instances.io import display_name
    from npw.verify.explore.build import explore
    from npw.verify.explore.page import render_page

    if args.output != "-" and not args.output.removesuffix(".gz").endswith((".html", ".htm")):
        raise UsageError("explore: the page is HTML (-o FILE.html, or - for standard output)")
    if args.via and args.extra_arguments:  # a chain keeps no options (Reduction.then)
        raise UsageError(f"explore --via: give only the input file with the chain, no reduction id or options "
                         f"(unexpected: {' '.join(args.extra_arguments)})")
    reduction = chosen_reduction(args, "explore")
    options = reduction_options(reduction, args.extra_arguments)
    source = load_source(args.input, args.input_format, reduction)  # a DIMACS CNF taken as 3-SAT
    name = display_name(args.input)
    try:
        page = explore(reduction, source, timeout=time_left(args, DECIDER_SECONDS), **options)
    except ValueError as error:  # InvalidInstance too: a target that cannot be built or drawn
        raise InvalidInstance(f"{name}: {reduction.id}: {error}") from None
    except Exception as error:
        if ".py:" not in (args.reduction or ""):
            raise  # a fault of npw's own: its traceback is wanted
        # a user's reduction that crashes is a fault of that file, said in one line
        raise InvalidInstance(f"{name}: {args.reduction} raised {type(error).__name__}: {error}") from None
    emit(render_page(page), args.output)  # whole or not at all (a temporary file renamed)
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("explore", help="a reduction's source and target side by side on one HTML page",
                            description="Write one self-contained HTML page: the source and the target drawn side "
                                        "by side (hover or click an element: what it produced lights up), the "
                                        "forward certificate of a yes-source played on the target step by step "
                                        "with the backward map's result on the source, or, for a no-source, the "
                                        "verifier's findings. A reduction's own options follow as --NAME VALUE.")
    p.add_argument("reduction", nargs="?", help="a registered reduction, or FILE.py:NAME (or give --via)")
    p.add_argument("input", help="the source instance file; - reads standard input (see --format)")
    add_format_option(p)
    p.add_argument("--via", metavar="R1,R2,...", help="instead of one reduction, the chain of registered reductions "
                                                      "R1 then R2 ... (npw path finds them): its first source and "
                                                      "last target side by side")
    p.add_argument("--output", "-o", required=True, type=output_path, help="the page (FILE.html, or - for standard output)")
    add_time_limit(p, f"each decider call gets the time left, at most {DECIDER_SECONDS:g} s")
    p.set_defaults(run=cmd_explore, takes_extra_arguments=True)
