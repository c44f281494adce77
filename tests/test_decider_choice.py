"""Issue 33, part 3: deciders are chosen, budgets are shared. ``npw verify --decider
source=NAME`` / ``target=NAME`` (several, comma-separated, must agree); a decider declared slow
at an instance's size (``Decider.fast``) is skipped up front with the reason and counted, not run
into its timeout, and a NO it would have confirmed rests on the others (confirmed by one, not
two); UNKNOWN cases are counted in the verdict's headline."""

from __future__ import annotations

import dataclasses
import json

import pytest

import npw.verify.check as check_module
from npw.cli import main
from npw.instances.graphs.graph import DominatingSet, VertexCover
from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.solvers.result import Answer
from npw.verify.check import check_case, runnable_deciders
from npw.verify.run import SettingsError, VerifySettings, run_arguments, run_verification

# a 17-vertex graph with 34 edges and cover size 1: a NO, whose dominating-set target has 17 + 34 = 51
# vertices (vertexcover-to-domset adds a vertex per edge), past brute force's declared fast size (40)
EDGES = tuple(sorted({(v, (v + step) % 17) if v < (v + step) % 17 else ((v + step) % 17, v)
                      for v in range(17) for step in (1, 2)}))
NO_SOURCE = VertexCover(17, EDGES, 1)


def test_the_source_graph_makes_a_51_vertex_target():
    assert len(EDGES) == 34
    target = get_reduction("vertexcover-to-domset").reduce(NO_SOURCE)
    assert target.num_vertices == 51


def test_a_slow_decider_is_skipped_up_front_with_its_reason():
    kept, skipped = runnable_deciders(DominatingSet(51, (), 10), ("sat", "brute"))
    assert kept == ["sat"] and skipped == ["brute: skipped: declared slow at this size (vertices 51, edges 0, k 10)"]
    # alone, it still runs: a side must be decided by something
    assert runnable_deciders(DominatingSet(51, (), 10), ("brute",)) == (["brute"], [])
    assert runnable_deciders(DominatingSet(51, (), 10), ("brute",), keep_one=False) == ([], [skipped[0]])
    assert runnable_deciders(DominatingSet(40, (), 10), ("sat", "brute")) == (["sat", "brute"], [])


def test_chosen_target_deciders_skip_the_slow_one_and_the_no_rests_on_the_other():
    case = check_case(get_reduction("vertexcover-to-domset"), NO_SOURCE, target_deciders=("sat", "brute"), timeout=60)
    assert case.target_answer is Answer.NO and not case.failures
    assert "target:brute" not in case.times and case.target_no_by == ["sat:m22"]  # confirmed by one, not two
    assert case.skipped == ["target brute: skipped: declared slow at this size (vertices 51, edges 102, k 1)"]
    assert case.times["case"] < 30  # nothing ran into its timeout


def test_a_confirm_no_decider_beyond_its_size_is_skipped(monkeypatch):
    # a problem whose record names brute force to confirm every target NO (as bwp names phases)
    domset = dataclasses.replace(get_problem("domset"), confirm_no_deciders=("brute",))
    monkeypatch.setattr(check_module, "get_problem", lambda id: domset if id == "domset" else get_problem(id))
    case = check_case(get_reduction("vertexcover-to-domset"), NO_SOURCE, timeout=60)
    assert case.target_answer is Answer.NO and not case.failures and "target:brute" not in case.times
    assert case.target_no_by == ["sat:m22"] and case.skipped[0].startswith("target brute: skipped: ")
    # on a small target the confirming decider runs and the NO is confirmed by two
    small = check_case(get_reduction("vertexcover-to-domset"), VertexCover(4, ((0, 1), (2, 3)), 1),
                       target_deciders=("sat",), timeout=60)
    assert small.target_answer is Answer.NO and small.target_no_by == ["sat:m22", "brute"] and not small.skipped


def test_the_report_counts_skipped_deciders_and_no_confirmed_by_one():
    report = run_verification(get_reduction("vertexcover-to-domset"),
                              VerifySettings(random=3, seed=1, target_deciders=("sat", "brute"))).report
    assert report["skipped_deciders"] == 0  # small targets: both run
    from npw.verify.sweep import verify_reduction

    big = verify_reduction(get_reduction("vertexcover-to-domset"), [("big", NO_SOURCE)],
                           target_deciders=("sat", "brute")).to_json()
    assert big["skipped_deciders"] == 1 and big["target_no"] == 1 and big["target_no_confirmed"] == 0
    assert any("skipped up front" in warning and "brute" in warning for warning in big["warnings"])


def test_settings_carry_the_deciders_into_the_run_and_its_identity():
    settings = VerifySettings(random=2, seed=1, source_deciders=("sat",), target_deciders=("brute", "sat"))
    arguments = run_arguments(settings)
    assert arguments["source_deciders"] == ["sat"] and arguments["target_deciders"] == ["brute", "sat"]
    assert arguments != run_arguments(VerifySettings(random=2, seed=1))
    report = run_verification(get_reduction("3sat-to-indset"), settings).report
    assert report["passed"]
    assert "source:sat" in report["decider_seconds"] and "source:brute" not in report["decider_seconds"]
    assert "target:brute" in report["decider_seconds"] and "target:sat" in report["decider_seconds"]


def test_an_unknown_decider_is_a_settings_error_naming_the_known_ones():
    with pytest.raises(SettingsError, match=r"no decider 'nosuch' for indset \(known: brute, sat\)"):
        run_verification(get_reduction("3sat-to-indset"), VerifySettings(random=1, target_deciders=("nosuch",)))
    with pytest.raises(SettingsError, match="unknown SAT solver"):
        run_verification(get_reduction("3sat-to-indset"), VerifySettings(random=1, source_deciders=("sat:nosuch",)))


@pytest.mark.parametrize("argv, wanted", [
    (["--decider", "target=nosuch"], "known: brute, sat"),
    (["--decider", "middle=sat"], "source=NAME or target=NAME"),
    (["--decider", "target="], "names no decider"),
    (["--decider", "sat"], "source=NAME or target=NAME"),
])
def test_bad_decider_options_are_one_line_and_exit_2(capsys, argv, wanted):
    assert main(["verify", "3sat-to-indset", "--random", "1", "--quiet", *argv]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("npw: error: ") and err.count("\n") == 1 and wanted in err and not out


def test_a_bad_decider_with_no_stream_given_is_still_one_line(capsys):
    assert main(["verify", "3sat-to-indset", "--decider", "source=nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "for 3sat (known: sat, brute, smt)" in err


def test_npw_verify_decider_option_and_unknown_in_the_headline(capsys):
    code = main(["verify", "vertexcover-to-domset", "--random", "5", "--seed", "1", "--quiet",
                 "--decider", "target=sat", "--decider", "target=brute", "--decider", "source=sat"])
    out = capsys.readouterr().out
    headline = out.splitlines()[0]
    assert code == 0 and headline.startswith("vertexcover-to-domset: 5 cases, 0 UNKNOWN")
    assert "brute" in out  # the target NOs are decided by sat and brute, both run on the small targets


def test_unknown_cases_are_counted_in_the_headline_and_the_json(capsys):
    # brute force alone on the chain's 500-900-vertex dominating-set targets, half a second each: the two
    # NO cases stay UNKNOWN (nothing else decides them), no failure
    argv = ["verify", "--via", "3sat-to-indset,indset-to-vertexcover,vertexcover-to-domset", "--random", "2",
            "--seed", "0", "--quiet", "--decider", "target=brute", "--timeout", "0.5"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unknown"] == data["timeouts"] == 2 and data["confusion"] == {"NO->UNKNOWN": 2}
    main(argv)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3sat-to-indset,indset-to-vertexcover,vertexcover-to-domset: 2 cases, 2 UNKNOWN")
    assert lines[-1] == "  PASSED (2 of 2 cases UNKNOWN: not compared)"


def test_cases_undecided_by_a_failure_count_as_unknown_too(capsys):
    # a time bound nothing meets, the reduction's own code included: the target undecided (the source
    # too, unless its decider was loaded already) and the case failing
    main(["verify", "vertexcover-to-domset", "--random", "3", "--seed", "1", "--quiet", "--timeout", "1e-9", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["unknown"] == 3 and all("UNKNOWN" in key for key in data["confusion"]) and not data["passed"]
    assert data["timeouts"] < 3  # the older count leaves out the failing ones
