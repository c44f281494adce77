"""2/2/4-SAT -> nPUZ, Theorem 3: layout, B1/B2/k, forward moves, backward decoding."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npw.instances import get_problem
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat, random_instance
from npw.cli import main
from npw.reductions import get_reduction
from npw.reductions import npuz as theorem3
from npw.reductions.rel import theorem2
from npw.reductions.npuz.layout import build_layout
from npw.reductions.npuz.moves import SparseBoard, edge_program, expand
from npw.instances.npuz.reach import reachable

EXHAUSTIVE = list(get_problem("224sat").enumerate(3))
# every instance with m <= 2 and every third with m = 3 here (the whole list, and 20 random
# formulas with m <= 6, in bench/npuz_theorem3.py --small: BENCHMARKS.md)
SAMPLE = [f for f in EXHAUSTIVE if f.num_vars <= 2] + [f for f in EXHAUSTIVE if f.num_vars == 3][::3]


def solutions(formula):
    return [a for a in itertools.product([False, True], repeat=formula.num_vars) if formula.verify(a)]


@pytest.mark.parametrize("m", [1, 2, 3, 6])
@pytest.mark.parametrize("unit", [1, 2, 5])
def test_layout_meets_section_4_1(m, unit):
    layout = build_layout(m, unit)
    assert layout.check() == []
    # the paper's counts, which its u is built from: 12m two-stripes, 4m corners
    assert layout.counts()["two_stripes"] == 12 * m and layout.counts()["two_corners"] == 4 * m
    assert len(layout.nodes) == 5 * m + 2 and len(layout.edges) == 12 * m - 3
    assert {n.side for n in layout.nodes} == ({3, 4 * m} if m > 0 else {3})


def test_layout_check_catches_a_short_stripe():
    layout = build_layout(2, 2)
    assert build_layout(2, 2).check() == []
    shrunk = type(layout)(layout.m, layout.unit + 1, layout.n, layout.nodes, layout.edges)  # stripes now < 5l
    assert any("< 5l" in p for p in shrunk.check())


def test_paper_scale_is_compact_and_exact():
    """m = 1 at the paper's l = u + 16m + 1 (m = 2, side about 3 * 10^7: bench/npuz_theorem3.py)."""
    formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    instance = theorem3.build_instance(formula)
    u = 508 + 29 * 18 * 6 ** 3 + 9 * 18 * 7 ** 3
    assert instance.u == u and instance.unit == u + 17
    assert instance.layout.check() == []
    assert instance.n > 10 ** 6 and instance.k == instance.d + u
    assert "warning" not in instance.summary()
    rel = theorem3.read_back(instance)
    assert theorem3.same_rel(rel, theorem2.reduce(formula))
    # B2 on a stripe from the rule agrees with the vectorised leg rule deep inside a leg
    edge = instance.layout.edges[0]
    leg = edge.legs[0]
    arr = instance.b2_leg(0, 0)
    for i in (0, 1, 17, leg.length // 2, leg.length - 2, leg.length - 1):
        for j in range(leg.width):
            assert instance.b2(leg.cell(j, i)) == arr[j, i]


def test_corollary_1_enlarges_l_and_u():
    formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    base, plus = theorem3.build_instance(formula, 2), theorem3.build_instance(formula, 2, additive=3)
    assert plus.u == base.u + 3 and plus.unit == base.unit + 3
    paper = theorem3.build_instance(formula, additive=5)
    assert paper.unit == theorem3.paper_unit(1) + 5 and paper.u == theorem3.paper_u(1) + 5


@pytest.mark.parametrize("formula", SAMPLE, ids=lambda f: str(f.clause_list()))
def test_instances_up_to_m3(formula):
    """Yes or no: the boards encode exactly Theorem 2's REL instance, B2 is reachable
    (the compact Theorem 1 test agrees with the dense one); yes: forward reaches B2 within
    k, backward returns a satisfying assignment."""
    instance = theorem3.build_instance(formula, unit=1)
    npuz = instance.to_npuz()
    rel = theorem2.reduce(formula)
    assert theorem3.same_rel(theorem3.read_back(instance), rel)
    dense1 = dict(zip(((r, c) for r in range(npuz.n) for c in range(npuz.n)), npuz.start))
    dense2 = dict(zip(((r, c) for r in range(npuz.n) for c in range(npuz.n)), npuz.goal))
    assert theorem3.same_rel(theorem3.read_back(instance, dense1.__getitem__, dense2.__getitem__), rel)
    assert reachable(npuz.start, npuz.goal)
    assert sum(abs(a // npuz.n - b // npuz.n) + abs(a % npuz.n - b % npuz.n)
               for a, b in _positions(npuz) if True) == instance.d
    found = solutions(formula)
    if found:
        result = theorem3.forward_moves(instance, found[0])
        moves = result.text()
        assert len(moves) == result.moves <= instance.k
        assert npuz.verify(moves)
        assignment = theorem3.backward_moves(instance, moves)
        assert formula.verify(assignment)
        # two independent decoders: the dense replay with its own cuts, the compact one on the segments
        walk = theorem3.decode_walk(instance, moves)
        assert walk == theorem3.decode_segments(instance, result.segments)
        assert rel.verify(walk)


def _positions(npuz):
    """(B1 location, B2 location) of every non-blank tile."""
    where2 = {t: i for i, t in enumerate(npuz.goal)}
    return [(i, where2[t]) for i, t in enumerate(npuz.start) if t]


@pytest.mark.parametrize("m", [5, 6])
def test_random_instances_up_to_m6(m):
    rng = random.Random(m)
    for _ in range(200):
        formula = random_instance(rng.randrange(10 ** 6), m=m)
        found = solutions(formula)
        if found:
            break
    else:
        pytest.skip("no satisfiable formula drawn")
    instance = theorem3.build_instance(formula, unit=1)
    assert theorem3.same_rel(theorem3.read_back(instance), theorem2.reduce(formula))
    result = theorem3.forward_moves(instance, found[-1])
    moves = result.text()
    assert len(moves) <= instance.k and instance.to_npuz().verify(moves)
    assert formula.verify(theorem3.backward_moves(instance, moves))


def test_long_stripes_use_the_periodic_rule_and_still_reach_b2():
    """l = 11: legs longer than 48 cells, so B2 on them comes from the shortened copy plus
    period 12; the forward simulation checks every stripe cell against it."""
    formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    instance = theorem3.build_instance(formula, unit=11)
    assert any(r.lengths != r.short for r in instance.rules)
    npuz = instance.to_npuz()
    assert reachable(npuz.start, npuz.goal)
    assert sum(abs(a // npuz.n - b // npuz.n) + abs(a % npuz.n - b % npuz.n) for a, b in _positions(npuz)) == instance.d
    result = theorem3.forward_moves(instance, (True,))
    moves = result.text()
    assert npuz.verify(moves) and len(moves) <= instance.k
    assert theorem3.backward_moves(instance, moves) in ((True,), (False,))
    assert theorem3.decode_segments(instance, result.segments) == theorem3.decode_walk(instance, moves)


def test_backward_rejects_a_sequence_that_skips_an_edge():
    formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    instance = theorem3.build_instance(formula, unit=1)
    moves = theorem3.forward_moves(instance, (True,)).text()
    with pytest.raises(theorem3.DecodeError):
        theorem3.backward_moves(instance, moves[: len(moves) // 2])


def _detour(n, blank, rng, length):
    """A walk from the blank and back the same way (w, then w reversed): the board is unchanged."""
    step = {"U": -n, "D": n, "L": -1, "R": 1}
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    walk, here = [], blank
    for _ in range(length):
        options = [m for m in "UDLR" if 0 <= here + step[m] < n * n
                   and not (m in "LR" and (here + step[m]) // n != here // n)]
        m = rng.choice(options)
        walk.append(m)
        here += step[m]
    return "".join(walk) + "".join(back[m] for m in reversed(walk))


def _loop(n, blank, rng):
    """The blank round a 2 x 2 square three times (12 moves): the board is unchanged."""
    r, c = divmod(blank, n)
    dr = "D" if r + 1 < n else "U"
    dc = "R" if c + 1 < n else "L"
    first = [dr, dc, {"D": "U", "U": "D"}[dr], {"R": "L", "L": "R"}[dc]]
    if rng.random() < 0.5:
        first = [dc, dr, {"R": "L", "L": "R"}[dc], {"D": "U", "U": "D"}[dr]]
    return "".join(first) * 3


_SOLVED: dict = {}


def _solved(index):
    """(formula, instance, dense npuz, forward moves) for the index-th satisfiable m = 2 formula."""
    if index not in _SOLVED:
        candidates = [f for f in EXHAUSTIVE if f.num_vars == 2 and solutions(f)]
        formula = candidates[index % len(candidates)]
        instance = theorem3.build_instance(formula, unit=1)
        moves = theorem3.forward_moves(instance, solutions(formula)[0]).text()
        _SOLVED[index] = (formula, instance, instance.to_npuz(), moves)
    return _SOLVED[index]


def _in_vicinities(instance, n, blank, moves):
    """Every cell the blank visits lies within l of a node or a stripe (Definition 1's
    vicinities, TC' and FC' approximated by their pieces): Lemma 1's conclusion, which the
    paper proves for every solution within k at its l; at a small l we impose it on loops."""
    l = instance.unit
    boxes = []
    for node in instance.layout.nodes:
        boxes.append((node.row - l, node.row + node.side - 1 + l, node.col - l, node.col + node.side - 1 + l))
    for edge in instance.layout.edges:
        for leg in edge.legs:
            a, b = leg.cell(0, 0), leg.cell(leg.width - 1, leg.length - 1)
            boxes.append((min(a[0], b[0]) - l, max(a[0], b[0]) + l, min(a[1], b[1]) - l, max(a[1], b[1]) + l))
    step = {"U": -n, "D": n, "L": -1, "R": 1}
    here = blank
    for m in moves:
        here += step[m]
        r, c = divmod(here, n)
        if not any(r0 <= r <= r1 and c0 <= c <= c1 for r0, r1, c0, c1 in boxes):
            return False
    return True


@settings(max_examples=12, deadline=None)
@given(index=st.integers(0, 3), seed=st.integers(0, 10 ** 6), count=st.integers(1, 30))
def test_backward_survives_detours_within_the_slack(index, seed, count):
    """Property: inserting detours (out-and-back walks anywhere, loops round 2 x 2 squares
    inside the vicinities) within k keeps the sequence a solution, and backward still finds
    a satisfying assignment. (A loop that winds round the end of an edge's centre cut
    changes the crossings; it has to leave the vicinities, which the paper's Lemma 1 rules
    out at its l but which nothing forbids at l = 1.)"""
    formula, instance, npuz, moves = _solved(index)
    rng = random.Random(seed)
    n = npuz.n
    step = {"U": -n, "D": n, "L": -1, "R": 1}
    cuts = sorted(rng.sample(range(len(moves)), count))
    pieces, blank, last = [], npuz.start.index(0), 0
    for cut in cuts:
        for m in moves[last:cut]:
            blank += step[m]
        pieces.append(moves[last:cut])
        loop = _loop(n, blank, rng)
        if rng.random() < 0.6 or not _in_vicinities(instance, n, blank, loop):
            pieces.append(_detour(n, blank, rng, rng.randint(1, 40)))
        else:
            pieces.append(loop)
        last = cut
    pieces.append(moves[last:])
    detoured = "".join(pieces)
    assert len(moves) < len(detoured) <= instance.k
    assert npuz.verify(detoured)
    assert formula.verify(theorem3.backward_moves(instance, detoured))
    assert theorem3.decode_walk(instance, detoured) == theorem3.decode_walk(instance, moves)


def test_registered_reduction_round_trip():
    reduction = get_reduction("224sat-to-npuz")
    formula = TwoTwoFourSat(1, [(1, -1, 1, -1)])
    target = reduction.reduce(formula)
    assert target.problem == "npuz" and reduction.size(formula)["n"] == target.n
    moves = reduction.forward(formula, (True,))
    assert target.verify(moves)
    assert formula.verify(reduction.backward(formula, target, moves))


def test_sparse_board_kernel_agrees_with_plain_moves():
    """The numba runs of S_u / S_d give the same board as the moves one at a time."""
    instance = theorem3.build_instance(TwoTwoFourSat(1, [(1, 1, -1, -1)]), unit=4)
    edge = next(e for e in instance.layout.edges if e.capacity == 2 and len(e.legs) == 2)
    boards = []
    for fast in (True, False):
        board = SparseBoard(instance.layout, instance.numbering.tile, instance.numbering.tiles, instance.b2_leg,
                            blank=instance.numbering.cell(0), final=instance.b2)
        tail = instance.layout.node(edge.tail)
        a = edge.legs[0].heading
        board.blank = (edge.first[0] - a[0], edge.first[1] - a[1])
        board.start_edge(edge)
        if fast:
            board.run_program(edge, edge_program(edge))
        else:
            probe = SparseBoard(instance.layout, instance.numbering.tile, instance.numbering.tiles, instance.b2_leg,
                                blank=board.blank, final=instance.b2)
            probe.start_edge(edge)
            probe.run_program(edge, edge_program(edge))
            board.move_text("".join(expand(probe.segments)))
        boards.append({c: board.get(c) for c in edge.cells()} | {c: board.get(c) for c in tail.cells()})
    assert boards[0] == boards[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_reduce_render_and_theorem3(capsys, tmp_path):
    source = tmp_path / "f.json"
    source.write_text(json.dumps({"problem": "224sat", "version": 1, "num_vars": 2,
                                  "clauses": [[1, 2, -1, -2], [1, 2, -1, -2]]}))
    out = tmp_path / "g.json"
    code, _, err = run(capsys, "reduce", "224sat-to-npuz", str(source), "--unit", "1", "-o", str(out))
    assert code == 0 and "NOT guaranteed" in err and "proven by the paper, not checked" in err
    assert json.loads(out.read_text())["problem"] == "npuz"
    svg = tmp_path / "g.svg"
    code, _, err = run(capsys, "render", str(out), "-o", str(svg))
    assert code == 0, err
    text = svg.read_text()
    assert "TC" in text and "nc2" in text and "n1.1" in text
    one = tmp_path / "f1.json"
    one.write_text(json.dumps({"problem": "224sat", "version": 1, "num_vars": 1, "clauses": [[1, 1, -1, -1]]}))
    code, printed, _ = run(capsys, "reduce", "224sat-to-npuz", str(one))  # the paper's unit: compact
    compact = json.loads(printed)
    assert compact["problem"] == "npuz-compact" and compact["version"] == 1  # what a reader of the format checks
    assert compact["n"] > 10 ** 6 and "warning" not in compact
    code, printed, _ = run(capsys, "puzzle", "theorem3", str(source), "--unit", "1", "--simulate", "--json")
    result = json.loads(printed)
    assert code == 0 and result["read_back_equals_rel"] and result["simulation"]["within_k"]
    assert TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)]).verify(result["simulation"]["backward_assignment"])
    code, _, err = run(capsys, "reduce", "224sat-to-npuz", str(source), "--unit", "0")
    assert code == 2 and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "reduce", "224sat-to-rel", str(source), "--unit", "3")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_read_back_notices_a_wrong_board():
    """The read-back is from the boards: an untouched stripe or a misplaced element shows."""
    formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    instance = theorem3.build_instance(formula, unit=2)
    npuz = instance.to_npuz()
    n = npuz.n
    b1 = {(i // n, i % n): t for i, t in enumerate(npuz.start)}
    b2 = {(i // n, i % n): t for i, t in enumerate(npuz.goal)}
    rel = theorem2.reduce(formula)
    assert theorem3.same_rel(theorem3.read_back(instance, b1.__getitem__, b2.__getitem__), rel)
    zero = next(e for e in instance.layout.edges if e.capacity == 0)
    untouched = dict(b2)
    for cell in zero.cells():
        untouched[cell] = b1[cell]
    with pytest.raises(AssertionError):
        theorem3.read_back(instance, b1.__getitem__, untouched.__getitem__)
    # an element tile left in its diamond: swap it in B2 with a tile of nu_1
    element = dict(instance.element_tiles)["n1.1"]
    goal_cell = next(c for c, t in b2.items() if t == element)
    home = instance.layout.node("nu1").local(4)
    misplaced = dict(b2)
    misplaced[goal_cell], misplaced[home] = b2[home], b2[goal_cell]
    assert not theorem3.same_rel(theorem3.read_back(instance, b1.__getitem__, misplaced.__getitem__), rel)
