"""Issue 17, item 2: the phase-model BWP decider agrees with tight, sat and search wherever they finish."""

import pytest

from npw.instances.torus.bwp import (BWP, enumerate_instances, random_instance, strip_instance, tight_instance,
                                     verification_sample)
from npw.solvers import Answer, solve
from npw.solvers.torus.bwp.phases import encode, phase_count


def _agree(instance: BWP, others: tuple[str, ...], timeout: float = 30) -> Answer:
    """The phase decider's answer, after checking every other decider that finished agrees."""
    mine = solve(instance, backend="phases", timeout=timeout)
    for backend in others:
        theirs = solve(instance, backend=backend, timeout=timeout)
        if Answer.UNKNOWN not in (mine.answer, theirs.answer):
            assert mine.answer is theirs.answer, (backend, instance.to_dict())
    return mine.answer


def test_agrees_on_every_2x2_pair():
    answers = {_agree(instance, ("tight", "search")) for instance in enumerate_instances(3)}
    assert answers == {Answer.YES, Answer.NO}


@pytest.mark.parametrize("generator", [tight_instance, strip_instance, verification_sample,
                                       lambda seed: random_instance(seed, 3, 4, 3)])
def test_agrees_on_random_boards_of_both_answers(generator):
    answers = [_agree(generator(seed), ("tight", "sat")) for seed in range(25)]
    assert Answer.YES in answers and Answer.NO in answers


@pytest.mark.parametrize("shape", [(1, 4), (4, 1), (2, 5), (5, 2), (3, 3)])
def test_agrees_on_thin_and_odd_boards(shape):
    answers = [_agree(random_instance(seed, *shape, 3), ("tight", "search")) for seed in range(20)]
    assert Answer.YES in answers and Answer.NO in answers


def test_yes_certificates_are_checked_moves():
    for seed in range(10):
        instance = tight_instance(seed)
        result = solve(instance, backend="phases", timeout=30)
        if result.answer is Answer.YES:
            assert instance.verify(result.certificate)


def test_phase_count_follows_observation_1():
    instance = BWP.from_rows(["##..", "....", "...."], ["....", "....", "##.."], 3)
    # rows: +-2, columns: 0; so at least 2 column moves, at most 1 row move: 2 phase pairs
    assert phase_count(instance) == 2 and len(encode(instance).phases) == 4
    assert phase_count(BWP(instance.rows, instance.cols, instance.start, instance.goal, 1)) is None


# -- the verifier: a target NO is confirmed by the problem's confirm_no_deciders ----------------

from npw.instances import get_problem  # noqa: E402
from npw.instances.numbers.three_partition import ThreePartition  # noqa: E402
from npw.reductions.base import Reduction  # noqa: E402
from npw.reductions.registry import get_reduction  # noqa: E402
from npw.verify.check import check_case  # noqa: E402

IDENTITY = Reduction("bwp-identity", "bwp", "bwp", "test", lambda x: x, lambda x, cert: cert,
                     lambda x, y, cert: cert)


def test_bwp_declares_phases_as_its_no_confirmer():
    assert get_problem("bwp").confirm_no_deciders == ("phases",)


def test_target_no_is_decided_by_two_deciders_and_yes_by_one():
    no = BWP.from_rows(["##..", "....", "...."], ["....", "....", "#.#."], 2)
    case = check_case(IDENTITY, no, timeout=30)
    assert case.target_answer is Answer.NO and not case.failures
    assert case.target_no_by == ["tight", "phases:m22"]
    assert "target:phases" in case.times
    yes = BWP.from_rows(["##..", "....", "...."], ["....", "....", "##.."], 2)
    case = check_case(IDENTITY, yes, timeout=30)
    assert case.target_answer is Answer.YES and case.target_no_by == [] and "target:phases" not in case.times


def test_a_wrong_no_is_caught_by_the_confirming_decider(monkeypatch):
    from npw.solvers import registry
    from npw.solvers.result import Result

    def always_no(instance, timeout=None):  # a broken first decider
        return Result(Answer.NO, None, "always-no")

    monkeypatch.setitem(registry._RUNTIME["deciders"], ("bwp", "tight"), always_no)
    yes = BWP.from_rows(["##..", "....", "...."], ["....", "....", "##.."], 2)
    case = check_case(IDENTITY, yes, source_deciders=("sat",), timeout=30)
    assert case.target_answer is not Answer.NO and case.target_no_by == []
    assert [kind for kind, _ in case.failures] == ["decider-disagreement"]
    assert "always-no=NO" in case.failures[0][1] and "phases:m22=YES" in case.failures[0][1]


@pytest.mark.slow
def test_smallest_padded_no_target_is_confirmed():
    """(4,4,4,4,4,6), B = 13: the 17 x 70 target, k = 32; tight about 3 s, phases about 20 s."""
    case = check_case(get_reduction("3partition-to-bwp"), ThreePartition((4, 4, 4, 4, 4, 6), 13), timeout=120)
    assert case.target_answer is Answer.NO and not case.failures
    assert case.target_no_by == ["tight", "phases:m22"]


def test_report_counts_the_confirmed_target_nos(capsys):
    from npw.cli.verify import _print_report
    from npw.verify import verify_reduction

    no = BWP.from_rows(["##..", "....", "...."], ["....", "....", "#.#."], 2)
    yes = BWP.from_rows(["##..", "....", "...."], ["....", "....", "##.."], 2)
    report = verify_reduction(IDENTITY, [("no", no), ("yes", yes), ("no again", no)], timeout=30).to_json()
    assert report["target_no"] == 2 and report["target_no_confirmed"] == 2
    assert report["target_no_deciders"] == {"tight+phases:m22": 2}
    _print_report(report)
    assert "target NO decided by two deciders that agree: 2 of 2 (tight+phases:m22 2)" in capsys.readouterr().out


def test_a_resumed_run_keeps_the_confirmations_and_the_stuck_deciders():
    from types import SimpleNamespace

    from npw.reductions.torus.three_partition_to_bwp import reduce
    from npw.verify import verify_reduction
    from npw.verify.store import ResultStore

    no = BWP.from_rows(["##..", "....", "...."], ["....", "....", "#.#."], 2)
    hard = reduce(SimpleNamespace(numbers=(2, 2, 2, 2, 2, 4), m=2, bound=7))  # tight needs about a second
    cases = [("no", no), ("hard", hard)]
    store = ResultStore(":memory:")
    run = store.run_id(IDENTITY.id, {"test": 1}, "0" * 64, "test")
    first = verify_reduction(IDENTITY, cases, store=store, run=run, timeout=0.05, source_deciders=("tight",)).to_json()
    again = verify_reduction(IDENTITY, cases, store=store, run=run, timeout=0.05, source_deciders=("tight",))
    assert again.summary.resumed == 2
    resumed = again.to_json()
    assert first["target_no_deciders"] == resumed["target_no_deciders"] == {"tight+phases:m22": 1}
    assert first["stuck_deciders"] == resumed["stuck_deciders"] >= 2  # the hard board's source and target
    assert first["stuck_examples"] == resumed["stuck_examples"]


def test_a_board_too_large_for_the_model_is_refused_before_it_is_built(monkeypatch):
    monkeypatch.setenv("NPW_ENCODING_LIMIT", "1000")
    # 5 x 5, k = 4, Observation 1 bound 2: 4 phase pairs, about 2,000 shift clauses
    instance = BWP.from_rows(["#....", ".....", ".....", ".....", "....."],
                             [".....", ".....", ".....", ".....", "....#"], 4)
    result = solve(instance, backend="phases", timeout=30)
    assert result.answer is Answer.UNKNOWN and "the BWP phase model" in result.stats["refused"]
