"""The Hamiltonian path model: the instance types, their validation, the checker and JSON.

Hamiltonian path in undirected graphs is the source problem of the Solo Chess reductions
(Brunner et al., "Complexity of Solo Chess with Unlimited Moves", Section 3.1 and
Appendix A, Lemma A.1).

An instance is an undirected simple graph on vertices ``0..n-1`` with an optional
start ``s`` and end ``t``. A graph may carry integer *grid coordinates*: it is then
a grid graph in the sense of Itai, Papadimitriou and Szwarcfiter (1982), the
*induced* subgraph of the infinite grid on those points, so its edges must be
exactly the pairs of points at distance 1 (``validate`` names a missing or extra
edge). Lemma A.1's problems are max-degree-3 grid graphs with a start s of degree
1 (and optionally an end t of degree 1); those restricted problems are the
variants :class:`HamPathGridStart` (``hampath-grid-s``) and :class:`HamPathEnds`
(``hampath-st``), registered separately (:mod:`npw.instances.hampath.grid_s`,
:mod:`npw.instances.hampath.st`) so that the verifier enumerates exactly the source
instances each construction is stated for.

Certificate: the path, a tuple of all n vertices in order, starting at s and ending
at t where given, consecutive vertices adjacent. JSON: a list of integers.

>>> g = HamPath(3, ((0, 1), (1, 2)), s=0)
>>> g.verify((0, 1, 2)), g.verify((1, 0, 2))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance
from npw.instances.graphs.graph import neighbour_sets

__all__ = ["HamPath", "HamPathEnds", "HamPathGridStart", "Path", "Point", "STEPS", "grid_edges", "grid_instance"]

Point = tuple[int, int]
Path = tuple[int, ...]
STEPS: tuple[Point, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


def grid_edges(coords: Sequence[Point]) -> tuple[tuple[int, int], ...]:
    """The edges of the grid graph induced by ``coords`` (pairs at distance 1), sorted."""
    index = {p: i for i, p in enumerate(coords)}
    edges = []
    for i, (x, y) in enumerate(coords):
        for dx, dy in ((1, 0), (0, 1)):
            j = index.get((x + dx, y + dy))
            if j is not None:
                edges.append((min(i, j), max(i, j)))
    return tuple(sorted(edges))


@dataclass(frozen=True)
class HamPath:
    """Does the graph have a Hamiltonian path (from s, to t where given)?

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.
    s, t : int, optional
        The path's required start and end, where given.
    coords : sequence of (int, int), optional
        Grid points of the vertices, for a grid graph.

    Examples
    --------
    A certificate is the vertices in the path's order:

    >>> from npw.api import HamPath
    >>> path = HamPath(3, [(0, 1), (1, 2)])
    >>> path.verify((0, 1, 2)), path.verify((1, 0, 2))
    (True, False)
    """

    problem: ClassVar[str] = "hampath"
    num_vertices: int
    edges: tuple[tuple[int, int], ...]
    s: int | None = None
    t: int | None = None
    coords: tuple[Point, ...] | None = None
    _adjacency: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        edges = tuple(sorted((min(int(u), int(v)), max(int(u), int(v))) for u, v in self.edges))
        object.__setattr__(self, "edges", edges)
        if self.coords is not None:
            object.__setattr__(self, "coords", tuple((int(x), int(y)) for x, y in self.coords))
        self.validate()
        object.__setattr__(self, "_adjacency", neighbour_sets(self.num_vertices, edges))

    # -- definition ----------------------------------------------------------------------
    def validate(self) -> None:
        n = self.num_vertices
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidInstance(f"num_vertices must be a positive integer, got {n!r}")
        seen = set()
        for u, v in self.edges:
            for w in (u, v):
                if not 0 <= w < n:
                    raise InvalidInstance(f"edge ({u}, {v}) names vertex {w}, outside 0..{n - 1}")
            if u == v:
                raise InvalidInstance(f"edge ({u}, {v}) is a loop")
            if (u, v) in seen:
                raise InvalidInstance(f"edge ({u}, {v}) occurs twice")
            seen.add((u, v))
        for name in ("s", "t"):
            w = getattr(self, name)
            if w is not None and (not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < n):
                raise InvalidInstance(f"{name} = {w!r} is not a vertex 0..{n - 1}")
        if self.coords is not None:
            if len(self.coords) != n:
                raise InvalidInstance(f"{len(self.coords)} coordinates for {n} vertices")
            where: dict[Point, int] = {}
            for i, p in enumerate(self.coords):
                if p in where:
                    raise InvalidInstance(f"vertices {where[p]} and {i} share the grid point {p}")
                where[p] = i
            induced = set(grid_edges(self.coords))
            for e in self.edges:
                if e not in induced:
                    raise InvalidInstance(f"edge {e} joins grid points {self.coords[e[0]]} and "
                                          f"{self.coords[e[1]]}, not at distance 1")
            for e in sorted(induced - seen):
                raise InvalidInstance(f"grid points {self.coords[e[0]]} and {self.coords[e[1]]} (vertices "
                                      f"{e[0]}, {e[1]}) are at distance 1 but edge {e} is missing "
                                      "(grid graphs are induced)")

    def neighbours(self, v: int) -> frozenset[int]:
        return self._adjacency[v]

    def degree(self, v: int) -> int:
        return len(self._adjacency[v])

    def max_degree(self) -> int:
        return max((len(a) for a in self._adjacency), default=0)

    def is_grid(self) -> bool:
        return self.coords is not None

    def verify(self, certificate: Any) -> bool:
        """The path visits every vertex once, consecutive vertices adjacent, from s / to t."""
        try:
            path = [int(v) for v in certificate]
        except (TypeError, ValueError):
            return False
        if sorted(path) != list(range(self.num_vertices)):
            return False
        if self.s is not None and path[0] != self.s:
            return False
        if self.t is not None and path[-1] != self.t:
            return False
        return all(b in self._adjacency[a] for a, b in zip(path, path[1:]))

    def size(self) -> dict[str, int]:
        return {"vertices": self.num_vertices, "edges": len(self.edges)}

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        data: dict[str, Any] = {"problem": self.problem, "version": FORMAT_VERSION,
                                "num_vertices": self.num_vertices, "edges": [list(e) for e in self.edges]}
        if self.s is not None:
            data["s"] = self.s
        if self.t is not None:
            data["t"] = self.t
        if self.coords is not None:
            data["coords"] = [list(p) for p in self.coords]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "HamPath":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)  # types, and num_vertices within MAX_VERTICES before adjacency is built
        coords = None if model.coords is None else tuple(model.coords)
        return cls(model.num_vertices, tuple(model.edges), model.s, model.t, coords)

    @staticmethod
    def certificate_to_json(certificate: Path) -> list[int]:
        return [int(v) for v in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> Path:
        from npw.instances.models import HamPathCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, HamPathCertificate, "a hampath certificate is a list of vertex numbers"))

    def with_ends(self, s: int | None, t: int | None) -> "HamPath":
        return HamPath(self.num_vertices, self.edges, s, t, self.coords)


def grid_instance(coords: Sequence[Point], s: Point | None = None, t: Point | None = None,
                  cls: type[HamPath] = HamPath) -> HamPath:
    """The grid graph on ``coords`` (vertex i at coords[i]); s, t given as points."""
    coords = tuple(coords)
    index = {p: i for i, p in enumerate(coords)}
    return cls(len(coords), grid_edges(coords), None if s is None else index[s], None if t is None else index[t], coords)


class HamPathGridStart(HamPath):
    """Lemma A.1 (1): a max-degree-3 grid graph and a start s of degree 1, no end given.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges.
    s : int
        The start, of degree 1.
    coords : sequence of (int, int), optional
        Grid points of the vertices (a grid graph: the edges join neighbouring points).

    Examples
    --------
    >>> from npw.api import HamPathGridStart
    >>> row = HamPathGridStart(3, [(0, 1), (1, 2)], s=0, coords=((0, 0), (1, 0), (2, 0)))
    >>> row.verify((0, 1, 2)), row.verify((2, 1, 0))
    (True, False)
    """

    problem: ClassVar[str] = "hampath-grid-s"

    def validate(self) -> None:
        super().validate()
        _require_grid_max3(self)
        if self.s is None or self.t is not None:
            raise InvalidInstance("hampath-grid-s needs a start s and no end t")
        _require_degree_one(self, "s", self.s)


class HamPathEnds(HamPath):
    """Lemma A.1 (2): a max-degree-3 graph with start s and end t, both of degree 1 (s != t).

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges.
    s, t : int
        The start and the end, each of degree 1.
    coords : sequence of (int, int), optional
        Grid points of the vertices, where given.

    Examples
    --------
    >>> from npw.api import HamPathEnds
    >>> line = HamPathEnds(4, [(0, 1), (1, 2), (2, 3)], s=0, t=3)
    >>> line.verify((0, 1, 2, 3)), line.verify((3, 2, 1, 0))
    (True, False)
    """

    problem: ClassVar[str] = "hampath-st"

    def validate(self) -> None:
        super().validate()
        degrees = _degrees(self)
        worst = max(range(self.num_vertices), key=lambda v: degrees[v])
        if degrees[worst] > 3:
            raise InvalidInstance(f"vertex {worst} has degree {degrees[worst]}; hampath-st needs max degree 3")
        if self.s is None or self.t is None or self.s == self.t:
            raise InvalidInstance("hampath-st needs distinct s and t")
        _require_degree_one(self, "s", self.s)
        _require_degree_one(self, "t", self.t)


def _degrees(g: HamPath) -> list[int]:
    degrees = [0] * g.num_vertices
    for u, v in g.edges:
        degrees[u] += 1
        degrees[v] += 1
    return degrees


def _require_grid_max3(g: HamPath) -> None:
    if g.coords is None:
        raise InvalidInstance(f"{g.problem} needs grid coordinates")
    degrees = _degrees(g)
    for v, d in enumerate(degrees):
        if d > 3:
            raise InvalidInstance(f"vertex {v} at {g.coords[v]} has degree {d}; {g.problem} needs max degree 3")


def _require_degree_one(g: HamPath, name: str, v: int) -> None:
    d = sum(1 for e in g.edges if v in e)
    if d != 1:
        raise InvalidInstance(f"{name} = vertex {v} has degree {d}; {g.problem} needs degree 1")
