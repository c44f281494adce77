"""Hamiltonian path in undirected graphs, the source problem of the Solo Chess
reductions (Brunner et al., "Complexity of Solo Chess with Unlimited Moves",
Section 3.1 and Appendix A, Lemma A.1).

An instance is an undirected simple graph on vertices ``0..n-1`` with an optional
start ``s`` and end ``t``. A graph may carry integer *grid coordinates*: it is then
a grid graph in the sense of Itai, Papadimitriou and Szwarcfiter (1982), the
*induced* subgraph of the infinite grid on those points, so its edges must be
exactly the pairs of points at distance 1 (``validate`` names a missing or extra
edge). Lemma A.1's problems are max-degree-3 grid graphs with a start s of degree
1 (and optionally an end t of degree 1); those restricted problems are the
variants :class:`HamPathGridStart` (``hampath-grid-s``) and :class:`HamPathEnds`
(``hampath-st``), registered separately so that the verifier enumerates exactly the
source instances each construction is stated for.

Certificate: the path, a tuple of all n vertices in order, starting at s and ending
at t where given, consecutive vertices adjacent. JSON: a list of integers.

>>> g = HamPath(3, ((0, 1), (1, 2)), s=0)
>>> g.verify((0, 1, 2)), g.verify((1, 0, 2))
(True, False)

Generators (all seeded): ``grid`` (random connected max-degree-3 grid graph),
``planted`` (a random self-avoiding walk thickened into a max-degree-3 grid graph:
the walk is a Hamiltonian path, s and t its ends), ``certified-no`` (a grid graph
with three or more degree-1 vertices, or a colour-class imbalance of two or more:
no Hamiltonian path, by the leaf and parity arguments), ``random`` (G(n, p)
restricted to max degree 3). TSPLIB HCP export/import: :func:`to_hcp`, :func:`from_hcp`.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem, check_header, require

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
    """Does the graph have a Hamiltonian path (from s, to t where given)?"""

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
        adjacency: list[set[int]] = [set() for _ in range(self.num_vertices)]
        for u, v in edges:
            adjacency[u].add(v)
            adjacency[v].add(u)
        object.__setattr__(self, "_adjacency", tuple(frozenset(a) for a in adjacency))

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
        check_header(data, cls.problem)
        n = require(data, "num_vertices", int)
        edges = require(data, "edges", list)
        for e in edges:
            if not isinstance(e, list) or len(e) != 2 or not all(isinstance(w, int) and not isinstance(w, bool) for w in e):
                raise InvalidInstance(f"edge {e!r} is not a pair of vertex numbers")
        coords = data.get("coords")
        if coords is not None:
            if not isinstance(coords, list) or not all(
                    isinstance(p, list) and len(p) == 2 and all(isinstance(c, int) and not isinstance(c, bool) for c in p)
                    for p in coords):
                raise InvalidInstance("coords must be a list of [x, y] integer pairs")
            coords = tuple(tuple(p) for p in coords)
        return cls(n, tuple(tuple(e) for e in edges), data.get("s"), data.get("t"), coords)

    @staticmethod
    def certificate_to_json(certificate: Path) -> list[int]:
        return [int(v) for v in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> Path:
        if not isinstance(obj, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in obj):
            raise InvalidInstance("a hampath certificate is a list of vertex numbers")
        return tuple(obj)

    def with_ends(self, s: int | None, t: int | None) -> "HamPath":
        return HamPath(self.num_vertices, self.edges, s, t, self.coords)


def grid_instance(coords: Sequence[Point], s: Point | None = None, t: Point | None = None,
                  cls: type[HamPath] = HamPath) -> HamPath:
    """The grid graph on ``coords`` (vertex i at coords[i]); s, t given as points."""
    coords = tuple(coords)
    index = {p: i for i, p in enumerate(coords)}
    return cls(len(coords), grid_edges(coords), None if s is None else index[s], None if t is None else index[t], coords)


class HamPathGridStart(HamPath):
    """Lemma A.1 (1): a max-degree-3 grid graph and a start s of degree 1, no end given."""

    problem: ClassVar[str] = "hampath-grid-s"

    def validate(self) -> None:
        super().validate()
        _require_grid_max3(self)
        if self.s is None or self.t is not None:
            raise InvalidInstance("hampath-grid-s needs a start s and no end t")
        _require_degree_one(self, "s", self.s)


class HamPathEnds(HamPath):
    """Lemma A.1 (2): a max-degree-3 graph with start s and end t, both of degree 1 (s != t)."""

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


# -- grid shapes: polyominoes -----------------------------------------------------------------

def _normalise(cells) -> tuple[Point, ...]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


SYMMETRIES = (lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
              lambda x, y: (-x, y), lambda x, y: (y, x), lambda x, y: (x, -y), lambda x, y: (-y, -x))


def canonical_marked(cells: Sequence[Point], marks: Sequence[Point | None]) -> tuple:
    """Canonical form of a point set with marked points under the 8 symmetries and translation."""
    best = None
    for f in SYMMETRIES:
        moved = [f(x, y) for x, y in cells]
        mx = min(x for x, _ in moved)
        my = min(y for _, y in moved)
        shape = tuple(sorted((x - mx, y - my) for x, y in moved))
        marked = tuple(None if m is None else (f(*m)[0] - mx, f(*m)[1] - my) for m in marks)
        key = (shape, tuple((-1, -1) if m is None else m for m in marked))
        if best is None or key < best:
            best = key
    return best


def polyominoes(max_cells: int, max_degree: int = 3) -> Iterator[tuple[Point, ...]]:
    """Every connected induced grid graph with 1..max_cells vertices and the given maximum
    degree, once per class under translation, rotation and reflection (free polyominoes
    filtered by degree). The growth runs over *all* connected shapes (every shape of k+1 cells
    is a shape of k cells plus one cell) and filters by degree only at output."""
    layer = {canonical_marked([(0, 0)], [])[0]}
    for size in range(1, max_cells + 1):
        for shape in sorted(layer):
            if _max_degree(shape) <= max_degree:
                yield shape
        if size == max_cells:
            return
        grown = set()
        for shape in layer:
            cells = set(shape)
            for x, y in shape:
                for dx, dy in STEPS:
                    p = (x + dx, y + dy)
                    if p not in cells:
                        grown.add(canonical_marked(list(cells | {p}), [])[0])
        layer = grown


def _max_degree(cells: Sequence[Point]) -> int:
    s = set(cells)
    return max(sum((x + dx, y + dy) in s for dx, dy in STEPS) for x, y in cells)


# -- generators ---------------------------------------------------------------------------------

def random_grid_shape(rng: _random.Random, num_vertices: int, max_degree: int = 3) -> list[Point]:
    """A random connected max-degree-3 point set, grown cell by cell (rejecting cells that would
    raise a degree above ``max_degree``)."""
    cells = [(0, 0)]
    occupied = {(0, 0)}
    stalls = 0
    while len(cells) < num_vertices and stalls < 1000:
        x, y = rng.choice(cells)
        dx, dy = rng.choice(STEPS)
        p = (x + dx, y + dy)
        if p in occupied:
            stalls += 1
            continue
        trial = occupied | {p}
        near = [p] + [(p[0] + a, p[1] + b) for a, b in STEPS if (p[0] + a, p[1] + b) in occupied]
        if any(sum((q[0] + a, q[1] + b) in trial for a, b in STEPS) > max_degree for q in near):
            stalls += 1
            continue
        cells.append(p)
        occupied.add(p)
    return list(_normalise(cells))


def random_grid_instance(seed: int, num_vertices: int = 12, ends: str = "none") -> HamPath:
    """A random connected max-degree-3 grid graph; ``ends`` = none | s | st picks s (and t)
    among the degree-1 vertices when there are enough of them."""
    rng = _random.Random(seed)
    coords = random_grid_shape(rng, num_vertices)
    g = grid_instance(coords)
    leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1]
    rng.shuffle(leaves)
    s = leaves[0] if ends in ("s", "st") and leaves else None
    t = leaves[1] if ends == "st" and len(leaves) > 1 else None
    return g.with_ends(s, t)


def planted_instance(seed: int, num_vertices: int = 12) -> HamPath:
    """Yes by construction: a random self-avoiding walk whose induced grid graph has max degree 3
    (cells raising a degree past 3 are refused); the walk is a Hamiltonian path, s and t its ends."""
    rng = _random.Random(seed)
    for _attempt in range(200):
        walk = [(0, 0)]
        occupied = {(0, 0)}
        while len(walk) < num_vertices:
            x, y = walk[-1]
            options = []
            for dx, dy in STEPS:
                p = (x + dx, y + dy)
                if p in occupied:
                    continue
                trial = occupied | {p}
                near = [p] + [(p[0] + a, p[1] + b) for a, b in STEPS if (p[0] + a, p[1] + b) in occupied]
                if all(sum((q[0] + a, q[1] + b) in trial for a, b in STEPS) <= 3 for q in near):
                    options.append(p)
            if not options:
                break
            p = rng.choice(options)
            walk.append(p)
            occupied.add(p)
        if len(walk) == num_vertices:
            break
    mx = min(x for x, _ in walk)
    my = min(y for _, y in walk)
    coords = [(x - mx, y - my) for x, y in walk]
    return grid_instance(coords, coords[0], coords[-1])


def certified_no_instance(seed: int, num_vertices: int = 12) -> HamPath:
    """No by construction: a random max-degree-3 grid graph that has three degree-1 vertices
    (a Hamiltonian path has at most two ends, and a degree-1 vertex must be one), or, if the
    growth found none, whose two colour classes differ by two or more (a path alternates
    colours, so the classes of a Hamiltonian path differ by at most one), or which is
    disconnected. Resampled until one of these holds; the reason is checkable in the output."""
    rng = _random.Random(seed)
    for _attempt in range(500):
        coords = random_grid_shape(rng, max(num_vertices, 4))
        g = grid_instance(coords)
        if certain_no_reason(g):
            return g
    # two far apart points: disconnected
    return grid_instance([(0, 0), (2, 0)] + [(2 + i, 0) for i in range(1, num_vertices - 1)])


def certain_no_reason(g: HamPath) -> str | None:
    """A reason, checkable in linear time, why ``g`` has no Hamiltonian path; None if none found."""
    leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1 and g.num_vertices > 2]
    allowed_ends = 2 - (g.s is not None and g.degree(g.s) != 1) - (g.t is not None and g.degree(g.t) != 1)
    if len(leaves) > max(allowed_ends, 0):
        return f"{len(leaves)} vertices of degree 1"
    if g.coords is not None and g.s is None and g.t is None:
        black = sum((x + y) % 2 == 0 for x, y in g.coords)
        if abs(2 * black - g.num_vertices) >= 2:
            return "colour classes differ by two or more"
    seen = {0}
    stack = [0]
    while stack:
        for w in g.neighbours(stack.pop()):
            if w not in seen:
                seen.add(w)
                stack.append(w)
    if len(seen) < g.num_vertices:
        return "disconnected"
    return None


def random_graph_instance(seed: int, num_vertices: int = 10, p: float = 0.4) -> HamPath:
    """G(n, p) with edges dropped so that no degree exceeds 3 (no coordinates)."""
    rng = _random.Random(seed)
    degrees = [0] * num_vertices
    edges = []
    for u in range(num_vertices):
        for v in range(u + 1, num_vertices):
            if rng.random() < p and degrees[u] < 3 and degrees[v] < 3:
                edges.append((u, v))
                degrees[u] += 1
                degrees[v] += 1
    return HamPath(num_vertices, tuple(edges))


# -- verification stream, enumeration, shrinking ----------------------------------------------

def verification_sample(seed: int) -> HamPath:
    """A small random max-degree-3 grid graph (2-10 vertices) with random ends (none, s, or s and t,
    anywhere): both answers are common."""
    rng = _random.Random(seed)
    n = rng.randint(2, 10)
    g = grid_instance(random_grid_shape(rng, n))
    mode = rng.randrange(3)
    s = rng.randrange(g.num_vertices) if mode >= 1 else None
    t = rng.randrange(g.num_vertices) if mode == 2 else None
    return g.with_ends(s, t)


def enumerate_instances(max_vertices: int) -> Iterator[HamPath]:
    """Every connected max-degree-3 grid graph with 1..max_vertices vertices, once per class under
    translation, rotation and reflection, without s and t; then each with every start s (one per
    symmetry class of (shape, s)), no t."""
    for shape in polyominoes(max_vertices):
        yield grid_instance(shape)
    for shape in polyominoes(max_vertices):
        seen = set()
        for s in shape:
            key = canonical_marked(shape, [s])
            if key not in seen:
                seen.add(key)
                yield grid_instance(shape, s)


def shrink(instance: HamPath) -> Iterator[HamPath]:
    """Delete one vertex (keeping the grid induced; s/t dropped if deleted), or forget t, or s."""
    n = instance.num_vertices
    cls = type(instance)
    if instance.t is not None and cls is HamPath:
        yield instance.with_ends(instance.s, None)
    if instance.s is not None and cls is HamPath:
        yield instance.with_ends(None, instance.t)
    if n <= 1:
        return
    for v in range(n):
        keep = [w for w in range(n) if w != v]
        new = {w: i for i, w in enumerate(keep)}
        edges = tuple((new[a], new[b]) for a, b in instance.edges if v not in (a, b))
        coords = None if instance.coords is None else tuple(instance.coords[w] for w in keep)
        s = None if instance.s in (None, v) else new[instance.s]
        t = None if instance.t in (None, v) else new[instance.t]
        try:
            yield cls(n - 1, edges, s, t, coords)
        except InvalidInstance:
            continue  # the variant's restrictions (degree-1 ends) no longer hold


# -- TSPLIB HCP -------------------------------------------------------------------------------

def to_hcp(instance: HamPath, name: str = "npw") -> str:
    """TSPLIB HCP text (EDGE_LIST, vertices numbered from 1). s, t and coordinates are not part
    of the format and are written as COMMENT lines only."""
    lines = [f"NAME : {name}", "TYPE : HCP", f"DIMENSION : {instance.num_vertices}"]
    if instance.s is not None or instance.t is not None:
        lines.append(f"COMMENT : s={instance.s} t={instance.t} (0-based)")
    lines += ["EDGE_DATA_FORMAT : EDGE_LIST", "EDGE_DATA_SECTION"]
    lines += [f"{u + 1} {v + 1}" for u, v in instance.edges]
    lines += ["-1", "EOF"]
    return "\n".join(lines) + "\n"


def from_hcp(text: str) -> HamPath:
    """Reads TSPLIB HCP (EDGE_LIST) text; raises InvalidInstance naming the bad line."""
    dimension = None
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
            if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
                raise InvalidInstance(f"HCP line {number}: expected two vertex numbers, got {line!r}")
            edges.append((int(parts[0]) - 1, int(parts[1]) - 1))
            continue
        key, _, value = line.partition(":")
        key = key.strip().upper()
        if key == "DIMENSION":
            dimension = int(value)
        elif key == "EDGE_DATA_FORMAT" and value.strip().upper() != "EDGE_LIST":
            raise InvalidInstance(f"HCP line {number}: only EDGE_LIST is supported")
        elif key == "EDGE_DATA_SECTION":
            in_edges = True
    if dimension is None:
        raise InvalidInstance("HCP: missing DIMENSION")
    unique = sorted({(min(u, v), max(u, v)) for u, v in edges})
    return HamPath(dimension, tuple(unique))


PROBLEM = Problem(
    id="hampath",
    title="Hamiltonian path in an undirected graph (optional start s and end t)",
    instance_type=HamPath,
    certificate_doc="path: list of all vertices in order (from s, to t where given)",
    generators={
        "grid": random_grid_instance,
        "planted": planted_instance,
        "certified-no": certified_no_instance,
        "random": random_graph_instance,
    },
    default_generator="grid",
    enumerate=enumerate_instances,
    enumerate_doc=enumerate_instances.__doc__ or "",
    shrink=shrink,
    sample=verification_sample,
    verify_deciders=("dp", "sat"),
)
