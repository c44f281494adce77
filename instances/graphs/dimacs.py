"""The DIMACS graph format (``p edge``), read and written for the classic graph problems.

The format of the DIMACS challenges (clique and colouring benchmarks, ``.clq``/``.col``):
comment lines ``c ...``, one header ``p edge N M`` (``p col`` is read too), then M lines
``e U V`` with vertices numbered 1..N. It holds a graph only: npw writes the problem and its
bound in a comment, ``c npw PROBLEM k=K``, and a file read without that line is refused with
one line saying what to add (a benchmark graph asks no question by itself). An edge listed in
both directions (as some ``.col`` files do) counts once; a loop is refused by validation.

>>> from npw.instances.graphs.graph import Clique
>>> text = to_dimacs_graph(Clique(3, ((0, 1), (1, 2)), 2))
>>> print(text, end="")
c npw clique k=2
p edge 3 2
e 1 2
e 2 3
>>> from_dimacs_graph(text) == Clique(3, ((0, 1), (1, 2)), 2)
True
>>> from_dimacs_graph("p edge 2 1\\ne 1 2\\n")
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: a DIMACS graph names no question: add a line 'c npw PROBLEM k=K' (PROBLEM: indset, vertexcover, clique, domset, coloring)
"""

from __future__ import annotations

import re

from npw.instances.base import FileFormat, InvalidInstance
from npw.instances.graphs.graph import ROOM_PROBLEMS, BoundedGraph

__all__ = ["GRAPH_DIMACS", "from_dimacs_graph", "is_dimacs_graph", "to_dimacs_graph"]

_QUESTION = re.compile(r"^c\s+npw\s+(\S+)\s+k\s*=\s*([0-9]{1,19})\s*$", re.ASCII)  # ASCII digits only


_VERTEX = re.compile(r"[0-9]{1,19}")  # ASCII digits; 19 at most, so int() is cheap (the range is checked after)


def is_dimacs_graph(text: str) -> bool:
    """Whether DIMACS text is a graph (``p edge``/``p col``) rather than a CNF (``p cnf``).

    >>> is_dimacs_graph("c g\\np edge 3 0\\n"), is_dimacs_graph("p cnf 1 1\\n1 0\\n")
    (True, False)
    """
    return re.search(r"^\s*p\s+(edge|col)\b", text, flags=re.M) is not None


def to_dimacs_graph(instance: BoundedGraph) -> str:
    lines = [f"c npw {instance.problem} k={instance.k}", f"p edge {instance.num_vertices} {len(instance.edges)}"]
    lines += [f"e {u + 1} {v + 1}" for u, v in instance.edges]
    return "\n".join(lines) + "\n"


def from_dimacs_graph(text: str) -> BoundedGraph:
    """The instance a DIMACS graph file holds (its ``c npw PROBLEM k=K`` line names the question)."""
    from npw.instances.validation import MAX_EDGES, MAX_VERTICES, read_count

    question = None
    header = None
    edges: list[tuple[int, int]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            found = _QUESTION.match(line)
            if found:
                question = (found.group(1), int(found.group(2)))
            continue
        fields = line.split()
        if fields[0] == "p":
            if header is not None:
                raise InvalidInstance(f"line {number}: a second 'p' header")
            if len(fields) != 4 or fields[1] not in ("edge", "col"):
                raise InvalidInstance(f"line {number}: the header must be 'p edge N M', not {line[:60]!r}")
            try:  # ASCII digits, both counts bounded before anything is read (str.isdigit takes '²')
                header = (read_count(fields[2], "num_vertices", MAX_VERTICES, "MAX_VERTICES"),
                          read_count(fields[3], "num_edges", MAX_EDGES, "MAX_EDGES"))
            except InvalidInstance as error:
                raise InvalidInstance(f"line {number}: {error}") from None
            continue
        if fields[0] != "e" or len(fields) != 3 or not all(_VERTEX.fullmatch(f) for f in fields[1:]):
            raise InvalidInstance(f"line {number}: expected 'e U V' (two vertex numbers), not {line[:60]!r}")
        if header is None:
            raise InvalidInstance(f"line {number}: an edge before the 'p edge N M' header")
        u, v = int(fields[1]), int(fields[2])
        for w in (u, v):
            if not 1 <= w <= header[0]:
                raise InvalidInstance(f"line {number}: vertex {w} outside 1..{header[0]}")
        edges.append((u - 1, v - 1))
        if len(edges) > header[1]:
            raise InvalidInstance(f"more edges than the header's {header[1]}")
    if header is None:
        raise InvalidInstance("no 'p edge N M' header")
    if len(edges) != header[1]:
        raise InvalidInstance(f"the header says {header[1]} edges, the file lists {len(edges)}")
    if question is None:
        raise InvalidInstance("a DIMACS graph names no question: add a line 'c npw PROBLEM k=K' "
                              f"(PROBLEM: {', '.join(ROOM_PROBLEMS)})")
    problem, k = question
    if problem not in ROOM_PROBLEMS:
        raise InvalidInstance(f"'c npw {problem}': not a graph problem (one of {', '.join(ROOM_PROBLEMS)})")
    unique = sorted({(min(u, v), max(u, v)) if u != v else (u, v) for u, v in edges})
    return ROOM_PROBLEMS[problem](header[0], tuple(unique), k)


# the classic graph problems' file format: one name with CNF's DIMACS, told apart by the header
GRAPH_DIMACS = FileFormat("dimacs", (".dimacs", ".clq", ".col"), read="npw.instances.graphs.dimacs:from_dimacs_graph",
                          write="npw.instances.graphs.dimacs:to_dimacs_graph",
                          accepts="npw.instances.graphs.dimacs:is_dimacs_graph")
