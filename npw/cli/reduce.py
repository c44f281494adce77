"""``npw reduce`` and ``npw render``: a reduction applied to a file, and drawings.

Generic: a reduction's own options (``--NAME VALUE``) and its own drawing come from the
reduction object (``options``, ``build_with``, ``draw``, see ``npw.reductions.base``);
no reduction is named here.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from typing import Any, Sequence

from npw.cli.common import (
    EXIT_OK, Parser, UsageError, add_format_option, add_time_limit, chosen_reduction, emit, load_source, output_path,
    read_input, time_left,
)
from npw.instances.base import InvalidInstance, dumps

__all__ = ["REDUCED_FROM", "cmd_reduce", "cmd_render", "reduction_options", "register"]

# the field of a reduced file that says where it came from, so ``npw render`` can draw the
# target the way its reduction lays it out (written only by reductions that have a drawing)
REDUCED_FROM = "reduced_from"


def reduction_options(reduction: Any, extra: Sequence[str]) -> dict[str, Any]:
    """The reduction's declared options, parsed from the arguments ``npw reduce`` did not know."""
    parser = Parser(prog=f"npw reduce {reduction.id}", add_help=False)
    for option in reduction.options:
        parser.add_argument(option.flag, dest=option.name, default=option.default, help=option.help,
                            type=option.parse)
    if not reduction.options and extra:
        raise UsageError(f"reduce: {reduction.id} takes no options of its own (given: {' '.join(extra)})")
    values = parser.parse_args(list(extra))
    return {option.name: getattr(values, option.name) for option in reduction.options}


def cmd_reduce(args: argparse.Namespace) -> int:
    from npw.instances.io import display_name
    from npw.solvers import export

    if args.via and args.extra_arguments:
        # a chain takes no options (Reduction.then keeps none); a reduction id before --via lands here too
        raise UsageError(f"reduce --via: give only the input file with the chain, no reduction id or options "
                         f"(unexpected: {' '.join(args.extra_arguments)})")
    reduction = chosen_reduction(args, "reduce")
    options = reduction_options(reduction, args.extra_arguments)
    source = load_source(args.input, args.input_format, reduction)  # a DIMACS CNF taken as 3-SAT
    built = _built(reduction, source, options)
    if built.target is not None:
        _readable_back(built.target)
    if built.target is None:
        if args.emit != "json":
            raise UsageError(f"reduce: the target is too large to store; only its compact JSON summary can be "
                             f"written (not {args.emit})")
        emit(dumps(built.summary), args.output)
    elif args.emit == "json":
        from npw.instances.io import json_chunks, write_output

        # to_document: the target's large fields left as arrays, written a block at a time
        # (the same text as dumps(to_dict()); issue 36: 10^6 source clauses took 2.4 GB)
        document = getattr(built.target, "to_document", built.target.to_dict)()
        if reduction.draw is not None:
            document[REDUCED_FROM] = {"reduction": reduction.id, "source": source.to_dict(), "options": options}
        write_output(args.output or "-", json_chunks(document))
    else:
        emit(export(built.target, args.emit), args.output)
    for note in built.notes:
        print(f"npw: reduce: {note}", file=sys.stderr)
    return EXIT_OK


def _built(reduction: Any, source: Any, options: dict[str, Any]) -> Any:
    """The reduction's target; a program's failure (``--exec``, ``--sandbox``) is one line, exit 2."""
    from npw.exec_process import ExecError

    try:
        return reduction.build(source, **options)
    except ExecError as error:
        raise InvalidInstance(f"reduce: the program {error}") from None


def _readable_back(target: Any) -> None:
    """Refuses a target npw would refuse to read back (a size past a named limit: an input at the
    limits can reduce to one past them), before anything is written; one line naming the limit.
    A target with ``check_readable()`` checks itself (the round trip through a dict and the file
    model cost 10^6 source clauses 4 s and a gigabyte)."""
    from npw.instances.registry import get_problem, instance_from_dict
    from npw.instances.validation import checked

    if get_problem(target.problem).file_model is None:  # a problem of the user's own, with no model
        return
    try:
        check_readable = getattr(target, "check_readable", None)
        if check_readable is not None:  # the same limits on the arrays, without a dict of the target
            check_readable()
            return
        document = target.to_dict()
        checked(document, target.problem)
        instance_from_dict(document)  # the rest of reading: limits the instance's own checks name (BWP's cells)
    except InvalidInstance as error:
        raise InvalidInstance(f"reduce: the {target.problem} target is past what npw reads back: {error}") from None


def _draw_as_reduced(instance: Any, path: str, origin: Any) -> str:
    """The target drawn by the reduction that made it (after checking it made exactly this)."""
    from npw.instances.registry import instance_from_dict
    from npw.reductions.registry import get_reduction

    if not isinstance(origin, dict) or not {"reduction", "source", "options"} <= set(origin):
        raise InvalidInstance(f"{path}: bad {REDUCED_FROM!r} field (needs reduction, source, options)")
    reduction = get_reduction(str(origin["reduction"]))
    if reduction.draw is None:
        raise InvalidInstance(f"{path}: {reduction.id} has no drawing of its own")
    try:
        source = instance_from_dict(origin["source"])
        if source.problem != reduction.source:
            raise InvalidInstance(f"{reduction.id} takes a {reduction.source} instance, not {source.problem}")
        options = reduction.option_values(origin["options"] if isinstance(origin["options"], dict) else {})
        rebuilt = reduction.build(source, **options).target
    except (InvalidInstance, TypeError, ValueError) as error:
        raise InvalidInstance(f"{path}: bad {REDUCED_FROM!r} field ({error})") from None
    if rebuilt != instance:
        raise InvalidInstance(f"{path}: the instance is not what {reduction.id} builds from its "
                              f"{REDUCED_FROM!r} field")
    return reduction.draw(source, **options)


def cmd_render(args: argparse.Namespace) -> int:
    from npw.instances.io import ReadAs, display_name, instance_format, parse_instance
    from npw.instances.registry import rendered_problems, renderer_for

    if args.output != "-" and not args.output.removesuffix(".gz").endswith(".svg"):
        raise UsageError("render: only SVG output (-o FILE.svg, FILE.svg.gz, or - for standard output) is supported")
    if args.input == "-" and args.certificate == "-":
        raise UsageError("render: the instance and the certificate cannot both come from standard input")
    name = display_name(args.input)
    text = read_input(args.input)  # read once: standard input cannot be read twice
    try:
        asked = ReadAs.of(args.input_format)
        fmt = instance_format(args.input, text, asked)
        instance = parse_instance(text, fmt, asked.problem, asked.params)
    except InvalidInstance as error:
        raise InvalidInstance(f"{name}: {error}") from None
    if not (args.certificate or args.solve):
        from npw.instances.validation import parse_json

        # the text parsed once more for its REDUCED_FROM field (parse_instance has checked it is an object)
        origin = parse_json(text).get(REDUCED_FROM) if fmt == "json" else None
        if origin is not None:
            emit(_draw_as_reduced(instance, name, origin), args.output)
            return EXIT_OK
    renderer = renderer_for(instance.problem)
    if renderer is None:
        raise InvalidInstance(f"{name}: no renderer for {instance.problem} (renderers: {', '.join(rendered_problems()) or 'none yet'})")
    certificate = None
    if args.certificate or args.solve:
        if "certificate" not in inspect.signature(renderer).parameters:
            raise UsageError(f"render: the {instance.problem} renderer draws no certificate")
    if args.certificate:
        from npw.instances.validation import parse_json

        try:  # the same bounded parser as instance files: nesting, integer digits, NaN
            raw = parse_json(read_input(args.certificate))
        except InvalidInstance as error:
            raise InvalidInstance(f"{display_name(args.certificate)}: {error}") from None
        if isinstance(raw, dict) and "certificate" in raw:  # the output of npw solve --json
            raw = raw["certificate"]
        try:
            certificate = instance.certificate_from_json(raw)
        except InvalidInstance as error:
            raise InvalidInstance(f"{display_name(args.certificate)}: {error}") from None
        if not instance.verify(certificate):
            raise InvalidInstance(f"{display_name(args.certificate)}: not a solution of {name}")
    elif args.solve:
        from npw.solvers import Answer, solve

        result = solve(instance, backend=args.backend, timeout=time_left(args))
        if result.answer is not Answer.YES:
            why = f"refused by {result.backend}: {result.stats['refused']}" if result.stats.get("refused") \
                else f"{result.answer.value} ({result.backend})"
            print(f"npw: render: {name} is {why}; drawing the board only", file=sys.stderr)
        else:
            certificate = result.certificate
    svg = renderer(instance, certificate=certificate) if certificate is not None else renderer(instance)
    emit(svg, args.output)
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("reduce", help="apply a reduction to an instance file",
                            description="Apply a reduction to an instance file. A reduction with options of its "
                                        "own takes them as --NAME VALUE after the file (npw list shows "
                                        "them; e.g. 224sat-to-npuz --unit 1).")
    p.add_argument("reduction", nargs="?", help="a registered reduction id (or give --via)")
    p.add_argument("input", help="the source instance file; - reads standard input (see --format)")
    add_format_option(p)
    p.add_argument("--output", "-o", type=output_path,
                   help="the target's file (default, or -: standard output; .gz/.xz/.bz2 compressed)")
    p.add_argument("--emit", default="json", help="json (default), or an export format of the target (npw show "
                                                  "TARGET lists them): dimacs, smt2, hcp, edge, edgelist, adjlist, "
                                                  "graphml, gml, oneline")
    p.add_argument("--via", metavar="R1,R2,...", help="instead of one reduction, the chain of registered reductions "
                                                      "R1 then R2 ... (npw path finds them)")
    p.add_argument("--exec", dest="exec_command", metavar="CMD",
                   help="instead of a reduction, a program answering the standard-streams protocol "
                        "(docs/exec_protocol.md), run in the sandbox; then give only the input file")
    p.add_argument("--sandbox", action="store_true",
                   help="run the Python file FILE.py:NAME in a sandboxed child process, not in npw's own")
    add_time_limit(p, "reading, reducing, writing")
    p.set_defaults(run=cmd_reduce, takes_extra_arguments=True)  # the reduction's own options

    p = commands.add_parser("render", help="draw an instance as SVG (optionally with a certificate)")
    p.add_argument("input", help="the instance file; - reads standard input (see --format)")
    add_format_option(p)
    p.add_argument("--output", "-o", required=True, type=output_path, help="the SVG file (- for standard output)")
    p.add_argument("--certificate", "-c", metavar="CERT.json",
                   help="draw this certificate too (e.g. the capture sequence written by npw solve -o)")
    p.add_argument("--solve", action="store_true", help="solve the instance and draw the certificate found")
    p.add_argument("--backend", help="decider for --solve")
    add_time_limit(p, "--solve included: the decider gets the time left")
    p.set_defaults(run=cmd_render)
