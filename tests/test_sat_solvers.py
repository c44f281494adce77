"""Deciders of cnf, 1in3sat, 224sat: agreement on every exhaustive case, timeouts, exports."""

import pytest

from npw.instances.sat.cnf import CNF
from npw.instances.sat.cnf import enumerate_instances as enumerate_cnf
from npw.instances.sat.one_in_three_sat import enumerate_instances, positive_instance
from npw.instances.sat.two_two_four_sat import enumerate_instances as enumerate_224
from npw.instances.sat.two_two_four_sat import random_instance as random_224
from npw.solvers import Answer, export, solve
from npw.solvers.encodings import exactly_k


def _agree(instances, backends):
    yes = no = 0
    for instance in instances:
        answers = {b: solve(instance, backend=b).answer for b in backends}
        assert len(set(answers.values())) == 1, (instance, answers)
        yes += answers[backends[0]] is Answer.YES
        no += answers[backends[0]] is Answer.NO
    assert yes and no
    return yes, no


def test_brute_and_sat_agree_on_every_1in3sat_with_3_clauses():
    _agree(enumerate_instances(3), ["brute", "sat"])


def test_all_three_deciders_agree_on_small_exhaustive_cases():
    _agree(enumerate_instances(2), ["brute", "sat", "smt"])
    _agree(enumerate_224(3), ["brute", "sat", "smt"])
    _agree(enumerate_cnf(2), ["brute", "sat", "smt"])


def test_deciders_agree_on_random_224sat():
    _agree([random_224(seed, 1 + seed % 8) for seed in range(150)], ["brute", "sat", "sat:cadical", "sat:g42"])


def test_exactly_k_direct_encoding_counts_positions():
    # (x, x, y) exactly one: x false and y true is the only solution
    from npw.solvers.sat import solve_clauses

    answer, model, _ = solve_clauses(2, exactly_k([1, 1, 2], 1))
    assert answer is Answer.YES and model == (False, True)
    assert solve_clauses(1, exactly_k([1, 1, 1], 2))[0] is Answer.NO


@pytest.mark.parametrize("backend", ["brute", "sat", "sat:cadical", "smt"])
def test_timeout_gives_unknown_never_a_guess(backend):
    hard = positive_instance(3, 400 if backend != "brute" else 200, 0.63)
    result = solve(hard, backend=backend, timeout=0.02)
    assert result.answer in (Answer.UNKNOWN, Answer.NO, Answer.YES)
    if result.answer is Answer.UNKNOWN:
        assert result.certificate is None
    else:  # solved within 20 ms: must then agree with an unbounded SAT run
        assert result.answer == solve(hard, backend="sat").answer
    if backend == "brute":  # 200 variables at the hard ratio cannot be brute-forced in 20 ms
        assert result.answer is Answer.UNKNOWN


def test_yes_results_carry_checked_certificates():
    for instance in list(enumerate_224(2)):
        for backend in ("brute", "sat", "smt"):
            result = solve(instance, backend=backend)
            if result.answer is Answer.YES:
                assert instance.verify(result.certificate)


def test_exports():
    f = CNF(2, [(1, 2), (-1,)])
    assert export(f, "dimacs").splitlines()[-2:] == ["1 2 0", "-1 0"]
    assert "(declare-fun x1 () Bool)" in export(f, "smt2")
    dimacs = export(random_224(1, 4), "dimacs")
    assert CNF.from_dimacs(dimacs).num_vars == 4
