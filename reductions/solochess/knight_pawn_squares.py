"""Where Theorem 3.1's board (Hamiltonian path -> Solo Chess {knight^1, pawn or king},
:mod:`~npw.reductions.solochess.knight_pawn`) puts a grid graph's vertices: the squares the
reduction builds its board on and its claims (:data:`~npw.reductions.solochess.claims.THEOREM_3_1`)
read back.

>>> rotate((1, 0)), rotate((0, 1))
((2, 1), (-1, 2))
"""

from __future__ import annotations

from npw.instances.base import InvalidInstance
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Point

__all__ = ["placement", "rotate", "square_of"]


def rotate(p: Point) -> Point:
    """The grid turned by arctan(1/2) and scaled by sqrt 5: (x, y) -> (2x - y, x + 2y), so that
    grid neighbours are a knight's move apart.

    Parameters
    ----------
    p : Point
        A grid point.

    Returns
    -------
    Point
        Its image, before translation.
    """
    return (2 * p[0] - p[1], p[0] + 2 * p[1])


def placement(source: HamPath) -> tuple[list[Point], tuple[int, int]]:
    """The rotated images of the vertices and their least x and y.

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s (InvalidInstance otherwise).

    Returns
    -------
    tuple
        (images per vertex, (min x, min y)).
    """
    if source.coords is None or source.s is None:
        raise InvalidInstance("Theorem 3.1 needs a grid graph with a start s")
    images = [rotate(p) for p in source.coords]
    return images, (min(x for x, _ in images), min(y for _, y in images))


def square_of(source: HamPath, v: int) -> Point:
    """The board square of vertex ``v``: its image, translated so the board starts at (0, 0).

    Parameters
    ----------
    source : HamPath
        A grid graph with a start s.
    v : int
        A vertex.

    Returns
    -------
    Point
        Its square on the board.
    """
    images, (mx, my) = placement(source)
    return (images[v][0] - mx, images[v][1] - my)
