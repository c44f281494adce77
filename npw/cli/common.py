"""What every command group of the ``npw`` command line shares: exit statuses, the one-line
error, reading instance files, writing outputs, ``-p KEY=VALUE`` parameters, progress."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable, NoReturn, Sequence

from npw.instances.base import InvalidInstance

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    """A command-line mistake: reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``npw: error: verify: ...``, not a usage block."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("npw").strip()  # the root parser's own name is in the prefix already
        raise UsageError(f"{command}: {message}" if command else message)


def parse_value(text: str) -> Any:
    """A JSON value where the text is one (``40``, ``0.62``, ``true``), else the text itself.

    >>> parse_value("0.62"), parse_value("planted")
    (0.62, 'planted')
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


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


def load_file(path: str, fmt: str | None = None) -> Any:
    """An instance file (``-``: standard input; gzip, xz or bzip2 compressed or not), read and
    validated (``fmt``: the ``--format`` option, else by suffix or sniffed, see
    ``npw.instances.io``); a bad one is InvalidInstance naming the file."""
    from npw.instances.io import display_name, load_instance

    try:
        return load_instance(path, fmt)
    except InvalidInstance as error:
        raise InvalidInstance(f"{display_name(path)}: {error}") from None


def read_input(path: str) -> str:
    """The text of a file a command reads (``-``: standard input; decompressed; bounded, see
    ``npw.instances.io.read_bytes``); a bad one is InvalidInstance naming the file."""
    from npw.instances.io import display_name, read_text

    try:
        return read_text(path)
    except InvalidInstance as error:
        raise InvalidInstance(f"{display_name(path)}: {error}") from None


def add_format_option(parser: argparse.ArgumentParser) -> None:
    """``--format``: how to read an instance whose name does not say (``-`` above all)."""
    from npw.instances.io import FORMATS

    parser.add_argument("--format", choices=FORMATS, dest="input_format",
                        help="the input's format (default: by suffix, .cnf/.dimacs/.hcp/.json under any "
                             ".gz/.xz/.bz2, else sniffed: '{' JSON, a 'c'/'p' line DIMACS, 'NAME :' HCP)")


def emit(text: str | bytes, output: str | None) -> None:
    """``text`` to the file ``output`` (whole or not at all; compressed if its name ends in
    ``.gz``, ``.xz`` or ``.bz2``), or to stdout when ``output`` is None or ``-``."""
    from npw.instances.io import write_output

    write_output(output or "-", text)


def require_positive(value: int | None, option: str) -> None:
    if value is not None and value < 1:
        raise UsageError(f"{option} must be >= 1, not {value}")


def progress_reporter(total: int | None, quiet: bool, label: str = "verify", unit: str = "cases"
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
