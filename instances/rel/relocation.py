"""REL: relocation along an Eulerian path (Ratner & Warmuth 1990, Section 3).

A graph (directed, or undirected) whose edges have integer capacities, and elements
each with an initial and a final vertex. A truck walks a path that uses every edge
exactly once (an Eulerian path); along each edge it ships at most the edge's
capacity of elements that are at the edge's start at that moment. Yes iff some such
walk brings every element to its final vertex. The paper's graphs are planar with
capacities 0 and 2; the model here allows any capacities and says which variant an
instance is (:meth:`Relocation.variant`).

Certificate: the walk as a sequence of steps ``(edge index, start vertex, shipped
elements)``; the checker simulates it. JSON: a list of ``[edge, start, [elements]]``.

>>> r = Relocation(("a", "b"), (("a", "b", 1),), ("p",), ("a",), ("b",))
>>> r.verify(((0, "a", ("p",)),)), r.verify(((0, "a", ()),))
(True, False)
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.elements import rel_elements

__all__ = ["Edge", "PROBLEM", "Relocation", "Step", "random_instance", "verification_sample"]

Edge = tuple[str, str, int]  # tail, head, capacity
Step = tuple[int, str, tuple[str, ...]]  # edge index, start vertex, shipped elements


@dataclass(frozen=True)
class Relocation:
    """REL, relocation (Ratner & Warmuth, Section 2): can one walk over every edge once, each edge
    carrying at most its capacity of elements, take every element from its initial vertex to
    its final one?

    Parameters
    ----------
    vertices : sequence of str
        The graph's vertices.
    edges : sequence of (str, str, int)
        (tail, head, capacity).
    elements : sequence of str
        The elements' names.
    initial, final : sequence of str
        Each element's vertex at the start and at the end.
    directed : bool, default True
        Whether edges are walked from tail to head only.

    Examples
    --------
    A certificate is the walk: (edge index, vertex walked from, elements carried) per step:

    >>> from npw.api import Relocation
    >>> r = Relocation(("a", "b"), (("a", "b", 1),), ("p",), ("a",), ("b",))
    >>> r.verify(((0, "a", ("p",)),)), r.verify(((0, "a", ()),))
    (True, False)
    """

    problem: ClassVar[str] = "rel"

    vertices: tuple[str, ...]
    edges: tuple[Edge, ...]
    elements: tuple[str, ...]
    initial: tuple[str, ...]  # vertex of element i at the start
    final: tuple[str, ...]  # vertex of element i at the end
    directed: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "vertices", tuple(self.vertices))
        object.__setattr__(self, "edges", tuple((str(t), str(h), c) for t, h, c in self.edges))
        for name in ("elements", "initial", "final"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        self.validate()

    def validate(self) -> None:
        known = set(self.vertices)
        if len(known) != len(self.vertices):
            raise InvalidInstance("vertex names must be distinct")
        for index, (tail, head, capacity) in enumerate(self.edges):
            for end in (tail, head):
                if end not in known:
                    raise InvalidInstance(f"edge e{index} ({tail}, {head}) uses unknown vertex {end!r}")
            if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 0:
                raise InvalidInstance(f"edge e{index} ({tail}, {head}) has capacity {capacity!r}; need an integer >= 0")
        if len(set(self.elements)) != len(self.elements):
            raise InvalidInstance("element names must be distinct")
        for name in ("initial", "final"):
            places = getattr(self, name)
            if len(places) != len(self.elements):
                raise InvalidInstance(f"{name} configuration places {len(places)} elements; there are {len(self.elements)}")
            for element, vertex in zip(self.elements, places):
                if vertex not in known:
                    raise InvalidInstance(f"element {element} is placed at unknown vertex {vertex!r} ({name})")

    # -- the checker --------------------------------------------------------------------
    def verify(self, certificate: Any) -> bool:
        """Simulates the walk: every edge once, consecutive, capacities kept, elements present."""
        try:
            steps = [(int(e), str(v), tuple(shipped)) for e, v, shipped in certificate]
        except (TypeError, ValueError):
            return False
        if sorted(e for e, _, _ in steps) != list(range(len(self.edges))):
            return False
        where = dict(zip(self.elements, self.initial))
        here = steps[0][1] if steps else None
        for edge, start, shipped in steps:
            tail, head, capacity = self.edges[edge]
            if start != here and here is not None:
                return False
            if start == tail:
                end = head
            elif not self.directed and start == head:
                end = tail
            else:
                return False
            if len(shipped) > capacity or len(set(shipped)) != len(shipped):
                return False
            for element in shipped:
                if where.get(element) != start:
                    return False
                where[element] = end
            here = end
        return all(where[e] == f for e, f in zip(self.elements, self.final))

    # -- description --------------------------------------------------------------------
    def is_planar(self) -> bool:
        import networkx as nx

        graph = nx.Graph()
        graph.add_nodes_from(self.vertices)
        graph.add_edges_from((t, h) for t, h, _ in self.edges if t != h)
        return nx.check_planarity(graph)[0]

    def variant(self) -> str:
        capacities = sorted({c for _, _, c in self.edges})
        kind = "directed" if self.directed else "undirected"
        planar = "planar" if self.is_planar() else "NOT planar (outside the paper's definition)"
        return f"{kind}, {planar}, capacities {capacities}"

    def size(self) -> dict[str, int]:
        return {"vertices": len(self.vertices), "edges": len(self.edges), "elements": len(self.elements)}

    def to_dict(self) -> dict:
        return {
            "problem": self.problem, "version": FORMAT_VERSION, "directed": self.directed,
            "vertices": list(self.vertices), "edges": [list(e) for e in self.edges],
            "elements": list(self.elements), "initial": list(self.initial), "final": list(self.final),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Relocation":
        from npw.instances.validation import checked

        # vertex and element ids are strings, directed a JSON boolean (not "no", 0 or [])
        model = checked(data, cls.problem)
        return cls(tuple(model.vertices), tuple(model.edges), tuple(model.elements), tuple(model.initial),
                   tuple(model.final), model.directed)

    @staticmethod
    def certificate_to_json(certificate: Any) -> list:
        return [[e, v, list(shipped)] for e, v, shipped in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[Step, ...]:
        from npw.instances.models import RelCertificate
        from npw.instances.validation import check_certificate

        steps = check_certificate(obj, RelCertificate, "a REL certificate is a list of [edge, start vertex, [elements]]")
        return tuple((edge, start, tuple(shipped)) for edge, start, shipped in steps)


@takes(
    vertices=Param(2, help="vertices"),
    edges=Param(0, help="edges of the Eulerian walk"),
    elements=Param(0, help="elements to relocate"),
    max_capacity=Param(0, help="the largest edge capacity"),
)
def random_instance(seed: int, vertices: int = 4, edges: int = 6, elements: int = 3, max_capacity: int = 2,
                    directed: bool = True) -> Relocation:
    """A random multigraph with an Eulerian walk (a random closed or open walk's edges), random
    capacities 0..max_capacity, and elements at random initial and final vertices."""
    rng = _random.Random(seed)
    names = tuple(f"v{i}" for i in range(vertices))
    walk = [rng.choice(names)]
    edge_list = []
    for _ in range(edges):
        nxt = rng.choice([v for v in names if v != walk[-1]] or names)
        edge_list.append((walk[-1], nxt, rng.randint(0, max_capacity)))
        walk.append(nxt)
    rng.shuffle(edge_list)
    element_names = tuple(f"p{i}" for i in range(elements))
    initial = tuple(rng.choice(walk) for _ in element_names)
    final = tuple(rng.choice(walk) for _ in element_names)
    return Relocation(names, tuple(edge_list), element_names, initial, final, directed)


def verification_sample(seed: int) -> Relocation:
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(2, 4), rng.randint(2, 6), rng.randint(1, 3),
                           rng.choice([1, 2, 3]), rng.random() < 0.7)


def _verify_deciders() -> tuple[str, ...]:
    """First the local-order decider (``local``): it proves the no-instances of Theorem 2 and of
    the chain from 1-in-3-SAT (m = 50 in about a second) where the whole-walk encodings stall
    at m = 7 (BENCHMARKS.md, "Issue 17: REL"). Second, CP-SAT (optional extra ``cp``), or
    without OR-Tools the order CNF."""
    import importlib.util

    return ("local", "cpsat") if importlib.util.find_spec("ortools") else ("local", "sat")


PROBLEM = Problem(
    id="rel",
    title="REL: relocate elements along an Eulerian path with edge capacities",
    instance_type=Relocation,
    certificate_doc="list of [edge index, start vertex, [shipped elements]] in walk order",
    generators={"random": random_instance},
    default_generator="random",
    sample=verification_sample,
    verify_deciders=_verify_deciders(),
    deciders=("sat", "cpsat", "sat-time", "search", "local"),
    renderer="npw.instances.rel.render:render_svg",
    elements=rel_elements,
    file_model="npw.instances.models:RelFile",
)
