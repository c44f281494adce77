"""Lines of riding pieces and the links that tie them together, shared by the Theorem 3.11
boards (:mod:`~npw.reductions.solochess.pm3sat_knight_rider` for rooks and bishops,
:mod:`~npw.reductions.solochess.pm3sat_knight_queen` for queens).

A *line* is a (family, key) pair: a row, a column, a diagonal or an antidiagonal
(:data:`LINE_KEYS`). Villains of one type capture along their :data:`FAMILIES`; two villains are
in one *component* when a chain of shared lines joins them (:func:`component`). A *link* joins
two pieces by two new villains far from the ladder, one on a free line of each piece and both on
one empty line (:meth:`Lines.link`).

>>> lines = Lines("rook", {(0, 0), (0, 3)})
>>> sorted(component(lines, (0, 0)))
[(0, 0), (0, 3)]
>>> lines.free((0, 0))
['row']
"""

from __future__ import annotations

from typing import Callable, Iterable

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Point

__all__ = ["FAMILIES", "LINE_KEYS", "Lines", "component", "tied"]

LINE_KEYS: dict[str, Callable[[Point], int]] = {
    "row": lambda q: q[1], "column": lambda q: q[0], "diagonal": lambda q: q[0] - q[1],
    "antidiagonal": lambda q: q[0] + q[1]}
"""Per line family, the key of a square's line: two squares share a line iff their keys agree."""

FAMILIES: dict[str, tuple[str, ...]] = {
    "rook": ("row", "column"), "bishop": ("diagonal", "antidiagonal"),
    "queen": ("row", "column", "diagonal", "antidiagonal")}
"""Per villain, the line families it rides along."""


def _meet(f: str, a: int, g: str, b: int) -> Point | None:
    """The square where line (f, a) meets line (g, b), if it is a square."""
    eq = {"row": (0, 1), "column": (1, 0), "diagonal": (1, -1), "antidiagonal": (1, 1)}
    (p, q), (r, s) = eq[f], eq[g]
    det = p * s - q * r
    if det == 0:
        return None
    x_num, y_num = a * s - q * b, p * b - a * r
    if x_num % det or y_num % det:
        return None
    return (x_num // det, y_num // det)


class Lines:
    """The pieces on each line of the villain's families, and links between free lines: a line
    is free for a piece when the piece is alone on it.

    Parameters
    ----------
    villain : str
        ``"rook"``, ``"bishop"`` or ``"queen"``: whose :data:`FAMILIES` count.
    squares : set of Point
        The ladder's squares; links are placed beyond their bounding box (grown by 3, out of
        the knight's reach).
    """

    def __init__(self, villain: str, squares: set[Point]) -> None:
        self.special: Point | None = None  # the knight: it counts on lines, but joins no villains
        self.families = FAMILIES[villain]
        self.on: dict[tuple[str, int], set[Point]] = {}
        for q in squares:
            self.add(q)
        xs, ys = [q[0] for q in squares], [q[1] for q in squares]
        self.box = (min(xs) - 3, min(ys) - 3, max(xs) + 3, max(ys) + 3)  # beyond: out of the knight's reach

    def add(self, q: Point) -> None:
        """Put a piece on ``q``'s lines."""
        for f in self.families:
            self.on.setdefault((f, LINE_KEYS[f](q)), set()).add(q)

    def free(self, q: Point) -> list[str]:
        """The families whose line through ``q`` holds ``q`` alone."""
        return [f for f in self.families if self.on[(f, LINE_KEYS[f](q))] == {q}]

    def _far_and_alone(self, q: Point, keep: set[tuple[str, int]]) -> bool:
        x0, y0, x1, y1 = self.box
        if x0 <= q[0] <= x1 and y0 <= q[1] <= y1:
            return False
        return all(not self.on.get((f, LINE_KEYS[f](q))) for f in self.families if (f, LINE_KEYS[f](q)) not in keep)

    def chain(self, squares: list[Point]) -> frozenset[Point]:
        """The villains linking consecutive ``squares`` (a clause's literal pieces) into one
        component."""
        return frozenset(q for a, b in zip(squares, squares[1:]) for q in self.link(a, b))

    def link(self, a: Point, b: Point) -> tuple[Point, Point]:
        """Two villains joining ``a`` and ``b``: one on a free line of each, both on one empty
        line, far from the ladder; the lowest such line is taken."""
        for key in range(1, 100_000):
            for fa in self.free(a):
                for fb in self.free(b):
                    for g in self.families:
                        if g in (fa, fb) or self.on.get((g, key)):
                            continue
                        p = _meet(fa, LINE_KEYS[fa](a), g, key)
                        q = _meet(fb, LINE_KEYS[fb](b), g, key)
                        if p is None or q is None or p == q:
                            continue
                        if self._far_and_alone(p, {(fa, LINE_KEYS[fa](a)), (g, key)}) and \
                                self._far_and_alone(q, {(fb, LINE_KEYS[fb](b)), (g, key)}):
                            self.add(p)
                            self.add(q)
                            return p, q
        raise InvalidInstance(f"no line left to link {a} and {b}")


def component(lines: Lines, q: Point) -> set[Point]:
    """The pieces joined to ``q`` by chains of shared lines (the special piece joins none).

    Parameters
    ----------
    lines : Lines
        The board's lines.
    q : Point
        A piece's square.

    Returns
    -------
    set of Point
        ``q``'s component, ``q`` included.
    """
    part, stack = {q}, [q]
    while stack:
        r = stack.pop()
        for f in lines.families:
            for s in lines.on[(f, LINE_KEYS[f](r))]:
                if s not in part and s != lines.special:
                    part.add(s)
                    stack.append(s)
    return part


def tied(lines: Lines, q: Point, roots: set[Point],
         paths: Iterable[tuple[Iterable[Point], Iterable[Point]]]) -> bool:
    """Whether ``q``'s component holds one of ``roots`` or squares of both paths of one gadget.

    Parameters
    ----------
    lines : Lines
        The board's lines.
    q : Point
        A piece's square.
    roots : set of Point
        Squares that tie a component by themselves (junctions, the final piece).
    paths : iterable of (left, right)
        Per gadget its two paths' squares.

    Returns
    -------
    bool
        True when every walk of the special piece meets ``q``'s component.
    """
    part = component(lines, q)
    return bool(part & roots) or any(part & set(left) and part & set(right) for left, right in paths)
