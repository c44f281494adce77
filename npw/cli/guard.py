"""The command's guard: a watchdog thread that keeps the command line's promises about ending.

Every ``npw`` command runs under one :class:`CommandGuard` (``npw.cli.main``). Its thread wakes
every :data:`POLL_SECONDS` and on every signal, and keeps three promises whatever the main thread
is doing, in Python or deep inside a solver's C code that never returns to the interpreter:

* **Signals.** SIGTERM, SIGHUP and SIGINT end the command within a second, children included.
  The main thread gets the signal as usual (an exception that unwinds: ``finally`` blocks run,
  temporaries are removed, worker processes are terminated); when it has not ended
  :data:`GRACE_SECONDS` later (a decider in C, a handler that swallowed the exception, an
  interpreter shutdown waiting for a pool), the guard kills every descendant process, removes
  the temporaries of outputs being written (:func:`npw.instances.io.live_temporaries`) and ends
  the process with the interrupted status (128 + the signal's number).
  ``signal.set_wakeup_fd`` is what lets a thread hear a signal while the main thread is in C.
* **The command's time limit**, counted from the process's start (``--timeout`` of ``render``,
  ``reduce``, ``explore``; for ``solve`` and ``puzzle solve``, whose deciders get ``--timeout``
  less the time already spent, a backstop at :func:`backstop` behind them): at the
  limit the main thread gets :class:`CommandLimit` (one line, or the command's own out-of-time
  answer, such as ``UNKNOWN``); if it has not ended :data:`GRACE_SECONDS` later, the guard ends
  the process itself with that answer.
  A batch (``npw solve`` of many files, ``npw puzzle solve --boards``) has no whole-command limit:
  it gives each instance its own backstop with :meth:`CommandGuard.restart` and catches the
  instance's :class:`CommandLimit` to go on with the next.
* **Memory.** The largest resident set of the process and its descendants is kept under
  :func:`memory_limit` (default :data:`DEFAULT_MAX_MEMORY`, 960 MiB; ``NPW_MAX_MEMORY`` sets another,
  ``0`` none): past it the command ends with one line naming the limit, exit status 2, before the
  system starts swapping or kills something else.

What is written to standard output or a file is whole or absent: the hard path writes only the
one line (and an out-of-time answer), with ``os.write`` (the main thread may hold
``sys.stdout``'s lock).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterator

__all__ = ["CommandGuard", "CommandLimit", "DEFAULT_MAX_MEMORY", "GRACE_SECONDS", "MEMORY_VARIABLE", "POLL_SECONDS",
           "TIME_GRACE_SECONDS", "backstop", "descendants", "format_bytes", "guarded", "memory_limit",
           "owns_process", "process_age", "resident_bytes"]

POLL_SECONDS = 0.02
"""How often the guard looks at the clock and the memory in use (reading /proc costs ~20 us)."""

GRACE_SECONDS = 0.5
"""How long the main thread has to unwind by itself after a signal."""

TIME_GRACE_SECONDS = 0.3
"""How long the main thread has to unwind by itself at the command's time limit (the answer
is due: with it a decider stopped by the backstop at 1.2 T ends within 1.2 T + 0.5 s)."""

DEFAULT_MAX_MEMORY = 960 << 20
"""960 MiB: the guard reads the memory every POLL_SECONDS, and a command allocating fast grows
some tens of MiB between two reads; stopping here keeps it under 1 GiB."""
MEMORY_VARIABLE = "NPW_MAX_MEMORY"
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
_LIMIT_SIGNAL = signal.SIGUSR1  # how the guard raises CommandLimit in the main thread (SIGALRM is time_bound's)
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class CommandLimit(BaseException):
    """The command passed its time limit or the memory limit. A ``BaseException``: no
    ``except Exception`` (nor ``except InvalidInstance``, which turns an error into a finding)
    on the way up may take it for a result; ``npw.cli.main`` says it in one line."""

    def __init__(self, message: str, kind: str, status: int = 2, answer: str = "") -> None:
        super().__init__(message)
        self.message, self.kind, self.status, self.answer = message, kind, status, answer


def backstop(timeout: float) -> float:
    """When the command's guard answers for a decider that overran ``--timeout T`` (the deciders
    return within their limit; this bounds one that does not): at T + 0.2 T, at most T + 0.8 s,
    counted from the process's start. With the guard's grace for a decider in C
    (:data:`TIME_GRACE_SECONDS`) the command ends within 1.2 T + 0.5 s and within T + 1.1 s.

    >>> backstop(2.0), backstop(10.0)
    (2.4, 10.8)
    """
    return timeout + min(0.2 * timeout, 0.8)


def owns_process(args: object) -> bool:
    """Whether the command of ``args`` (its namespace, with the guard ``main`` gave it) is its
    process's own: the command line's, not a caller's ``main(argv)`` in a test or notebook.

    >>> owns_process(object())
    False
    """
    guard = getattr(args, "guard", None)
    return bool(getattr(guard, "owns_process", False))


def process_age() -> float:
    """Seconds since this process started (its start-up included; 0.0 where /proc cannot say).

    >>> 0.0 <= process_age() < 10**7
    True
    """
    try:
        with open("/proc/self/stat", "rb") as handle:
            started_ticks = int(handle.read().rsplit(b")", 1)[1].split()[19])
        with open("/proc/uptime", "rb") as handle:
            uptime = float(handle.read().split()[0])
        return max(0.0, uptime - started_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def format_bytes(count: float) -> str:
    """``count`` bytes in the largest binary unit that keeps a number of at least 1.

    >>> format_bytes(1 << 30), format_bytes(1536 * 1024)
    ('1.0 GiB', '1.5 MiB')
    """
    for unit in ("B", "KiB", "MiB", "GiB"):
        if count < 1024 or unit == "GiB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    return f"{count:.1f} GiB"  # pragma: no cover


def memory_limit(environ: dict | os._Environ | None = None) -> int | None:
    """The memory limit in force, in bytes (None: no limit): ``NPW_MAX_MEMORY`` as a number of
    bytes or with a K, M, G suffix (binary units), ``0`` for none; unset or unreadable, 960 MiB.

    >>> memory_limit({}), memory_limit({"NPW_MAX_MEMORY": "4G"}), memory_limit({"NPW_MAX_MEMORY": "0"})
    (1006632960, 4294967296, None)
    """
    text = (os.environ if environ is None else environ).get(MEMORY_VARIABLE, "").strip().upper().removesuffix("B")
    if not text:
        return DEFAULT_MAX_MEMORY
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}.get(text[-1:], 1)
    digits = text[:-1] if scale > 1 else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 15:
        return DEFAULT_MAX_MEMORY
    value = int(digits) * scale
    return value or None


def descendants(pid: int | None = None) -> list[int]:
    """The process ids of every descendant of ``pid`` (default: this process), children first;
    from ``/proc/PID/task/TID/children`` (Linux; elsewhere, none are found).

    >>> descendants() == [] or all(isinstance(p, int) for p in descendants())
    True
    """
    found: list[int] = []
    queue = [os.getpid() if pid is None else pid]
    while queue:
        parent = queue.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children", "rb") as handle:
                    children = [int(word) for word in handle.read().split()]
            except (OSError, ValueError):
                continue
            found.extend(children)
            queue.extend(children)
    return found


def resident_bytes(pid: int | None = None) -> int:
    """The resident set of ``pid`` (default: this process) in bytes, 0 if unknown.

    >>> resident_bytes() > 0
    True
    """
    try:
        with open(f"/proc/{'self' if pid is None else pid}/statm", "rb") as handle:
            return int(handle.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def _kill_descendants() -> None:
    for pid in reversed(descendants()):  # grandchildren first: a child's death cannot orphan them out of reach
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _forget_wakeup_in_child() -> None:
    # a forked child inherits the wakeup fd: a signal it gets (a worker terminated) would be heard
    # as the parent's own; the child's stop is its own business
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_wakeup_in_child)


def _say(text: str, fd: int = 2) -> None:
    with contextlib.suppress(OSError):
        os.write(fd, text.encode("utf-8", "replace"))


@dataclass
class _Stop:
    """What the guard is ending the command for, and what the hard path prints."""

    status: int
    line: str  # to standard error, one line
    answer: str = ""  # to standard output (an out-of-time answer)


class CommandGuard:
    """The watchdog of one command (see the module's docstring). Use :func:`guarded`.

    >>> with guarded(time_limit=None) as guard:
    ...     guard.remaining() is None
    True
    """

    def __init__(self, time_limit: float | None = None, what: str = "the command",
                 out_of_time: Callable[[], tuple[str, str, int]] | None = None,
                 max_memory: int | None = None, owns_process: bool = False) -> None:
        # the command line's own process: its start-up counts, and its end is bounded too; a caller
        # of main() in its own process (a test, a notebook) gets neither
        self.owns_process = owns_process
        self.started = time.monotonic() - (process_age() if owns_process else 0.0)
        self.time_limit = time_limit
        self.what = what
        self.out_of_time = out_of_time
        self.max_memory = max_memory
        self._stop: _Stop | None = None
        self._limit: CommandLimit | None = None  # what the main thread is told at a time or memory limit
        self._stop_at: float | None = None  # when the hard path runs, once a stop is decided
        self._done = threading.Event()
        self._lock = threading.Lock()  # a batch's restart() against the watch's decisions
        self._main = threading.main_thread().ident
        self._signal_read = self._signal_write = -1
        self._thread: threading.Thread | None = None
        self._previous: dict[int, object] = {}
        self._previous_wakeup = -1

    # -- what the command asks -----------------------------------------------------------------------

    def elapsed(self) -> float:
        """Seconds since the process started."""
        return time.monotonic() - self.started

    def remaining(self) -> float | None:
        """Seconds left of the command's time limit (None: no limit)."""
        if self.time_limit is None:
            return None
        return max(0.0, self.time_limit - (time.monotonic() - self.started))

    def restart(self, time_limit: float | None) -> None:
        """A new time limit, ``time_limit`` seconds from now (None: none), for the next item of a
        batch (``npw solve`` of many files): each instance gets its own backstop and no sum of them
        ends a long batch. A time stop decided but not yet carried out is withdrawn (the batch
        caught its :class:`CommandLimit` and goes on); a signal's or the memory's stop stays.

        >>> with guarded(time_limit=5.0) as guard:
        ...     guard.restart(60.0)
        ...     55.0 < guard.remaining() <= 60.0
        True
        """
        with self._lock:
            if self._limit is not None and self._limit.kind == "time" and self._stop is not None \
                    and self._stop.status == self._limit.status:
                self._stop = self._limit = self._stop_at = None
            self.time_limit = None if time_limit is None else self.elapsed() + time_limit

    # -- the main thread's side ----------------------------------------------------------------------

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return  # handlers and the wakeup fd belong to the main thread; run unguarded (a library caller's thread)
        self._signal_read, self._signal_write = os.pipe()
        os.set_blocking(self._signal_write, False)
        os.set_blocking(self._signal_read, False)
        with contextlib.suppress(ValueError):
            self._previous_wakeup = signal.set_wakeup_fd(self._signal_write, warn_on_full_buffer=False)
        self._previous[_LIMIT_SIGNAL] = signal.signal(_LIMIT_SIGNAL, self._raise_limit)
        self._thread = threading.Thread(target=self._watch, name="npw-guard", daemon=True)
        self._thread.start()

    def finish(self) -> None:
        """The command returned. A stop already under way keeps its hard deadline (an interpreter
        shutdown that waits for a pool is still bounded); otherwise the guard ends here."""
        if self._thread is None:
            return
        if self._stop is None or not self.owns_process:
            self._done.set()
            with contextlib.suppress(OSError):
                os.write(self._signal_write, b"\0")  # wakes the thread now, not at its next poll
            self._thread.join(timeout=1.0)
        else:  # the main thread said it (or is ending by the signal): the hard path only bounds the exit
            self._stop = _Stop(self._stop.status, "")
        with contextlib.suppress(ValueError):
            signal.set_wakeup_fd(self._previous_wakeup)
        for number, handler in self._previous.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(number, handler)  # type: ignore[arg-type]
        if self._done.is_set():
            for fd in (self._signal_read, self._signal_write):
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _raise_limit(self, _signum: int, _frame: object) -> None:
        if self._limit is not None:
            raise self._limit

    # -- the guard's thread --------------------------------------------------------------------------

    def _watch(self) -> None:
        while not self._done.is_set():
            try:
                ready, _, _ = select.select([self._signal_read], [], [], POLL_SECONDS)
            except (OSError, ValueError):
                ready = []
                time.sleep(POLL_SECONDS)
            with self._lock:
                now = time.monotonic()
                if ready:
                    self._heard_signal(now)
                if self._stop is None:
                    self._check_time(now)
                if self._stop is None and self.max_memory is not None:
                    self._check_memory(now)
                if self._stop_at is not None and now >= self._stop_at and self.owns_process:
                    self._hard_exit()  # never a host's process (a test, a notebook calling main): only the command line's

    def _heard_signal(self, now: float) -> None:
        try:
            data = os.read(self._signal_read, 64)
        except OSError:
            return
        numbers = [n for n in data if n in STOP_SIGNALS]
        if not numbers:
            return
        number = numbers[0]
        name = "interrupted" if number == signal.SIGINT else "terminated"
        if self._stop is None or self._stop.status != 128 + number:
            self._stop = _Stop(128 + number, f"npw: {name}\n")
            self._stop_at = now + GRACE_SECONDS

    def _check_time(self, now: float) -> None:
        if self.time_limit is None or now - self.started < self.time_limit:
            return
        if self.out_of_time is not None:
            answer, line, status = self.out_of_time()
        else:
            answer, line, status = "", f"{self.what}: out of time (the time limit of {self.time_limit:g} s passed; a " \
                                       f"longer --timeout, or a smaller instance)", 2
        self._stop = _Stop(status, f"npw: error: {line}\n" if line else "", answer)
        self._limit = CommandLimit(line, "time", status, answer)
        self._stop_at = now + TIME_GRACE_SECONDS
        self._poke_main()

    def _check_memory(self, now: float) -> None:
        used = max([resident_bytes()] + [resident_bytes(p) for p in descendants()])
        if used <= self.max_memory:  # type: ignore[operator]
            return
        line = (f"{self.what}: memory use passed the limit of {format_bytes(self.max_memory)} (set "  # type: ignore[arg-type]
                f"{MEMORY_VARIABLE}, e.g. {MEMORY_VARIABLE}=8G, for larger work; 0: no limit)")
        self._stop = _Stop(2, f"npw: error: {line}\n")
        self._limit = CommandLimit(line, "memory", 2)
        # memory grows fast: less grace than for time, and none once it is well past the limit
        self._stop_at = now + (0.0 if used > 1.25 * self.max_memory else GRACE_SECONDS / 2)  # type: ignore[operator]
        _kill_descendants()
        self._poke_main()

    def _poke_main(self) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            signal.pthread_kill(self._main, _LIMIT_SIGNAL)  # type: ignore[arg-type]

    def _hard_exit(self) -> None:
        from npw.instances.io import remove_live_temporaries

        stop = self._stop or _Stop(1, "")
        _kill_descendants()
        remove_live_temporaries()
        if stop.answer:
            _say(stop.answer, 1)
        if stop.line:
            _say(stop.line)
        os._exit(stop.status)


@contextlib.contextmanager
def guarded(time_limit: float | None = None, what: str = "the command",
            out_of_time: Callable[[], tuple[str, str, int]] | None = None,
            max_memory: int | None = None, owns_process: bool = False) -> Iterator[CommandGuard]:
    """Runs the block under a :class:`CommandGuard` (see the module's docstring).

    ``out_of_time`` gives the command's own answer at its time limit: (text for standard output,
    the line for standard error without ``npw: error:``, exit status). ``owns_process``: the
    block is the process's one command (the command line's): the time limit counts from the
    process's start, and the guard still bounds the process's exit after a stop.

    >>> with guarded(time_limit=0.2, what="sleep") as guard:  # doctest: +SKIP
    ...     time.sleep(1)
    Traceback (most recent call last):
    npw.cli.guard.CommandLimit: sleep: out of time ...
    """
    guard = CommandGuard(time_limit, what, out_of_time, max_memory, owns_process)
    guard.start()
    try:
        yield guard
    except CommandLimit:
        raise
    except Exception as error:
        # the limit can reach the main thread inside an import of C code, which re-raises it as
        # an ImportError (numpy does): past the limit, what surfaces is the limit
        if guard._limit is not None:
            raise guard._limit from error
        raise
    finally:
        guard.finish()
