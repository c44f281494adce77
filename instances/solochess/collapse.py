"""Collapsing the villains of a Solo Chess board onto a walk of the special piece: the
sufficiency half of the walk lemma (:mod:`npw.solvers.solochess.walk`), shared by that decider
and by the forward maps of the SAT reductions (Theorem 3.9 of Brunner et al.), which both need
it and may not import each other.

Villains of one symmetric leaping type (knights, kings) in one connected component of their
move graph can all be captured onto any chosen squares of that component: each other piece
captures its parent in a forest of shortest paths to those squares, deepest first.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from typing import Sequence

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
                      rng: random.Random | None = None) -> tuple[Move, ...]:
    """The capture sequence of the lemma's sufficiency: every villain not on ``walk`` captures its
    parent in a forest of shortest paths to the walk's squares (deepest first), then the special
    piece walks. With ``rng``: another forest (the search's neighbour lists shuffled), and the
    special piece's steps interleaved at random with the villains' captures (a step onto a square
    waits until every capture onto that square is made), so sampled solutions are not all in the
    villains-first order. Raises InvalidInstance when some villain component misses the walk.

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
    root_of = {q: q for q in roots}
    parent: dict[Point, Point] = {}
    queue = deque(roots)
    order = []
    while queue:
        q = queue.popleft()
        options = list(graph[q])
        if rng is not None:
            rng.shuffle(options)
        for r in options:
            if r not in depth:
                depth[r], parent[r], root_of[r] = depth[q] + 1, q, root_of[q]
                order.append(r)
                queue.append(r)
    missed = sorted(villains - set(depth))
    if missed:
        raise InvalidInstance(f"the villain on {missed[0]} is in a component the walk never meets")
    # tree by tree in the walk's order, each deepest first (children before their parent), so the
    # special piece may step onto a square as soon as its own tree is done
    place = {q: i for i, q in enumerate(walk)}
    collapse = [(r, parent[r]) for r in sorted(order, key=lambda r: (place[root_of[r]], -depth[r]))]
    steps = list(zip(walk, walk[1:]))
    if rng is None:
        return tuple(collapse + steps)
    waiting = Counter(p for _, p in collapse)  # captures still to come onto each square
    moves: list[Move] = []
    i = j = 0
    while i < len(collapse) or j < len(steps):
        can_step = j < len(steps) and not waiting[steps[j][1]]
        if can_step and (i == len(collapse) or rng.random() < 0.5):
            moves.append(steps[j])
            j += 1
        else:
            moves.append(collapse[i])
            waiting[collapse[i][1]] -= 1
            i += 1
    return tuple(moves)
