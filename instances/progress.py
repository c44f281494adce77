"""Progress of long work on stderr, shared by every command that has some: verification sweeps
(``npw verify``), hardness profiles, instance sets (``npw generate --set``) and pattern-database
builds. One rich bar: what is done of what is planned, the rate, the time left where the total is
known (and the elapsed time always).

Shown only where a person is watching: stderr is a terminal, and neither ``--quiet`` (which a
command passes as ``quiet=True`` or sets for the whole process with :func:`set_quiet`) nor
``NPW_PROGRESS=0`` says otherwise. ``NPW_PROGRESS=1`` shows it even where stderr is not a
terminal (a log that keeps the bar's lines, a test). Standard output is never touched, so a
command's answer stays clean to pipe.

It lives in the lowest layer (``npw.instances``) so that the solvers (pattern databases) and the
verifier, which may not import the command line's layer, use this one module too.

The cost is a clock read per update: the bar is redrawn at most :data:`REFRESH_PER_SECOND` times
a second, however often the work reports.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable, TextIO

__all__ = ["ENV", "REFRESH_PER_SECOND", "Progress", "enabled", "reporter", "set_quiet"]

ENV = "NPW_PROGRESS"  # "0": never; "1": even where stderr is not a terminal
REFRESH_PER_SECOND = 10

_quiet = False  # set by a command's --quiet for work deep below it (a pattern-database build)


def set_quiet(quiet: bool) -> bool:
    """Silences (or lets through again) every progress display of this process: what a
    command's ``--quiet`` does for work it does not call directly. Returns the setting before,
    for the command to put back when it ends (``main`` may run again in the same process).

    >>> before = set_quiet(True); enabled()
    False
    >>> set_quiet(before)
    True
    """
    global _quiet
    before, _quiet = _quiet, bool(quiet)
    return before


def enabled(quiet: bool = False, stream: TextIO | None = None) -> bool:
    """Whether progress is shown: not ``quiet`` (nor :func:`set_quiet`), ``NPW_PROGRESS`` not
    ``0``, and ``stream`` (default stderr) a terminal or ``NPW_PROGRESS=1``.

    >>> enabled(quiet=True)
    False
    """
    if quiet or _quiet:
        return False
    setting = os.environ.get(ENV, "").strip()
    if setting == "0":
        return False
    if setting == "1":
        return True
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


class Progress:
    """A progress bar on stderr for one piece of work, as a context manager; a no-op where
    :func:`enabled` says no (so callers need no test of their own).

    Parameters
    ----------
    label : str
        What is being done, the bar's first column.
    total : int | float | None
        How much is planned (None: not known; then no time left is shown).
    unit : str
        What is counted (``"cases"``, ``"instances"``, ``"placements"``).
    quiet : bool
        The command's ``--quiet``.
    console : rich.console.Console, optional
        Where to draw (tests pass ``Console(file=..., force_terminal=True)``); it is shown on it
        whatever :func:`enabled` says, unless ``quiet``.

    Examples
    --------
    >>> with Progress("sweep", total=3, unit="cases", quiet=True) as bar:
    ...     for done in range(1, 4):
    ...         bar.update(done)
    >>> bar.done
    3
    """

    def __init__(self, label: str, total: int | float | None = None, unit: str = "items", quiet: bool = False,
                 console: Any = None) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.done: int | float = 0
        self._bar: Any = None
        self._task: Any = None
        self._last = 0.0
        self._start = time.perf_counter()
        self._show = not quiet and not _quiet and (console is not None or enabled())
        self._console = console

    @property
    def shown(self) -> bool:
        """Whether this bar is drawn at all."""
        return self._show

    def __enter__(self) -> Progress:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def start(self) -> None:
        """Draws the bar (where shown); :meth:`update` starts it too."""
        if not self._show or self._bar is not None:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
        )

        console = self._console or Console(stderr=True, force_terminal=os.environ.get(ENV) == "1" or None)
        columns: list[Any] = [TextColumn("{task.description}"), BarColumn(bar_width=24), MofNCompleteColumn(),
                              TextColumn("{task.fields[rate]}"), TimeElapsedColumn()]
        if self.total is not None:
            columns.append(TimeRemainingColumn())
        self._bar = Bar(*columns, console=console, transient=True, refresh_per_second=REFRESH_PER_SECOND)
        self._task = self._bar.add_task(self.label, total=self.total, rate="")
        self._start = time.perf_counter()
        self._bar.start()

    def update(self, done: int | float, total: int | float | None = None, label: str | None = None) -> None:
        """``done`` of the planned work is done (``total``: now planned, where it changed;
        ``label``: a new description); redraws at most :data:`REFRESH_PER_SECOND` times a second."""
        self.done = done
        if total is not None:
            self.total = total
        if label is not None:
            self.label = label
        if not self._show:
            return
        now = time.perf_counter()
        if self._bar is None:
            self.start()
        elif (now - self._last < 1 / REFRESH_PER_SECOND and label is None
              and (self.total is None or done < self.total)):
            return
        self._last = now
        rate = done / max(now - self._start, 1e-9)
        shown = f"{rate:,.0f} {self.unit}/s" if rate >= 10 else f"{rate:.2g} {self.unit}/s"
        self._bar.update(self._task, completed=done, total=self.total, rate=shown, description=self.label)
        if self.total is not None and done >= self.total:
            self._bar.refresh()  # the last state drawn, not the one of up to 0.1 s before

    def advance(self, step: int | float = 1) -> None:
        """One more step done (``update(done + step)``)."""
        self.update(self.done + step)

    def stop(self) -> None:
        """Takes the bar away (transient: the command's own output follows on a clean line)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


def reporter(total: int | None, quiet: bool = False, label: str = "verify", unit: str = "cases"
             ) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress callback (``None`` where progress is not shown, so the work skips even the
    call) and the function that ends it: the shape the verifier's sweep and the set writer take.

    >>> update, stop = reporter(10, quiet=True)
    >>> update is None
    True
    >>> stop()
    """
    bar = Progress(label, total, unit, quiet)
    if not bar.shown:
        return None, lambda: None
    bar.start()
    return bar.update, bar.stop
