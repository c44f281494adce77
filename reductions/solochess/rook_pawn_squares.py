"""Where Theorem 3.2's board (Hamiltonian path -> Solo Chess {rook^1, pawn},
:mod:`~npw.reductions.solochess.rook_pawn`) puts a graph's vertices and edges: the squares the
reduction, the boards Corollaries 3.3-3.6 transform from it, and their claims
(:func:`~npw.reductions.solochess.claims.theorem_3_2_claims`) all read.

>>> from npw.instances.hampath.graph import HamPathEnds
>>> squares, rook = board_squares(HamPathEnds(3, ((0, 1), (1, 2)), s=0, t=2))
>>> len(squares), rook
(8, (4, 1))
"""

from __future__ import annotations

from npw.instances.base import InvalidInstance
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Point

__all__ = ["Squares", "board_squares", "check_source", "edge_at", "edge_pawns", "labels", "terminals", "vertex_pawns"]


Squares = dict[Point, str]
"""Square -> piece kind."""


def labels(source: HamPath) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
    """Vertex labels 1..|V|-2 (s and t excluded) and edge labels 1..|E|."""
    others = [v for v in range(source.num_vertices) if v not in (source.s, source.t)]
    return {v: i + 1 for i, v in enumerate(others)}, {e: k + 1 for k, e in enumerate(source.edges)}


def vertex_pawns(source: HamPath) -> Squares:
    """The corner pawns of vertex i: (i, 3i), (i, 3i+1), (4N+i, 3i), (4N+i, 3i+1).

    Parameters
    ----------
    source : HamPath
        A graph with start s and end t of degree 1.

    Returns
    -------
    Squares
        The pawns of every inner vertex.
    """
    n = source.num_vertices
    vertex_label, _ = labels(source)
    squares: Squares = {}
    for i in vertex_label.values():
        for p in ((i, 3 * i), (i, 3 * i + 1), (4 * n + i, 3 * i), (4 * n + i, 3 * i + 1)):
            squares[p] = "pawn"
    return squares


def edge_pawns(source: HamPath) -> Squares:
    """The pawns of edge k = {i, j}: (N+k, 3i) and (N+k, 3j); an end s or t contributes none.

    Parameters
    ----------
    source : HamPath
        A graph with start s and end t of degree 1.

    Returns
    -------
    Squares
        The pawns of every edge.
    """
    n = source.num_vertices
    vertex_label, edge_label = labels(source)
    squares: Squares = {}
    for (u, v), k in edge_label.items():
        for w in (u, v):
            if w in vertex_label:
                squares[(n + k, 3 * vertex_label[w])] = "pawn"
    return squares


def edge_at(source: HamPath, v: int) -> tuple[int, int]:
    """The first edge at ``v`` (s and t have exactly one).

    Parameters
    ----------
    source : HamPath
        A graph with start s and end t of degree 1.
    v : int
        A vertex.

    Returns
    -------
    tuple of int
        The edge.
    """
    return next(e for e in source.edges if v in e)


def terminals(source: HamPath, as_stated: bool = False) -> tuple[Squares, Point]:
    """The rook at (N+k_s, 1) and t's pawn at (N+k_t, 0); ``as_stated``: at (k_s, 1) and (k_t, 0),
    the text of the proof as we have it (see
    :data:`npw.reductions.solochess.rook_pawn.AS_STATED`)."""
    n = 0 if as_stated else source.num_vertices
    _, edge_label = labels(source)
    rook = (n + edge_label[edge_at(source, source.s)], 1)
    return {rook: "rook", (n + edge_label[edge_at(source, source.t)], 0): "pawn"}, rook


def check_source(source: HamPath) -> None:
    """Refuses (InvalidInstance) a source outside Theorem 3.2: s or t missing or not of degree 1,
    or a vertex of degree above 3.

    Parameters
    ----------
    source : HamPath
        A graph with start s and end t of degree 1.
    """
    if source.s is None or source.t is None or source.degree(source.s) != 1 or source.degree(source.t) != 1:
        raise InvalidInstance("Theorem 3.2 needs s and t of degree 1")
    if source.max_degree() > 3:
        raise InvalidInstance("Theorem 3.2 needs maximum degree 3")


def board_squares(source: HamPath, as_stated: bool = False) -> tuple[Squares, Point]:
    """Every piece of the board and the rook's square, after :func:`check_source`.

    Parameters
    ----------
    source : HamPath
        A graph with start s and end t of degree 1.
    as_stated : bool
        The terminals as the extracted proof states them (see :func:`terminals`).

    Returns
    -------
    tuple
        (:data:`Squares`, the rook's square).
    """
    check_source(source)
    ends, rook = terminals(source, as_stated)
    squares = {**vertex_pawns(source), **edge_pawns(source), **ends}
    return squares, rook
