"""``npw path`` (chains of reductions between two problems; ``--draw`` draws the first through
:func:`npw.reductions.graph.draw_chain`) and ``npw show`` (one problem and its arrows); ``npw list
--graph`` draws the graph through :func:`npw.reductions.graph.draw_graph`. networkx is imported
only inside these commands (``npw list`` and ``--help`` stay light)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from npw.cli.common import EXIT_OK, UsageError, add_format_option, emit, load_file, output_path, positive_int

__all__ = ["cmd_path", "cmd_show", "register"]


def cmd_path(args: argparse.Namespace) -> int:
    from npw.reductions.graph import compose, draw_chain, find_paths

    if args.draw and args.draw != "-" and not args.draw.removesuffix(".gz").endswith(".svg"):
        raise UsageError(f"path --draw: name an .svg file, not {args.draw!r}")
    if args.draw == "-" and args.json:
        raise UsageError("path --draw -: standard output holds the --json; draw to a file")
    instance = load_file(args.size_of, args.input_format) if args.size_of else None
    paths = find_paths(args.source, args.target, instance, limit=args.max)
    if args.draw and paths:  # the first chain listed (shortest, or smallest with --size-of)
        emit(draw_chain(paths[0].steps), args.draw)
        if args.draw == "-":
            return EXIT_OK
    if args.json:
        print(json.dumps({"source": args.source, "target": args.target, "ranked_by": "size" if instance else "steps",
                          "paths": [p.to_json() for p in paths]}))
        return EXIT_OK if paths else 1
    if not paths:
        print(f"no chain of registered reductions from {args.source} to {args.target}")
        return 1
    for path in paths:
        size = "" if path.size is None else "  predicted target size " + ", ".join(
            f"{k} {v}" for k, v in path.to_json()["size"].items()) + f" (total {path.total})"
        print(f"{len(path.steps)} steps: {' -> '.join(path.problems)}{size}")
        print(f"  --via {','.join(path.steps)}")
    best = compose(paths[0].steps)  # the first chain composed: certificates compose in Reduction.then
    print(f"first chain composed: {best.source} -> {best.target}; npw verify --via {best.id} checks it")
    return EXIT_OK


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").strip().split("\n\n")[0].split())


def cmd_show(args: argparse.Namespace) -> int:
    from npw.instances.base import generator_parameters
    from npw.instances.registry import get_problem
    from npw.reductions.graph import registered_reductions
    from npw.solvers import backends_for, export_formats

    problem = get_problem(args.problem)
    reductions = registered_reductions()
    into = [r for r in reductions if r.target == problem.id]
    out = [r for r in reductions if r.source == problem.id]
    data: dict[str, Any] = {
        "id": problem.id, "title": problem.title,
        "definition": _first_paragraph(problem.instance_type.__doc__),
        "certificate": " ".join(problem.certificate_doc.split()),
        "deciders": backends_for(problem.id), "verify_deciders": list(problem.verify_deciders),
        "generators": list(problem.generators), "planted_certificates": list(problem.planted_certificates),
        # each generator's -p parameters: type, range and default, read from its signature
        "generator_parameters": {name: generator_parameters(fn) for name, fn in problem.generators.items()},
        "enumerate": " ".join(problem.enumerate_doc.split()) if problem.enumerate is not None else None,
        "formats": ["json", *export_formats(problem.id)],
        "reductions_into": [{"id": r.id, "from": r.source, "reference": r.reference} for r in into],
        "reductions_out_of": [{"id": r.id, "to": r.target, "reference": r.reference} for r in out],
    }
    if args.json:
        print(json.dumps(data))
        return EXIT_OK
    print(f"{data['id']}: {data['title']}")
    print(f"  definition: {data['definition'] or '(none written)'}")
    print(f"  certificate: {data['certificate']}")
    print(f"  deciders: {', '.join(data['deciders']) or 'none'} (the verifier runs {', '.join(data['verify_deciders'])})")
    planted = f" (with their certificates: {', '.join(data['planted_certificates'])})" if data["planted_certificates"] else ""
    print(f"  generators: {', '.join(data['generators']) or 'none'}{planted}")
    for name, parameters in data["generator_parameters"].items():
        takes = ", ".join(f"{key}: {text}" for key, text in parameters.items()) or "no parameters"
        print(f"    {name}: -p {takes}")
    print(f"  enumeration: {data['enumerate'] or 'none'}")
    print(f"  formats: {', '.join(data['formats'])}")
    print(f"  reductions into {problem.id}: {len(into)}")
    for r in into:
        print(f"    {r.id} (from {r.source}): {r.reference}")
    print(f"  reductions out of {problem.id}: {len(out)}")
    for r in out:
        print(f"    {r.id} (to {r.target}): {r.reference}")
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("path", help="chains of registered reductions from one problem to another",
                            description="Chains of registered reductions from SOURCE to TARGET, shortest by steps "
                                        "(or, with --size-of, by the target size the size formulas predict on that "
                                        "source file); each printed as a --via value for npw verify and npw reduce.")
    p.add_argument("source")
    p.add_argument("target")
    p.add_argument("--size-of", metavar="FILE", help="a source instance: rank chains by predicted target size on it")
    add_format_option(p)
    p.add_argument("--max", type=positive_int, default=10, metavar="N", help="list at most N chains (default 10)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--draw", type=output_path, metavar="OUT.svg",
                   help="draw the first chain listed as SVG: its problems, each step's reduction and theorem "
                        "(- for standard output: the drawing only)")
    p.set_defaults(run=cmd_path)
    p = commands.add_parser("show", help="a problem: definition, certificate, deciders, generators, formats, "
                                         "reductions into and out of it")
    p.add_argument("problem")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_show)

