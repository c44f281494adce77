"""Which question a graph file asks: a graph from a file (or from networkx) made an instance of
a graph problem, and an instance of one taken back to its graph.

A file in a graph format (DIMACS ``p edge``, an edge list, an adjacency list, GraphML, GML) holds
a graph; the problem and its number (k colours, a set of k vertices, the ends s and t of a path)
come from the command (``--problem PROBLEM -p k=3``) or, where the file says them, from the file
(npw writes ``c npw PROBLEM k=K`` in DIMACS, ``# npw PROBLEM k=K`` in an edge list, graph
attributes in GraphML and GML). What the command says wins over what the file says.

Every problem whose instance is a graph is read this way (:data:`GRAPH_FILE_PROBLEMS`); ``3col``
(any ``Ncol``) names ``coloring`` with k = N. Vertices are named in a file by labels; vertex i of
the instance is the i-th label in increasing order (by value when every label is an integer, as
DIMACS's 1..n are; else in the order they first appear), and ``s``/``t`` are given as labels.

>>> g = graph_instance("3col", ["1", "2", "3"], [(0, 1), (1, 2), (0, 2)], {})
>>> g.problem, g.k, g.num_vertices
('coloring', 3, 3)
>>> graph_instance("indset", ["a", "b"], [(0, 1)], {})
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: indset needs k: give -p k=K
>>> path = graph_instance("hampath", ["1", "2", "3"], [(0, 1), (1, 2)], {"s": 3})
>>> path.s, path.t
(2, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Sequence

from npw.instances.base import InvalidInstance

__all__ = ["GRAPH_FILE_PROBLEMS", "GraphProblem", "check_graph_counts", "graph_instance", "graph_of", "labels_in_order",
           "MAX_NETWORKX_EDGES", "networkx_instance", "problem_names", "question", "question_comment", "read_question",
           "refuse_networkx_size", "resolve_problem", "to_networkx_graph"]

MAX_NETWORKX_EDGES = 1_000_000
"""The most edges (lines, ``<edge`` elements) a graph file read through networkx's readers may hold,
counted before networkx builds anything: networkx holds about 370 MB a million edges and takes some
20 s to build them on a shared 2-core machine (measured), and no decider here settles a graph a
hundredth that size. DIMACS ``p edge`` files, read by npw's own reader, are bounded by MAX_EDGES."""


@dataclass(frozen=True)
class GraphProblem:
    """How a graph becomes an instance of one problem: ``build(n, pairs, **params)``, whether its
    pairs are arcs (``directed``), the parameters it takes (``required`` ones and ``optional``
    ones; ``vertices``: those naming a vertex, given as a label)."""

    id: str
    build: Callable[..., Any]
    directed: bool = False
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    vertices: tuple[str, ...] = ()


def _bounded(kind: str) -> Callable[..., Any]:
    def build(n: int, pairs: Sequence[tuple[int, int]], k: int) -> Any:
        from npw.instances.graphs.graph import ROOM_PROBLEMS

        return ROOM_PROBLEMS[kind](n, tuple(pairs), k)
    return build


def _path(kind: str) -> Callable[..., Any]:
    def build(n: int, pairs: Sequence[tuple[int, int]], s: int | None = None, t: int | None = None) -> Any:
        from npw.instances.hampath.graph import HamPath, HamPathEnds

        return {"hampath": HamPath, "hampath-st": HamPathEnds}[kind](n, tuple(pairs), s, t)
    return build


def _cycle(directed: bool) -> Callable[..., Any]:
    def build(n: int, pairs: Sequence[tuple[int, int]]) -> Any:
        from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle

        return (DirectedHamCycle if directed else HamCycle)(n, tuple(pairs))
    return build


def _fvs(n: int, pairs: Sequence[tuple[int, int]], k: int) -> Any:
    from npw.instances.graphs.digraph import FeedbackVertexSet

    return FeedbackVertexSet(n, tuple(pairs), k)


GRAPH_FILE_PROBLEMS: dict[str, GraphProblem] = {
    **{kind: GraphProblem(kind, _bounded(kind), required=("k",))
       for kind in ("indset", "vertexcover", "clique", "domset", "coloring")},
    "hampath": GraphProblem("hampath", _path("hampath"), optional=("s", "t"), vertices=("s", "t")),
    "hampath-st": GraphProblem("hampath-st", _path("hampath-st"), required=("s", "t"), vertices=("s", "t")),
    "hamcycle": GraphProblem("hamcycle", _cycle(False)),
    "dhamcycle": GraphProblem("dhamcycle", _cycle(True), directed=True),
    "fvs": GraphProblem("fvs", _fvs, directed=True, required=("k",)),
}
"""Every problem whose instance is a plain graph (``hampath-grid-s`` is not: its vertices carry grid
points no graph file holds), by id."""

_COLOURS = re.compile(r"([0-9]{1,6})-?col(ou?ring)?", re.ASCII | re.IGNORECASE)


def problem_names() -> str:
    """The problems a graph file can be read as, for messages.

    >>> problem_names().startswith("indset, vertexcover, clique")
    True
    """
    return ", ".join(GRAPH_FILE_PROBLEMS) + ", 3col (any Ncol: coloring with k = N)"


def resolve_problem(name: str, params: Mapping[str, Any]) -> tuple[GraphProblem, dict[str, Any]]:
    """The graph problem ``name`` names and its parameters: ``3col`` is ``coloring`` with k = 3
    (a ``k`` given besides must agree); ``kcol`` and ``col`` are ``coloring``.

    >>> problem, params = resolve_problem("4col", {})
    >>> problem.id, params
    ('coloring', {'k': 4})
    >>> resolve_problem("sudoku", {})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: 'sudoku' is not a graph problem (a graph file is read as one of indset, vertexcover, clique, domset, coloring, hampath, hampath-st, hamcycle, dhamcycle, fvs, 3col (any Ncol: coloring with k = N))
    """
    params = dict(params)
    colours = _COLOURS.fullmatch(name)
    if colours:
        k = int(colours.group(1))
        if params.setdefault("k", k) != k:
            raise InvalidInstance(f"{name} means k = {k}, but k = {params['k']!r} is given too")
        name = "coloring"
    elif name.lower() in ("kcol", "col", "colouring", "k-coloring", "k-col"):
        name = "coloring"
    if name not in GRAPH_FILE_PROBLEMS:
        raise InvalidInstance(f"{name[:40]!r} is not a graph problem (a graph file is read as one of {problem_names()})")
    return GRAPH_FILE_PROBLEMS[name], params


def labels_in_order(labels: Sequence[Hashable]) -> list[Hashable]:
    """The vertices' order: by value when every label is an integer (or the text of one), else as given.

    >>> labels_in_order(["10", "2", "1"]), labels_in_order(["b", "a"])
    (['1', '2', '10'], ['b', 'a'])
    """
    def number(label: Hashable) -> int | None:
        if isinstance(label, int) and not isinstance(label, bool):
            return label
        if isinstance(label, str) and re.fullmatch(r"[+-]?[0-9]{1,19}", label.strip(), flags=re.ASCII):
            return int(label)
        return None

    values = [number(label) for label in labels]
    if labels and all(v is not None for v in values):
        return [labels[i] for _, i in sorted(zip(values, range(len(labels))))]  # type: ignore[type-var]
    return list(labels)


def refuse_networkx_size(what: str, nodes: int, edges: int) -> None:
    """Refuses a file for networkx's readers (GraphML, GML) whose counted nodes or edges pass
    MAX_VERTICES or :data:`MAX_NETWORKX_EDGES`, before networkx builds anything.

    >>> refuse_networkx_size("GML", 3, 2 * MAX_NETWORKX_EDGES)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: GML of 2,000,000 edges exceeds the limit 1,000,000 (MAX_NETWORKX_EDGES)
    """
    from npw.instances.base import MAX_VERTICES

    if nodes > MAX_VERTICES:
        raise InvalidInstance(f"{what} of {nodes:,} nodes exceeds the limit {MAX_VERTICES:,} (MAX_VERTICES)")
    if edges > MAX_NETWORKX_EDGES:
        raise InvalidInstance(f"{what} of {edges:,} edges exceeds the limit {MAX_NETWORKX_EDGES:,} (MAX_NETWORKX_EDGES)")


def check_graph_counts(vertices: int, edges: int, where: str = "") -> None:
    """Refuses a graph file declaring (or holding) more vertices or edges than the named limits,
    before a graph of that size is built.

    >>> check_graph_counts(10**6, 1)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vertices 1000000 exceeds the limit 100000 (MAX_VERTICES)
    """
    from npw.instances.base import MAX_EDGES, MAX_VERTICES, check_size

    try:
        check_size("num_vertices", vertices, MAX_VERTICES, "MAX_VERTICES")
        check_size("num_edges", edges, MAX_EDGES, "MAX_EDGES")
    except InvalidInstance as error:
        raise InvalidInstance(f"{where}{error}") from None


def _vertex(label: Any, index: Mapping[Hashable, int], name: str) -> int:
    for key in (label, str(label)):
        try:
            if key in index:
                return index[key]
        except TypeError:  # an unhashable value (a list given as -p s=[1])
            break
    raise InvalidInstance(f"{name} = {str(label)[:40]!r} is not a vertex of the graph")


def graph_instance(problem: str, labels: Sequence[Hashable], pairs: Sequence[tuple[int, int]],
                   params: Mapping[str, Any], directed: bool | None = None) -> Any:
    """The instance of ``problem`` on the graph with vertices ``labels`` (vertex i is ``labels[i]``)
    and ``pairs`` of vertex indices (edges, or arcs where ``directed``; None: as the problem takes them).

    An undirected problem reads arcs as edges; a directed one reads an edge as the two arcs. A pair
    listed twice (or both ways, for an undirected problem) counts once; a loop is refused by the
    problem's validation. ``params``: the problem's numbers (``k``) and ends (``s``, ``t``: labels).

    >>> graph_instance("dhamcycle", ["x", "y"], [(0, 1)], {}, directed=False).edges
    ((0, 1), (1, 0))
    >>> graph_instance("clique", ["x", "y"], [(0, 1), (1, 0)], {"k": 2, "colour": 1})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: clique takes no parameter 'colour' (takes k)
    """
    kind, params = resolve_problem(problem, params)
    takes = kind.required + kind.optional
    for name in params:
        if name not in takes:
            raise InvalidInstance(f"{kind.id} takes no parameter {str(name)[:40]!r} "
                                  f"({'takes ' + ', '.join(takes) if takes else 'it takes none'})")
    for name in kind.required:
        if params.get(name) is None:
            raise InvalidInstance(f"{kind.id} needs {name}: give -p {name}={name.upper()}")
    index = {label: i for i, label in enumerate(labels)}
    values = {name: (_vertex(value, index, name) if name in kind.vertices and value is not None else value)
              for name, value in params.items()}
    for name, value in values.items():
        if name not in kind.vertices and (not isinstance(value, int) or isinstance(value, bool)):
            raise InvalidInstance(f"{name} must be a whole number, not {str(value)[:40]!r}")
    if kind.directed:
        arcs = set(pairs) if directed is not False else set(pairs) | {(v, u) for u, v in pairs}
        unique = sorted(arcs)
    else:
        unique = sorted({(min(u, v), max(u, v)) for u, v in pairs})
    return kind.build(len(labels), unique, **values)


def graph_of(instance: Any) -> tuple[int, list[tuple[int, int]], bool, dict[str, Any]]:
    """The graph an instance of a graph problem asks about: (vertices, pairs, directed, parameters),
    the parameters those :func:`graph_instance` takes back (``s``/``t`` as vertex numbers).

    >>> from npw.instances.graphs.graph import Clique
    >>> graph_of(Clique(3, ((0, 1),), 2))
    (3, [(0, 1)], False, {'k': 2})
    """
    kind = GRAPH_FILE_PROBLEMS.get(instance.problem)
    if kind is None:
        raise InvalidInstance(f"{instance.problem} is not a graph problem ({', '.join(GRAPH_FILE_PROBLEMS)})")
    pairs = list(instance.arcs if kind.id == "fvs" else instance.edges)
    params = {name: getattr(instance, name) for name in kind.required + kind.optional
              if getattr(instance, name, None) is not None}
    return instance.num_vertices, pairs, kind.directed, params


_QUESTION = re.compile(r"^\s*(?:c|#|%)\s+npw\s+(\S+)((?:\s+[A-Za-z_]+\s*=\s*[+-]?[0-9]{1,19})*)\s*$", re.ASCII)
_PARAM = re.compile(r"([A-Za-z_]+)\s*=\s*([+-]?[0-9]{1,19})", re.ASCII)


def read_question(line: str) -> tuple[str, dict[str, int]] | None:
    """The question a comment line ``c npw PROBLEM k=K`` (``#`` or ``%`` in an edge list) names,
    or None when the line is no such comment.

    >>> read_question("c npw coloring k=3"), read_question("# npw hampath s=1 t=4"), read_question("c graph")
    (('coloring', {'k': 3}), ('hampath', {'s': 1, 't': 4}), None)
    """
    found = _QUESTION.match(line)
    if found is None:
        return None
    return found.group(1), {name: int(value) for name, value in _PARAM.findall(found.group(2))}


def question_comment(instance: Any, mark: str, labels: Callable[[int], Any] = lambda v: v + 1) -> str:
    """The comment line naming an instance's question (:func:`read_question` reads it), its
    vertices (``s``, ``t``) given as the file's labels (default: numbered from 1).

    >>> from npw.instances.hampath.graph import HamPath
    >>> question_comment(HamPath(3, ((0, 1), (1, 2)), s=0), "#")
    '# npw hampath s=1'
    """
    _, _, _, params = graph_of(instance)
    kind = GRAPH_FILE_PROBLEMS[instance.problem]
    words = [f"{name}={labels(value) if name in kind.vertices else value}" for name, value in params.items()]
    return " ".join([mark, "npw", instance.problem, *words])


def _same_problem(first: str, second: str) -> bool:
    try:
        return resolve_problem(first, {})[0].id == resolve_problem(second, {})[0].id
    except InvalidInstance:  # a file's comment naming no graph problem: the command's stands alone
        return False


def question(found: tuple[str, Mapping[str, Any]] | None, problem: str | None, params: Mapping[str, Any] | None,
             what: str) -> tuple[str, dict[str, Any]]:
    """The question to read a graph file as: the command's ``problem`` and ``params`` over what the
    file ``found`` says (a problem named by the command drops the file's parameters, which belong to
    the file's own problem). ``what`` names the format in the message when neither names a problem."""
    if problem is not None:
        if found is not None and _same_problem(found[0], problem):
            return problem, {**found[1], **(params or {})}
        return problem, dict(params or {})
    if found is not None:
        return found[0], {**found[1], **(params or {})}
    raise InvalidInstance(f"{what} names no problem: give --problem PROBLEM (and -p k=K where it takes one; "
                          f"PROBLEM: {problem_names()})")



def networkx_instance(graph: Any, problem: str | None, params: Mapping[str, Any] | None, what: str,
                      found: tuple[str, Mapping[str, Any]] | None = None) -> Any:
    """The instance of a networkx graph: the question is ``problem`` and ``params`` over ``found``
    (a file's comment) over the graph's own attributes (``graph.graph["problem"]``, ``["k"]``...,
    as :func:`to_networkx_graph` writes them); vertices in :func:`labels_in_order`.

    >>> import networkx as nx
    >>> networkx_instance(nx.cycle_graph(4), "hamcycle", {}, "a graph").edges
    ((0, 1), (0, 3), (1, 2), (2, 3))
    """
    attributes = getattr(graph, "graph", {}) or {}
    if found is None and isinstance(attributes.get("problem"), str):
        names = ("k", "s", "t")
        found = (attributes["problem"], {name: _number_or_label(attributes[name]) for name in names
                                         if attributes.get(name) is not None})
    labels = labels_in_order(list(graph.nodes))
    check_graph_counts(len(labels), graph.number_of_edges())
    index = {label: i for i, label in enumerate(labels)}
    pairs = [(index[u], index[v]) for u, v in graph.edges()]
    asked, values = question(found, problem, params, what)
    return graph_instance(asked, labels, pairs, values, directed=graph.is_directed())


def _number_or_label(value: Any) -> Any:
    if isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]{1,19}", value.strip(), flags=re.ASCII):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def to_networkx_graph(instance: Any) -> Any:
    """The instance's graph as a networkx ``Graph`` (``DiGraph`` for arcs) on vertices 0..n-1, its
    question in the graph's attributes (``problem``, ``k``, ``s``, ``t``): what
    :func:`networkx_instance` reads back.

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> g = to_networkx_graph(IndependentSet(3, ((0, 1),), 2))
    >>> sorted(g.edges), g.graph
    ([(0, 1)], {'problem': 'indset', 'k': 2})
    """
    import networkx as nx

    n, pairs, directed, params = graph_of(instance)
    graph = nx.DiGraph() if directed else nx.Graph()
    graph.graph.update({"problem": instance.problem, **params})
    graph.add_nodes_from(range(n))
    graph.add_edges_from(pairs)
    return graph

