"""3-PARTITION, BWP (seed 001, Section 4) and the reduction 3-PARTITION -> BWP."""

import random

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.numbers.three_partition import (ThreePartition, enumerate_instances, covered_instance, planted_instance,
                                       planted_with_certificate, random_instance)
from npw.solvers import Answer, solve


# -- 3-PARTITION ----------------------------------------------------------------------------


def test_three_partition_validation_names_the_problem():
    with pytest.raises(InvalidInstance, match="a_5 = 7 is not strictly between"):
        ThreePartition((4, 4, 4, 4, 4, 7), 13)
    with pytest.raises(InvalidInstance, match="sum to"):
        ThreePartition((4, 4, 4, 4, 4, 4), 13)
    with pytest.raises(InvalidInstance, match="3m numbers"):
        ThreePartition((4, 4), 8)
    p = ThreePartition((2, 2, 3, 2, 2, 3), 7)
    assert ThreePartition.from_dict(p.to_dict()) == p


def test_three_partition_known_answers():
    assert solve(ThreePartition((2, 2, 3, 2, 2, 3), 7), backend="dp").answer is Answer.YES
    for backend in ("dp", "sat", "smt"):
        assert solve(ThreePartition((4, 4, 4, 4, 4, 6), 13), backend=backend).answer is Answer.NO
    assert solve(ThreePartition((2, 2, 3, 2, 2, 3), 7), backend="smt").answer is Answer.YES


def test_enumeration_and_deciders_agree():
    instances = list(enumerate_instances(16))
    assert len(instances) == 38 and all(i.m <= 2 and i.bound <= 16 for i in instances)
    answers = [solve(i, backend="dp").answer for i in instances]
    assert answers == [solve(i, backend="sat").answer for i in instances]
    assert answers.count(Answer.NO) == 3  # (4,4,4,4,4,6)/13 and two more at B = 16


def test_generators():
    rng = random.Random(2)
    for seed in range(30):
        m, bound = rng.randint(1, 4), rng.randint(13, 30)
        assert solve(planted_instance(seed, m, bound), backend="dp").answer is Answer.YES
        instance = random_instance(seed, m, bound)
        assert solve(instance, backend="dp").answer == solve(instance, backend="sat").answer
    assert covered_instance(0, m=4).bound >= 13


def test_planted_triples_are_a_certificate_of_the_same_instance():
    for seed in range(40):
        source, triples = planted_with_certificate(seed, m=1 + seed % 7, bound=13 + seed)
        assert source == planted_instance(seed, m=1 + seed % 7, bound=13 + seed)
        assert source.verify(triples)
    assert not source.verify(triples[:-1])


# -- BWP ------------------------------------------------------------------------------------

from npw.instances.torus.bwp import BWP, enumerate_instances as enumerate_bwp, planted_instance as planted_bwp  # noqa: E402
from npw.instances.torus.bwp import verification_sample as bwp_sample  # noqa: E402
from npw.instances.torus.moves import parse_moves  # noqa: E402


def test_bwp_checker_and_round_trip():
    p = BWP.from_rows(["#..", "..."], ["...", "..#"], 2)
    assert p.verify(parse_moves("R0W1 C2S1")) and p.verify(["R0E2", "C2N1"])
    assert not p.verify(parse_moves("R0W1 C2S1 R1E1"))  # wrong colouring
    assert not BWP.from_rows(["#..", "..."], ["...", "..#"], 1).verify(parse_moves("R0W1 C2S1"))  # too long
    assert BWP.from_dict(p.to_dict()) == p
    assert p.lower_bound() == 2  # row 0 loses one (1 column op), column 0 loses one (1 row op)
    with pytest.raises(InvalidInstance, match="row 1 holds"):
        BWP.from_rows(["#.", "x."], ["..", ".."], 1)


def test_bwp_deciders_agree_on_all_2x2_and_samples():
    for instance in list(enumerate_bwp(2)) + [bwp_sample(s) for s in range(60)]:
        search = solve(instance, backend="search", timeout=10)
        sat = solve(instance, backend="sat", timeout=10)
        assert search.answer == sat.answer != Answer.UNKNOWN


def test_bwp_planted_yes_and_observation_1_no():
    instance = planted_bwp(3, 5, 5, 4)
    assert solve(instance, backend="sat").answer is Answer.YES
    # one black piece must travel to the opposite corner: a row and a column step at least
    far = BWP.from_rows(["#...", "....", "....", "...."], ["....", "....", "....", "...#"], 1)
    assert far.lower_bound() == 2 and solve(far, backend="search").answer is Answer.NO
    assert solve(far, backend="sat").answer is Answer.NO


# -- 3-PARTITION -> BWP ---------------------------------------------------------------------

from npw.reductions.registry import get_reduction  # noqa: E402
from npw.reductions.torus.three_partition_to_bwp import (backward, compact_shortcut, final_columns, forward,  # noqa: E402
                                               reduce, size)
from npw.verify.check import check_case  # noqa: E402


def test_worked_example_of_the_spec():
    source = ThreePartition((2, 2, 3, 2, 2, 3), 7)
    target = reduce(source)
    assert (target.rows, target.cols, target.bound) == (17, 40, 20)
    assert target.size() == size(source) == {"rows": 17, "cols": 40, "black": 17, "bound": 20}
    assert target.lower_bound() == target.bound  # Observation 1 is tight on the construction
    special = target.row_strings(target.goal)[11]  # s = 6m = 12, 1-based
    assert special == "." * 7 + "#" * 17 + "." * 16
    certificate = ((0, 1, 2), (3, 4, 5))
    moves = forward(source, certificate)
    assert target.verify(moves) and len(moves) == 20
    assert source.verify(backward(source, target, moves))
    no = ThreePartition((4, 4, 4, 4, 4, 6), 13)
    assert (reduce(no).rows, reduce(no).cols, reduce(no).bound) == (17, 70, 32)


def test_forward_backward_on_planted_instances_both_layouts():
    for seed in range(8):
        source = planted_instance(seed, m=1 + seed % 3, bound=13 + seed)
        certificate = solve(source, backend="dp").certificate
        for layout in ("padded", "compact"):
            target = reduce(source, layout)
            moves = forward(source, certificate, layout)
            assert target.verify(moves)
            assert source.verify(backward(source, target, moves))


def test_compact_layout_admits_a_shortcut_on_a_no_instance():
    source, target, moves = compact_shortcut()
    assert solve(source, backend="dp").answer is Answer.NO
    assert solve(source, backend="sat").answer is Answer.NO
    assert target.rows == 7 and target.bound == 32 and target.verify(moves)  # target YES: the reduction fails
    groups = backward(source, target, moves)
    assert not source.verify(groups)
    # the row-6 run (element 5) really is split between the blocks: 5 pieces in block 1, 1 in block 2
    blocks = sorted(c // 14 for c in final_columns(source, target, moves)[5])
    assert blocks == [1, 1, 1, 1, 1, 2]
    # the same moves do not solve the padded target (the dropped piece lands in a padding row there)
    assert not reduce(source).verify(moves)


def test_verifier_on_the_smallest_case():
    reduction = get_reduction("3partition-to-bwp")
    case = check_case(reduction, ThreePartition((1, 1, 1), 3), timeout=30)
    assert not case.failures and case.source_answer is Answer.YES and case.target_answer is Answer.YES


def test_renderers(tmp_path):
    from npw.instances.torus.puzzle import TorusPuzzle
    from npw.instances.torus.render import render_bwp, render_torus

    svg = render_bwp(reduce(ThreePartition((2, 2, 3, 2, 2, 3), 7)))
    assert svg.startswith("<svg") and svg.count('fill="black"') == 17 + 17
    svg = render_torus(TorusPuzzle(2, 3, (2, 1, 3, 4, 5, 6)))
    assert svg.count("<rect") == 7 and ">6<" in svg


# -- the tight decider (solvers/torus/bwp/tight.py) -----------------------------------------------

from npw.instances.torus.bwp import strip_instance, tight_instance  # noqa: E402


def test_tight_decider_agrees_on_all_2x2_and_samples():
    for instance in list(enumerate_bwp(3)) + [bwp_sample(s) for s in range(80)]:
        tight = solve(instance, backend="tight", timeout=10)  # solve() checks a YES certificate
        assert tight.answer == solve(instance, backend="search", timeout=10).answer != Answer.UNKNOWN


def test_tight_decider_agrees_with_sat_on_tight_boards():
    answers = []
    for seed in range(60):
        instance = tight_instance(seed) if seed % 2 else strip_instance(seed)
        tight = solve(instance, backend="tight", timeout=10)
        sat = solve(instance, backend="sat", timeout=10)
        assert tight.answer == sat.answer != Answer.UNKNOWN, (seed, instance.to_dict())
        answers.append(tight.answer)
    assert Answer.YES in answers and Answer.NO in answers


def test_tight_decider_on_targets_yes_and_the_compact_shortcut():
    source = ThreePartition((2, 2, 3, 2, 2, 3), 7)
    target = reduce(source)
    result = solve(target, backend="tight", timeout=30)
    assert result.answer is Answer.YES and source.verify(backward(source, target, result.certificate))
    # the compact layout of an odd-block no-"instance" (runs all even, B = 7 odd: no tiling at all):
    # the tight decider finds a compact shortcut by itself, which solve() has checked
    from types import SimpleNamespace
    odd = SimpleNamespace(numbers=(2, 2, 2, 2, 2, 4), m=2, bound=7)
    compact = reduce(odd, "compact")
    assert (compact.rows, compact.cols, compact.bound) == (7, 40, 20)
    assert solve(compact, backend="tight", timeout=60).answer is Answer.YES


def test_tight_decider_padded_odd_blocks_no():
    """The same runs in the padded layout: no solution within k (step 5 of the proof holds)."""
    from types import SimpleNamespace
    odd = SimpleNamespace(numbers=(2, 2, 2, 2, 2, 4), m=2, bound=7)
    result = solve(reduce(odd), backend="tight", timeout=120)
    assert result.answer is Answer.NO and result.stats["lower_bound"] == 20


@pytest.mark.slow
def test_tight_decider_smallest_no_instance_padded():
    """(4,4,4,4,4,6), B = 13: the padded 17 x 70 target (k = 32) is a no-instance; about 10 s."""
    result = solve(reduce(ThreePartition((4, 4, 4, 4, 4, 6), 13)), backend="tight", timeout=120)
    assert result.answer is Answer.NO


# -- packed boards (issue 20, item 7) -------------------------------------------------------

import numpy as np  # noqa: E402

from npw.instances.torus.bwp import cells_array  # noqa: E402
from npw.instances.torus.moves import Move, apply_inplace, apply_to_array  # noqa: E402


def _random_moves(rng: random.Random, rows: int, cols: int, count: int) -> list[Move]:
    moves = []
    for _ in range(count):
        if rng.random() < 0.5:
            moves.append(Move("R", rng.randrange(rows), rng.choice("EW"), rng.randint(1, 2 * cols)))
        else:
            moves.append(Move("C", rng.randrange(cols), rng.choice("NS"), rng.randint(1, 2 * rows)))
    return moves


def test_array_moves_agree_with_the_list_moves():
    rng = random.Random(20)
    for _ in range(40):
        rows, cols = rng.randint(1, 7), rng.randint(1, 9)
        cells = list(range(rows * cols))  # distinct pieces: a wrong rotation cannot hide
        board = np.array(cells).reshape(rows, cols)
        for move in _random_moves(rng, rows, cols, 12):
            apply_inplace(cells, rows, cols, move)
            apply_to_array(board, move)
            assert board.reshape(-1).tolist() == cells, move
    with pytest.raises(InvalidInstance, match="columns 0..2"):
        apply_to_array(np.zeros((2, 3)), Move("C", 3, "S", 1))


def test_boards_are_packed_whatever_sequence_they_are_given_as():
    cells = (1, 0, 0, 1, 1, 0)
    given = [BWP(2, 3, form, form, 0) for form in (cells, list(cells), np.array(cells), np.array(cells, dtype=bool),
                                                     bytes(cells))]
    assert all(p.start == bytes(cells) and p == given[0] and hash(p) == hash(given[0]) for p in given)
    assert given[0].start[3] == 1 and sum(given[0].start) == 3 and list(given[0].goal[1:3]) == [0, 0]
    assert given[0] != BWP(2, 3, cells, (0, 1, 0, 1, 1, 0), 0)
    for bad in ((1, 0, 0, 2, 1, 0), (1, 0, 0, -1, 1, 0), np.array(cells) * 3, bytes([1, 0, 0, 7, 1, 0])):
        with pytest.raises(InvalidInstance, match="start cells must be 0"):
            BWP(2, 3, bad, cells, 0)
    with pytest.raises(InvalidInstance, match="sequence of cells"):
        BWP(2, 3, ("#", 0, 0, 1, 1, 0), cells, 0)
    with pytest.raises(InvalidInstance, match="flat"):
        BWP(2, 3, np.array(cells).reshape(2, 3), cells, 0)
    with pytest.raises(InvalidInstance, match="start has 5 cells"):
        BWP(2, 3, cells[:5], cells, 0)


def test_rows_are_read_and_written_as_before():
    p = BWP.from_rows(["#..#", "...."], [".#..", "..#."], 2)
    assert p.start == bytes((1, 0, 0, 1, 0, 0, 0, 0)) and p.row_strings(p.goal) == [".#..", "..#."]
    assert p.to_dict() == {"problem": "bwp", "version": 1, "bound": 2, "start": ["#..#", "...."],
                           "goal": [".#..", "..#."]}
    assert BWP.from_dict(p.to_dict()) == p and cells_array(p.goal, 2, 4)[1, 2] == 1
    with pytest.raises(InvalidInstance, match=r"goal: row 1 holds 'é'"):
        BWP.from_rows(["#.", ".."], ["..", ".é"], 1)


def test_observation_1_counts_past_a_byte():
    """300 black pieces in a row: the bound must not wrap at 256 as a uint8 sum would."""
    rng = random.Random(5)
    for _ in range(10):
        rows, cols = rng.randint(1, 4), 600
        start = [rng.random() < 0.7 for _ in range(rows * cols)]
        goal = [rng.random() < 0.1 for _ in range(rows * cols)]
        p = BWP(rows, cols, start, goal, 0)
        dr = max(abs(sum(start[r * cols:(r + 1) * cols]) - sum(goal[r * cols:(r + 1) * cols])) for r in range(rows))
        dc = max(abs(sum(start[c::cols]) - sum(goal[c::cols])) for c in range(cols))
        assert p.lower_bound() == dr + dc > 256


def _final_columns_by_labelled_board(source, target, moves):
    """The reference: every cell labelled, the whole board replayed (what final_columns did before)."""
    R, C = target.rows, target.cols
    labels = [-1] * (R * C)
    for i, a in enumerate(source.numbers):
        for c in range(a):
            labels[i * C + c] = i
    for move in moves:
        apply_inplace(labels, R, C, move)
    columns: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        if label >= 0:
            columns.setdefault(label, []).append(cell % C)
    return columns


def test_backward_follows_the_pieces_as_a_labelled_board_would():
    rng = random.Random(7)
    for seed in range(12):
        source = planted_instance(seed, m=1 + seed % 3, bound=13 + seed)
        target = reduce(source, ("padded", "compact")[seed % 2])
        moves = forward(source, solve(source, backend="dp").certificate, ("padded", "compact")[seed % 2])
        # the certificate, then random moves that carry many pieces across rows and columns at once
        for run in (moves, tuple(_random_moves(rng, target.rows, target.cols, 60))):
            assert final_columns(source, target, run) == _final_columns_by_labelled_board(source, target, run)
    with pytest.raises(InvalidInstance, match="rows 0.."):
        final_columns(source, target, (Move("R", target.rows, "E", 1),))


def test_targets_at_scale_are_one_byte_a_cell():
    source, triples = planted_with_certificate(3, m=20, bound=300)
    target = reduce(source)
    assert isinstance(target.start, bytes) and len(target.goal) == target.rows * target.cols == 179 * 41 * 301
    assert target.size() == size(source) and target.lower_bound() == target.bound
    moves = forward(source, triples)
    assert target.verify(moves) and not target.verify(moves[:-1])
    assert source.verify(backward(source, target, moves))
