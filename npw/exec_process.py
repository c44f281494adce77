"""Reductions in any language: a program that answers JSON lines on its standard streams.

``npw verify --exec "CMD"`` checks a reduction written as a program. npw starts the program once
(in the sandbox, :mod:`npw.sandbox`, in an empty working folder) and keeps it running; each call
of the reduction is one request line on the program's stdin and one answer line on its stdout,
each a JSON object (``docs/exec_protocol.md``; the schema is ``docs/schemas/protocols/exec_protocol.schema.json``):

==========================================================  ====================================
request                                                     answer
==========================================================  ====================================
``{"op": "hello"}``                                         ``{"source": "3sat", "target": "indset"}``
``{"op": "reduce", "source": SRC}``                         ``{"target": TGT}``
``{"op": "forward", "source": SRC, "certificate": C}``      ``{"certificate": C'}``
``{"op": "backward", "source": SRC, "target": TGT,          ``{"certificate": C'}``
"certificate": C}``
``{"op": "size", "source": SRC}``                           ``{"size": {"vertices": 9, ...}}``
==========================================================  ====================================

SRC and TGT are npw's instance JSON (the problem's ``to_dict``), certificates npw's certificate
JSON (``certificate_to_json``). Any answer may be ``{"error": "text"}``. A ``hello`` answer may
list the ops it answers (``"ops": ["reduce", "backward"]``; default all four).

What the program does wrong is a finding of the case it happened on, never a crash of npw: a
crash, a request not answered within ``call_seconds``, a line that is not JSON (or longer than
:data:`MAX_LINE_BYTES`), or an error answer raise :class:`ExecError` from the call (the verifier
reports the case's reduce-error, certificate or size failure), and the program is started again
for the next call; an answer that is not the problem's valid JSON raises ``InvalidInstance``
(an invalid target, a rejected certificate).

Each process has its own program: a verifier's worker process forked from this one starts its
own rather than share the parent's pipes.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shlex
import shutil
import sys
import time
from typing import Any, Callable, Sequence

from npw.instances.base import InvalidInstance
from npw.reductions.asymptotic import O, Order, OrderError
from npw.reductions.base import Bound, Reduction

__all__ = ["DEFAULT_CALL_SECONDS", "ExecError", "MAX_LINE_BYTES", "OPS", "close_reduction", "exec_limits",
           "exec_reduction", "resolve_command"]

MAX_LINE_BYTES = 64 * 1024 * 1024
"""The longest answer line read from a program (64 MiB): a longer one is refused, not buffered."""

DEFAULT_CALL_SECONDS = 10.0
"""Seconds a program has to answer one request (``hello`` included), unless told otherwise."""

OPS = ("reduce", "forward", "backward", "size")
"""The requests besides ``hello``; a program answers all four unless its ``hello`` lists fewer."""


class ExecError(Exception):
    """The program failed a request: crashed, ran out of time, wrote a bad line, or answered an error."""


def exec_limits() -> Any:
    """The sandbox limits an exec program runs under by default: one program serves a whole run
    (thousands of requests), so its CPU time is the run's, not one call's (each call has its own
    ``call_seconds``).

    >>> exec_limits().cpu_seconds
    3600
    """
    from npw.sandbox import Limits

    return Limits(cpu_seconds=3600, memory_bytes=2 * 1024 ** 3, file_bytes=16 * 1024 ** 2, processes=16)


def resolve_command(command: str | Sequence[str]) -> list[str]:
    """The argument vector of ``command`` (a string is split as a shell would), with the program
    and every argument naming an existing file made absolute: the program runs in an empty folder.

    >>> resolve_command("sh -c 'echo hi'")[1:]
    ['-c', 'echo hi']
    >>> resolve_command("sh")[0] == shutil.which("sh")
    True
    """
    argv = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
    if not argv:
        raise InvalidInstance("--exec: the command is empty")
    program = argv[0]
    if os.sep in program:
        if not os.path.exists(program):
            raise InvalidInstance(f"--exec: no such program {program!r}")
        argv[0] = os.path.abspath(program)
    else:
        found = shutil.which(program)
        if found is None:
            raise InvalidInstance(f"--exec: no program {program!r} on PATH")
        argv[0] = found
    argv[1:] = [_absolute(a) for a in argv[1:]]
    return argv


def _absolute(argument: str) -> str:
    """An argument naming an existing file (or ``file.py:NAME``) as an absolute path; others as given."""
    if argument.startswith("-"):
        return argument
    if os.path.exists(argument):
        return os.path.abspath(argument)
    path, colon, name = argument.rpartition(":")
    if colon and path and os.path.isfile(path):
        return f"{os.path.abspath(path)}:{name}"
    return argument


class _Channel:
    """One running program per process, started on first use and again after a failure."""

    def __init__(self, argv: list[str], limits: Any, call_seconds: float, env: dict | None,
                 trace: Callable[[dict, Any], None] | None = None, readable: list[str] | None = None) -> None:
        self.argv, self.limits, self.call_seconds, self.env, self.trace = argv, limits, call_seconds, env, trace
        self.readable = readable
        self.child: Any = None
        self.owner = 0  # the pid of the process that started self.child
        self.buffer = bytearray()
        _channels.append(self)

    # -- the child ------------------------------------------------------------------------
    def _start(self) -> None:
        from npw.sandbox import start

        self.child = start(self.argv, self.limits, self.env, readable=self.readable)
        self.owner = os.getpid()
        self.buffer = bytearray()
        # our ends of its pipes read and written directly (the sandbox's own thread drains its stderr)
        os.set_blocking(self.child.stdin.fileno(), False)
        os.set_blocking(self.child.stdout.fileno(), False)

    def stop(self, reason: str | None = None) -> None:
        """Ends this process's program (a forked copy's parent program is left alone)."""
        child, self.child = self.child, None
        if child is not None and self.owner == os.getpid():
            if reason is not None:
                child.kill(reason)
            child.close()

    def _why_stopped(self) -> str:
        child = self.child
        reason = getattr(child, "stopped_because", None) if child is not None else None
        status = child.poll() if child is not None else None
        parts = []
        if reason:
            parts.append(f"stopped by the sandbox: {reason}")
        elif status is not None:
            parts.append(f"exit status {status}" if status >= 0 else f"killed by signal {-status}")
        # the last line of its stderr: a traceback's exception, a C program's last word
        lines = [line.strip() for line in (child.stderr_tail if child is not None else "").splitlines() if line.strip()]
        if lines:
            parts.append("stderr: " + (lines[-1] if len(lines[-1]) <= 300 else lines[-1][:297] + "..."))
        return "; ".join(parts)

    # -- one exchange ---------------------------------------------------------------------
    def ask(self, request: dict) -> dict:
        """The program's answer to ``request``; ExecError when it does not give a good one."""
        if self.child is not None and self.owner != os.getpid():
            self.child = None  # forked from the process that started it: its pipes are not ours
        if self.child is not None and self.child.poll() is not None:
            self.stop()  # ended since the last request: start afresh
        if self.child is None:
            self._start()
        op = request["op"]
        try:
            line = self._exchange((json.dumps(request, separators=(",", ":")) + "\n").encode(), op)
        except BaseException:
            # the program is out of step with us (or the verifier's own time bound struck): a new one next time
            self.stop()
            raise
        from npw.instances.validation import parse_json

        try:
            answer = parse_json(line.decode("utf-8"))
        except (InvalidInstance, UnicodeDecodeError) as error:
            self.stop()
            raise ExecError(f"answered {op} with a line that is not JSON ({error}): {_shown(line)}") from None
        if self.trace is not None:
            self.trace(request, answer)
        if not isinstance(answer, dict):
            self.stop()
            raise ExecError(f"answered {op} with {type(answer).__name__}, not a JSON object: {_shown(line)}")
        if "error" in answer:
            raise ExecError(f"answered {op} with an error: {answer['error']}")
        return answer

    def _exchange(self, data: bytes, op: str) -> bytes:
        child = self.child
        deadline = time.monotonic() + self.call_seconds
        out_fd, in_fd = child.stdout.fileno(), child.stdin.fileno()
        pending = memoryview(data)
        while True:
            newline = self.buffer.find(b"\n")
            if newline > MAX_LINE_BYTES or (newline < 0 and len(self.buffer) > MAX_LINE_BYTES):
                raise ExecError(f"answered {op} with a line longer than {_amount(MAX_LINE_BYTES)}")
            if newline >= 0:
                line = bytes(self.buffer[:newline])
                del self.buffer[:newline + 1]
                if pending:
                    raise ExecError(f"answered {op} before reading the whole request")
                return line
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop("call timeout")
                raise ExecError(f"gave no answer to {op} within {self.call_seconds:g} s")
            readable, writable, _ = select.select([out_fd], [in_fd] if pending else [], [], left)
            if writable:
                try:
                    written = os.write(in_fd, pending[:1 << 16])
                except BlockingIOError:
                    written = 0
                except OSError:  # a broken pipe: it has ended
                    self._wait_end()
                    raise ExecError(f"ended before reading the {op} request ({self._why_stopped()})") from None
                pending = pending[written:]
            if out_fd in readable:
                try:
                    chunk = os.read(out_fd, 1 << 20)
                except BlockingIOError:
                    continue
                if not chunk:
                    self._wait_end()
                    raise ExecError(f"ended without answering {op} ({self._why_stopped() or 'closed its output'})")
                self.buffer += chunk

    def _wait_end(self) -> None:
        """Its output closed: a moment for the exit status (and the sandbox's reason) to follow."""
        try:
            self.child.wait(1.0)
        except Exception:  # still running with its output closed: the report says so as it is
            pass


_channels: list[_Channel] = []


def _amount(count: int) -> str:
    return f"{count // 2 ** 20} MiB" if count >= 2 ** 20 else f"{count} bytes"


def _shown(line: bytes) -> str:
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= 120 else text[:117] + "...")


def _field(answer: dict, key: str, op: str) -> Any:
    if key not in answer:
        raise ExecError(f"answered {op} without {key!r}: {_shown(json.dumps(answer).encode())}")
    return answer[key]


def _size_value(measure: str, value: Any) -> int | Bound | Order | str:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().startswith("O(") and len(value) <= 200:
        return value  # "O(clauses^2)" in the source's measures: read by the verifier's order parser
    if isinstance(value, dict) and set(value) <= {"low", "high"} and all(
            v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in value.values()):
        return Bound(value.get("low"), value.get("high"))
    if (isinstance(value, dict) and set(value) == {"O", "measures"} and isinstance(value["O"], str)
            and isinstance(value["measures"], dict) and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in value["measures"].values())):
        try:  # read by the order's own parser, never evaluated as code
            return O(value["O"], **{str(k): v for k, v in value["measures"].items()})
        except OrderError as error:
            raise ExecError(f"answered size with {measure!r}: {error}") from None
    raise ExecError(f"answered size with {measure!r}: {value!r}, not a whole number, {{\"low\": ..., \"high\": ...}} "
                    f"or {{\"O\": \"n^2\", \"measures\": {{\"n\": 5}}}}")


def exec_reduction(command: str | Sequence[str], limits: Any = None, call_seconds: float = DEFAULT_CALL_SECONDS,
                   id: str | None = None, env: dict | None = None,
                   trace: Callable[[dict, Any], None] | None = None, readable: list[str] | None = None) -> Reduction:
    """The reduction a program computes over the standard-streams protocol (see the module).

    Parameters
    ----------
    command : str or sequence of str
        The program and its arguments (a string is split as a shell would, see :func:`resolve_command`).
    limits : npw.sandbox.Limits, optional
        The sandbox's limits for the program (default :func:`exec_limits`).
    call_seconds : float
        Seconds the program has to answer each request.
    id : str, optional
        The reduction's id (default ``exec:`` and the command).
    env : dict, optional
        The program's environment (default: the sandbox's).
    trace : callable, optional
        ``trace(request, answer)`` after each exchange that gave a JSON answer (for debugging, tests).
    readable : list of str, optional
        The only paths the program may read, besides the system's and Python's folders
        (``npw.sandbox.start``); None: every path npw may read.

    Returns
    -------
    Reduction
        Its reduce, forward, backward and size each send one request; ``forward`` and ``size``
        are None where the program's ``hello`` leaves them out.

    Raises
    ------
    InvalidInstance
        The program cannot be found, or does not answer ``hello`` with two known problems.

    Examples
    --------
    >>> from npw.api import ThreeSat
    >>> reduction = exec_reduction([sys.executable, "-m", "npw.serve", "3sat-to-indset"],
    ...                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    >>> reduction.source, reduction.target
    ('3sat', 'indset')
    >>> reduction.reduce(ThreeSat(3, [(1, 2, 3)])).k
    1
    """
    from npw.instances.registry import get_problem, instance_from_dict

    argv = resolve_command(command)
    text = command if isinstance(command, str) else shlex.join(argv)
    channel = _Channel(argv, limits if limits is not None else exec_limits(), call_seconds, env, trace, readable)
    try:
        hello = channel.ask({"op": "hello"})
        source, target = (_field(hello, key, "hello") for key in ("source", "target"))
        ops = hello.get("ops", list(OPS))
        if not isinstance(ops, list) or not set(ops) <= set(OPS) or "reduce" not in ops or "backward" not in ops:
            raise ExecError(f"answered hello with ops {ops!r}: a list of {', '.join(OPS)}, with reduce and backward")
        if not isinstance(source, str) or not isinstance(target, str):
            raise ExecError(f"answered hello with source {source!r} and target {target!r}: problem ids are strings")
        source_problem, target_problem = get_problem(source), get_problem(target)
    except ExecError as error:
        channel.stop()
        raise InvalidInstance(f"--exec {text}: {error}") from None
    source_type, target_type = source_problem.instance_type, target_problem.instance_type

    def reduce(src: Any) -> Any:
        document = _field(channel.ask({"op": "reduce", "source": src.to_dict()}), "target", "reduce")
        if not isinstance(document, dict) or document.get("problem") != target:
            raise InvalidInstance(f"the answer to reduce is not a {target} instance: "
                                  f"{_shown(json.dumps(document).encode())}")
        return instance_from_dict(document)

    def forward(src: Any, certificate: Any) -> Any:
        answer = channel.ask({"op": "forward", "source": src.to_dict(),
                              "certificate": source_type.certificate_to_json(certificate)})
        return target_type.certificate_from_json(_field(answer, "certificate", "forward"))

    def backward(src: Any, tgt: Any, certificate: Any) -> Any:
        answer = channel.ask({"op": "backward", "source": src.to_dict(), "target": tgt.to_dict(),
                              "certificate": target_type.certificate_to_json(certificate)})
        return source_type.certificate_from_json(_field(answer, "certificate", "backward"))

    def size(src: Any) -> dict[str, int | Bound]:
        measures = _field(channel.ask({"op": "size", "source": src.to_dict()}), "size", "size")
        if not isinstance(measures, dict):
            raise ExecError(f"answered size with {measures!r}, not an object of measures")
        return {str(k): _size_value(k, v) for k, v in measures.items()}

    reduce.exec_channel = channel  # type: ignore[attr-defined]  # what close_reduction ends
    return Reduction(id=id or f"exec:{text}", source=source, target=target, reference=f"the program {text}",
                     reduce=reduce, forward=forward if "forward" in ops else None, backward=backward,
                     size=size if "size" in ops else None, notes="over the standard-streams protocol")


def close_reduction(reduction: Any) -> None:
    """Ends the program behind an :func:`exec_reduction` now (not at exit): for a run of many
    programs (a folder of submissions). A later call starts it again; any other reduction: nothing.

    >>> from npw.reductions.registry import get_reduction
    >>> close_reduction(get_reduction("3sat-to-indset"))  # not a program's: nothing to end
    """
    channel = getattr(getattr(reduction, "reduce", None), "exec_channel", None)
    if isinstance(channel, _Channel):
        channel.stop()
