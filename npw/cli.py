"""``npw``: the workbench's command line (DESIGN.md section 5).

Thin by design: it parses arguments, calls the packages, formats the results.
Bad input (a missing or malformed file, an invalid instance, an unknown name) is
reported as one line on stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, NoReturn, Sequence

from instances.base import InvalidInstance, dumps, write_atomically

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    """A command-line mistake: reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        raise UsageError(f"{self.prog}: {message}")


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _params(pairs: Sequence[str]) -> dict[str, Any]:
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"parameter {pair!r} is not KEY=VALUE")
        params[key.replace("-", "_")] = _parse_value(value)
    return params


def _load(path: str) -> Any:
    from instances.io import load_instance

    try:
        return load_instance(path)
    except InvalidInstance as error:
        raise InvalidInstance(f"{path}: {error}") from None


def _emit(text: str, output: str | None) -> None:
    if output:
        write_atomically(output, text)
    else:
        sys.stdout.write(text)


# -- commands ------------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    from instances.registry import get_problem, problem_ids
    from reductions.registry import get_reduction, reduction_ids
    from solvers import backends_for, export_formats

    problems = []
    for pid in problem_ids():
        problem = get_problem(pid)
        problems.append({
            "id": pid, "title": problem.title, "generators": list(problem.generators),
            "deciders": backends_for(pid), "exports": export_formats(pid),
            "enumerate": problem.enumerate is not None,
        })
    reductions = []
    for rid in reduction_ids():
        reduction = get_reduction(rid)
        reductions.append({"id": rid, "source": reduction.source, "target": reduction.target,
                           "reference": reduction.reference})
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
    return EXIT_OK


def cmd_generate(args: argparse.Namespace) -> int:
    from instances.registry import get_problem

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
            write_atomically(args.output, "".join(lines))
        by_size = [{"size": json.loads(k), "count": n} for k, n in counts.items()]
        total = sum(counts.values())
        if args.json:
            print(json.dumps({"problem": problem.id, "up_to": args.enumerate, "total": total, "by_size": by_size,
                              "meaning": " ".join(problem.enumerate_doc.split())}))
        else:
            print(" ".join(problem.enumerate_doc.split()))
            for row in by_size:
                print(f"  {row['size']}: {row['count']}")
            print(f"total: {total}")
        return EXIT_OK
    try:
        instance = problem.generate(args.generator, args.seed, **_params(args.param))
    except TypeError as error:  # an unknown parameter name for this generator
        raise UsageError(f"generator parameters: {error}") from None
    _emit(dumps(instance.to_dict()), args.output)
    return EXIT_OK


def cmd_reduce(args: argparse.Namespace) -> int:
    from reductions.registry import get_reduction
    from solvers import export

    reduction = get_reduction(args.reduction)
    source = _load(args.input)
    if source.problem != reduction.source:
        raise InvalidInstance(f"{args.input}: {reduction.id} takes a {reduction.source} instance, not {source.problem}")
    target = reduction.reduce(source)
    text = dumps(target.to_dict()) if args.emit == "json" else export(target, args.emit)
    _emit(text, args.output)
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    from solvers import Answer, export, solve

    instance = _load(args.input)
    if args.emit:
        _emit(export(instance, args.emit), args.output)
        return EXIT_OK
    result = solve(instance, backend=args.backend, timeout=args.timeout)
    certificate = instance.certificate_to_json(result.certificate) if result.answer is Answer.YES else None
    if args.json:
        stats = {k: v for k, v in result.stats.items() if isinstance(v, (int, float, str, bool))}
        print(json.dumps({"answer": result.answer.value, "backend": result.backend, "certificate": certificate,
                          "stats": stats}))
    else:
        print(result.answer.value)
        if certificate is not None:
            print(json.dumps(certificate))
    if args.output and certificate is not None:
        write_atomically(args.output, dumps(certificate))
    return EXIT_OK


def _progress(total: int | None, quiet: bool) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress callback on stderr: a rich bar on a terminal, plain lines every 5 s otherwise."""
    if quiet:
        return None, lambda: None
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(TextColumn("verify"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("{task.fields[rate]} cases/s"), TimeRemainingColumn(), transient=True,
                       console=Console(stderr=True))
        task = bar.add_task("verify", total=total, rate="-")
        bar.start()
        start = time.perf_counter()

        def update(done: int) -> None:
            rate = done / max(1e-9, time.perf_counter() - start)
            bar.update(task, completed=done, rate=f"{rate:.0f}")

        return update, bar.stop
    state = {"last": time.perf_counter(), "start": time.perf_counter()}

    def plain(done: int) -> None:
        now = time.perf_counter()
        if now - state["last"] >= 5:
            state["last"] = now
            rate = done / max(1e-9, now - state["start"])
            of = f"/{total}" if total else ""
            print(f"verify: {done}{of} cases, {rate:.0f} cases/s", file=sys.stderr, flush=True)

    return plain, lambda: None


def cmd_verify(args: argparse.Namespace) -> int:
    import itertools

    from instances.registry import get_problem
    from reductions.registry import get_reduction
    from verify import certified_no_stream, exhaustive, planted_stream, random_stream, verify_reduction

    reduction = get_reduction(args.reduction)
    problem = get_problem(reduction.source)
    streams, total = [], 0
    if args.exhaustive is not None:
        streams.append(exhaustive(problem, args.exhaustive))
        total = None
    if args.random:
        streams.append(random_stream(problem, args.random, args.seed))
        total = None if total is None else total + args.random
    if args.planted:
        streams.append(planted_stream(problem, args.planted, args.seed))
        total = None if total is None else total + args.planted
    if args.certified_no:
        streams.append(certified_no_stream(problem, args.certified_no, args.seed))
        total = None if total is None else total + args.certified_no
    if not streams:
        raise UsageError("verify: give at least one of --exhaustive N, --random N, --planted N, --certified-no N")
    update, stop = _progress(total, args.quiet)
    options = {"timeout": args.timeout, "extra_certificates": args.extra_certificates}
    try:
        if args.workers and args.workers > 1:
            with ProcessPoolExecutor(max_workers=args.workers) as pool:
                report = verify_reduction(reduction, itertools.chain(*streams), executor=pool, progress=update, **options)
        else:
            report = verify_reduction(reduction, itertools.chain(*streams), progress=update, **options)
    finally:
        stop()
    result = report.to_json()
    if args.json:
        print(json.dumps(result))
    else:
        _print_report(result)
    return EXIT_OK if report.summary.passed else EXIT_FAILED


def _print_report(r: dict) -> None:
    print(f"{r['reduction']}: {r['cases']} cases in {r['seconds']} s ({r['cases_per_second']} cases/s)")
    print(f"  source yes {r['source_yes']}, no {r['source_no']};  target yes {r['target_yes']}, no {r['target_no']}")
    print("  confusion (source->target): " + ", ".join(f"{k}: {v}" for k, v in r["confusion"].items()))
    print(f"  mismatches {r['mismatches']}, certificate failures {r['certificate_failures']}, "
          f"size failures {r['size_failures']}, invalid targets {r['invalid_targets']}, "
          f"decider disagreements {r['decider_disagreements']}, timeouts {r['timeouts']}")
    for warning in r["warnings"]:
        print(f"  warning: {warning}")
    if r["counterexample"]:
        c = r["counterexample"]
        print(f"  counterexample ({c['label']}, shrunk in {c['shrink_steps']} steps): {json.dumps(c['shrunk'])}")
        for detail in c["details"]:
            print(f"    {detail}")
    print("  PASSED" if r["passed"] else "  FAILED")


def cmd_render(args: argparse.Namespace) -> int:
    import importlib
    import inspect

    from instances.registry import RENDERERS

    instance = _load(args.input)
    if instance.problem not in RENDERERS:
        raise InvalidInstance(f"{args.input}: no renderer for {instance.problem} (renderers: {', '.join(RENDERERS) or 'none yet'})")
    if not args.output.endswith(".svg"):
        raise UsageError("render: only SVG output (-o FILE.svg) is supported")
    module, _, name = RENDERERS[instance.problem].partition(":")
    renderer = getattr(importlib.import_module(module), name)
    certificate = None
    if args.certificate or args.solve:
        if "certificate" not in inspect.signature(renderer).parameters:
            raise UsageError(f"render: the {instance.problem} renderer draws no certificate")
    if args.certificate:
        try:
            with open(args.certificate, encoding="utf-8") as handle:
                raw = json.load(handle)
        except json.JSONDecodeError as error:
            raise InvalidInstance(f"{args.certificate}: not JSON ({error.msg}, line {error.lineno})") from None
        if isinstance(raw, dict) and "certificate" in raw:  # the output of npw solve --json
            raw = raw["certificate"]
        try:
            certificate = instance.certificate_from_json(raw)
        except InvalidInstance as error:
            raise InvalidInstance(f"{args.certificate}: {error}") from None
        if not instance.verify(certificate):
            raise InvalidInstance(f"{args.certificate}: not a solution of {args.input}")
    elif args.solve:
        from solvers import Answer, solve

        result = solve(instance, backend=args.backend, timeout=args.timeout)
        if result.answer is not Answer.YES:
            print(f"npw: render: {args.input} is {result.answer.value} ({result.backend}); drawing the board only",
                  file=sys.stderr)
        else:
            certificate = result.certificate
    svg = renderer(instance, certificate=certificate) if certificate is not None else renderer(instance)
    write_atomically(args.output, svg)
    return EXIT_OK


# -- the parser ----------------------------------------------------------------------------


def build_parser() -> Parser:
    parser = Parser(prog="npw", description="NP-hardness reduction workbench")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    p = commands.add_parser("list", help="problems, reductions, solvers")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    p = commands.add_parser("generate", help="a seeded instance, or counts of the exhaustive enumeration")
    p.add_argument("problem")
    p.add_argument("--generator", "-g", help="generator name (npw list shows them)")
    p.add_argument("--param", "-p", action="append", default=[], metavar="KEY=VALUE",
                   help="generator parameter, e.g. -p num_vars=30 -p ratio=0.62")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--enumerate", type=int, metavar="N", help="enumerate every instance up to size N")
    p.add_argument("--output", "-o")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_generate)

    p = commands.add_parser("reduce", help="apply a reduction to an instance file")
    p.add_argument("reduction")
    p.add_argument("input")
    p.add_argument("--output", "-o")
    p.add_argument("--emit", default="json", help="json (default), or an export format of the target: dimacs, smt2")
    p.set_defaults(run=cmd_reduce)

    p = commands.add_parser("solve", help="decide an instance file")
    p.add_argument("input")
    p.add_argument("--backend", "-b", help="decider (npw list shows them); sat:NAME picks a python-sat solver")
    p.add_argument("--timeout", type=float, help="seconds; out of time answers UNKNOWN")
    p.add_argument("--emit", help="instead of solving, export the encoding: dimacs, smt2")
    p.add_argument("--output", "-o", help="write the certificate (or the export) to this file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_solve)

    p = commands.add_parser("verify", help="check a reduction on many cases")
    p.add_argument("reduction")
    p.add_argument("--exhaustive", type=int, metavar="N", help="every source instance up to size N")
    p.add_argument("--random", type=int, metavar="N", default=0, help="N seeded random small sources")
    p.add_argument("--planted", type=int, metavar="N", default=0, help="N planted yes-sources")
    p.add_argument("--certified-no", type=int, metavar="N", default=0, help="N no-sources by construction")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="process pool size")
    p.add_argument("--timeout", type=float, help="seconds per decider call")
    p.add_argument("--extra-certificates", type=int, default=2, metavar="N",
                   help="also try backward on N more target certificates per yes-case (found under random "
                        "solver phases; default 2)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_verify)

    p = commands.add_parser("render", help="draw an instance as SVG (optionally with a certificate)")
    p.add_argument("input")
    p.add_argument("--output", "-o", required=True)
    p.add_argument("--certificate", "-c", metavar="CERT.json",
                   help="draw this certificate too (e.g. the capture sequence written by npw solve -o)")
    p.add_argument("--solve", action="store_true", help="solve the instance and draw the certificate found")
    p.add_argument("--backend", help="decider for --solve")
    p.add_argument("--timeout", type=float, help="seconds for --solve")
    p.set_defaults(run=cmd_render)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except UsageError as error:
        print(f"npw: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InvalidInstance as error:
        print(f"npw: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:  # e.g. an output folder that does not exist
        print(f"npw: error: {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("npw: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
