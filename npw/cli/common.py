"""What every command group of the ``npw`` command line shares: exit statuses, the one-line
error, reading instance files, writing outputs, ``-p KEY=VALUE`` parameters, progress."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
import time
from typing import Any, Callable, Iterator, NoReturn, Sequence

from npw.instances.base import InvalidInstance, write_atomically

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


def load_file(path: str) -> Any:
    """An instance file, read and validated; a bad one is InvalidInstance naming the file."""
    from npw.instances.io import load_instance

    try:
        return load_instance(path)
    except InvalidInstance as error:
        raise InvalidInstance(f"{path}: {error}") from None


def emit(text: str, output: str | None) -> None:
    """``text`` to the file ``output`` (whole or not at all), or to stdout."""
    if output:
        write_atomically(output, text)
    else:
        sys.stdout.write(text)


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


def _exit_on_signal(signum: int, _frame: Any) -> None:
    raise SystemExit(128 + signum)  # unwinds: `finally` blocks run, temporaries are removed


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
