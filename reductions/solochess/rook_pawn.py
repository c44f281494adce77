"""Hamiltonian path -> Solo Chess {rook^1, pawn}: Theorem 3.2 of Brunner, Chung, Coulombe,
Demaine, Gomez, Lynch, "Complexity of Solo Chess with Unlimited Moves".

Source: ``hampath-st``, a max-degree-3 graph with start s and end t of degree 1 (Lemma A.1 (2)).
The vertices other than s and t are numbered 1..|V|-2 in increasing order, the edges 1..|E| in
the instance's (sorted) order; the coordinates use N = |V| (``../shared/spec/solochess.md``):

* :func:`vertex_pawns` - vertex i: corner pawns (i, 3i), (i, 3i+1), (4N+i, 3i), (4N+i, 3i+1);
* :func:`edge_pawns` - edge k = {i, j}: pawns (N+k, 3i) and (N+k, 3j), an endpoint s or t
  contributing no pawn;
* :func:`terminals` - the rook at (N+k_s, 1) (the extraction reads "(k_s, 1)"; the column must
  be the edge's column N+k_s) and a pawn at (N+k_t, 0).

Pawns capture upward and none of them has a capture; the rook must capture all pawns, entering
and leaving every vertex rectangle once. The capture sequence of a path is :func:`forward`
(the rook goes round each rectangle, with the "jump" needed when it enters and leaves by the two
outer edge pawns); :func:`backward` reads the rook's route back as vertices.

Corollaries 3.3-3.6 transform this board (:func:`transformed`), in sibling modules.

Finding: the terminal squares as the extracted proof states them, (k_s, 1) and (k_t, 0), give a
wrong reduction (counterexamples both ways); that version is kept, flagged, as
``hampath-to-solochess-rook-pawn-as-stated`` (:data:`AS_STATED`, with the counterexamples in its
comment); :data:`REDUCTION` uses columns |V| + k_s and |V| + k_t.

>>> from npw.instances.hampath.graph import HamPathEnds
>>> path3 = HamPathEnds(3, ((0, 1), (1, 2)), s=0, t=2)
>>> board = reduce(path3)
>>> board.size()
{'pieces': 8, 'width': 14, 'height': 5}
>>> captures = forward(path3, (0, 1, 2))
>>> board.verify(captures), backward(path3, board, captures)
(True, (0, 1, 2))
"""

from __future__ import annotations

from typing import Callable

from npw.instances.elements import edge_id, element_ids, vertex_id
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Piece, Point, SoloChess
from npw.reductions.base import Reduction
from npw.reductions.solochess.claims import immobility_claims, theorem_3_2_claims
from npw.reductions.solochess.provenance import Owners, add_owner, from_owners
from npw.reductions.solochess.rook_pawn_squares import (Squares, board_squares, edge_at, edge_pawns, labels, terminals,
                                                        vertex_pawns)
from npw.reductions.solochess.verified import ON_GRID_GRAPHS

__all__ = ["AS_STATED", "REDUCTION", "backward", "forward", "forward_as_stated", "provenance", "reduce",
           "reduce_as_stated", "rook_route", "route_to_path", "size", "special_route", "square_owners",
           "transformed", "transformed_reduction", "vertex_of_square"]

def reduce(source: HamPath) -> SoloChess:
    squares, rook = board_squares(source)
    return _board(squares, rook)


def square_owners(source: HamPath, as_stated: bool = False) -> Owners:
    """Who each square of the board belongs to: a vertex's corner pawns to it; an edge pawn to its
    edge and to the vertex whose rectangle row it stands in; the rook to s and s's edge, t's pawn
    to t and t's edge."""
    n = 0 if as_stated else source.num_vertices
    vertex_label, edge_label = labels(source)
    owners: Owners = {}
    for v, i in vertex_label.items():
        for p in ((i, 3 * i), (i, 3 * i + 1), (4 * source.num_vertices + i, 3 * i),
                  (4 * source.num_vertices + i, 3 * i + 1)):
            add_owner(owners, p, vertex_id(v))
    for (u, v), k in edge_label.items():
        for w in (u, v):
            if w in vertex_label:
                add_owner(owners, (source.num_vertices + k, 3 * vertex_label[w]), edge_id((u, v)), vertex_id(w))
    for end, row in ((source.s, 1), (source.t, 0)):
        edge = edge_at(source, end)
        add_owner(owners, (n + edge_label[edge], row), vertex_id(end), edge_id(edge))
    return owners


def provenance(source: HamPath, target: SoloChess, as_stated: bool = False) -> dict[str, list[str]]:
    """A vertex -> its rectangle's pieces (four corner pawns and its edges' pawns in its row; the rook
    for s, the last pawn for t); an edge -> its pawns (and the rook or t's pawn at an end s or t).

    >>> from npw.instances.hampath.graph import HamPathEnds
    >>> path3 = HamPathEnds(3, ((0, 1), (1, 2)), s=0, t=2)
    >>> provenance(path3, reduce(path3))["edge:0-1"]
    ['piece:4,3', 'piece:4,1']
    """
    return from_owners(square_owners(source, as_stated), element_ids(source.problem, source))


def _board(squares: Squares, special: Point) -> SoloChess:
    """The board from (0, 0) to the largest coordinates used (no translation)."""
    width = max(x for x, _ in squares) + 1
    height = max(y for _, y in squares) + 1
    return SoloChess(width, height, tuple(Piece(x, y, k) for (x, y), k in squares.items()), special)


def rook_route(source: HamPath, path: tuple[int, ...]) -> list[Point]:
    """The squares the rook captures, in order, for the Hamiltonian path ``path`` (s first)."""
    n = source.num_vertices
    vertex_label, edge_label = labels(source)
    route: list[Point] = []
    for j in range(1, len(path)):
        previous, v = path[j - 1], path[j]
        k_in = edge_label[(min(previous, v), max(previous, v))]
        if v == source.t:
            route.append((n + k_in, 0))
            continue
        i = vertex_label[v]
        k_out = edge_label[(min(v, path[j + 1]), max(v, path[j + 1]))]
        bottom = sorted(x for (x, y) in edge_pawns(source) if y == 3 * i)
        row = [i] + bottom + [4 * n + i]          # bottom row, left corner to right corner
        e, x = row.index(n + k_in), row.index(n + k_out)
        route.append((n + k_in, 3 * i))
        if e < x:
            middle, near, far = row[e + 1:x], row[1:e][::-1] + [row[0]], row[x + 1:-1][::-1]
            corners_up, top_far, corner_down = (i, 3 * i + 1), (4 * n + i, 3 * i + 1), (4 * n + i, 3 * i)
        else:
            middle, near, far = row[x + 1:e][::-1], row[e + 1:-1] + [row[-1]], row[1:x]
            corners_up, top_far, corner_down = (4 * n + i, 3 * i + 1), (i, 3 * i + 1), (i, 3 * i)
        route += [(c, 3 * i) for c in middle]     # towards the exit, stopping before it
        route += [(c, 3 * i) for c in near]       # back past the entry (now empty) to the near corner
        route += [corners_up, top_far, corner_down]
        route += [(c, 3 * i) for c in far]        # from the far corner back to the exit
        route.append((n + k_out, 3 * i))
    return route


def forward(source: HamPath, path: tuple[int, ...]) -> tuple:
    squares, rook = board_squares(source)
    route = rook_route(source, tuple(path))
    moves, at = [], rook
    for square in route:
        moves.append((at, square))
        at = square
    return tuple(moves)


def vertex_of_square(source: HamPath, square: Point) -> int | None:
    """The vertex whose gadget holds ``square`` (rows 3i, 3i+1 -> vertex i; row 0 -> t; row 1 -> s)."""
    return _vertex_of_row(source)(square[1])


def _vertex_of_row(source: HamPath) -> Callable[[int], int | None]:
    """:func:`vertex_of_square` by the square's row, the labels computed once: a backward map
    reads a whole route (thousands of squares on the boards of the 3-SAT chain), and labelling
    the graph again for each square made it quadratic."""
    vertex_label, _ = labels(source)
    by_label = {i: v for v, i in vertex_label.items()}

    def vertex(y: int) -> int | None:
        if y == 0:
            return source.t
        if y == 1:
            return source.s
        return by_label.get(y // 3)

    return vertex


def route_to_path(start: int, visited: list[int | None]) -> tuple[int, ...]:
    """Vertices in order of first visit, starting with ``start``."""
    path, seen = [start], {start}
    for v in visited:
        if v is not None and v not in seen:
            path.append(v)
            seen.add(v)
    return tuple(path)


def special_route(target: SoloChess, captures) -> list[Point]:
    """The squares the special piece captures on, in order."""
    at, route = target.special, []
    for a, b in captures:
        a, b = tuple(a), tuple(b)
        if a == at:
            route.append(b)
            at = b
    return route


def backward(source: HamPath, target: SoloChess, captures) -> tuple[int, ...]:
    vertex = _vertex_of_row(source)
    return route_to_path(source.s, [vertex(q[1]) for q in special_route(target, captures)])


def size(source: HamPath) -> dict[str, int]:
    n, m = source.num_vertices, len(source.edges)
    inner = n - 2
    pieces = 1 + 1 + 4 * inner + 2 * m - 2
    width = (max(4 * n + inner, n + m) if inner else n + m) + 1
    height = (3 * inner + 2) if inner else 2
    return {"pieces": pieces, "width": width, "height": height}


# -- Corollaries 3.3-3.6: transformations of this board ---------------------------------------

def transformed(source: HamPath, special: str, blocker: str, mapping: Callable[[Point, int], Point]) -> SoloChess:
    """Theorem 3.2's board with every square sent through ``mapping(point, h)`` (h = the height
    of the original board), translated to start at (0, 0); the rook becomes ``special``, the
    pawns ``blocker``."""
    squares, rook = board_squares(source)
    h = max(y for _, y in squares) + 1
    moved = {mapping(p, h): (special if p == rook else blocker) for p in squares}
    mx = min(x for x, _ in moved)
    my = min(y for _, y in moved)
    shifted = {(x - mx, y - my): k for (x, y), k in moved.items()}
    r = mapping(rook, h)
    return _board(shifted, (r[0] - mx, r[1] - my))


_pieces_of = size  # the parameter ``size`` of transformed_reduction hides this module's function


def transformed_reduction(id: str, reference: str, special: str, blocker: str,
                          mapping: Callable[[Point, int], Point], notes: str = "",
                          claims: tuple = (), checked: str = ON_GRID_GRAPHS,
                          size: Callable[[HamPath], dict[str, int]] | None = None) -> Reduction:
    """A Reduction for a transformed Theorem 3.2 board; forward/backward map squares through
    ``mapping`` (which is injective). ``size``: the board's exact size worked out for this map
    (pieces, width, height); without it, only the pieces (Theorem 3.2's) are declared."""

    def reduce_t(source: HamPath) -> SoloChess:
        return transformed(source, special, blocker, mapping)

    def _shift(source: HamPath) -> Callable[[Point], Point]:
        squares, _ = board_squares(source)
        h = max(y for _, y in squares) + 1
        moved = [mapping(p, h) for p in squares]
        mx = min(x for x, _ in moved)
        my = min(y for _, y in moved)
        return lambda p: (mapping(p, h)[0] - mx, mapping(p, h)[1] - my)

    def forward_t(source: HamPath, path) -> tuple:
        f = _shift(source)
        return tuple((f(a), f(b)) for a, b in forward(source, path))

    def backward_t(source: HamPath, target: SoloChess, captures) -> tuple[int, ...]:
        f = _shift(source)
        squares, _ = board_squares(source)
        inverse = {f(p): p for p in squares}
        route = [inverse.get(tuple(q)) for q in special_route(target, captures)]
        vertex = _vertex_of_row(source)
        return route_to_path(source.s, [None if q is None else vertex(q[1]) for q in route])

    def size_t(source: HamPath) -> dict[str, int]:
        return {"pieces": _pieces_of(source)["pieces"]}

    def provenance_t(source: HamPath, target: SoloChess) -> dict[str, list[str]]:
        # the owners of Theorem 3.2's squares, each square sent where the corollary puts it
        return from_owners(square_owners(source), element_ids(source.problem, source), _shift(source))

    return Reduction(id=id, source="hampath-st", target="solochess", reference=reference, reduce=reduce_t,
                     forward=forward_t, backward=backward_t, size=size or size_t, notes=notes, claims=claims,
                     provenance=provenance_t, checked=checked)


def reduce_as_stated(source: HamPath) -> SoloChess:
    squares, rook = board_squares(source, as_stated=True)
    return _board(squares, rook)


def forward_as_stated(source: HamPath, path: tuple[int, ...]) -> tuple:
    """The rook route of :func:`forward`, from the as-stated rook square to the as-stated t pawn."""
    n = source.num_vertices
    _, rook = board_squares(source, as_stated=True)
    route = [(x - n, 0) if y == 0 else (x, y) for x, y in rook_route(source, tuple(path))]
    moves, at = [], rook
    for square in route:
        moves.append((at, square))
        at = square
    return tuple(moves)


# FLAGGED, kept so that its counterexamples reproduce. The proof's text as extracted puts the rook
# at (k_s, 1) and t's pawn at (k_t, 0): the *edge numbers* as columns, while the edge pawns stand in
# columns |V| + k. `npw verify hampath-to-solochess-rook-pawn-as-stated --exhaustive 5`: 34 cases,
# 17 mismatches, both ways:
# * yes -> no: the path s - v - t (edges 1 = sv, 2 = vt): the rook on (1, 1) shares column 1 only
#   with v's left corner pawns and t's pawn on (2, 0) is alone in its row and column: unreachable;
# * no -> yes: the path 0-1-2-3 with 4 hanging off 1 (coordinates (0,0)..(0,3), (1,1)), s = 4,
#   t = 0, has no Hamiltonian path (1 would need both leaves as path ends besides 2-3), but t's
#   pawn on (1, 0) sits under vertex 1's left corner pawns, so the rook can come back down
#   column 1 after touring the board: a capture sequence exists.
# The corrected construction (columns |V| + k_s and |V| + k_t, ../shared/spec/solochess.md) is
# REDUCTION below.
AS_STATED = Reduction(
    id="hampath-to-solochess-rook-pawn-as-stated",
    source="hampath-st",
    target="solochess",
    reference="Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.2, "
              "terminal squares exactly as the extracted text reads: rook (k_s, 1), pawn (k_t, 0)",
    reduce=reduce_as_stated,
    forward=forward_as_stated,
    backward=backward,
    size=None,
    notes="flagged: as stated; the corrected construction is hampath-to-solochess-rook-pawn",
    claims=immobility_claims("Theorem 3.2 (terminal squares as stated)"),
    provenance=lambda source, target: provenance(source, target, as_stated=True),
    checked="flagged: counterexamples both ways (BENCHMARKS.md, Findings)",
)


REDUCTION = Reduction(
    id="hampath-to-solochess-rook-pawn",
    source="hampath-st",
    target="solochess",
    reference="Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.2",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
    claims=theorem_3_2_claims(),
    provenance=provenance,
    checked=ON_GRID_GRAPHS,
)
