"""Seeded generators of Hamiltonian path instances (``npw generate hampath --generator NAME``).

``grid`` (random connected max-degree-3 grid graph), ``planted`` (a random self-avoiding
walk thickened into a max-degree-3 grid graph: the walk is a Hamiltonian path, s and t its
ends), ``certified-no`` (a grid graph with three or more degree-1 vertices, or a colour-class
imbalance of two or more: no Hamiltonian path, by the leaf and parity arguments, named by
:func:`certain_no_reason`), ``random`` (G(n, p) restricted to max degree 3); and the
verifier's random stream, :func:`verification_sample`.
"""

from __future__ import annotations

import random as _random
from typing import Callable

from npw.instances.base import Param, takes
from npw.instances.hampath.graph import STEPS, HamPath, Point, grid_instance

__all__ = ["certain_no_reason", "certified_no_instance", "leafy_grid_instance", "planted_instance", "planted_path",
           "planted_walk", "planted_with_path", "random_graph_instance", "random_grid_instance", "random_grid_shape",
           "relabel", "verification_sample", "walk_end_is_leaf"]


def _normalise(cells) -> tuple[Point, ...]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


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


@takes(
    num_vertices=Param(1, help="vertices"),
    ends=Param(choices=("none", "s", "st"), help="which ends are given: none, s, or s and t"),
)
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


def relabel(g: HamPath, new_label: list[int]) -> HamPath:
    """``g`` with vertex v renamed ``new_label[v]`` (a permutation of 0..n-1): the same graph,
    coordinates and ends, numbered otherwise. A generator that plants a structure relabels at
    random so that the answer does not sit in the numbering.

    >>> g = HamPath(3, ((0, 1), (1, 2)), s=0, t=2)
    >>> h = relabel(g, [2, 0, 1])
    >>> h.edges, h.s, h.t
    (((0, 1), (0, 2)), 2, 1)
    """
    n = g.num_vertices
    if sorted(new_label) != list(range(n)):
        raise ValueError(f"not a permutation of 0..{n - 1}: {new_label}")
    coords = None
    if g.coords is not None:
        placed: list[Point] = [(0, 0)] * n
        for v, p in enumerate(g.coords):
            placed[new_label[v]] = p
        coords = tuple(placed)
    edges = tuple((new_label[u], new_label[v]) for u, v in g.edges)
    return type(g)(n, edges, None if g.s is None else new_label[g.s], None if g.t is None else new_label[g.t], coords)


def planted_walk(rng: _random.Random, num_vertices: int,
                 accept: Callable[[list[Point]], bool] = lambda walk: True) -> list[Point]:
    """A random self-avoiding grid walk of ``num_vertices`` cells whose induced grid graph has max
    degree 3 (cells raising a degree past 3 are refused), normalised to start its bounding box at
    (0, 0); up to 200 attempts for one of full length that ``accept`` takes (else the last one)."""
    walk = [(0, 0)]
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
        if len(walk) == num_vertices and accept(walk):
            break
    mx = min(x for x, _ in walk)
    my = min(y for _, y in walk)
    return [(x - mx, y - my) for x, y in walk]


def planted_with_path(seed: int, num_vertices: int = 12, cls: type[HamPath] = HamPath, ends: str = "st",
                      accept: Callable[[list[Point]], bool] = lambda walk: True) -> tuple[HamPath, tuple[int, ...]]:
    """A planted instance (see :func:`planted_instance`) and its planted Hamiltonian path, after a
    seeded random relabelling of the vertices: neither the path nor s and t sit in the numbering.
    ``ends`` = st | s: which ends of the walk become s (and t).

    >>> g, path = planted_with_path(seed=4, num_vertices=9)
    >>> g.verify(path), path != tuple(range(9)), (path[0], path[-1]) == (g.s, g.t)
    (True, True, True)
    """
    rng = _random.Random(seed)
    coords = planted_walk(rng, num_vertices, accept)
    g = grid_instance(coords, coords[0], coords[-1] if ends == "st" else None, cls=cls)
    new_label = list(range(g.num_vertices))
    rng.shuffle(new_label)
    # grid_instance numbers vertex i at coords[i], and coords is the walk: the path is 0, 1, ..., n-1
    return relabel(g, new_label), tuple(new_label[v] for v in range(g.num_vertices))


@takes(num_vertices=Param(1, help="vertices"))
def planted_instance(seed: int, num_vertices: int = 12) -> HamPath:
    """Yes by construction: a random self-avoiding walk whose induced grid graph has max degree 3
    (cells raising a degree past 3 are refused); the walk is a Hamiltonian path, s and t its ends;
    the vertices numbered in a random order (:func:`planted_with_path` gives the path too)."""
    return planted_with_path(seed, num_vertices)[0]


def walk_end_is_leaf(walk: list[Point], end: int) -> bool:
    """Whether ``walk[end]`` has one grid neighbour among the walk's cells (degree 1 in the
    induced grid graph), as Lemma A.1's s and t must."""
    cells = set(walk)
    x, y = walk[end]
    return len(walk) > 1 and sum((x + a, y + b) in cells for a, b in STEPS) == 1


def leafy_grid_instance(rng: _random.Random, num_vertices: int, leaves_needed: int) -> tuple[HamPath, list[int]]:
    """A random max-degree-3 grid graph with at least ``leaves_needed`` degree-1 vertices
    (resampled; at least 4 vertices) and its degree-1 vertices in random order: the source of the
    certified-no generators of the variants with ends (a degree-1 vertex that is neither end
    cannot lie inside a path)."""
    for _attempt in range(1000):
        g = grid_instance(random_grid_shape(rng, max(num_vertices, 4)))
        leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1]
        if len(leaves) >= leaves_needed:
            rng.shuffle(leaves)
            return g, leaves
    # a star-like fallback: a row with teeth (every tooth a degree-1 vertex)
    row = [(x, 0) for x in range(0, 2 * leaves_needed + 1)]
    teeth = [(x, 1) for x in range(1, 2 * leaves_needed + 1, 2)]
    g = grid_instance(row + teeth)
    leaves = [v for v in range(g.num_vertices) if g.degree(v) == 1]
    rng.shuffle(leaves)
    return g, leaves


def planted_path(seed: int, num_vertices: int = 12) -> tuple[int, ...]:
    """The Hamiltonian path :func:`planted_instance` planted for the same seed and parameters."""
    return planted_with_path(seed, num_vertices)[1]


@takes(num_vertices=Param(1, help="vertices"))
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


@takes(num_vertices=Param(1, help="vertices"), p=Param(0.0, 1.0, help="edge probability (G(n, p))"))
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
