"""Issue 33, part 2: every witness. ``backward`` is checked on several distinct target
certificates (``npw verify --witnesses K``, default 4): the decider's, the forward one, and more
enumerated with blocking clauses on the certificate's own variables of a SAT encoding
(:func:`npw.solvers.sat.distinct_certificates`), else other deciders' certificates. A backward map
that works only on the certificate the default decider happens to return is caught by the
default run, and its failure shows the witness."""

from __future__ import annotations

import itertools
import json

import pytest

from npw.api import CNF, Reduction
from npw.cli import main
from npw.instances.graphs.graph import DominatingSet, IndependentSet
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.solvers import distinct_certificates, sample_certificates, solve
from npw.solvers.result import certificate_key
from npw.solvers.sat import SatEncoding, distinct_certificates as distinct_models_decoded, sample_models
from npw.verify.check import BACKWARD, DEFAULT_WITNESSES, check_case, witness_count
from npw.verify.run import VerifySettings, run_arguments, run_verification


def models_by_brute_force(formula: CNF) -> set[tuple[bool, ...]]:
    return {values for values in itertools.product((False, True), repeat=formula.num_vars) if formula.verify(values)}


# -- the helper: blocking clauses make every certificate new -----------------------------------

def test_sat_enumeration_finds_every_model_once():
    formula = CNF(4, [(1, 2), (-1, 3), (2, -4)])
    everything = models_by_brute_force(formula)
    found = sample_certificates(formula, 100, seed=3)
    assert len(found) == len(set(found)) == len(everything)  # no repeat, none missed
    assert set(found) == everything


def test_blocking_is_on_the_shown_variables_so_auxiliaries_never_repeat_a_certificate():
    # x1 or x2, and an auxiliary x3 free: 3 certificates (x1, x2), 6 models
    encoding = SatEncoding(3, [[1, 2]], decode=lambda model: model[:2], shown=(1, 2))
    assert sorted(distinct_models_decoded(encoding, 10, seed=1)) == [(False, True), (True, False), (True, True)]
    assert len(sample_models(3, [[1, 2]], 10, seed=1)) == 6  # every variable shown: every model
    # no projection declared: models decoding alike are skipped, never returned twice
    unprojected = distinct_models_decoded(SatEncoding(3, [[1, 2]], decode=lambda model: model[:2]), 3, seed=1)
    assert len(unprojected) == len({certificate_key(c) for c in unprojected})


def test_known_certificates_are_not_returned_again_whatever_their_sequence_type():
    graph = IndependentSet(4, (), 3)  # any 3 or 4 of 4 vertices: 5 independent sets
    found = distinct_certificates(graph, 10, seed=2, known=[[0, 1, 2]])
    keys = {certificate_key(c) for c in found}
    assert len(keys) == len(found) == 4 and certificate_key((0, 1, 2)) not in keys
    assert all(graph.verify(c) for c in found)


def test_a_dominating_set_target_too_large_for_the_plain_counter_still_gets_its_witnesses_at_once():
    # a path of 300 vertices, k = 110: the plain encoding's counter (300 x 110) is past PLAIN_UP_TO;
    # the decider's grouped encoding enumerates instead
    path = DominatingSet(300, tuple((v, v + 1) for v in range(299)), 110)
    found = sample_certificates(path, 3, seed=1)
    assert len(found) == 3 and all(path.verify(c) for c in found)


def test_without_a_sampler_other_deciders_give_their_certificates():
    from npw.instances.numbers.model import SubsetSum

    subset_sum = SubsetSum((1, 2, 3, 4), 5)  # {1, 4} and {2, 3}: no sampler for subset sum
    first = solve(subset_sum, backend="dp").certificate
    more = distinct_certificates(subset_sum, 3, known=[first], backends=("sat",), timeout=30)
    assert all(subset_sum.verify(c) for c in more)
    assert certificate_key(first) not in {certificate_key(c) for c in more}


# -- the count, and its older name -----------------------------------------------------------

def test_witness_count_and_the_extra_certificates_alias():
    assert DEFAULT_WITNESSES == witness_count() == VerifySettings().witness_count == 4
    assert witness_count(extra_certificates=0) == 2 and VerifySettings(extra_certificates=5).witness_count == 7
    assert VerifySettings(witnesses=9, extra_certificates=0).witness_count == 9  # the new name wins
    # the run's identity in a result store holds the setting: another count, another run
    assert run_arguments(VerifySettings(random=5))["witnesses"] == 4
    assert run_arguments(VerifySettings(random=5, witnesses=6)) != run_arguments(VerifySettings(random=5))


def test_a_yes_case_checks_backward_on_as_many_distinct_witnesses_as_exist_up_to_the_count():
    from npw.reductions.registry import get_reduction

    formula = OneInThreeSat(4, [(1, 2, 3)])  # x4 free: 3 x 2 = 6 solutions, each a target certificate
    reduction = get_reduction("1in3sat-to-224sat")
    assert check_case(reduction, formula, witnesses=6).witnesses == 6
    assert check_case(reduction, formula).witnesses == DEFAULT_WITNESSES
    assert check_case(reduction, formula, extra_certificates=0).witnesses == 2


# -- a backward map that works only on the default decider's witness ---------------------------

def _decider_favourite(cnf: CNF):
    """The certificate the verifier's default target decider (brute force, on these small
    formulas) returns: the one a student tested the extraction on."""
    return solve(cnf, backend="brute").certificate


def _only_for_the_favourite(formula: CNF, cnf: CNF, model):
    if tuple(model) == tuple(_decider_favourite(cnf)):
        return tuple(model)
    # any other witness: the student's shortcut returns an assignment that breaks a clause
    return next(values for values in itertools.product((False, True), repeat=formula.num_vars)
                if not formula.verify(values))


WRONG = Reduction("cnf-to-cnf-favourite-witness", "cnf", "cnf", "issue 33 test: backward right on one witness only",
                  reduce=lambda formula: CNF(formula.num_vars, [tuple(c) for c in formula.clauses]),
                  forward=lambda formula, assignment: tuple(assignment),
                  backward=_only_for_the_favourite)


def test_a_backward_map_right_only_on_the_deciders_witness_passes_on_that_witness_alone():
    # one witness: the decider's certificate (and the forward one, always checked): both the favourite
    outcome = run_verification(WRONG, VerifySettings(random=60, seed=2, witnesses=1))
    assert outcome.passed and outcome.report["target_yes"] > 20


def test_the_default_run_catches_a_backward_map_right_only_on_the_deciders_witness():
    outcome = run_verification(WRONG, VerifySettings(random=60, seed=2))
    report = outcome.report
    assert not outcome.passed and report["certificate_failures"] > 0
    assert report["failure_counts"].get(BACKWARD, 0) == report["certificate_failures"]
    detail = next(d for c in report["counterexamples"] for d in c["details"] if "witness" in d)
    # the witness it failed on is shown, as the tuple of values it is
    assert "backward certificate rejected by the cnf checker (of target witness" in detail
    shown = detail.rsplit("witness ", 1)[1]
    number, witness = shown.split(" ", 1)
    assert int(number) >= 2 and witness.startswith("(") and ("True" in witness or "False" in witness)


RULE_FILE = """
import itertools
from npw.api import CNF, Reduction, solve

def backward(formula, cnf, model):
    if tuple(model) == tuple(solve(cnf, backend="brute").certificate):
        return tuple(model)
    return next(v for v in itertools.product((False, True), repeat=formula.num_vars) if not formula.verify(v))

RULE = Reduction("favourite", "cnf", "cnf", "", reduce=lambda f: CNF(f.num_vars, [tuple(c) for c in f.clauses]),
                 forward=lambda f, a: tuple(a), backward=backward)
"""


def test_npw_verify_witnesses_on_the_command_line(tmp_path, capsys):
    rule = tmp_path / "rule.py"
    rule.write_text(RULE_FILE)
    code = main(["verify", f"{rule}:RULE", "--quiet", "--json"])  # no option: the default stream, 4 witnesses
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["certificate_failures"] > 0 and data["witnesses_checked"] > data["target_yes"]
    code = main(["verify", f"{rule}:RULE", "--random", "40", "--seed", "2", "--quiet", "--json", "--witnesses", "1"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["passed"] and data["witnesses_checked"] == data["target_yes"]
    # the older name: --extra-certificates 0 is --witnesses 2, two distinct witnesses at most per yes-target
    main(["verify", f"{rule}:RULE", "--random", "40", "--seed", "2", "--quiet", "--json", "--extra-certificates", "0"])
    data = json.loads(capsys.readouterr().out)
    assert data["target_yes"] < data["witnesses_checked"] <= 2 * data["target_yes"]
    # both names at once: one line, exit 2
    assert main(["verify", "1in3sat-to-224sat", "--witnesses", "3", "--extra-certificates", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--witnesses" in err
