"""``npw``: the workbench's command line (DESIGN.md section 5).

Thin by design: it parses arguments, calls the packages, formats the results.
Bad input (a missing or malformed file, an invalid instance, an unknown name) is
reported as one line on stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, NoReturn, Sequence

from npw.instances.base import InvalidInstance, dumps, write_atomically

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
    from npw.instances.io import load_instance

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
    from npw.instances.registry import get_problem, problem_ids
    from npw.reductions.registry import get_reduction, reduction_ids
    from npw.solvers import backends_for, export_formats

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


def _positive(value: int | None, option: str) -> None:
    if value is not None and value < 1:
        raise UsageError(f"{option} must be >= 1, not {value}")


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
        _positive(args.count, "--count")
        formats = [f.strip() for f in args.formats.split(",") if f.strip()] if args.formats else None
        manifest = write_set(args.set, args.problem, args.count, args.seed, args.generator, _params(args.param),
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
    _positive(args.count, "--count")
    values = [_parse_value(v.strip()) for v in args.values.split(",") if v.strip()]
    if not values:
        raise UsageError("profile: --values needs at least one value, e.g. --values 0.3,0.5,0.7")
    param = args.param.replace("-", "_")
    update, stop = _progress(len(values) * args.count, args.quiet, "profile", "instances")
    try:
        points = hardness_profile(args.problem, param, values, args.count, args.seed, args.generator,
                                  _params(args.p), args.backend, args.timeout, progress=update)
    finally:
        stop()
    settings = {"generator": args.generator, "params": _params(args.p), "count": args.count, "seed": args.seed,
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


def cmd_reduce(args: argparse.Namespace) -> int:
    from npw.reductions.registry import get_reduction
    from npw.solvers import export

    reduction = get_reduction(args.reduction)
    source = _load(args.input)
    if source.problem != reduction.source:
        raise InvalidInstance(f"{args.input}: {reduction.id} takes a {reduction.source} instance, not {source.problem}")
    if args.reduction == "224sat-to-npuz":
        from npw.reductions.npuz_theorem3 import reduction as theorem3

        instance = theorem3.build_instance(source, args.unit, args.additive)
        summary = instance.summary()
        if instance.n > theorem3.DENSE_LIMIT:
            if args.emit != "json":
                raise UsageError(f"reduce: the board is {instance.n} x {instance.n}; only the compact JSON summary can be written")
            _emit(dumps({"problem": "npuz-compact", "version": 1, **summary}), args.output)
        else:
            target = instance.to_npuz()
            # where the board came from, so that npw render can draw its layout
            origin = {"theorem3": {"num_vars": source.num_vars, "clauses": source.clause_list(),
                                   "unit": instance.unit - args.additive, "additive": args.additive}}
            _emit(dumps({**target.to_dict(), **origin}) if args.emit == "json" else export(target, args.emit),
                  args.output)
        if "warning" in summary:
            print(f"npw: reduce: {summary['warning']}", file=sys.stderr)
        print(f"npw: reduce: no-direction {summary['no_direction']}", file=sys.stderr)
        return EXIT_OK
    if args.unit is not None or args.additive:
        raise UsageError("reduce: --unit and --additive apply to 224sat-to-npuz only")
    target = reduction.reduce(source)
    text = dumps(target.to_dict()) if args.emit == "json" else export(target, args.emit)
    _emit(text, args.output)
    return EXIT_OK


def cmd_puzzle_theorem3(args: argparse.Namespace) -> int:
    import itertools

    from npw.reductions.npuz_theorem3 import reduction as theorem3

    formula = _load(args.input)
    if formula.problem != "224sat":
        raise InvalidInstance(f"{args.input}: theorem3 takes a 224sat instance, not {formula.problem}")
    start = time.perf_counter()
    instance = theorem3.build_instance(formula, args.unit, args.additive)
    out: dict[str, Any] = {"build_seconds": round(time.perf_counter() - start, 3), **instance.summary()}
    rel = theorem3.read_back(instance)
    from npw.reductions import two_two_four_sat_to_rel as theorem2

    out["read_back_equals_rel"] = theorem3.same_rel(rel, theorem2.reduce(formula))
    if args.simulate:
        m = formula.num_vars
        if m > 20:
            raise UsageError("theorem3: --simulate looks for a satisfying assignment by brute force (m <= 20)")
        assignment = next((a for a in itertools.product([False, True], repeat=m) if formula.verify(a)), None)
        if assignment is None:
            out["simulation"] = "the formula is unsatisfiable: no forward moves to simulate"
        else:
            result = theorem3.forward_moves(instance, assignment)
            out["simulation"] = {"assignment": list(assignment), "moves": result.moves, "within_k": result.moves <= instance.k,
                                 "region_moves": result.region_moves, "segments": len(result.segments),
                                 "seconds": round(result.seconds, 2), "reached_B2": True}
            decoded = theorem3.backward_segments(instance, result.segments)
            out["simulation"]["backward_assignment"] = list(decoded)
            out["simulation"]["backward_satisfies"] = formula.verify(decoded)
            if args.certificate:
                if instance.n > theorem3.DENSE_LIMIT:
                    raise UsageError("theorem3: --certificate needs a small unit (the move string is too long)")
                write_atomically(args.certificate, dumps(result.text()))
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    from npw.solvers import Answer, export, solve

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


def _progress(total: int | None, quiet: bool, label: str = "verify", unit: str = "cases"
              ) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress callback on stderr: a rich bar on a terminal, plain lines every 5 s otherwise."""
    if quiet:
        return None, lambda: None
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                       TextColumn(f"{{task.fields[rate]}} {unit}/s"), TimeRemainingColumn(), transient=True,
                       console=Console(stderr=True))
        task = bar.add_task(label, total=total, rate="-")
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
            print(f"{label}: {done}{of} {unit}, {rate:.0f} {unit}/s", file=sys.stderr, flush=True)

    return plain, lambda: None


def _open_store(path: str):
    import sqlite3

    from npw.verify.store import ResultStore

    try:
        return ResultStore(path)
    except sqlite3.DatabaseError as error:
        raise InvalidInstance(f"{path}: not a result store ({error})") from None


@contextlib.contextmanager
def _dask_executor(address: str):
    """``concurrent.futures`` executor of a Dask cluster (optional extra ``dist``)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise UsageError('--dask needs dask.distributed: pip install "npw[dist]"') from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise UsageError(f"--dask: cannot reach the scheduler at {address} ({error})") from None
    try:
        yield client.get_executor()
    finally:
        client.close()


def cmd_report(args: argparse.Namespace) -> int:
    import os

    if not os.path.exists(args.store):
        raise InvalidInstance(f"{args.store}: no such result store")
    store = _open_store(args.store)
    try:
        runs = store.runs()
        if args.json:
            print(json.dumps({"store": args.store, "runs": runs}))
            return EXIT_OK
        if not runs:
            print(f"{args.store}: no runs")
        for r in runs:
            given = ", ".join(f"{k}={v}" for k, v in sorted(r["arguments"].items()) if v not in (None, 0))
            print(f"run {r['run']}: {r['reduction']} ({given})")
            print(f"  {r['cases']} cases; confusion: " + ", ".join(f"{k}: {v}" for k, v in sorted(r["confusion"].items())))
            print(f"  failing cases: {r['failing_cases']}")
    finally:
        store.close()
    return EXIT_OK


def _verify_streams(args: argparse.Namespace, problem: Any) -> tuple[list, int | None]:
    """The case streams the verify options ask for, and their total (None if not known)."""
    from npw.verify import certified_no_stream, exhaustive, planted_stream, random_stream

    streams: list = []
    total: int | None = 0
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
    return streams, total


def cmd_verify(args: argparse.Namespace) -> int:
    import itertools

    from npw.instances.registry import get_problem
    from npw.reductions.registry import get_reduction
    from npw.verify import verify_reduction

    reduction = get_reduction(args.reduction)
    problem = get_problem(reduction.source)
    if args.html and not args.html.lower().endswith((".html", ".htm")):
        raise UsageError(f"verify: --html takes a .html file name, not {args.html!r}")
    streams, total = _verify_streams(args, problem)
    update, stop = _progress(total, args.quiet)
    options = {"timeout": args.timeout, "extra_certificates": args.extra_certificates}
    store = run = None
    if args.db:
        from npw.verify.store import ResultStore

        store = _open_store(args.db)
        # the same stream and checks are the same run: what a restart resumes
        run = store.run_id(reduction.id, {"exhaustive": args.exhaustive, "random": args.random,
                                          "planted": args.planted, "certified_no": args.certified_no,
                                          "seed": args.seed, **options})
    try:
        if args.dask:
            executor_context = _dask_executor(args.dask)
        elif args.workers and args.workers > 1:
            executor_context = ProcessPoolExecutor(max_workers=args.workers)
        else:
            executor_context = contextlib.nullcontext(None)
        with executor_context as executor:
            report = verify_reduction(reduction, itertools.chain(*streams), executor=executor, progress=update,
                                      store=store, run=run, **options)
    finally:
        stop()
        if store is not None:
            store.close()
    result = report.to_json()
    if args.html:
        import shlex

        from npw.verify.html_report import render_html, size_sample

        sizes = size_sample(reduction, itertools.chain(*_verify_streams(args, problem)[0]))
        command = "npw " + shlex.join(getattr(args, "argv", []))
        write_atomically(args.html, render_html(result, reduction, sizes, command))
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
    if r["target_yes_by_forward_certificate"]:
        print(f"  target YES proven by the forward certificate alone: {r['target_yes_by_forward_certificate']}")
    for warning in r["warnings"]:
        print(f"  warning: {warning}")
    if r["counterexample"]:
        c = r["counterexample"]
        print(f"  counterexample ({c['label']}, shrunk in {c['shrink_steps']} steps): {json.dumps(c['shrunk'])}")
        for detail in c["details"]:
            print(f"    {detail}")
    print("  PASSED" if r["passed"] else "  FAILED")


def cmd_render(args: argparse.Namespace) -> int:
    import inspect

    from npw.instances.registry import RENDERERS, renderer_for

    instance = _load(args.input)
    if instance.problem == "npuz" and not (args.certificate or args.solve):
        with open(args.input, encoding="utf-8") as handle:
            origin = json.load(handle).get("theorem3")
        if origin is not None:  # a board of 224sat-to-npuz: draw its layout
            from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
            from npw.reductions.npuz_theorem3 import reduction as theorem3
            from npw.reductions.npuz_theorem3.render import render_layout_svg

            if not args.output.endswith(".svg"):
                raise UsageError("render: only SVG output (-o FILE.svg) is supported")
            try:
                formula = TwoTwoFourSat(int(origin["num_vars"]), [tuple(c) for c in origin["clauses"]])
                layout_instance = theorem3.build_instance(formula, int(origin["unit"]), int(origin["additive"]))
            except (KeyError, TypeError, ValueError) as error:
                raise InvalidInstance(f"{args.input}: bad 'theorem3' field ({error})") from None
            if layout_instance.to_npuz() != instance:
                raise InvalidInstance(f"{args.input}: the boards are not the 'theorem3' field's construction")
            write_atomically(args.output, render_layout_svg(layout_instance))
            return EXIT_OK
    renderer = renderer_for(instance.problem)
    if renderer is None:
        raise InvalidInstance(f"{args.input}: no renderer for {instance.problem} (renderers: {', '.join(RENDERERS) or 'none yet'})")
    if not args.output.endswith(".svg"):
        raise UsageError("render: only SVG output (-o FILE.svg) is supported")
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
        from npw.solvers import Answer, solve

        result = solve(instance, backend=args.backend, timeout=args.timeout)
        if result.answer is not Answer.YES:
            print(f"npw: render: {args.input} is {result.answer.value} ({result.backend}); drawing the board only",
                  file=sys.stderr)
        else:
            certificate = result.certificate
    svg = renderer(instance, certificate=certificate) if certificate is not None else renderer(instance)
    write_atomically(args.output, svg)
    return EXIT_OK


def _puzzle_boards(args: argparse.Namespace) -> tuple[Any, Any]:
    """(B1, B2) from BOARD (one-line text or a file holding it, or an npuz JSON file) and --goal."""
    import os

    from npw.instances.npuz.board import goal_board, parse_board, side_of

    text, name = args.board, "BOARD"
    if os.path.exists(args.board) and not args.board.strip().replace(" ", "").replace(",", "").isdigit():
        from npw.instances.io import read_text

        try:
            text = read_text(args.board)
        except InvalidInstance as error:
            raise InvalidInstance(f"{args.board}: {error}") from None
        name = args.board
        if text.lstrip().startswith("{"):
            instance = _load(args.board)
            if instance.problem != "npuz":
                raise InvalidInstance(f"{args.board}: a puzzle file holds an npuz instance, not {instance.problem}")
            return instance.start, instance.goal
    try:
        start = parse_board(text, name)
        return start, goal_board(side_of(len(start)), args.goal)
    except InvalidInstance as error:
        message = str(error)
        raise InvalidInstance(message if message.startswith(name) else f"{name}: {message}") from None


def _check_reachable(start: Any, goal: Any, where: str) -> None:
    from npw.instances.npuz.reach import reachable

    if not reachable(start, goal):
        raise InvalidInstance(f"{where}: the goal is not reachable from this board (Theorem 1: once the blank is "
                              f"home, the permutation has an odd number of even cycles)")


def cmd_puzzle_solve(args: argparse.Namespace) -> int:
    from npw.solvers.npuz.search import astar_path, bfs_path, idastar_path

    start, goal = _puzzle_boards(args)
    _check_reachable(start, goal, args.board if len(args.board) < 60 else "BOARD")
    n = len(start) ** 0.5
    heuristic = args.heuristic or ("pdb" if n <= 4 else "linear-conflict")
    if args.solver == "region":
        from npw.instances.npuz.region import solve_board
        from npw.solvers.npuz.search import SearchOutcome

        began = time.perf_counter()
        moves = solve_board(start, goal)
        outcome = SearchOutcome(moves, True, {"nodes": 0, "time": time.perf_counter() - began})
    elif args.solver == "bfs":
        outcome = bfs_path(start, goal, timeout=args.timeout)
    elif args.solver == "astar":
        outcome = astar_path(start, goal, heuristic, timeout=args.timeout)
    else:
        outcome = idastar_path(start, goal, heuristic, timeout=args.timeout)
    if outcome.moves is None:
        print(f"npw: no solution found within the time limit or the memory budget "
              f"({outcome.stats.get('nodes', 0)} nodes)", file=sys.stderr)
        return EXIT_FAILED
    result = {"length": len(outcome.moves), "moves": outcome.moves, "nodes": outcome.stats.get("nodes", 0),
              "seconds": round(outcome.stats.get("time", 0.0), 6)}
    if args.json:
        print(json.dumps(result))
    else:
        label = args.solver if args.solver in ("bfs", "region") else f"{args.solver} ({heuristic})"
        if args.solver == "region":
            label += ": constructive, NOT optimal"
        print(f"{result['length']} moves (blank's directions), {result['nodes']} nodes, "
              f"{result['seconds']:.3f} s, {label}")
        print(outcome.moves)
    return EXIT_OK


def cmd_puzzle_approx(args: argparse.Namespace) -> int:
    from npw.solvers.npuz.approx import approximate

    start, goal = _puzzle_boards(args)
    _check_reachable(start, goal, args.board if len(args.board) < 60 else "BOARD")
    result = approximate(start, goal)
    out = {"length": len(result.moves), "moves": result.moves, "lower_bound": result.lower_bound,
           "ratio": round(result.ratio, 4), "seconds": round(result.stats["time"], 6),
           "manhattan": result.stats["manhattan"], "tree_cost": result.stats["tree_cost"],
           "fallback": result.stats.get("fallback", False)}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['length']} moves (blank's directions), Theorem 4 lower bound {out['lower_bound']} "
              f"(= (d {out['manhattan']} + MST {out['tree_cost']}) / 2), ratio {out['ratio']}, {out['seconds']:.3f} s"
              + (" [region-solver fallback]" if out["fallback"] else ""))
        print(result.moves)
    return EXIT_OK


def cmd_puzzle_render(args: argparse.Namespace) -> int:
    from npw.instances.npuz.render import render_svg

    start, goal = _puzzle_boards(args)
    moves = args.moves or ""
    if args.solve:
        from npw.solvers.npuz.approx import approximate
        from npw.solvers.npuz.search import idastar_path

        _check_reachable(start, goal, "BOARD")
        if len(start) <= 16:
            moves = idastar_path(start, goal, "pdb").moves or ""
        else:
            moves = approximate(start, goal).moves
    if not args.output.endswith(".svg"):
        raise UsageError("puzzle render: only SVG output (-o FILE.svg) is supported")
    write_atomically(args.output, render_svg(start, moves, goal=goal))
    return EXIT_OK


def cmd_puzzle_study(args: argparse.Namespace) -> int:
    from npw.instances.npuz.render import render_scatter
    from npw.solvers.npuz.study import study

    if args.boards < 1:
        raise UsageError("puzzle study: --boards must be >= 1")
    points = study(args.boards, args.seed, args.x, args.y, args.solver)
    if args.output:
        if not args.output.endswith(".svg"):
            raise UsageError("puzzle study: only SVG output (-o FILE.svg) is supported")
        title = f"{args.boards} random 8-puzzles (seed {args.seed}), {args.solver}: {args.x} vs {args.y}"
        write_atomically(args.output, render_scatter([(p.x_nodes, p.y_nodes, p.length) for p in points],
                                                     args.x, args.y, title))
    rows = [{"board": list(p.board), "length": p.length, args.x: p.x_nodes, args.y: p.y_nodes} for p in points]
    if args.json:
        print(json.dumps({"boards": args.boards, "seed": args.seed, "solver": args.solver, "points": rows}))
    else:
        below = sum(1 for p in points if p.y_nodes < p.x_nodes)
        print(f"{len(points)} boards: {args.y} expanded fewer nodes than {args.x} on {below}; "
              f"total {sum(p.x_nodes for p in points)} vs {sum(p.y_nodes for p in points)} nodes")
    return EXIT_OK


def cmd_torus_diameter(args: argparse.Namespace) -> int:
    from npw.solvers.torus.bfs import distance_distribution

    if args.rows < 1 or args.cols < 1:
        raise UsageError(f"torus diameter: sides must be positive, not {args.rows} x {args.cols}")
    result = distance_distribution(args.rows, args.cols, args.metric)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.rows} x {args.cols}, {args.metric} metric: {result['states']} reachable states, "
              f"diameter {result['diameter']}")
        print("distribution (distance: states): " + ", ".join(f"{d}: {c}" for d, c in enumerate(result["distribution"])))
    return EXIT_OK


def _torus_board(text: str) -> Any:
    """A board given inline ("2 1 3/4 5 6") or as a torus JSON file."""
    import os

    from npw.instances.torus.puzzle import TorusBoard

    if os.path.exists(text):
        instance = _load(text)
        if instance.problem != "torus":
            raise InvalidInstance(f"{text}: expected a torus instance, not {instance.problem}")
        return instance.board, instance.metric
    if not any(ch.isdigit() for ch in text):
        raise InvalidInstance(f"{text}: no such file, and not a board such as '2 1 3/4 5 6'")
    try:
        return TorusBoard.parse(text), None
    except InvalidInstance as error:
        raise InvalidInstance(f"board {text!r}: {error}") from None


def cmd_torus_solve(args: argparse.Namespace) -> int:
    from npw.instances.torus.puzzle import drag_number, moves_text, push_number
    from npw.solvers.torus.bfs import optimal_moves
    from npw.solvers.torus.constructive import solve_board

    board, file_metric = _torus_board(args.board)
    metric = args.metric or file_metric or "drag"
    moves, stats = solve_board(board)
    result: dict[str, Any] = {"rows": board.rows, "cols": board.cols, "board": board.to_json(),
                              "solvable": moves is not None, "reason": stats["reason"]}
    if moves is not None:
        result["constructive"] = {"moves": [str(m) for m in moves], "drag": drag_number(moves),
                                  "push": push_number(moves)}
        if board.rows * board.cols <= 9:
            best = optimal_moves(board, metric)
            result["optimal"] = {"metric": metric, "moves": [str(m) for m in best], "drag": drag_number(best),
                                 "push": push_number(best)}
    if args.json:
        print(json.dumps(result))
        return EXIT_OK
    if moves is None:
        print(f"unsolvable: {stats['reason']}")
        return EXIT_OK
    c = result["constructive"]
    print(f"constructive ({c['drag']} drag, {c['push']} push): {moves_text(moves) or '(already solved)'}")
    if "optimal" in result:
        o = result["optimal"]
        print(f"optimal in the {metric} metric ({o['drag']} drag, {o['push']} push): {' '.join(o['moves']) or '(already solved)'}")
    return EXIT_OK


# -- the parser ----------------------------------------------------------------------------


def build_parser() -> Parser:
    parser = Parser(prog="npw", description="NP-hardness reduction workbench")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

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
    p.add_argument("--output", "-o")
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

    p = commands.add_parser("reduce", help="apply a reduction to an instance file")
    p.add_argument("reduction")
    p.add_argument("input")
    p.add_argument("--output", "-o")
    p.add_argument("--emit", default="json", help="json (default), or an export format of the target: dimacs, smt2")
    p.add_argument("--unit", type=int, help="224sat-to-npuz: the length unit l (default the paper's u + 16m + 1; "
                                             "boards beyond 4000 x 4000 are written as a compact summary)")
    p.add_argument("--additive", type=int, default=0, help="224sat-to-npuz: Corollary 1's constant r (l, u += r)")
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
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster (scheduler address; extra 'dist')")
    p.add_argument("--db", metavar="FILE", help="SQLite result store: records every case; a rerun with the "
                                                 "same arguments resumes, skipping finished cases")
    p.add_argument("--timeout", type=float, help="seconds per decider call")
    p.add_argument("--extra-certificates", type=int, default=2, metavar="N",
                   help="also try backward on N more target certificates per yes-case (found under random "
                        "solver phases; default 2)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--html", metavar="OUT.html", help="also write a self-contained HTML report (confusion matrix, "
                                                     "sizes against the formulas, timings, the counterexample drawn)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_verify)

    p = commands.add_parser("report", help="summarise a result store written by verify --db")
    p.add_argument("store")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_report)

    p = commands.add_parser("puzzle", help="the sliding-tile puzzle: solve, approximate, render")
    puzzle = p.add_subparsers(dest="puzzle_command", required=True, parser_class=Parser)
    board_help = ("the board in the one-line format (n^2 numbers, 0 the blank; quote it) or a file holding it "
                  "(or an npuz JSON instance, whose goal is used)")
    q = puzzle.add_parser("solve", help="an optimal solution (moves name the direction the blank travels)")
    q.add_argument("board", help=board_help)
    q.add_argument("--goal", choices=("blank-first", "blank-last"), default="blank-last",
                   help="goal board: 0 1 2 ... (blank-first) or 1 2 ... 0 (blank-last, default)")
    q.add_argument("--solver", choices=("bfs", "astar", "idastar", "region"), default="idastar",
                   help="optimal searches, or region: the row-by-row constructive solver (any n, <= 18 n^3 "
                        "moves, not optimal)")
    q.add_argument("--heuristic", choices=("manhattan", "euclid", "relaxed", "linear-conflict", "pdb"),
                   help="default: pdb for n <= 4, linear-conflict beyond")
    q.add_argument("--timeout", type=float, help="seconds; exit 1 if no solution in time")
    q.add_argument("--json", action="store_true", help='one object {"length", "moves", "nodes", "seconds"}')
    q.set_defaults(run=cmd_puzzle_solve)

    q = puzzle.add_parser("approx", help="a fast solution within a constant factor (Section 5), with the "
                                          "Theorem 4 lower bound")
    q.add_argument("board", help=board_help)
    q.add_argument("--goal", choices=("blank-first", "blank-last"), default="blank-last")
    q.add_argument("--json", action="store_true",
                   help='one object {"length", "moves", "lower_bound", "ratio", "seconds", "manhattan", '
                        '"tree_cost", "fallback"}')
    q.set_defaults(run=cmd_puzzle_approx)

    q = puzzle.add_parser("study", help="seed 004's random 8-puzzle study: search effort of two heuristics, "
                                         "as an SVG scatter")
    q.add_argument("--boards", type=int, default=500)
    q.add_argument("--seed", type=int, default=0)
    heuristics = ("manhattan", "euclid", "relaxed", "linear-conflict", "pdb")
    q.add_argument("--x", choices=heuristics, default="manhattan")
    q.add_argument("--y", choices=heuristics, default="linear-conflict")
    q.add_argument("--solver", choices=("astar", "idastar"), default="astar")
    q.add_argument("--output", "-o", help="SVG scatter")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_puzzle_study)

    q = puzzle.add_parser("theorem3", help="2/2/4-SAT -> nPUZ (Theorem 3): sizes, k, read-back, forward simulation")
    q.add_argument("input", help="a 224sat instance (JSON)")
    q.add_argument("--unit", type=int, help="the length unit l (default the paper's u + 16m + 1)")
    q.add_argument("--additive", type=int, default=0, help="Corollary 1: enlarge l and u by r")
    q.add_argument("--simulate", action="store_true", help="run the forward moves (Shift 1-4) from a satisfying "
                                                            "assignment and check they reach B2 within k")
    q.add_argument("--certificate", help="with --simulate on a small unit: write the move string (JSON) here")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_puzzle_theorem3)

    q = puzzle.add_parser("render", help="draw a board (and a move sequence) as SVG")
    q.add_argument("board", help=board_help)
    q.add_argument("--goal", choices=("blank-first", "blank-last"), default="blank-last")
    q.add_argument("--moves", help="a move string (U/D/L/R, the blank's directions) to draw step by step")
    q.add_argument("--solve", action="store_true", help="draw a solution (optimal for n <= 4, else approximate)")
    q.add_argument("--output", "-o", required=True)
    q.set_defaults(run=cmd_puzzle_render)

    p = commands.add_parser("render", help="draw an instance as SVG (optionally with a certificate)")
    p.add_argument("input")
    p.add_argument("--output", "-o", required=True)
    p.add_argument("--certificate", "-c", metavar="CERT.json",
                   help="draw this certificate too (e.g. the capture sequence written by npw solve -o)")
    p.add_argument("--solve", action="store_true", help="solve the instance and draw the certificate found")
    p.add_argument("--backend", help="decider for --solve")
    p.add_argument("--timeout", type=float, help="seconds for --solve")
    p.set_defaults(run=cmd_render)

    p = commands.add_parser("torus", help="the torus puzzle: diameter by BFS, solve a board")
    torus = p.add_subparsers(dest="torus_command", required=True, parser_class=Parser)
    q = torus.add_parser("diameter", help="BFS over every configuration (boards of at most 10 cells)")
    q.add_argument("rows", type=int)
    q.add_argument("cols", type=int)
    q.add_argument("--metric", choices=("push", "drag"), default="drag")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_torus_diameter)
    q = torus.add_parser("solve", help="constructive solution (and an optimal one up to 9 cells)")
    q.add_argument("board", help="'2 1 3/4 5 6' (rows separated by /) or a torus instance file")
    q.add_argument("--metric", choices=("push", "drag"), help="metric of the optimal solution (default drag)")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_torus_solve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        args.argv = list(sys.argv[1:] if argv is None else argv)  # the command, for reports
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
