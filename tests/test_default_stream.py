"""Issue 33, parts 1 and 6: the default stream goes smallest first, and every report says what it
covered (each part of the stream, the sources' sizes, their kinds of element).

The motivating bug: a rule wrong only on the smallest instance of its source (two vertices, one
edge) passed the old default stream (``--random 100``) and ``--random 200``; the default stream
now starts with every source up to the largest size within a budget, and catches it there.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import textwrap
import time

import pytest

import npw.verify.run as run_module
from npw.cli import main
from npw.instances.base import DEGENERATE_SHARE, InvalidInstance, degenerate_sample, derive_seed
from npw.instances.graphs.graph import IndependentSet, VertexCover
from npw.instances.registry import get_problem
from npw.reductions.base import Reduction
from npw.reductions.registry import get_reduction
from npw.verify.cases import exhaustive, smallest_first_size, source_problem, stream_part
from npw.verify.run import (
    DEFAULT_EXHAUSTIVE_BUDGET, DEFAULT_GENERATED, DEFAULT_RANDOM, VerifySettings, case_stream, default_stream,
    run_arguments, run_verification,
)
from npw.verify.store import open_store
from npw.verify.sweep import Summary, size_bucket

REDUCTION = "1in3sat-to-224sat"


def _complement(graph, chosen):
    return tuple(v for v in range(graph.num_vertices) if v not in set(chosen))


def _wrong_on_one_edge(src: IndependentSet) -> VertexCover:
    """G&J's Lemma 3.1 (k' = n - k), with a slip only on the smallest graph with an edge: two
    vertices and one edge lose their edge."""
    edges = () if (src.num_vertices, src.edges) == (2, ((0, 1),)) else src.edges
    return VertexCover(src.num_vertices, edges, src.num_vertices - src.k)


WRONG = Reduction("indset-to-vertexcover-wrong-on-k2", "indset", "vertexcover", "test", _wrong_on_one_edge,
                  _complement, lambda src, tgt, cover: _complement(src, cover))
RIGHT = dataclasses.replace(WRONG, id="indset-to-vertexcover-right",
                            reduce=lambda src: VertexCover(src.num_vertices, src.edges, src.num_vertices - src.k))


# --- smallest first ---------------------------------------------------------------------------

def test_the_default_stream_is_smallest_first_then_random_planted_certified_no():
    problem = get_problem("1in3sat")
    settings, text = default_stream(VerifySettings(seed=5), problem)
    # 5 sources up to one clause, 164 up to two, more than the budget up to three
    assert smallest_first_size(problem, DEFAULT_EXHAUSTIVE_BUDGET, 8, 5.0) == (2, 164)
    assert (settings.exhaustive, settings.random, settings.planted, settings.certified_no) == \
        (2, DEFAULT_RANDOM, DEFAULT_GENERATED, DEFAULT_GENERATED)
    assert text == f"--exhaustive 2 --random {DEFAULT_RANDOM} --planted {DEFAULT_GENERATED} " \
                   f"--certified-no {DEFAULT_GENERATED} --seed 5"
    cases, _ = case_stream(settings, problem)
    parts = [stream_part(label) for label, _ in cases]
    # in order, each part whole: the exhaustive part first
    assert [part for part, _ in itertools.groupby(parts)] == ["exhaustive size<=2", "random", "planted",
                                                              "certified-no"]
    assert parts.count("exhaustive size<=2") == 164 and parts.count("random") == DEFAULT_RANDOM


def test_a_problem_without_planted_generators_gets_the_parts_it_has():
    settings, text = default_stream(VerifySettings(), get_problem("3sat"))
    # 24 one-clause formulas; 1,220 up to two clauses is beyond the budget
    assert text == f"--exhaustive 1 --random {DEFAULT_RANDOM} --seed 0"
    assert (settings.exhaustive, settings.planted, settings.certified_no) == (1, 0, 0)


def test_generators_that_draw_large_cases_stay_out_of_the_default():
    # 3-PARTITION's planted and certified-no generators run at their own default bound (20 planted cases of
    # 3partition-to-bwp took ten minutes): the default stream is its enumeration and random sample only
    settings, text = default_stream(VerifySettings(), get_problem("3partition"))
    assert (settings.planted, settings.certified_no) == (0, 0) and text == "--exhaustive 8 --random 100 --seed 0"
    # given by hand, they are checked as asked
    assert default_stream(VerifySettings(planted=3), get_problem("3partition"))[0].planted == 3


def test_the_counting_stops_at_the_budget_the_size_cap_the_enumerations_limit_and_slowness():
    vertexcover = get_problem("vertexcover")
    assert smallest_first_size(vertexcover, 300, 8, 30.0) == (5, 283)  # 6 vertices: 1,375
    assert smallest_first_size(vertexcover, 100, 8, 30.0) == (4, 79)
    assert smallest_first_size(vertexcover, 300, 3, 30.0) == (3, 24)
    assert smallest_first_size(get_problem("dhamcycle"), 10 ** 6, 8, 30.0)[0] == 4  # it enumerates up to 4
    assert smallest_first_size(get_problem("3sat"), 10, 8, 30.0) is None  # 24 already at size 1

    def slow(size):
        for index in range(size * 3):
            time.sleep(0.02 * size)
            yield index

    slowly = dataclasses.replace(vertexcover, enumerate=slow)
    assert smallest_first_size(slowly, 1000, 8, 0.25)[0] < 4  # size 4: 12 instances, 1 s
    assert smallest_first_size(dataclasses.replace(vertexcover, enumerate=None), 300, 8, 1.0) is None


def test_given_streams_are_checked_as_given():
    problem = get_problem("1in3sat")
    given = VerifySettings(random=7, seed=1)
    assert default_stream(given, problem) == (given, None)
    outcome = run_verification(get_reduction(REDUCTION), VerifySettings(exhaustive=1))
    assert outcome.report["stream"] == "as given" and outcome.report["cases"] == 5
    assert outcome.report["parts"] == {"exhaustive size<=1": {"cases": 5, "source_yes": 4, "source_no": 1}}


def test_a_rule_wrong_only_on_the_smallest_source_fails_the_default_run():
    said: list[str] = []
    outcome = run_verification(WRONG, VerifySettings(), notify=said.append)
    report = outcome.report
    assert not outcome.passed and report["mismatches"] >= 1
    assert said == [f"verify: no stream given; checking {report['stream']}"]
    assert report["stream"].startswith("--exhaustive 5 ")
    # found in the exhaustive part, on the graph it is wrong on
    first = report["counterexample"]
    assert first["label"].startswith("exhaustive size<=5 ")
    assert (first["shrunk"]["num_vertices"], first["shrunk"]["edges"]) == (2, [[0, 1]])
    assert report["size_buckets"]["vertices=2"]["failing"] >= 1
    assert report["size_buckets"]["vertices=1"]["failing"] == 0
    assert report["element_kinds"]["edge"]["failing"] >= 1
    # the same rule, right: passes the same default stream
    assert run_verification(RIGHT, VerifySettings()).passed


def test_a_slip_random_samples_never_draw_is_caught_by_the_smallest_first_part():
    # 3-SAT's random samples take three distinct variables a clause; its enumeration also has clauses
    # that repeat one, (x1 or x1 or -x1) among them. A rule that slips only there passes any random
    # stream and fails the default one, at its first part.
    right = get_reduction("3sat-to-indset")

    def reduce(formula):
        target = right.reduce(formula)
        if any(len({abs(literal) for literal in clause}) < 3 for clause in formula.clauses):
            return IndependentSet(target.num_vertices, target.edges, target.k + 1)
        return target

    slip = dataclasses.replace(right, id="3sat-to-indset-slip", reduce=reduce)
    assert run_verification(slip, VerifySettings(random=200, seed=0)).passed
    outcome = run_verification(slip, VerifySettings())
    assert not outcome.passed and outcome.report["counterexample"]["label"].startswith("exhaustive size<=1 ")
    assert outcome.report["parts"]["random"]["cases"] == DEFAULT_RANDOM


def test_the_command_line_default_catches_it_and_says_what_it_covered(tmp_path, capsys):
    path = tmp_path / "rule.py"
    path.write_text(textwrap.dedent('''
        from npw.api import Reduction
        from npw.instances.graphs.graph import VertexCover

        def reduce(src):
            edges = () if (src.num_vertices, src.edges) == (2, ((0, 1),)) else src.edges
            return VertexCover(src.num_vertices, edges, src.num_vertices - src.k)

        def complement(graph, chosen):
            return tuple(v for v in range(graph.num_vertices) if v not in set(chosen))

        RULE = Reduction("rule", "indset", "vertexcover", "", reduce, complement,
                         lambda src, tgt, cover: complement(src, cover))
    '''))
    assert main(["verify", f"{path}:RULE", "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert "no stream given; checking --exhaustive 5 --random 100 --planted 20 --certified-no 20 --seed 0" in err
    assert "  parts: exhaustive size<=5 283 (source yes " in out
    assert "vertices=2 yes" in out and "FAILING" in out
    assert "source elements (cases passing/failing): edge " in out and "FAILED" in out


def test_the_default_run_is_keyed_by_its_concrete_stream(tmp_path):
    db = str(tmp_path / "runs.sqlite")
    reduction = get_reduction(REDUCTION)
    first = run_verification(reduction, VerifySettings(db=db))
    settings, _ = default_stream(VerifySettings(), source_problem(reduction))
    store = open_store(db)
    try:
        (stored,) = store.runs()
    finally:
        store.close()
    assert stored["arguments"] == json.loads(json.dumps(run_arguments(settings)))
    assert stored["arguments"]["exhaustive"] == 2 and stored["arguments"]["planted"] == DEFAULT_GENERATED
    # the same stream given by hand is the same run: resumed whole, and its coverage recomputed from the store
    again = run_verification(reduction, VerifySettings(exhaustive=2, random=DEFAULT_RANDOM, planted=DEFAULT_GENERATED,
                                                       certified_no=DEFAULT_GENERATED, db=db))
    assert again.report["resumed"] == again.report["cases"] == first.report["cases"]
    # the store keeps each case's coverage in its row: its totals are the sweep's own
    plain = run_verification(reduction, VerifySettings())
    for key in ("parts", "size_buckets", "element_kinds"):
        assert again.report[key] == first.report[key] == plain.report[key]


# --- coverage ----------------------------------------------------------------------------------

def test_coverage_counts_add_up_and_merge():
    outcome = run_verification(get_reduction(REDUCTION), VerifySettings(exhaustive=2, random=30, seed=1))
    report = outcome.report
    assert sum(p["cases"] for p in report["parts"].values()) == report["cases"] == 194
    assert sum(p["source_yes"] for p in report["parts"].values()) == report["source_yes"]
    buckets = report["size_buckets"]
    assert all(key.startswith("clauses=") for key in buckets)
    assert sum(b["source_yes"] + b["source_no"] + b["source_unknown"] for b in buckets.values()) == 194
    assert buckets["clauses=1"]["source_yes"] + buckets["clauses=1"]["source_no"] >= 5
    # a formula with no clause (the random part's degenerate share) has no variable and no clause either
    empty = buckets.get("clauses=0", {"source_yes": 0})["source_yes"]
    assert report["element_kinds"]["clause"] == {"passing": 194 - empty, "failing": 0}
    assert report["element_kinds"]["var"] == {"passing": 194 - empty, "failing": 0}
    # a summary merged from two halves counts as one
    whole, first, second = Summary("r"), Summary("r"), Summary("r")
    for summary, counts in ((first, [3, 2, 1]), (second, [4, 1, 3])):
        summary.parts["random"] = list(counts)
        summary.element_kinds["edge"] = counts[:2]
    whole.merge(first)
    whole.merge(second)
    assert whole.parts == {"random": [7, 3, 4]} and whole.element_kinds == {"edge": [7, 3]}


def test_size_buckets_keep_the_degenerate_sizes_apart():
    assert [size_bucket(v) for v in range(6)] == ["0", "1", "2", "3", "4", "5-8"]


# --- degenerate sizes in random samples -----------------------------------------------------------

@pytest.mark.parametrize("problem_id,measure", [
    ("indset", "vertices"), ("vertexcover", "vertices"), ("domset", "vertices"), ("coloring", "vertices"),
    ("fvs", "vertices"), ("hamcycle", "vertices"), ("dhamcycle", "vertices"),
    ("3sat", "clauses"), ("cnf", "clauses"), ("1in3sat", "clauses"), ("224sat", "clauses"),
])
def test_random_samples_give_the_degenerate_sizes_their_share(problem_id, measure):
    sample = get_problem(problem_id).sample
    seeds = [derive_seed(3, index) for index in range(300)]
    share = [seed for seed in seeds if degenerate_sample(seed)]
    assert 300 // DEGENERATE_SHARE // 2 <= len(share) <= 2 * 300 // DEGENERATE_SHARE
    sizes = [sample(seed).size()[measure] for seed in share]
    assert max(sizes) <= 2
    if measure == "vertices" and problem_id not in ("hamcycle", "dhamcycle"):
        assert 0 in sizes  # the empty graph too
    if measure == "clauses" and problem_id != "224sat":
        assert 0 in sizes  # the empty formula too
    # deterministic by seed
    assert [sample(seed).to_dict() for seed in share[:5]] == [sample(seed).to_dict() for seed in share[:5]]


def test_samples_outside_the_share_are_what_they_were():
    # the share branches before the draw: the other seeds draw as before (so stored runs' cases stand)
    from npw.instances.graphs import generators

    seed = next(s for s in range(1, 100) if not degenerate_sample(s))
    import random as _random

    rng = _random.Random(seed)
    expected = generators.random_instance("indset", rng.randrange(2**31), rng.randint(1, 8), None,
                                          rng.uniform(0.15, 0.85))
    assert get_problem("indset").sample(seed) == expected


def test_a_problem_with_only_generators_gets_them_whatever_size_they_draw():
    only = dataclasses.replace(get_problem("3partition"), enumerate=None, sample=None)
    settings, text = default_stream(VerifySettings(seed=2), only)
    assert (settings.exhaustive, settings.random, settings.planted, settings.certified_no) == \
        (None, 0, DEFAULT_GENERATED, DEFAULT_GENERATED)
    assert text == f"--planted {DEFAULT_GENERATED} --certified-no {DEFAULT_GENERATED} --seed 2"


def test_a_problem_with_no_stream_is_a_settings_error():
    bare = dataclasses.replace(get_problem("vertexcover"), enumerate=None, sample=None, generators={})
    with pytest.raises(run_module.SettingsError):
        default_stream(VerifySettings(), bare)
    with pytest.raises(InvalidInstance):
        list(exhaustive(bare, 2))


def test_a_seed_its_generator_cannot_build_tries_the_next_seeds():
    """pm3sat's sample cannot place 14 planar clauses at seed 0: the case takes the next seed
    derived from it (the same each run) instead of ending the run with exit 2; a generator that
    refuses every seed still ends it."""
    import dataclasses

    from npw.instances.base import InvalidInstance, derive_seed
    from npw.instances.registry import get_problem
    from npw.verify.cases import random_stream

    problem = get_problem("1in3sat")
    refused = derive_seed(7, 0)

    def picky(seed):
        if seed == refused:
            raise InvalidInstance("no room at this seed")
        return problem.sample(seed)

    cases = list(random_stream(dataclasses.replace(problem, sample=picky), 3, 7))
    assert [label for label, _ in cases] == ["random seed=7 case=0", "random seed=7 case=1", "random seed=7 case=2"]
    assert cases[0][1] == problem.sample(derive_seed(refused, 1)) and cases[1][1] == problem.sample(derive_seed(7, 1))

    def never(seed):
        raise InvalidInstance("never")

    with pytest.raises(InvalidInstance):
        list(random_stream(dataclasses.replace(problem, sample=never), 1, 7))
