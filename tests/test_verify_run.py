"""npw.verify.run: one verification run from its settings (what ``npw verify`` calls).

The command line only parses and prints; these check what moved behind it: the stream is
built once (the HTML report's size sample comes from the same stream, also after
--fail-fast), the run's identity in a result store is what the command has always stored,
and the parser's default timeout is the verifier's.
"""

from __future__ import annotations

import json

import npw.verify.run as run_module
from npw.cli import main
from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify.cases import source_problem
from npw.verify.html_report import size_sample
from npw.verify.run import (
    SIZE_SAMPLE_CASES, Condition, VerifySettings, case_stream, run_arguments, run_verification,
)
from npw.verify.store import open_store

REDUCTION = "1in3sat-to-224sat"


def test_the_parser_default_timeout_is_the_verifiers():
    from npw.cli import verify as cli_verify

    assert cli_verify.DEFAULT_TIMEOUT == run_module.DEFAULT_TIMEOUT


def test_the_stream_is_built_once_and_the_size_sample_is_its_first_cases(monkeypatch):
    reduction = get_reduction(REDUCTION)
    problem = source_problem(reduction)
    settings = VerifySettings(random=SIZE_SAMPLE_CASES + 20, seed=4, sizes=True)
    built = []

    def counted(*args):
        built.append(args)
        return case_stream(*args)

    monkeypatch.setattr(run_module, "case_stream", counted)
    outcome = run_verification(reduction, settings)
    assert len(built) == 1 and outcome.passed and outcome.report["cases"] == SIZE_SAMPLE_CASES + 20
    expected = size_sample(reduction, case_stream(settings, problem)[0], SIZE_SAMPLE_CASES)
    assert outcome.sizes == expected and len(expected) == SIZE_SAMPLE_CASES


def test_after_fail_fast_the_size_sample_still_reads_on_to_its_length():
    import dataclasses

    reduction = get_reduction(REDUCTION)
    broken = dataclasses.replace(reduction, id="broken", backward=lambda src, tgt, cert: (False,) * src.num_vars)
    settings = VerifySettings(random=40, seed=1, fail_fast=True, sizes=True)
    outcome = run_verification(broken, settings)
    assert not outcome.passed and outcome.report["cases"] < 40
    assert [row["label"] for row in outcome.sizes] == [f"random seed=1 case={i}" for i in range(40)]


def test_where_conditions_and_the_default_stream():
    problem = get_problem("1in3sat")
    cases, total = case_stream(VerifySettings(exhaustive=2, where=(Condition("clauses<=1", "clauses", "<=", 1),)),
                               problem)
    assert total is None and len(list(cases)) == 5
    said: list[str] = []
    outcome = run_verification(get_reduction(REDUCTION), VerifySettings(seed=2), notify=said.append)
    # smallest first: the 164 sources up to two clauses, then the random, planted and certified-no parts
    default = "--exhaustive 2 --random 100 --planted 20 --certified-no 20 --seed 2"
    assert outcome.report["stream"] == default and outcome.report["cases"] == 164 + 100 + 20 + 20
    assert said == [f"verify: no stream given; checking {default}"]


def test_the_run_identity_is_what_the_command_stores(tmp_path, capsys):
    db = str(tmp_path / "runs.sqlite")
    argv = ["verify", REDUCTION, "--random", "30", "--seed", "1", "--where", "clauses>=2", "--db", db, "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    store = open_store(db)
    try:
        (stored,) = store.runs()
    finally:
        store.close()
    settings = VerifySettings(random=30, seed=1, where=(Condition("clauses>=2", "clauses", ">=", 2),))
    assert stored["arguments"] == json.loads(json.dumps(run_arguments(settings)))
    # the same settings through the function resume the command's run: nothing is checked again
    again = run_verification(get_reduction(REDUCTION), VerifySettings(
        random=30, seed=1, where=settings.where, db=db, workers=2))
    assert again.report["resumed"] == first["cases"] == again.report["cases"]
    assert {k: again.report[k] for k in ("source_yes", "source_no", "confusion")} == \
        {k: first[k] for k in ("source_yes", "source_no", "confusion")}
