"""Where the pattern databases of :mod:`npw.solvers.npuz.pdb` live, and reading them without numpy.

Kept apart from ``pdb.py`` (which builds with numba) so that a small search can read the
cached tables without importing numpy or numba: ``npw puzzle solve`` on an easy board
starts in a fraction of the time (the pure-Python IDA* of :mod:`npw.solvers.npuz.pysearch`).

:func:`read_table` maps a cached ``.npy`` file read-only (``mmap``) after checking its header
(format 1-3, ``|u1``, C order, the expected length); anything else is None and the caller
falls back to the numpy path, which rebuilds a damaged file.
"""

from __future__ import annotations

import ast
import math
import mmap
import os
from pathlib import Path

__all__ = ["FORMAT", "GROUP_SIZES", "cache_dir", "layout", "read_table", "table_path"]

FORMAT = "v1"
GROUP_SIZES = {2: (3,), 3: (4, 4), 4: (5, 5, 5)}
_MAGIC = b"\x93NUMPY"


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/npw`` or ``~/.cache/npw`` (created on demand)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "npw"


def layout(goal: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], str]:
    """(the goal locations of each group, the cache key) of ``goal``'s databases; the groups
    split the goal's non-blank locations in row-major order by ``GROUP_SIZES``.

    >>> layout((1, 2, 3, 0))
    (((0, 1, 2),), 'n2-b3-g3-v1')
    """
    n = math.isqrt(len(goal))
    blank = goal.index(0)
    others = [loc for loc in range(n * n) if loc != blank]
    groups, start = [], 0
    for size in GROUP_SIZES[n]:
        groups.append(tuple(others[start:start + size]))
        start += size
    key = f"n{n}-b{blank}-g{'-'.join(map(str, GROUP_SIZES[n]))}-{FORMAT}"
    return tuple(groups), key


def table_path(key: str, group: int) -> Path:
    """The cache file of one group's table."""
    return cache_dir() / "pdb" / f"{key}.{group}.pdb.npy"


def read_table(path: Path, length: int) -> memoryview | None:
    """The bytes of a cached uint8 table of ``length`` entries, mapped read-only, or None when
    the file is missing or is not exactly such a table."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(12)
            if len(head) < 10 or head[:6] != _MAGIC or head[6] not in (1, 2, 3):
                return None
            if head[6] == 1:
                size, start = int.from_bytes(head[8:10], "little"), 10
            else:
                size, start = int.from_bytes(head[8:12], "little"), 12
            handle.seek(start)
            header = ast.literal_eval(handle.read(size).decode("latin1"))
            if (not isinstance(header, dict) or header.get("descr") != "|u1" or header.get("fortran_order")
                    or header.get("shape") != (length,)):
                return None
            offset = start + size
            if os.fstat(handle.fileno()).st_size != offset + length:
                return None
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError, SyntaxError, UnicodeDecodeError):
        return None
    return memoryview(mapped)[offset:]
