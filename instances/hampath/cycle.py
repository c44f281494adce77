"""Hamiltonian cycle, undirected (``hamcycle``) and directed (``dhamcycle``): Karp (1972), problems
"undirected Hamiltonian circuit" and "directed Hamiltonian circuit"; Garey & Johnson (1979), GT37
and its directed form. The problems of the Hamiltonian room that ask for a closed tour.

An instance is a simple graph on vertices ``0..n-1``: edges ``(u, v)`` stored sorted with
``u < v`` (undirected), or arcs ``(tail, head)`` as given (directed; both ``(u, v)`` and
``(v, u)`` may be present, they are two arcs). No loops, no repeated edge or arc.

Certificate: the cycle as the list of all n vertices in the order it visits them (starting
anywhere, in either direction for ``hamcycle``), each consecutive pair joined by an edge (arc
from the earlier to the later), and the last joined back to the first. A simple undirected graph
has a cycle only on three or more vertices (a "cycle" 0, 1 would use edge 0-1 twice); a digraph
has one on two (arcs 0->1 and 1->0). One vertex has no cycle in either (no loops).

>>> triangle = HamCycle(3, ((0, 1), (1, 2), (0, 2)))
>>> triangle.verify((2, 0, 1)), HamCycle(2, ((0, 1),)).verify((0, 1))
(True, False)
>>> d = DirectedHamCycle(3, ((0, 1), (1, 2), (2, 0)))
>>> d.verify((0, 1, 2)), d.verify((0, 2, 1))  # against the arcs' direction
(True, False)
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from npw.instances.base import FORMAT_VERSION, InvalidInstance

__all__ = ["CYCLE_PROBLEMS", "Cycle", "DirectedHamCycle", "Edge", "HamCycle", "relabel"]

Edge = tuple[int, int]
Cycle = tuple[int, ...]


@dataclass(frozen=True)
class HamCycle:
    """Does the undirected graph have a Hamiltonian cycle?

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges of a simple graph.

    Examples
    --------
    A certificate is the vertices in the cycle's order:

    >>> from npw.api import HamCycle
    >>> square = HamCycle(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    >>> square.verify((0, 1, 2, 3)), square.verify((0, 2, 1, 3))
    (True, False)
    """

    problem: ClassVar[str] = "hamcycle"
    DIRECTED: ClassVar[bool] = False
    # the fewest vertices a cycle of this kind can have (simple graphs: 3; digraphs: 2)
    SMALLEST_CYCLE: ClassVar[int] = 3
    num_vertices: int
    edges: tuple[Edge, ...]
    # successors (the neighbours of an undirected graph) and predecessors of each vertex
    _out: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)
    _in: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            pairs = [(int(u), int(v)) for u, v in self.edges]
        except (TypeError, ValueError):
            raise InvalidInstance("edges must be pairs of vertex numbers") from None
        edges = tuple(sorted(pairs if self.DIRECTED else [(min(u, v), max(u, v)) for u, v in pairs]))
        object.__setattr__(self, "edges", edges)
        self.validate()
        out: list[set[int]] = [set() for _ in range(self.num_vertices)]
        into: list[set[int]] = [set() for _ in range(self.num_vertices)]
        for u, v in edges:
            out[u].add(v)
            into[v].add(u)
            if not self.DIRECTED:
                out[v].add(u)
                into[u].add(v)
        object.__setattr__(self, "_out", tuple(frozenset(a) for a in out))
        object.__setattr__(self, "_in", tuple(frozenset(a) for a in into))

    # -- definition ----------------------------------------------------------------------
    def validate(self) -> None:
        from npw.instances.validation import MAX_VERTICES, check_size

        n = self.num_vertices
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidInstance(f"num_vertices must be a positive integer, got {n!r}")
        check_size("num_vertices", n, MAX_VERTICES, "MAX_VERTICES")
        what = "arc" if self.DIRECTED else "edge"
        previous = None
        for u, v in self.edges:
            for w in (u, v):
                if not 0 <= w < n:
                    raise InvalidInstance(f"{what} ({u}, {v}) names vertex {w}, outside 0..{n - 1}")
            if u == v:
                raise InvalidInstance(f"{what} ({u}, {v}) is a loop; the graph must be simple")
            if (u, v) == previous:  # sorted: a repeat is next to its twin
                raise InvalidInstance(f"{what} ({u}, {v}) occurs twice; the graph must be simple")
            previous = (u, v)

    def successors(self, v: int) -> frozenset[int]:
        """The vertices an edge (arc) leads to from v: its neighbours when undirected."""
        return self._out[v]

    def predecessors(self, v: int) -> frozenset[int]:
        """The vertices with an edge (arc) to v: its neighbours when undirected."""
        return self._in[v]

    def neighbours(self, v: int) -> frozenset[int]:
        """Every vertex joined to v, either way."""
        return self._out[v] | self._in[v]

    def joined(self, u: int, v: int) -> bool:
        """Whether an edge joins u and v (an arc leads from u to v)."""
        return v in self._out[u]

    def degree(self, v: int) -> int:
        return len(self.neighbours(v))

    def verify(self, certificate: Any) -> bool:
        """The cycle visits every vertex once, consecutive vertices joined, the last back to the first."""
        try:
            given = list(certificate)
            cycle = [operator.index(v) for v in given]  # integers only: not "0", not 0.5
        except (TypeError, ValueError):
            return False
        if any(isinstance(v, bool) for v in given) or sorted(cycle) != list(range(self.num_vertices)):
            return False
        if self.num_vertices < self.SMALLEST_CYCLE:
            return False
        return all(self.joined(a, b) for a, b in zip(cycle, cycle[1:] + cycle[:1]))

    def size(self) -> dict[str, int]:
        return {"vertices": self.num_vertices, "arcs" if self.DIRECTED else "edges": len(self.edges)}

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": FORMAT_VERSION, "num_vertices": self.num_vertices,
                "edges": [list(e) for e in self.edges]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "HamCycle":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)  # types, and num_vertices within MAX_VERTICES, before adjacency
        return cls(model.num_vertices, tuple(model.edges))

    @staticmethod
    def certificate_to_json(certificate: Cycle) -> list[int]:
        return [int(v) for v in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> Cycle:
        from npw.instances.models import HamPathCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, HamPathCertificate, "a Hamiltonian cycle is a list of vertex numbers"))


class DirectedHamCycle(HamCycle):
    """Does the digraph have a Hamiltonian cycle (every arc followed from tail to head)?

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The arcs, (tail, head).

    Examples
    --------
    >>> from npw.api import DirectedHamCycle
    >>> triangle = DirectedHamCycle(3, [(0, 1), (1, 2), (2, 0)])
    >>> triangle.verify((0, 1, 2)), triangle.verify((0, 2, 1))
    (True, False)
    """

    problem: ClassVar[str] = "dhamcycle"
    DIRECTED: ClassVar[bool] = True
    SMALLEST_CYCLE: ClassVar[int] = 2


def relabel(g: HamCycle, new_label: list[int]) -> HamCycle:
    """``g`` with vertex v renamed ``new_label[v]`` (a permutation of 0..n-1): the generators plant a
    cycle as 0, 1, ..., n-1 and relabel so that it does not sit in the numbering.

    >>> relabel(DirectedHamCycle(3, ((0, 1), (1, 2))), [2, 0, 1]).edges
    ((0, 1), (2, 0))
    """
    if sorted(new_label) != list(range(g.num_vertices)):
        raise ValueError(f"not a permutation of 0..{g.num_vertices - 1}: {new_label}")
    return type(g)(g.num_vertices, tuple((new_label[u], new_label[v]) for u, v in g.edges))


CYCLE_PROBLEMS: dict[str, type[HamCycle]] = {"hamcycle": HamCycle, "dhamcycle": DirectedHamCycle}
