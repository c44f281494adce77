"""Hamiltonian path in a max-degree-3 grid graph with two pinned dumbbells (``hampath-dumbbells``):
the form of Papadimitriou & Vazirani's (1984) graph G4' that Lemma A.1 of Brunner et al.,
"Complexity of Solo Chess with Unlimited Moves", starts from (Appendix A, Figure 8(a)). No ends
are given: the dumbbells force them.

An instance is a grid graph (coordinates given, induced) of maximum degree 3 that contains exactly
two copies, in any of the 8 placements, of the dumbbell of
:func:`npw.instances.hampath.grid_gadgets.dumbbell`, each joined to the rest of the graph by its
pin edge only, with the place of the pendant l (below v) and l's other neighbours empty.
:func:`dumbbell_placements` finds them; the first is the one whose v has the smaller coordinates.

The generators build a *host* (a random grid shape, or a random walk for planted instances) and
hang a dumbbell on two of its cells, each through one corridor cell (the pin's outside point).

>>> g, path = planted_with_path(seed=1, num_vertices=3)
>>> g.num_vertices, g.verify(path), len(dumbbell_placements(g))
(47, True, 2)
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import ClassVar, Iterator, Sequence

from npw.instances.base import InvalidInstance, Param, takes
from npw.instances.hampath.enumeration import canonical_marked, polyominoes
from npw.instances.hampath.generators import planted_walk, random_grid_shape, walk_end_is_leaf
from npw.instances.hampath.graph import STEPS, HamPath, Point, grid_instance
from npw.instances.hampath.lemma_a1 import lemma_a1_problem
from npw.instances.hampath.grid_gadgets import dumbbell, dumbbell_path, transform

__all__ = ["HamPathDumbbells", "PROBLEM", "Placement", "attach", "certified_no_instance", "dumbbell_placements",
           "enumerate_instances", "hang", "planted_instance", "planted_with_path", "random_instance", "verification_sample"]

DUMBBELL = dumbbell()
PIN_DIRECTION = (0, -1)  # from p to the pin's outside point, in the standard placement


@dataclass(frozen=True)
class Placement:
    """A dumbbell placed on the grid: the standard one mirrored (x -> -x) if ``mirror``, turned
    ``rotation`` quarter turns, shifted by ``offset`` (:func:`~npw.instances.hampath.grid_gadgets.transform`).

    >>> Placement(0, False, (0, 0)).mark("v"), Placement(2, False, (0, 0)).mark("l")
    ((8, 0), (-8, 1))
    """

    rotation: int
    mirror: bool
    offset: Point

    def point(self, cell: Point) -> Point:
        """Where the standard dumbbell's ``cell`` goes."""
        return transform(cell, self.rotation, self.mirror, self.offset)

    def mark(self, name: str) -> Point:
        """Where the named cell (``p``, ``a``, ``b``, ``v``, ``v'``, ``l``) goes."""
        return self.point(DUMBBELL.marks[name])

    def cells(self) -> list[Point]:
        return [self.point(c) for c in DUMBBELL.cells]

    def outside(self) -> Point:
        """The pin's outside point (the first cell of the rest of the graph)."""
        return self.point(DUMBBELL.ports[0][1])

    def clear(self) -> list[Point]:
        """The points that must stay empty: l's place and its other neighbours."""
        return [self.point(c) for c in DUMBBELL.clear]

    def path(self) -> tuple[Point, ...]:
        """Figure 8(c)'s path through it, from v to p."""
        return tuple(self.point(c) for c in dumbbell_path())


def _neighbours(p: Point) -> list[Point]:
    return [(p[0] + dx, p[1] + dy) for dx, dy in STEPS]


def _placed_at(points: set[Point], placement: Placement) -> bool:
    cells = set(placement.cells())
    if not cells <= points or placement.outside() not in points:
        return False
    pin = (placement.mark("p"), placement.outside())
    for c in cells:
        for n in _neighbours(c):
            if n in points and n not in cells and (c, n) != pin:
                return False
    return not any(q in points for q in placement.clear())


def dumbbell_placements(g: HamPath) -> list[Placement]:
    """Every pinned dumbbell of the grid graph ``g`` (see the module's docstring), sorted by the
    coordinates of v.

    >>> g, _ = planted_with_path(seed=2, num_vertices=2)
    >>> [g.coords.index(d.mark("v")) < g.num_vertices for d in dumbbell_placements(g)]
    [True, True]
    """
    if g.coords is None:
        return []
    points = set(g.coords)
    anchor = DUMBBELL.cells[0]
    found = []
    # each placement's cells relative to the anchor's point, computed once: most points fail on
    # the first few, before the full check (tens of thousands of points in a drawn G4')
    shapes = []
    for rotation in range(4):
        for mirror in (False, True):
            moved = transform(anchor, rotation, mirror)
            cells = (transform(c, rotation, mirror) for c in DUMBBELL.cells)
            shapes.append((rotation, mirror, moved, [(x - moved[0], y - moved[1]) for x, y in cells]))
    for q in g.coords:
        for rotation, mirror, moved, shape in shapes:
            if all((q[0] + dx, q[1] + dy) in points for dx, dy in shape):
                placement = Placement(rotation, mirror, (q[0] - moved[0], q[1] - moved[1]))
                if _placed_at(points, placement):
                    found.append(placement)
    return sorted(found, key=lambda d: d.mark("v"))


class HamPathDumbbells(HamPath):
    """PV84's G4' as Lemma A.1 takes it: a max-degree-3 grid graph with exactly two pinned dumbbells,
    no ends given.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The edges (those of the grid graph the coordinates induce).
    coords : sequence of (int, int)
        Grid points of the vertices.

    Examples
    --------
    >>> g, _ = planted_with_path(seed=0, num_vertices=1)
    >>> from npw.instances.hampath.graph import grid_edges
    >>> one = g.coords[:-21]  # the second dumbbell's cells left out
    >>> HamPathDumbbells(len(one), grid_edges(one), coords=one)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: hampath-dumbbells needs exactly two pinned dumbbells (Figure 8(a)), found 1
    """

    problem: ClassVar[str] = "hampath-dumbbells"

    def validate(self) -> None:
        super().validate()
        if self.coords is None:
            raise InvalidInstance("hampath-dumbbells needs grid coordinates")
        if self.s is not None or self.t is not None:
            raise InvalidInstance("hampath-dumbbells takes no s or t (the dumbbells force the ends)")
        degrees = [0] * self.num_vertices
        for u, v in self.edges:
            degrees[u] += 1
            degrees[v] += 1
        worst = max(range(self.num_vertices), key=lambda v: degrees[v])
        if degrees[worst] > 3:
            raise InvalidInstance(f"vertex {worst} at {self.coords[worst]} has degree {degrees[worst]}; "
                                  "hampath-dumbbells needs max degree 3")
        found = len(dumbbell_placements(self))
        if found != 2:
            raise InvalidInstance(f"hampath-dumbbells needs exactly two pinned dumbbells (Figure 8(a)), found {found}")


def attach(cell: Point, direction: Point, mirror: bool) -> Placement:
    """The dumbbell hung on host cell ``cell`` towards ``direction``: the corridor cell (the pin's
    outside point) at cell + direction, p at cell + 2 direction.

    >>> d = attach((0, 0), (0, 1), False)
    >>> d.outside(), d.mark("p")
    ((0, 1), (0, 2))
    """
    rotation = next(r for r in range(4) if transform(PIN_DIRECTION, r, mirror) == (-direction[0], -direction[1]))
    p = (cell[0] + 2 * direction[0], cell[1] + 2 * direction[1])
    moved = transform(DUMBBELL.marks["p"], rotation, mirror)
    return Placement(rotation, mirror, (p[0] - moved[0], p[1] - moved[1]))


def hang(host: Sequence[Point], hangs: Sequence[tuple[Point, Point, bool]]) -> HamPathDumbbells | None:
    """The host with a dumbbell hung (:func:`attach`) on each (cell, direction, mirror), or None
    where they collide or the result is not an instance.

    >>> hang([(0, 0)], [((0, 0), (0, 1), False), ((0, 0), (0, -1), False)]).num_vertices
    45
    >>> hang([(0, 0)], [((0, 0), (0, 1), False), ((0, 0), (1, 0), False)]) is None  # they collide
    True
    """
    points = list(host)
    for cell, direction, mirror in hangs:
        d = attach(cell, direction, mirror)
        points += [d.outside()] + d.cells()
    if len(set(points)) != len(points):
        return None
    try:
        return grid_instance(points, cls=HamPathDumbbells)
    except InvalidInstance:
        return None


def _free_directions(host: set[Point], cell: Point) -> list[Point]:
    return [d for d in STEPS if (cell[0] + d[0], cell[1] + d[1]) not in host]


def _hang_randomly(rng: _random.Random, host: Sequence[Point], first: Sequence[Point], second: Sequence[Point],
                   attempts: int = 200) -> HamPathDumbbells | None:
    occupied = set(host)
    for _ in range(attempts):
        hangs = []
        for choices in (first, second):
            cell = rng.choice(list(choices))
            directions = _free_directions(occupied, cell)
            if not directions:
                break
            hangs.append((cell, rng.choice(directions), rng.random() < 0.5))
        if len(hangs) == 2:
            g = hang(host, hangs)
            if g is not None:
                return g
    return None


def _fallback(host_cells: int) -> HamPathDumbbells:
    """A row of host cells with a dumbbell on each end, pointing up and down: always an instance."""
    row = [(x, 0) for x in range(host_cells)]
    g = hang(row, [(row[0], (0, 1), False), (row[-1], (0, -1), False)])
    assert g is not None
    return g


@takes(num_vertices=Param(1, help="the host's vertices (the dumbbells and corridors add 44)"))
def random_instance(seed: int, num_vertices: int = 6) -> HamPathDumbbells:
    """A random max-degree-3 grid shape of ``num_vertices`` cells (the host) with a dumbbell on two
    random cells of degree at most 2 (redrawn until they fit)."""
    host = num_vertices
    rng = _random.Random(seed)
    for _ in range(50):
        shape = random_grid_shape(rng, host)
        occupied = set(shape)
        low = [c for c in shape if 4 - len(_free_directions(occupied, c)) <= 2]
        if low:
            g = _hang_randomly(rng, shape, low, low, attempts=20)
            if g is not None:
                return g
    return _fallback(host)


def planted_with_path(seed: int, num_vertices: int = 6) -> tuple[HamPathDumbbells, tuple[int, ...]]:
    """Yes by construction, with its path: a random self-avoiding walk of ``num_vertices`` cells (the
    host) whose ends have degree 1 (or a single cell), a dumbbell hung on each end; the path runs
    Figure 8(c)'s way through the first dumbbell from v, along the walk, and back through the
    second to its v."""
    host = num_vertices
    rng = _random.Random(seed)
    for _ in range(50):
        walk = planted_walk(rng, host, lambda w: walk_end_is_leaf(w, 0) and walk_end_is_leaf(w, -1))
        g = _hang_randomly(rng, walk, [walk[0]], [walk[-1]], attempts=20)
        if g is not None and len(walk) == host:
            break
    else:
        walk = [(x, 0) for x in range(host)]
        g = _fallback(host)
    index = {p: i for i, p in enumerate(g.coords)}
    first, second = dumbbell_placements(g)
    if abs(first.outside()[0] - walk[0][0]) + abs(first.outside()[1] - walk[0][1]) != 1:
        first, second = second, first  # the first dumbbell hangs on the walk's last cell
    points = list(first.path()) + [first.outside()] + list(walk) + [second.outside()] + list(second.path())[::-1]
    return g, tuple(index[p] for p in points)


@takes(num_vertices=Param(1, help="the host's vertices (the dumbbells and corridors add 44)"))
def planted_instance(seed: int, num_vertices: int = 6) -> HamPathDumbbells:
    """Yes by construction (:func:`planted_with_path` without the path)."""
    return planted_with_path(seed, num_vertices)[0]


@takes(num_vertices=Param(3, help="the host's vertices (the dumbbells and corridors add 44)"))
def certified_no_instance(seed: int, num_vertices: int = 6) -> HamPathDumbbells:
    """No by construction: a host with three or more degree-1 cells, a dumbbell hung on two of them.
    A Hamiltonian path has two ends, and each dumbbell holds one (Figure 8(a)); the third degree-1
    cell would need a third.

    >>> g = certified_no_instance(seed=3)
    >>> sum(1 for v in range(g.num_vertices) if g.degree(v) == 1)
    1
    """
    rng = _random.Random(seed)
    for _ in range(100):
        shape = random_grid_shape(rng, max(num_vertices, 4))
        occupied = set(shape)
        leaves = [c for c in shape if len(_free_directions(occupied, c)) == 3]
        if len(leaves) >= 3:
            rng.shuffle(leaves)
            g = _hang_randomly(rng, shape, leaves[:1], leaves[1:2], attempts=20)
            if g is not None:
                return g
    # a row with a tooth: the tooth is the third leaf
    row = [(x, 0) for x in range(5)] + [(2, 1)]
    g = hang(row, [(row[0], (0, 1), False), (row[4], (0, -1), False)])
    assert g is not None
    return g


def enumerate_instances(max_vertices: int) -> Iterator[HamPathDumbbells]:
    """Every host of at most max_vertices - 4 cells (a polyomino of max degree 3) with two
    dumbbells hung on it in every way (cell, direction, mirror), once per class under the grid's
    symmetries: the dumbbells add 44 vertices, so the sizes counted are the host's."""
    seen = set()
    for shape in polyominoes(max(0, max_vertices - 4)):
        occupied = set(shape)
        hangs = [(c, d, m) for c in shape for d in _free_directions(occupied, c) for m in (False, True)]
        for i, first in enumerate(hangs):
            for second in hangs[i + 1:]:
                g = hang(shape, [first, second])
                if g is None:
                    continue
                key = canonical_marked(g.coords, [])
                if key not in seen:
                    seen.add(key)
                    yield g


def verification_sample(seed: int) -> HamPathDumbbells:
    """A small instance (host of 1-6 cells) for the verifier."""
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(1, 6))


PROBLEM = lemma_a1_problem(
    globals(),
    id="hampath-dumbbells",
    title="Hamiltonian path in a max-degree-3 grid graph with two pinned dumbbells (PV84's G4', Lemma A.1's proof)",
    instance_type=HamPathDumbbells,
    certificate_doc="path: list of all vertices in order (it runs from one dumbbell to the other)",
    file_model="npw.instances.models:HamPathDumbbellsFile",
    # the edge encoding (closed through the dumbbells' ends) first: it decides the drawn targets of
    # Lemma A.1's step 3b, thousands of cells, where the DP refuses (its table limit, after a minute)
    # and the position encoding runs out of time; on the 44-60-vertex generated ones all three take
    # well under a second
    deciders=("sat-edges", "dp", "sat"),
    verify_deciders=("sat-edges", "dp"),
)
