"""Planar Monotone 3SAT with at most two occurrences of each literal -> Solo Chess {knight^1, T},
T = rook or bishop: Theorem 3.11 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves"
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

Bishops (:func:`ladder_layout`): the rook's ladder repeats along the diagonal x = y, so its
diagonals are crowded. The bishop's ladder (:data:`STEPS`, found by ``bench/solochess_rider_ladders.py``)
steps (2, 12) a gadget; its literal slots are the pieces alone on both diagonals on the junctions'
colour (bishops never change colour, so a clause's literals must share one), and links are found
by :meth:`~npw.reductions.solochess.links.Lines.link`, a search for the lowest empty far line meeting a free line of each piece
on a square. Every piece not tied to a junction, the final piece or both paths of its gadget is
linked to a tied piece of its colour. The same claims check the same statements.
"""

from __future__ import annotations

from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.instances.solochess.board import Move, Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk, crowded_line
from npw.reductions.base import Claim, Reduction, refuse_target_size
from npw.reductions.solochess.links import FAMILIES, LINE_KEYS, Anchors, Lines, Ties
from npw.reductions.solochess.pm3sat_knight import Layout, special_squares
from npw.reductions.solochess.provenance import ladder_provenance
from npw.reductions.solochess.sat_claims import theorem_3_9_claims

__all__ = ["FAMILIES", "FREE", "GAP", "KNIGHT_BISHOP", "KNIGHT_MOVES", "KNIGHT_ROOK", "LEFT", "LINE_KEYS", "PAPER",
           "SIDE", "STEPS", "VILLAINS", "free_squares", "gadget_paths", "ladder_layout", "ladder_paths", "layout",
           "lines_are_sparse", "links", "literal_squares", "make_reduction", "rook_board_sides"]

SIDE = 15  # a gadget's junction to the next one, in x and in y
LEFT = ((1, 2), (2, 4), (3, 6), (4, 8), (5, 10), (7, 11), (9, 12), (11, 13), (13, 14))
FREE = ((3, 6), (9, 12), (5, 10))  # left pieces alone on their row and column: two slots, one spare
GAP = 5  # the far rows and columns start this far beyond the ladder (out of the knight's reach)
VILLAINS = ("rook", "bishop")


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


def rook_board_sides(source: PlanarMonotone3Sat) -> dict[str, int]:
    """The width and height of the rook board (:func:`layout`), from the source alone: J_0 on (0,
    0) and the final rook on (SIDE n + 1, SIDE n + 2) bound it below and on the left, and where no
    link is laid; each link "by column" takes a fresh row from SIDE n + GAP up, each "by row" a
    fresh column. A chain of k pieces has k - 1 links, by column first and then alternately: a
    clause of k literals chains k pieces, and gadget p chains its junction and its 6 - u unused
    free pieces (u: the occurrences of its variable).

    >>> rook_board_sides(PlanarMonotone3Sat(2, [(1, 2), (1,), (-2,)], order=(2, 1)))
    {'width': 39, 'height': 40}
    """
    n = source.num_vars
    chains = [len(clause) for clause in source.clauses]
    occurrences = [0] * n
    for clause in source.clauses:
        for literal in clause:
            occurrences[abs(literal) - 1] += 1
    chains += [1 + 6 - u for u in occurrences]
    by_column = sum(k // 2 for k in chains)          # links 1, 3, 5 ... of a chain of k pieces
    by_row = sum((k - 1) // 2 for k in chains)
    width = SIDE * n + GAP + by_row if by_row else SIDE * n + 2
    height = SIDE * n + GAP + by_column if by_column else SIDE * n + 3
    return {"width": width, "height": height}


def lines_are_sparse(source: Any, board: SoloChess) -> bool | str:
    """The walk lemma's hypothesis for riders: every line of the villains holds at most two pieces."""
    villain = next(p.kind for p in board.pieces if p.square != board.special)
    crowded = crowded_line(board, villain)
    return True if crowded is None else crowded


PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.11"


def make_reduction(villain: str, checked: str = "") -> Reduction:
    if villain not in VILLAINS:
        raise InvalidInstance(f"Theorem 3.11 is built here for {', '.join(VILLAINS)}, not {villain!r}")

    def layout_of(source: PlanarMonotone3Sat) -> Layout:
        # refused before the gadgets are laid (size() is a formula in n and m)
        refuse_target_size(f"pm3sat-to-solochess (Theorem 3.11, {villain})", "pieces", size(source)["pieces"])
        return layout(source) if villain == "rook" else ladder_layout(source, villain)

    def reduce(source: PlanarMonotone3Sat) -> SoloChess:
        return layout_of(source).board(villain, "knight")

    def forward(source: PlanarMonotone3Sat, assignment) -> tuple[Move, ...]:
        """The rooks collapse onto the squares of the knight's walk (the true literals' paths),
        then the knight walks up."""
        lay = layout_of(source)
        return captures_for_walk(reduce(source), [lay.to_board(q) for q in lay.route(assignment)])

    def backward(source: PlanarMonotone3Sat, target: SoloChess, captures) -> tuple[bool, ...]:
        """x = true iff the knight captures on a square of the left path of x's gadget."""
        lay = layout_of(source)
        taken = set(special_squares(target, captures))
        values = [False] * source.num_vars
        for p, variable in enumerate(lay.variables):
            values[variable - 1] = any(lay.to_board(q) in taken for q in lay.paths[p][0])
        return tuple(values)

    def size(source: PlanarMonotone3Sat) -> dict[str, int]:
        """Rooks: per gadget 18 path rooks, 6 free pieces each chained by a link of 2 rooks (to
        the junction if unused, within its clause if used: a clause of k literals has k - 1 links,
        one fewer than its literals), the n + 1 junctions (the knight on the first) and the final
        rook: 19n + 2 + 12n - 2m = 31n + 2 - 2m for m clauses. Bishops: per gadget 10 path bishops
        and the next junction, its 4 literal slots linked as above, and one more piece alone on its
        lines on each path (not a slot: the other colour) linked to a tied piece: 11n + 2 + 8n + 4n
        - 2m = 23n + 2 - 2m."""
        per_gadget = {"rook": 31, "bishop": 23}[villain]
        pieces = {"pieces": per_gadget * source.num_vars + 2 - 2 * len(source.clauses)}
        return {**pieces, **rook_board_sides(source)} if villain == "rook" else pieces

    def provenance(source: PlanarMonotone3Sat, target: SoloChess) -> dict[str, list[str]]:
        """A variable -> the rooks of both its gadget's paths; a clause -> its literal rooks and
        its links."""
        return ladder_provenance(layout_of(source), source)

    lines = {"rook": "every row and column", "bishop": "every diagonal"}[villain]
    claims = (Claim(f"{lines} holds at most two pieces", f"{PAPER} (our gadgets): {villain}s never block, so "
                    "the walk lemma of npw.solvers.solochess.walk applies", lines_are_sparse),)
    claims += theorem_3_9_claims("knight", layout_of, PAPER, villain)
    return Reduction(
        id=f"pm3sat-to-solochess-knight-{villain}", source="pm3sat-2occ", target="solochess",
        reference=f"Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.11 (T = {villain}); "
                  "gadgets of our own (Figure 7 was lost in extraction)",
        reduce=reduce, forward=forward, backward=backward, size=size, claims=claims, provenance=provenance,
        checked=checked)




# --- Theorem 3.11 for bishops: a ladder off the diagonals, links found by a search for empty lines ---

# per villain: the left path's knight moves from a junction to the next (the right path: the same
# moves in the other order). Found by a search (five gadgets checked): no knight's move but the
# ladder's, no line of the villain with three pieces, and on each path at least two pieces alone
# on all their lines on squares of the junctions' colour (a bishop keeps its colour).
STEPS = {"bishop": ((-1, 2),) * 2 + ((1, 2),) * 4}


def ladder_paths(villain: str, p: int) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Gadget ``p``'s left and right paths (bottom up) for ``villain``'s ladder.

    >>> ladder_paths("bishop", 0)[0]
    ((-1, 2), (-2, 4), (-1, 6), (0, 8), (1, 10))
    """
    steps = STEPS[villain]
    vx, vy = sum(s[0] for s in steps), sum(s[1] for s in steps)
    out = []
    for order in (steps, tuple(reversed(steps))):
        q, squares = (vx * p, vy * p), []
        for s in order[:-1]:
            q = (q[0] + s[0], q[1] + s[1])
            squares.append(q)
        out.append(tuple(squares))
    return out[0], out[1]


def ladder_layout(source: PlanarMonotone3Sat, villain: str) -> Layout:
    """The board for ``villain`` in construction coordinates: the ladder of :data:`STEPS`, the
    literal slots (the first two pieces of a path alone on all their lines, on the junctions'
    colour), the clauses' links, and links tying every other piece not yet tied to a junction or
    to both paths of its gadget."""
    n = source.num_vars
    steps = STEPS[villain]
    vx, vy = sum(s[0] for s in steps), sum(s[1] for s in steps)
    junctions = tuple((vx * p, vy * p) for p in range(n + 1))
    paths = tuple(ladder_paths(villain, p) for p in range(n))
    ladder = set(junctions) | {q for pair in paths for path in pair for q in path}
    final = next(f for f in ((junctions[-1][0] + dx, junctions[-1][1] + dy) for dx, dy in KNIGHT_MOVES)
                 if f not in ladder and _knight_neighbours(f, ladder) == [junctions[-1]]
                 and not any(LINE_KEYS[g](f) == LINE_KEYS[g](q) for g in FAMILIES[villain] for q in ladder))
    ladder.add(final)
    lines = Lines(villain, ladder)
    lines.special = junctions[0]
    colour = (junctions[0][0] + junctions[0][1]) % 2
    slots = {}
    for p in range(n):
        for side, path in zip((1, -1), paths[p]):
            alone = [q for q in path if len(lines.free(q)) == len(lines.families) and (q[0] + q[1]) % 2 == colour]
            if len(alone) < 2:
                raise InvalidInstance(f"the {villain} ladder has {len(alone)} literal slots on a path, not 2")
            slots[(p, side)] = alone[:2]
    position = {v: p for p, v in enumerate(source.order)}
    literals: dict[tuple[int, int], Point] = {}
    seen: dict[int, int] = {}
    for c, clause in enumerate(source.clauses):
        for literal in clause:
            k = seen.get(literal, 0)
            if k >= 2:
                raise InvalidInstance(f"literal {literal} occurs more than twice; Theorem 3.11 needs each literal "
                                      f"at most twice")
            seen[literal] = k + 1
            literals[(c, literal)] = slots[(position[abs(literal)], 1 if literal > 0 else -1)][k]
    used = set(literals.values())
    connectors = [lines.chain([literals[(c, literal)] for literal in clause]) for c, clause in enumerate(source.clauses)]
    # tie the rest: a piece is tied when its component (pieces sharing lines) holds a junction or
    # the final piece or squares of both paths of one gadget; untied pieces are linked, one by
    # one, to a tied piece of the same colour with a free line, nearest first (by row, then square)
    # (the tied pieces are followed as links join components, each colour's nearest found by row:
    # a search of the board per piece made this quadratic in the gadgets, issue 34)
    extra: set[Point] = set()
    tied_roots = set(junctions[1:]) | {final}
    anchors = {c: Anchors(lambda t: bool(lines.free(t))) for c in (0, 1)}

    def offer(pieces) -> None:
        for t in pieces:
            anchors[(t[0] + t[1]) % 2].add(t)

    ties = Ties(lines, tied_roots, paths, on_tied=offer)
    for p in range(n):
        for path in paths[p]:
            for q in path:
                if q not in used and not ties.tied(q):
                    anchor = anchors[(q[0] + q[1]) % 2].nearest(q[1])
                    if anchor is None:
                        raise InvalidInstance(f"no tied {villain} with a free line to link {q} to")
                    extra |= set(lines.link(anchor, q))
    villains = (ladder - {junctions[0]}) | extra | {q for part in connectors for q in part}
    literal_tuple = tuple(tuple(literals[(c, l)] for l in clause) for c, clause in enumerate(source.clauses))
    return Layout(junctions[0], frozenset(villains), junctions, (final,), paths, frozenset(), literal_tuple,
                  tuple(connectors), tuple(source.order))


KNIGHT_MOVES = ((1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1))


def _knight_neighbours(q: Point, squares: set[Point]) -> list[Point]:
    return [r for r in ((q[0] + dx, q[1] + dy) for dx, dy in KNIGHT_MOVES) if r in squares]


KNIGHT_ROOK = make_reduction("rook",
                             checked=("every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, 214 no), 100 "
         'random (56 yes, 44 no); no-targets decided by the walk decider (its lemma on sparse lines)'))
KNIGHT_BISHOP = make_reduction("bishop",
                               checked=("every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, 214 no), 100 "
         'random (56 yes, 44 no); no-targets decided by the walk decider (its lemma on sparse lines)'))
