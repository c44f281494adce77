"""Running a call in a child process that is killed at a deadline.

Needed where a solver ignores interrupts (CaDiCaL in python-sat) or holds the GIL
for the whole call: a killed child is the only reliable way to stop it. About 5 ms
of overhead a call, so the fast paths use the solver's own interrupt instead.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from typing import Any, Callable

__all__ = ["PARENT_POLL_SECONDS", "PR_SET_PDEATHSIG", "call_with_deadline", "die_with_parent", "leave_now_if_warming", "warm_up", "warming"]

PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_POLL_SECONDS = 1.0


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def die_with_parent(parent: int) -> None:
    """Makes this process end when ``parent`` (the pid of the process that started it) does,
    even when the parent is killed outright (SIGKILL) and no cleanup of its runs: a
    ``ProcessPoolExecutor`` initializer (``initializer=die_with_parent, initargs=(os.getpid(),)``)
    and the first step of every child here. On Linux the kernel sends SIGKILL at the parent's
    death (``prctl(PR_SET_PDEATHSIG)``); elsewhere a daemon thread polls the parent every
    second. SIGTERM gets its default action back (the command line's handler, inherited
    through fork, would otherwise unwind the worker instead of ending it).

    >>> import subprocess, sys
    >>> code = "import os; from npw.solvers.child import die_with_parent; die_with_parent(os.getppid()); print('ok')"
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip()
    'ok'
    """
    with contextlib.suppress(ValueError):  # only the main thread may set a handler
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    armed = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # here: npw puzzle solve imports this module, only a worker needs ctypes
            import ctypes.util

            libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if not armed:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)


def _run(connection, function, args, parent: int) -> None:
    die_with_parent(parent)
    try:
        connection.send(("ok", function(*args)))
    except BaseException as error:  # report, never hang the parent
        connection.send(("error", repr(error)))
    finally:
        connection.close()


def call_with_deadline(function: Callable[..., Any], args: tuple, timeout: float) -> tuple[bool, Any]:
    """Returns (True, value) if ``function(*args)`` finished within ``timeout`` seconds, else (False, None)."""
    import multiprocessing  # here: importing it costs an easy command a fifth of its start-up

    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_run, args=(sender, function, args, os.getpid()), daemon=True)
    process.start()
    sender.close()
    try:
        if receiver.poll(timeout):
            try:
                status, value = receiver.recv()
            except EOFError:
                return False, None
            if status == "error":
                raise RuntimeError(f"solver failed in child process: {value}")
            return True, value
        return False, None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()


_WARMING: dict[Any, tuple[threading.Thread, list]] = {}
_WARMING_LOCK = threading.Lock()


def warm_up(key: Any, function: Callable[[], Any], timeout: float | None) -> tuple[bool, Any]:
    """``function()`` run once per process and ``key`` in a daemon thread: (True, its value) once
    it has finished, waiting at most ``timeout`` seconds (None: as long as it takes), else
    (False, None) while it goes on in the background for the next call.

    For the one-off steps a deadline cannot stop: importing numba or OR-Tools (seconds on a
    loaded machine), compiling a numba kernel whose cache is missing (seconds to a minute),
    building pattern databases. A decider that gets False returns UNKNOWN at its deadline
    instead of waiting; the step it started is not lost. An exception is raised again in the
    caller, on every call.

    >>> warm_up("doctest", lambda: 6 * 7, 5)
    (True, 42)
    >>> import time
    >>> warm_up("doctest-slow", lambda: time.sleep(0.3), 0.01)
    (False, None)
    """
    with _WARMING_LOCK:
        entry = _WARMING.get(key)
        if entry is None:
            outcome: list = []

            def work() -> None:
                try:
                    outcome.append((True, function()))
                except BaseException as error:  # handed to the callers
                    outcome.append((False, error))

            thread = threading.Thread(target=work, name=f"npw-warm-up-{key}", daemon=True)
            entry = _WARMING[key] = (thread, outcome)
            thread.start()
    thread, outcome = entry
    thread.join(timeout)
    if not outcome:
        return False, None
    finished, value = outcome[0]
    if not finished:
        raise value
    return True, value


def warming() -> bool:
    """Whether a :func:`warm_up` step is still running. A command that is done then ends with
    ``os._exit`` after flushing its output: the interpreter's exit would otherwise wait, up to
    seconds, for the thread to leave a C call (numba's compiler, an import) that holds the GIL.

    >>> warm_up("doctest-quick", lambda: None, 5)[0], warming() in (True, False)
    (True, True)
    """
    with _WARMING_LOCK:
        return any(thread.is_alive() for thread, _ in _WARMING.values())


def leave_now_if_warming(code: int, owns_process: bool = True) -> int:
    """``code``, or, while a :func:`warm_up` thread runs, the process ends here with ``code``
    (standard streams flushed first): for a command line's last step. ``owns_process`` False (a
    test or a notebook calling the command line's ``main`` in its own process): never ended here."""
    if owns_process and warming():
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    return code
