"""``npw grade ASSIGNMENT.toml SUBMISSION...``: grade submitted reductions (:mod:`npw.grade`)."""

from __future__ import annotations

import argparse
import os
import sys

from npw.cli.common import EXIT_FAILED, EXIT_OK, UsageError

__all__ = ["cmd_grade", "register"]


def cmd_grade(args: argparse.Namespace) -> int:
    """Grades each submission in turn, one score line each; exit 0 when every submission got
    full marks, 1 otherwise (2: bad input)."""
    from npw.grade import find_submissions, grade_submission, load_assignment, score_line, write_outputs

    assignment = load_assignment(args.assignment)
    if not args.submissions and not args.exec:
        raise UsageError("grade: name a submission (file.py, file.py:NAME, a folder of them, or --exec \"CMD\")")
    submissions = find_submissions(args.submissions, args.exec)
    if args.output and os.path.exists(args.output) and not os.path.isdir(args.output):
        raise UsageError(f"grade: -o {args.output!r} is a file, not a folder")
    full = True
    for submission in submissions:
        grade, reduction = grade_submission(assignment, submission)
        print(score_line(grade), flush=True)
        if grade.hint and not args.quiet:
            print(f"  hint: {grade.hint}", file=sys.stderr)
        full = full and grade.score >= grade.max_score
        if args.output:
            write_outputs(grade, reduction, assignment, os.path.join(args.output, submission.name))
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
    p.set_defaults(run=cmd_grade)
