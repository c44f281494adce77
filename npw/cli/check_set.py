"""``npw check-set DIR``: confirm an instance set's files, provenance and answers.

Every file is checked against its hash in the manifest, its provenance record against the
manifest's, each export against a fresh export of the JSON instance, each instance against its
regeneration from the manifest (through the ``via`` reductions for a target-side set); each
stated answer is re-checked: a YES by the problem's checker on the carried certificate, or by
a decider; a NO by a decider within ``--timeout``; for a ``--via`` set whose instance no decider
settles in time, by a decider on the regenerated source (said apart: it rests on the reduction's
theorem, which ``npw verify`` checks). Every decider out of time leaves the answer UNKNOWN,
reported as not confirmed, never counted as confirmed.

A set is untrusted input: nothing in it is executed or handed to a solver's parser (SMT-LIB2
files are compared as text; z3 is not imported to read them), every file is read by
:func:`npw.verify.sets.read_set_file` (inside the set's folder, a regular file, at most
``MAX_INPUT_BYTES``), and a file whose SHA-256 differs from the manifest's is reported and not
looked at further. A manifest that names a file outside the set, has a field of the wrong type,
a ``count`` other than the instances it lists, or generator parameters past a named limit is
refused with one line before anything is generated.

``--report FILE.html`` also writes the set's hardness report (:mod:`npw.verify.set_report`):
every instance decided by the default decider and one more within ``--report-timeout`` seconds,
with seconds, effort and agreement with the manifest's answer, as one self-contained page.

Exit status: 0 when every file checks and every stated answer is confirmed, 1 when something
differs, an answer is contradicted or one could not be confirmed, 2 on bad input (no manifest).
"""

from __future__ import annotations

import argparse
import json

from npw.cli.common import EXIT_FAILED, EXIT_OK, UsageError, output_path, positive_seconds

__all__ = ["cmd_check_set", "register", "summary_line"]


def summary_line(result: dict) -> str:
    """The one-line summary of a :func:`npw.verify.sets.check_set` result.

    >>> print(summary_line({"set": "s", "instances": 2, "problem": "bwp", "files": 6, "via": None,
    ...     "provenance_checked": 6, "answers_known": 2, "answers_confirmed": 1, "confirmed_by_certificate": 1,
    ...     "confirmed_by_decider": 0, "answers_unconfirmed": 1, "problems": [], "ok": False}))
    s: 2 bwp instances, 6 files (6 with provenance confirmed); 1 of 2 stated answers confirmed (1 by certificate, 0 by a decider), 1 UNKNOWN (not confirmed), 0 problems: FAILED
    """
    via = result.get("via")
    on_source = (f", {result['confirmed_on_source']} by a decider on the source"
                 if result.get("confirmed_on_source") else "")
    headers = (f", {result['metadata_checked']} DIMACS metadata headers confirmed"
               if result.get("metadata_checked") else "")
    proofs = f", {result['confirmed_by_proof']} by a DRAT proof" if result.get("confirmed_by_proof") else ""
    origin = f" (from {via['source']} through {', '.join(via['reductions'])})" if via else ""
    return (f"{result['set']}: {result['instances']} {result['problem']} instances{origin}, {result['files']} files "
            f"({result['provenance_checked']} with provenance confirmed{headers}); {result['answers_confirmed']} of "
            f"{result['answers_known']} stated answers confirmed ({result['confirmed_by_certificate']} by certificate, "
            f"{result['confirmed_by_decider']} by a decider{on_source}{proofs}), {result['answers_unconfirmed']} UNKNOWN (not confirmed), "
            f"{len(result['problems'])} problems: {'OK' if result['ok'] else 'FAILED'}")


def cmd_check_set(args: argparse.Namespace) -> int:
    from npw.verify.sets import check_set

    if args.report == "-":
        raise UsageError("check-set --report: name the HTML file (it is written whole, not to standard output)")
    result = check_set(args.folder, timeout=args.timeout)
    if args.report:
        from npw.verify.set_report import write_report

        report = write_report(args.folder, args.report, args.report_timeout)
        result["report"] = {"file": args.report, **report["counts"]}
        if report["counts"]["DISAGREES"]:
            result["problems"].append(f"{args.report}: {report['counts']['DISAGREES']} decider runs disagree with "
                                      f"the manifest's answer")
            result["ok"] = False
    if args.json:
        print(json.dumps(result))
    else:
        for problem in result["problems"]:
            print(f"  {problem}")
        for unknown in result["unconfirmed"]:
            print(f"  {unknown}")
        print(summary_line(result))
        if args.report:
            print(f"{args.report}: hardness report, runs: " + ", ".join(
                f"{v} {k}" for k, v in result["report"].items() if k != "file" and v))
    return EXIT_OK if result["ok"] else EXIT_FAILED


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("check-set", help="confirm an instance set: files, provenance, and every stated answer "
                                              "(by its certificate or a decider)")
    p.add_argument("folder")
    p.add_argument("--timeout", type=positive_seconds, default=60.0, help="seconds per decider call (default 60); a decider "
                                                               "out of time leaves the answer unconfirmed")
    p.add_argument("--json", action="store_true")
    p.add_argument("--report", metavar="FILE.html", type=output_path,
                   help="also write the set's hardness report: each instance decided by the default decider and "
                        "one more, seconds, effort, agreement with the manifest (self-contained HTML)")
    p.add_argument("--report-timeout", type=positive_seconds, default=10.0,
                   help="seconds per decider run for --report (default 10)")
    p.set_defaults(run=cmd_check_set)
