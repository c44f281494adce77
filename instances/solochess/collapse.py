"""Collapsing the villains of a Solo Chess board onto a walk of the special piece: the
sufficiency half of the walk lemma (:mod:`npw.solvers.solochess.walk`), shared by that decider
and by the forward maps of the SAT reductions (Theorem 3.9 of Brunner et al.), which both need
it and may not import each other.

Villains of one symmetric type in one connected component of their *capture graph* can all be
captured onto any chosen squares of that component: each other piece captures its parent in a
forest of shortest paths to those squares, deepest first. For leapers (knights, kings) the graph
is their move graph on the villain squares; for riders (bishops, rooks, queens, unbounded range)
it joins two villains that are consecutive pieces on one of their lines in the initial position
(nothing stands between them then, and squares only ever empty, so the capture stays possible;
the special piece, which never moves before the collapse is done, blocks like any other piece).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from typing import Iterable, Mapping, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.memo import remember_last
from npw.instances.solochess.board import Move, Point, SoloChess

__all__ = ["captures_for_walk", "components_of", "crowded_line", "line_components", "neighbours", "villain_components", "villain_graph"]


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


def _line_runs(squares: set[Point], direction: Point) -> list[list[Point]]:
    """The squares of ``squares`` grouped by the lines of ``direction`` through them, each group
    sorted along the line."""
    dx, dy = direction
    runs: dict[int, list[Point]] = {}
    for q in squares:
        runs.setdefault(dy * q[0] - dx * q[1], []).append(q)
    return [sorted(run, key=lambda q: dx * q[0] + dy * q[1]) for run in runs.values()]


@remember_last  # the components and the walk's certificate read it; callers must not change it
def villain_graph(instance: SoloChess) -> dict[Point, list[Point]]:
    """Each villain square -> the villain squares it can capture on in the initial position: its
    leaps, and for a rider the first piece along each of its directions when that piece is a
    villain within range (every piece, the special one included, blocks).

    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(4, 4, (Piece(0, 0, "bishop"), Piece(1, 1, "king"), Piece(3, 3, "bishop"),
    ...                          Piece(2, 0, "bishop")), special=(1, 1))
    >>> sorted(villain_graph(board).items())
    [((0, 0), []), ((2, 0), []), ((3, 3), [])]
    """
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    kind = next((p.kind for p in instance.pieces if p.square != instance.special), None)
    if kind is None:
        return {}
    ptype = instance.piece_type(kind)
    graph = neighbours(ptype.leaps, villains)
    occupied = {p.square for p in instance.pieces}
    for dx, dy in {(dx, dy) if (dx, dy) > (-dx, -dy) else (-dx, -dy) for dx, dy in ptype.rides}:
        for run in _line_runs(occupied, (dx, dy)):
            for a, b in zip(run, run[1:]):
                steps = max(abs(b[0] - a[0]), abs(b[1] - a[1])) // max(abs(dx), abs(dy))
                if a in villains and b in villains and (not ptype.max_range or steps <= ptype.max_range):
                    graph[a].append(b)
                    graph[b].append(a)
    return graph


def line_components(instance: SoloChess) -> list[frozenset[Point]]:
    """The villains joined whenever two of them share a line of the villains' (rider) type,
    whatever stands between: the most a rider's captures can ever mix (a capture is along such a
    line). Where these equal :func:`villain_components`, the walk lemma covers rider villains."""
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    kind = next((p.kind for p in instance.pieces if p.square != instance.special), None)
    if kind is None:
        return []
    graph: dict[Point, list[Point]] = {q: [] for q in villains}
    for direction in instance.piece_type(kind).rides:
        for run in _line_runs(villains, direction):
            for a, b in zip(run, run[1:]):
                graph[a].append(b)
                graph[b].append(a)
    return components_of(villains, graph)


@remember_last  # the walk decider, its certificate and the claims ask of the same board
def villain_components(instance: SoloChess) -> list[frozenset[Point]]:
    """The connected components of the villains' capture graph (:func:`villain_graph`); the
    list is shared between callers (remembered for the last board), who must not change it."""
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    return components_of(villains, villain_graph(instance))


def components_of(villains: set[Point], graph: Mapping[Point, Iterable[Point]]) -> list[frozenset[Point]]:
    """The connected components of ``graph`` over the squares ``villains``, from the lowest square up.

    >>> parts = components_of({(0, 0), (1, 1), (5, 5)}, {(0, 0): [(1, 1)], (1, 1): [(0, 0)], (5, 5): []})
    >>> [sorted(part) for part in parts]
    [[(0, 0), (1, 1)], [(5, 5)]]
    """
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
