"""``npw``: the workbench's command line (DESIGN.md section 5).

Thin by design: it parses arguments, calls the packages, formats the results. One
module per command group (``problems``, ``graph``, ``check_set``, ``reduce``, ``explore``, ``solve``,
``verify``, ``mutate``, ``puzzle``, ``torus``, ``catalogue``, ``hardness``), each with a ``register(commands)`` that adds its sub-commands. Bad input (a
missing or malformed file, an invalid instance, an unknown name) is reported as one
line on stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

from npw._version import __version__
from npw.cli import catalogue, check_set, explore, grade, graph, hardness, mutate, problems, puzzle, reduce, solve, torus, verify
from npw.cli.common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERNAL, Parser, UsageError, signals_unwind
from npw.cli.guard import MEMORY_VARIABLE, CommandLimit, guarded, memory_limit
from npw.instances.base import InvalidInstance
from npw.instances.lazy import MissingExtra
from npw.solvers.result import Refused

__all__ = ["build_parser", "main"]

COMMAND_GROUPS = (problems, graph, check_set, reduce, explore, solve, verify, mutate, grade, puzzle, torus, catalogue, hardness)


def build_parser() -> Parser:
    """The ``npw`` argument parser, with every command group's sub-commands."""
    parser = Parser(prog="npw", description="NP-hardness reduction workbench")
    parser.add_argument("--version", action="version", version=f"npw {__version__}")
    parser.add_argument("--problems", action="append", default=[], metavar="FILE.py",
                        help="a Python file of your own problems (@problem classes), known to every command; "
                             "repeatable; also read from the environment variable NPW_PROBLEMS")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for group in COMMAND_GROUPS:
        group.register(commands)
    return parser


def _memory_limit(argv: Sequence[str] | None) -> int | None:
    """The memory limit of this command: the command line's own process always has one; a
    caller of ``main(argv)`` in its own process (a test, a notebook) only when it sets
    NPW_MAX_MEMORY, since the process's memory is not the command's."""
    return memory_limit() if argv is None or os.environ.get(MEMORY_VARIABLE) else None


def main(argv: Sequence[str] | None = None) -> int:
    """Runs one ``npw`` command; returns its exit status (the "Exit codes" table of docs/commands.md: 0 ok,
    1 a check found a failure, 2 bad input, 3 UNKNOWN, 10 / 20 ``solve --competition``, 70 a bug).

    >>> main(["--version"])  # doctest: +SKIP
    npw 0.2.0
    """
    try:
        parser = build_parser()
        # a command may take options it cannot declare up front (a reduction's own, npw reduce)
        args, extra = parser.parse_known_args(argv)
        if extra and not getattr(args, "takes_extra_arguments", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.extra_arguments = extra
        args.argv = list(sys.argv[1:] if argv is None else argv)  # the command, for reports
        if args.problems or os.environ.get("NPW_PROBLEMS"):
            from npw.reductions.user_file import load_problem_files

            load_problem_files(None)  # NPW_PROBLEMS
            load_problem_files(args.problems)
        time_limit = args.time_limit(args) if hasattr(args, "time_limit") else None
        out_of_time = (lambda: args.out_of_time(args)) if hasattr(args, "out_of_time") else None
        what = " ".join(str(v) for v in (args.command, getattr(args, f"{args.command}_command", None)) if v)
        # SIGTERM unwinds (no temporary file is left behind); the guard keeps every limit even
        # where the main thread is stuck in C (npw.cli.guard)
        with signals_unwind(), guarded(time_limit, what, out_of_time, _memory_limit(argv),
                                              owns_process=argv is None) as args.guard:
            return args.run(args)
    except CommandLimit as stop:
        if stop.answer:
            sys.stdout.write(stop.answer)
            sys.stdout.flush()
        if stop.message:
            print(f"npw: error: {stop.message}", file=sys.stderr)
        return stop.status
    # Refused: e.g. an export past the encoding limit; MissingExtra: work needing an extra not installed
    except (UsageError, InvalidInstance, Refused, MissingExtra) as error:
        print(f"npw: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. npw list | head: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as error:  # e.g. an output folder that does not exist
        named = f"{error.filename}: " if error.filename not in (None, "") else ""  # a full disk's names none
        print(f"npw: error: {named}{error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("npw: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug in npw: its traceback for the report, a status no answer has
        import traceback

        traceback.print_exc()
        print(f"npw: internal error: {type(error).__name__}: {error} (a bug: please report it with the "
              f"command line)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
