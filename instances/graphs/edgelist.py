"""Plain edge lists: one edge ``U V`` a line (SNAP, KONECT, networkx's ``write_edgelist``), read
through networkx's ``parse_edgelist``.

Vertices are labels (numbers or names); a line with one label is a vertex without edges; columns
after the second (weights, time stamps) are passed over; ``#`` and ``%`` start comments, commas
separate like spaces. The problem and its number come from the command (``--problem indset -p
k=3``) or from a comment ``# npw PROBLEM k=K``, which :func:`to_edgelist` writes (see
:mod:`.question`). Vertex i is the i-th label in increasing order (by value for numbers).

>>> text = "% a path\\n1 2\\n2 3 0.5\\n3,4\\n"
>>> g = from_edgelist(text, "indset", {"k": 2})
>>> g.num_vertices, g.edges, g.k
(4, ((0, 1), (1, 2), (2, 3)), 2)
>>> from_edgelist(to_edgelist(g)) == g
True

``--format edge`` is what ``--emit edge`` writes, DIMACS ``p edge`` text, read by
:mod:`.dimacs`; any other text under that name is read as an edge list (:data:`EDGE`).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from npw.instances.base import FileFormat, InvalidInstance

__all__ = ["EDGE", "EDGELIST", "edge_lines", "from_edgelist", "is_edgelist", "to_edgelist"]


def edge_lines(text: str, what: str) -> tuple[list[list[str]], tuple[str, dict[str, int]] | None]:
    """The data lines of an edge or adjacency list, each split into its labels (comments ``#``/``%``
    gone, commas and tabs as spaces), and the question a ``# npw`` comment names; refused past
    :data:`~npw.instances.graphs.question.MAX_NETWORKX_EDGES` lines before anything is built.

    >>> edge_lines("# npw clique k=3\\n1,2 # one\\n\\n% two\\n2\\t3\\n", "an edge list")
    ([['1', '2'], ['2', '3']], ('clique', {'k': 3}))
    """
    from npw.instances.graphs.question import MAX_NETWORKX_EDGES, read_question

    found = None
    rows = []
    for raw in text.splitlines():
        stripped = raw.strip()
        if stripped[:1] in ("#", "%"):
            found = read_question(stripped) or found
            continue
        fields = re.split(r"[#%]", raw, maxsplit=1)[0].replace(",", " ").split()
        if fields:
            rows.append(fields)
            if len(rows) > MAX_NETWORKX_EDGES:
                raise InvalidInstance(f"{what} of more than {MAX_NETWORKX_EDGES:,} lines (MAX_NETWORKX_EDGES)")
    return rows, found


def is_edgelist(text: str) -> bool:
    """Whether the text looks like an edge list: data lines of one or two labels, the first an
    integer (what :func:`npw.instances.io.sniff_format` tells by).

    >>> is_edgelist("# g\\n1 2\\n2 3\\n"), is_edgelist("p edge 2 1\\n"), is_edgelist("1 2 3 4\\n")
    (True, False, False)
    """
    lines = [line.split() for line in text.splitlines()[:200] if line.strip() and line.strip()[0] not in "#%"]
    return bool(lines) and re.fullmatch(r"[0-9]+", lines[0][0]) is not None and all(1 <= len(f) <= 3 for f in lines) \
        and any(len(f) == 2 for f in lines)


def from_edgelist(text: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """The instance an edge list holds (the question: the command's ``problem`` and ``params`` over
    the file's ``# npw`` comment). An edge ``U V`` is an arc U -> V for a problem on digraphs."""
    import networkx as nx

    from npw.instances.graphs.question import networkx_instance, question, resolve_problem

    rows, found = edge_lines(text, "an edge list")
    asked, values = question(found, problem, params, "an edge list")
    directed = resolve_problem(asked, values)[0].directed
    graph = nx.parse_edgelist([" ".join(row[:2]) for row in rows if len(row) >= 2], data=False,
                              create_using=nx.DiGraph if directed else nx.Graph)
    graph.add_nodes_from(row[0] for row in rows if len(row) == 1)  # a vertex without edges
    return networkx_instance(graph, asked, values, "an edge list")


def to_edgelist(instance: Any) -> str:
    """The instance's graph as an edge list (vertices numbered from 1, as DIMACS does), its question
    in a ``# npw`` comment; a vertex without edges on a line of its own."""
    from npw.instances.graphs.question import graph_of, question_comment

    n, pairs, _, _ = graph_of(instance)
    touched = {v for pair in pairs for v in pair}
    lines = [question_comment(instance, "#")]
    lines += [f"{u + 1} {v + 1}" for u, v in pairs]
    lines += [f"{v + 1}" for v in range(n) if v not in touched]
    return "\n".join(lines) + "\n"


EDGELIST = FileFormat("edgelist", (".edges", ".edgelist", ".el"), read="npw.instances.graphs.edgelist:from_edgelist",
                      write="npw.instances.graphs.edgelist:to_edgelist")
"""Plain edge lists (``U V`` a line), every graph problem's."""

EDGE = FileFormat("edge", (), read="npw.instances.graphs.edgelist:from_edgelist")
"""``--format edge``'s fallback: text that is not DIMACS ``p edge`` (which the DIMACS graph reader,
declared under this name too, takes) read as an edge list."""
