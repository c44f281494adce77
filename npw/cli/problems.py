"""``npw list``, ``npw generate`` (one instance, an instance set, or the counts of the exhaustive
enumeration), ``npw check-set`` and ``npw profile``."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from npw.cli.common import (
    EXIT_FAILED, EXIT_OK, emit, parse_params, parse_value, progress_reporter, require_positive, UsageError,
)
from npw.instances.base import InvalidInstance, dumps


def cmd_list(args: argparse.Namespace) -> int:
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
        if args.problem or args.param or args.generator or args.formats or args.answers:
            raise UsageError("generate --from-manifest: the manifest gives problem, generator, parameters and "
                             "formats; give only --set DIR")
        manifest = regenerate(args.from_manifest, args.set)
    else:
        if args.count is None:
            raise UsageError("generate --set: give --count N")
        require_positive(args.count, "--count")
        formats = [f.strip() for f in args.formats.split(",") if f.strip()] if args.formats else None
        manifest = write_set(args.set, args.problem, args.count, args.seed, args.generator, parse_params(args.param),
                             formats, args.answers, args.timeout)
    answers = Counter(e.get("answer") or "not recorded" for e in manifest["instances"])
    if args.json:
        print(json.dumps({"set": args.set, "problem": manifest["problem"], "count": manifest["count"],
                          "formats": manifest["formats"], "answers": dict(answers)}))
    else:
        print(f"{args.set}: {manifest['count']} {manifest['problem']} instances ({manifest['generator']}, seed "
              f"{manifest['seed']}), formats {', '.join(manifest['formats'])}; answers: "
              + ", ".join(f"{k} {v}" for k, v in sorted(answers.items())))
    return EXIT_OK


def cmd_check_set(args: argparse.Namespace) -> int:
    from npw.verify.sets import check_set

    result = check_set(args.folder, timeout=args.timeout)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.folder}: {result['instances']} {result['problem']} instances, {result['files']} files; "
              f"{result['answers_confirmed']} of {result['answers_known']} known answers confirmed")
        for problem in result["problems"]:
            print(f"  {problem}")
        print("  OK" if result["ok"] else f"  FAILED ({len(result['problems'])} problems)")
    return EXIT_OK if result["ok"] else EXIT_FAILED


def cmd_generate(args: argparse.Namespace) -> int:
    from npw.instances.registry import get_problem

    if args.set or args.from_manifest:
        if not args.set:
            raise UsageError("generate --from-manifest: give the output folder with --set DIR")
        if args.enumerate is not None or args.output:
            raise UsageError("generate --set writes a folder: --enumerate and -o do not apply")
        return cmd_generate_set(args)
    if args.count is not None or args.formats or args.answers:
        raise UsageError("generate: --count, --formats and --answers go with --set DIR")
    if not args.problem:
        raise UsageError("generate: give a PROBLEM (npw list shows them)")
    problem = get_problem(args.problem)
    if args.enumerate is not None:
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
    try:
        instance = problem.generate(args.generator, args.seed, **parse_params(args.param))
    except TypeError as error:  # an unknown parameter name for this generator
        raise UsageError(f"generator parameters: {error}") from None
    emit(dumps(instance.to_dict()), args.output)
    return EXIT_OK


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


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("list", help="problems, reductions, solvers")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)
    p = commands.add_parser("generate", help="a seeded instance, an instance set (--set), or counts of the "
                                             "exhaustive enumeration")
    p.add_argument("problem", nargs="?")
    p.add_argument("--generator", "-g", help="generator name (npw list shows them)")
    p.add_argument("--param", "-p", action="append", default=[], metavar="KEY=VALUE",
                   help="generator parameter, e.g. -p num_vars=30 -p ratio=0.62")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--enumerate", type=int, metavar="N", help="enumerate every instance up to size N")
    p.add_argument("--output", "-o", help="the instance's file (default, or -: standard output; .gz/.xz/.bz2 "
                                          "compressed); with --enumerate, every instance, one JSON per line")
    p.add_argument("--set", metavar="DIR", help="write an instance set: a new folder with a manifest and each "
                                                "instance as JSON and in every export format")
    p.add_argument("--count", type=int, metavar="N", help="instances in the set")
    p.add_argument("--formats", metavar="F,G", help="export formats for the set (default: every one the problem "
                                                    "has; json is always written)")
    p.add_argument("--answers", action="store_true", help="decide every instance of the set and record the "
                                                          "answer and the decider (UNKNOWN on timeout)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per instance for --answers (default 10)")
    p.add_argument("--from-manifest", metavar="FILE", help="regenerate a set from its manifest into --set DIR")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_generate)
    p = commands.add_parser("check-set", help="read back an instance set, validate every file, confirm answers")
    p.add_argument("folder")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per decider call (default 60)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_check_set)
    p = commands.add_parser("profile", help="hardness profile: fraction yes and decider effort against a "
                                            "generator parameter, plotted")
    p.add_argument("problem")
    p.add_argument("--param", required=True, metavar="NAME", help="the generator parameter to vary, e.g. ratio")
    p.add_argument("--values", required=True, metavar="A,B,C", help="its values, comma-separated")
    p.add_argument("--generator", "-g", help="generator name (npw list shows them)")
    p.add_argument("-p", action="append", default=[], metavar="KEY=VALUE", help="a fixed generator parameter")
    p.add_argument("--count", type=int, default=20, help="instances per value (default 20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backend", "-b", help="decider (default: the problem's first)")
    p.add_argument("--timeout", type=float, help="seconds per instance; out of time counts as UNKNOWN")
    p.add_argument("--output", "-o", help="plot: .svg or .png (needs the 'plot' extra, matplotlib)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_profile)
