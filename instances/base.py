"""The problem side of the contract (DESIGN.md section 3).

An *instance* is an immutable object (a frozen dataclass) of one problem. Every
instance type provides:

* ``problem``: the problem id (a class attribute, e.g. ``"1in3sat"``);
* ``validate()``: raises :class:`InvalidInstance` naming what is wrong;
* ``verify(certificate) -> bool``: the polynomial checker, written from the
  definition alone, never calling a solver;
* ``to_dict()`` / ``from_dict(d)``: the JSON round trip, with
  ``{"problem": id, "version": 1, ...}``;
* ``certificate_to_json(cert)`` / ``certificate_from_json(obj)``;
* ``size() -> dict``: the measures a reduction's size formula predicts.

A :class:`Problem` describes one problem for the registry, the solvers, the
verifier and the command line: its instance type, generators, enumerator of
small instances and shrinker.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterator, Mapping, Protocol, runtime_checkable

FORMAT_VERSION = 1


class InvalidInstance(ValueError):
    """An instance (or a file holding one) does not satisfy its problem's definition."""


class Terminated(SystemExit):
    """The process was told to end (SIGTERM, SIGHUP: the command line raises this from its signal
    handler, status 128 + signal). A ``SystemExit``, so ``finally`` blocks run and the process
    ends with that status; its own class so that code which turns a user's ``sys.exit`` into a
    finding (the verifier's guard around a reduction's code) lets it through.

    >>> isinstance(Terminated(143), SystemExit), Terminated(143).code
    (True, 143)
    """


@runtime_checkable
class Instance(Protocol):
    problem: ClassVar[str]

    def validate(self) -> None: ...

    def verify(self, certificate: Any) -> bool: ...

    def to_dict(self) -> dict: ...

    def size(self) -> dict[str, int]: ...


@dataclass(frozen=True)
class Problem:
    """Everything the workbench knows about one problem.

    ``generators`` maps a generator name to ``fn(seed: int, **params) -> instance``;
    ``enumerate(n)`` yields every instance up to size ``n`` (what "size" and
    "every" mean is said in ``enumerate_doc``); ``shrink(instance)`` yields
    strictly smaller instances, used to minimise counterexamples.
    """

    id: str
    title: str
    instance_type: type
    certificate_doc: str
    generators: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    default_generator: str | None = None
    enumerate: Callable[[int], Iterator[Any]] | None = None
    enumerate_doc: str = ""
    shrink: Callable[[Any], Iterator[Any]] | None = None
    # a seeded *small* random instance for verification streams: small enough for the
    # brute-force decider, with both answers common
    sample: Callable[[int], Any] | None = None
    # the deciders the verifier runs on small instances, the first being the primary;
    # two independent ones (e.g. "brute" and "sat") let each answer be confirmed
    verify_deciders: tuple[str, ...] = ("sat",)
    # generator name -> fn(seed, **params) -> the certificate that generator planted (the same
    # seed and parameters), so a planted-yes instance can be handed on with its witness and
    # checked by ``verify`` alone (instance sets, ``npw generate --via``)
    planted_certificates: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def from_dict(self, data: Mapping[str, Any]) -> Any:
        return self.instance_type.from_dict(data)

    def generate(self, generator: str | None = None, seed: int = 0, **params: Any) -> Any:
        """An instance from the named generator (default: ``default_generator``); the same
        seed and parameters give the same instance.

        >>> from npw.instances.registry import get_problem
        >>> problem = get_problem("3partition")
        >>> p = problem.generate("planted", seed=3, m=2, bound=20)
        >>> p == problem.generate("planted", seed=3, m=2, bound=20), len(p.numbers), p.bound
        (True, 6, 20)
        """
        name = generator or self.default_generator
        if name is None or name not in self.generators:
            known = ", ".join(sorted(self.generators)) or "none"
            raise InvalidInstance(f"problem {self.id} has no generator {name!r} (known: {known})")
        from npw.instances.validation import check_generator_params

        check_generator_params(params)  # sizes beyond the named limits: refused before allocating
        return self.generators[name](seed, **params)

    def planted_certificate(self, generator: str, seed: int = 0, **params: Any) -> Any | None:
        """The certificate the named generator planted for this seed and these parameters, or
        None where the generator plants none (or keeps it to itself).

        >>> from npw.instances.registry import get_problem
        >>> problem = get_problem("hampath")
        >>> g = problem.generate("planted", seed=5, num_vertices=8)
        >>> path = problem.planted_certificate("planted", seed=5, num_vertices=8)
        >>> g.verify(path), path != tuple(range(8))
        (True, True)
        """
        fn = self.planted_certificates.get(generator)
        return None if fn is None else fn(seed, **params)


def check_header(data: Mapping[str, Any], problem: str) -> None:
    """Checks the ``problem``/``version`` fields shared by every instance file."""
    if not isinstance(data, Mapping):
        raise InvalidInstance("an instance must be a JSON object")
    found = data.get("problem")
    if not isinstance(found, str) or found != problem:
        shown = repr(found) if isinstance(found, (str, int, float, type(None))) else f"a JSON {type(found).__name__}"
        raise InvalidInstance(f"expected problem {problem!r}, found {shown[:80]}")
    version = data.get("version", FORMAT_VERSION)
    # True == 1 in Python: a boolean is not a version number
    if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT_VERSION:
        raise InvalidInstance(f"unsupported format version {str(version)[:40]} (this is {FORMAT_VERSION})")


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Returns ``data[key]`` if present and of the right JSON type, else InvalidInstance."""
    if key not in data:
        raise InvalidInstance(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise InvalidInstance(f"field {key!r} has the wrong type ({type(value).__name__})")
    return value


class NotRegularFile(OSError):
    """An output path that is not a regular file (a device, a FIFO, a symbolic link, a
    folder): replacing it with a file would destroy what is there, so nothing is written."""


_KINDS = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def check_output_path(path: str | os.PathLike) -> bool:
    """Whether ``path`` may be written: True for a new name or a regular file, False for
    ``/dev/null`` (the output is discarded: nothing to write); :class:`NotRegularFile` for
    anything else that exists.

    >>> check_output_path("/dev/null"), check_output_path("no-such-file.json")
    (False, True)
    >>> check_output_path("/dev/full")
    Traceback (most recent call last):
    ...
    npw.instances.base.NotRegularFile: [Errno 22] not a regular file but a character device; outputs are written to regular files only (-o /dev/null discards, - is standard output): '/dev/full'
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    if stat.S_ISREG(info.st_mode):
        return True
    try:
        if os.path.samefile(path, os.devnull):
            return False
    except OSError:
        pass
    kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a regular file")
    raise NotRegularFile(errno.EINVAL, f"not a regular file but {kind}; outputs are written to regular files only "
                                       f"(-o /dev/null discards, - is standard output)", os.fspath(path))


def _temporary_prefix(name: str, pid: int) -> str:
    """``.NAME.PID.``: a temporary names its writer, so a later run can tell a dead writer's."""
    return f".{name}.{pid}."


def _alive(pid: int) -> bool:
    if pid <= 0:
        return True  # not a writer's pid: never ours to remove
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    return True


def remove_stale_temporaries(path: str | os.PathLike) -> list[Path]:
    """Removes the temporaries a killed writer of ``path`` left beside it (``.NAME.PID.*.tmp``
    whose PID is no running process); returns them. A live writer's temporary is kept.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / ".out.json.999999999.x1.tmp").write_text("{")  # no such pid
    >>> _ = (folder / f".out.json.{os.getpid()}.x2.tmp").write_text("{")  # this process: alive
    >>> [p.name for p in remove_stale_temporaries(folder / "out.json")]
    ['.out.json.999999999.x1.tmp']
    >>> sorted(p.name for p in folder.iterdir()) == [f".out.json.{os.getpid()}.x2.tmp"]
    True
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    removed = []
    try:
        candidates = [entry for entry in os.scandir(directory)
                      if entry.name.startswith(prefix) and entry.name.endswith(".tmp")]
    except OSError:
        return removed
    for entry in candidates:
        pid_text = entry.name[len(prefix):].partition(".")[0]
        if not pid_text.isdigit() or _alive(int(pid_text)) or not entry.is_file(follow_symlinks=False):
            continue
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except FileNotFoundError:  # another run removed it first
            pass
    return removed


def write_atomically(path: str | os.PathLike, text: str | bytes) -> None:
    """Writes ``text`` (UTF-8; or raw ``bytes``, e.g. a PNG) to ``path`` whole or not at all
    (temporary file + rename).

    Only a regular file is ever replaced (:func:`check_output_path`; ``/dev/null`` discards).
    The temporary, ``.NAME.PID.XXXX.tmp`` beside the output, is removed if the write fails or
    is interrupted (the command line turns SIGTERM into SystemExit for this); one left by a
    writer killed outright (SIGKILL) is removed by :func:`remove_stale_temporaries`, which the
    command line runs for every output it is given (not here: listing the folder on every
    write would make writing a set of n files O(n^2)).
    """
    if not check_output_path(path):
        return
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(target.name, os.getpid()), suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; the output gets the usual mode
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8")) as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return mask


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


def derive_seed(seed: int, index: int) -> int:
    """Independent, reproducible per-case seeds (no shared generator state across workers)."""
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
