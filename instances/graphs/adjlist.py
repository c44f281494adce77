"""Adjacency lists: a vertex and its neighbours a line, ``U V1 V2 ...`` (networkx's
``write_adjlist``, many course and benchmark collections), read through networkx's
``parse_adjlist``.

A line with one label is a vertex without (further) neighbours; ``#`` and ``%`` start comments,
commas separate like spaces. The problem and its number come from the command (``--problem
hamcycle``) or from a comment ``# npw PROBLEM k=K``, which :func:`to_adjlist` writes (see
:mod:`.question`). For a problem on digraphs the line's neighbours are the vertex's successors.

>>> g = from_adjlist("# a star and a leaf\\n0 1 2 3\\n4\\n", "domset", {"k": 2})
>>> g.num_vertices, g.edges
(5, ((0, 1), (0, 2), (0, 3)))
>>> from_adjlist(to_adjlist(g)) == g
True
"""

from __future__ import annotations

from typing import Any, Mapping

from npw.instances.base import FileFormat, InvalidInstance

__all__ = ["ADJLIST", "from_adjlist", "to_adjlist"]


def from_adjlist(text: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """The instance an adjacency list holds (the question: the command's ``problem`` and ``params``
    over the file's ``# npw`` comment)."""
    import networkx as nx

    from npw.instances.graphs.edgelist import edge_lines
    from npw.instances.graphs.question import MAX_NETWORKX_EDGES, networkx_instance, question, resolve_problem

    rows, found = edge_lines(text, "an adjacency list")
    if sum(len(row) - 1 for row in rows) > MAX_NETWORKX_EDGES:
        raise InvalidInstance(f"an adjacency list of more than {MAX_NETWORKX_EDGES:,} edges (MAX_NETWORKX_EDGES)")
    asked, values = question(found, problem, params, "an adjacency list")
    directed = resolve_problem(asked, values)[0].directed
    graph = nx.parse_adjlist([" ".join(row) for row in rows], comments="#",
                             create_using=nx.DiGraph if directed else nx.Graph)
    return networkx_instance(graph, asked, values, "an adjacency list")


def to_adjlist(instance: Any) -> str:
    """The instance's graph as an adjacency list (vertices numbered from 1; each edge once, on its
    smaller end's line; an arc on its tail's), its question in a ``# npw`` comment."""
    from npw.instances.graphs.question import graph_of, question_comment

    n, pairs, _, _ = graph_of(instance)
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for u, v in pairs:
        neighbours[u].append(v)
    lines = [question_comment(instance, "#")]
    lines += [" ".join(str(w + 1) for w in [v, *sorted(neighbours[v])]) for v in range(n)]
    return "\n".join(lines) + "\n"


ADJLIST = FileFormat("adjlist", (".adj", ".adjlist"), read="npw.instances.graphs.adjlist:from_adjlist",
                     write="npw.instances.graphs.adjlist:to_adjlist")
"""Adjacency lists (``U V1 V2 ...`` a line), every graph problem's."""
