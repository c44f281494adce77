"""NO answers with proofs (issue 33, part 5): the DRAT checker of :mod:`npw.solvers.proof` on
good proofs from python-sat's solvers and on corrupted ones, ``npw solve --proof`` and
``npw verify --prove-no``."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.reductions.registry import get_reduction
from npw.solvers.proof import (PROOF_SOLVERS, check_drat, encoding_dimacs, parse_drat, prove_no, refute,
                               refute_dimacs)
from npw.verify.check import NO_PROOF, PROOF_CHECK, check_case

NPW = [sys.executable, "-m", "npw"]
NO_SOURCE = OneInThreeSat(3, [(1, 2, 3), (-1, -2, -3)])  # 1-in-3: one true in each, impossible


def dimacs(clauses) -> str:
    num_vars = max(abs(literal) for clause in clauses for literal in clause)
    return f"p cnf {num_vars} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)


def solver_proof(clauses, name: str) -> str:
    with Solver(name=name, bootstrap_with=clauses, with_proof=True) as solver:
        assert solver.solve() is False
        return "".join(line + "\n" for line in solver.get_proof())


def lemma_lines(proof: str) -> list[int]:
    """Indices of the proof's lemma lines (not deletions, not the empty clause)."""
    lines = proof.splitlines()
    return [i for i, line in enumerate(lines) if line.strip() and not line.startswith("d") and line.strip() != "0"]


PHP4 = PHP(4).clauses  # five pigeons, four holes: no resolution proof is short, unit propagation alone fails
PHP4_CNF = dimacs(PHP4)


@pytest.fixture(scope="module")
def php_proofs() -> dict[str, str]:
    return {name: solver_proof(PHP4, name) for name in ("g42", "cd19", "lgl", "mcm")}


# -- good proofs -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PROOF_SOLVERS)
def test_every_proof_solver_gives_proofs_that_check(name):
    check = check_drat(PHP4_CNF, solver_proof(PHP4, name), timeout=120)
    assert check.verdict == "VERIFIED", check.reason
    assert 0 < check.core <= check.lemmas


def test_maplesat_is_left_out_because_its_proofs_do_not_check():
    # docs/proofs.md: python-sat's MapleSAT logs proofs that this checker and drup both reject;
    # if a python-sat release fixes it, it may join PROOF_SOLVERS
    assert "mpl" not in PROOF_SOLVERS
    assert check_drat(PHP4_CNF, solver_proof(PHP4, "mpl"), timeout=120).verdict == "REJECTED"


def test_unit_propagation_alone_does_not_refute_the_pigeonhole_formula():
    # else every corruption below would pass whatever the lemmas say
    assert check_drat(PHP4_CNF, "0\n").verdict == "REJECTED"
    assert check_drat(PHP4_CNF, "").verdict == "REJECTED"


def test_a_formula_with_the_empty_clause_needs_no_lemma():
    assert check_drat("p cnf 1 2\n1 0\n0\n", "").verdict == "VERIFIED"


# -- corrupted proofs ----------------------------------------------------------------------------

def test_dropping_a_needed_lemma_is_rejected(php_proofs):
    proof = php_proofs["g42"]
    lines = proof.splitlines()
    rejected = []
    for index in lemma_lines(proof):
        check = check_drat(PHP4_CNF, "\n".join(lines[:index] + lines[index + 1:]) + "\n")
        if check.verdict == "REJECTED":
            rejected.append(check.reason)
    assert rejected, "no single lemma was needed: the corruption test would prove nothing"
    assert all("RUP" in reason or "no conflict" in reason for reason in rejected)


@pytest.mark.parametrize("name", ["g42", "cd19"])
def test_flipping_a_literal_is_rejected(php_proofs, name):
    lines = php_proofs[name].splitlines()
    verdicts = []
    for index in lemma_lines(php_proofs[name])[-12:]:  # the last lemmas: each is on the way to the empty clause
        literals = lines[index].split()
        flipped = [str(-int(literals[0]))] + literals[1:]
        verdicts.append(check_drat(PHP4_CNF, "\n".join(lines[:index] + [" ".join(flipped)] + lines[index + 1:])
                                   + "\n").verdict)
    assert "REJECTED" in verdicts
    assert set(verdicts) <= {"REJECTED", "VERIFIED"}


def test_a_truncated_proof_is_rejected(php_proofs):
    proof = php_proofs["cd19"]
    lines = proof.splitlines()
    assert check_drat(PHP4_CNF, "\n".join(lines[:len(lines) // 2]) + "\n").verdict == "REJECTED"
    cut = check_drat(PHP4_CNF, proof.rsplit(" 0\n", 1)[0])  # in the last lemma's line: its clause is not ended
    assert cut.verdict == "REJECTED" and "not ended by 0" in cut.reason


def test_an_added_lemma_that_is_neither_rup_nor_rat_is_rejected():
    # the units -x of pigeon 1's holes, then the empty clause: the first unit does not follow
    first_pigeon = PHP4[0]
    bogus = "".join(f"{-literal} 0\n" for literal in first_pigeon) + "0\n"
    check = check_drat(PHP4_CNF, bogus)
    assert check.verdict == "REJECTED"
    assert "neither RUP nor RAT" in check.reason


def test_an_added_bogus_lemma_in_a_good_proof_is_rejected_when_used(php_proofs):
    lines = php_proofs["g42"].splitlines()
    bogus = [f"{-PHP4[0][0]} 0"]  # pigeon 1 not in hole 1: true of some solutions, not a consequence
    check = check_drat(PHP4_CNF, "\n".join(bogus + ["0"]) + "\n")
    assert check.verdict == "REJECTED"


def test_deleting_a_reason_does_not_buy_a_refutation_of_a_satisfiable_formula():
    # x1 or x2, not x2: satisfiable (x1 true). A checker that deletes (1 2) but keeps x1, which
    # (1 2) implied, takes (-1) as RAT and then finds the empty clause (a forward checker on
    # PyPI accepts this); here the deletion of a top-level reason is ignored, as drat-trim does
    check = check_drat("p cnf 2 2\n1 2 0\n-2 0\n", "d 1 2 0\n-1 0\n0\n")
    assert check.verdict == "REJECTED"
    assert check.ignored_deletions == 1


def test_a_refutation_of_a_satisfiable_formula_is_rejected():
    assert check_drat("p cnf 2 2\n1 2 0\n-1 2 0\n", "-2 0\n0\n").verdict == "REJECTED"


def test_malformed_texts():
    assert check_drat(PHP4_CNF, "1 x 0\n").verdict == "REJECTED"
    assert check_drat(PHP4_CNF, "\0\1\2").verdict == "UNKNOWN"  # binary DRAT: not read, not judged
    with pytest.raises(Exception, match="header"):
        refute_dimacs("1 2 0\n")


# -- limits ----------------------------------------------------------------------------------

def test_size_limit_and_deadline_answer_unknown(php_proofs):
    proof = php_proofs["lgl"]
    big = check_drat(PHP4_CNF, proof, max_literals=100)
    assert big.verdict == "UNKNOWN" and "refused" in big.reason
    late = check_drat(PHP4_CNF, proof, timeout=0.0)
    assert late.verdict == "UNKNOWN" and "out of time" in late.reason


def test_a_huge_variable_number_allocates_nothing():
    check = check_drat("p cnf 1 2\n1 0\n-1 0\n", "123456789012 0\n0\n")
    assert check.verdict == "VERIFIED"


def test_parse_drat_reads_deletions_and_comments():
    assert parse_drat("c a comment\n1 -2 0\nd 1 -2 0\n0\n") == [(False, [1, -2]), (True, [1, -2]), (False, [])]


# -- making proofs ----------------------------------------------------------------------------

def test_refute_goes_through_the_dimacs_export():
    target = get_reduction("1in3sat-to-224sat").reduce(NO_SOURCE)
    refutation, check = prove_no(target)
    assert refutation.answer.value == "NO" and check.verified
    assert refutation.dimacs == encoding_dimacs(target)  # what npw solve --emit dimacs writes


def test_refute_of_a_yes_instance_gives_no_proof():
    refutation = refute(OneInThreeSat(3, [(1, 2, 3)]))
    assert refutation.answer.value == "YES" and refutation.proof is None


def test_a_hard_formula_runs_out_of_time_in_a_child():
    refutation = refute_dimacs(dimacs(PHP(9).clauses), timeout=0.5)
    assert refutation.answer.value == "UNKNOWN" and "out of time" in refutation.reason


# -- npw solve --proof --------------------------------------------------------------------------

def npw(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*NPW, *argv], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_solve_proof_writes_a_checked_proof_and_its_cnf(tmp_path):
    (tmp_path / "no.json").write_text(json.dumps(NO_SOURCE.to_dict()))
    assert npw("reduce", "1in3sat-to-224sat", "no.json", "-o", "t.json", cwd=tmp_path).returncode == 0
    done = npw("solve", "t.json", "--proof", "t.drat", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "NO"
    assert "t.drat.cnf" in done.stderr
    cnf, proof = (tmp_path / "t.drat.cnf").read_text(), (tmp_path / "t.drat").read_text()
    assert cnf == npw("solve", "t.json", "--emit", "dimacs", cwd=tmp_path).stdout
    assert check_drat(cnf, proof).verified
    lines = proof.splitlines()  # and the written proof, corrupted, fails
    assert not check_drat(cnf, "\n".join(line for line in lines if line.strip() == "0") + "\n").verified


def test_solve_proof_refuses_a_yes_and_a_non_sat_backend(tmp_path):
    (tmp_path / "yes.json").write_text(json.dumps(OneInThreeSat(3, [(1, 2, 3)]).to_dict()))
    done = npw("solve", "yes.json", "--proof", "y.drat", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout.startswith("YES")
    assert done.stderr.count("\n") == 1 and "only for a NO" in done.stderr
    assert not (tmp_path / "y.drat").exists() and not (tmp_path / "y.drat.cnf").exists()
    (tmp_path / "no.json").write_text(json.dumps(NO_SOURCE.to_dict()))
    done = npw("solve", "no.json", "--proof", "n.drat", "--backend", "brute", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("npw: error:") and "SAT decider" in done.stderr
    done = npw("solve", "no.json", "--proof", "-", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    done = npw("solve", "no.json", "--proof", "n.drat", "--backend", "sat:cd19", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["proof"]["check"] == "VERIFIED"


# -- verify --prove-no --------------------------------------------------------------------------

def test_check_case_proves_a_target_no():
    case = check_case(get_reduction("1in3sat-to-224sat"), NO_SOURCE, prove_no=True)
    assert case.target_answer.value == "NO" and case.failures == []
    assert case.target_no_proved and PROOF_CHECK in case.times
    assert not check_case(get_reduction("1in3sat-to-224sat"), NO_SOURCE).target_no_proved


def test_a_corrupted_proof_fails_the_case(monkeypatch):
    import npw.solvers.proof as proof_module

    real = proof_module.refute

    def corrupted(instance, timeout=None, solver=proof_module.PROOF_SOLVER):
        refutation = real(instance, timeout, solver)
        kept = [line for line in refutation.proof.splitlines() if line.startswith("d") or line.strip() == "0"]
        return dataclasses.replace(refutation, proof="\n".join(kept) + "\n")  # every lemma dropped

    monkeypatch.setattr(proof_module, "refute", corrupted)
    case = check_case(get_reduction("1in3sat-to-224sat"), NO_SOURCE, prove_no=True)
    kinds = [kind for kind, _ in case.failures]
    assert kinds == [NO_PROOF] and not case.target_no_proved
    assert "rejected" in case.failures[0][1]


def test_verify_prove_no_counts_in_the_report():
    from npw.verify.run import VerifySettings, run_arguments, run_verification

    settings = VerifySettings(random=12, seed=3, prove_no=True)
    outcome = run_verification(get_reduction("1in3sat-to-224sat"), settings)
    report = outcome.report
    assert outcome.passed and report["target_no"] > 0
    assert report["target_no_proved"] == report["target_no"]
    assert report["target_no_trusted"] == 0 and report["prove_no"] is True
    assert run_arguments(settings)["prove_no"] is True and "prove_no" not in run_arguments(VerifySettings())
    plain = run_verification(get_reduction("1in3sat-to-224sat"), dataclasses.replace(settings, prove_no=False)).report
    assert plain["target_no_proved"] == 0
    assert plain["target_no_trusted"] == plain["target_no"] - plain["target_no_confirmed"]


def test_verify_prove_no_text_report(tmp_path):
    done = npw("verify", "1in3sat-to-224sat", "--random", "12", "--seed", "3", "--prove-no", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "target NO proved by a checked DRAT proof" in done.stdout


def test_proved_nos_are_counted_again_from_a_result_store(tmp_path):
    from npw.verify.run import VerifySettings, run_verification

    settings = VerifySettings(random=12, seed=3, prove_no=True, db=str(tmp_path / "runs.db"))
    first = run_verification(get_reduction("1in3sat-to-224sat"), settings).report
    again = run_verification(get_reduction("1in3sat-to-224sat"), settings).report  # every case from the store
    assert again["resumed"] == 12 and first["target_no"] > 0
    assert again["target_no_proved"] == first["target_no_proved"] == first["target_no"]


def test_a_used_rat_lemma_that_is_not_rup_is_accepted():
    # (1 2) (1 -2) (-1 3) (-1 -3): unsatisfiable, and unit propagation alone finds nothing. The
    # lemma (4) on a fresh variable is not RUP, but RAT (no clause holds -4); (-4 1) is RUP; the
    # final conflict goes 4, 1, 3 and needs both
    formula = "p cnf 4 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n"
    assert check_drat(formula, "0\n").verdict == "REJECTED"
    check = check_drat(formula, "4 0\n-4 1 0\n0\n")
    assert check.verdict == "VERIFIED" and check.rat == 1 and check.core == 2


def test_a_rat_lemma_is_checked_against_the_clauses_with_its_pivots_negation():
    # satisfiable (x2 true): (-4 -2) is not RUP, and its resolvent with (4) on the pivot -4 is
    # not RUP either, so it is not RAT; a checker that took it would refute the formula
    check = check_drat("p cnf 4 2\n1 2 0\n-1 2 0\n", "4 0\n-4 -2 0\n0\n")
    assert check.verdict == "REJECTED" and "neither RUP nor RAT" in check.reason
