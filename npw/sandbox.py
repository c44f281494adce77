"""A sandbox for code npw does not trust: a child process with limits, in an empty folder.

A user's or a student's reduction (a Python file served by ``python -m npw.serve``, or any
program) runs in a child process that :func:`start` makes:

* in a fresh **empty temporary folder** (its working folder, ``HOME`` and ``TMPDIR``), removed
  when the child ends or is killed;
* in its **own session and process group**, so that :meth:`Sandboxed.kill` ends all of it;
* with a **minimal environment** (``PATH``, ``HOME``, ``TMPDIR``, ``LANG``; no ``NPW_*`` variable
  unless the caller passes it);
* under the **resource limits** of :class:`Limits`: CPU time (``RLIMIT_CPU``), address space
  (``RLIMIT_AS``, the memory limit plus :data:`ADDRESS_SPACE_EXTRA`: runtimes reserve address
  space they never use, node ~800 MiB), the size of a file it writes (``RLIMIT_FSIZE``), open
  files (``RLIMIT_NOFILE``), no core files (``RLIMIT_CORE`` 0);
* **unable to write outside its folder** where the kernel has Landlock (Linux 5.13+): the child
  restricts itself before it runs the program, so every write, file creation, removal, rename
  or truncation outside the folder (and ``/dev/null``) fails with ``EACCES``; from Landlock ABI
  4 it cannot open TCP connections, from ABI 6 it cannot signal processes outside the sandbox.
  Without Landlock, a child of root gets a mount namespace of its own where every mount but its
  folder is read-only (``EROFS``); else :func:`capabilities` says "not prevented";
* **without privileges** when npw runs as root: the child drops every capability (so it cannot
  raise its own limits, mount, or read around file permissions) and may gain none
  (``PR_SET_NO_NEW_PRIVS``);
* in a **pids cgroup** where npw may make one (root, cgroup v1 ``pids`` controller): a hard cap of
  :data:`TASKS_PER_PROCESS` tasks per allowed process on the whole sandbox, however fast it forks,
  and a list of all its processes even those that left its session;
* watched by a **watchdog thread** every :data:`POLL_SECONDS` that enforces what an rlimit cannot:
  the wall time, the number of processes (``RLIMIT_NPROC`` does not bind root, and counts every
  process of the user), the CPU time and the **resident memory** of the whole sandbox together
  (the memory limit), the size of its folder.

:attr:`Sandboxed.stopped_because` says which limit ended the child (``"cpu time"``,
``"memory"``, ``"processes"``, ``"wall time"``, ``"file size"``, ``"wrote outside its folder"``),
or ``None`` when it ended by itself: the watchdog's own record first, else the signal that ended
it (``SIGXCPU``, ``SIGXFSZ``), else the last lines of its standard error (a ``MemoryError``, a
``File too large``, a ``Permission denied``). :func:`run` is the one-shot form.
:func:`capabilities` says which protections this machine gives.

Reads are not restricted unless the caller names what the child may read (``readable=``: then
only those paths, the system's folders and Python's installation, with Landlock): without it a
child of a root npw may read any file (its user is root, without capabilities). Without Landlock
(capabilities() says "not prevented") it may write wherever npw's user may. The network beyond
TCP is not closed. The reason read from standard error is a guess: a ``Permission denied`` on a
read outside ``readable`` is named "wrote outside its folder" too.

>>> result = run([sys.executable, "-c", "print(input().upper())"], Limits(wall_seconds=10), "hello")
>>> result.returncode, result.stdout, result.stopped_because
(0, 'HELLO\\n', None)
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import itertools
import math
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass, replace
from functools import cache
from typing import IO

from npw.cli.guard import descendants

__all__ = ["ADDRESS_SPACE_EXTRA", "FOLDER_FILES", "Limits", "OPEN_FILES", "OUTPUT_BYTES", "POLL_SECONDS", "STDERR_TAIL_BYTES",
           "SYSTEM_READABLE", "Sandboxed", "SandboxResult", "TASKS_PER_PROCESS", "capabilities", "run", "start"]

POLL_SECONDS = 0.02
"""How often the watchdog looks at the child's processes, clock, CPU time and memory."""

ADDRESS_SPACE_EXTRA = 1 << 30
"""Address space each process may have beyond ``Limits.memory_bytes`` (``RLIMIT_AS``): node
reserves ~800 MiB to start, a JVM or Go more; the resident memory is what the limit counts."""

OPEN_FILES = 256
"""``RLIMIT_NOFILE`` of the child: enough for a language runtime (node opens some tens)."""

TASKS_PER_PROCESS = 8
"""The pids cgroup's cap is this many tasks (threads count) per allowed process: language
runtimes start threads (node some ten), the watchdog counts processes exactly."""

FOLDER_FILES = 4
"""The child's folder may hold this many times ``Limits.file_bytes`` in all (and 10,000 entries)."""

STDERR_TAIL_BYTES = 64 << 10
"""The last bytes of the child's standard error kept to tell why it ended."""

OUTPUT_BYTES = 64 << 20
"""What :func:`run` keeps of the child's standard output; the rest is dropped."""

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_FOLDER_ENTRIES = 10_000
_FOLDER_EVERY = 10  # polls between two looks at the folder's size (a walk of up to 10,000 entries)

# Landlock (linux/landlock.h); the syscall numbers are the same on every architecture
_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_FS_WRITE_FILE, _FS_TRUNCATE = 1 << 1, 1 << 14
_FS_READS = (1 << 0) | (1 << 2) | (1 << 3)  # execute, read_file, read_dir
_FS_FILE_RIGHTS = (1 << 0) | (1 << 1) | (1 << 2)  # what a rule on a file (not a folder) may grant
_FS_WRITES_ABI1 = sum(1 << bit for bit in (1, 4, 5, 6, 7, 8, 9, 10, 11, 12))  # write, remove, make_*
_FS_REFER = 1 << 13  # ABI 2: link/rename across folders
_NET_TCP = (1 << 0) | (1 << 1)  # ABI 4: bind, connect
_SCOPE_ALL = (1 << 0) | (1 << 1)  # ABI 6: abstract unix sockets, signals
_PR_SET_NO_NEW_PRIVS, _PR_CAPBSET_DROP = 38, 24
_CLONE_NEWNS, _MS_BIND, _MS_REC, _MS_PRIVATE = 0x00020000, 4096, 16384, 1 << 18
_SYS_MOUNT_SETATTR, _AT_FDCWD, _AT_RECURSIVE, _MOUNT_ATTR_RDONLY = 442, -100, 0x8000, 1
_CAPABILITY_VERSION_3 = 0x20080522

_STDERR_REASONS = [  # the last lines of standard error of a child that ended badly, read for why
    ("memory", re.compile(r"MemoryError|out of memory|Cannot allocate memory|bad_alloc|allocation failed", re.I)),
    ("file size", re.compile(r"File too large|EFBIG")),
    ("wrote outside its folder", re.compile(r"Permission denied|EACCES|Operation not permitted|EPERM|Read-only file system")),
]


@dataclass(frozen=True)
class Limits:
    """What a sandboxed child may use.

    Parameters
    ----------
    cpu_seconds : float
        CPU time of the child and its processes together (``RLIMIT_CPU`` per process, rounded up,
        and the watchdog for the sum and for fractions).
    memory_bytes : int
        Resident memory of the child and its processes together (the watchdog); each process's
        address space is capped at this plus :data:`ADDRESS_SPACE_EXTRA` (``RLIMIT_AS``).
    file_bytes : int
        Size of any one file the child writes (``RLIMIT_FSIZE``); its folder may hold
        :data:`FOLDER_FILES` times as much in all.
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
    its standard output (the first :data:`OUTPUT_BYTES`) and error (the last
    :data:`STDERR_TAIL_BYTES`), the limit that stopped it (``None``: it ended by itself) and
    the seconds it took.

    >>> SandboxResult(0, "", "", None, 0.1).stopped_because is None
    True
    """

    returncode: int
    stdout: str
    stderr: str
    stopped_because: str | None
    seconds: float


# -- what this machine offers --------------------------------------------------------------------
@cache
def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


@cache
def _landlock_abi() -> int:
    """The Landlock ABI version of the running kernel, 0 where there is none."""
    libc = _libc()
    if libc is None or not sys.platform.startswith("linux"):
        return 0
    version = libc.syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(0, int(version))


SYSTEM_READABLE = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/dev", "/proc", "/sys")
"""What a child restricted to ``readable`` paths may still read (and run): the system's programs,
libraries and settings, with Python's own installation (:func:`_python_folders`)."""


def _python_folders() -> list[str]:
    """The installation of the running Python (a virtual environment and the Python it was made from)."""
    folders = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
               os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))}
    return sorted(folder for folder in folders if folder and folder != "/")


def _landlock_ruleset(workdir: str, readable: list[str] | None = None) -> int | None:
    """A Landlock ruleset (its file descriptor) that lets writes happen only beneath ``workdir``
    and to ``/dev/null`` (and, given ``readable``, reads and runs only beneath those paths, the
    system's folders and ``workdir``); ``None`` where the kernel has no Landlock. Made in npw's
    process: the child only has to enforce it."""
    abi = _landlock_abi()
    libc = _libc()
    if abi < 1 or libc is None:
        return None
    writes = _FS_WRITES_ABI1 | (_FS_REFER if abi >= 2 else 0) | (_FS_TRUNCATE if abi >= 3 else 0)
    reads = _FS_READS if readable is not None else 0

    class RulesetAttr(ctypes.Structure):
        _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                    ("scoped", ctypes.c_uint64)]

    class PathBeneathAttr(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    attr = RulesetAttr(writes | reads, _NET_TCP if abi >= 4 else 0, _SCOPE_ALL if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8  # the struct as this ABI knows it
    ruleset = libc.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset")
    rules = [(workdir, writes | reads), ("/dev/null", _FS_WRITE_FILE | (_FS_TRUNCATE if abi >= 3 else 0) | reads)]
    if readable is not None:
        rules += [(path, reads) for path in (*SYSTEM_READABLE, *_python_folders(), *readable)]
    try:
        for path, access in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except FileNotFoundError:
                if path in SYSTEM_READABLE:
                    continue  # this system has no /lib32
                raise
            try:
                if not os.path.isdir(path):
                    access &= _FS_FILE_RIGHTS | (_FS_TRUNCATE if abi >= 3 else 0)
                rule = PathBeneathAttr(access, fd)
                if libc.syscall(_SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                                ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
                    raise OSError(ctypes.get_errno(), f"landlock_add_rule {path}")
            finally:
                os.close(fd)
    except BaseException:
        os.close(ruleset)
        raise
    return ruleset


@cache
def _pids_hierarchy() -> str | None:
    """The folder of npw's own cgroup in the (v1) ``pids`` hierarchy, if npw may make cgroups in it."""
    if os.geteuid() != 0:
        return None
    try:
        with open("/proc/self/mounts", encoding="utf-8") as handle:
            mounts = [line.split() for line in handle]
        with open("/proc/self/cgroup", encoding="utf-8") as handle:
            own = [line.rstrip("\n").split(":", 2) for line in handle]
    except OSError:
        return None
    mount = next((fields[1] for fields in mounts if len(fields) > 3 and fields[2] == "cgroup"
                  and "pids" in fields[3].split(",")), None)
    relative = next((fields[2] for fields in own if len(fields) == 3 and "pids" in fields[1].split(",")), None)
    if mount is None or relative is None:
        return None
    folder = os.path.join(mount, relative.lstrip("/"))
    if not os.access(folder, os.W_OK) or not os.path.isfile(os.path.join(folder, "cgroup.procs")):
        return None
    _remove_stale_cgroups(folder)
    return folder


def _remove_stale_cgroups(folder: str) -> None:
    """Remove the cgroups left by sandboxes of npw processes that are gone (killed before they could)."""
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            match = re.fullmatch(r"npw-sandbox-(\d+)-\d+", name)
            if match and not _alive(int(match.group(1))):
                stale = os.path.join(folder, name)
                for pid in _cgroup_processes(stale):  # what outlived a sandbox whose npw was killed
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                with contextlib.suppress(OSError):
                    os.rmdir(stale)


_cgroup_numbers = itertools.count()
_running: weakref.WeakSet = weakref.WeakSet()  # killed at the interpreter's exit: no child outlives npw


@atexit.register
def _kill_running() -> None:
    for child in list(_running):
        with contextlib.suppress(Exception):
            child.kill()


def _make_cgroup(tasks: int) -> str | None:
    hierarchy = _pids_hierarchy()
    if hierarchy is None:
        return None
    path = os.path.join(hierarchy, f"npw-sandbox-{os.getpid()}-{next(_cgroup_numbers)}")
    try:
        os.mkdir(path)
        with open(os.path.join(path, "pids.max"), "w", encoding="ascii") as handle:
            handle.write(str(tasks))
    except OSError:
        with contextlib.suppress(OSError):
            os.rmdir(path)
        return None
    return path


def _cgroup_processes(path: str) -> list[int]:
    try:
        with open(os.path.join(path, "cgroup.procs"), "rb") as handle:
            return [int(word) for word in handle.read().split()]
    except (OSError, ValueError):
        return []


def capabilities() -> dict[str, str]:
    """Which protections the sandbox gives on this machine, each with how ("not prevented" where
    it gives none).

    >>> sorted(capabilities())
    ['cpu time', 'file size', 'memory', 'privileges', 'processes', 'wall time', 'writes outside the folder']
    """
    abi = _landlock_abi()
    watchdog = f"the watchdog, every {POLL_SECONDS} s"
    cgroup = _pids_hierarchy()
    return {
        "cpu time": f"RLIMIT_CPU per process; {watchdog} for the sum",
        "memory": f"{watchdog} for the resident sum; RLIMIT_AS per process (+{ADDRESS_SPACE_EXTRA >> 20} MiB)",
        "file size": f"RLIMIT_FSIZE per file; {watchdog} for the folder",
        "processes": (f"a pids cgroup (hard cap) and {watchdog}" if cgroup else
                      f"{watchdog} (no pids cgroup: a process that leaves the session may escape)"),
        "wall time": watchdog,
        "writes outside the folder": (f"Landlock ABI {abi}" + ("; no TCP" if abi >= 4 else "")
                                      + ("; no signals out" if abi >= 6 else "") if abi else
                                      "a read-only mount namespace (no Landlock)" if _mount_fallback() else "not prevented"),
        "privileges": ("capabilities dropped, no new privileges" if os.geteuid() == 0
                       else "npw's own user, no new privileges"),
    }


# -- the child -----------------------------------------------------------------------------------
def _minimal_environment(workdir: str, env: dict | None) -> dict[str, str]:
    environment = {"PATH": os.environ.get("PATH", os.defpath), "HOME": workdir, "TMPDIR": workdir,
                   "LANG": os.environ.get("LANG", "C.UTF-8")}
    if env:
        environment.update({str(key): str(value) for key, value in env.items()})
    return environment


def _rlimits(limits: Limits) -> list[tuple[int, int, int]]:
    cpu = max(1, math.ceil(limits.cpu_seconds))
    return [(resource.RLIMIT_CPU, cpu, cpu + 1),  # SIGXCPU at the soft limit, SIGKILL a second later
            (resource.RLIMIT_AS, limits.memory_bytes + ADDRESS_SPACE_EXTRA, limits.memory_bytes + ADDRESS_SPACE_EXTRA),
            (resource.RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
            (resource.RLIMIT_NOFILE, OPEN_FILES, OPEN_FILES),
            (resource.RLIMIT_CORE, 0, 0)]


class _MountAttr(ctypes.Structure):
    _fields_ = [("attr_set", ctypes.c_uint64), ("attr_clr", ctypes.c_uint64), ("propagation", ctypes.c_uint64),
                ("userns_fd", ctypes.c_uint64)]


def _read_only_elsewhere(libc: ctypes.CDLL, workdir: bytes) -> None:
    """In the child (root, no Landlock): a mount namespace of its own where every mount is
    read-only but ``workdir`` (bound on itself); then into ``workdir``, the writable one."""
    def check(result: int, what: str) -> None:
        if result != 0:
            raise OSError(ctypes.get_errno(), what)

    check(libc.unshare(_CLONE_NEWNS), "unshare")
    check(libc.mount(b"none", b"/", None, ctypes.c_ulong(_MS_REC | _MS_PRIVATE), None), "mount private")  # nothing leaks out
    check(libc.mount(workdir, workdir, None, ctypes.c_ulong(_MS_BIND | _MS_REC), None), "bind")
    check(libc.syscall(_SYS_MOUNT_SETATTR, _AT_FDCWD, b"/", _AT_RECURSIVE, ctypes.byref(_MountAttr(_MOUNT_ATTR_RDONLY, 0, 0, 0)),
                       ctypes.c_size_t(32)), "read-only /")
    check(libc.syscall(_SYS_MOUNT_SETATTR, _AT_FDCWD, workdir, _AT_RECURSIVE,
                       ctypes.byref(_MountAttr(0, _MOUNT_ATTR_RDONLY, 0, 0)), ctypes.c_size_t(32)), "writable folder")
    os.chdir(workdir)  # the working folder was entered before: the read-only one beneath the bind


@cache
def _mount_fallback() -> bool:
    """Whether a child of root may have a read-only mount namespace (root, Linux 5.12+): the
    protection from writes outside where the kernel has no Landlock. Tried once, on ``/bin/true``."""
    libc = _libc()
    if os.geteuid() != 0 or libc is None or not os.path.exists("/bin/true"):
        return False
    folder = tempfile.mkdtemp(prefix="npw-sandbox-probe-")
    try:
        return subprocess.run(["/bin/true"], cwd=folder, preexec_fn=lambda: _read_only_elsewhere(libc, folder.encode()),
                              timeout=10, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _child_setup(limits: Limits, cgroup_procs: int | None, ruleset: int | None, read_only: str | None = None) -> object:
    """The function the child runs between fork and exec (prepared here: it only makes calls)."""
    rlimits = _rlimits(limits)
    libc = _libc()
    drop = os.geteuid() == 0 and libc is not None
    try:
        with open("/proc/sys/kernel/cap_last_cap", encoding="ascii") as handle:
            last_capability = int(handle.read())
    except (OSError, ValueError):
        last_capability = 63
    header = (ctypes.c_uint32 * 2)(_CAPABILITY_VERSION_3, 0)
    no_capabilities = (ctypes.c_uint32 * 6)()

    def setup() -> None:
        for which, soft, hard in rlimits:
            resource.setrlimit(which, (soft, hard))
        if cgroup_procs is not None:
            os.write(cgroup_procs, b"0")  # this process, and all it will fork, into the sandbox's cgroup
        if libc is not None:
            if read_only is not None:
                _read_only_elsewhere(libc, read_only.encode())
            if drop:
                for capability in range(last_capability + 1):
                    libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0)
                if libc.capset(header, no_capabilities) != 0:
                    raise OSError(ctypes.get_errno(), "capset")
            if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "no_new_privs")
            if ruleset is not None and libc.syscall(_SYS_RESTRICT_SELF, ruleset, 0) != 0:
                raise OSError(ctypes.get_errno(), "landlock_restrict_self")  # fail closed: it does not run

    return setup


class Sandboxed:
    """A running sandboxed child (made by :func:`start`); a context manager that kills it at the end.

    Attributes: ``stdin``, ``stdout``, ``stderr`` (text pipes, line buffered; what the child
    writes to its standard error beyond the pipe's 64 KiB while nobody reads is dropped, so a
    chatty child never blocks on it), ``pid``, ``workdir`` (the child's folder, gone once it ended),
    ``limits``.

    >>> with start([sys.executable, "-c", "print(len(__import__('os').listdir()))"], Limits(wall_seconds=10)) as child:
    ...     child.stdout.read(), child.wait(), child.stopped_because
    ('0\\n', 0, None)
    """

    def __init__(self, argv: list[str], limits: Limits, env: dict | None = None,
                 readable: list[str] | None = None) -> None:
        self.limits = limits
        self.workdir = tempfile.mkdtemp(prefix="npw-sandbox-")
        self._reason: str | None = None
        self._lock = threading.Lock()
        self._ending = threading.Lock()
        self._done = threading.Event()
        self._finished = False
        self._cpu_seen = 0.0
        self._tail = bytearray()
        self._started = time.monotonic()
        self._cgroup = _make_cgroup(max(limits.processes * TASKS_PER_PROCESS, 32))
        cgroup_procs = ruleset = None
        try:
            if self._cgroup is not None:
                cgroup_procs = os.open(os.path.join(self._cgroup, "cgroup.procs"), os.O_WRONLY | os.O_CLOEXEC)
            if readable is not None and _landlock_abi() < 1:
                raise OSError("npw.sandbox: reads cannot be restricted on this machine (no Landlock)")
            ruleset = _landlock_ruleset(self.workdir, None if readable is None else [os.path.abspath(p) for p in readable])
            self._popen = subprocess.Popen(
                list(argv), cwd=self.workdir, env=_minimal_environment(self.workdir, env),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
                encoding="utf-8", errors="replace", start_new_session=True,
                preexec_fn=_child_setup(limits, cgroup_procs, ruleset,
                                        self.workdir if ruleset is None and _mount_fallback() else None),
                close_fds=True)
        except BaseException:
            self._remove_cgroup()
            shutil.rmtree(self.workdir, ignore_errors=True)
            raise
        finally:
            for fd in (cgroup_procs, ruleset):
                if fd is not None:
                    os.close(fd)
        self.pid = self._popen.pid
        self.stdin: IO[str] = self._popen.stdin  # type: ignore[assignment]
        self.stdout: IO[str] = self._popen.stdout  # type: ignore[assignment]
        reader, self._stderr_writer = os.pipe()
        os.set_blocking(self._stderr_writer, False)
        self.stderr: IO[str] = open(reader, encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115
        self._drain = threading.Thread(target=self._drain_stderr, name=f"npw-sandbox-stderr-{self.pid}", daemon=True)
        self._drain.start()
        _running.add(self)
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
    def stderr_tail(self) -> str:
        """The last :data:`STDERR_TAIL_BYTES` the child wrote to its standard error (read or not)."""
        with self._lock:
            return bytes(self._tail).decode("utf-8", errors="replace")

    @property
    def stopped_because(self) -> str | None:
        """Which limit ended the child: the watchdog's own record, else the signal, else the tail of
        its standard error (once it has ended). ``None``: it ended by itself, or runs."""
        if self._reason is not None:
            return self._reason
        code = self._popen.returncode
        if code is None or code == 0:
            return None
        if code == -signal.SIGXCPU or (code == -signal.SIGKILL
                                       and self._cpu_seen >= max(1, math.ceil(self.limits.cpu_seconds)) - 0.05):
            return "cpu time"
        if code == -signal.SIGXFSZ:
            return "file size"
        self._drain.join(1.0)  # the tail is whole once the child's end of the pipe closed
        tail = "\n".join(self.stderr_tail.splitlines()[-20:])
        for reason, pattern in _STDERR_REASONS:
            if pattern.search(tail):
                return reason
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
        """Kill the child and every process of the sandbox, wait for it, remove its folder.
        ``reason`` is recorded as :attr:`stopped_because` (if the child still ran and none was yet)."""
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
        self._drain.join(1.0)
        for stream in (self._popen.stdin, self._popen.stdout, self._popen.stderr, self.stderr):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()

    def __enter__(self) -> Sandboxed:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the machinery -----------------------------------------------------------------------
    def _members(self) -> list[int]:
        """The sandbox's processes: its cgroup's, else the child (while it runs), its descendants
        and its session's processes (a shell fork bomb's orphans are no one's descendants but stay
        in the session; one that also left the session is out of sight then)."""
        if self._cgroup is not None:
            return _cgroup_processes(self._cgroup)
        if self._popen.returncode is not None:
            return []
        return sorted({self.pid, *descendants(self.pid), *_session_processes(self.pid)})

    def _kill_all(self) -> None:
        for _ in range(400):  # a forking sandbox may grow while being killed: again until it is empty
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
            alive = [pid for pid in self._members() if _alive(pid)]
            if self._cgroup is None:  # and the session's orphans (a zombie of theirs may wait long for init)
                alive = sorted(set(alive) | set(_session_processes(self.pid)))
            for pid in alive:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            self._popen.poll()  # reap the child: a zombie is no member
            if not alive:
                return
            time.sleep(0.005)

    def _finish(self) -> None:
        self._done.set()
        if self._popen.returncode is None:
            return
        with self._ending:  # one thread ends the sandbox; another asking waits until it is done
            if self._finished:
                return
            left = self._members() if self._cgroup is not None else _session_processes(self.pid)
            with self._lock:  # a fork bomb's first process may end at once, its progeny does not
                if self._reason is None and len([pid for pid in left if _alive(pid)]) > self.limits.processes:
                    self._reason = "processes"
            self._kill_all()  # what it left behind: the folder may not go while they write into it
            _remove_folder(self.workdir)
            self._remove_cgroup()
            self._finished = True

    def _remove_cgroup(self) -> None:
        if self._cgroup is None:
            return
        for _ in range(200):  # the killed go a few ms later
            try:
                os.rmdir(self._cgroup)
                return
            except FileNotFoundError:
                return
            except OSError:
                for pid in _cgroup_processes(self._cgroup):
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                time.sleep(0.005)

    def _drain_stderr(self) -> None:
        source = self._popen.stderr.fileno()  # type: ignore[union-attr]
        try:
            while chunk := os.read(source, 65536):
                with self._lock:
                    self._tail += chunk
                    del self._tail[:-STDERR_TAIL_BYTES]
                with contextlib.suppress(BlockingIOError, BrokenPipeError):
                    while chunk:  # what the reader has no room for is dropped: the child never waits on it
                        chunk = chunk[os.write(self._stderr_writer, chunk):]
        except (OSError, ValueError):
            pass
        finally:
            os.close(self._stderr_writer)

    def _watch(self) -> None:
        limits = self.limits
        for poll in itertools.count():
            if self._done.wait(POLL_SECONDS):
                return
            if self._popen.poll() is not None:
                self._finish()
                return
            reason = None
            if limits.wall_seconds is not None and self.seconds > limits.wall_seconds:
                reason = "wall time"
            else:
                group = self._members()
                if len(group) > limits.processes:
                    reason = "processes"
                else:
                    cpu, resident = _usage(group)
                    self._cpu_seen = max(self._cpu_seen, cpu)
                    if cpu > limits.cpu_seconds:
                        reason = "cpu time"
                    elif resident > limits.memory_bytes:
                        reason = "memory"
                    elif poll % _FOLDER_EVERY == 0 and _folder_too_big(self.workdir, FOLDER_FILES * limits.file_bytes):
                        reason = "file size"
            if reason is not None:
                self.kill(reason)
                return


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


def _session_processes(session: int) -> list[int]:
    """The processes (not zombies) of session or process group ``session``, from all of /proc."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
                if fields[0] not in (b"Z", b"X") and session in (int(fields[2]), int(fields[3])):
                    found.append(int(name))
            except (OSError, ValueError, IndexError):
                continue
    return found


def _usage(pids: list[int]) -> tuple[float, int]:
    """CPU seconds and resident bytes of ``pids`` together, from /proc."""
    ticks = pages = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
            ticks += sum(int(field) for field in fields[11:15])  # utime, stime, and of its children that ended
            pages += int(fields[21])  # rss
        except (OSError, ValueError, IndexError):
            continue
    return ticks / _CLOCK_TICKS, pages * _PAGE


def _folder_too_big(folder: str, limit: int) -> bool:
    """Whether ``folder`` holds more than ``limit`` bytes or 10,000 entries (symbolic links not followed)."""
    total = entries = 0
    stack = [folder]
    while stack:
        try:
            with os.scandir(stack.pop()) as listing:
                for entry in listing:
                    entries += 1
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    else:
                        with contextlib.suppress(OSError):
                            total += entry.stat(follow_symlinks=False).st_blocks * 512
                    if total > limit or entries > _FOLDER_ENTRIES:
                        return True
        except OSError:
            continue
    return False


def _remove_folder(folder: str) -> None:
    def allow(function: object, path: str, _error: object) -> None:  # a folder the child made unreadable
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(path), 0o700)
            os.chmod(path, 0o700)
        with contextlib.suppress(OSError):
            (shutil.rmtree if os.path.isdir(path) and not os.path.islink(path) else os.unlink)(path)

    if os.path.lexists(folder):
        shutil.rmtree(folder, onerror=allow)


# -- the two ways in -----------------------------------------------------------------------------
def start(argv: list[str], limits: Limits, env: dict | None = None, readable: list[str] | None = None) -> Sandboxed:
    """Start ``argv`` sandboxed: in an empty temporary folder, its own process group, with pipes.

    Paths in ``argv`` are best absolute: the child's working folder is the empty one. Where the
    sandbox cannot be made as :func:`capabilities` promises (Landlock refused), the child does not
    run: ``subprocess.SubprocessError``.

    Parameters
    ----------
    argv : list of str
        The program and its arguments (no shell).
    limits : Limits
        What it may use.
    env : dict or None
        Variables added to the minimal environment.
    readable : list of str or None
        ``None``: the child may read every file npw's user may. A list: it may read (and run) only
        these files and folders (with all beneath), its own folder, the system's folders
        (:data:`SYSTEM_READABLE`) and Python's installation; other submissions, hidden test data
        and the user's home stay out of its reach. Needs Landlock (else ``OSError``).

    Returns
    -------
    Sandboxed
        The running child.

    Raises
    ------
    OSError
        The program cannot be started (not found, not executable).

    Examples
    --------
    >>> with start([sys.executable, "-c", "print(input()[::-1])"], Limits(wall_seconds=10)) as child:
    ...     print("abc", file=child.stdin)
    ...     child.stdout.readline()
    'cba\\n'
    """
    return Sandboxed(argv, limits, env, readable)


def run(argv: list[str], limits: Limits, input_text: str = "", env: dict | None = None,
        readable: list[str] | None = None) -> SandboxResult:
    """Run ``argv`` sandboxed to its end with ``input_text`` on its standard input.

    Parameters
    ----------
    argv : list of str
        The program and its arguments (no shell).
    limits : Limits
        What it may use (with no ``wall_seconds``, it is 1 + 2 x ``cpu_seconds``: a child that
        sleeps is stopped too).
    input_text : str
        Its standard input.
    env : dict or None
        Variables added to the minimal environment.
    readable : list of str or None
        What it may read, as for :func:`start`.

    Returns
    -------
    SandboxResult

    Examples
    --------
    >>> run([sys.executable, "-c", "while True: pass"], Limits(cpu_seconds=0.5, wall_seconds=10)).stopped_because
    'cpu time'
    """
    if limits.wall_seconds is None:
        limits = replace(limits, wall_seconds=1 + 2 * limits.cpu_seconds)
    with start(argv, limits, env, readable) as child:
        def feed() -> None:
            with contextlib.suppress(OSError, ValueError):
                child.stdin.write(input_text)
                child.stdin.close()

        feeder = threading.Thread(target=feed, daemon=True)  # a child that does not read must not block us
        feeder.start()
        kept: list[str] = []
        size = 0
        while chunk := child.stdout.read(65536):
            if size < OUTPUT_BYTES:
                kept.append(chunk[:OUTPUT_BYTES - size])
                size += len(kept[-1])
        child.wait()
        feeder.join(1.0)
        child._drain.join(2.0)  # stderr whole: the child's end closed, the drain thread's last read taken
        return SandboxResult(child.returncode, "".join(kept), child.stderr_tail, child.stopped_because,  # type: ignore[arg-type]
                             child.seconds)
