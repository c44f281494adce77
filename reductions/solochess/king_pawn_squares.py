"""Where Theorem 3.7's board (Hamiltonian path -> Solo Chess {king^1, pawn},
:mod:`~npw.reductions.solochess.king_pawn`) puts a grid graph's vertices and edges: the squares
the reduction builds its board on and its claims (:data:`~npw.reductions.solochess.claims.THEOREM_3_7`)
read back. Construction coordinates: :func:`offset` translates them to the board's.

>>> from npw.instances.hampath.graph import HamPath
>>> grid = HamPath(2, ((0, 1),), s=0, coords=((0, 0), (1, 0)))
>>> vertex_square((1, 0)), edge_squares(grid, 0, 1), green_square(grid, 0)
((3, 3), ((1, 1), (2, 2)), (0, -1))
"""

from __future__ import annotations

from npw.instances.base import InvalidInstance
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Point

__all__ = ["edge_squares", "green_square", "grid_coords", "lower_upper", "offset", "raw_squares",
           "upward_neighbours", "vertex_square"]


def grid_coords(source: HamPath) -> tuple[Point, ...]:
    """The grid's coordinates, turned by 180 degrees when s has no upward edge, so that s is a
    bottom vertex as in the paper's Figure 4 (any orientation of a grid graph is one).

    Why: the king replaces s's green pawn; were s's edges all downward, its green pawn would be
    its vertex pawn, and the pawn below it on the edge could capture only the king, which no
    piece may capture: "all other pawns have legal captures" (Theorem 3.7) would fail there.

    >>> from npw.instances.hampath.graph import HamPath
    >>> grid_coords(HamPath(2, ((0, 1),), s=1, coords=((0, 0), (0, 1))))
    ((0, 0), (0, -1))
    """
    return _oriented(source)[0]


# the last source's oriented coordinates and their index: every square of the construction asks
# for them, and building them per call made a 4,000-vertex board take a minute (a 100,000-vertex
# one, hours); one source at a time is kept (compared by identity)
_LAST: list = [None, (), {}]


def _oriented(source: HamPath) -> tuple[tuple[Point, ...], dict[Point, int]]:
    if _LAST[0] is not source:
        coords = _orient(source)
        _LAST[:] = [source, coords, {q: i for i, q in enumerate(coords)}]
    return _LAST[1], _LAST[2]


def _orient(source: HamPath) -> tuple[Point, ...]:
    if source.coords is None or source.s is None:
        raise InvalidInstance("Theorem 3.7 needs a grid graph with a start s")
    coords = source.coords
    x, y = coords[source.s]
    if not {(x + 1, y), (x, y + 1)} & set(coords):
        return tuple((-a, -b) for a, b in coords)
    return coords


def vertex_square(p: Point) -> Point:
    """The vertex pawn of grid point ``p``: P(x, y) = (3(x - y), 3(x + y)) (rotated 45 degrees, scaled).

    Parameters
    ----------
    p : Point
        A grid point, as :func:`grid_coords` orients it.

    Returns
    -------
    Point
        Its square in construction coordinates.
    """
    return (3 * (p[0] - p[1]), 3 * (p[0] + p[1]))


def upward_neighbours(source: HamPath, v: int) -> list[int]:
    """The neighbours of ``v`` at (x + 1, y) and (x, y + 1) in the oriented grid.

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s.
    v : int
        A vertex.

    Returns
    -------
    list of int
        Those of its two upward neighbours that are vertices.
    """
    coords, index = _oriented(source)
    x, y = coords[v]
    return [index[q] for q in ((x + 1, y), (x, y + 1)) if q in index]


def edge_squares(source: HamPath, lower: int, upper: int) -> tuple[Point, Point]:
    """The two pawns of the edge from ``lower`` up to ``upper``, bottom first."""
    coords = grid_coords(source)
    px, py = vertex_square(coords[lower])
    if coords[upper] == (coords[lower][0] + 1, coords[lower][1]):
        return (px + 1, py + 1), (px + 2, py + 2)
    return (px - 1, py + 1), (px - 2, py + 2)


def green_square(source: HamPath, v: int) -> Point:
    """The green pawn of ``v``: P(v) + (0, 1) with two upward edges, P(v) + (0, -1) with one, P(v) with none.

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s.
    v : int
        A vertex.

    Returns
    -------
    Point
        Its square in construction coordinates.
    """
    px, py = vertex_square(grid_coords(source)[v])
    ups = len(upward_neighbours(source, v))
    return (px, py + 1) if ups == 2 else (px, py - 1) if ups == 1 else (px, py)


def lower_upper(source: HamPath, a: int, b: int) -> tuple[int, int]:
    """The edge {a, b} as (lower, upper): upper is an upward neighbour of lower.

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s.
    a, b : int
        The edge's ends.

    Returns
    -------
    tuple of int
        (lower, upper).
    """
    return (a, b) if b in upward_neighbours(source, a) else (b, a)


def raw_squares(source: HamPath) -> dict[Point, str]:
    """Every piece of the board in construction coordinates: vertex, edge and green pawns, the
    king on the green square of s.

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s.

    Returns
    -------
    dict
        Square -> piece kind (``"pawn"`` or ``"king"``).
    """
    coords = grid_coords(source)
    squares = {vertex_square(p): "pawn" for p in coords}
    for u, v in source.edges:
        lower, upper = lower_upper(source, u, v)
        for q in edge_squares(source, lower, upper):
            squares[q] = "pawn"
    for v in range(source.num_vertices):
        squares[green_square(source, v)] = "pawn"
    squares[green_square(source, source.s)] = "king"
    return squares


def offset(source: HamPath) -> Point:
    """The least x and y of :func:`raw_squares`: subtracted, they give board coordinates.

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s.

    Returns
    -------
    Point
        (min x, min y).
    """
    squares = raw_squares(source)
    return (min(x for x, _ in squares), min(y for _, y in squares))
