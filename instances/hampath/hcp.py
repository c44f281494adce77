"""TSPLIB HCP (Hamiltonian cycle problem) text: :func:`to_hcp` (the ``hcp`` export, ``--emit
hcp``; instances saved as ``.hcp``) and :func:`from_hcp` (``.hcp`` files load as ``hampath``);
:func:`cycle_to_hcp` and :func:`cycle_from_hcp` for ``hamcycle``, which asks TSPLIB's own question.
TSPLIB's HCP is undirected only (a directed tour is an ATSP matrix, not an HCP edge list), so
``dhamcycle`` has no HCP form: reduce it first (``npw reduce dhamcycle-to-hamcycle``).

TSPLIB's HCP asks for a Hamiltonian *cycle*; npw's problems ask for a Hamiltonian *path*
(from s, to t where given). The two directions are therefore reductions, not relabellings:

**Export** (path -> cycle). :func:`to_hcp` adds vertices after the instance's n (numbers n + 1,
n + 2 in the file):

* both ends given: one vertex h joined to s and t;
* no end given: one vertex h joined to every vertex;
* only s given (likewise t alone): h joined to s, and h' joined to h and to every vertex but
  s. (One vertex joined to s and all the others would be wrong: the cycle could enter and
  leave it through two vertices other than s, leaving s inside the path.)

A Hamiltonian cycle of the result passes through the added vertices in one stretch, entering
and leaving the instance's vertices at the required ends (at any two vertices when no end is
given); opened there, it is a Hamiltonian path of the instance with those ends, and every
such path closes through the added vertices into a cycle. So any HCP solver (Concorde, LKH) answers the npw question. (Exception: a one-vertex
instance, trivially yes, becomes a graph of 2 or 3 vertices without a cycle.) A ``COMMENT``
line records n, s and t, so npw reads its own files back exactly.

**Import.** A file with that comment, whose added vertices have exactly the edges the export
gives them, reads back as the path instance it was written from (``hampath``; the grid
coordinates of a grid instance are not in the format and are lost). Any other HCP file
is a cycle instance, and npw reads it as the equivalent path instance: vertex 1 is split in
two, the copy (a new last vertex) joined to vertex 1's neighbours, with s = vertex 1 and t =
the copy. A Hamiltonian cycle ``1, v2, ..., vn, 1`` is the path ``1, v2, ..., vn, copy`` and
back, so ``npw solve cycle.hcp`` answers the HCP question; the certificate is the cycle in
0-based numbering with the copy (vertex n) at the end. Cycle instances need n >= 3 (below
that a simple graph has no Hamiltonian cycle and the split would misanswer), and n is
bounded by :data:`MAX_DIMENSION`.

>>> from npw.instances.hampath.graph import HamPath
>>> path = HamPath(3, ((0, 1), (1, 2)), s=0, t=2)
>>> print(to_hcp(path), end="")  # doctest: +ELLIPSIS
NAME : npw
TYPE : HCP
COMMENT : npw hampath n=3 s=0 t=2 (0-based): vertex 4 is added, joined to s and t; ...
DIMENSION : 4
EDGE_DATA_FORMAT : EDGE_LIST
EDGE_DATA_SECTION
1 2
2 3
4 1
4 3
-1
EOF
>>> from_hcp(to_hcp(path)) == path
True
>>> triangle = "NAME : k3\\nTYPE : HCP\\nDIMENSION : 3\\nEDGE_DATA_SECTION\\n1 2\\n2 3\\n3 1\\n-1\\nEOF\\n"
>>> cycle_as_path = from_hcp(triangle)
>>> cycle_as_path.num_vertices, cycle_as_path.s, cycle_as_path.t, cycle_as_path.edges
(4, 0, 3, ((0, 1), (0, 2), (1, 2), (1, 3), (2, 3)))
"""

from __future__ import annotations

import re

from npw.instances.base import InvalidInstance
from npw.instances.hampath.graph import HamPath

__all__ = ["MAX_DIMENSION", "cycle_from_hcp", "cycle_to_hcp", "from_hcp", "read_hcp", "to_hcp"]

MAX_DIMENSION = 100_000
"""The largest DIMENSION an HCP file may declare (checked before anything is allocated); far
beyond what the deciders settle (the DP up to about 25 vertices, SAT a few hundred)."""

_MARK = re.compile(r"npw hampath n=([0-9]+) s=(None|[0-9]+) t=(None|[0-9]+)")  # ASCII digits only; read by read_count


def _added(n: int, s: int | None, t: int | None) -> tuple[int, list[tuple[int, int]], str]:
    """(how many vertices the export adds, their edges (0-based, added vertex first), in words)."""
    h = n
    if s is not None and t is not None:
        return 1, [(h, v) for v in sorted({s, t})], f"vertex {n + 1} is added, joined to s and t"
    if s is None and t is None:
        return 1, [(h, v) for v in range(n)], f"vertex {n + 1} is added, joined to every vertex"
    end, name = (s, "s") if s is not None else (t, "t")
    assert end is not None
    edges = [(h, end), (h + 1, h)] + [(h + 1, v) for v in range(n) if v != end]
    return 2, edges, (f"vertex {n + 1} is added, joined to {name}, and vertex {n + 2}, joined to vertex {n + 1} "
                      f"and every vertex but {name}")


def to_hcp(instance: HamPath, name: str = "npw") -> str:
    """TSPLIB HCP text (EDGE_LIST, vertices numbered from 1) of the cycle instance equivalent to
    the path instance: one or two vertices added (see the module's docstring)."""
    n, s, t = instance.num_vertices, instance.s, instance.t
    count, edges, words = _added(n, s, t)
    lines = [f"NAME : {name}", "TYPE : HCP",
             f"COMMENT : npw hampath n={n} s={s} t={t} (0-based): {words}; a Hamiltonian cycle opened there is a "
             f"Hamiltonian path of the npw instance",
             f"DIMENSION : {n + count}", "EDGE_DATA_FORMAT : EDGE_LIST", "EDGE_DATA_SECTION"]
    lines += [f"{u + 1} {v + 1}" for u, v in instance.edges]
    lines += [f"{u + 1} {v + 1}" for u, v in edges]
    lines += ["-1", "EOF"]
    return "\n".join(lines) + "\n"


def _int(text: str, what: str, number: int) -> int:
    if not re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()):  # ASCII digits (\d takes '²', Arabic-Indic digits)
        raise InvalidInstance(f"HCP line {number}: {what} must be an integer, not {text.strip()!r}")
    return int(text)


def from_hcp(text: str) -> HamPath:
    """Reads TSPLIB HCP (EDGE_LIST) text as a ``hampath`` instance (see the module's docstring:
    npw's own files back as written, any other as the equivalent path instance of its cycle
    question); raises InvalidInstance naming the bad line."""
    dimension = None
    comment = ""
    edges = []
    in_edges = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if in_edges:
            if line in ("-1", "EOF"):
                in_edges = False
                continue
            parts = line.split()
            if len(parts) != 2:
                raise InvalidInstance(f"HCP line {number}: expected two vertex numbers, got {line!r}")
            u, v = (_int(p, "a vertex number", number) for p in parts)
            if dimension is None:
                raise InvalidInstance(f"HCP line {number}: edges before DIMENSION")
            if not (1 <= u <= dimension and 1 <= v <= dimension):
                raise InvalidInstance(f"HCP line {number}: vertex numbers run from 1 to DIMENSION = {dimension}, "
                                      f"got {line!r}")
            edges.append((u - 1, v - 1))
            continue
        key, _, value = line.partition(":")
        key = key.strip().upper()
        if key == "DIMENSION":
            dimension = _int(value, "DIMENSION", number)
            if not 1 <= dimension <= MAX_DIMENSION:
                raise InvalidInstance(f"HCP line {number}: DIMENSION must be between 1 and {MAX_DIMENSION:,} "
                                      f"(MAX_DIMENSION), not {dimension:,}")
        elif key == "TYPE" and value.strip().upper() != "HCP":
            raise InvalidInstance(f"HCP line {number}: only TYPE : HCP is read, not {value.strip()!r}")
        elif key == "COMMENT":
            comment += value
        elif key == "EDGE_DATA_FORMAT" and value.strip().upper() != "EDGE_LIST":
            raise InvalidInstance(f"HCP line {number}: only EDGE_LIST is supported")
        elif key == "EDGE_DATA_SECTION":
            in_edges = True
    if dimension is None:
        raise InvalidInstance("HCP: missing DIMENSION")
    unique = sorted({(min(u, v), max(u, v)) for u, v in edges if u != v})
    mark = _MARK.search(comment)
    if mark is not None:
        return _path_instance_back(mark, dimension, unique)
    return _cycle_as_path(dimension, unique)


def _path_instance_back(mark: re.Match, dimension: int, edges: list[tuple[int, int]]) -> HamPath:
    from npw.instances.validation import read_count

    # n < DIMENSION <= MAX_DIMENSION: read within that bound (a comment of 5000 digits is refused in one line)
    try:
        n = read_count(mark.group(1), "the npw comment's n", MAX_DIMENSION, "MAX_DIMENSION")
        s, t = (None if g == "None" else read_count(g, f"the npw comment's {name}", MAX_DIMENSION, "MAX_DIMENSION")
                for g, name in zip(mark.group(2, 3), "st"))
    except InvalidInstance as error:
        raise InvalidInstance(f"HCP: {error}") from None
    if n >= dimension or any(end is not None and end >= n for end in (s, t)):
        raise InvalidInstance(f"HCP: the npw comment (n={n} s={s} t={t}) does not fit DIMENSION = {dimension} "
                              f"(edited file?)")
    count, added, _ = _added(n, s, t)
    own = {(min(u, v), max(u, v)) for u, v in added}
    if n + count != dimension or own - set(edges) or {e for e in edges if max(e) >= n} != own:
        raise InvalidInstance(f"HCP: the npw comment says n={n} s={s} t={t}, but the added vertices' edges are not "
                              f"the ones npw adds (edited file?)")
    return HamPath(n, tuple(e for e in edges if max(e) < n), s, t)


def _cycle_as_path(n: int, edges: list[tuple[int, int]]) -> HamPath:
    if n < 3:
        raise InvalidInstance(f"HCP: a Hamiltonian cycle needs at least 3 vertices, DIMENSION is {n}")
    neighbours_of_first = [v if u == 0 else u for u, v in edges if 0 in (u, v)]
    copy = [(w, n) for w in neighbours_of_first]
    return HamPath(n + 1, tuple(edges) + tuple(copy), s=0, t=n)


def cycle_to_hcp(instance, name: str = "npw") -> str:
    """A ``hamcycle`` instance as TSPLIB HCP text: the same graph, vertices numbered from 1 (the
    question is TSPLIB's own, nothing is added); :func:`cycle_from_hcp` reads it back.

    >>> from npw.instances.hampath.cycle import HamCycle
    >>> square = HamCycle(4, ((0, 1), (1, 2), (2, 3), (0, 3)))
    >>> cycle_from_hcp(cycle_to_hcp(square)) == square
    True
    """
    lines = [f"NAME : {name}", "TYPE : HCP", f"COMMENT : npw hamcycle n={instance.num_vertices} (vertex v is npw's v - 1)",
             f"DIMENSION : {instance.num_vertices}", "EDGE_DATA_FORMAT : EDGE_LIST", "EDGE_DATA_SECTION"]
    lines += [f"{u + 1} {v + 1}" for u, v in instance.edges]
    lines += ["-1", "EOF"]
    return "\n".join(lines) + "\n"


def cycle_from_hcp(text: str):
    """TSPLIB HCP text as a ``hamcycle`` instance, the graph as the file gives it (a repeated edge
    or a loop, which a tour cannot use twice or at all, dropped). Raises InvalidInstance naming the
    bad line. A file :func:`to_hcp` wrote from a path instance is read as the cycle question it asks."""
    from npw.instances.hampath.cycle import HamCycle

    path_form = from_hcp(text)
    mark = _MARK.search(text)
    if mark is None:  # read through the split of vertex 1: undo it (the copy is the last vertex)
        n = path_form.num_vertices - 1
        _check_cycle_mark(text, n)
        return HamCycle(n, tuple(e for e in path_form.edges if max(e) < n))
    # npw's own path file: the cycle question is the file's graph with the added vertices
    count, added, _ = _added(path_form.num_vertices, path_form.s, path_form.t)
    n = path_form.num_vertices + count
    return HamCycle(n, tuple(path_form.edges) + tuple(added))


_CYCLE_MARK = re.compile(r"npw hamcycle n=([0-9]+)")  # ASCII digits only; read by read_count


def _check_cycle_mark(text: str, dimension: int) -> None:
    """Refuses a file whose ``npw hamcycle n=N`` comment (:func:`cycle_to_hcp`'s) does not say its
    DIMENSION: an edited file (N read within MAX_DIMENSION, a comment of 5000 digits in one line)."""
    from npw.instances.validation import read_count

    mark = _CYCLE_MARK.search(text)
    if mark is None:
        return
    try:
        n = read_count(mark.group(1), "the npw comment's n", MAX_DIMENSION, "MAX_DIMENSION")
    except InvalidInstance as error:
        raise InvalidInstance(f"HCP: {error}") from None
    if n != dimension:
        raise InvalidInstance(f"HCP: the npw comment says n={n}, DIMENSION is {dimension} (edited file?)")


def read_hcp(text: str, problem: str | None = None, params=None):
    """TSPLIB HCP text as the problem the command names (``--problem hamcycle``: TSPLIB's own
    question, :func:`cycle_from_hcp`; ``hampath``: :func:`from_hcp`), else as the file says: a file
    :func:`cycle_to_hcp` wrote is a ``hamcycle`` instance, any other a ``hampath`` one.

    >>> square = "NAME : c4\\nTYPE : HCP\\nDIMENSION : 4\\nEDGE_DATA_SECTION\\n1 2\\n2 3\\n3 4\\n4 1\\n-1\\nEOF\\n"
    >>> read_hcp(square, "hamcycle").num_vertices, read_hcp(square).problem
    (4, 'hampath')
    """
    if params:
        raise InvalidInstance(f"an HCP file takes no parameters (given {', '.join(map(str, params))})")
    if problem is None:
        problem = "hamcycle" if _CYCLE_MARK.search(text) else "hampath"
    if problem == "hamcycle":
        return cycle_from_hcp(text)
    if problem == "hampath":
        return from_hcp(text)
    raise InvalidInstance(f"an HCP file is read as hamcycle or hampath, not {problem[:40]!r}")
