"""Hamiltonian path -> Solo Chess {king^1, pawn}: Theorem 3.7 of Brunner et al., "Complexity of
Solo Chess with Unlimited Moves".

Source: ``hampath-grid-s``, a max-degree-3 grid graph with a start s (Lemma A.1 (1)). In the
coordinates of ``../shared/spec/solochess.md`` (pawns capture upward, +y):

* :func:`vertex_square` - the grid is rotated 45 degrees and scaled by 3 sqrt 2:
  P(x, y) = (3(x - y), 3(x + y)); a (blue) vertex pawn on P(v);
* :func:`edge_squares` - the edge to (x+1, y) gets pawns on P(v)+(1,1), P(v)+(2,2); the edge to
  (x, y+1) on P(v)+(-1,1), P(v)+(-2,2) (light squares, like the vertex pawns);
* :func:`green_square` - the green pawn: P(v)+(0,1) if v has two upward edges, P(v)+(0,-1) if one,
  the vertex pawn itself if none; the king replaces the green pawn of s.

:func:`forward` follows the proof: the pawns of edges off the path capture upward along their
chain (bottom pawn first, ending on the upper vertex's square), then the king walks the path,
taking at each vertex its green pawn before or after the vertex pawn, whichever is adjacent to
the edge it arrives by or leaves by. :func:`backward` lists the vertices whose vertex or green
square the king captures on, in order of first visit.
"""

from __future__ import annotations

from npw.instances.elements import edge_id, element_ids, vertex_id
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Piece, Point, SoloChess
from npw.reductions.base import Reduction
from npw.reductions.solochess.claims import THEOREM_3_7
from npw.reductions.solochess.king_pawn_squares import (edge_squares, green_square, grid_coords, lower_upper, offset,
                                                        raw_squares, upward_neighbours, vertex_square)
from npw.reductions.solochess.provenance import Owners, add_owner, from_owners
from npw.reductions.solochess.verified import ON_GRID_GRAPHS

__all__ = ["REDUCTION", "backward", "edge_squares", "forward", "green_square", "provenance", "raw_squares", "reduce",
           "size", "upward_neighbours", "vertex_square"]


def reduce(source: HamPath) -> SoloChess:
    squares = raw_squares(source)
    mx, my = offset(source)
    pieces = tuple(Piece(x - mx, y - my, k) for (x, y), k in squares.items())
    width = max(x for x, _ in squares) - mx + 1
    height = max(y for _, y in squares) - my + 1
    king = green_square(source, source.s)
    return SoloChess(width, height, pieces, (king[0] - mx, king[1] - my))


def _adjacent(a: Point, b: Point) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def forward(source: HamPath, path) -> tuple:
    path = tuple(path)
    mx, my = offset(source)

    def shift(p: Point) -> Point:
        return (p[0] - mx, p[1] - my)

    moves: list[tuple[Point, Point]] = []
    used = {(min(a, b), max(a, b)) for a, b in zip(path, path[1:])}
    coords = grid_coords(source)
    # pawns of unused edges: bottom pawn takes the top one, which takes the upper vertex pawn
    for u, v in sorted(source.edges, key=lambda e: min(vertex_square(coords[e[0]])[1], vertex_square(coords[e[1]])[1])):
        if (u, v) in used:
            continue
        lower, upper = lower_upper(source, u, v)
        a, b = edge_squares(source, lower, upper)
        moves += [(a, b), (b, vertex_square(coords[upper]))]
    # the king's walk
    king = green_square(source, source.s)
    walk: list[Point] = []
    for j, v in enumerate(path):
        here, green = vertex_square(coords[v]), green_square(source, v)
        entry = exit_ = None
        if j > 0:
            lower, upper = lower_upper(source, path[j - 1], v)
            chain = edge_squares(source, lower, upper)
            entry = chain[1] if upper == v else chain[0]
            walk += list(chain) if upper == v else list(chain[::-1])
        if j + 1 < len(path):
            lower, upper = lower_upper(source, v, path[j + 1])
            chain = edge_squares(source, lower, upper)
            exit_ = chain[0] if lower == v else chain[1]
        if j == 0:
            walk += [here] if green != here else []
            continue
        if green == here:
            walk.append(here)
        elif exit_ is not None and _adjacent(green, exit_):
            walk += [here, green]
        elif entry is not None and _adjacent(green, entry):
            walk += [green, here]
        else:
            walk += [here, green]
    at = king
    for q in walk:
        moves.append((at, q))
        at = q
    return tuple((shift(a), shift(b)) for a, b in moves)


def backward(source: HamPath, target: SoloChess, captures) -> tuple[int, ...]:
    mx, my = offset(source)
    coords = grid_coords(source)
    owner: dict[Point, int] = {}
    for v in range(source.num_vertices):
        owner[vertex_square(coords[v])] = v
        owner.setdefault(green_square(source, v), v)
    at, path = target.special, [source.s]
    for a, b in captures:
        if tuple(a) == at:
            at = tuple(b)
            v = owner.get((at[0] + mx, at[1] + my))
            if v is not None and v not in path:
                path.append(v)
    return tuple(path)


def provenance(source: HamPath, target: SoloChess) -> dict[str, list[str]]:
    """A vertex -> its vertex pawn and its green pawn (the king for s); an edge -> its two pawns."""
    coords = grid_coords(source)
    owners: Owners = {}
    for v in range(source.num_vertices):
        add_owner(owners, vertex_square(coords[v]), vertex_id(v))
        add_owner(owners, green_square(source, v), vertex_id(v))
    for u, v in source.edges:
        for q in edge_squares(source, *lower_upper(source, u, v)):
            add_owner(owners, q, edge_id((u, v)))
    mx, my = offset(source)
    return from_owners(owners, element_ids(source.problem, source), lambda p: (p[0] - mx, p[1] - my))


def size(source: HamPath) -> dict[str, int]:
    greens = sum(1 for v in range(source.num_vertices) if upward_neighbours(source, v))
    return {"pieces": source.num_vertices + 2 * len(source.edges) + greens}


REDUCTION = Reduction(
    id="hampath-to-solochess-king-pawn",
    source="hampath-grid-s",
    target="solochess",
    reference="Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.7",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
    claims=THEOREM_3_7,
    provenance=provenance,
    checked=ON_GRID_GRAPHS,
)
