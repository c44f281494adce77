"""``npw verify`` (check a reduction on many cases) and ``npw report`` (a result store)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from npw.cli.common import (
    EXIT_FAILED, EXIT_OK, chosen_reduction, count, dask_address, output_path, positive_int, positive_seconds, progress_reporter,
    UsageError, workers,
)
from npw.instances.base import InvalidInstance
from npw.instances.io import write_atomically

__all__ = ["DEFAULT_TIMEOUT", "cmd_report", "cmd_verify", "register"]

if TYPE_CHECKING:
    from npw.verify.cases import Condition


def cmd_report(args: argparse.Namespace) -> int:
    import sqlite3

    from npw.verify.store import open_store

    if not os.path.exists(args.store):
        raise InvalidInstance(f"{args.store}: no such result store")
    store = open_store(args.store)
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


# seconds per decider call and per call of the reduction's own code, unless --timeout says otherwise: the
# verifier's default (npw.verify.run.DEFAULT_TIMEOUT), not imported from there because the parser is
# built at every start-up and importing npw.verify is not light (tests/test_verify_run.py checks they agree)
DEFAULT_TIMEOUT = 60.0

_WHERE_OPERATORS = ("<=", ">=", "!=", "=", "<", ">")


def _parse_where(text: str) -> Condition:
    """``KEY=VALUE`` (or ``!=``, ``<``, ``<=``, ``>``, ``>=``) as a condition on a JSON field or
    size measure (the value read as JSON).

    >>> condition = _parse_where("num_vertices<=5")
    >>> condition.key, condition.operator, condition.value, _parse_where("s=null").value
    ('num_vertices', '<=', 5, None)
    """
    from npw.cli.common import parse_value
    from npw.verify.run import Condition

    for operator in _WHERE_OPERATORS:
        key, found, value = text.partition(operator)
        if found and key.strip() and "=" not in key and "<" not in key and ">" not in key and "!" not in key:
            parsed = parse_value(value.strip())
            if operator not in ("=", "!=") and (not isinstance(parsed, (int, float)) or isinstance(parsed, bool)):
                raise UsageError(f"verify: --where {text!r}: {operator} compares with a number")
            return Condition(text, key.strip(), operator, parsed)
    raise UsageError(f"verify: --where {text!r} is not KEY=VALUE (or KEY!=, <, <=, >, >= VALUE)")


@contextlib.contextmanager
def _stdout_to_stderr(active: bool) -> Any:
    """While active, whatever the checked code prints goes to stderr: ``sys.stdout`` and file
    descriptor 1 both, so neither worker processes nor C code can write into ``--json`` output.
    The JSON is printed after the block, to the restored stdout."""
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
    from npw.verify.run import SettingsError

    with _stdout_to_stderr(args.json):
        try:
            result, passed = _verify(args)
        except SettingsError as error:
            raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(result))
    else:
        _print_report(result)
    return EXIT_OK if passed else EXIT_FAILED


def _verify(args: argparse.Namespace) -> tuple[dict, bool]:
    """Runs the verification the options ask for; returns the report's JSON and whether it passed."""
    from npw.verify.run import VerifySettings, run_verification

    reduction = chosen_reduction(args, "verify")
    if args.html and not args.html.lower().endswith((".html", ".htm")):
        raise UsageError(f"verify: --html takes a .html file name, not {args.html!r}")
    settings = VerifySettings(
        exhaustive=args.exhaustive, random=args.random, planted=args.planted, certified_no=args.certified_no,
        seed=args.seed, where=tuple(_parse_where(text) for text in args.where), timeout=args.timeout,
        extra_certificates=2 if args.extra_certificates is None else args.extra_certificates,
        fail_fast=args.fail_fast, workers=args.workers, dask=args.dask, db=args.db, sizes=bool(args.html),
        witnesses=_witnesses(args), prove_no=args.prove_no, **_deciders(args.decider))
    outcome = run_verification(reduction, settings, progress=lambda total: progress_reporter(total, args.quiet),
                               notify=lambda line: print(line, file=sys.stderr), quiet=args.quiet)
    if args.html:
        import shlex

        from npw.verify.html_report import render_html

        command = "npw " + shlex.join(getattr(args, "argv", []))
        write_atomically(args.html, render_html(outcome.report, reduction, outcome.sizes or [], command))
    return outcome.report, outcome.passed


def _witnesses(args: argparse.Namespace) -> int | None:
    """``--witnesses K``; ``--extra-certificates N``, its older name, is ``--witnesses N+2``; not both."""
    if args.witnesses is not None and args.extra_certificates is not None:
        raise UsageError("verify: --witnesses and --extra-certificates (its older name) are not given together")
    if args.witnesses is None and args.extra_certificates is not None:
        return args.extra_certificates + 2
    return args.witnesses


def _deciders(given: list[str]) -> dict[str, tuple[str, ...]]:
    """``--decider source=NAME[,NAME...]`` / ``target=...`` (repeatable) as VerifySettings fields.

    >>> _deciders(["target=sat", "source=brute,sat", "target=brute"])
    {'source_deciders': ('brute', 'sat'), 'target_deciders': ('sat', 'brute')}
    """
    chosen: dict[str, tuple[str, ...]] = {}
    for text in given:
        role, found, names = text.partition("=")
        role = role.strip()
        if not found or role not in ("source", "target"):
            raise UsageError(f"verify: --decider {text!r} is not source=NAME or target=NAME (NAME a backend "
                             f"as npw solve --backend takes; several, comma-separated, must agree)")
        listed = tuple(name.strip() for name in names.split(",") if name.strip())
        if not listed:
            raise UsageError(f"verify: --decider {text!r} names no decider")
        key = f"{role}_deciders"
        chosen[key] = tuple(dict.fromkeys(chosen.get(key, ()) + listed))
    return dict(sorted(chosen.items()))


def _print_report(r: dict) -> None:
    resumed = f", {r['resumed']} of them taken from the store" if r["resumed"] else ""
    print(f"{r['reduction']}: {r['cases']} cases, {r['unknown']} UNKNOWN{resumed} in {r['seconds']} s "
          f"({r['cases_per_second']} cases/s)")
    if r.get("scale"):
        print(f"  checked at the registered scale: {r['scale']}")
    print(f"  source yes {r['source_yes']}, no {r['source_no']};  target yes {r['target_yes']}, no {r['target_no']}")
    if r["target_no"]:
        by = ", ".join(f"{names} {n}" for names, n in r["target_no_deciders"].items())
        print(f"  target NO decided by two deciders that agree: {r['target_no_confirmed']} of {r['target_no']} ({by})")
        if r.get("target_no_proved") or r.get("prove_no"):
            print(f"  target NO proved by a checked DRAT proof: {r['target_no_proved']} of {r['target_no']}; "
                  f"trusted from one decider (neither proved nor confirmed): {r['target_no_trusted']}")
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
    if r.get("parts"):
        print("  parts: " + "; ".join(f"{part} {p['cases']} (source yes {p['source_yes']}, no {p['source_no']})"
                                      for part, p in r["parts"].items()))
    if r.get("size_buckets"):
        print("  by size: " + ", ".join(f"{key} yes {b['source_yes']} no {b['source_no']}"
                                        + (f" FAILING {b['failing']}" if b["failing"] else "")
                                        for key, b in r["size_buckets"].items()))
    if r.get("element_kinds"):
        print("  source elements (cases passing/failing): "
              + ", ".join(f"{kind} {k['passing']}/{k['failing']}" for kind, k in r["element_kinds"].items()))
    if r["stuck_examples"]:
        shown = len(r["stuck_examples"])
        print(f"  undecided decider calls, how far they got ({shown} of {r['stuck_deciders']}):")
        for line in r["stuck_examples"]:
            print(f"    {line}")
    for row in r.get("growth", []):  # sizes declared as O(...), fitted over the stream
        found = "too few or too alike to fit" if row["exponent_found"] is None else f"exponent {row['exponent_found']} found"
        print(f"  size {row['measure']}: declared {row['declared']}, {found} over {row['cases']} cases")
    for warning in r["warnings"]:
        print(f"  warning: {warning}")
    for c in r["counterexamples"]:
        print(f"  counterexample for {c['kind']} ({c['label']}, shrunk in {c['shrink_steps']} steps): "
              f"{json.dumps(c['shrunk'])}")
        for detail in c["details"]:
            print(f"    {detail}")
    unknown = f" ({r['unknown']} of {r['cases']} cases UNKNOWN: not compared)" if r["unknown"] else ""
    print(("  PASSED" if r["passed"] else "  FAILED") + unknown)


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("verify", help="check a reduction on many cases",
                            description="Without a stream option, smallest first: every source up to the "
                                        "largest size whose enumeration has at most 300 cases, then --random "
                                        "100, --planted 20 and --certified-no 20, each where the source problem "
                                        "offers it at small sizes (the report's 'parts' say what each covered).")
    p.add_argument("reduction", nargs="?", help="a registered reduction id, or path/to/file.py:NAME")
    p.add_argument("--via", metavar="R1,R2,...", help="instead of one reduction, the chain of registered reductions "
                                                      "R1 then R2 ... (npw path finds them)")
    p.add_argument("--exec", dest="exec_command", metavar="CMD",
                   help="instead of a reduction, a program (any language) answering the standard-streams protocol "
                        "(docs/exec_protocol.md), run in the sandbox; --timeout bounds each request")
    p.add_argument("--sandbox", action="store_true",
                   help="run the Python file FILE.py:NAME in a sandboxed child process (python -m npw.serve), "
                        "not in npw's own")
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
    p.add_argument("--prove-no", action="store_true",
                   help="every target NO also needs a DRAT proof of its SAT encoding that npw's checker verifies "
                        "(docs/proofs.md); a rejected proof is a no-proof failure")
    p.add_argument("--witnesses", type=positive_int, metavar="K",
                   help="check backward on K distinct target certificates per yes-case: the decider's, the "
                        "forward one, and more (blocking clauses on a SAT encoding, else other deciders); "
                        "default 4")
    p.add_argument("--extra-certificates", type=count, metavar="N",
                   help="older name: --witnesses N+2 (N beyond the decider's and the forward certificate)")
    p.add_argument("--decider", action="append", default=[], metavar="ROLE=NAME[,NAME]",
                   help="the deciders of one side, ROLE source or target, NAME as npw solve --backend takes "
                        "(several: they must agree); repeatable. One declared slow at an instance's size is "
                        "skipped there while another decides the side")
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
