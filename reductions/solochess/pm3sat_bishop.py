"""Planar Monotone 3SAT with at most two occurrences of each literal -> Solo Chess {king^1, bishop}:
Theorem 3.10 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves". Figure 6 (the
variable gadget) did not survive the text extraction; the gadget here is our own, designed from
the proof's words ("similar to Theorem 3.9 ... we add bishops to connect literal bishops in each
clause"), on the ladder of :mod:`npw.reductions.solochess.pm3sat_knight`
(``docs/solochess_sat_gadgets.md`` draws it).

Bishops capture along whole diagonals, so two bishops on one diagonal end up in one component
however far apart they are (:func:`~npw.instances.solochess.collapse.line_components`). The
design separates the components by *colour*: every clause piece (literal bishops and connectors)
stands on a dark square (x + y odd), every other bishop on a light one, and no diagonal holds
squares of both colours.

* :func:`gadget_paths` - variable gadget at position p: a junction bishop at (0, 16p), then two
  light zigzags the king walks up, (-1, odd rows), (-2, even rows) on the left (positive literal)
  and (1, odd), (2, even) on the right (negative literal), meeting at the next junction
  (0, 16p + 16). The zigzags are two columns apart, so no king step joins them, and they share
  diagonals ((-1, y) and (1, y - 2) are on one), so all light bishops form one component with the
  junctions: captured whichever path the king takes. A *used* literal slot (rows 4 and 12 of the
  gadget, the rows of Theorem 3.9's king gadget) replaces the light (-2, a) by the dark literal
  bishop (-1, a) (mirrored on the right): the path goes straight through it, by king steps.
* :func:`clause_squares` - a clause's literals, sorted by row, joined pairwise by one *corner*
  bishop each: for the left literals (-1, y1), (-1, y2), y1 < y2, the square
  (-1 - (y2 - y1) / 2, (y1 + y2) / 2), where the anti-diagonal of the lower one meets the diagonal
  of the upper one (mirrored on the right). A corner lies only on its literals' diagonals, so a
  clause's diagonals are just its literals' own: two clauses never share one (distinct literal
  rows on one side; a left and a right literal share one only if their rows differ by 2, and all
  literal rows are 4 mod 8). Corners stand at |x| >= 5, out of the king's reach.
* the king stands on the first junction; at the top, over the last junction (0, 16n), a dark
  step (0, 16n + 1) and the final light bishop (0, 16n + 2), on no diagonal with another piece.

Proof (the paper's, on this board), by the walk lemma for rider villains of
:mod:`npw.solvers.solochess.walk`: the board is solvable iff the king has a walk meeting every
bishop component. The claims of Theorem 3.9 (:mod:`npw.reductions.solochess.sat_claims`, here
with bishops) check per case that the king's moves form the ladder, that each clause is a
component meeting the paths only at its literals, and that every other component holds a
junction or the top (the final bishop alone): so the walk takes one path per gadget up to the
final bishop and meets every clause iff the assignment read from it (left = true) satisfies the
formula.

>>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ
>>> f = PlanarMonotone3Sat2Occ(2, [(1, 2), (-1,)], order=(1, 2))
>>> board = KING_BISHOP.reduce(f)
>>> len(board.pieces) == KING_BISHOP.size(f)["pieces"]
True
>>> [claim.check(f, board) for claim in KING_BISHOP.claims if claim.stage == "target"]
[True, True, True]
"""

from __future__ import annotations

from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.memo import remember_last
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.instances.solochess.board import Move, Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk
from npw.reductions.base import Reduction, refuse_target_size
from npw.reductions.solochess.pm3sat_knight import HEIGHT, Layout, literal_rows, special_squares
from npw.reductions.solochess.provenance import ladder_provenance
from npw.reductions.solochess.sat_claims import theorem_3_9_claims

__all__ = ["KING_BISHOP", "PAPER", "backward", "clause_squares", "forward", "gadget_paths", "layout", "literal_square",
           "provenance", "reduce", "size"]

PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.10"


def literal_square(row: int, literal: int) -> Point:
    """A literal bishop: on the path's own column x = -1 (positive) or 1 (negative), a dark square
    (rows are even)."""
    return (-1 if literal > 0 else 1, row)


def gadget_paths(p: int, used: set[int]) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The left and right paths of gadget ``p`` (bottom up): light zigzags (-1, odd), (-2, even)
    and mirrored; on a row of ``used`` (signed: +row a used slot on the left, -row on the right)
    the even-row square moves in to the dark literal square.

    >>> gadget_paths(0, {4})[0][:5]
    ((-1, 1), (-2, 2), (-1, 3), (-1, 4), (-1, 5))
    """
    base = HEIGHT * p

    def side(sign: int) -> tuple[Point, ...]:
        squares: list[Point] = []
        for r in range(1, HEIGHT):
            y = base + r
            x = 1 if r % 2 or -sign * y in used else 2
            squares.append((sign * x, y))
        return tuple(squares)

    return side(-1), side(1)


def clause_squares(source: PlanarMonotone3Sat, c: int, rows: dict[tuple[int, int], int]) -> frozenset[Point]:
    """The corner bishops of clause ``c``: one per pair of its literals consecutive by row.

    >>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ
    >>> f = PlanarMonotone3Sat2Occ(2, [(1, 2)], order=(1, 2))
    >>> sorted(clause_squares(f, 0, literal_rows(f, "king")))
    [(-9, 12)]
    """
    clause = source.clauses[c]
    sign = -1 if clause[0] > 0 else 1
    ends = sorted(rows[(c, literal)] for literal in clause)
    return frozenset((sign * (1 + (b - a) // 2), (a + b) // 2) for a, b in zip(ends, ends[1:]))


@remember_last  # reduce, forward, backward, provenance and the claims lay out the same source
def layout(source: PlanarMonotone3Sat) -> Layout:
    """The board in the construction's coordinates (``Layout.knights`` holds the bishops: the
    shape is Theorem 3.9's, so its claims read this board too)."""
    n = source.num_vars
    refuse_target_size("pm3sat-to-solochess (Theorem 3.10)", "pieces", size(source)["pieces"])  # before the gadgets are laid
    rows = literal_rows(source, "king")
    used_by_position: dict[int, set[int]] = {}
    for (c, literal), row in rows.items():
        used_by_position.setdefault(row // HEIGHT, set()).add(row if literal > 0 else -row)
    paths = tuple(gadget_paths(p, used_by_position.get(p, set())) for p in range(n))
    junctions = tuple((0, HEIGHT * p) for p in range(n + 1))
    top = ((0, HEIGHT * n + 1), (0, HEIGHT * n + 2))
    literal_squares = tuple(tuple(literal_square(rows[(c, l)], l) for l in clause)
                            for c, clause in enumerate(source.clauses))
    connectors = tuple(clause_squares(source, c, rows) for c in range(len(source.clauses)))
    bishops: set[Point] = set(junctions[1:]) | set(top)
    for left, right in paths:
        bishops |= set(left) | set(right)
    for part in connectors:
        if part & bishops:  # cannot happen (corners are at |x| >= 5); kept as a guard
            raise InvalidInstance(f"clause corners overlap the board at {sorted(part & bishops)[0]}")
        bishops |= part
    return Layout(junctions[0], frozenset(bishops), junctions, top, paths, frozenset(), literal_squares,
                  connectors, tuple(source.order))


def reduce(source: PlanarMonotone3Sat) -> SoloChess:
    return layout(source).board("bishop", "king")


def forward(source: PlanarMonotone3Sat, assignment: Any) -> tuple[Move, ...]:
    """The bishops collapse onto the squares of the king's walk (the paths of the true literals)
    along the diagonals they see, then the king walks up."""
    lay = layout(source)
    return captures_for_walk(reduce(source), [lay.to_board(q) for q in lay.route(assignment)])


def backward(source: PlanarMonotone3Sat, target: SoloChess, captures: Any) -> tuple[bool, ...]:
    """x = true iff the king captures on a square of the left path of x's gadget."""
    lay = layout(source)
    taken = set(special_squares(target, captures))
    values = [False] * source.num_vars
    for p, variable in enumerate(lay.variables):
        values[variable - 1] = any(lay.to_board(q) in taken for q in lay.paths[p][0])
    return tuple(values)


def size(source: PlanarMonotone3Sat) -> dict[str, int]:
    """Pieces: per gadget its junction (the king for the first) and 2 x 15 path bishops; the last
    junction and the two top squares; per clause of k literals, k - 1 corners."""
    return {"pieces": 31 * source.num_vars + 3 + sum(len(clause) - 1 for clause in source.clauses)}


def provenance(source: PlanarMonotone3Sat, target: SoloChess) -> dict[str, list[str]]:
    """A variable -> the bishops of both its gadget's paths; a clause -> its literal and corner
    bishops."""
    return ladder_provenance(layout(source), source)


def _claims() -> tuple:
    return theorem_3_9_claims("king", layout, PAPER, "bishop")


KING_BISHOP = Reduction(
    id="pm3sat-to-solochess-king-bishop", source="pm3sat-2occ", target="solochess",
    reference=f"{PAPER}; gadgets of our own (Figure 6 was lost in extraction)",
    reduce=reduce, forward=forward, backward=backward, size=size, claims=_claims(), provenance=provenance,
    checked=("every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, 214 no), 100 "
             "random (56 yes, 44 no); no-targets decided by the walk decider (its lemma for rider "
         'villains)'))
