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

from npw.instances.base import InvalidInstance
from npw.instances.elements import edge_id, element_ids, vertex_id
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Piece, Point, SoloChess
from npw.reductions.base import Reduction
from npw.reductions.solochess.claims import THEOREM_3_7
from npw.reductions.solochess.provenance import Owners, add_owner, from_owners
from npw.reductions.solochess.verified import ON_GRID_GRAPHS

__all__ = ["REDUCTION", "backward", "edge_squares", "forward", "green_square", "provenance", "raw_squares", "reduce",
           "size", "upward_neighbours", "vertex_square"]


def _coords(source: HamPath) -> tuple[Point, ...]:
    """The grid's coordinates, turned by 180 degrees when s has no upward edge, so that s is a
    bottom vertex as in the paper's Figure 4 (any orientation of a grid graph is one).

    Why: the king replaces s's green pawn; were s's edges all downward, its green pawn would be
    its vertex pawn, and the pawn below it on the edge could capture only the king, which no
    piece may capture: "all other pawns have legal captures" (Theorem 3.7) would fail there.

    >>> from npw.instances.hampath.graph import HamPath
    >>> _coords(HamPath(2, ((0, 1),), s=1, coords=((0, 0), (0, 1))))
    ((0, 0), (0, -1))
    """
    if source.coords is None or source.s is None:
        raise InvalidInstance("Theorem 3.7 needs a grid graph with a start s")
    coords = source.coords
    x, y = coords[source.s]
    if not {(x + 1, y), (x, y + 1)} & set(coords):
        return tuple((-a, -b) for a, b in coords)
    return coords


def vertex_square(p: Point) -> Point:
    return (3 * (p[0] - p[1]), 3 * (p[0] + p[1]))


def upward_neighbours(source: HamPath, v: int) -> list[int]:
    coords = _coords(source)
    index = {q: i for i, q in enumerate(coords)}
    x, y = coords[v]
    return [index[q] for q in ((x + 1, y), (x, y + 1)) if q in index]


def edge_squares(source: HamPath, lower: int, upper: int) -> tuple[Point, Point]:
    """The two pawns of the edge from ``lower`` up to ``upper``, bottom first."""
    coords = _coords(source)
    px, py = vertex_square(coords[lower])
    if coords[upper] == (coords[lower][0] + 1, coords[lower][1]):
        return (px + 1, py + 1), (px + 2, py + 2)
    return (px - 1, py + 1), (px - 2, py + 2)


def green_square(source: HamPath, v: int) -> Point:
    px, py = vertex_square(_coords(source)[v])
    ups = len(upward_neighbours(source, v))
    return (px, py + 1) if ups == 2 else (px, py - 1) if ups == 1 else (px, py)


def _lower_upper(source: HamPath, a: int, b: int) -> tuple[int, int]:
    return (a, b) if b in upward_neighbours(source, a) else (b, a)


def raw_squares(source: HamPath) -> dict[Point, str]:
    coords = _coords(source)
    squares = {vertex_square(p): "pawn" for p in coords}
    for u, v in source.edges:
        lower, upper = _lower_upper(source, u, v)
        for q in edge_squares(source, lower, upper):
            squares[q] = "pawn"
    for v in range(source.num_vertices):
        squares[green_square(source, v)] = "pawn"
    squares[green_square(source, source.s)] = "king"
    return squares


def _offset(source: HamPath) -> Point:
    squares = raw_squares(source)
    return (min(x for x, _ in squares), min(y for _, y in squares))


def reduce(source: HamPath) -> SoloChess:
    squares = raw_squares(source)
    mx, my = _offset(source)
    pieces = tuple(Piece(x - mx, y - my, k) for (x, y), k in squares.items())
    width = max(x for x, _ in squares) - mx + 1
    height = max(y for _, y in squares) - my + 1
    king = green_square(source, source.s)
    return SoloChess(width, height, pieces, (king[0] - mx, king[1] - my))


def _adjacent(a: Point, b: Point) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def forward(source: HamPath, path) -> tuple:
    path = tuple(path)
    mx, my = _offset(source)

    def shift(p: Point) -> Point:
        return (p[0] - mx, p[1] - my)

    moves: list[tuple[Point, Point]] = []
    used = {(min(a, b), max(a, b)) for a, b in zip(path, path[1:])}
    coords = _coords(source)
    # pawns of unused edges: bottom pawn takes the top one, which takes the upper vertex pawn
    for u, v in sorted(source.edges, key=lambda e: min(vertex_square(coords[e[0]])[1], vertex_square(coords[e[1]])[1])):
        if (u, v) in used:
            continue
        lower, upper = _lower_upper(source, u, v)
        a, b = edge_squares(source, lower, upper)
        moves += [(a, b), (b, vertex_square(coords[upper]))]
    # the king's walk
    king = green_square(source, source.s)
    walk: list[Point] = []
    for j, v in enumerate(path):
        here, green = vertex_square(coords[v]), green_square(source, v)
        entry = exit_ = None
        if j > 0:
            lower, upper = _lower_upper(source, path[j - 1], v)
            chain = edge_squares(source, lower, upper)
            entry = chain[1] if upper == v else chain[0]
            walk += list(chain) if upper == v else list(chain[::-1])
        if j + 1 < len(path):
            lower, upper = _lower_upper(source, v, path[j + 1])
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
    mx, my = _offset(source)
    coords = _coords(source)
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
    coords = _coords(source)
    owners: Owners = {}
    for v in range(source.num_vertices):
        add_owner(owners, vertex_square(coords[v]), vertex_id(v))
        add_owner(owners, green_square(source, v), vertex_id(v))
    for u, v in source.edges:
        for q in edge_squares(source, *_lower_upper(source, u, v)):
            add_owner(owners, q, edge_id((u, v)))
    mx, my = _offset(source)
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
