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
a case) holds them inside :func:`bounded_calls`: the handler stays installed, and the timer is
set only when a bound's deadline comes before the one it is already set for. A timer that goes
off before the deadline of every running bound (one set for a bound that has ended) is set
again for the earliest of them. Each bound then costs one system call (reading the timer)
instead of five (installing and restoring the handler, reading, setting, clearing the timer).

>>> with bounded_calls():
...     installed = signal.getsignal(signal.SIGALRM) is _expire
...     with time_bound(60):
...         pass
...     with time_bound(0.05):  # the timer set for the first bound (60 s) is set earlier
...         try:
...             while True:
...                 pass
...         except CallTimeout as error:
...             print(error)
ran past the time bound of 0.05 s
>>> installed, signal.getsignal(signal.SIGALRM) is _expire  # the handler before the block is back
(True, False)
>>> signal.getitimer(signal.ITIMER_REAL)  # and no timer is left running
(0.0, 0.0)
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


_running: list[tuple[float, float]] = []
"""(deadline on the monotonic clock, seconds) of the bounds running in the main thread,
outermost first."""

_scopes = 0  # how many bounded_calls blocks are open (main thread)

_KEEP = object()  # a bound that found the handler installed leaves it in place


def _expire(signum: int, frame: Any) -> None:
    if not _running:
        return  # a timer set for a bound that has ended, with none running: nothing to stop
    deadline, seconds = min(_running)
    left = deadline - time.monotonic()
    if left > 1e-3:  # set for a bound that has ended: on to the earliest deadline still running
        signal.setitimer(signal.ITIMER_REAL, left)
        return
    raise CallTimeout(f"ran past the time bound of {seconds:g} s")


def _restore(handler: Any) -> None:
    # None: a handler installed outside Python, which Python cannot put back; the default then
    signal.signal(signal.SIGALRM, signal.SIG_DFL if handler is None else handler)


class _TimeBound:
    """The context manager of :func:`time_bound` (a class: entered two dozen times a case).

    Inside :func:`bounded_calls` the timer is set lazily (see the module's docstring). Alone,
    a bound sets the timer for its own deadline and clears it after, as any enclosing timer
    expects: one that goes off first is left alone (its handler stays), a later one is put
    back with what it had left.
    """

    __slots__ = ("seconds", "armed", "previous", "outer", "started")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.armed = False

    def __enter__(self) -> None:
        seconds = self.seconds
        if seconds is None or threading.current_thread() is not threading.main_thread():
            return
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        if _scopes:
            self.outer = None
        elif left and left < seconds:
            return  # an enclosing timer expires first and its handler raises
        else:
            self.outer = left
        self.previous = signal.signal(signal.SIGALRM, _expire) if _getsignal(signal.SIGALRM) is not _expire else _KEEP
        self.started = time.monotonic()
        _running.append((self.started + seconds, seconds))
        self.armed = True
        try:
            if self.outer is not None or not left or left > seconds:
                signal.setitimer(signal.ITIMER_REAL, seconds)
        except BaseException:
            # the timer went off before the block began (a bound of 1e-9 s): no __exit__ will come,
            # so undo here, or the bound stays running (every later bound would end at once) and its
            # handler installed (a later restore then lets a pending timer kill the process)
            self.__exit__(None, None, None)
            raise

    def __exit__(self, *exc_info: Any) -> None:
        if not self.armed:
            return
        self.armed = False
        if self.outer is not None:  # alone: clear the timer, as it was set for this bound
            signal.setitimer(signal.ITIMER_REAL, 0)
        _running.pop()
        if self.previous is not _KEEP:
            _restore(self.previous)
        if self.outer:  # the enclosing timer goes on with what it had left
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
    row, whose timer is set only when needed), then clears the timer and puts the previous
    handler back. A no-op off the main thread, and where a timer runs already (an enclosing
    bound's, or another's, with its own handler): the bounds inside then work alone."""
    global _scopes
    if threading.current_thread() is not threading.main_thread() or signal.getitimer(signal.ITIMER_REAL)[0]:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expire)
    _scopes += 1
    try:
        yield
    finally:
        _scopes -= 1
        if not _scopes and not _running:
            signal.setitimer(signal.ITIMER_REAL, 0)
        _restore(previous)
