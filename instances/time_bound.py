"""A wall-clock bound on a block of Python code: for code the workbench did not write (a user's
reduction, problem file or claim), which must not be able to hang a run.

>>> import time
>>> with time_bound(0.05):
...     try:
...         while True:
...             pass
...     except CallTimeout as error:
...         print(error)
ran past the time bound of 0.05 s

A run of many bounded calls (the verifier bounds every call of a reduction's code, two dozen
a case) keeps the handler installed with :func:`bounded_calls` around them: each bound then
only sets and clears the timer. Installing and restoring the handler was two thirds of a
bound's cost.

>>> with bounded_calls():
...     installed = signal.getsignal(signal.SIGALRM) is _expire
...     with time_bound(0.05):
...         try:
...             while True:
...                 pass
...         except CallTimeout as error:
...             print(error)
ran past the time bound of 0.05 s
>>> installed, signal.getsignal(signal.SIGALRM) is _expire  # the handler before the block is back
(True, False)
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from typing import Any, Iterator

try:  # the C function: signal.getsignal converts every answer to an enum first, by a raised ValueError
    from _signal import getsignal as _getsignal  # (a third of a bound's cost when called each time)
except ImportError:  # another Python implementation
    _getsignal = signal.getsignal

__all__ = ["CallTimeout", "bounded_calls", "time_bound"]


class CallTimeout(Exception):
    """The bounded code ran past its time bound."""


_running: list[float] = []
"""The seconds of the bounds whose timer runs, innermost last (only the main thread's)."""

_KEEP = object()  # a bound that found the handler installed leaves it in place


def _expire(signum: int, frame: Any) -> None:
    if _running:  # else a timer that went off as its bound ended: nothing left to stop
        raise CallTimeout(f"ran past the time bound of {_running[-1]:g} s")


def _restore(handler: Any) -> None:
    # None: a handler installed outside Python, which Python cannot put back; the default then
    signal.signal(signal.SIGALRM, signal.SIG_DFL if handler is None else handler)


class _TimeBound:
    """The context manager of :func:`time_bound` (a class: entered two dozen times a case)."""

    __slots__ = ("seconds", "armed", "previous", "outer", "started")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.armed = False

    def __enter__(self) -> None:
        seconds = self.seconds
        if seconds is None or threading.current_thread() is not threading.main_thread():
            return
        outer, _ = signal.getitimer(signal.ITIMER_REAL)
        if outer and outer < seconds:
            return  # an enclosing bound expires first and raises
        self.previous = signal.signal(signal.SIGALRM, _expire) if _getsignal(signal.SIGALRM) is not _expire else _KEEP
        self.outer = outer
        self.started = time.monotonic()
        _running.append(seconds)
        self.armed = True
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def __exit__(self, *exc_info: Any) -> None:
        if not self.armed:
            return
        self.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        _running.pop()
        if self.previous is not _KEEP:
            _restore(self.previous)
        if self.outer:
            # the enclosing bound goes on with what it had left
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, self.outer - (time.monotonic() - self.started)))


def time_bound(seconds: float | None) -> _TimeBound:
    """Raises :class:`CallTimeout` inside the block once ``seconds`` have passed (wall clock).

    A timer signal (SIGALRM) bounds Python code, including a loop that never calls out; a
    call stuck inside C code is stopped when it returns to Python. A no-op off the main
    thread or with ``seconds`` None. Bounds nest: an inner bound never outlives an outer one.
    """
    return _TimeBound(seconds)


@contextlib.contextmanager
def bounded_calls() -> Iterator[None]:
    """Keeps :func:`time_bound`'s signal handler installed for the block (many bounds in a
    row), and puts the previous handler back after it. A no-op off the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expire)
    try:
        yield
    finally:
        _restore(previous)
