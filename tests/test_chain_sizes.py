"""The closed size formulas of the 3-SAT -> Solo Chess chains (npw.reductions.chain_sizes): checked
against built boards of both routes, the per-kind counts behind Section 3.2's bound against built
planar formulas, and the claim ``closed-size`` failing on a wrong formula."""

from __future__ import annotations

import dataclasses
import itertools
import random
from fractions import Fraction

import pytest

from npw.instances.sat.planar_monotone import ABOVE, BELOW
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions import chain_sizes
from npw.reductions.chain_sizes import (LEMMA_A1_BOARDS, LEMMA_A1_STEPS, ROW_EXTRA, SECTION_3_2_BOARDS,
                                        SECTION_3_2_STEPS, closed_size_claim, lemma_a1_size, section_3_2_pieces,
                                        section_3_2_size, size_claim)
from npw.reductions.graph import compose
from npw.reductions.registry import get_reduction
from npw.reductions.sat import planar3sat_to_pm3sat as rows_step
from npw.reductions.sat import three_sat_to_planar3sat as planar_step
from npw.reductions.sat.three_sat_to_planar3sat import CROSSOVER_CLAUSES, CROSSOVER_LINE, IN, OUT
from npw.verify.check import check_case

FORMULAS = [ThreeSat(0, []), ThreeSat(1, [(1, 1, 1)]), ThreeSat(3, [(1, -3, 2)]),
            ThreeSat(4, [(1, -2, 2), (-1, 3, 1)]), ThreeSat(3, [(1, 2, 3), (-1, -2, -3), (2, -3, 1)])]


def closed_claim(chain):
    found = [claim for claim in chain.claims if claim.name == "closed-size"]
    assert len(found) == 1, [claim.name for claim in chain.claims]
    return found[0]


@pytest.mark.parametrize("board", sorted(LEMMA_A1_BOARDS))
def test_lemma_a1_formula_is_the_built_board(board):
    chain = compose([*LEMMA_A1_STEPS, f"hampath-to-solochess-{board}"])
    claim = closed_claim(chain)
    for formula in FORMULAS:
        built = chain.reduce(formula)
        assert lemma_a1_size(formula, board) == built.size()
        assert claim.check(formula, built) is True


def test_lemma_a1_pieces_and_the_middle_size_agree():
    """The closed formula and the exact middle-instance formula (Reduction.then's size) agree."""
    chain = compose([*LEMMA_A1_STEPS, "hampath-to-solochess-rook-pawn"])
    for formula in FORMULAS:
        assert chain.size(formula) == lemma_a1_size(formula, "rook-pawn")
    assert lemma_a1_size(ThreeSat(1, [(1, 1, 1)]), "rook-pawn")["pieces"] == 574


@pytest.mark.parametrize("board", sorted(SECTION_3_2_BOARDS))
def test_section_3_2_bound_holds_on_built_boards(board):
    chain = compose([*SECTION_3_2_STEPS, f"pm3sat-to-solochess-{board}"])
    claim = closed_claim(chain)
    formulas = [ThreeSat(2, []), ThreeSat(1, [(1, 1, 1)]), ThreeSat(3, [(1, -3, 2), (-2, 1, 1)])]
    if board == "king-bishop":  # the smallest boards: a few more shapes
        formulas += [ThreeSat(0, []), ThreeSat(3, [(1, 2, 3), (-1, -2, -3)]), ThreeSat(2, [(1, -1, 2), (-2, -2, 1)])]
    for formula in formulas:
        built = chain.reduce(formula).size()
        predicted = section_3_2_size(formula, board)
        assert predicted["pieces"] == section_3_2_pieces(formula, board)
        assert set(predicted) == ({"pieces", "height", "width"} if board == "king-bishop" else {"pieces"})
        for key, bound in predicted.items():
            held = bound == built[key] if not formula.clauses else bound.admits(built[key])
            assert held, (formula.clauses, key, built[key], bound)
        assert claim.check(formula, chain.reduce(formula)) is True


def _legs_of_kinds() -> dict[str, list[tuple[str, int]]]:
    """Each kind of ROW_EXTRA: its legs as (IN or OUT side, literal sign); the nine crossover
    variables' from the gadget's own clauses."""
    arc_in, arc_out = [(IN, 1), (IN, -1)], [(OUT, 1), (OUT, -1)]
    kinds = {"first": arc_out, "middle": arc_in + arc_out, "last": arc_in, "fork-wire": arc_in + 2 * arc_out,
             "fork-copy-end": 2 * arc_out, "fork-copy-middle": 3 * arc_out,
             "clause-end+": arc_in + [(OUT, 1)], "clause-end-": arc_in + [(OUT, -1)]}
    for name in CROSSOVER_LINE:
        legs = [(side, -1 if f"-{name}" in clause else 1) for clause, side in CROSSOVER_CLAUSES
                if name in clause or f"-{name}" in clause]
        kinds[f"crossover {name}"] = legs + (arc_in if name in ("a", "b") else arc_out if name in ("a'", "b'") else [])
    return kinds


def _row_lengths(monkeypatch, legs: list[tuple[str, int]]) -> list[int]:
    """The step's own ``row`` on every order of the legs on each side, with IN above and below."""
    lengths = []
    for side_in in (ABOVE, BELOW):
        side = {IN: side_in, OUT: BELOW if side_in == ABOVE else ABOVE}
        wanted = [(side[s], (sign > 0) == (side[s] == ABOVE)) for s, sign in legs]  # the parity each wants
        above = [parity for s, parity in wanted if s == ABOVE]
        below = [parity for s, parity in wanted if s == BELOW]
        for up in set(itertools.permutations(above)):
            for down in set(itertools.permutations(below)):
                found = {ABOVE: list(enumerate(up)), BELOW: list(enumerate(down, len(up)))}
                monkeypatch.setattr(rows_step, "legs", lambda source, variable, found=found: found)
                lengths.append(len(rows_step.row(None, 1, 1).parities))
    return lengths


def test_row_extras_are_the_steps_own(monkeypatch):
    kinds = _legs_of_kinds()
    crossover = [0, 0]
    for kind, legs in kinds.items():
        lengths = _row_lengths(monkeypatch, legs)
        extra = (min(lengths) - 1, max(lengths) - 1)
        if kind.startswith("crossover"):
            crossover = [crossover[0] + extra[0], crossover[1] + extra[1]]
        elif kind.startswith("clause-end"):
            assert extra == ROW_EXTRA["clause-end"], kind
        else:
            assert extra == ROW_EXTRA[kind], kind
    assert tuple(crossover) == ROW_EXTRA["crossover"]
    assert len(CROSSOVER_CLAUSES) == 18 and sum(len(clause) for clause, _ in CROSSOVER_CLAUSES) == 42


def _clause_shapes(formula: ThreeSat) -> list[tuple[int, int, int, int]]:
    """(k, d, crossings, crossover layers) of each clause, read from the step's plan."""
    shapes, current = [], None
    for layer in planar_step.plan(formula).layers[1:]:
        kinds = [cell.kind for cell in layer.cells]
        if "fork" in kinds or "cross" not in kinds:  # a clause's fork layer, or the last layer
            if current is not None:
                shapes.append(current)
            current = [0, 0]
        else:
            current[0] += kinds.count("cross")
            current[1] += 1
    return [(len(clause), len({abs(l) for l in clause}), c, layers)
            for (_, clause), (c, layers) in zip(planar_step.source_clauses(formula), shapes)]


def test_section_3_2_counts_are_the_planar_formulas():
    """Per clause: the crossings and layers within the bound's range, the planar formula's
    variables, clauses and literals exactly the per-kind counts, its rows within theirs."""
    rng = random.Random(34)
    for _ in range(60):
        n, m = rng.randint(1, 5), rng.randint(1, 3)
        formula = ThreeSat(n, [tuple(rng.choice((1, -1)) * rng.randint(1, n) for _ in range(3)) for _ in range(m)])
        planar = planar_step.reduce(formula)
        shapes = _clause_shapes(formula)
        assert len(shapes) == m
        totals = [Fraction(2 * n), Fraction(2 * n), Fraction(4 * n), Fraction(0)]  # layers 0 and last
        low, high = Fraction(2 * n), Fraction(2 * n)  # the two layers' rows: one extra each
        for k, d, crossings, layers in shapes:
            assert crossings <= max(0, n - 2) and crossings <= 2 * layers and layers <= crossings
            most = chain_sizes._planar_counts(n, k, d, Fraction(crossings), Fraction(layers), True)
            least = chain_sizes._planar_counts(n, k, d, Fraction(crossings), Fraction(layers), False)
            totals = [t + c for t, c in zip(totals, most)]
            low, high = low + least[3], high + most[3]
        assert totals[:3] == [planar.num_vars, len(planar.clauses), sum(len(c) for c in planar.clauses)]
        assert low <= sum(len(row.parities) - 1 for row in rows_step.rows(planar)) <= high


POLYNOMIALS = {  # (constant, per n, per clause: n^2, n, 1 at most; n, 1 at least), the docstring's
    "king-bishop": (3, 642, (675, 14631, -21643), (450, 1864)),
    "knight-rook": (2, 576, (603, 13065, -19325), (402, 1664)),
    "knight-bishop": (2, 416, (435, 9425, -13941), (290, 1200)),
    "knight-queen": (3, 1016, (1065, 23075, -34131), (710, 2940)),
}


@pytest.mark.parametrize("board", sorted(POLYNOMIALS))
def test_section_3_2_bound_is_the_documented_polynomial(board):
    constant, per_n, (a, b, c), (d, e) = POLYNOMIALS[board]
    for n, m in itertools.product(range(2, 25), range(1, 4)):
        bound = section_3_2_pieces(ThreeSat(n, [(1, 1, 1)] * m), board)
        assert bound.high == constant + per_n * n + m * (a * n * n + b * n + c), (n, m)
        assert bound.low == constant + per_n * n + m * (d * n + e), (n, m)
    assert section_3_2_pieces(ThreeSat(5, []), board) == SECTION_3_2_BOARDS[board][0] * 5 + constant


def test_king_bishop_height_is_the_documented_polynomial():
    for n, m in itertools.product(range(2, 25), range(1, 4)):
        height = section_3_2_size(ThreeSat(n, [(1, 1, 1)] * m), "king-bishop")["height"]
        assert height.high == 3 + 320 * n + m * (336 * n * n + 7280 * n - 10768)
        assert height.low == 3 + 320 * n + m * (224 * n + 928)
    assert section_3_2_size(ThreeSat(4, []), "king-bishop") == {"pieces": 127, "height": 67, "width": 5}


def test_a_wrong_formula_is_caught(monkeypatch):
    """The claim fails where the formula is off by one piece, and the verifier reports it."""
    formula = ThreeSat(1, [(1, 1, 1)])
    steps = (*LEMMA_A1_STEPS, "hampath-to-solochess-rook-pawn")
    board = compose(steps).reduce(formula)
    wrong = size_claim("off by one", lambda src: {**lemma_a1_size(src, "rook-pawn"), "pieces": 575})
    assert wrong.check(formula, board) == "pieces 574, the closed formula gives 575 (n 1, u 1, m 1)"
    too_low = size_claim("too low", lambda src: {"pieces": section_3_2_pieces(src, "king-bishop")})
    assert "the closed formula gives Bound(" in too_low.check(formula, board)

    real = chain_sizes.lemma_a1_size
    monkeypatch.setattr(chain_sizes, "lemma_a1_size", lambda src, x: {**real(src, x), "width": 1})
    case = check_case(compose(steps), formula, target_deciders=("search",), timeout=60)
    assert ("claim: closed-size", "claim 'closed-size' fails: width 449, the closed formula gives 1 (n 1, u 1, m 1)") \
        in case.failures
    assert case.claims["closed-size"] == [0, 1] and len(case.failures) == 1  # every other check held


def test_chains_without_a_closed_formula_are_as_before():
    chain = compose(["3sat-to-indset", "indset-to-vertexcover"])
    steps = [get_reduction("3sat-to-indset"), get_reduction("indset-to-vertexcover")]
    assert [c.name for c in chain.claims] == [f"{s.id}: {c.name}" for s in steps for c in s.claims]
    assert chain.steps == ("3sat-to-indset", "indset-to-vertexcover")
    assert closed_size_claim(("3sat-to-indset", "indset-to-vertexcover")) is None
    # a prefix of a route has none; a registered chain's steps are flattened
    assert closed_size_claim(LEMMA_A1_STEPS) is None
    assert closed_size_claim((*SECTION_3_2_STEPS, "pm3sat-to-solochess-king-knight")) is None
    assert get_reduction("1in3sat-to-rel").steps == ("1in3sat-to-224sat", "224sat-to-rel")


def test_the_closed_claim_survives_a_longer_chain():
    """Composed further, the chain's claim is lifted like any step's claim (checked on its own instances)."""
    first = compose([*LEMMA_A1_STEPS, "hampath-to-solochess-rook-pawn"])
    assert dataclasses.replace(first, id="x").steps == first.steps
    names = [claim.name for claim in first.claims]
    assert names.count("closed-size") == 1 and names[-1] == "closed-size"
