"""A sandbox for code npw does not trust: a child process with limits, in an empty folder.

A user's or a student's reduction (a Python file served by ``python -m npw.serve``, or any
program) runs in a child process that :func:`start` makes:

* in a fresh **empty temporary folder** (its working folder, ``HOME`` and ``TMPDIR``), removed
  when the child ends or is killed;
* in its **own session and process group**, so that :meth:`Sandboxed.kill` ends all of it;
* with a **minimal environment** (``PATH``, ``HOME``, ``TMPDIR``, ``LANG``; no ``NPW_*`` variable
  unless the caller passes it);
* under the **resource limits** of :class:`Limits`: CPU time (``RLIMIT_CPU``), memory
  (``RLIMIT_AS``), the size of a file it writes (``RLIMIT_FSIZE``), open files
  (``RLIMIT_NOFILE``), no core files (``RLIMIT_CORE`` 0);
* watched by a **watchdog thread** every :data:`POLL_SECONDS` that enforces what an rlimit cannot:
  the wall time, the number of processes (``RLIMIT_NPROC`` does not bind root, and counts every
  process of the user), the CPU time and memory of the whole group together.

:attr:`Sandboxed.stopped_because` says which limit ended the child (``"cpu time"``,
``"memory"``, ``"processes"``, ``"wall time"``, ``"file size"``, ``"wrote outside its folder"``),
or ``None`` when it ended by itself. :func:`run` is the one-shot form. :func:`capabilities` says
which of the protections this machine gives.

>>> result = run([sys.executable, "-c", "print(input().upper())"], Limits(wall_seconds=10), "hello")
>>> result.returncode, result.stdout, result.stopped_because
(0, 'HELLO\\n', None)
"""

from __future__ import annotations

import contextlib
import math
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import IO

from npw.cli.guard import descendants

__all__ = ["Limits", "POLL_SECONDS", "Sandboxed", "SandboxResult", "capabilities", "run", "start"]

POLL_SECONDS = 0.02
"""How often the watchdog looks at the child's processes, clock, CPU time and memory."""

OPEN_FILES = 256
"""``RLIMIT_NOFILE`` of the child: enough for a language runtime (node opens some tens)."""

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


@dataclass(frozen=True)
class Limits:
    """What a sandboxed child may use.

    Parameters
    ----------
    cpu_seconds : float
        CPU time of the child and its processes together (``RLIMIT_CPU`` per process, rounded up,
        and the watchdog for the sum and for fractions).
    memory_bytes : int
        Address space of each process (``RLIMIT_AS``) and resident memory of all together (the
        watchdog).
    file_bytes : int
        Size of any one file the child writes (``RLIMIT_FSIZE``).
    processes : int
        Processes alive at once, the child included.
    wall_seconds : float or None
        Real time from the start; ``None``: no limit.

    Examples
    --------
    >>> Limits(cpu_seconds=2, wall_seconds=5).memory_bytes == 512 << 20
    True
    """

    cpu_seconds: float = 10
    memory_bytes: int = 512 << 20
    file_bytes: int = 16 << 20
    processes: int = 16
    wall_seconds: float | None = None


@dataclass(frozen=True)
class SandboxResult:
    """What :func:`run` gives back: the child's exit status (negative: the signal that ended it),
    its standard output and error, the limit that stopped it (``None``: it ended by itself) and
    the seconds it took."""

    returncode: int
    stdout: str
    stderr: str
    stopped_because: str | None
    seconds: float


def _minimal_environment(workdir: str, env: dict | None) -> dict[str, str]:
    environment = {"PATH": os.environ.get("PATH", os.defpath), "HOME": workdir, "TMPDIR": workdir,
                   "LANG": os.environ.get("LANG", "C.UTF-8")}
    if env:
        environment.update({str(key): str(value) for key, value in env.items()})
    return environment


def _rlimits(limits: Limits) -> list[tuple[int, int, int]]:
    cpu = max(1, math.ceil(limits.cpu_seconds))
    return [(resource.RLIMIT_CPU, cpu, cpu + 1),  # SIGXCPU at the soft limit, SIGKILL a second later
            (resource.RLIMIT_AS, limits.memory_bytes, limits.memory_bytes),
            (resource.RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
            (resource.RLIMIT_NOFILE, OPEN_FILES, OPEN_FILES),
            (resource.RLIMIT_CORE, 0, 0)]


class Sandboxed:
    """A running sandboxed child (made by :func:`start`); a context manager that kills it at the end.

    Attributes: ``stdin``, ``stdout``, ``stderr`` (text pipes, line buffered), ``pid``,
    ``workdir`` (the child's folder, gone once it ended), ``limits``.

    >>> with start([sys.executable, "-c", "print(len(__import__('os').listdir()))"], Limits(wall_seconds=10)) as child:
    ...     child.stdout.read(), child.wait(), child.stopped_because
    ('0\\n', 0, None)
    """

    def __init__(self, argv: list[str], limits: Limits, env: dict | None = None) -> None:
        self.limits = limits
        self.workdir = tempfile.mkdtemp(prefix="npw-sandbox-")
        self._reason: str | None = None
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._seen: set[int] = set()
        self._started = time.monotonic()
        rlimits = _rlimits(limits)

        def apply_limits() -> None:  # in the child, between fork and exec
            for which, soft, hard in rlimits:
                resource.setrlimit(which, (soft, hard))

        try:
            self._popen = subprocess.Popen(
                list(argv), cwd=self.workdir, env=_minimal_environment(self.workdir, env),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
                encoding="utf-8", errors="replace", start_new_session=True, preexec_fn=apply_limits,
                close_fds=True)
        except BaseException:
            shutil.rmtree(self.workdir, ignore_errors=True)
            raise
        self.pid = self._popen.pid
        self.stdin: IO[str] = self._popen.stdin  # type: ignore[assignment]
        self.stdout: IO[str] = self._popen.stdout  # type: ignore[assignment]
        self.stderr: IO[str] = self._popen.stderr  # type: ignore[assignment]
        self._watchdog = threading.Thread(target=self._watch, name=f"npw-sandbox-{self.pid}", daemon=True)
        self._watchdog.start()

    # -- the state ---------------------------------------------------------------------------
    @property
    def returncode(self) -> int | None:
        """The exit status once the child ended (negative: the signal), else ``None``."""
        return self._popen.returncode

    @property
    def seconds(self) -> float:
        """Seconds since the start."""
        return time.monotonic() - self._started

    @property
    def stopped_because(self) -> str | None:
        """Which limit ended the child: the watchdog's own record, else read from the signal."""
        if self._reason is not None:
            return self._reason
        code = self._popen.returncode
        if code == -signal.SIGXCPU:
            return "cpu time"
        if code == -signal.SIGXFSZ:
            return "file size"
        return None

    def poll(self) -> int | None:
        """The exit status if the child ended (then its folder is removed), else ``None``."""
        code = self._popen.poll()
        if code is not None:
            self._finish()
        return code

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the child to end (at most ``timeout`` seconds: ``subprocess.TimeoutExpired``)."""
        code = self._popen.wait(timeout)
        self._finish()
        return code

    def kill(self, reason: str | None = None) -> None:
        """Kill the child's whole process group (and any process of it seen elsewhere), wait for it,
        remove its folder. ``reason`` is recorded as :attr:`stopped_because` (if none was yet)."""
        with self._lock:
            if reason is not None and self._reason is None and self._popen.returncode is None:
                self._reason = reason
        self._kill_all()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._popen.wait(5)
        self._finish()

    def close(self) -> None:
        """Kill the child if it still runs, close the pipes, remove the folder."""
        self.kill()
        for stream in (self._popen.stdin, self._popen.stdout, self._popen.stderr):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()

    def __enter__(self) -> Sandboxed:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the watchdog ------------------------------------------------------------------------
    def _kill_all(self) -> None:
        for _ in range(50):  # a forking group may grow while being killed: again until it is empty
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
            alive = [pid for pid in (self._seen | set(descendants(self.pid))) if _alive(pid)]
            for pid in alive:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            try:
                os.killpg(self.pid, 0)
            except OSError:
                if not alive:
                    return
            time.sleep(0.005)

    def _finish(self) -> None:
        self._done.set()
        if self._popen.returncode is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def _watch(self) -> None:
        limits = self.limits
        while not self._done.wait(POLL_SECONDS):
            if self._popen.poll() is not None:
                self._kill_all()  # what it left behind in its group
                self._finish()
                return
            reason = None
            if limits.wall_seconds is not None and self.seconds > limits.wall_seconds:
                reason = "wall time"
            else:
                group = [self.pid, *descendants(self.pid)]
                self._seen.update(group)
                if len(group) > limits.processes:
                    reason = "processes"
                else:
                    cpu, resident = _usage(group)
                    if cpu > limits.cpu_seconds:
                        reason = "cpu time"
                    elif resident > limits.memory_bytes:
                        reason = "memory"
            if reason is not None:
                self.kill(reason)
                return


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def _usage(pids: list[int]) -> tuple[float, int]:
    """CPU seconds and resident bytes of ``pids`` together, from /proc."""
    ticks = pages = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
            pages += int(fields[21])  # rss
        except (OSError, ValueError, IndexError):
            continue
    return ticks / _CLOCK_TICKS, pages * _PAGE


def start(argv: list[str], limits: Limits, env: dict | None = None) -> Sandboxed:
    """Start ``argv`` sandboxed: in an empty temporary folder, its own process group, with pipes.

    Paths in ``argv`` are best absolute: the child's working folder is the empty one.

    Parameters
    ----------
    argv : list of str
        The program and its arguments.
    limits : Limits
        What it may use.
    env : dict or None
        Variables added to the minimal environment.

    Returns
    -------
    Sandboxed
        The running child.

    Examples
    --------
    >>> with start([sys.executable, "-c", "print(input()[::-1])"], Limits(wall_seconds=10)) as child:
    ...     print("abc", file=child.stdin)
    ...     child.stdout.readline()
    'cba\\n'
    """
    return Sandboxed(argv, limits, env)


def run(argv: list[str], limits: Limits, input_text: str = "", env: dict | None = None) -> SandboxResult:
    """Run ``argv`` sandboxed to its end with ``input_text`` on its standard input.

    Parameters
    ----------
    argv : list of str
        The program and its arguments.
    limits : Limits
        What it may use (with no ``wall_seconds``, it is 1 + 2 x ``cpu_seconds``: a child that
        sleeps is stopped too).
    input_text : str
        Its standard input.
    env : dict or None
        Variables added to the minimal environment.

    Returns
    -------
    SandboxResult

    Examples
    --------
    >>> run([sys.executable, "-c", "while True: pass"], Limits(cpu_seconds=0.5, wall_seconds=10)).stopped_because
    'cpu time'
    """
    if limits.wall_seconds is None:
        limits = Limits(limits.cpu_seconds, limits.memory_bytes, limits.file_bytes, limits.processes,
                        1 + 2 * limits.cpu_seconds)
    with start(argv, limits, env) as child:
        stdout, stderr = child._popen.communicate(input_text)
        child.wait()
        reason = child.stopped_because
        if reason is None and child.returncode != 0 and "MemoryError" in stderr:  # Python caught it
            reason = "memory"
        return SandboxResult(child.returncode, stdout, stderr, reason, child.seconds)


def capabilities() -> dict[str, str]:
    """Which protections the sandbox gives on this machine, each with how.

    >>> sorted(capabilities())
    ['cpu time', 'file size', 'memory', 'processes', 'wall time', 'writes outside the folder']
    """
    return {"cpu time": "RLIMIT_CPU per process; the watchdog for the group's sum",
            "memory": "RLIMIT_AS per process; the watchdog for the group's resident memory",
            "file size": "RLIMIT_FSIZE",
            "processes": f"the watchdog, every {POLL_SECONDS} s",
            "wall time": f"the watchdog, every {POLL_SECONDS} s",
            "writes outside the folder": "not prevented"}
