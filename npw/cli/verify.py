"""``npw verify`` (check a reduction on many cases) and ``npw report`` (a result store)."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from npw.cli.common import (
    EXIT_FAILED, EXIT_OK, chosen_reduction, count, dask_address, output_path, positive_int, positive_seconds, progress_reporter,
    UsageError, workers,
)
from npw.instances.base import InvalidInstance
from npw.instances.io import write_atomically
from npw.solvers.child import die_with_parent

__all__ = ["DEFAULT_EXHAUSTIVE", "DEFAULT_GENERATED", "DEFAULT_RANDOM", "DEFAULT_TIMEOUT", "cmd_report", "cmd_verify",
           "register"]


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
    import sqlite3

    if not os.path.exists(args.store):
        raise InvalidInstance(f"{args.store}: no such result store")
    store = _open_store(args.store)
    try:
        try:
            runs = store.runs()
        except sqlite3.DatabaseError as error:
            raise InvalidInstance(f"{args.store}: the result store is damaged ({error})") from None
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
            if r["fingerprint"]:
                covers = r["covers"] if len(r["covers"]) <= 160 else r["covers"][:157] + "..."  # --json: all of it
                print(f"  code {r['fingerprint'][:16]}: {covers}")
            else:
                print("  code: not fingerprinted (stored by an older npw; never resumed)")
    finally:
        store.close()
    return EXIT_OK


# the stream checked when none is asked for, by what the source problem offers
DEFAULT_RANDOM = 100
DEFAULT_EXHAUSTIVE = 2
DEFAULT_GENERATED = 50
# seconds per decider call and per call of the reduction's own code, unless --timeout says otherwise
DEFAULT_TIMEOUT = 60.0


def _default_stream(args: argparse.Namespace, problem: Any) -> str:
    """Sets the stream options to the default for ``problem``; returns them as command-line text."""
    if problem.sample is not None:
        args.random = DEFAULT_RANDOM
        return f"--random {DEFAULT_RANDOM} --seed {args.seed}"
    if problem.enumerate is not None:
        args.exhaustive = DEFAULT_EXHAUSTIVE
        return f"--exhaustive {DEFAULT_EXHAUSTIVE}"
    if "planted" in problem.generators or "certified-no" in problem.generators:
        args.planted = DEFAULT_GENERATED if "planted" in problem.generators else 0
        args.certified_no = DEFAULT_GENERATED if "certified-no" in problem.generators else 0
        given = [f"--{name} {DEFAULT_GENERATED}" for name in ("planted", "certified-no") if name in problem.generators]
        return " ".join(given) + f" --seed {args.seed}"
    raise UsageError(f"verify: problem {problem.id} has no case stream (no sample, enumerate or planted generator)")


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
    if args.where:
        streams = [_filtered(itertools.chain(*streams), [_parse_where(text) for text in args.where], problem.id)]
        total = None
    return streams, total


_WHERE_OPERATORS = ("<=", ">=", "!=", "=", "<", ">")


def _parse_where(text: str) -> tuple[str, str, Any]:
    """``KEY=VALUE`` (or ``!=``, ``<``, ``<=``, ``>``, ``>=``) as (key, operator, JSON value).

    >>> _parse_where("s=null"), _parse_where("num_vertices<=5")
    (('s', '=', None), ('num_vertices', '<=', 5))
    """
    from npw.cli.common import parse_value

    for operator in _WHERE_OPERATORS:
        key, found, value = text.partition(operator)
        if found and key.strip() and "=" not in key and "<" not in key and ">" not in key and "!" not in key:
            parsed = parse_value(value.strip())
            if operator not in ("=", "!=") and (not isinstance(parsed, (int, float)) or isinstance(parsed, bool)):
                raise UsageError(f"verify: --where {text!r}: {operator} compares with a number")
            return key.strip(), operator, parsed
    raise UsageError(f"verify: --where {text!r} is not KEY=VALUE (or KEY!=, <, <=, >, >= VALUE)")


def _filtered(cases: Any, conditions: list[tuple[str, str, Any]], problem_id: str) -> Any:
    """The cases whose instance meets every condition (on a field of its JSON, or a size measure)."""
    import operator as op

    compare = {"=": op.eq, "!=": op.ne, "<": op.lt, "<=": op.le, ">": op.gt, ">=": op.ge}
    for label, instance in cases:
        data, measures = instance.to_dict(), instance.size()
        keep = True
        for key, operator, value in conditions:
            if key in measures and not isinstance(data.get(key), (int, float)):
                actual = measures[key]  # e.g. "clauses": a list in the JSON, a count as a measure
            elif key in data:
                actual = data[key]
            else:
                known = ", ".join(sorted(set(data) - {"problem", "version"} | set(measures)))
                raise UsageError(f"verify: --where: {problem_id} instances have no field or measure {key!r} "
                                 f"(they have: {known})")
            try:
                keep = compare[operator](actual, value)
            except TypeError:
                keep = False
            if not keep:
                break
        if keep:
            yield label, instance


@contextlib.contextmanager
def _stdout_to_stderr(active: bool) -> Any:
    """While active, whatever the checked code prints goes to stderr: ``sys.stdout`` and file
    descriptor 1 both, so neither worker processes nor C code can write into ``--json`` output.
    The JSON is printed after the block, to the restored stdout."""
    import os
    import sys

    if not active:
        yield
        return
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 1)
        os.close(saved)


def cmd_verify(args: argparse.Namespace) -> int:
    import sqlite3

    with _stdout_to_stderr(args.json):
        try:
            result, passed = _verify(args)
        except sqlite3.DatabaseError as error:  # a damaged store found while sweeping
            raise InvalidInstance(f"{args.db}: the result store is damaged ({error})") from None
    if args.json:
        print(json.dumps(result))
    else:
        _print_report(result)
    return EXIT_OK if passed else EXIT_FAILED


def _verify(args: argparse.Namespace) -> tuple[dict, bool]:
    """Runs the sweep the options ask for; returns the report's JSON and whether it passed."""
    import sys

    from npw.verify import verify_reduction
    from npw.verify.cases import source_problem

    reduction = chosen_reduction(args, "verify")
    problem = source_problem(reduction)  # the reduction's bounded random sources, where it declares them
    if args.html and not args.html.lower().endswith((".html", ".htm")):
        raise UsageError(f"verify: --html takes a .html file name, not {args.html!r}")
    default = None
    if args.exhaustive is None and not (args.random or args.planted or args.certified_no):
        default = _default_stream(args, problem)
        print(f"verify: no stream given; checking {default}", file=sys.stderr)
    streams, total = _verify_streams(args, problem)
    options = {"timeout": args.timeout, "extra_certificates": args.extra_certificates}
    store = run = None
    stored_before = 0
    if args.db:
        from npw.verify.fingerprint import code_fingerprint

        store = _open_store(args.db)
        code = code_fingerprint(reduction)
        # the same stream and checks on the same code are the same run: what a restart resumes
        run = store.run_id(reduction.id, {"exhaustive": args.exhaustive, "random": args.random,
                                          "planted": args.planted, "certified_no": args.certified_no,
                                          "seed": args.seed, "where": sorted(args.where), **options},
                           code.digest, code.covers())
        stored_before = len(store.done_labels(run))
        if stored_before and not args.quiet:
            print(f"verify: {stored_before} cases of this run (same arguments, code {code.digest[:12]}) are in "
                  f"{args.db}: taken from the store, not checked again", file=sys.stderr)
    update, stop = progress_reporter(total, args.quiet)
    try:
        executor_context: contextlib.AbstractContextManager[Any]
        if args.dask:
            executor_context = _dask_executor(args.dask)
        elif args.workers and args.workers > 1:
            executor_context = ProcessPoolExecutor(max_workers=args.workers, initializer=die_with_parent,
                                                   initargs=(os.getpid(),))  # workers end with this process
        else:
            executor_context = contextlib.nullcontext(None)
        with executor_context as executor:
            report = verify_reduction(reduction, itertools.chain(*streams), executor=executor, progress=update,
                                      store=store, run=run, fail_fast=args.fail_fast, **options)
    finally:
        stop()
        if store is not None:
            store.close()
    result = report.to_json()
    result["stream"] = default or "as given"
    result["timeout"] = args.timeout
    # a construction with a scale parameter is checked at the registered reduce's scale: say which
    result["scale"] = reduction.notes if reduction.options else None
    if args.html:
        import shlex

        from npw.verify.html_report import render_html, size_sample

        sizes = size_sample(reduction, itertools.chain(*_verify_streams(args, problem)[0]))
        command = "npw " + shlex.join(getattr(args, "argv", []))
        write_atomically(args.html, render_html(result, reduction, sizes, command))
    return result, report.summary.passed


def _print_report(r: dict) -> None:
    resumed = f", {r['resumed']} of them taken from the store" if r["resumed"] else ""
    print(f"{r['reduction']}: {r['cases']} cases{resumed} in {r['seconds']} s ({r['cases_per_second']} cases/s)")
    if r.get("scale"):
        print(f"  checked at the registered scale: {r['scale']}")
    print(f"  source yes {r['source_yes']}, no {r['source_no']};  target yes {r['target_yes']}, no {r['target_no']}")
    if r["target_no"]:
        by = ", ".join(f"{names} {n}" for names, n in r["target_no_deciders"].items())
        print(f"  target NO decided by two deciders that agree: {r['target_no_confirmed']} of {r['target_no']} ({by})")
    print("  confusion (source->target): " + ", ".join(f"{k}: {v}" for k, v in r["confusion"].items()))
    print(f"  mismatches {r['mismatches']}, certificate failures {r['certificate_failures']}, "
          f"size failures {r['size_failures']}, invalid targets {r['invalid_targets']}, "
          f"claim failures {r['claim_failures']}, decider disagreements {r['decider_disagreements']}, "
          f"timeouts {r['timeouts']}")
    if r["target_yes_by_forward_certificate"]:
        print(f"  target YES proven by the forward certificate alone: {r['target_yes_by_forward_certificate']}")
    if r["claims"]:
        print("  claims of the proof:")
        for claim in r["claims"]:
            print(f"    {claim['status']}: {claim['name']} (passed {claim['passed']}, failed {claim['failed']})")
            if "deviation" in claim and claim["failed"]:
                print(f"      declared: {claim['deviation']}")
    if r["stuck_examples"]:
        shown = len(r["stuck_examples"])
        print(f"  undecided decider calls, how far they got ({shown} of {r['stuck_deciders']}):")
        for line in r["stuck_examples"]:
            print(f"    {line}")
    for warning in r["warnings"]:
        print(f"  warning: {warning}")
    for c in r["counterexamples"]:
        print(f"  counterexample for {c['kind']} ({c['label']}, shrunk in {c['shrink_steps']} steps): "
              f"{json.dumps(c['shrunk'])}")
        for detail in c["details"]:
            print(f"    {detail}")
    print("  PASSED" if r["passed"] else "  FAILED")


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("verify", help="check a reduction on many cases",
                            description="Without a stream option: --random 100 where the source problem has "
                                        "a sample, else --exhaustive 2, else planted and certified-no.")
    p.add_argument("reduction", nargs="?", help="a registered reduction id, or path/to/file.py:NAME")
    p.add_argument("--via", metavar="R1,R2,...", help="instead of one reduction, the chain of registered reductions "
                                                      "R1 then R2 ... (npw path finds them)")
    p.add_argument("--exhaustive", type=positive_int, metavar="N", help="every source instance up to size N")
    p.add_argument("--random", type=count, metavar="N", default=0, help="N seeded random small sources")
    p.add_argument("--planted", type=count, metavar="N", default=0, help="N planted yes-sources")
    p.add_argument("--certified-no", type=count, metavar="N", default=0, help="N no-sources by construction")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=workers, default=1, help="process pool size")
    p.add_argument("--dask", metavar="ADDRESS", type=dask_address,
                   help="run on a Dask cluster (scheduler address; extra 'dist')")
    p.add_argument("--db", metavar="FILE", help="SQLite result store: records every case; a rerun with the "
                                                 "same arguments resumes, skipping finished cases")
    p.add_argument("--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT,
                   help="seconds per decider call and per call of the reduction's own code (reduce, forward, "
                        f"backward, size, claims); default {DEFAULT_TIMEOUT:g}")
    p.add_argument("--where", action="append", default=[], metavar="KEY=VALUE",
                   help="check only sources whose JSON field or size measure KEY compares so with VALUE "
                        "(=, !=, <, <=, >, >=; e.g. --where s=null); repeatable, all must hold")
    p.add_argument("--fail-fast", action="store_true", help="stop at the first failing case")
    p.add_argument("--extra-certificates", type=count, default=2, metavar="N",
                   help="also try backward on N more target certificates per yes-case (found under random "
                        "solver phases; default 2)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--html", metavar="OUT.html", type=output_path,
                   help="also write a self-contained HTML report (confusion matrix, sizes against the formulas, "
                        "timings, the counterexample drawn)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_verify)
    p = commands.add_parser("report", help="summarise a result store written by verify --db")
    p.add_argument("store")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_report)
