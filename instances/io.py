"""Reading and writing instance files: JSON (every problem), DIMACS CNF, the graph formats (DIMACS
``p edge``, edge lists, adjacency lists, GraphML, GML: every graph problem) and TSPLIB HCP.

Bytes in and out go through one place, so every command gets the same rules:

* ``-`` is standard input (reading) or standard output (writing);
* compressed files are read transparently, recognised by their magic bytes (gzip ``1f 8b``,
  xz ``fd 37 7a 58 5a 00``, bzip2 ``BZh``), and written compressed when the name ends in
  ``.gz``, ``.xz`` or ``.bz2`` (gzip without a time stamp, so the same text gives the same
  bytes);
* no input may grow past :data:`MAX_INPUT_BYTES` (after decompression): ``/dev/zero`` or a
  decompression bomb is refused with one line naming the limit, after reading at most one
  byte more than the limit.

The format of an instance is, in order: the one asked for (``--format``), the file name's
suffix under any compression suffix (``.cnf``/``.dimacs``/``.clq``/``.col`` DIMACS, ``.hcp`` HCP,
``.edges``/``.el`` edge list, ``.adj`` adjacency list, ``.graphml``, ``.gml``, ``.json`` JSON), else
sniffed from the text (:func:`sniff_format`: JSON starts with ``{``, DIMACS with a ``c`` or ``p``
line, HCP with ``NAME`` or another TSPLIB keyword, GraphML with ``<graphml``, GML with ``graph [``,
an edge list with lines of two numbers). A file that is none of these is read as JSON (its error
says what JSON expected); standard input that is none of these is refused, asking for ``--format``.

A graph file holds a graph, not a question: the problem and its number come from the command
(:class:`ReadAs`: ``--problem 3col``, ``-p k=4``) where the file does not say them.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator, Mapping

from npw.instances.base import InvalidInstance, dumps
from npw.instances.registry import instance_from_dict

__all__ = ["FORMATS", "JSON_ROWS", "MAX_INPUT_BYTES", "NotRegularFile", "ReadAs", "STDIO", "WRITE_ONLY_FORMATS", "as_source", "check_output_path", "current_umask",
           "display_name", "input_formats", "instance_format", "json_chunks", "live_temporaries", "open_regular", "live_temporary", "load_instance",
           "parse_instance", "read_bounded", "read_bytes", "read_format", "read_text", "remove_live_temporaries",
           "remove_stale_temporaries", "save_instance", "sniff_format", "strip_compression", "write_atomically",
           "write_output"]

STDIO = "-"
"""The file name meaning standard input (when read) or standard output (when written)."""

MAX_INPUT_BYTES = int(os.environ.get("NPW_MAX_INPUT_BYTES", 64 * 2**20))
"""The most bytes any input may hold, after decompression (default 64 MiB; the environment
variable ``NPW_MAX_INPUT_BYTES`` sets another). Instance files are far smaller (a 100 x 100
sliding-tile board is about 100 kB); 64 MiB of DIMACS is some 4 million clauses, already
gigabytes once held as Python tuples."""

FORMATS = ("json", "dimacs", "edge", "edgelist", "adjlist", "graphml", "gml", "hcp")
"""The instance formats of the built-in problems that :func:`load_instance` reads (``--format``):
JSON, and each format a problem's record declares with a reader (``Problem.formats``;
:func:`input_formats` adds those of problems defined elsewhere). ``edge`` is what ``--emit edge``
writes (DIMACS ``p edge``), an edge list too."""

WRITE_ONLY_FORMATS = {
    "smt2": "an SMT-LIB2 encoding of the question, not an instance (read CNF as DIMACS)",
    "oneline": "a sliding-tile board without its goal and bound (npw puzzle solve reads it)",
}
"""The formats ``--emit`` writes that no ``--format`` reads back as an instance, and why: every
other ``--emit`` format is read by ``--format`` of the same name (``dimacs`` a SAT encoding's CNF)."""


@dataclass(frozen=True)
class ReadAs:
    """How to read an instance file beyond what its text says: the ``format`` (``--format``), the
    ``problem`` a graph file is read as (``--problem``) and that problem's ``params`` (``-p k=3``).

    The command line keeps one of these as ``args.input_format`` (:func:`npw.cli.common.add_format_option`),
    so every command reading an instance passes all three on as it passed the format alone.

    >>> ReadAs("dimacs", "3col").problem, ReadAs.of("json").format, ReadAs.of(None) == ReadAs()
    ('3col', 'json', True)
    """

    format: str | None = None
    problem: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, fmt: "str | ReadAs | None") -> "ReadAs":
        """``fmt`` as a :class:`ReadAs` (a format's name, or None: nothing asked)."""
        return fmt if isinstance(fmt, ReadAs) else cls(fmt)


def input_formats() -> tuple[str, ...]:
    """Every format :func:`load_instance` reads: JSON and each declared format with a reader."""
    from npw.instances.registry import file_formats

    return ("json", *(name for name, entry in file_formats().items() if entry["readers"]))

_CHUNK = 1 << 20


def _codec(name: str) -> Any:
    """The module ``gzip``, ``lzma`` or ``bz2``, imported at first use (most commands read and
    write plain files; the three cost every command's start-up a few milliseconds)."""
    import importlib

    return importlib.import_module(name)


# magic bytes -> (name, opener of a decompressing reader over a binary handle)
_COMPRESSED: tuple[tuple[bytes, str, Callable[[IO[bytes]], IO[bytes]]], ...] = (
    (b"\x1f\x8b", "gzip", lambda raw: _codec("gzip").GzipFile(fileobj=raw, mode="rb")),  # type: ignore[misc]
    (b"\xfd7zXZ\x00", "xz", lambda raw: _codec("lzma").LZMAFile(raw, mode="rb")),  # type: ignore[misc]
    (b"BZh", "bzip2", lambda raw: _codec("bz2").BZ2File(raw, mode="rb")),  # type: ignore[misc]
)
_SUFFIXES = {".gz": "gzip", ".xz": "xz", ".bz2": "bzip2"}


# -- writing files whole or not at all ------------------------------------------------------------

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
    npw.instances.io.NotRegularFile: [Errno 22] not a regular file but a character device; outputs are written to regular files only (-o /dev/null discards, - is standard output): '/dev/full'
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


def write_atomically(path: str | os.PathLike, text: str | bytes | Iterable[bytes]) -> None:
    """Writes ``text`` (UTF-8; or raw ``bytes``, e.g. a PNG; or an iterable of ``bytes`` pieces,
    written as they come: a large output is never held whole, see :func:`json_chunks`) to
    ``path`` whole or not at all (temporary file + rename).

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
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(target.name, os.getpid()), suffix=".tmp", dir=directory)
    except OSError as error:  # named by the temporary's name: the output's is the one the user gave
        raise _naming(error, path) from None
    _LIVE_TEMPORARIES.add(tmp)
    try:
        os.chmod(tmp, 0o666 & ~current_umask())  # mkstemp makes 0600; the output gets the usual mode
        if isinstance(text, str):
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            with os.fdopen(fd, "wb") as handle:
                for piece in (text,) if isinstance(text, bytes) else text:
                    handle.write(piece)
        os.replace(tmp, target)
    except BaseException as error:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(error, OSError):  # a full disk's write names no file (npw: error: : No space left ...)
            raise _naming(error, path) from None
        raise
    finally:
        _LIVE_TEMPORARIES.discard(tmp)


_LIVE_TEMPORARIES: set[str] = set()


@contextlib.contextmanager
def live_temporary(path: str | os.PathLike) -> Iterator[None]:
    """Names ``path`` (a temporary file or folder being written) as live for the block: a
    command ended at once (the guard's hard path, :mod:`npw.cli.guard`) removes it, where no
    ``finally`` block gets to run.

    >>> with live_temporary("/tmp/x.tmp"):
    ...     "/tmp/x.tmp" in live_temporaries()
    True
    """
    name = os.fspath(path)
    _LIVE_TEMPORARIES.add(name)
    try:
        yield
    finally:
        _LIVE_TEMPORARIES.discard(name)


def live_temporaries() -> list[str]:
    """The temporaries being written now (files of :func:`write_atomically`, folders named
    with :func:`live_temporary`)."""
    return sorted(_LIVE_TEMPORARIES)


def remove_live_temporaries() -> None:
    """Removes every live temporary (files and folders); for a process about to end at once."""
    import shutil

    for name in list(_LIVE_TEMPORARIES):
        try:
            if os.path.isdir(name) and not os.path.islink(name):
                shutil.rmtree(name, ignore_errors=True)
            else:
                os.unlink(name)
        except OSError:
            pass


def _naming(error: OSError, path: str | os.PathLike) -> OSError:
    """``error`` naming the output ``path`` (not a temporary's name, nor none at all).

    >>> str(_naming(OSError(errno.ENOSPC, "No space left on device"), "out.json"))
    "[Errno 28] No space left on device: 'out.json'"
    """
    if error.errno is None or isinstance(error, NotRegularFile):
        return error
    return OSError(error.errno, error.strerror or str(error), os.fspath(path))


def current_umask() -> int:
    """The process's file-creation mask (read without changing it for longer than a call)."""
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return mask



# -- reading -------------------------------------------------------------------------------------

def display_name(path: str | os.PathLike) -> str:
    """How a file is named in messages: ``-`` is ``standard input``.

    >>> display_name("-"), display_name("f.json")
    ('standard input', 'f.json')
    """
    return "standard input" if str(path) == STDIO else str(path)


def _too_large(limit: int) -> InvalidInstance:
    return InvalidInstance(f"larger than the input limit of {limit:,} bytes (MAX_INPUT_BYTES; the environment "
                           f"variable NPW_MAX_INPUT_BYTES sets another)")


def _read_bounded(handle: IO[bytes], limit: int, head: bytes = b"") -> bytes:
    """``head`` and the rest of ``handle``, at most ``limit`` bytes in all; InvalidInstance
    (naming the limit) as soon as there are more: never more than ``limit`` + 1 bytes are held."""
    data = bytearray(head)
    while len(data) <= limit:
        chunk = handle.read(min(_CHUNK, limit + 1 - len(data)))
        if not chunk:
            return bytes(data)
        data += chunk
    raise _too_large(limit)


class _Rewound:
    """A binary reader whose first bytes (already read to look at the magic) are put back:
    standard input and pipes cannot seek."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head, self.rest = head, rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            taken = self.head if size < 0 else self.head[:size]
            self.head = self.head[len(taken):]
            more = b"" if size >= 0 and len(taken) >= size else self.rest.read(-1 if size < 0 else size - len(taken))
            return taken + more
        return self.rest.read(size)

    def readable(self) -> bool:
        return True


def read_bytes(path: str | os.PathLike, limit: int | None = None) -> bytes:
    """The bytes of a file (``-``: standard input), decompressed if they are gzip, xz or bzip2,
    refused past ``limit`` bytes (default :data:`MAX_INPUT_BYTES`).

    >>> import gzip, os, tempfile
    >>> folder = tempfile.mkdtemp(); name = os.path.join(folder, "f.gz")
    >>> with open(name, "wb") as handle: _ = handle.write(gzip.compress(b"p cnf 1 1\\n1 0\\n"))
    >>> read_bytes(name)
    b'p cnf 1 1\\n1 0\\n'
    >>> read_bytes(name, limit=5)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: larger than the input limit of 5 bytes (MAX_INPUT_BYTES; the environment variable NPW_MAX_INPUT_BYTES sets another)
    >>> import shutil; shutil.rmtree(folder)

    Only regular files are read (and standard input, as ``-`` or by a name such as ``/dev/stdin``):
    a FIFO, a device, a socket or a folder is refused without waiting on it or reading from it.

    >>> read_bytes("/dev/zero")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: not a regular file but a character device; inputs are read from regular files only (- reads standard input)
    """
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        if str(path) == STDIO:
            return _decompressed(sys.stdin.buffer, limit)
        with _open_input(path) as raw:
            return _decompressed(raw, limit)
    except FileNotFoundError:
        raise InvalidInstance("no such file") from None
    except IsADirectoryError:
        raise InvalidInstance("is a directory, not a file") from None
    except OSError as error:
        raise InvalidInstance(error.strerror or str(error)) from None


def _is_standard_input(info: os.stat_result) -> bool:
    """Whether ``info`` is the file standard input (descriptor 0) is: ``/dev/stdin``, ``/dev/fd/0``."""
    try:
        return os.path.samestat(info, os.fstat(0))
    except OSError:  # no descriptor 0
        return False


def _open_input(path: str | os.PathLike) -> IO[bytes]:
    """A binary reader of the regular file ``path``, or of standard input named by a path such as
    ``/dev/stdin`` (:func:`open_regular`)."""
    return open_regular(path, standard_input=True)


def open_regular(path: str | os.PathLike, follow: bool = True, standard_input: bool = False) -> IO[bytes]:
    """A binary reader of the regular file ``path``: the one way an input file is opened (instance
    files here, a set's files in ``npw.verify.sets``). Anything else is refused with one line
    (:class:`InvalidInstance` naming its kind; ``IsADirectoryError`` for a folder), told by
    ``stat`` before it is opened, so a FIFO is never waited on and a device never opened;
    then opened ``O_NONBLOCK`` (and ``O_NOFOLLOW`` unless ``follow``: its last component may not be
    a symbolic link) and checked again by ``fstat`` on the descriptor: still that regular file.
    ``standard_input``: standard input by a name (``/dev/stdin``, ``/dev/fd/0``) is read too.

    >>> open_regular("/dev/zero")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: not a regular file but a character device; inputs are read from regular files only (- reads standard input)
    """
    before = os.stat(path) if follow else os.lstat(path)
    if stat.S_ISDIR(before.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory", os.fspath(path))
    if not stat.S_ISREG(before.st_mode) and not (standard_input and _is_standard_input(before)):
        raise _not_regular(before.st_mode)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | (0 if follow else getattr(os, "O_NOFOLLOW", 0)))
    try:
        after = os.fstat(fd)
        if (after.st_dev, after.st_ino) != (before.st_dev, before.st_ino):
            raise InvalidInstance("changed while it was opened (no longer the file it was)")
        os.set_blocking(fd, True)  # standard input's pipe is read to its end, as '-' is
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(handle: IO[bytes], limit: int) -> bytes:
    """The rest of ``handle``, at most ``limit`` bytes; InvalidInstance (naming the limit) as soon
    as there are more: never more than ``limit`` + 1 bytes are held.

    >>> import io
    >>> read_bounded(io.BytesIO(b"abc"), 3)
    b'abc'
    """
    return _read_bounded(handle, limit)


def _not_regular(mode: int) -> InvalidInstance:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return InvalidInstance(f"not a regular file but {kind}; inputs are read from regular files only "
                           f"(- reads standard input)")


def _decompressed(raw: IO[bytes], limit: int) -> bytes:
    head = raw.read(6)
    for magic, name, opener in _COMPRESSED:
        if head.startswith(magic):
            try:
                with opener(_Rewound(head, raw)) as stream:  # type: ignore[arg-type]
                    return _read_bounded(stream, limit)
            except InvalidInstance:
                raise  # the bound (InvalidInstance is a ValueError: let it through as it is)
            except (OSError, EOFError, _codec("lzma").LZMAError, ValueError) as error:  # truncated or corrupt
                raise InvalidInstance(f"not a valid {name} file ({error})") from None
    return _read_bounded(raw, limit, head)


def read_text(path: str | os.PathLike, limit: int | None = None) -> str:
    """:func:`read_bytes` as UTF-8 text."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInstance("not a UTF-8 text file") from None


def strip_compression(name: str) -> str:
    """The file name without its compression suffix (``.gz``, ...), if it has one."""
    for suffix in _SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


_GRAPH_SNIFFERS = (("graphml", "npw.instances.graphs.graphml:is_graphml"), ("gml", "npw.instances.graphs.gml:is_gml"))

_TSPLIB_KEYWORDS = re.compile(r"(NAME|TYPE|COMMENT|DIMENSION|EDGE_DATA_FORMAT|EDGE_DATA_SECTION)\s*(:|$)",
                              re.IGNORECASE)


def sniff_format(text: str) -> str | None:
    """The format the text looks like: ``json`` if it starts with ``{``, ``graphml`` if its root
    element is ``<graphml``, ``gml`` if it is a ``graph [`` list, ``dimacs`` if its first line starts
    with ``c`` or ``p`` (a comment or the header), ``hcp`` if it starts with a TSPLIB keyword
    (``NAME :``, ``TYPE :``...), ``edgelist`` if its lines are pairs of numbers; None otherwise.

    >>> sniff_format('  {"problem": "cnf"}'), sniff_format("c uf20\\np cnf 20 91\\n"), sniff_format("NAME : g\\n")
    ('json', 'dimacs', 'hcp')
    >>> sniff_format("<graphml>"), sniff_format('Creator "x"\\ngraph [ ]'), sniff_format("# g\\n1 2\\n2 3\\n")
    ('graphml', 'gml', 'edgelist')
    >>> sniff_format("8 1 3 4 0 2 7 6 5") is None
    True
    """
    from npw.instances.registry import resolve

    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "json"
    for name, test in _GRAPH_SNIFFERS:
        if resolve(test)(stripped):
            return name
    first = stripped.split("\n", 1)[0]
    if _TSPLIB_KEYWORDS.match(first):
        return "hcp"
    if first[:1] in ("c", "p"):
        return "dimacs"
    if resolve("npw.instances.graphs.edgelist:is_edgelist")(stripped):
        return "edgelist"
    return None


def instance_format(path: str | os.PathLike, text: str, fmt: "str | ReadAs | None" = None) -> str:
    """Which format to read ``text`` (from ``path``) as: see the module's docstring.

    >>> instance_format("-", "<graphml/>"), instance_format("g.txt", "p edge 1 0", ReadAs("edge"))
    ('graphml', 'edge')
    >>> instance_format("-", "(check-sat)", "smt2")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: the format 'smt2' is written (--emit) but not read: an SMT-LIB2 encoding of the question, not an instance (read CNF as DIMACS)
    """
    fmt = ReadAs.of(fmt).format
    if not text.strip():
        raise InvalidInstance("is empty")
    if fmt is not None:
        known = input_formats()
        if fmt in WRITE_ONLY_FORMATS and fmt not in known:
            raise InvalidInstance(f"the format {fmt!r} is written (--emit) but not read: {WRITE_ONLY_FORMATS[fmt]}")
        if fmt not in known:
            raise InvalidInstance(f"unknown format {str(fmt)[:40]!r} (formats: {', '.join(known)})")
        return fmt
    name = strip_compression(str(path))
    if name.endswith(".json"):
        return "json"
    from npw.instances.registry import file_formats

    for format_name, entry in file_formats().items():
        if entry["readers"] and name.endswith(tuple(entry["suffixes"])):
            return format_name
    sniffed = sniff_format(text)
    if sniffed is None and str(path) == STDIO:
        raise InvalidInstance("cannot tell the format (JSON starts with '{', DIMACS with a 'c' or 'p' line, HCP "
                              "with a TSPLIB keyword such as 'NAME :', an edge list with lines 'U V'): give --format "
                              f"{'|'.join(input_formats())}")
    return sniffed or "json"


def parse_instance(text: str, fmt: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """The instance in ``text``, read as ``fmt`` (one of :data:`FORMATS`) and validated; ``problem``
    and ``params``: the question asked of a graph file (:class:`ReadAs`), and of any other file the
    problem it must hold.

    >>> parse_instance("1 2\\n2 3\\n", "edgelist", "vertexcover", {"k": 1}).k
    1
    >>> parse_instance('{"problem": "cnf", "num_vars": 1, "clauses": [[1]]}', "json", "3col")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: holds a cnf instance, not 3col (--problem)
    """
    from npw.instances.validation import collector_paused, parse_json

    with collector_paused():  # millions of small lists and tuples, none in a cycle
        if fmt == "json":
            if params:
                raise InvalidInstance(f"a JSON instance holds its own parameters (-p {', '.join(map(str, params))} "
                                      f"is for graph files)")
            instance = instance_from_dict(parse_json(text))
        else:
            instance = read_format(text, fmt, problem, params)
    return _check_problem(instance, problem)


def _check_problem(instance: Any, problem: str | None) -> Any:
    """The instance as the problem named (``3col`` names ``coloring``; a DIMACS CNF may be named
    ``3sat``, :func:`as_source`), or InvalidInstance for another problem than the one named (read
    by a reader that does not take the question: JSON, CNF)."""
    if problem is None:
        return instance
    asked = problem
    try:
        from npw.instances.graphs.question import resolve_problem

        asked = resolve_problem(problem, {})[0].id
    except InvalidInstance:  # not a graph problem's name: compared as it is
        pass
    if instance.problem != asked and not _same_question(instance, asked):
        raise InvalidInstance(f"holds a {instance.problem} instance, not {problem[:40]} (--problem)")
    return as_source(instance, asked)


# problems whose instances are a CNF's own fields asking the CNF's own question (is it
# satisfiable?), so that a DIMACS file, always read as ``cnf``, may be taken as one of them
_CNF_ALIASES = {"3sat": "npw.instances.sat.three_sat:ThreeSat"}


def _same_question(instance: Any, problem: str) -> bool:
    return instance.problem == "cnf" and problem in _CNF_ALIASES


def as_source(instance: Any, problem: str, user: str | None = None) -> Any:
    """``instance`` as an instance of ``problem``: itself if it is one; a DIMACS file's ``cnf``
    taken as 3-SAT when 3-SAT is asked (the same question of the same clauses; every clause must
    have three literals); else InvalidInstance, naming ``user`` (a reduction's id) if given.

    >>> from npw.instances.sat.cnf import CNF
    >>> as_source(CNF(3, [(1, -2, 3)]), "3sat").problem
    '3sat'
    >>> as_source(CNF(2, [(1, -2)]), "3sat")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: clause c1 has 2 literals; 3-SAT needs exactly 3
    >>> as_source(CNF(2, [(1, -2)]), "1in3sat", user="1in3sat-to-224sat")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: 1in3sat-to-224sat takes a 1in3sat instance, not cnf
    """
    if instance.problem == problem:
        return instance
    if _same_question(instance, problem):
        from npw.instances.registry import resolve

        return resolve(_CNF_ALIASES[problem])(instance.num_vars, [tuple(c) for c in instance.clauses])
    if user is not None:
        raise InvalidInstance(f"{user} takes a {problem} instance, not {instance.problem}")
    raise InvalidInstance(f"holds a {instance.problem} instance, not {problem}")


def _takes_question(reader: Callable[..., Any]) -> bool:
    import inspect

    try:
        return "problem" in inspect.signature(reader).parameters
    except (TypeError, ValueError):
        return False


def read_format(text: str, fmt: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """``text`` read by the reader a problem declares for ``fmt``: several problems may share a
    format's name (DIMACS: ``p cnf`` a CNF, ``p edge`` a graph), and the first reader whose
    ``accepts`` takes the text reads it, else the one without ``accepts``. A reader taking
    ``problem`` and ``params`` (the graph formats', HCP's) is given the question asked; ``params``
    given to a reader that takes none are refused.

    >>> read_format("c npw indset k=1\\np edge 2 1\\ne 1 2\\n", "dimacs").problem, read_format("p cnf 1 1\\n1 0\\n", "dimacs").problem
    ('indset', 'cnf')
    >>> read_format("p edge 2 1\\ne 1 2\\n", "dimacs", "clique", {"k": 2}).k
    2
    """
    from npw.instances.registry import file_formats, resolve

    readers = file_formats().get(fmt, {}).get("readers", [])
    if not readers:
        raise InvalidInstance(f"no problem reads the format {fmt!r}")
    accepting = (read for _, read, accepts in readers if accepts is not None and resolve(accepts)(text))
    fallback = (read for _, read, accepts in readers if accepts is None)
    chosen = next(accepting, None) or next(fallback, None)
    if chosen is None:
        raise InvalidInstance(f"no {fmt} reader takes this file")
    reader = resolve(chosen)
    if _takes_question(reader):
        return reader(text, problem=problem, params=dict(params or {}))
    if params:
        raise InvalidInstance(f"a {fmt} file of this kind takes no parameters (-p {', '.join(map(str, params))})")
    return reader(text)


def load_instance(path: str | os.PathLike, fmt: "str | ReadAs | None" = None) -> Any:
    """Reads and validates an instance file (``-``: standard input; compressed or not): DIMACS
    CNF, a graph file, TSPLIB HCP (read as a ``hampath`` instance) or JSON, chosen as the module's
    docstring says; ``fmt``: the format's name, or a :class:`ReadAs` naming the problem too.

    >>> import os, tempfile
    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> folder = tempfile.mkdtemp()
    >>> save_instance(OneInThreeSat(3, [(1, 2, 3)]), os.path.join(folder, "f.json.xz"))
    >>> load_instance(os.path.join(folder, "f.json.xz"))
    OneInThreeSat(num_vars=3, clauses=[[1, 2, 3]])
    >>> load_instance(os.path.join(folder, "missing.json"))
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: no such file
    >>> import shutil; shutil.rmtree(folder)
    """
    asked = ReadAs.of(fmt)
    text = read_text(path)
    return parse_instance(text, instance_format(path, text, asked), asked.problem, asked.params)


def write_output(path: str | os.PathLike, text: str | bytes | Iterable[bytes]) -> None:
    """Writes ``text`` to ``path``: ``-`` is standard output; a name ending in ``.gz``, ``.xz``
    or ``.bz2`` is written compressed; a file is written whole or not at all. ``text`` may be
    an iterable of ``bytes`` pieces (:func:`json_chunks`): a plain file or standard output gets
    them as they come.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp(); name = os.path.join(folder, "f.txt.bz2")
    >>> write_output(name, "hello\\n")
    >>> open(name, "rb").read(3), read_text(name)
    (b'BZh', 'hello\\n')
    >>> import shutil; shutil.rmtree(folder)
    """
    if str(path) == STDIO:
        try:
            if not isinstance(text, str):
                sys.stdout.flush()
                for piece in (text,) if isinstance(text, bytes) else text:
                    sys.stdout.buffer.write(piece)
                sys.stdout.buffer.flush()
            else:
                sys.stdout.write(text)
                sys.stdout.flush()
        except BrokenPipeError:
            raise  # the reader left (npw ... | head): the command line says nothing more
        except OSError as error:  # > /dev/full: no file name of its own
            if error.filename is None and error.errno is not None:
                raise OSError(error.errno, error.strerror or str(error), "standard output") from None
            raise
        return
    compression = next((name for suffix, name in _SUFFIXES.items() if str(path).endswith(suffix)), None)
    if compression is None:
        write_atomically(path, text)
        return
    data = text.encode("utf-8") if isinstance(text, str) else text if isinstance(text, bytes) else b"".join(text)
    if compression == "gzip":
        data = _codec("gzip").compress(data, mtime=0)  # no time stamp: the same text, the same bytes
    elif compression == "xz":
        data = _codec("lzma").compress(data)
    else:
        data = _codec("bz2").compress(data)
    write_atomically(path, data)


JSON_ROWS = 1 << 16  # rows of an array encoded at a time by json_chunks (a few MB of Python objects)


def json_chunks(document: Mapping[str, Any]) -> Iterator[bytes]:
    """The text :func:`npw.instances.base.dumps` writes for ``document`` (compact JSON, a newline
    at the end), in pieces; a value may be a numpy array (as in ``to_document()`` of an instance,
    e.g. :meth:`npw.instances.sat.exactly_k_sat.FixedWidthSat.to_document`), written as its
    ``tolist()`` would be, :data:`JSON_ROWS` rows at a time: a target of millions of clauses is
    never a list of Python lists, nor one string (``npw reduce`` wrote 10^6 source clauses'
    target with 2.4 GB; issue 36).

    >>> import numpy as np
    >>> text = b"".join(json_chunks({"n": 2, "rows": np.array([[1, -2], [3, 4]]), "name": "é"}))
    >>> text == b'{"n":2,"rows":[[1,-2],[3,4]],"name":"\\\\u00e9"}\\n'
    True
    """
    import json

    yield b"{"
    for index, (key, value) in enumerate(document.items()):
        yield (b"," if index else b"") + json.dumps(key).encode("ascii") + b":"
        if hasattr(value, "tolist") and hasattr(value, "ndim") and value.ndim >= 1:
            yield from _array_chunks(value)
        else:
            yield json.dumps(value, separators=(",", ":")).encode("ascii")
    yield b"}\n"


def _array_chunks(array: Any) -> Iterator[bytes]:
    """A numpy array's ``tolist()`` as compact JSON, a block of rows at a time: a table of
    integers by :func:`_int_rows_json` (no Python object per number), other integers and
    booleans by msgspec (the same text as ``json``), anything else by ``json``."""
    import json

    if len(array) == 0:
        yield json.dumps(array.tolist(), separators=(",", ":")).encode("ascii")
        return
    if array.dtype.kind in "iu" and array.ndim == 2 and array.shape[1] > 0:
        encode: Callable[[Any], bytes] = _int_rows_json
    elif array.dtype.kind in "biu":
        import msgspec

        def encode(rows: Any) -> bytes:
            return msgspec.json.encode(rows.tolist())
    else:
        def encode(rows: Any) -> bytes:
            return json.dumps(rows.tolist(), separators=(",", ":")).encode("ascii")
    yield b"["
    for start in range(0, len(array), JSON_ROWS):
        piece = encode(array[start:start + JSON_ROWS])
        yield (b"," if start else b"") + piece[1:-1]
    yield b"]"


def _int_rows_json(rows: Any) -> bytes:
    """``json.dumps(rows.tolist(), separators=(",", ":"))`` for a 2-D integer array, built by
    numpy: each number is a row of 4-byte words (a separator and the sign, then its digits four
    at a time from a table of the 10,000 groups, leading zeros as NUL bytes), the NUL bytes then
    dropped. ``tolist()`` alone took 3 of the 6 s that writing 10^6 source clauses' target cost.

    >>> import numpy as np
    >>> _int_rows_json(np.array([[0, -7, 120], [5, 10000, -2**62]]))
    b'[[0,-7,120],[5,10000,-4611686018427387904]]'
    """
    import numpy as np

    count, width = rows.shape
    values = np.asarray(rows, dtype=np.int64).reshape(-1)
    magnitude = np.abs(values)  # file integers are within +-2**62 (MAX_INTEGER): no overflow
    largest = int(magnitude.max()) if values.size else 0
    groups = max(1, (len(str(largest)) + 3) // 4)
    padded, bare, bare_zero = _digit_groups()
    words = np.zeros((values.size, 1 + groups), dtype=np.uint32)
    # word 0: the separator (',' here, '[' for a row's first number below) and the sign
    words[:, 0] = np.where(values < 0, np.uint32(ord(",") | ord("-") << 8), np.uint32(ord(",")))
    above = magnitude // 10 ** 4
    group = (magnitude % 10 ** 4).astype(np.int64)
    # the last group: all four digits when a higher group follows, else without leading zeros
    words[:, groups] = np.where(above > 0, padded[group], bare_zero[group])
    for k in range(1, groups):
        rest = above
        above = rest // 10 ** 4
        group = (rest % 10 ** 4).astype(np.int64)
        words[:, groups - k] = np.where(above > 0, padded[group], bare[group])
    table = np.zeros((count, width * (1 + groups) + 1), dtype=np.uint32)
    table[:, :-1] = words.reshape(count, width * (1 + groups))
    table[:, 0] = (table[:, 0] & ~np.uint32(0xFF)) | np.uint32(ord("["))
    table[:, -1] = np.uint32(ord("]") | ord(",") << 8)
    text = table.view(np.uint8).reshape(-1)
    return b"[" + text[text != 0].tobytes()[:-1] + b"]"


@functools.cache
def _digit_groups() -> tuple[Any, Any, Any]:
    """Three tables of 10,000 little-endian 4-byte words, the digits of 0..9999 in reading
    order: zero-padded ('0042'), with the leading zeros as NUL bytes (0 itself all NUL), and
    the same but 0 written '0' (a number's last group when it is the only one)."""
    import numpy as np

    text = np.frombuffer("".join(f"{i:04d}" for i in range(10_000)).encode("ascii"), dtype=np.uint8).reshape(-1, 4)
    bare = text.copy()
    for i in range(3):  # leading zeros: every column left of the first non-zero digit
        bare[:, i] = np.where((text[:, :i + 1] == ord("0")).all(axis=1), 0, text[:, i])
    bare[:, 3] = np.where((text == ord("0")).all(axis=1), 0, text[:, 3])
    bare_zero = bare.copy()
    bare_zero[0, 3] = ord("0")
    return tuple(np.ascontiguousarray(t).view("<u4").reshape(-1) for t in (text, bare, bare_zero))


def save_instance(instance: Any, path: str | os.PathLike) -> None:
    """Writes the instance as JSON (DIMACS for a CNF saved as ``.cnf``, the DIMACS graph format for
    a classic graph problem saved as ``.dimacs``, ``.clq`` or ``.col``, HCP for a Hamiltonian path
    instance saved as ``.hcp``; under ``.gz``/``.xz``/``.bz2`` compressed), whole or not at all.

    >>> import os, tempfile
    >>> from npw.instances.graphs.graph import DominatingSet
    >>> name = os.path.join(tempfile.mkdtemp(), "g.clq")
    >>> save_instance(DominatingSet(2, ((0, 1),), 1), name)
    >>> open(name).read().splitlines()[1], load_instance(name)
    ('p edge 2 1', DominatingSet(num_vertices=2, edges=((0, 1),), k=1))
    """
    from npw.instances.registry import get_problem, resolve

    name = strip_compression(str(path))
    for fmt in get_problem(instance.problem).formats:  # the record's formats, told by the suffix
        if fmt.write is not None and name.endswith(fmt.suffixes):
            write_output(path, resolve(fmt.write)(instance))
            return
    write_output(path, dumps(instance.to_dict()))
