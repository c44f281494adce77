"""What every command group of the ``npw`` command line shares: exit statuses, the one-line
error, reading instance files, writing outputs, ``-p KEY=VALUE`` parameters, progress."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import signal
import sys
import threading
from typing import Any, Callable, Iterator, NoReturn, Sequence

from npw.instances.base import InvalidInstance, Terminated
from npw.instances.io import NotRegularFile, check_output_path, remove_stale_temporaries

__all__ = ["DASK_SCHEMES", "EXIT_BAD_INPUT", "EXIT_FAILED", "EXIT_INTERNAL", "EXIT_OK", "EXIT_SAT", "EXIT_UNKNOWN",
           "EXIT_UNSAT", "MAX_TIMEOUT_SECONDS", "MAX_WORKERS", "Parser",
           "UsageError", "add_format_option", "add_time_limit", "chosen_reduction", "count", "dask_address", "decider_seconds", "emit", "load_file", "load_source",
           "output_path", "parse_params", "parse_value", "positive_int", "positive_seconds", "progress_reporter",
           "read_input", "require_positive", "signals_unwind", "time_left", "workers"]

# The exit statuses of every command: the "Exit codes" table of docs/commands.md is their one description
# (tests/test_exit_codes.py reads it and runs every row). 2 stays argparse's usage status, and
# 0 / 1 keep what they meant before the table: a decided answer / a check that found a failure.
EXIT_OK = 0
"""The command did what it was asked: ``npw solve`` decided (YES or NO), a check found nothing."""
EXIT_FAILED = 1
"""A check found a failure: ``npw verify`` a mismatch, ``npw check-set`` an answer not confirmed."""
EXIT_BAD_INPUT = 2
"""Bad input or usage (argparse's own status), a decider that refuses the instance's size, a limit passed."""
EXIT_UNKNOWN = 3
"""No answer within ``--timeout``: ``npw solve``'s UNKNOWN, ``npw puzzle solve`` without a solution."""
EXIT_SAT, EXIT_UNSAT = 10, 20
"""``npw solve --competition``: the SAT competition's statuses (UNKNOWN there is 0)."""
EXIT_INTERNAL = 70
"""A bug in npw (an exception no command expects): sysexits.h's EX_SOFTWARE, apart from all above."""


class UsageError(Exception):
    """A command-line mistake: reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``npw: error: verify: ...``, not a usage block."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("npw").strip()  # the root parser's own name is in the prefix already
        raise UsageError(f"{command}: {message}" if command else message)


def parse_value(text: str) -> Any:
    """A JSON value where the text is one (``40``, ``0.62``, ``true``), else the text itself;
    ``NaN`` and ``Infinity`` (which Python's JSON reader accepts) are no parameter's value.

    >>> parse_value("0.62"), parse_value("planted")
    (0.62, 'planted')
    >>> parse_value("NaN")
    Traceback (most recent call last):
    ...
    npw.cli.common.UsageError: parameter value 'NaN' is not a finite number
    """
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, ValueError):  # ValueError: an integer past Python's digit limit
        return text
    if isinstance(value, float) and not math.isfinite(value):
        raise UsageError(f"parameter value {text!r} is not a finite number")
    return value


def parse_params(pairs: Sequence[str]) -> dict[str, Any]:
    """``-p KEY=VALUE`` options as keyword arguments (dashes in keys become underscores).

    >>> parse_params(["num-vars=40", "ratio=0.62"])
    {'num_vars': 40, 'ratio': 0.62}
    """
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"parameter {pair!r} is not KEY=VALUE")
        params[key.replace("-", "_")] = parse_value(value)
    return params


def load_source(path: str, fmt: Any, reduction: Any) -> Any:
    """The source file of ``reduction`` (:func:`load_file`), as an instance of its source problem:
    a DIMACS CNF is taken as 3-SAT where the reduction asks 3-SAT
    (:func:`npw.instances.io.as_source`); another problem is InvalidInstance naming the file."""
    from npw.instances.io import as_source, display_name

    source = load_file(path, fmt)
    try:
        return as_source(source, reduction.source, user=reduction.id)
    except InvalidInstance as error:
        raise InvalidInstance(f"{display_name(path)}: {error}") from None


def load_file(path: str, fmt: Any = None) -> Any:
    """An instance file (``-``: standard input; gzip, xz or bzip2 compressed or not), read and
    validated (``fmt``: ``args.input_format``, the ``--format``, ``--problem`` and ``-p`` options
    (:func:`add_format_option`), else by suffix or sniffed, see ``npw.instances.io``); a bad one is
    InvalidInstance naming the file."""
    from npw.instances.io import display_name, load_instance

    try:
        return load_instance(path, fmt)
    except InvalidInstance as error:
        raise InvalidInstance(f"{display_name(path)}: {error}") from None


def chosen_reduction(args: Any, command: str) -> Any:
    """The reduction a command names: its positional id, or ``--via R1,R2,...`` (a chain of
    registered ids composed with ``Reduction.then``; ends that do not meet: one line, exit 2)."""
    from npw.reductions.graph import compose, parse_via
    from npw.reductions.registry import get_reduction

    command_line = getattr(args, "exec_command", None)
    if command_line is not None or getattr(args, "sandbox", False):
        return _exec_reduction(args, command, command_line)
    if args.reduction and args.via:
        raise UsageError(f"{command}: give a reduction or --via R1,R2,..., not both")
    if args.via:
        try:
            return compose(parse_via(args.via))
        except InvalidInstance as error:
            raise InvalidInstance(f"{command} --via: {error}") from None
    if not args.reduction:
        raise UsageError(f"{command}: name a reduction (npw list shows them) or a chain with --via R1,R2,...")
    return get_reduction(args.reduction)


def _exec_reduction(args: Any, command: str, command_line: str | None) -> Any:
    """``--exec "CMD"`` (a program over the standard-streams protocol), or ``FILE.py:NAME --sandbox``
    (the file served by ``python -m npw.serve`` in a sandboxed child): see ``npw.exec_process``."""
    import os

    from npw.exec_process import DEFAULT_CALL_SECONDS, exec_reduction
    from npw.reductions.user_file import is_file_spec

    if getattr(args, "via", None):
        raise UsageError(f"{command}: give --via or --exec/--sandbox, not both")
    if command_line is not None:
        if args.reduction or getattr(args, "sandbox", False):
            raise UsageError(f"{command}: --exec runs a program: give no reduction id or file besides it")
        argv: str | list[str] = command_line
        env: dict[str, str] | None = None
        label: str | None = None
    else:
        if not args.reduction or not is_file_spec(args.reduction):
            raise UsageError(f"{command}: --sandbox runs a Python file: give path/to/file.py:NAME")
        path, colon, name = args.reduction.rpartition(":") if not args.reduction.endswith(".py") \
            else (args.reduction, "", "")
        if not os.path.isfile(path):
            raise InvalidInstance(f"{path}: no such file")
        import npw

        spec = os.path.abspath(path) + colon + name
        argv = [sys.executable, "-m", "npw.serve", spec]
        # npw importable in the child's empty folder; no bytecode written beside the user's file
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(npw.__file__)))}
        if os.environ.get("NPW_PROBLEMS"):
            env["NPW_PROBLEMS"] = os.pathsep.join(os.path.abspath(p) for p in os.environ["NPW_PROBLEMS"].split(os.pathsep) if p)
        label = args.reduction
    for option, value in (("--workers", getattr(args, "workers", 1) > 1), ("--dask", getattr(args, "dask", None)),
                          ("--db", getattr(args, "db", None))):
        if value:
            raise UsageError(f"{command}: {option} is not supported with --exec or --sandbox (the program runs "
                             f"in this process's child)")
    # verify: --timeout is per call; reduce: the whole command's, so each request gets at most what is left
    seconds = args.timeout if command == "verify" else time_left(args, DEFAULT_CALL_SECONDS)
    return exec_reduction(argv, call_seconds=seconds or DEFAULT_CALL_SECONDS, id=label, env=env)


def read_input(path: str) -> str:
    """The text of a file a command reads (``-``: standard input; decompressed; bounded, see
    ``npw.instances.io.read_bytes``); a bad one is InvalidInstance naming the file."""
    from npw.instances.io import display_name, read_text

    try:
        return read_text(path)
    except InvalidInstance as error:
        raise InvalidInstance(f"{display_name(path)}: {error}") from None


class _ReadAsAction(argparse.Action):
    """``--format``, ``--problem`` and ``-p`` together in ``args.input_format``, a
    ``npw.instances.io.ReadAs``: a command passes all three to :func:`load_file` as it passed the
    format alone."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from dataclasses import replace

        from npw.instances.io import ReadAs

        current = ReadAs.of(getattr(namespace, "input_format", None))
        if "--param" in self.option_strings:
            current = replace(current, params={**current.params, **parse_params([values])})
        elif "--problem" in self.option_strings:
            current = replace(current, problem=values)
        else:
            current = replace(current, format=values)
        setattr(namespace, "input_format", current)


def add_format_option(parser: argparse.ArgumentParser) -> None:
    """``--format``: how to read an instance whose name does not say (``-`` above all); ``--problem``
    and ``-p KEY=VALUE``: the question a graph file is read as (``--problem 3col``, ``--problem clique
    -p k=4``) where the file does not name it. All three land in ``args.input_format``
    (``npw.instances.io.ReadAs``), which :func:`load_file` takes."""
    from npw.instances.io import FORMATS

    # no argparse choices: a plugin's problem may bring a format (npw.instances.io.input_formats checks it)
    parser.add_argument("--format", metavar="{" + ",".join(FORMATS) + ",...}", dest="input_format",
                        action=_ReadAsAction,
                        help="the input's format (default: by suffix, .cnf/.dimacs/.col/.clq/.hcp/.edges/.adj/"
                             ".graphml/.gml/.json under any .gz/.xz/.bz2, else sniffed: '{' JSON, a 'c'/'p' line "
                             "DIMACS, 'NAME :' HCP, '<graphml' GraphML, 'graph [' GML, lines 'U V' an edge list); "
                             "edge is what --emit edge writes")
    parser.add_argument("--problem", dest="input_format", metavar="PROBLEM", action=_ReadAsAction,
                        help="the problem a graph file asks about when it does not say (indset, vertexcover, clique, "
                             "domset, coloring or 3col, hampath, hampath-st, hamcycle, dhamcycle, fvs)")
    parser.add_argument("--param", "-p", dest="input_format", metavar="KEY=VALUE", action=_ReadAsAction,
                        help="the problem's number when the graph file does not say it: k=3 (s=, t=: vertices as "
                             "the file names them)")


def emit(text: str | bytes, output: str | None) -> None:
    """``text`` to the file ``output`` (whole or not at all; compressed if its name ends in
    ``.gz``, ``.xz`` or ``.bz2``), or to stdout when ``output`` is None or ``-``."""
    from npw.instances.io import write_output

    write_output(output or "-", text)


# -- option types: every command validates its numeric options the same way (argparse ``type=``) --

MAX_TIMEOUT_SECONDS = 10**7
"""The longest ``--timeout`` (about 115 days): longer is a mistake, and past about 9e9 s the
timers underneath overflow. No limit at all is the option left out."""

MAX_WORKERS = 256
"""The most worker processes a local run starts (a typo such as 2000 would fork that many)."""

DASK_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # also an integer past Python's digit limit
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None


def count(text: str) -> int:
    """A number of things, 0 or more (``--random N``: 0 means none).

    >>> count("5"), count("0")
    (5, 0)
    >>> count("-5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 0 or more, not -5
    """
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def positive_int(text: str) -> int:
    """A whole number 1 or more (``--count``, ``--exhaustive``, a board's sides).

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 1 or more, not 0
    """
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def workers(text: str) -> int:
    """A number of worker processes, 1 to MAX_WORKERS.

    >>> workers("2")
    2
    >>> workers("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 1 to 256 worker processes, not 0
    """
    value = _whole_number(text)
    if not 1 <= value <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"must be 1 to {MAX_WORKERS} worker processes, not {value}")
    return value


def positive_seconds(text: str) -> float:
    """A time limit in seconds: a finite number above 0, at most MAX_TIMEOUT_SECONDS (leave the
    option out for no limit).

    >>> positive_seconds("2.5")
    2.5
    >>> positive_seconds("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number of seconds above 0 and at most 10000000 (leave the option out for no limit), not 'inf'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_TIMEOUT_SECONDS):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_TIMEOUT_SECONDS} "
                                         f"(leave the option out for no limit), not {text[:40]!r}")
    return value


def dask_address(text: str) -> str:
    """A Dask scheduler's address: ``HOST:PORT`` or ``SCHEME://HOST:PORT`` (checked here, so a
    malformed one is one line before anything runs; whether it answers is seen on connecting).

    >>> dask_address("tcp://10.0.0.5:8786"), dask_address("localhost:8786")
    ('tcp://10.0.0.5:8786', 'localhost:8786')
    >>> dask_address("not-an-address")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'not-an-address' is not a scheduler address (HOST:PORT or tcp://HOST:PORT)
    """
    scheme, separator, rest = text.strip().partition("://")
    if not separator:
        scheme, rest = "tcp", text.strip()
    if scheme == "inproc" and rest:
        return text
    host, colon, port = rest.rpartition(":")
    if scheme not in DASK_SCHEMES or not colon or not host.strip("[]") or not port.isdigit() \
            or not 0 < int(port) < 65536 or any(ch.isspace() or ch == "/" for ch in host):
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not a scheduler address (HOST:PORT or tcp://HOST:PORT)")
    return text


def output_path(text: str) -> str:
    """An output file name, checked before any work is done: a regular file or a new name
    (``-`` and ``/dev/null`` pass; a device, FIFO, symbolic link or folder is refused). The
    temporaries an earlier writer of the same name left when it was killed (SIGKILL: nothing
    of it could clean up) are removed here, once a command.

    >>> output_path("out.json"), output_path("-")
    ('out.json', '-')
    >>> output_path("/dev/full")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: /dev/full: not a regular file but a character device; outputs are written to regular files only (-o /dev/null discards, - is standard output)
    """
    if text == "-":
        return text
    try:
        check_output_path(text)
    except NotRegularFile as error:
        raise argparse.ArgumentTypeError(f"{text}: {error.strerror}") from None
    remove_stale_temporaries(text)
    return text


def add_time_limit(parser: argparse.ArgumentParser, what: str) -> None:
    """``--timeout SECONDS``: the whole command's time limit, kept by the command's guard
    (:mod:`npw.cli.guard`): out of time, the command ends with one line and exit status 2 (a
    decider inside gets at most the time left, :func:`time_left`)."""
    parser.add_argument("--timeout", type=positive_seconds,
                        help=f"seconds for the whole command ({what}); past it: one line, exit status 2 "
                             f"(default: no limit)")
    parser.set_defaults(time_limit=lambda args: args.timeout)


def time_left(args: argparse.Namespace, default: float | None = None) -> float | None:
    """The seconds a decider inside the command may take: ``default`` within the command's time
    limit (what its guard has left), ``default`` alone without one.

    >>> time_left(argparse.Namespace(), 60.0)
    60.0
    """
    guard = getattr(args, "guard", None)
    left = guard.remaining() if guard is not None else None
    if left is None:
        return default
    return left if default is None else min(default, left)


def decider_seconds(args: argparse.Namespace) -> float | None:
    """``--timeout`` less the time the command has spent already (start-up, reading the file):
    what ``npw solve`` gives its decider, so the whole command keeps to the limit.

    >>> decider_seconds(argparse.Namespace(timeout=None))
    >>> decider_seconds(argparse.Namespace(timeout=5.0))
    5.0
    """
    if args.timeout is None:
        return None
    guard = getattr(args, "guard", None)
    spent = guard.elapsed() if guard is not None else 0.0
    return max(0.01, args.timeout - spent)


def require_positive(value: int | None, option: str) -> None:
    if value is not None and value < 1:
        raise UsageError(f"{option} must be >= 1, not {value}")


def progress_reporter(total: int | None, quiet: bool, label: str = "verify", unit: str = "cases"
                      ) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress callback on stderr and its stop: :func:`npw.instances.progress.reporter` (a rich bar where
    stderr is a terminal, nothing otherwise or with ``--quiet``)."""
    from npw.instances.progress import reporter, set_quiet

    before = set_quiet(quiet)  # and for work below the command (a pattern-database build)
    update, stop = reporter(total, quiet, label, unit)

    def stopped() -> None:
        stop()
        set_quiet(before)  # main() may run again in this process (a test, a notebook)

    return update, stopped


def _exit_on_signal(signum: int, _frame: Any) -> None:
    # worker processes end first: a pool's shutdown would otherwise wait for every chunk in flight
    import multiprocessing

    for child in multiprocessing.active_children():
        child.terminate()
    raise Terminated(128 + signum)  # unwinds: `finally` blocks run, temporaries are removed


@contextlib.contextmanager
def signals_unwind(signals: Sequence[int] = (signal.SIGTERM, signal.SIGHUP)) -> Iterator[None]:
    """While the command runs, SIGTERM and SIGHUP raise SystemExit (status 128 + signal) instead
    of ending the process on the spot, so a half-written output's temporary is removed; the
    previous handlers come back afterwards (``main`` may run inside another program). Only in
    the main thread, the one place Python lets a handler be set.

    >>> with signals_unwind():
    ...     signal.getsignal(signal.SIGTERM) is _exit_on_signal
    True
    >>> signal.getsignal(signal.SIGTERM) is _exit_on_signal
    False
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, _exit_on_signal) for number in signals}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
