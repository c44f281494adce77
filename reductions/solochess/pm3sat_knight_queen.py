"""Planar Monotone 3SAT with at most two occurrences of each literal -> Solo Chess {knight^1, queen}:
Theorem 3.11 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves", with T = queen.
Figure 7, the paper's queen gadget, was lost in the text extraction; this gadget is our own, found
by the exact search of ``bench/solochess_queen_gadgets.py`` (``docs/solochess_sat_gadgets.md``,
"The queen ladder, searched exactly").

The board follows Theorem 3.9's (:mod:`~npw.reductions.solochess.pm3sat_knight`): the special
knight walks a ladder of variable gadgets, and the walk lemma of :mod:`npw.solvers.solochess.walk`
(wider line condition) decides it: solvable iff the knight has a walk meeting every queen
component (queens sharing a row, column or diagonal). What is new is the gadget:

* :data:`LEFT` and :data:`RIGHT`: two knight paths from the junction J to the square
  :data:`MIDDLE`, then a *wire* (:data:`WIRE`, knight's moves (2, 1)) that every walk takes to the
  next junction J + :data:`STEP`. On the left path two squares, on the right one, are alone on all
  four queen lines among all ladder squares (:data:`SLOTS`); no gadget with two on both paths
  exists in the search's range, so
* the formula is first *split* (:func:`split`, our step): a variable with two occurrences of each
  sign keeps its positive ones, a new variable x' takes the negative ones, and the clause
  (not x or x') is added. Any solution of the split formula gives one of the source (x' is true
  whenever x is, so the negative occurrences are only easier to satisfy with x' than with x), and
  x' = x turns a solution of the source into one of the split formula. Every variable then has at
  most two occurrences of one sign and one of the other; a gadget's two-slot path carries the
  sign with two (its *true* path is the left one unless the variable's negative literal occurs
  twice).
* clause c: its literal queens chained by links (two queens far from the ladder on a fresh line,
  :class:`~npw.reductions.solochess.links.Lines`); every other queen whose
  component holds no junction, wire square, final queen or squares of both paths of one gadget is
  linked to one that does (each unused slot, as it turns out). The special knight starts on the
  first junction, where it splits no line of queens (a claim); the final queen ends a wire of (2, 1)
  moves above the last junction, alone on its lines.

Proof (the paper's, on this board; the claims of :mod:`~npw.reductions.solochess.sat_claims`
check each step per case): the knight's moves form exactly the ladder, so the walk takes one path
per gadget; each clause's queens form a component whose only ladder squares are its literal
queens; every other component is met by any walk; so a walk meets all components iff the
assignment read from the paths satisfies the split formula, iff the source is satisfiable.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.instances.solochess.board import Move, Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk
from npw.reductions.base import Claim, Reduction, refuse_target_size
from npw.reductions.solochess.pm3sat_knight import Layout, special_squares
from npw.reductions.solochess.links import FAMILIES, LINE_KEYS, Anchors, Lines, Ties, component
from npw.reductions.solochess.provenance import ladder_provenance
from npw.reductions.solochess.sat_claims import theorem_3_9_claims

__all__ = ["GAP", "KNIGHT_QUEEN", "LEFT", "MIDDLE", "PAPER", "RIGHT", "SLOTS", "STEP", "Split", "WIRE", "layout",
           "line_condition", "split"]

# the gadget, from its junction (0, 0): found by `python bench/solochess_queen_gadgets.py --wire 12 6
# --straight 4 --groups 2,1` (its checker passed it on seven gadgets)
LEFT = ((-1, 2), (-2, 0), (0, -1), (-2, -2), (-1, 0), (0, 2), (1, 4), (2, 6), (4, 7), (6, 6), (7, 4), (8, 2),
        (9, 0), (7, -1), (8, -3), (9, -1), (11, 0), (12, 2), (13, 0), (15, -1), (16, -3), (18, -2), (20, -1),
        (18, 0), (19, 2), (17, 3), (15, 2), (14, 4), (13, 6), (12, 4), (10, 5))
RIGHT = ((2, -1), (3, 1), (5, 2), (4, 4), (5, 6), (4, 8), (6, 7), (8, 8), (7, 10), (9, 9), (11, 8))
MIDDLE = (12, 6)
WIRE = ((12, 6), (14, 7), (16, 8), (18, 9))  # from the middle on; then the next junction
STEP = (20, 10)
SLOTS = {"left": ((10, 5), (17, 3)), "right": ((3, 1),)}  # literal queens, first occurrence first
GAP = 4  # link queens stay this far from the ladder's bounding box (out of the knight's reach)


@dataclass(frozen=True)
class Split:
    """The formula the board encodes (:func:`split`): its clauses (the source's first, same
    order), per gadget its variable of the source, whether its true path is the right one
    (``flipped``), and the clause indices each gadget's literals serve."""

    clauses: tuple[tuple[int, ...], ...]
    owners: tuple[int, ...]          # per variable of the split formula (1-based list index - 1): its source variable
    flipped: tuple[bool, ...]        # per variable of the split formula


def split(source: PlanarMonotone3Sat) -> Split:
    """The split formula: variables in ``source.order``, a split variable's copy right after it.

    >>> f = PlanarMonotone3Sat(1, [(1,), (1,), (-1,), (-1,)], order=(1,))
    >>> split(f)
    Split(clauses=((1,), (1,), (-2,), (-2,), (-1, 2)), owners=(1, 1), flipped=(False, True))
    """
    count: dict[int, int] = {}
    for clause in source.clauses:
        for literal in clause:
            count[literal] = count.get(literal, 0) + 1
    number: dict[int, int] = {}     # source variable -> its variable in the split formula
    copy: dict[int, int] = {}       # source variable -> the copy taking its negative occurrences
    owners: list[int] = []
    flipped: list[bool] = []
    for variable in source.order:
        pos, neg = count.get(variable, 0), count.get(-variable, 0)
        if max(pos, neg) > 2:
            raise InvalidInstance(f"x{variable} occurs {max(pos, neg)} times with one sign; Theorem 3.11 needs "
                                  "each literal at most twice")
        owners.append(variable)
        number[variable] = len(owners)
        flipped.append(neg == 2 and pos < 2)
        if pos == 2 and neg == 2:
            owners.append(variable)
            flipped.append(True)
            copy[variable] = len(owners)
    clauses = [tuple(number[lit] if lit > 0 else -copy.get(-lit, number[-lit]) for lit in clause)
               for clause in source.clauses]
    clauses += [(-number[v], copy[v]) for v in source.order if v in copy]
    return Split(tuple(clauses), tuple(owners), tuple(flipped))


def _shift(q: Point, p: int) -> Point:
    return (q[0] + STEP[0] * p, q[1] + STEP[1] * p)


def layout(source: PlanarMonotone3Sat) -> Layout:
    """The board in construction coordinates (``Layout.knights`` holds the queens' squares; the
    layout's clauses are the split formula's).

    >>> lay = layout(PlanarMonotone3Sat(1, [(1,), (-1,)], order=(1,)))
    >>> len(lay.knights) + 1, lay.literal_squares, lay.wires
    (52, (((10, 5),), ((3, 1),)), (((12, 6), (14, 7), (16, 8), (18, 9)),))
    """
    formula = split(source)
    n = len(formula.owners)
    # 53 queens a gadget less 2 a clause (size()): refused before the gadgets are laid
    refuse_target_size("pm3sat-to-solochess (Theorem 3.11, queen)", "pieces", 53 * n - 2 * len(formula.clauses) + 3)
    junctions = tuple(_shift((0, 0), p) for p in range(n + 1))
    paths, wires = [], []
    for p in range(n):
        left, right = tuple(_shift(q, p) for q in LEFT), tuple(_shift(q, p) for q in RIGHT)
        paths.append((right, left) if formula.flipped[p] else (left, right))
        wires.append(tuple(_shift(q, p) for q in WIRE))
    special = junctions[0]
    ladder = set(junctions) | {q for pair in paths for path in pair for q in path}
    ladder |= {q for wire in wires for q in wire}
    top = _top(junctions[-1], ladder)
    ladder |= set(top)
    lines = Lines("queen", ladder)
    x0, y0, x1, y1 = lines.box
    lines.box = (x0 - GAP, y0 - GAP, x1 + GAP, y1 + GAP)
    lines.special = special
    slots: dict[tuple[int, int], tuple[Point, ...]] = {}  # (gadget, +1 / -1) -> its literal slots
    for p in range(n):
        true_side, false_side = ("right", "left") if formula.flipped[p] else ("left", "right")
        slots[(p, 1)] = tuple(_shift(q, p) for q in SLOTS[true_side])
        slots[(p, -1)] = tuple(_shift(q, p) for q in SLOTS[false_side])
        for q in slots[(p, 1)] + slots[(p, -1)]:
            if len(lines.free(q)) != len(lines.families):
                raise AssertionError(f"slot {q} shares a line")  # the gadget's own invariant
    literals: dict[tuple[int, int], Point] = {}
    seen: dict[int, int] = {}
    for c, clause in enumerate(formula.clauses):
        for literal in clause:
            k = seen.get(literal, 0)
            seen[literal] = k + 1
            literals[(c, literal)] = slots[(abs(literal) - 1, 1 if literal > 0 else -1)][k]
    connectors = [lines.chain([literals[(c, literal)] for literal in clause]) for c, clause in enumerate(formula.clauses)]
    used = set(literals.values())
    always = set(junctions[1:]) | set(top) | {q for wire in wires for q in wire}
    # (ties followed as links join components, anchors found by row: a search of the board per
    # piece made this quadratic in the gadgets, issue 34)
    ties = Ties(lines, always, paths)
    anchors = Anchors(lambda t: bool(lines.free(t)), always)
    extra: set[Point] = set()
    for pair in paths:
        for path in pair:
            for q in path:
                if q in used or ties.tied(q):
                    continue
                part = component(lines, q)
                member = next(r for r in sorted(part) if lines.free(r))
                anchor = anchors.nearest(q[1])  # the free one of least (rows apart, square)
                if anchor is None:
                    raise InvalidInstance(f"no tied queen with a free line to link {q} to")
                extra |= set(lines.link(anchor, member))
    queens = (ladder - {special}) | extra | {q for part in connectors for q in part}
    literal_tuple = tuple(tuple(literals[(c, l)] for l in clause) for c, clause in enumerate(formula.clauses))
    return Layout(special, frozenset(queens), junctions, top, tuple(paths), frozenset(), literal_tuple,
                  tuple(connectors), formula.owners, tuple(wires))


def _top(last: Point, ladder: set[Point]) -> tuple[Point, ...]:
    """A wire of (2, 1) moves above the last junction ending on the final queen, as short as
    leaves the final queen alone on all its lines."""
    for length in range(1, 30):
        top = tuple((last[0] + 2 * k, last[1] + k) for k in range(1, length + 1))
        final = top[-1]
        if not any(LINE_KEYS[f](final) == LINE_KEYS[f](q) for f in FAMILIES["queen"] for q in ladder | set(top[:-1])):
            return top
    raise AssertionError("no final square alone on its lines")


def line_condition(source: Any, board: SoloChess) -> bool | str:
    """The walk lemma's hypothesis for riders: the components of "in line" equal those of "see
    each other" (the special knight splits no line of queens)."""
    from npw.instances.solochess.collapse import line_components, villain_components

    seen = set(villain_components(board))
    for part in line_components(board):
        if part not in seen:
            return f"the special knight splits the queens in line with {min(part)}"
    return True


PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.11"


def _make(checked: str = "") -> Reduction:
    # a verifier's case calls the reduction's code about 12 times (reduce, forward, backward per
    # witness, each claim, provenance), each once laying the board out: 60% of the default
    # stream's time (issue 34). The layout is a function of the (frozen) source alone.
    layout_of = functools.lru_cache(maxsize=8)(layout)

    def reduce(source: PlanarMonotone3Sat) -> SoloChess:
        return layout_of(source).board("queen", "knight")

    def forward(source: PlanarMonotone3Sat, assignment) -> tuple[Move, ...]:
        """The queens collapse onto the squares of the knight's walk (the true paths, a split
        copy's as its variable's), then the knight walks up."""
        lay = layout_of(source)
        return captures_for_walk(reduce(source), [lay.to_board(q) for q in lay.route(assignment)])

    def backward(source: PlanarMonotone3Sat, target: SoloChess, captures) -> tuple[bool, ...]:
        """x = true iff the knight captures on a square of the true path of x's (first) gadget."""
        lay = layout_of(source)
        taken = set(special_squares(target, captures))
        values: dict[int, bool] = {}
        for p, variable in enumerate(lay.variables):
            values.setdefault(variable, any(lay.to_board(q) in taken for q in lay.paths[p][0]))
        return tuple(values.get(v, False) for v in range(1, source.num_vars + 1))

    def size(source: PlanarMonotone3Sat) -> dict[str, int]:
        """For n gadgets and m clauses of the split formula: per gadget 47 ladder queens (31 + 11
        on the paths, 4 on the wire, the next junction) and 3 slots; 2 link queens per pair of
        consecutive literals of a clause, and 2 tying each unused slot (3n - (literals) of them);
        the top wire's 2 queens and the knight: 47n + 2(literals - m) + 2(3n - literals) + 3 =
        53n - 2m + 3."""
        formula = split(source)
        return {"pieces": 53 * len(formula.owners) - 2 * len(formula.clauses) + 3}

    def provenance(source: PlanarMonotone3Sat, target: SoloChess) -> dict[str, list[str]]:
        """A variable -> the queens of both paths of its gadgets; a clause -> its literal queens
        and its links."""
        return ladder_provenance(layout_of(source), source)

    claims = (Claim("the special knight splits no line of queens", f"{PAPER} (our gadget): the walk lemma of "
                    "npw.solvers.solochess.walk applies (its line condition)", line_condition),)
    claims += theorem_3_9_claims("knight", layout_of, PAPER, "queen")
    return Reduction(
        id="pm3sat-to-solochess-knight-queen", source="pm3sat-2occ", target="solochess",
        reference=f"{PAPER} (T = queen); gadget of our own, found by an exact search (Figure 7 was lost in "
                  "extraction), after a split of variables with two occurrences of each sign",
        reduce=reduce, forward=forward, backward=backward, size=size, claims=claims, provenance=provenance,
        checked=checked)


KNIGHT_QUEEN = _make(
    checked=("every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, 214 no), 100 random "
             "(56 yes, 44 no); no-targets decided by the walk decider (its line condition, a claim)"))
