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
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from typing import Any, Iterator

__all__ = ["CallTimeout", "time_bound"]


class CallTimeout(Exception):
    """The bounded code ran past its time bound."""


@contextlib.contextmanager
def time_bound(seconds: float | None) -> Iterator[None]:
    """Raises :class:`CallTimeout` inside the block once ``seconds`` have passed (wall clock).

    A timer signal (SIGALRM) bounds Python code, including a loop that never calls out; a
    call stuck inside C code is stopped when it returns to Python. A no-op off the main
    thread or with ``seconds`` None. Bounds nest: an inner bound never outlives an outer one.
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    outer_remaining, _ = signal.getitimer(signal.ITIMER_REAL)
    if outer_remaining and outer_remaining < seconds:
        yield  # an enclosing bound expires first and raises
        return

    def expire(signum: int, frame: Any) -> None:
        raise CallTimeout(f"ran past the time bound of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    started = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_remaining:
            # the enclosing bound goes on with what it had left
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, outer_remaining - (time.monotonic() - started)))
