"""Planar Monotone 3SAT with at most two occurrences of each literal -> Solo Chess {knight^1, T},
T = rook: Theorem 3.11 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves"
("similar to Theorem 3.9"; the variable gadget of Figure 7 was lost in the text extraction, so
the gadgets here are our own, designed from the proof's words; ``docs/solochess_sat_gadgets.md``
draws them).

The board follows :mod:`~npw.reductions.solochess.pm3sat_knight` (Theorem 3.9): the special
knight walks a *ladder* of variable gadgets, each a junction and two paths (left: the positive
literal, right: the negative one) meeting at the next junction, and every other piece is a rook.
What differs is how the rooks are tied together. Riders block one another, which would break the
walk lemma of :mod:`npw.solvers.solochess.walk`; so the board keeps **every row and column at
most two pieces** (*sparse lines*). Then nothing ever blocks, two rooks can capture each other iff
they share a line, and the lemma holds (the walk decider's docstring proves it): the board is
solvable iff the knight has a walk meeting every rook component. Since crossings cost nothing
for rooks (two lines crossing on an empty square do not interact), the construction needs no
planarity; the source's layout is only used for the order of the gadgets.

* :func:`gadget_paths` - gadget p lies on the diagonal, its junction at (15p, 15p): the left path
  takes five knight's moves (1, 2) then four (2, 1) to the next junction, the right path the
  mirror image (x and y swapped). The two paths share four rows and four columns: those pieces
  are pairs of rooks on both paths. Three pieces of each path have a row and a column of their
  own (:data:`FREE`): two are the literal slots, the third is spare.
* :func:`links` - a *link* joins two pieces by two rooks far away: above the ladder on a fresh
  row, in their two columns (column to column), or right of it on a fresh column, in their two
  rows (row to row). Each line gains one piece, so lines keep at most two.
* clause c: its literal rooks chained by links (first to second by columns, second to third by
  rows); every free piece a clause does not use is chained, by links, to the next junction.
* the knight stands on the first junction (0, 0); the final rook (15n + 1, 15n + 2) is a knight's
  move from the last junction only and alone on its row and column.

Proof (the paper's, on this board; the claims of :mod:`~npw.reductions.solochess.sat_claims`
check each statement per case, plus :func:`lines_are_sparse` for the lemma's hypothesis). The
knight's moves over the pieces form exactly the ladder, and the walk must end on the final rook,
so it passes each gadget by exactly one path. Each clause's rooks form one component whose only
ladder squares are its literal rooks; every other component holds a junction or a pair on both
paths; so all components are met iff every clause has a literal on a taken path, i.e. iff the
assignment read from the paths (left = true) satisfies the formula.
"""

from __future__ import annotations

from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.elements import clause_id, element_ids, var_id
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.instances.solochess.board import Move, Piece, Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk, crowded_line
from npw.reductions.base import Claim, Reduction
from npw.reductions.solochess.pm3sat_knight import Layout, special_squares
from npw.reductions.solochess.provenance import Owners, add_owner, from_owners

SIDE = 15  # a gadget's junction to the next one, in x and in y
LEFT = ((1, 2), (2, 4), (3, 6), (4, 8), (5, 10), (7, 11), (9, 12), (11, 13), (13, 14))
FREE = ((3, 6), (9, 12), (5, 10))  # left pieces alone on their row and column: two slots, one spare
GAP = 5  # the far rows and columns start this far beyond the ladder (out of the knight's reach)
VILLAINS = ("rook",)


def _mirror(q: Point) -> Point:
    return (q[1], q[0])


def gadget_paths(p: int) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The left and right paths of gadget ``p``, bottom up (the right one is the left mirrored in
    the diagonal).

    >>> left, right = gadget_paths(1)
    >>> left[0], right[0], left[-1], right[-1]
    ((16, 17), (17, 16), (28, 29), (29, 28))
    """
    base = SIDE * p
    left = tuple((base + x, base + y) for x, y in LEFT)
    return left, tuple(_mirror(q) for q in left)


def free_squares(p: int, literal_sign: int) -> tuple[Point, ...]:
    """The free pieces of gadget ``p`` on the side of ``literal_sign`` (+1 left, -1 right): the
    two literal slots, then the spare."""
    base = SIDE * p
    return tuple((base + x, base + y) if literal_sign > 0 else (base + y, base + x) for x, y in FREE)


def literal_squares(source: PlanarMonotone3Sat) -> dict[tuple[int, int], Point]:
    """(clause index, literal) -> its literal rook: the k-th occurrence of a literal (in clause
    order) takes slot k of its variable's gadget, on the left for x, on the right for not x.

    >>> f = PlanarMonotone3Sat(2, [(1, 2), (1,), (-2,)], order=(2, 1))
    >>> sorted(literal_squares(f).items())
    [((0, 1), (18, 21)), ((0, 2), (3, 6)), ((1, 1), (24, 27)), ((2, -2), (6, 3))]
    """
    position = {v: p for p, v in enumerate(source.order)}
    seen: dict[int, int] = {}
    squares: dict[tuple[int, int], Point] = {}
    for c, clause in enumerate(source.clauses):
        for literal in clause:
            k = seen.get(literal, 0)
            if k >= 2:
                raise InvalidInstance(f"literal {literal} occurs more than twice; Theorem 3.11 needs each literal "
                                      f"at most twice")
            seen[literal] = k + 1
            squares[(c, literal)] = free_squares(position[abs(literal)], 1 if literal > 0 else -1)[k]
    return squares


class _FarLines:
    """Hands out fresh rows above the ladder and fresh columns right of it, one per link."""

    def __init__(self, n: int) -> None:
        self.row = self.column = SIDE * n + GAP

    def link(self, a: Point, b: Point, by: str) -> tuple[Point, Point]:
        """Two rooks joining ``a`` and ``b``: in their columns on a fresh row (``by`` = "column")
        or in their rows on a fresh column (``by`` = "row")."""
        if by == "column":
            self.row += 1
            return (a[0], self.row - 1), (b[0], self.row - 1)
        self.column += 1
        return (self.column - 1, a[1]), (self.column - 1, b[1])


def links(far: _FarLines, chain: list[Point]) -> set[Point]:
    """The rooks chaining ``chain`` (consecutive pieces joined, by columns then rows alternately,
    so every piece of the chain gives at most one line to each neighbour)."""
    rooks: set[Point] = set()
    for i, (a, b) in enumerate(zip(chain, chain[1:])):
        rooks |= set(far.link(a, b, "column" if i % 2 == 0 else "row"))
    return rooks


def layout(source: PlanarMonotone3Sat, special: str = "knight") -> Layout:
    """The board in construction coordinates (``Layout.knights`` holds the rooks' squares)."""
    if special != "knight":
        raise InvalidInstance(f"Theorem 3.11 covers knight^1, not {special!r}")
    n = source.num_vars
    literals = literal_squares(source)
    far = _FarLines(n)
    paths = tuple(gadget_paths(p) for p in range(n))
    junctions = tuple((SIDE * p, SIDE * p) for p in range(n + 1))
    top = ((SIDE * n + 1, SIDE * n + 2),)
    rooks: set[Point] = set(junctions[1:]) | set(top)
    for left, right in paths:
        rooks |= set(left) | set(right)
    used = set(literals.values())
    connectors = []
    for c, clause in enumerate(source.clauses):
        connectors.append(frozenset(links(far, [literals[(c, literal)] for literal in clause])))
    spare: set[Point] = set()
    for p in range(n):
        unused = [q for sign in (1, -1) for q in free_squares(p, sign) if q not in used]
        spare |= links(far, [junctions[p + 1]] + unused)
    for part in connectors:
        rooks |= part
    rooks |= spare
    literal_tuple = tuple(tuple(literals[(c, l)] for l in clause) for c, clause in enumerate(source.clauses))
    return Layout(junctions[0], frozenset(rooks), junctions, top, paths, frozenset(), literal_tuple,
                  tuple(connectors), tuple(source.order))


def lines_are_sparse(source: Any, board: SoloChess) -> bool | str:
    """The walk lemma's hypothesis for riders: every row and column holds at most two pieces."""
    crowded = crowded_line(board, "rook")
    return True if crowded is None else crowded


PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.11"


def make_reduction(villain: str) -> Reduction:
    from npw.reductions.solochess.sat_claims import theorem_3_9_claims

    if villain not in VILLAINS:
        raise InvalidInstance(f"Theorem 3.11 is built here for {', '.join(VILLAINS)}, not {villain!r}")

    def reduce(source: PlanarMonotone3Sat) -> SoloChess:
        lay = layout(source)
        pieces = [Piece(*lay.to_board(q), villain) for q in lay.knights]
        pieces.append(Piece(*lay.to_board(lay.special), "knight"))
        width = max(p.x for p in pieces) + 1
        height = max(p.y for p in pieces) + 1
        return SoloChess(width, height, tuple(pieces), lay.to_board(lay.special))

    def forward(source: PlanarMonotone3Sat, assignment) -> tuple[Move, ...]:
        """The rooks collapse onto the squares of the knight's walk (the true literals' paths),
        then the knight walks up."""
        lay = layout(source)
        return captures_for_walk(reduce(source), [lay.to_board(q) for q in lay.route(assignment)])

    def backward(source: PlanarMonotone3Sat, target: SoloChess, captures) -> tuple[bool, ...]:
        """x = true iff the knight captures on a square of the left path of x's gadget."""
        lay = layout(source)
        taken = set(special_squares(target, captures))
        values = [False] * source.num_vars
        for p, variable in enumerate(lay.variables):
            values[variable - 1] = any(lay.to_board(q) in taken for q in lay.paths[p][0])
        return tuple(values)

    def size(source: PlanarMonotone3Sat) -> dict[str, int]:
        """Pieces: per gadget 18 path rooks, 6 free pieces each chained by a link of 2 rooks (to
        the junction if unused, within its clause if used: a clause of k literals has k - 1 links,
        one fewer than its literals), the n + 1 junctions (the knight on the first) and the final
        rook: 19n + 2 + 12n - 2m = 31n + 2 - 2m for m clauses."""
        return {"pieces": 31 * source.num_vars + 2 - 2 * len(source.clauses)}

    def provenance(source: PlanarMonotone3Sat, target: SoloChess) -> dict[str, list[str]]:
        """A variable -> the rooks of both its gadget's paths; a clause -> its literal rooks and
        its links."""
        lay = layout(source)
        owners: Owners = {}
        for p, variable in enumerate(lay.variables):
            for path in lay.paths[p]:
                for q in path:
                    add_owner(owners, q, var_id(variable))
        for c in range(len(source.clauses)):
            for q in lay.literal_squares[c] + tuple(sorted(lay.connectors[c])):
                add_owner(owners, q, clause_id(c))
        return from_owners(owners, element_ids(source.problem, source), lay.to_board)

    claims = (Claim("every row and column holds at most two pieces", f"{PAPER} (our gadgets): rooks never block, so "
                    "the walk lemma of npw.solvers.solochess.walk applies", lines_are_sparse),)
    claims += theorem_3_9_claims("knight", lambda source, _special: layout(source), PAPER, villain)
    return Reduction(
        id=f"pm3sat-to-solochess-knight-{villain}", source="pm3sat-2occ", target="solochess",
        reference=f"Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.11 (T = {villain}); "
                  "gadgets of our own (Figure 7 was lost in extraction)",
        reduce=reduce, forward=forward, backward=backward, size=size, claims=claims, provenance=provenance)


KNIGHT_ROOK = make_reduction("rook")
