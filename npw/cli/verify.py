"""``npw verify`` (check a reduction on many cases) and ``npw report`` (a result store)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from npw.cli.common import (
    EXIT_FAILED, EXIT_OK, count, dask_address, output_path, positive_int, positive_seconds, progress_reporter,
    UsageError, workers,
)
from npw.instances.base import InvalidInstance, write_atomically
from npw.solvers.child import die_with_parent


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
    update, stop = progress_reporter(total, args.quiet)
    options = {"timeout": args.timeout, "extra_certificates": args.extra_certificates}
    store = run = None
    if args.db:
        store = _open_store(args.db)
        # the same stream and checks are the same run: what a restart resumes
        run = store.run_id(reduction.id, {"exhaustive": args.exhaustive, "random": args.random,
                                          "planted": args.planted, "certified_no": args.certified_no,
                                          "seed": args.seed, **options})
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


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("verify", help="check a reduction on many cases")
    p.add_argument("reduction")
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
    p.add_argument("--timeout", type=positive_seconds, help="seconds per decider call")
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
