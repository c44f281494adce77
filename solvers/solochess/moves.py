"""The moves of a Solo Chess board compiled to bitmasks, shared by the Solo Chess deciders.

Squares that start empty stay empty forever (Section 2.1 of Brunner et al.), so only the
initially occupied squares are kept, numbered 0..n-1. For each piece type on the board and
each square u, ``moves[kind][u]`` lists (v, block): a move of that type from u to the
occupied square v, valid exactly when no square of the bitmask ``block`` (the initially
occupied squares strictly between u and v) is occupied.
"""

from __future__ import annotations

from dataclasses import dataclass

from npw.instances.solochess.board import PieceType, Point, SoloChess

__all__ = ["CompiledBoard", "compile_board"]


@dataclass(frozen=True)
class CompiledBoard:
    squares: tuple[Point, ...]
    kinds: tuple[str, ...]                      # piece types on the board
    start: tuple[int, ...]                      # kind index of the piece on each square
    special: int | None                         # square index of the special piece
    moves: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]  # [kind][u] -> ((v, block), ...)
    reach: tuple[tuple[int, ...], ...]          # [kind][u] -> mask of v with some move u -> v
    into: tuple[tuple[int, ...], ...]           # [kind][v] -> mask of u with some move u -> v

    @property
    def size(self) -> int:
        return len(self.squares)

    def move(self, u: int, v: int) -> tuple[Point, Point]:
        return self.squares[u], self.squares[v]


def _occupied_moves(ptype: PieceType, origin: Point, index: dict[Point, int], width: int, height: int):
    """(v, indices of occupied squares strictly between) for every move of ``ptype`` from
    ``origin`` onto an occupied square v. The same moves as ``PieceType.paths`` restricted to
    occupied ends, but a rider's ray is walked through the occupied squares only, so the cost
    does not grow with the board (the stretched boards of Corollary 3.4 are thousands wide)."""
    x, y = origin
    for dx, dy in ptype.leaps:
        p = (x + dx, y + dy)
        if p != origin and p in index and 0 <= p[0] < width and 0 <= p[1] < height:
            yield index[p], ()
    for dx, dy in ptype.rides:
        on_ray = []
        for (px, py), w in index.items():
            ex, ey = px - x, py - y
            # (ex, ey) = step * (dx, dy) for a whole step >= 1
            if ex * dy != ey * dx:
                continue
            step = ex // dx if dx else ey // dy
            if step < 1 or (step * dx, step * dy) != (ex, ey):
                continue
            if ptype.max_range and step > ptype.max_range:
                continue
            on_ray.append((step, w))
        on_ray.sort()
        for position, (_step, w) in enumerate(on_ray):
            yield w, tuple(b for _s, b in on_ray[:position])


def compile_board(instance: SoloChess) -> CompiledBoard:
    squares = tuple(p.square for p in instance.pieces)
    index = {sq: i for i, sq in enumerate(squares)}
    kinds = tuple(instance.kinds())
    kind_index = {k: i for i, k in enumerate(kinds)}
    moves, reach, into = [], [], []
    n = len(squares)
    for kind in kinds:
        ptype = instance.piece_type(kind)
        per_square, reach_k, into_k = [], [0] * n, [0] * n
        for u, sq in enumerate(squares):
            options = []
            for v, between in _occupied_moves(ptype, sq, index, instance.width, instance.height):
                if v == u:
                    continue
                block = 0
                for b in between:
                    block |= 1 << b
                options.append((v, block))
                reach_k[u] |= 1 << v
                into_k[v] |= 1 << u
            per_square.append(tuple(dict.fromkeys(options)))
        moves.append(tuple(per_square))
        reach.append(tuple(reach_k))
        into.append(tuple(into_k))
    special = None if instance.special is None else index[instance.special]
    return CompiledBoard(squares, kinds, tuple(kind_index[p.kind] for p in instance.pieces), special,
                         tuple(moves), tuple(reach), tuple(into))
