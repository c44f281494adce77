"""Exhaustive enumeration of small grid graphs: free polyominoes filtered by maximum degree,
canonical forms of marked point sets under the 8 symmetries, and every ``hampath``
instance up to a number of vertices (``npw verify --exhaustive N``, ``npw generate
--enumerate N``). The variants enumerate their own instances from the same shapes
(:mod:`npw.instances.hampath.grid_s`, :mod:`npw.instances.hampath.st`).
"""

from __future__ import annotations

from typing import Iterator, Sequence

from npw.instances.hampath.graph import STEPS, HamPath, Point, grid_instance

__all__ = ["SYMMETRIES", "canonical_marked", "enumerate_instances", "polyominoes"]


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
