"""The verifier's inner loop made faster (issue 20, item 5) gives the same results as before.

"Before" is computed here from the old code path, kept as the reference: the clause-by-clause
exactly-k encoding (``encodings.exactly_k``) and a SAT search without a deadline (no
propagation budget first). Each guard compares the fast path with it on the same inputs:
the same clauses in the same order, the same models and sampled certificates, and the same
verification report (every count, every claim count) on a fixed seed.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import npw.solvers.encodings as encodings
import npw.solvers.sat as sat
from npw.instances.registry import get_problem
from npw.instances.sat.one_in_three_sat import enumerate_instances, positive_instance, verification_sample
from npw.instances.sat.two_two_four_sat import enumerate_instances as enumerate_224
from npw.instances.time_bound import CallTimeout, bounded_calls, time_bound
from npw.reductions.registry import get_reduction
from npw.solvers import solve
from npw.solvers.result import Answer
from npw.verify import random_stream, verify_reduction

REDUCTION = get_reduction("1in3sat-to-224sat")
TIMINGS = ("seconds", "cases_per_second", "slowest_case", "decider_seconds")


def _clause_by_clause(clauses: np.ndarray, k: int) -> list[tuple[int, ...]]:
    """The old encoding: exactly_k on every row, concatenated."""
    return [clause for row in clauses.tolist() for clause in encodings.exactly_k(row, k)]


def _as_tuples(clauses) -> list[tuple[int, ...]]:
    return [tuple(clause) for clause in clauses]


def _cases(count: int = 300):
    sources = [verification_sample(seed) for seed in range(count)]
    return sources, [REDUCTION.reduce(source) for source in sources]


@pytest.fixture(params=["numpy", "kept"])
def path(request, monkeypatch):
    """exactly_k_rows both ways: numpy for every array, or clause by clause (kept) for small ones."""
    monkeypatch.setattr(encodings, "FEW_ROWS", 0 if request.param == "numpy" else 10**6)
    return request.param


def test_rows_encode_as_clause_by_clause_on_the_problems_instances(path):
    sources, targets = _cases()
    instances = itertools.chain(enumerate_instances(2), enumerate_224(3), sources, targets)
    checked = 0
    for instance in instances:
        expected = _clause_by_clause(instance.clauses, instance.TRUE_PER_CLAUSE)
        assert _as_tuples(encodings.exactly_k_rows(instance.clauses, instance.TRUE_PER_CLAUSE)) == expected
        checked += 1
    assert checked > 700
    # the targets hold complementary pairs (z, ~z): shapes whose encoding simplifies
    assert any(len(encodings.exactly_k_rows(t.clauses, 2)) < 8 * t.num_clauses for t in targets)


@pytest.mark.parametrize("width", [1, 2, 3, 4, 5, 6, 9])
def test_rows_encode_as_clause_by_clause_with_repeats_and_complements(width, path):
    # few variables, so rows repeat literals and hold complementary pairs; k outside 0..width too
    rng = np.random.default_rng(width)
    for k in range(-1, width + 2):
        for _ in range(40):
            rows = rng.integers(1, 4, size=(int(rng.integers(0, 7)), width)) * rng.choice([-1, 1], size=(1, width))
            assert _as_tuples(encodings.exactly_k_rows(rows, k)) == _clause_by_clause(rows, k), (rows, k)


def test_the_sat_decider_finds_the_same_models_and_samples_as_before():
    sources, targets = _cases(150)
    yes = 0
    for instance in itertools.chain(sources, targets):
        reference = _clause_by_clause(instance.clauses, instance.TRUE_PER_CLAUSE)
        before = sat.solve_clauses(instance.num_vars, reference)  # no deadline: a plain search
        after = solve(instance, backend="sat", timeout=60)  # the deadline path, budget first
        assert after.answer is before[0] and after.certificate == before[1]
        if after.answer is Answer.YES:
            yes += 1
            assert sat.sample_certificates(instance, 2, seed=yes) == sat.sample_models(
                instance.num_vars, reference, 2, seed=yes)
    assert yes > 100


def test_a_search_past_the_budget_still_stops_at_the_deadline(monkeypatch):
    monkeypatch.setattr(sat, "QUICK_PROPAGATIONS", 10)  # so the timer-bounded search runs
    hard = positive_instance(3, 3000, 0.63)
    # 1 s, not less: the encoding (tens of milliseconds alone) must finish on a loaded machine too,
    # so that the deadline is met while solving, which is what this test is about
    result = solve(hard, backend="sat", timeout=1.0)
    assert result.answer is Answer.UNKNOWN and result.stats["timed_out_while"] == "solving"
    assert result.stats["encode_seconds"] < 0.9 <= result.stats["time"] < 5.0
    small = solve(positive_instance(1, 30, 0.5), backend="sat", timeout=30)
    assert small.answer is solve(positive_instance(1, 30, 0.5), backend="brute").answer


def test_the_report_is_the_same_as_with_the_old_encoding(monkeypatch):
    def report():
        stream = random_stream(get_problem("1in3sat"), 200, seed=5)
        data = verify_reduction(REDUCTION, stream, timeout=60).to_json()
        return {key: value for key, value in data.items() if key not in TIMINGS}

    after = report()
    monkeypatch.setattr(encodings, "exactly_k_rows", _clause_by_clause)
    monkeypatch.setattr(sat, "QUICK_PROPAGATIONS", -1)  # no budget: the search the timer path ran
    before = report()
    assert after == before
    assert after["passed"] and after["source_yes"] and after["source_no"]
    assert sum(claim["passed"] for claim in after["claims"]) > 1000


def test_the_encoding_of_the_last_instance_is_kept_for_that_instance_only():
    first, second = verification_sample(1), verification_sample(2)
    kept = encodings.cnf_of(first)[1]
    assert encodings.cnf_of(first)[1] is kept
    assert encodings.cnf_of(second)[1] is not kept
    equal_but_another = type(first)(first.num_vars, first.clauses.copy())
    assert encodings.cnf_of(equal_but_another)[1] == kept


def test_bounds_inside_one_handler_still_stop_and_nest():
    with bounded_calls():
        with time_bound(0.05), pytest.raises(CallTimeout, match="0.05 s"):
            while True:
                pass
        with time_bound(5.0):
            with time_bound(0.05), pytest.raises(CallTimeout, match="0.05 s"):
                while True:
                    pass
        with time_bound(0.05), pytest.raises(CallTimeout, match="0.05 s"):
            with time_bound(5.0):  # an inner bound longer than the outer one: the outer stops it
                while True:
                    pass


def test_a_timer_running_before_keeps_its_handler_and_what_it_had_left():
    # e.g. the fuzz worker's own timer around an in-process `npw verify` (tests/fuzz_corpus.py)
    import signal
    import time

    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *_: fired.append(True))
    try:
        signal.setitimer(signal.ITIMER_REAL, 5.0)  # longer than the bound below: put back after it
        with bounded_calls():
            with time_bound(0.05), pytest.raises(CallTimeout):
                while True:
                    pass
        assert 4.0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 5.0 and not fired
        signal.setitimer(signal.ITIMER_REAL, 0.2)  # shorter than the bounds: its own handler runs
        with bounded_calls(), time_bound(60.0):
            time.sleep(0.5)
        assert fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_bound_whose_timer_goes_off_before_its_block_leaves_nothing_behind():
    """``time_bound(1e-9)``: the timer can go off inside ``__enter__``, before the block, where no
    ``__exit__`` follows. It once stayed running (every later bound ended at once: "ran past the
    time bound of 1e-09 s") with its handler installed (a later restore let a pending timer kill
    the test run with SIGALRM, "Alarm clock")."""
    import signal

    from npw.instances import time_bound as module
    from npw.instances.time_bound import CallTimeout, bounded_calls, time_bound

    before = signal.getsignal(signal.SIGALRM)
    for _ in range(200):
        try:
            with time_bound(1e-9):
                for _ in range(10_000):
                    pass
        except CallTimeout:
            pass
        with bounded_calls():
            try:
                with time_bound(1e-9):
                    for _ in range(10_000):
                        pass
            except CallTimeout:
                pass
    assert module._running == [] and signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with time_bound(5):  # a later bound has its own time
        sum(range(1000))
