"""The board of each 3-SAT -> Solo Chess chain as a formula in the 3-SAT source's own size
(issue 34): a closed formula per chain family, checked per case as a claim of the composed chain.

A chain composed by :meth:`npw.reductions.base.Reduction.then` predicts its target's size by its
last step's formula on the middle instance (exact, but in the middle instance's measures). For
the chains below, :func:`closed_size_claim` gives the composed chain one more claim,
``closed-size``: the board's size as a formula in the source formula's n (variables), u
(variables that occur) and m (clauses), compared with the built board on every case (an int is
exact, a :class:`~npw.reductions.base.Bound` a bound). :func:`with_closed_size` adds it where a
chain is composed by ids (:func:`npw.reductions.graph.compose` for ``npw verify --via``, and
:func:`npw.reductions.registry.get_reduction` for a registered chain), looking up the chain's
``steps``; a chain with no closed formula is left as it is.

* Lemma A.1's route, ``3sat-to-dhamcycle-21, dhamcycle-21-to-hampath-st,
  hampath-to-solochess-X``: exact (:func:`lemma_a1_size`).
* Section 3.2's route, ``3sat-to-planar3sat, planar3sat-to-pm3sat, pm3sat-to-pm3sat-2occ,
  pm3sat-to-solochess-Y``: bounds on the pieces (:func:`section_3_2_size`), since the
  crossings of the planar layout depend on where each clause's variables lie on the line.

>>> from npw.instances.sat.three_sat import ThreeSat
>>> lemma_a1_size(ThreeSat(1, [(1, 1, 1)]), "rook-pawn")
{'pieces': 574, 'width': 449, 'height': 266}
>>> section_3_2_pieces(ThreeSat(1, [(1, 1, 1)]), "king-bishop")
Bound(low=2959, high=7299)
>>> closed_size_claim(("3sat-to-dhamcycle-21", "dhamcycle-21-to-hampath-st", "hampath-to-solochess-rook-pawn")).name
'closed-size'
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from npw.reductions.base import Bound, Claim, Reduction

__all__ = ["KING_BISHOP_HEIGHT", "LEMMA_A1_BOARDS", "LEMMA_A1_STEPS", "ROW_EXTRA", "SECTION_3_2_BOARDS",
           "SECTION_3_2_STEPS", "closed_size", "closed_size_claim", "lemma_a1_size", "section_3_2_pieces",
           "section_3_2_size", "size_claim", "three_sat_measures", "with_closed_size"]

SizeFormula = Callable[[Any], Mapping[str, "int | Bound"]]

LEMMA_A1_STEPS = ("3sat-to-dhamcycle-21", "dhamcycle-21-to-hampath-st")
"""Lemma A.1's first two steps; the third is ``hampath-to-solochess-X`` for X in :data:`LEMMA_A1_BOARDS`."""

LEMMA_A1_BOARDS = {
    "rook-pawn": "theorem-3.2", "rook-pawn-as-stated": "theorem-3.2",
    "rook-king": "scale4", "rook-knight": "scale4",
    "queen-pawn": "stretch", "queen-bishop": "stretch", "rook-bishop": "stretch", "rook-pawn-stretched": "stretch",
    "queen-king": "stretch-scale4", "queen-knight": "stretch-scale4", "rook-king-stretched": "stretch-scale4",
    "rook-knight-stretched": "stretch-scale4",
    "bishop-pawn": "rotate", "bishop-king": "rotate-scale4", "bishop-knight": "rotate-scale4",
    "bishop-rook": "stretch-rotate", "queen-rook": "stretch-rotate",
}
"""X -> the map of Theorem 3.2's board that ``hampath-to-solochess-X`` applies
(:mod:`npw.reductions.solochess.corollaries`; ``theorem-3.2``: the board itself)."""

SECTION_3_2_STEPS = ("3sat-to-planar3sat", "planar3sat-to-pm3sat", "pm3sat-to-pm3sat-2occ")
"""Section 3.2's first three steps; the fourth is ``pm3sat-to-solochess-Y`` for Y in :data:`SECTION_3_2_BOARDS`."""

SECTION_3_2_BOARDS = {
    "king-bishop": (31, 1, 1, 3),
    "knight-rook": (31, 2, 0, 2),
    "knight-bishop": (23, 2, 0, 2),
    "knight-queen": (53, 2, 0, 3),
}
"""Y -> (a, b, c, d): ``pm3sat-to-solochess-Y`` puts a V - b M + c L + d pieces on the board of a
2occ formula of V variables, M clauses and L literal occurrences (each step's ``size``:
pm3sat_bishop.py 31V + 3 + sum(k - 1); pm3sat_knight_rider.py 31V + 2 - 2M and 23V + 2 - 2M;
pm3sat_knight_queen.py 53V' - 2M' + 3 on its split formula, which splits nothing here: no variable of
the 2occ step's chains occurs twice with each sign). ``king-knight`` and ``pawn-knight`` count
their connectors by the clauses' levels and rows: no closed formula."""

KING_BISHOP_HEIGHT = (16, 0, 0, 3)
"""King^1 + bishops' height, 16 V2 + 3, as :data:`SECTION_3_2_BOARDS` writes a count."""

ROW_EXTRA = {
    "first": (1, 1), "middle": (1, 2), "last": (1, 1), "fork-wire": (3, 6), "fork-copy-end": (3, 5),
    "fork-copy-middle": (5, 9), "clause-end": (1, 2), "crossover": (31, 52),
}
"""For each kind of variable of 3sat-to-planar3sat's formula, (least, most) variables its row in
planar3sat-to-pm3sat adds beyond one (the row's length - 1), over every order its legs can reach
it in (the row depends on that order, which the layout decides): ``middle`` a wire's variable with
an arc in and an arc out, ``first``/``last`` with one arc (layers 0 and last), ``fork-wire`` the
wire a fork copies (an arc in, its arc and fork pair out), ``fork-copy-end``/``-middle`` a copy
with one or two fork pairs, ``clause-end`` a copy ending in its clause, ``crossover`` the nine
variables of a crossover together. tests/test_chain_sizes.py recomputes them from the step's own
``row`` and ``CROSSOVER_CLAUSES``."""

# the crossover gadget's clauses and literal occurrences (18 clauses: 6 of 3 literals, 12 of 2)
_CROSSOVER_CLAUSES, _CROSSOVER_LITERALS = 18, 42


def three_sat_measures(formula: Any) -> dict[str, int]:
    """The source's measures the formulas use: n variables, u of them occurring, m clauses.

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> three_sat_measures(ThreeSat(3, [(1, -1, 2)]))
    {'n': 3, 'u': 2, 'm': 1}
    """
    used = {abs(literal) for clause in formula.clauses for literal in clause}
    return {"n": formula.num_vars, "u": len(used), "m": len(formula.clauses)}


def lemma_a1_size(formula: Any, board: str) -> dict[str, int]:
    """The board of ``3sat-to-dhamcycle-21, dhamcycle-21-to-hampath-st, hampath-to-solochess-X``
    (X = ``board``, a key of :data:`LEMMA_A1_BOARDS`), exactly, in u (variables that occur) and
    m >= 1 (clauses).

    Derivation, step by step (each step's own exact ``size``):

    * 3sat-to-dhamcycle-21: 2u + 42m vertices, 3u + 63m arcs; with no clause 4 and 6, which is
      the formula at u = 2, m = 0 (so m = 0 is read as u = 2 throughout).
    * dhamcycle-21-to-hampath-st: N = 2(2u + 42m) + 2 = 4u + 84m + 2 vertices, i = N - 2 =
      4u + 84m of them inner, and (2u + 42m) - 1 + (3u + 63m) + 2 = 5u + 105m + 1 edges.
    * Theorem 3.2 (rook_pawn.py): 4 corner pawns per inner vertex, 2 pawns per edge less the
      two at s and t, the rook and t's pawn: pieces = 4i + 2E = 26u + 546m + 2 (574 for
      (x1 or x1 or x1)). Its squares span columns 1..4N + i and rows 0..3i + 1, on a board from
      (0, 0): width 4N + i + 1 = 20u + 420m + 9, height h = 3i + 2 = 12u + 252m + 2.
    * the corollaries map those squares (corollaries.py, spans dx = 4N + i - 1 = 20u + 420m + 7,
      dy = 3i + 1, and c = h + 1 = 3(4u + 84m + 1)); the pieces stay 26u + 546m + 2:

      - scale4 (rook-king, rook-knight): 4 dx + 1 = 80u + 1680m + 29 by 4 dy + 1 = 48u + 1008m + 5;
      - stretch (queen-pawn, queen-bishop, rook-bishop, rook-pawn-stretched): c dx + 1 =
        3(4u + 84m + 1)(20u + 420m + 7) + 1 by 12u + 252m + 2;
      - stretch-scale4 (queen-king, queen-knight, rook-king/knight-stretched): 4c dx + 1 =
        12(4u + 84m + 1)(20u + 420m + 7) + 1 by 48u + 1008m + 5;
      - rotate (bishop-pawn): 4N + 2i = 24u + 504m + 8 by 4N + 4i - 2 = 32u + 672m + 6;
      - rotate-scale4 (bishop-king, bishop-knight): 96u + 2016m + 29 by 128u + 2688m + 21;
      - stretch-rotate (bishop-rook, queen-rook): c dx - 3i + 5 = 3(4u + 84m + 1)(20u + 420m + 7)
        - 12u - 252m + 5 by c dx + 3i - 1 = 3(4u + 84m + 1)(20u + 420m + 7) + 12u + 252m - 1.

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> lemma_a1_size(ThreeSat(2, [(1, 2, -2), (1, 1, -1)]), "queen-king")
    {'pieces': 1146, 'width': 1883989, 'height': 2117}
    >>> lemma_a1_size(ThreeSat(0, []), "rook-pawn")  # no clause: the formula at u = 2, m = 0
    {'pieces': 54, 'width': 49, 'height': 26}
    """
    measures = three_sat_measures(formula)
    u, m = (measures["u"], measures["m"]) if measures["m"] else (2, 0)
    pieces = 26 * u + 546 * m + 2
    k = 4 * u + 84 * m + 1  # c = h + 1 = 3k
    dx = 20 * u + 420 * m + 7
    i3 = 12 * u + 252 * m  # 3i
    kind = LEMMA_A1_BOARDS[board]
    width, height = {
        "theorem-3.2": (20 * u + 420 * m + 9, i3 + 2),
        "scale4": (80 * u + 1680 * m + 29, 4 * i3 + 5),
        "stretch": (3 * k * dx + 1, i3 + 2),
        "stretch-scale4": (12 * k * dx + 1, 4 * i3 + 5),
        "rotate": (24 * u + 504 * m + 8, 32 * u + 672 * m + 6),
        "rotate-scale4": (96 * u + 2016 * m + 29, 128 * u + 2688 * m + 21),
        "stretch-rotate": (3 * k * dx - i3 + 5, 3 * k * dx + i3 - 1),
    }[kind]
    return {"pieces": pieces, "width": width, "height": height}


def _planar_counts(n: int, k: int, d: int, crossings: Fraction, layers: Fraction, most: bool) -> tuple[Fraction, ...]:
    """(variables, clauses, literals, rows' extra variables) that one source clause of k distinct
    literals over d distinct variables, with ``crossings`` crossovers over ``layers`` crossover
    layers, adds to 3sat-to-planar3sat's formula of n wires, and its rows add in
    planar3sat-to-pm3sat (their most, or least, by :data:`ROW_EXTRA`)."""
    extra = {kind: Fraction(pair[1] if most else pair[0]) for kind, pair in ROW_EXTRA.items()}
    middles = (n - d) + layers * (n + k) - 2 * crossings  # pass cells of its fork and crossover layers
    arcs = middles + d + k + 2 * crossings  # out of each pass, wire, copy and crossover output
    variables = middles + d + k + k + 9 * crossings  # passes, wires, copies, clause ends, crossovers
    clauses = 2 * arcs + 2 * k + _CROSSOVER_CLAUSES * crossings + 1
    literals = 4 * arcs + 4 * k + _CROSSOVER_LITERALS * crossings + k
    rows = (middles * extra["middle"] + d * (extra["fork-wire"] + extra["fork-copy-end"])
            + (k - d) * extra["fork-copy-middle"] + k * extra["clause-end"] + crossings * extra["crossover"])
    return variables, clauses, literals, rows


def _board_linear(counts: Sequence[Fraction], coefficients: tuple[int, int, int, int]) -> Fraction:
    """The linear part (no constant) of a V2 - b M2 + c L2 ((a, b, c, _) = ``coefficients``) for
    the planar counts (V, M, L, R): pm3sat V1 = V + R, M1 = M + 2R, L1 = L + 4R (each extra row
    variable adds a 2-clause on each side); 2occ V2 = 2 L1 - V1, M2 = M1 + 2(L1 - V1),
    L2 = L1 + 4(L1 - V1) (a chain of 2 occ - 1 variables and 2(occ - 1) 2-clauses per variable,
    every variable occurring)."""
    v, m, lits, r = counts
    v1, m1, l1 = v + r, m + 2 * r, lits + 4 * r
    v2, m2, l2 = 2 * l1 - v1, m1 + 2 * (l1 - v1), l1 + 4 * (l1 - v1)
    a, b, c, _ = coefficients
    return a * v2 - b * m2 + c * l2


def _section_3_2_bound(n: int, m: int, coefficients: tuple[int, int, int, int]) -> int | Bound:
    """Bounds on a V2 - b M2 + c L2 + d in the source's n and m (exact for m = 0)."""
    a, _, _, constant = coefficients
    if m == 0:  # n rows of one variable, no clause: n 2occ variables
        return a * n + constant
    ends = []  # layer 0's wires with their arcs, and the last layer's: at most, at least
    for pick in (1, 0):
        first = (Fraction(n), Fraction(2 * n), Fraction(4 * n), Fraction(n * ROW_EXTRA["first"][pick]))
        last = (Fraction(n), Fraction(0), Fraction(0), Fraction(n * ROW_EXTRA["last"][pick]))
        ends.append(_board_linear(first, coefficients) + _board_linear(last, coefficients))
    shapes = [(k, d) for k, d in ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3)) if d <= n]
    highs, lows = [], []
    for k, d in shapes:
        span = Fraction(max(0, n - 2)) if d >= 2 else Fraction(0)
        # the vertices of {0 <= C <= span, C / 2 <= L <= C}: a linear count is extreme at one
        for crossings, layers in ((Fraction(0), Fraction(0)), (span, span), (span, span / 2)):
            highs.append(_board_linear(_planar_counts(n, k, d, crossings, layers, True), coefficients))
            lows.append(_board_linear(_planar_counts(n, k, d, crossings, layers, False), coefficients))
    top = ends[0] + m * max(highs) + constant
    bottom = ends[1] + m * min(lows) + constant
    return Bound(low=_ceil(bottom), high=int(top))  # int() floors a non-negative Fraction


def section_3_2_pieces(formula: Any, board: str) -> int | Bound:
    """Bounds on the pieces of ``3sat-to-planar3sat, planar3sat-to-pm3sat, pm3sat-to-pm3sat-2occ,
    pm3sat-to-solochess-Y`` (Y = ``board``, a key of :data:`SECTION_3_2_BOARDS`) in n (variables)
    and m (clauses); exact for m = 0.

    Derivation, from each step's construction:

    * 3sat-to-planar3sat (its ``plan``): layer 0 holds the n wires; each clause j, of k_j <= 3
      distinct literals over d_j distinct variables, a fork layer (its k_j copies beside their
      wires, the previous clause's copies ending in their clause), C_j crossovers over L_j
      crossover layers of n + k_j wires, and a last layer of n wires and the last clause's
      copies. C_j is the number of wires between the clause's outer copies: C_j <= n - 2 (the
      outer variables' own wires stand outside), and C_j / 2 <= L_j <= C_j (the two outer copies
      step in one layer). Every wire variable has an arc (2 clauses, 4 literals) to the next
      layer, every copy a fork pair (2 and 4), every crossover 9 variables, 18 clauses, 42
      literals; every planar variable occurs (m >= 1).
    * planar3sat-to-pm3sat: each variable becomes a row, one variable plus an extra per
      :data:`ROW_EXTRA` (at most 2 for a middle wire's, 52 for a crossover's nine), each extra
      with a clause on each side: V1 = V + R, M1 = M + 2R, L1 = L + 4R.
    * pm3sat-to-pm3sat-2occ: each variable of occ occurrences becomes 2 occ - 1 variables tied
      by 2(occ - 1) 2-clauses.
    * the board: a V2 - b M2 + c L2 + d pieces (:data:`SECTION_3_2_BOARDS`).

    The board's pieces are then linear in the counts of each kind of variable: each clause adds
    at most (at least) the most (least) over the shapes (k_j, d_j) that fit n variables and the
    corners of {0 <= C_j <= n - 2, C_j / 2 <= L_j <= C_j}, with each row's most (least) extra.
    Summed:

    * king-bishop: at most 3 + 642n + m(675n^2 + 14631n - 21643), at least 3 + 642n + m(450n + 1864);
    * knight-rook: at most 2 + 576n + m(603n^2 + 13065n - 19325), at least 2 + 576n + m(402n + 1664);
    * knight-bishop: at most 2 + 416n + m(435n^2 + 9425n - 13941), at least 2 + 416n + m(290n + 1200);
    * knight-queen: at most 3 + 1016n + m(1065n^2 + 23075n - 34131), at least 3 + 1016n + m(710n + 2940);

    the upper ones for n >= 2 (for n = 1 no clause has a crossing: at most 645 + 6654m,
    578 + 5943m, 418 + 4287m, 1019 + 10497m); with m = 0 exactly 31n + 3, 31n + 2, 23n + 2, 53n + 3.
    The bound is computed from the per-kind counts above (tests/test_chain_sizes.py checks it
    equals these polynomials).

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> section_3_2_pieces(ThreeSat(3, [(1, 2, 3), (-1, -2, -3)]), "king-bishop")
    Bound(low=8357, high=58579)
    >>> section_3_2_pieces(ThreeSat(2, []), "knight-queen")
    109
    """
    measures = three_sat_measures(formula)
    return _section_3_2_bound(measures["n"], measures["m"], SECTION_3_2_BOARDS[board])


def section_3_2_size(formula: Any, board: str) -> dict[str, int | Bound]:
    """The measures of Section 3.2's board that have a closed bound: the pieces
    (:func:`section_3_2_pieces`) and, for king-bishop, the height and width.

    King^1 + bishops (pm3sat_bishop.py) stacks one gadget of 16 rows per 2occ variable, the first
    junction on row 0 and the top squares on rows 16 V2 + 1 and 16 V2 + 2: the height is exactly
    16 V2 + 3, bounded as the pieces are: V2 is at most 20n + m(21n^2 + 455n - 673) (n >= 2) and at
    least 20n + m(14n + 58), the height at most 3 + 320n + m(336n^2 + 7280n - 10768) (n >= 2;
    323 + 3312m for n = 1) and at least 3 + 320n + m(224n + 928). The gadgets span columns -2..2; a
    clause's corner stands 1 + (b - a) / 2 out for two of its literal rows a < b, which lie in
    rows 16p + 4 or 16p + 12 of gadgets p < V2: at most 8 V2 - 3 out, so the width is at most
    16 V2 - 5 (V2 at its bound) and at least 5; with no clause exactly 5 (1 for no variable).

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> section_3_2_size(ThreeSat(1, [(1, 1, 1)]), "king-bishop")
    {'pieces': Bound(low=2959, high=7299), 'height': Bound(low=1475, high=3635), 'width': Bound(low=5, high=3627)}
    >>> section_3_2_size(ThreeSat(1, [(1, 1, 1)]), "knight-rook")
    {'pieces': Bound(low=2644, high=6521)}
    """
    measures = three_sat_measures(formula)
    n, m = measures["n"], measures["m"]
    found: dict[str, int | Bound] = {"pieces": section_3_2_pieces(formula, board)}
    if board == "king-bishop":
        found["height"] = _section_3_2_bound(n, m, KING_BISHOP_HEIGHT)
        if m == 0:
            found["width"] = 5 if n else 1
        else:
            gadgets = _section_3_2_bound(n, m, (1, 0, 0, 0))
            assert isinstance(gadgets, Bound) and gadgets.high is not None
            found["width"] = Bound(low=5, high=16 * gadgets.high - 5)
    return found


def _ceil(value: Fraction) -> int:
    return -((-value.numerator) // value.denominator)


def closed_size(steps: Sequence[str]) -> tuple[str, SizeFormula] | None:
    """The closed size formula of the chain of registered reductions ``steps`` (ids, in order):
    (its statement, formula(source) -> {measure: int or Bound}), or None where none is known.

    >>> statement, formula = closed_size(("3sat-to-dhamcycle-21", "dhamcycle-21-to-hampath-st",
    ...                                   "hampath-to-solochess-rook-king"))
    >>> statement
    "Lemma A.1's board in the 3-SAT source's size: pieces 26u + 546m + 2 (u variables occurring, m clauses; none: as u = 2), the scale4 map's width and height"
    >>> closed_size(("3sat-to-indset",)) is None
    True
    """
    steps = tuple(steps)
    head, last = steps[:-1], steps[-1] if steps else ""
    if head == LEMMA_A1_STEPS and last.startswith("hampath-to-solochess-"):
        board = last.removeprefix("hampath-to-solochess-")
        if board in LEMMA_A1_BOARDS:
            return (f"Lemma A.1's board in the 3-SAT source's size: pieces 26u + 546m + 2 (u variables "
                    f"occurring, m clauses; none: as u = 2), the {LEMMA_A1_BOARDS[board]} map's width and height",
                    lambda formula: lemma_a1_size(formula, board))
    if head == SECTION_3_2_STEPS and last.startswith("pm3sat-to-solochess-"):
        board = last.removeprefix("pm3sat-to-solochess-")
        if board in SECTION_3_2_BOARDS:
            return (f"Section 3.2's board in the 3-SAT source's size: its pieces (and king-bishop's height "
                    f"and width) within the bounds in n variables and m clauses derived from each step's "
                    f"construction ({board})",
                    lambda formula: section_3_2_size(formula, board))
    return None


def size_claim(statement: str, formula: SizeFormula) -> Claim:
    """The claim ``closed-size``: the target's size (``tgt.size()``) is ``formula(src)``, per
    measure it names (an int exactly, a Bound within it).

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> from npw.instances.solochess.board import Piece, SoloChess
    >>> claim = size_claim("two pieces a clause", lambda src: {"pieces": 2 * len(src.clauses)})
    >>> board = SoloChess(2, 1, (Piece(0, 0, "rook"), Piece(1, 0, "pawn")), (0, 0))
    >>> claim.check(ThreeSat(1, [(1, 1, 1)]), board), claim.check(ThreeSat(1, [(1, 1, 1)] * 2), board)
    (True, 'pieces 2, the closed formula gives 4 (n 1, u 1, m 2)')
    """

    def check(src: Any, tgt: Any) -> bool | str:
        predicted, built = formula(src), tgt.size()
        for key, value in predicted.items():
            held = value.admits(built.get(key)) if isinstance(value, Bound) else built.get(key) == value
            if not held:
                shown = ", ".join(f"{name} {count}" for name, count in three_sat_measures(src).items())
                return f"{key} {built.get(key)}, the closed formula gives {value} ({shown})"
        return True

    return Claim("closed-size", statement, check)


def closed_size_claim(steps: Sequence[str]) -> Claim | None:
    """The ``closed-size`` claim of the chain ``steps`` (:func:`closed_size`, :func:`size_claim`),
    or None where no closed formula is known."""
    found = closed_size(steps)
    return None if found is None else size_claim(*found)


def with_closed_size(chain: Reduction) -> Reduction:
    """``chain`` with the claim ``closed-size`` added where its ``steps`` have a closed formula
    (:func:`closed_size_claim`); else (or where it has the claim already) ``chain`` itself.

    >>> from npw.reductions.registry import get_reduction
    >>> chain = get_reduction("3sat-to-planar3sat").then(get_reduction("planar3sat-to-pm3sat"))
    >>> with_closed_size(chain) is chain
    True
    """
    claim = closed_size_claim(chain.steps)
    if claim is None or any(c.name == claim.name for c in chain.claims):
        return chain
    return dataclasses.replace(chain, claims=chain.claims + (claim,))
