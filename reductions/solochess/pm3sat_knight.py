"""Planar Monotone 3SAT with at most two occurrences of each literal -> Solo Chess {T^1, knight},
T in {king, pawn}: Theorem 3.9 of Brunner et al., "Complexity of Solo Chess with Unlimited
Moves". Figure 5 did not survive the text extraction; the gadgets here are our own, designed
from the proof's words (``docs/solochess_sat_gadgets.md`` draws them).

The layout of the source (``pm3sat-2occ``: variables on a line in ``order``, positive clauses on
one side, negative on the other, each clause at a ``level``) is turned by 90 degrees: the
variables go up the board, one *variable gadget* of height :data:`HEIGHT` each, positive clauses
to the left, negative clauses to the right. Every piece but the special one is a knight.

* :func:`gadget_paths` - variable gadget at position p: a junction knight at (0, 16p), then two
  paths of knights the special piece can walk up, the left one (positive literal) and the right
  one (negative literal), meeting again at the next junction (0, 16p + 16). Each path has two
  *literal slots*; a slot used by a clause holds a literal knight bulging out to x = -3 (left)
  or x = 3 (right), out of every other knight's reach.
* :func:`clause_squares` - clause connectors: from each literal knight a leg of knights (a
  knight's-move zigzag) runs outward to the clause's column x = -(3 + 4 level) (or mirrored),
  and a zigzag up that column joins the legs; a one-literal clause is its literal knight alone.
  The legs attach to the slots in the order :func:`~npw.instances.sat.planar_monotone.attachment_order`
  gives, so connectors never come within a knight's move of one another.
* the special piece stands on the first junction; at the top a final knight sits where only the
  special piece can ever take it (:func:`top_squares`).

The king walks a vertical ladder (paths at x = -1 and x = 1, two apart: no king step between
them, and every knight of one path is a knight's move from the other path's); the pawn, which
captures up and sideways, walks a zigzag (x = -1, -2 on the left), and a column of *bridge*
knights at x = 0 joins the two zigzags.

Proof (the paper's, on this board). Knights capture only knights; the special piece is never
captured. A knight component (of the knight-move graph) whose squares the special piece never
captures on keeps a piece, so every component must meet the special piece's walk; conversely
the knights can all be collapsed onto the walk's squares first (:mod:`npw.instances.solochess.collapse`).
The walk must end on the final knight, so it passes each gadget by exactly one of its paths (a
king going up one and down the other is stuck below the junction it already took). Each clause
is a component whose only squares on a path are its literal knights: it vanishes iff the walk
takes one of them, i.e. iff the assignment read from the paths (left = true) satisfies it. Every
other component meets a junction, or both paths of a gadget, so it vanishes whichever path is
taken. The claims (:mod:`npw.reductions.solochess.sat_claims`) check these statements per case.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat, attachment_order
from npw.instances.solochess.board import Move, Piece, Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk
from npw.reductions.base import Reduction, refuse_target_size
from npw.reductions.solochess.provenance import ladder_provenance
from npw.reductions.solochess.sat_claims import theorem_3_9_claims

__all__ = ["HEIGHT", "KING_KNIGHT", "Layout", "PAWN_KNIGHT", "SLOTS", "SPECIALS", "clause_squares", "gadget_paths",
           "layout", "literal_rows", "literal_square", "make_reduction", "special_squares", "top_squares"]

HEIGHT = 16  # rows per variable gadget
SLOTS = {"king": (4, 12), "pawn": (5, 13)}  # literal rows in a gadget (all congruent mod 4)
SPECIALS = ("king", "pawn")


@dataclass(frozen=True)
class Layout:
    """The board of one source, in the construction's own coordinates (translated to the board by
    :attr:`offset`): who stands where and what the proof reads off each square."""

    special: Point
    knights: frozenset[Point]
    junctions: tuple[Point, ...]                 # J_0 (the special piece) .. J_n
    top: tuple[Point, ...]                       # after J_n, ending on the final knight
    paths: tuple[tuple[tuple[Point, ...], tuple[Point, ...]], ...]  # per gadget: (left, right), bottom up
    bridges: frozenset[Point]
    literal_squares: tuple[tuple[Point, ...], ...]   # per clause, its literal knights
    connectors: tuple[frozenset[Point], ...]         # per clause, its other knights
    variables: tuple[int, ...]                       # per gadget, its variable
    wires: tuple[tuple[Point, ...], ...] = ()        # per gadget, squares after its paths meet, every walk's

    @property
    def final(self) -> Point:
        return self.top[-1]

    @cached_property  # to_board reads it once per square: recomputed, building a board was quadratic
    def offset(self) -> Point:
        squares = self.knights | {self.special}
        return (min(x for x, _ in squares), min(y for _, y in squares))

    def to_board(self, p: Point) -> Point:
        mx, my = self.offset
        return (p[0] - mx, p[1] - my)

    def board(self, villain: str, special: str) -> SoloChess:
        """The Solo Chess board: a ``villain`` on every square of :attr:`knights`, the ``special``
        piece on its own square, translated so that the lowest and leftmost pieces sit on 0."""
        pieces = [Piece(*self.to_board(q), villain) for q in self.knights]
        pieces.append(Piece(*self.to_board(self.special), special))
        width = max(p.x for p in pieces) + 1
        height = max(p.y for p in pieces) + 1
        return SoloChess(width, height, tuple(pieces), self.to_board(self.special))

    def wire(self, p: int) -> tuple[Point, ...]:
        """The squares between gadget ``p``'s paths and the next junction (none but for queens)."""
        return self.wires[p] if self.wires else ()

    def route(self, assignment: Any) -> list[Point]:
        """The special piece's walk for an assignment (left path = true), bottom to top."""
        walk = [self.junctions[0]]
        for p, variable in enumerate(self.variables):
            walk += self.paths[p][0 if assignment[variable - 1] else 1]
            walk += self.wire(p)
            walk.append(self.junctions[p + 1])
        return walk + list(self.top)


def literal_rows(source: PlanarMonotone3Sat, special: str) -> dict[tuple[int, int], int]:
    """(clause index, literal) -> the row of its literal knight: the legs reaching a variable on
    one side take its gadget's two slots bottom up in attachment order (left to right on the
    source's line is bottom to top here, so the legs keep their planar order).

    >>> f = PlanarMonotone3Sat(2, [(1, 2), (1,)], order=(2, 1))
    >>> sorted(literal_rows(f, "king").items())
    [((0, 1), 20), ((0, 2), 4), ((1, 1), 28)]
    """
    position = {v: p for p, v in enumerate(source.order)}
    rows: dict[tuple[int, int], int] = {}
    for (variable, side), clauses in attachment_order(source).items():
        if len(clauses) > len(SLOTS[special]):
            raise InvalidInstance(f"x{variable} has {len(clauses)} legs {side} the line; Theorem 3.9 needs "
                                  f"each literal at most twice")
        for slot, c in enumerate(clauses):
            literal = variable if side == "above" else -variable
            rows[(c, literal)] = HEIGHT * position[variable] + SLOTS[special][slot]
    return rows


def literal_square(row: int, literal: int) -> Point:
    return (-3 if literal > 0 else 3, row)


def gadget_paths(special: str, p: int, used: set[int]) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The left and right paths of gadget ``p`` (bottom up), with literal knights on the rows of
    ``used`` (signed: +row a used slot on the left, -row on the right).

    King: straight columns x = -1 and x = 1; a used slot a bulges out, (-1, a-1), (-1, a),
    (-1, a+1) becoming (-2, a-1), (-3, a), (-2, a+1), so that the literal knight (-3, a) is a
    knight's move from no path square; where only the *other* side uses slot a, (-1, a) dents to
    (-2, a) (its knight partners (1, a-1), (1, a+1) are gone into the other side's bulge; (-2, a)
    still reaches (-1, a+2)). Pawn: zigzags x = -1 (odd rows), -2 (even rows) and mirrored; a used
    slot a (odd) moves (-1, a) to (-3, a).
    """
    base = HEIGHT * p

    def side(sign: int) -> tuple[Point, ...]:
        squares: list[Point] = []
        for r in range(1, HEIGHT):
            y = base + r
            if special == "king":
                mine = next((a for a in SLOTS["king"] if -sign * (base + a) in used and abs(r - a) <= 1), None)
                theirs = r in SLOTS["king"] and sign * y in used
                x = 1 if mine is None and not theirs else 3 if r == mine else 2
            else:
                x = 3 if -sign * y in used else 1 if r % 2 else 2
            squares.append((sign * x, y))
        return tuple(squares)

    return side(-1), side(1)


def top_squares(special: str, n: int) -> tuple[Point, ...]:
    """After the last junction (0, 16n): a step and the final knight, a knight's move from no
    other piece."""
    y = HEIGHT * n
    return ((0, y + 1), (0, y + 2)) if special == "king" else ((1, y + 1), (2, y + 2))


def clause_squares(source: PlanarMonotone3Sat, c: int, rows: dict[tuple[int, int], int]) -> frozenset[Point]:
    """The connector knights of clause ``c`` (not its literal knights): a leg from each literal
    knight (xl, a) out to the clause's column X = -(3 + 4 level) (mirrored for a negative clause),
    the squares (xl - 2k, a + k mod 2) for k = 1..2 level, then a zigzag up the column joining
    the legs: (X, a_lo + 4j) and (X + 1, a_lo + 4j + 2) up to a_hi (every literal row is congruent
    to a_lo mod 4, so the zigzag passes each leg's end (X, a))."""
    clause = source.clauses[c]
    if len(clause) < 2:
        return frozenset()
    sign = -1 if clause[0] > 0 else 1
    level = source.levels[c]
    column = sign * (3 + 4 * level)
    squares: set[Point] = set()
    ends = sorted(rows[(c, literal)] for literal in clause)
    for a in ends:
        for k in range(1, 2 * level + 1):
            squares.add((sign * (3 + 2 * k), a + k % 2))
    for y in range(ends[0], ends[-1] + 1, 2):
        squares.add((column, y) if (y - ends[0]) % 4 == 0 else (column - sign, y))
    return frozenset(squares)


def _layout(source: PlanarMonotone3Sat, special: str) -> Layout:
    n = source.num_vars
    rows = literal_rows(source, special)
    used_by_position: dict[int, set[int]] = {}
    for (c, literal), row in rows.items():
        used_by_position.setdefault(row // HEIGHT, set()).add(row if literal > 0 else -row)
    paths = tuple(gadget_paths(special, p, used_by_position.get(p, set())) for p in range(n))
    junctions = tuple((0, HEIGHT * p) for p in range(n + 1))
    top = top_squares(special, n)
    bridges = frozenset((0, HEIGHT * p + r) for p in range(n) for r in range(1, HEIGHT, 2)) \
        if special == "pawn" else frozenset()
    literal_squares = tuple(tuple(literal_square(rows[(c, l)], l) for l in clause)
                            for c, clause in enumerate(source.clauses))
    connectors = tuple(clause_squares(source, c, rows) for c in range(len(source.clauses)))
    knights: set[Point] = set(junctions[1:]) | set(top) | bridges
    for left, right in paths:
        knights |= set(left) | set(right)
    for part in connectors:
        if part & knights:
            raise InvalidInstance(f"clause connectors overlap the board at {sorted(part & knights)[0]}")
        knights |= part
    return Layout(junctions[0], frozenset(knights), junctions, top, paths, bridges, literal_squares,
                  connectors, tuple(source.order))


def layout(source: PlanarMonotone3Sat, special: str) -> Layout:
    if special not in SPECIALS:
        raise InvalidInstance(f"Theorem 3.9 covers king^1 and pawn^1, not {special!r}")
    # every gadget holds its junction and two paths of 15 knights: refused before they are laid
    refuse_target_size("pm3sat-to-solochess (Theorem 3.9)", "pieces at least",
                       (2 * (HEIGHT - 1) + 1) * source.num_vars + 3)
    return _layout(source, special)


def make_reduction(special: str, checked: str = "") -> Reduction:
    def reduce(source: PlanarMonotone3Sat) -> SoloChess:
        return layout(source, special).board("knight", special)

    def forward(source: PlanarMonotone3Sat, assignment) -> tuple[Move, ...]:
        """The knights collapse onto the squares of the special piece's walk (the paths of the
        true literals), then it walks up."""
        lay = layout(source, special)
        board = reduce(source)
        return captures_for_walk(board, [lay.to_board(q) for q in lay.route(assignment)])

    def backward(source: PlanarMonotone3Sat, target: SoloChess, captures) -> tuple[bool, ...]:
        """x = true iff the special piece captures on a square of the left path of x's gadget."""
        lay = layout(source, special)
        taken = set(special_squares(target, captures))
        values = [False] * source.num_vars
        for p, variable in enumerate(lay.variables):
            values[variable - 1] = any(lay.to_board(q) in taken for q in lay.paths[p][0])
        return tuple(values)

    def size(source: PlanarMonotone3Sat) -> dict[str, int]:
        """Pieces: per gadget its junction (the special piece for the first) and 2 x 15 path
        knights (and 8 bridges for the pawn); the last junction and the two top squares; per
        clause of k >= 2 literals at level l, k legs of 2l - 1 knights plus (a_hi - a_lo) / 2 + 1
        on its column."""
        rows = literal_rows(source, special)
        count = source.num_vars * (2 * (HEIGHT - 1) + 1 + (8 if special == "pawn" else 0)) + 3
        for c, clause in enumerate(source.clauses):
            if len(clause) >= 2:
                ends = [rows[(c, l)] for l in clause]
                count += len(clause) * (2 * source.levels[c] - 1) + (max(ends) - min(ends)) // 2 + 1
        return {"pieces": count}

    def provenance(source: PlanarMonotone3Sat, target: SoloChess) -> dict[str, list[str]]:
        """A variable -> the knights of both its gadget's paths; a clause -> its connector knights
        and its literal knights."""
        return ladder_provenance(layout(source, special), source)

    return Reduction(
        id=f"pm3sat-to-solochess-{special}-knight", source="pm3sat-2occ", target="solochess",
        reference=f"Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.9 (T = {special}); "
                  "gadgets of our own (Figure 5 was lost in extraction)",
        reduce=reduce, forward=forward, backward=backward, size=size,
        claims=theorem_3_9_claims(special, lambda source: layout(source, special)), provenance=provenance, checked=checked)


def special_squares(board: SoloChess, captures) -> list[Point]:
    """The squares the special piece captures on, in order (it starts on ``board.special``)."""
    assert board.special is not None
    x, y = board.special
    taken = []
    for a, b in captures:  # compared coordinate by coordinate: a certificate read back from JSON has lists
        if a[0] == x and a[1] == y:
            x, y = int(b[0]), int(b[1])
            taken.append((x, y))
    return taken


KING_KNIGHT = make_reduction("king",
                             checked=("every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, 214 no), 100 "
         'random (56 yes, 44 no); no-targets decided by the walk decider'))
PAWN_KNIGHT = make_reduction("pawn",
                             checked=("every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, 214 no), 100 "
         'random (56 yes, 44 no); no-targets decided by the walk decider'))
