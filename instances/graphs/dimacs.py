"""The DIMACS graph format (``p edge``), read and written for every graph problem.

The format of the DIMACS challenges (clique and colouring benchmarks, ``.clq``/``.col``):
comment lines ``c ...``, one header ``p edge N M`` (``p col`` is read too), then M lines
``e U V`` with vertices numbered 1..N. It holds a graph only: npw writes the problem and its
number in a comment, ``c npw PROBLEM k=K``; a file without that line (a benchmark graph) is read
as the problem the command names (``npw solve myciel3.col --problem 3col``, ``--problem clique -p
k=4``: :mod:`.question`), and refused with one line saying so when none is named. An edge listed in
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
npw.instances.base.InvalidInstance: a DIMACS graph names no problem: give --problem PROBLEM (and -p k=K where it takes one; PROBLEM: indset, vertexcover, clique, domset, coloring, hampath, hampath-st, hamcycle, dhamcycle, fvs, 3col (any Ncol: coloring with k = N))
>>> from_dimacs_graph("p edge 2 1\\ne 1 2\\n", "clique", {"k": 2}).k
2
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from npw.instances.base import FileFormat, InvalidInstance

__all__ = ["GRAPH_DIMACS", "GRAPH_EDGE", "from_dimacs_graph", "is_dimacs_graph", "to_dimacs_graph"]

_VERTEX = re.compile(r"[0-9]{1,19}")  # ASCII digits; 19 at most, so int() is cheap (the range is checked after)


def is_dimacs_graph(text: str) -> bool:
    """Whether DIMACS text is a graph (``p edge``/``p col``) rather than a CNF (``p cnf``).

    >>> is_dimacs_graph("c g\\np edge 3 0\\n"), is_dimacs_graph("p cnf 1 1\\n1 0\\n")
    (True, False)
    """
    return re.search(r"^\s*p\s+(edge|col)\b", text, flags=re.M) is not None


def to_dimacs_graph(instance: Any) -> str:
    """The instance's graph as DIMACS ``p edge`` text (arcs as ``e TAIL HEAD``), its question in a
    ``c npw`` line (:func:`from_dimacs_graph` reads it back)."""
    from npw.instances.graphs.question import graph_of, question_comment

    n, pairs, _, _ = graph_of(instance)
    lines = [question_comment(instance, "c"), f"p edge {n} {len(pairs)}"]
    lines += [f"e {u + 1} {v + 1}" for u, v in pairs]
    return "\n".join(lines) + "\n"


def from_dimacs_graph(text: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """The instance a DIMACS graph file holds: the problem and its number are the command's
    (``problem``, ``params``: ``--problem``, ``-p k=3``) over the file's ``c npw PROBLEM k=K`` line.

    Read as the DIMACS challenges' files are: ``c`` lines anywhere, ``p edge N M`` (``p col``,
    ``p edges``), ``e U V`` lines, an edge listed in both directions or twice counting once (the
    header's M counts the lines, as queen5_5.col's 320 for 160 edges, or the distinct edges), ``n ID VALUE`` node lines (weights,
    which no problem here asks about) passed over.

    >>> from_dimacs_graph("c myciel-like\\np edge 3 4\\ne 1 2\\ne 2 1\\ne 2 3\\ne 3 2\\n", "3col").k
    3
    """
    from npw.instances.graphs.question import graph_instance, question, read_question
    from npw.instances.validation import MAX_EDGES, MAX_VERTICES, read_count

    found = None
    header = None
    edges: list[tuple[int, int]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            found = read_question(line) or found
            continue
        fields = line.split()
        if fields[0] == "p":
            if header is not None:
                raise InvalidInstance(f"line {number}: a second 'p' header")
            if len(fields) != 4 or fields[1] not in ("edge", "edges", "col"):
                raise InvalidInstance(f"line {number}: the header must be 'p edge N M', not {line[:60]!r}")
            try:  # ASCII digits, both counts bounded before anything is read (str.isdigit takes '²')
                header = (read_count(fields[2], "num_vertices", MAX_VERTICES, "MAX_VERTICES"),
                          read_count(fields[3], "num_edges", MAX_EDGES, "MAX_EDGES"))
            except InvalidInstance as error:
                raise InvalidInstance(f"line {number}: {error}") from None
            continue
        if fields[0] == "n":  # a node descriptor (a weight): no problem here reads it
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
        if len(edges) > 2 * header[1]:  # M edges each listed both ways at most: bounded by the header
            raise InvalidInstance(f"more edges than the header's {header[1]}")
    if header is None:
        raise InvalidInstance("no 'p edge N M' header")
    distinct = len({(min(u, v), max(u, v)) for u, v in edges})
    if header[1] not in (len(edges), distinct):
        raise InvalidInstance(f"the header says {header[1]} edges, the file lists {len(edges)} ({distinct} distinct)")
    asked, values = question(found, problem, params, "a DIMACS graph")
    return graph_instance(asked, [str(v) for v in range(1, header[0] + 1)], edges, values)


# the classic graph problems' file format: one name with CNF's DIMACS, told apart by the header
GRAPH_DIMACS = FileFormat("dimacs", (".dimacs", ".clq", ".col"), read="npw.instances.graphs.dimacs:from_dimacs_graph",
                          write="npw.instances.graphs.dimacs:to_dimacs_graph",
                          accepts="npw.instances.graphs.dimacs:is_dimacs_graph")

GRAPH_EDGE = FileFormat("edge", (), read="npw.instances.graphs.dimacs:from_dimacs_graph",
                        write="npw.instances.graphs.dimacs:to_dimacs_graph",
                        accepts="npw.instances.graphs.dimacs:is_dimacs_graph")
"""``--format edge``: what ``--emit edge`` writes (DIMACS ``p edge`` text); other text under this
name is an edge list (``npw.instances.graphs.edgelist.EDGE``)."""
