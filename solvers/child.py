"""Running a call in a child process that is killed at a deadline.

Needed where a solver ignores interrupts (CaDiCaL in python-sat) or holds the GIL
for the whole call: a killed child is the only reliable way to stop it. About 5 ms
of overhead a call, so the fast paths use the solver's own interrupt instead.
"""

from __future__ import annotations

import multiprocessing
from typing import Any, Callable


def _run(connection, function, args) -> None:
    try:
        connection.send(("ok", function(*args)))
    except BaseException as error:  # report, never hang the parent
        connection.send(("error", repr(error)))
    finally:
        connection.close()


def call_with_deadline(function: Callable[..., Any], args: tuple, timeout: float) -> tuple[bool, Any]:
    """Returns (True, value) if ``function(*args)`` finished within ``timeout`` seconds, else (False, None)."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_run, args=(sender, function, args), daemon=True)
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
