"""``npw list``, ``npw generate`` (one instance, an instance set, or the counts of the exhaustive
enumeration; ``--via`` on a reduction's target side), ``npw profile`` and ``npw schema``. ``npw check-set``
is in :mod:`npw.cli.check_set`."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from npw.cli.common import (
    EXIT_OK, count, emit, output_path, parse_params, parse_value, positive_int, positive_seconds,
    progress_reporter, require_positive, UsageError,
)
from npw.instances.base import InvalidInstance, dumps
from npw.instances.io import write_atomically

__all__ = ["GeneratorHelp", "cmd_generate", "cmd_generate_set", "cmd_list", "cmd_profile", "cmd_schema", "generate_one",
           "generators_text", "register"]


def cmd_list(args: argparse.Namespace) -> int:
    if args.table1:
        if args.graph or args.output or args.markdown:
            raise UsageError("list --table1 prints the table: --graph, --markdown and -o do not go with it")
        from dataclasses import asdict

        from npw.paper_tables import format_table1, table1

        cells = table1()
        print(json.dumps({"table1": [asdict(c) for c in cells]}) if args.json else format_table1(cells))
        return EXIT_OK
    if args.graph:
        if not args.output:
            raise UsageError("list --graph: give the drawing's file, -o graph.svg (- for standard output)")
        if args.output != "-" and not args.output.removesuffix(".gz").endswith(".svg"):
            raise UsageError(f"list --graph: -o must name an .svg file, not {args.output!r}")
        from npw.reductions.graph import draw_graph  # networkx: loaded by this option only

        emit(draw_graph(), args.output)
        return EXIT_OK
    if args.output:
        raise UsageError("list: -o goes with --graph")
    if args.markdown:
        from npw.readme_tables import problems_table, reductions_table

        print(problems_table() + "\n\n" + reductions_table())
        return EXIT_OK
    from npw.instances.registry import get_problem, problem_ids
    from npw.reductions.registry import get_reduction, reduction_ids
    from npw.solvers import backends_for, export_formats

    problems: list[dict[str, Any]] = []
    for pid in problem_ids():
        problem = get_problem(pid)
        problems.append({
            "id": pid, "title": problem.title, "generators": list(problem.generators),
            "deciders": backends_for(pid), "exports": export_formats(pid),
            "enumerate": problem.enumerate is not None,
        })
    reductions: list[dict[str, Any]] = []
    for rid in reduction_ids():
        reduction = get_reduction(rid)
        reductions.append({"id": rid, "source": reduction.source, "target": reduction.target,
                           "reference": reduction.reference,
                           "options": [{"flag": o.flag, "default": o.default, "help": o.help} for o in reduction.options]})
    if args.json:
        print(json.dumps({"problems": problems, "reductions": reductions}))
        return EXIT_OK
    print("problems:")
    for p in problems:
        print(f"  {p['id']:<12} {p['title']}")
        print(f"  {'':<12} deciders: {', '.join(p['deciders'])}; generators: {', '.join(p['generators'])}")
    print("reductions:")
    for r in reductions:
        print(f"  {r['id']:<28} {r['reference']}")
        for option in r["options"]:
            print(f"  {'':<28} {option['flag']}: {option['help']}")
    return EXIT_OK


def cmd_generate_set(args: argparse.Namespace) -> int:
    """``npw generate PROBLEM --set DIR --count N`` / ``npw generate --from-manifest FILE --set DIR``."""
    from npw.verify.sets import regenerate, write_set

    if args.from_manifest:
        if args.problem or args.param or args.generator or args.formats or args.answers or args.via or args.proofs:
            raise UsageError("generate --from-manifest: the manifest gives problem, generator, parameters, "
                             "reductions and formats; give only --set DIR")
        update, stop = progress_reporter(None, args.quiet, "set", "instances")
        try:
            manifest = regenerate(args.from_manifest, args.set, progress=update)
        finally:
            stop()
    else:
        if args.count is None:
            raise UsageError("generate --set: give --count N")
        require_positive(args.count, "--count")
        formats = [f.strip() for f in args.formats.split(",") if f.strip()] if args.formats else None
        update, stop = progress_reporter(args.count, args.quiet, f"set {Path(args.set).name}", "instances")
        try:
            manifest = write_set(args.set, args.problem, args.count, args.seed, args.generator,
                                 parse_params(args.param), formats, args.answers, args.timeout, via=args.via,
                                 progress=update, proofs=args.proofs)
        finally:
            stop()
    answers = Counter(e.get("answer") or "not recorded" for e in manifest["instances"])
    certificates = sum(1 for e in manifest["instances"] if "certificate" in e["files"])
    via = manifest.get("via")
    if args.json:
        print(json.dumps({"set": args.set, "problem": manifest["problem"], "count": manifest["count"],
                          "formats": manifest["formats"], "answers": dict(answers), "certificates": certificates,
                          "via": via}))
    else:
        origin = (f"{via['source']} {manifest['generator']} through {', '.join(via['reductions'])}" if via
                  else manifest["generator"])
        print(f"{args.set}: {manifest['count']} {manifest['problem']} instances ({origin}, seed "
              f"{manifest['seed']}), formats {', '.join(manifest['formats'])}; answers: "
              + ", ".join(f"{k} {v}" for k, v in sorted(answers.items()))
              + (f"; {certificates} with certificates" if certificates else ""))
    return EXIT_OK


def generate_one(args: argparse.Namespace) -> str:
    """One generated instance as JSON with its provenance record (``npw generate ... [-o FILE]``)."""
    from npw.verify import provenance
    from npw.verify.sets import recipe_for

    recipe = recipe_for(args.problem, args.generator, parse_params(args.param), args.via)
    instance = recipe.build(args.seed)
    known = recipe.known_answer()
    more = {"via": recipe.describe()} if recipe.via else {}
    record = provenance.record(recipe.problem, recipe.generator, recipe.params, args.seed,
                               known[0] if known else None, known[1] if known else "not known (not decided)", **more)
    if args.emit == "json":
        return provenance.attach("json", dumps(instance.to_dict()), record)
    from npw.solvers import export

    # the encoding handed to another solver, with the record in the format's comment (where it has one)
    return provenance.attach(args.emit, export(instance, args.emit), record)


def cmd_generate(args: argparse.Namespace) -> int:
    from npw.instances.registry import get_problem

    if args.set or args.from_manifest:
        if not args.set:
            raise UsageError("generate --from-manifest: give the output folder with --set DIR")
        if args.enumerate is not None or args.output or args.emit != "json":
            raise UsageError("generate --set writes a folder: --enumerate, -o and --emit do not apply (--formats "
                             "names the exports)")
        return cmd_generate_set(args)
    if args.count is not None or args.formats or args.answers or args.proofs:
        raise UsageError("generate: --count, --formats, --answers and --proofs go with --set DIR")
    if args.emit != "json" and args.enumerate is not None:
        raise UsageError("generate: --emit writes one generated instance; --enumerate writes JSON lines")
    if args.via and args.enumerate is not None:
        raise UsageError("generate: --enumerate lists a problem's own instances; it does not go with --via")
    if not args.problem and not args.via:
        raise UsageError("generate: give a PROBLEM (npw list shows them)")
    if args.enumerate is not None:
        problem = get_problem(args.problem)
        if problem.enumerate is None:
            raise InvalidInstance(f"problem {problem.id} has no exhaustive enumeration")
        counts: Counter = Counter()
        lines = []
        for instance in problem.enumerate(args.enumerate):
            counts[json.dumps(instance.size(), sort_keys=True)] += 1
            if args.output:
                lines.append(dumps(instance.to_dict()))
        if args.output:
            emit("".join(lines), args.output)
        by_size = [{"size": json.loads(k), "count": n} for k, n in counts.items()]
        total = sum(counts.values())
        # with -o - the instances are standard output; the counts go to stderr
        summary = sys.stderr if args.output == "-" else sys.stdout
        if args.json:
            print(json.dumps({"problem": problem.id, "up_to": args.enumerate, "total": total, "by_size": by_size,
                              "meaning": " ".join(problem.enumerate_doc.split())}), file=summary)
        else:
            print(" ".join(problem.enumerate_doc.split()), file=summary)
            for row in by_size:
                print(f"  {row['size']}: {row['count']}", file=summary)
            print(f"total: {total}", file=summary)
        return EXIT_OK
    written = args.problem
    if args.via:  # what is written is the chain's target: its formats decide what -o's suffix means
        from npw.verify.sets import resolve_via

        written = resolve_via(args.via)[-1].target
    args.emit = _format_for_output(written, args.emit, args.output)
    emit(generate_one(args), args.output)
    return EXIT_OK


def _format_for_output(problem_id: str, fmt: str, output: str | None) -> str:
    """The format to write: ``--emit`` as given, or the one an output name asks for (``-o f.cnf``
    is DIMACS, ``-o g.hcp`` TSPLIB, ``-o g.clq``, ``g.col`` (and a graph problem's ``g.dimacs``) the
    DIMACS graph format, under any
    compression suffix), so that reading the file back by its name gives the instance (it used to
    hold JSON under a .cnf name)."""
    from npw.instances.io import strip_compression
    from npw.solvers import export_formats

    if fmt != "json" or not output or output == "-":
        return fmt
    name = strip_compression(output)
    graph = "edge" in export_formats(problem_id)  # a graph problem's .dimacs is its graph, as save_instance writes it
    wanted = ("edge" if name.endswith((".clq", ".col")) or graph and name.endswith(".dimacs")
              else "dimacs" if name.endswith((".cnf", ".dimacs")) else "hcp" if name.endswith(".hcp") else None)
    if wanted is None:  # another format the problem's record tells by its suffix (.graphml, .edges ...)
        from npw.instances.registry import get_problem

        wanted = next((f.name for f in get_problem(problem_id).formats
                       if f.suffixes and name.endswith(f.suffixes) and f.name in export_formats(problem_id)), None)
    if wanted is None:
        return fmt
    if wanted not in export_formats(problem_id):
        raise UsageError(f"generate: {output} names a {wanted} file, which {problem_id} is not written as "
                         f"(its formats: json, {', '.join(export_formats(problem_id)) or 'no other'})")
    return wanted


def generators_text(problem_id: str, only: str | None = None) -> str:
    """What ``npw generate PROBLEM --help`` adds to the help: each generator of the problem (or
    only the one named) with its ``-p`` parameters, each with type, range, default and what it
    sets, read from the generator's signature and its declarations (``npw.instances.base.takes``).

    >>> print(generators_text("3sat", only="random"))  # doctest: +NORMALIZE_WHITESPACE
    generators of 3sat (-g NAME, default random; -p KEY=VALUE):
      random: Uniform random 3-SAT: three distinct variables a clause, signs by coin flips.
        -p num_vars=  int 3..10000000 = 20    variables
        -p ratio=     float 0..1000 = 4.26    clauses per variable (num_clauses wins where given)
    """
    import inspect
    import textwrap

    from npw.instances.base import generator_help, generator_parameters
    from npw.instances.registry import get_problem

    problem = get_problem(problem_id)
    if only is not None and only not in problem.generators:
        known = ", ".join(sorted(problem.generators)) or "none"
        raise InvalidInstance(f"problem {problem.id} has no generator {only!r} (known: {known})")
    lines = [f"generators of {problem.id} (-g NAME, default {problem.default_generator or 'none'}; -p KEY=VALUE):"]
    for name, fn in problem.generators.items():
        if only is not None and name != only:
            continue
        doc = " ".join((inspect.getdoc(fn.func if hasattr(fn, "func") else fn) or "").split("\n\n")[0].split())
        first = doc.replace("``", "").split(". ")[0].rstrip(".")  # its first sentence
        lines.append(textwrap.fill(f"{name}: {first}." if first else f"{name}:", 100, initial_indent="  ",
                                   subsequent_indent="      "))
        described, helps = generator_parameters(fn), generator_help(fn)
        width = max((len(key) for key in described), default=0) + 1
        column = max((len(text) for text in described.values()), default=0)
        for key, text in described.items():
            lines.append(f"    -p {key + '=':<{width}}  {text:<{column}}    {helps.get(key, '')}".rstrip())
        if not described:
            lines.append("    (no parameters)")
    return "\n".join(lines)


class GeneratorHelp(argparse.Action):
    """``-h/--help`` of ``npw generate``: after a PROBLEM (``npw generate 3sat --help``, or with
    ``-g NAME`` before it, one generator), the usual help followed by the problem's generators and
    their parameters; without one, the usual help and how to ask for them. An unknown problem is
    the usual one-line error."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, default: Any = argparse.SUPPRESS,
                 help: str | None = "show this help; after a PROBLEM, also its generators and their parameters"
                 ) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        problem = getattr(namespace, "problem", None)
        before = parser.epilog  # the parser may serve again (a test's shared one): put it back
        parser.epilog = (generators_text(problem, getattr(namespace, "generator", None)) if problem else
                         "npw generate PROBLEM --help lists PROBLEM's generators and each one's -p parameters "
                         "(type, range, default); npw show PROBLEM says the same among the rest.")
        try:
            parser.print_help()
        finally:
            parser.epilog = before
        parser.exit()


def cmd_profile(args: argparse.Namespace) -> int:
    from npw.verify.profile import hardness_profile, profile_json

    if not args.output and not args.json:
        raise UsageError("profile: give -o OUT.svg|OUT.png and/or --json")
    if args.output:
        from npw.verify.profile_plot import FORMATS, plot_available

        if not args.output.lower().endswith(FORMATS):
            raise UsageError(f"profile: -o must end in .svg or .png, not {args.output!r}")
        if not plot_available():
            raise UsageError('profile: drawing needs matplotlib: pip install "npw[plot]" (or use --json alone)')
    require_positive(args.count, "--count")
    values = [parse_value(v.strip()) for v in args.values.split(",") if v.strip()]
    if not values:
        raise UsageError("profile: --values needs at least one value, e.g. --values 0.3,0.5,0.7")
    param = args.param.replace("-", "_")
    update, stop = progress_reporter(len(values) * args.count, args.quiet, "profile", "instances")
    try:
        points = hardness_profile(args.problem, param, values, args.count, args.seed, args.generator,
                                  parse_params(args.p), args.backend, args.timeout, progress=update)
    finally:
        stop()
    settings = {"generator": args.generator, "params": parse_params(args.p), "count": args.count, "seed": args.seed,
                "backend": args.backend, "timeout": args.timeout}
    if args.output:
        from npw.verify.profile_plot import save_profile

        fixed = ", ".join(f"{k}={v}" for k, v in settings["params"].items())
        title = (f"{args.problem}{' ' + args.generator if args.generator else ''}"
                 f"{' (' + fixed + ')' if fixed else ''}: {args.count} instances per value, seed {args.seed}, "
                 f"decider {', '.join(sorted({d for p in points for d in p.deciders}))}")
        save_profile(points, param, title, args.output)
    if args.json:
        print(json.dumps(profile_json(args.problem, param, points, **settings)))
    else:
        print(f"{'value':>10} {'yes':>5} {'no':>5} {'unk':>5} {'frac yes':>9} {'median s':>10} {'mean s':>10} "
              f"{'median confl':>13}")
        for p in points:
            frac = "-" if p.fraction_yes is None else f"{p.fraction_yes:.3f}"
            confl = "-" if p.median_conflicts is None else f"{p.median_conflicts:g}"
            print(f"{p.value!s:>10} {p.yes:>5} {p.no:>5} {p.unknown:>5} {frac:>9} {p.median_seconds:>10.4f} "
                  f"{p.mean_seconds:>10.4f} {confl:>13}")
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    """The JSON Schema of a problem's file format; with ``--dir``, every problem's written as
    ``DIR/<problem>.json`` (how docs/schemas/ is regenerated)."""
    from npw.instances.registry import builtin_problem_modules, get_problem
    from npw.instances.validation import schema_text

    if args.dir:
        for pid in args.problem or [p for p in builtin_problem_modules() if get_problem(p).file_model is not None]:
            write_atomically(f"{args.dir}/{pid}.json", schema_text(pid))
        return EXIT_OK
    if len(args.problem) != 1:
        raise UsageError("schema: name one problem (or write them all with --dir DIR)")
    emit(schema_text(args.problem[0]), args.output)
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("list", help="problems, reductions, solvers (--graph -o graph.svg: the reduction graph)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--graph", action="store_true", help="draw the reduction graph as SVG (with -o FILE.svg)")
    p.add_argument("--markdown", action="store_true", help="the problem and reduction tables of docs/tables.md")
    p.add_argument("--table1", action="store_true", help="Table 1 of the Solo Chess paper: each cell's theorem and "
                                                         "the registered reduction or decider implementing it")
    p.add_argument("--output", "-o", type=output_path, help="the drawing's file, with --graph (- for standard output)")
    p.set_defaults(run=cmd_list)
    # its own -h: after a PROBLEM the help lists that problem's generators and their parameters
    p = commands.add_parser("generate", help="a seeded instance, an instance set (--set), or counts of the "
                                             "exhaustive enumeration", add_help=False,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-h", "--help", action=GeneratorHelp)
    p.add_argument("problem", nargs="?", help="the problem (npw list shows them); npw generate PROBLEM --help "
                                              "lists its generators' parameters")
    p.add_argument("--generator", "-g", help="generator name (npw list shows them)")
    p.add_argument("--param", "-p", action="append", default=[], metavar="KEY=VALUE",
                   help="generator parameter, e.g. -p num_vars=30 -p ratio=0.62")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--enumerate", type=count, metavar="N", help="enumerate every instance up to size N")
    p.add_argument("--output", "-o", type=output_path,
                   help="the instance's file (default, or -: standard output; .gz/.xz/.bz2 compressed); with "
                        "--enumerate, every instance, one JSON per line")
    p.add_argument("--set", metavar="DIR", help="write an instance set: a new folder with a manifest and each "
                                                "instance as JSON and in every export format")
    p.add_argument("--count", type=positive_int, metavar="N", help="instances in the set")
    p.add_argument("--formats", metavar="F,G", help="export formats for the set (default: every one the problem "
                                                    "has; json is always written)")
    p.add_argument("--answers", action="store_true", help="decide every instance of the set and record the "
                                                          "answer and the decider (UNKNOWN on timeout)")
    p.add_argument("--timeout", type=positive_seconds, default=10.0, help="seconds per instance for --answers (default 10)")
    p.add_argument("--from-manifest", metavar="FILE", help="regenerate a set from its manifest into --set DIR")
    p.add_argument("--via", metavar="REDUCTION", help="generate the reduction's source (-g/-p name its generator; "
                                                      "default planted) and write the reduced instance: a target "
                                                      "of known answer from a planted or certified-no source; "
                                                      "A,B for a path of reductions")
    p.add_argument("--emit", default="json", metavar="FORMAT", help="write the instance as json (default) or in "
                                                                    "an export format of its problem (dimacs, smt2, "
                                                                    "hcp, ...: npw list --json shows them)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr (--set; shown only on a terminal)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--proofs", action="store_true", help="with --set: a checked DRAT proof NAME.drat for every NO "
                                                         "instance (needs npw.solvers.proof; --timeout per proof)")
    p.set_defaults(run=cmd_generate)
    p = commands.add_parser("profile", help="hardness profile: fraction yes and decider effort against a "
                                            "generator parameter, plotted")
    p.add_argument("problem")
    p.add_argument("--param", required=True, metavar="NAME", help="the generator parameter to vary, e.g. ratio")
    p.add_argument("--values", required=True, metavar="A,B,C", help="its values, comma-separated")
    p.add_argument("--generator", "-g", help="generator name (npw list shows them)")
    p.add_argument("-p", action="append", default=[], metavar="KEY=VALUE", help="a fixed generator parameter")
    p.add_argument("--count", type=positive_int, default=20, help="instances per value (default 20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backend", "-b", help="decider (default: the problem's first)")
    p.add_argument("--timeout", type=positive_seconds, help="seconds per instance; out of time counts as UNKNOWN")
    p.add_argument("--output", "-o", type=output_path, help="plot: .svg or .png (needs the 'plot' extra, matplotlib)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_profile)
    p = commands.add_parser("schema", help="the JSON Schema of a problem's file format (--dir: all of them)")
    p.add_argument("problem", nargs="*")
    p.add_argument("--dir", metavar="DIR", help="write DIR/<problem>.json for the problems named (default: all)")
    p.add_argument("--output", "-o")
    p.set_defaults(run=cmd_schema)
