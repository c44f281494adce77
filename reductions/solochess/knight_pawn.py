"""Hamiltonian path -> Solo Chess {knight^1, pawn}: Theorem 3.1 of Brunner et al., "Complexity
of Solo Chess with Unlimited Moves" (the king variant is ``knight_king``).

Source: ``hampath-grid-s``, a max-degree-3 grid graph with a start s (Lemma A.1 (1)).
:func:`rotate` turns the grid by arctan(1/2) and scales it by sqrt 5: (x, y) -> (2x - y, x + 2y),
so grid neighbours become a knight's move apart; a blocker stands on every vertex, the (special)
knight on s. The map is onto a lattice of index 5, and of the eight knight vectors only the four
images of the unit steps lie in it, so the knight's moves are exactly the grid edges (the grid
graph is induced); no king or pawn vector lies in it, so blockers never capture. The knight's
captures are a Hamiltonian path from s (:func:`forward`, :func:`backward`).
"""

from __future__ import annotations

from npw.instances.elements import edge_id, element_ids, vertex_id
from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Piece, SoloChess
from npw.reductions.base import Reduction
from npw.reductions.solochess.verified import ON_GRID_GRAPHS
from npw.reductions.solochess.claims import THEOREM_3_1
from npw.reductions.solochess.knight_pawn_squares import placement, rotate, square_of
from npw.reductions.solochess.provenance import Owners, add_owner, from_owners

__all__ = ["REDUCTION", "make_reduction", "rotate", "square_of"]


def make_reduction(blocker: str, checked: str = ON_GRID_GRAPHS) -> Reduction:
    def reduce(source: HamPath) -> SoloChess:
        images, (mx, my) = placement(source)
        squares = [(x - mx, y - my) for x, y in images]
        pieces = tuple(Piece(x, y, "knight" if v == source.s else blocker) for v, (x, y) in enumerate(squares))
        return SoloChess(max(x for x, _ in squares) + 1, max(y for _, y in squares) + 1, pieces, squares[source.s])

    def forward(source: HamPath, path) -> tuple:
        return tuple((square_of(source, a), square_of(source, b)) for a, b in zip(path, path[1:]))

    def backward(source: HamPath, target: SoloChess, captures) -> tuple[int, ...]:
        where = {square_of(source, v): v for v in range(source.num_vertices)}
        at, path = target.special, [source.s]
        for a, b in captures:
            if tuple(a) == at:
                at = tuple(b)
                path.append(where[at])
        return tuple(path)

    def size(source: HamPath) -> dict[str, int]:
        # the board is the bounding box of the grid turned by (x, y) -> (2x - y, x + 2y), stated
        # here from the vertices' coordinates, not through reduce's translation: a board with a
        # spare row or column (an empty line is as solvable, so another correct construction, but
        # not this one) then differs from the declared size; "pieces" alone did not tell it
        across = [2 * x - y for x, y in source.coords]
        up = [x + 2 * y for x, y in source.coords]
        return {"pieces": source.num_vertices, "width": max(across) - min(across) + 1,
                "height": max(up) - min(up) + 1}

    def provenance(source: HamPath, target: SoloChess) -> dict[str, list[str]]:
        # a vertex is its blocker (the knight for s); an edge is the knight's move between its
        # two ends' pieces, so it is those two pieces
        owners: Owners = {}
        for v in range(source.num_vertices):
            add_owner(owners, square_of(source, v), vertex_id(v))
        for u, v in source.edges:
            for w in (u, v):
                add_owner(owners, square_of(source, w), edge_id((u, v)))
        return from_owners(owners, element_ids(source.problem, source))

    return Reduction(
        id=f"hampath-to-solochess-knight-{blocker}", source="hampath-grid-s", target="solochess",
        reference=f"Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.1 (T = {blocker})",
        reduce=reduce, forward=forward, backward=backward, size=size, claims=THEOREM_3_1,
        provenance=provenance, checked=checked)


REDUCTION = make_reduction("pawn")
