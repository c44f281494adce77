"""Collapsing the villains of a Solo Chess board onto a walk of the special piece: the
sufficiency half of the walk lemma (:mod:`npw.solvers.solochess.walk`), shared by that decider
and by the forward maps of the SAT reductions (Theorem 3.9 of Brunner et al.), which both need
it and may not import each other.

Villains of one symmetric leaping type (knights, kings) in one connected component of their
move graph can all be captured onto any chosen squares of that component: each other piece
captures its parent in a forest of shortest paths to those squares, deepest first.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Move, Point, SoloChess


def neighbours(offsets: Sequence[Point], squares: set[Point]) -> dict[Point, list[Point]]:
    """Each square of ``squares`` -> the squares of ``squares`` one of ``offsets`` away.

    >>> neighbours(((1, 2), (-1, -2)), {(0, 0), (1, 2), (5, 5)})[(0, 0)]
    [(1, 2)]
    """
    return {q: [(q[0] + dx, q[1] + dy) for dx, dy in offsets if (q[0] + dx, q[1] + dy) in squares]
            for q in squares}


def villain_components(instance: SoloChess) -> list[frozenset[Point]]:
    """The connected components of the villains' move graph on the initial villain squares."""
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    if not villains:
        return []
    kind = next(p.kind for p in instance.pieces if p.square != instance.special)
    graph = neighbours(instance.piece_type(kind).leaps, villains)
    seen: set[Point] = set()
    components = []
    for start in sorted(villains):
        if start in seen:
            continue
        part = {start}
        queue = deque([start])
        while queue:
            for r in graph[queue.popleft()]:
                if r not in part:
                    part.add(r)
                    queue.append(r)
        seen |= part
        components.append(frozenset(part))
    return components


def captures_for_walk(instance: SoloChess, walk: Sequence[Point],
                      shuffle: Callable[[list], None] | None = None) -> tuple[Move, ...]:
    """The capture sequence of the lemma's sufficiency: every villain not on ``walk`` captures its
    parent in a forest of shortest paths to the walk's squares (deepest first), then the special
    piece walks. ``shuffle`` permutes the search's neighbour lists (another forest). Raises InvalidInstance when some villain component misses the walk.

    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(3, 3, (Piece(0, 0, "king"), Piece(1, 1, "knight"), Piece(2, 2, "knight"),
    ...                          Piece(0, 1, "knight")), special=(0, 0))
    >>> captures_for_walk(board, [(0, 0), (1, 1), (2, 2)])
    (((0, 1), (2, 2)), ((0, 0), (1, 1)), ((1, 1), (2, 2)))
    """
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    kind = next((p.kind for p in instance.pieces if p.square != instance.special), None)
    graph = neighbours(instance.piece_type(kind).leaps, villains) if kind else {}
    roots = [q for q in walk[1:] if q in villains]
    depth = {q: 0 for q in roots}
    parent: dict[Point, Point] = {}
    queue = deque(roots)
    order = []
    while queue:
        q = queue.popleft()
        options = list(graph[q])
        if shuffle is not None:
            shuffle(options)
        for r in options:
            if r not in depth:
                depth[r], parent[r] = depth[q] + 1, q
                order.append(r)
                queue.append(r)
    missed = sorted(villains - set(depth))
    if missed:
        raise InvalidInstance(f"the villain on {missed[0]} is in a component the walk never meets")
    collapse = tuple((r, parent[r]) for r in reversed(order))
    return collapse + tuple(zip(walk, walk[1:]))
