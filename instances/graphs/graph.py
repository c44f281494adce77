"""The shared model of the classic graph problems: a simple undirected graph and a bound k.

Independent set, vertex cover, clique and dominating set (Karp 1972; Garey & Johnson,
"Computers and Intractability", problems GT1, GT2, GT19 and GT20) all ask about a set of
vertices of a graph measured against a number k. :class:`BoundedGraph` holds what they share
(vertices ``0..n-1``, edges stored sorted as pairs ``u < v``, validation with one line naming
the fault, JSON, sizes, the certificate's JSON) and each problem is a subclass that says only
what its certificate must satisfy (:meth:`BoundedGraph.accepts`):

* ``indset``: at least k vertices, no two adjacent;
* ``vertexcover``: at most k vertices, every edge has an end among them;
* ``clique``: at least k vertices, every two adjacent;
* ``domset``: at most k vertices, every vertex is chosen or has a chosen neighbour.

A certificate is a set of vertices, given as a list of distinct vertex numbers (any order).
The decision versions take ``0 <= k <= n`` (outside it the answer is fixed and a reduction's
``n - k`` would leave the range).

>>> g = IndependentSet(4, ((0, 1), (1, 2), (2, 3)), 2)
>>> g.verify((0, 2)), g.verify((0, 1)), g.verify((3,))
(True, False, False)
>>> VertexCover(3, ((0, 1), (1, 2)), 1).verify([1])
True
"""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance

__all__ = ["BoundedGraph", "Clique", "Coloring", "DominatingSet", "Edge", "GRAPH_PROBLEMS", "IndependentSet",
           "ROOM_PROBLEMS", "VertexCover", "VertexSet", "check_simple", "neighbour_sets", "vertex_set"]

Edge = tuple[int, int]
VertexSet = tuple[int, ...]


def check_simple(n: Any, k: Any, pairs: Sequence[tuple[int, int]], pair: str, kind: str) -> None:
    """Raises :class:`InvalidInstance` unless ``n`` is a vertex count within MAX_VERTICES, ``k`` is
    in 0..n, and the sorted ``pairs`` (edges or arcs) join vertices of 0..n-1 with no loop and no
    repeat (shared by graphs and digraphs; ``pair`` and ``kind`` name them in the message).

    >>> check_simple(3, 1, [(0, 1), (0, 1)], "arc", "digraph")
    Traceback (most recent call last):
    npw.instances.base.InvalidInstance: arc (0, 1) occurs twice; the digraph must be simple
    """
    from npw.instances.validation import MAX_VERTICES, check_size

    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidInstance(f"num_vertices must be a non-negative integer, got {n!r}")
    check_size("num_vertices", n, MAX_VERTICES, "MAX_VERTICES")
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= n:
        raise InvalidInstance(f"k = {k!r} is not a number 0..{n} (0 <= k <= num_vertices)")
    previous = None
    for u, v in pairs:
        for w in (u, v):
            if not 0 <= w < n:
                raise InvalidInstance(f"{pair} ({u}, {v}) names vertex {w}, outside 0..{n - 1}")
        if u == v:
            raise InvalidInstance(f"{pair} ({u}, {v}) is a loop; the {kind} must be simple")
        if (u, v) == previous:  # sorted: a repeat is next to its twin
            raise InvalidInstance(f"{pair} ({u}, {v}) occurs twice; the {kind} must be simple")
        previous = (u, v)


def vertex_set(certificate: Any, num_vertices: int) -> frozenset[int] | None:
    """``certificate`` as a set of vertices of 0..num_vertices-1, or None if it is not a list of
    distinct such vertex numbers (shared by every vertex-set certificate, directed graphs too).

    >>> sorted(vertex_set([2, 0], 3)), vertex_set([0, 0], 3), vertex_set([3], 3), vertex_set([True], 3)
    ([0, 2], None, None, None)
    """
    try:
        given = list(certificate)  # once: a generator can be read only once
        vertices = [operator.index(v) for v in given]  # integers only: not 0.5, not "0"
    except (TypeError, ValueError):
        return None
    if any(isinstance(v, bool) for v in given) or len(set(vertices)) != len(vertices):
        return None
    if not all(0 <= v < num_vertices for v in vertices):
        return None
    return frozenset(vertices)


def neighbour_sets(num_vertices: int, edges: Iterable[tuple[int, int]]) -> tuple[frozenset[int], ...]:
    """Each vertex's neighbours in an undirected graph (this module's graphs, Hamiltonian path's).

    Parameters
    ----------
    num_vertices : int
        The vertices are 0 .. num_vertices - 1.
    edges : Iterable[tuple[int, int]]
        The edges, each pair once.

    Returns
    -------
    tuple[frozenset[int], ...]
        Entry v: the vertices joined to v.

    Examples
    --------
    >>> neighbour_sets(3, [(0, 1), (1, 2)])
    (frozenset({1}), frozenset({0, 2}), frozenset({1}))
    """
    adjacency: list[set[int]] = [set() for _ in range(num_vertices)]
    for u, v in edges:
        adjacency[u].add(v)
        adjacency[v].add(u)
    return tuple(frozenset(a) for a in adjacency)


@dataclass(frozen=True)
class BoundedGraph:
    """A simple undirected graph on vertices ``0..num_vertices-1`` and a bound ``k``."""

    problem: ClassVar[str] = ""
    # "at least" (indset, clique) or "at most" (vertexcover, domset): how a set's size meets k
    AT_LEAST: ClassVar[bool] = True
    num_vertices: int
    edges: tuple[Edge, ...]
    k: int
    _adjacency: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            edges = tuple(sorted((min(int(u), int(v)), max(int(u), int(v))) for u, v in self.edges))
        except (TypeError, ValueError):
            raise InvalidInstance("edges must be pairs of vertex numbers") from None
        object.__setattr__(self, "edges", edges)
        self.validate()
        object.__setattr__(self, "_adjacency", neighbour_sets(self.num_vertices, edges))

    # -- definition ----------------------------------------------------------------------
    def validate(self) -> None:
        check_simple(self.num_vertices, self.k, self.edges, "edge", "graph")

    def neighbours(self, v: int) -> frozenset[int]:
        return self._adjacency[v]

    def adjacent(self, u: int, v: int) -> bool:
        return v in self._adjacency[u]

    def degree(self, v: int) -> int:
        return len(self._adjacency[v])

    def chosen(self, certificate: Any) -> frozenset[int] | None:
        """The certificate as a set of vertices, or None if it is not a list of distinct vertices."""
        return vertex_set(certificate, self.num_vertices)

    def verify(self, certificate: Any) -> bool:
        """The certificate is a set of distinct vertices of the right size with the problem's property."""
        chosen = self.chosen(certificate)
        if chosen is None:
            return False
        if (len(chosen) < self.k) if self.AT_LEAST else (len(chosen) > self.k):
            return False
        return self.accepts(chosen)

    def accepts(self, chosen: frozenset[int]) -> bool:  # pragma: no cover - every problem overrides it
        raise NotImplementedError

    def size(self) -> dict[str, int]:
        return {"vertices": self.num_vertices, "edges": len(self.edges), "k": self.k}

    # -- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": FORMAT_VERSION, "num_vertices": self.num_vertices,
                "edges": [list(e) for e in self.edges], "k": self.k}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "BoundedGraph":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)  # types, and num_vertices within MAX_VERTICES, before adjacency
        return cls(model.num_vertices, tuple(model.edges), model.k)

    @staticmethod
    def certificate_to_json(certificate: Iterable[int]) -> list[int]:
        return sorted(int(v) for v in certificate)

    @staticmethod
    def certificate_from_json(obj: Any) -> VertexSet:
        from npw.instances.models import VertexSetCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, VertexSetCertificate, "a certificate is a list of vertex numbers"))

    # -- derived graphs --------------------------------------------------------------------
    def with_bound(self, k: int) -> "BoundedGraph":
        return type(self)(self.num_vertices, self.edges, k)

    def non_edges(self) -> tuple[Edge, ...]:
        """Every pair u < v that is not an edge: the edges of the complement graph."""
        present = set(self.edges)
        return tuple(e for e in itertools.combinations(range(self.num_vertices), 2) if e not in present)


class IndependentSet(BoundedGraph):
    """INDEPENDENT SET (Garey & Johnson GT20): k or more vertices, no two adjacent.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.
    k : int
        The bound on the number of vertices chosen (at least k).

    Examples
    --------
    A certificate is the chosen vertices:

    >>> from npw.api import IndependentSet
    >>> path = IndependentSet(3, ((0, 1), (1, 2)), 2)
    >>> path.verify([0, 2]), path.verify([0, 1])
    (True, False)
    """

    problem: ClassVar[str] = "indset"
    AT_LEAST: ClassVar[bool] = True

    def accepts(self, chosen: frozenset[int]) -> bool:
        return not any(u in chosen and v in chosen for u, v in self.edges)


class VertexCover(BoundedGraph):
    """VERTEX COVER (Garey & Johnson GT1): k or fewer vertices touching every edge.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.
    k : int
        The bound on the number of vertices chosen (at most k).

    Examples
    --------
    >>> VertexCover(3, ((0, 1), (1, 2), (0, 2)), 2).verify([0, 1]), VertexCover(3, ((0, 1), (1, 2), (0, 2)), 2).verify([0])
    (True, False)
    """

    problem: ClassVar[str] = "vertexcover"
    AT_LEAST: ClassVar[bool] = False

    def accepts(self, chosen: frozenset[int]) -> bool:
        return all(u in chosen or v in chosen for u, v in self.edges)


class Clique(BoundedGraph):
    """CLIQUE (Garey & Johnson GT19): k or more vertices, every two adjacent.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.
    k : int
        The bound on the number of vertices chosen (at least k).

    Examples
    --------
    >>> Clique(4, ((0, 1), (0, 2), (1, 2), (2, 3)), 3).verify([2, 0, 1]), Clique(4, ((0, 1),), 2).verify([1, 2])
    (True, False)
    """

    problem: ClassVar[str] = "clique"
    AT_LEAST: ClassVar[bool] = True

    def accepts(self, chosen: frozenset[int]) -> bool:
        return all(self.adjacent(u, v) for u, v in itertools.combinations(sorted(chosen), 2))


class DominatingSet(BoundedGraph):
    """DOMINATING SET (Garey & Johnson GT2): k or fewer vertices such that every vertex is one of
    them or adjacent to one.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.
    k : int
        The bound on the number of vertices chosen (at most k).

    Examples
    --------
    >>> star = DominatingSet(4, ((0, 1), (0, 2), (0, 3)), 1)
    >>> star.verify([0]), star.verify([1])
    (True, False)
    """

    problem: ClassVar[str] = "domset"
    AT_LEAST: ClassVar[bool] = False

    def accepts(self, chosen: frozenset[int]) -> bool:
        return all(v in chosen or not chosen.isdisjoint(self.neighbours(v)) for v in range(self.num_vertices))


class Coloring(BoundedGraph):
    """GRAPH K-COLORABILITY (Garey & Johnson GT4; Karp 1972's CHROMATIC NUMBER): a colour
    0..k-1 for every vertex, the two ends of every edge coloured differently.

    Not a vertex-set problem (not in :data:`GRAPH_PROBLEMS`): the certificate is a list of n
    colours, colour ``c[v]`` for vertex v, and k is the number of colours (0 <= k <= n: n colours
    always suffice).

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.
    k : int
        The bound on the number of colours.

    Examples
    --------
    >>> triangle = Coloring(3, ((0, 1), (1, 2), (0, 2)), 3)
    >>> triangle.verify([0, 1, 2]), triangle.verify([0, 1, 1]), triangle.verify([0, 1, 3]), triangle.verify([0, 1])
    (True, False, False, False)
    """

    problem: ClassVar[str] = "coloring"

    def colours(self, certificate: Any) -> tuple[int, ...] | None:
        """The certificate as n colours 0..k-1, or None if it is not such a list."""
        try:
            given = list(certificate)
            colours = tuple(operator.index(c) for c in given)  # integers only: not 0.5, not "0"
        except (TypeError, ValueError):
            return None
        if any(isinstance(c, bool) for c in given) or len(colours) != self.num_vertices:
            return None
        if not all(0 <= c < self.k for c in colours):
            return None
        return colours

    def verify(self, certificate: Any) -> bool:
        """The certificate gives every vertex a colour 0..k-1 and no edge's ends the same one."""
        colours = self.colours(certificate)
        return colours is not None and all(colours[u] != colours[v] for u, v in self.edges)

    @staticmethod
    def certificate_to_json(certificate: Iterable[int]) -> list[int]:  # type: ignore[override]
        return [int(c) for c in certificate]  # in vertex order: not sorted, unlike a vertex set

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import ColoringCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, ColoringCertificate, "a certificate is a list of colours, one per vertex"))


GRAPH_PROBLEMS: dict[str, type[BoundedGraph]] = {
    cls.problem: cls for cls in (IndependentSet, VertexCover, Clique, DominatingSet)
}
"""problem id -> instance type of the vertex-set problems, for the room's shared generators,
enumeration and registry entries."""

ROOM_PROBLEMS: dict[str, type[BoundedGraph]] = {**GRAPH_PROBLEMS, Coloring.problem: Coloring}
"""Every problem of the room (a graph and a bound k): the vertex-set ones and colouring; what a DIMACS
graph file's ``c npw PROBLEM k=K`` may name and what the enumeration builds."""
