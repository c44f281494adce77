"""Collapsing the villains of a Solo Chess board onto a walk of the special piece: the
sufficiency half of the walk lemma (:mod:`npw.solvers.solochess.walk`), shared by that decider
and by the forward maps of the SAT reductions (Theorem 3.9 of Brunner et al.), which both need
it and may not import each other.

Villains of one symmetric leaping type (knights, kings) in one connected component of their
move graph can all be captured onto any chosen squares of that component: each other piece
captures its parent in a forest of shortest paths to those squares, deepest first. The same holds
for riders (rooks, bishops, queens) on a board whose every line along the riders' directions holds
at most two pieces (:func:`crowded_line`): there no piece ever stands between two others on a line
(squares only empty), so the riders' move graph is fixed like a leaper's, two villains joined iff
they share a line.
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


def _line_key(q: Point, direction: Point) -> tuple[Point, int]:
    """The line through ``q`` along ``direction`` (and its opposite), as (normalised direction,
    intercept): two squares share the line iff their keys are equal."""
    dx, dy = _axis(direction)
    return (dx, dy), dy * q[0] - dx * q[1]


def _axis(direction: Point) -> Point:
    """A direction and its opposite, as one (the line's axis)."""
    dx, dy = direction
    return (-dx, -dy) if dx < 0 or (dx == 0 and dy < 0) else (dx, dy)


def crowded_line(instance: SoloChess, kind: str) -> str | None:
    """None if every line along the ride directions of ``kind`` holds at most two pieces of the
    board (any pieces, the special one included), else the first crowded line named.

    >>> from npw.instances.solochess.board import Piece
    >>> crowded_line(SoloChess(3, 3, (Piece(0, 0, "knight"), Piece(2, 0, "rook"), Piece(2, 2, "rook")),
    ...                        special=(0, 0)), "rook")
    >>> crowded_line(SoloChess(3, 3, (Piece(0, 0, "knight"), Piece(1, 0, "rook"), Piece(2, 0, "rook")),
    ...                        special=(0, 0)), "rook")
    'the line through (0, 0) along (1, 0) holds 3 pieces'
    """
    count: dict[tuple[Point, int], list[Point]] = {}
    for direction in sorted({_axis(d) for d in instance.piece_type(kind).rides}):
        for p in instance.pieces:
            count.setdefault(_line_key(p.square, direction), []).append(p.square)
    for (direction, _), squares in sorted(count.items()):
        if len(squares) > 2:
            return f"the line through {min(squares)} along {direction} holds {len(squares)} pieces"
    return None


def villain_graph(instance: SoloChess) -> dict[Point, list[Point]]:
    """The villains' move graph on the initial villain squares: by their leaps, and for riders
    (only on boards without a crowded line, where nothing ever blocks) the pairs on a common line
    of their directions. Raises InvalidInstance for riders on a crowded line or with a range."""
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    if not villains:
        return {}
    kind = next(p.kind for p in instance.pieces if p.square != instance.special)
    vtype = instance.piece_type(kind)
    graph = neighbours(vtype.leaps, villains)
    if vtype.rides:
        if vtype.max_range:
            raise InvalidInstance(f"riders with a range ({kind}) are not covered")
        crowded = crowded_line(instance, kind)
        if crowded:
            raise InvalidInstance(f"{crowded}: riders may block there")
        lines: dict[tuple[Point, int], list[Point]] = {}
        for direction in sorted({_axis(d) for d in vtype.rides}):
            for q in villains:
                lines.setdefault(_line_key(q, direction), []).append(q)
        for pair in lines.values():
            if len(pair) == 2 and pair[1] not in graph[pair[0]]:
                graph[pair[0]].append(pair[1])
                graph[pair[1]].append(pair[0])
    return graph


def villain_components(instance: SoloChess) -> list[frozenset[Point]]:
    """The connected components of the villains' move graph on the initial villain squares."""
    graph = villain_graph(instance)
    villains = set(graph)
    if not villains:
        return []
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
    graph = villain_graph(instance)
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
