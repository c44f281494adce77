"""``npw grade ASSIGNMENT.toml SUBMISSION...``: grade submitted reductions (:mod:`npw.grade`)."""

from __future__ import annotations

import argparse
import os
import sys

from npw.cli.common import EXIT_FAILED, EXIT_OK, UsageError, dask_address, positive_int

__all__ = ["cmd_grade", "register"]


def cmd_grade(args: argparse.Namespace) -> int:
    """Grades each submission in turn, one score line each; exit 0 when every submission got
    full marks, 1 otherwise (2: bad input)."""
    from npw.grade import close_submission, find_submissions, grade_submission, load_assignment, score_line, write_outputs

    assignment = load_assignment(args.assignment)
    if not args.submissions and not args.exec:
        raise UsageError("grade: name a submission (file.py, file.py:NAME, a folder of them, or --exec \"CMD\")")
    submissions = find_submissions(args.submissions, args.exec)
    if args.output and os.path.exists(args.output) and not os.path.isdir(args.output):
        raise UsageError(f"grade: -o {args.output!r} is a file, not a folder")
    if args.workers > 1 or args.dask:
        return _grade_in_parallel(args, submissions)
    full = True
    for submission in submissions:
        grade, reduction = grade_submission(assignment, submission)
        print(score_line(grade), flush=True)
        if grade.hint and not args.quiet:
            print(f"  hint: {grade.hint}", file=sys.stderr)
        full = full and grade.score >= grade.max_score
        try:
            if args.output:
                write_outputs(grade, reduction, assignment, os.path.join(args.output, submission.name))
        finally:
            close_submission(reduction)
    return EXIT_OK if full else EXIT_FAILED


def _grade_in_parallel(args: argparse.Namespace, submissions: list) -> int:
    """Each submission a task of a process pool (``--workers N``) or a Dask cluster (``--dask``):
    each task reads the assignment, grades in its own sandboxed child and writes its outputs
    (on a cluster, ``-o`` must name a folder the workers share); score lines in the given order."""
    from npw.grade import grade_and_write
    from npw.verify.run import SettingsError, VerifySettings, executor_for

    full = True
    try:
        with executor_for(VerifySettings(workers=args.workers, dask=args.dask)) as executor:
            assert executor is not None  # --workers above 1 or --dask always gives one
            tasks = [executor.submit(grade_and_write, os.path.abspath(args.assignment), submission,
                                     os.path.abspath(args.output) if args.output else None)
                     for submission in submissions]
            for task in tasks:
                line, hint, complete = task.result()
                print(line, flush=True)
                if hint and not args.quiet:
                    print(f"  hint: {hint}", file=sys.stderr)
                full = full and complete
    except SettingsError as error:
        raise UsageError(f"grade: {error}") from None
    return EXIT_OK if full else EXIT_FAILED


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("grade", help="grade submitted reductions against an assignment (TOML)",
                            description="Runs the verifier on each submission with the assignment's streams and "
                                        "hidden seed, scores each check, prints one score line per submission and, "
                                        "with -o, writes feedback.html and a Gradescope results.json per submission.")
    p.add_argument("assignment", help="the assignment file (TOML; see docs/grading.md)")
    p.add_argument("submissions", nargs="*", metavar="SUBMISSION",
                   help="file.py, file.py:NAME, or a folder (each .py file in it is one submission)")
    p.add_argument("--exec", action="append", default=[], metavar="CMD",
                   help="a submission that is a program speaking the exec protocol; repeatable")
    p.add_argument("-o", "--output", metavar="FOLDER",
                   help="write FOLDER/<submission>/feedback.html and results.json")
    p.add_argument("--quiet", action="store_true", help="no hints on stderr")
    p.add_argument("--workers", type=positive_int, default=1, metavar="N",
                   help="grade N submissions at a time, each in a process of its own (default 1)")
    p.add_argument("--dask", type=dask_address, metavar="ADDRESS",
                   help="grade on a Dask cluster (scheduler address; pip install \"npw[dist]\"); -o must then be "
                        "a folder the workers share")
    p.set_defaults(run=cmd_grade)
