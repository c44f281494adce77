"""Hamiltonian path and Solo Chess (work in progress): the deciders of each problem agree
on seeded samples, and the registered Hamiltonian path -> Solo Chess reduction verifies."""

from npw.instances import get_problem
from npw.reductions import get_reduction
from npw.solvers import Answer, solve
from npw.verify import exhaustive, random_stream, verify_reduction


def test_hampath_dp_and_sat_agree():
    for pid in ("hampath", "hampath-grid-s", "hampath-st"):
        problem = get_problem(pid)
        answers = set()
        for seed in range(40):
            instance = problem.sample(seed)
            a, b = solve(instance, "dp"), solve(instance, "sat")
            assert a.answer == b.answer, (pid, seed)
            answers.add(a.answer)
        assert Answer.YES in answers


def test_solochess_search_and_sat_agree():
    problem = get_problem("solochess")
    answers = set()
    for seed in range(40):
        instance = problem.sample(seed)
        a, b = solve(instance, "search", timeout=20), solve(instance, "sat", timeout=20)
        if Answer.UNKNOWN not in (a.answer, b.answer):
            assert a.answer == b.answer, seed
            answers.add(a.answer)
    assert answers == {Answer.YES, Answer.NO}


def test_rook_pawn_reduction_verifies_with_both_answers():
    reduction = get_reduction("hampath-to-solochess-rook-pawn")
    source = get_problem(reduction.source)
    for stream in (exhaustive(source, 6), random_stream(source, 15, seed=1)):
        report = verify_reduction(reduction, stream, timeout=10).to_json()
        assert report["passed"] and report["source_yes"] > 0 and report["source_no"] > 0
