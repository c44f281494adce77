"""``npw hardness`` and its engine npw.hardness: effort keys, fraction decided with UNKNOWN,
the growth fit, the store, the chart, and bad input as one line with exit status 2."""

import json
import math
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from npw.cli import main
from npw.hardness import (HardnessPlan, fit_growth, line_chart, measure, plan_tasks, quartiles, run_tasks,
                          stored_runs, summarise, task_key)


def run_cli(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# ---- the fit, on synthetic data ----

def test_fit_exponential_data_gives_its_base():
    fit = fit_growth([(n, 3.0 * 1.5 ** n) for n in (10, 20, 30, 40)])
    assert fit.better == "exponential"
    assert fit.exponential_base == pytest.approx(1.5)
    assert fit.exponential_r2 == pytest.approx(1.0)
    assert fit.polynomial_r2 < 0.99


def test_fit_polynomial_data_gives_its_exponent():
    fit = fit_growth([(n, 7.0 * n ** 2.5) for n in (10, 20, 40, 80, 160)])
    assert fit.better == "polynomial"
    assert fit.polynomial_exponent == pytest.approx(2.5)
    assert fit.exponential_r2 < fit.polynomial_r2


def test_fit_noisy_exponential_still_exponential():
    noise = (1.1, 0.9, 1.05, 0.95, 1.0, 1.08)
    fit = fit_growth([(n, 2.0 ** n * k) for n, k in zip(range(10, 70, 10), noise)])
    assert fit.better == "exponential" and 1.9 < fit.exponential_base < 2.1


def test_fit_of_constant_data_is_constant():
    fit = fit_growth([(10, 4.0), (20, 4.0), (30, 4.0)])
    assert fit.better == "constant" and fit.exponential_base == 1.0 and fit.polynomial_exponent == 0.0


def test_fit_needs_three_positive_points():
    assert fit_growth([(10, 1.0), (20, 4.0)]).better is None
    assert fit_growth([(10, 1.0), (20, 0.0), (30, 9.0)]).points == 2  # a zero has no log
    assert fit_growth([(10, 1.0), (10, 2.0), (10, 3.0)]).better is None  # no spread in size


def test_quartiles():
    assert quartiles([4, 1, 3, 2]) == (1.5, 2.5, 3.5)
    assert quartiles([5, 1, 9]) == (1, 5, 9)
    with pytest.raises(ValueError):
        quartiles([])


# ---- summarising runs: UNKNOWN is not decided ----

def _run(size, answer, conflicts, seconds=1.0, generator="random", decider="sat"):
    return {"generator": generator, "decider": decider, "size": size, "answer": answer, "seconds": seconds,
            "stats": {"conflicts": conflicts, "time": seconds}}


def test_fraction_decided_counts_unknown_and_fit_skips_undecided_sizes():
    runs = [_run(10, "YES", 10), _run(10, "NO", 20), _run(10, "UNKNOWN", 30),
            _run(20, "YES", 100), _run(20, "UNKNOWN", 500), _run(20, "UNKNOWN", 600),
            _run(30, "YES", 1000), _run(30, "YES", 1000), _run(30, "NO", 1000),
            _run(40, "NO", 10000), _run(40, "NO", 10000), _run(40, "NO", 10000)]
    (series,) = summarise(runs)
    fractions = {p.size: p.fraction_decided for p in series.points}
    assert fractions == {10: pytest.approx(2 / 3), 20: pytest.approx(1 / 3), 30: 1.0, 40: 1.0}
    assert {p.size: p.answers for p in series.points}[20] == {"YES": 1, "UNKNOWN": 2}
    assert series.points[0].effort == (10, 20, 30)  # the UNKNOWN's effort at its limit stays in the spread
    # size 20 (a third decided) is left out of the fit: 10, 30, 40 -> 20, 1000, 10000
    assert series.growth.points == 3
    assert series.effort_key == "conflicts"


def test_series_apart_by_generator_and_decider():
    runs = [_run(10, "YES", 1, generator=g, decider=d) for g in ("random", "planted") for d in ("sat", "brute")]
    assert [(s.generator, s.decider) for s in summarise(runs)] == [
        ("random", "sat"), ("random", "brute"), ("planted", "sat"), ("planted", "brute")]


# ---- real deciders: the effort keys each reports ----

def test_effort_keys_of_sat_search_and_dp_deciders():
    plan = HardnessPlan("3sat", ("random",), "num_vars", (8, 10), ("sat:m22", "brute"), {"ratio": 4.26},
                        repeats=2, timeout=20)
    runs, series = measure(plan)
    assert len(runs) == 8 and {r["answer"] for r in runs} <= {"YES", "NO"}
    keys = {s.decider: s.effort_key for s in series}
    assert keys == {"sat:m22": "conflicts", "brute": "nodes"}
    brute = next(s for s in series if s.decider == "brute")
    assert all(p.effort[1] >= 1 for p in brute.points)  # a search expands at least its root
    # every decider saw the same instances: the answers agree seed by seed
    by_seed = {}
    for r in runs:
        by_seed.setdefault((r["size"], r["seed"]), set()).add(r["answer"])
    assert all(len(answers) == 1 for answers in by_seed.values())
    _, (dp,) = measure(HardnessPlan("3partition", ("planted",), "m", (2, 3), ("dp",), {"bound": 20}, repeats=2,
                                    timeout=20))
    assert dp.effort_key == "nodes" and all(p.fraction_decided == 1.0 and p.answers == {"YES": 2} for p in dp.points)


def test_out_of_time_is_unknown_and_not_decided():
    plan = HardnessPlan("3sat", ("random",), "num_vars", (300,), ("brute",), {"ratio": 4.26}, repeats=2,
                        timeout=0.05)
    runs, (series,) = measure(plan)
    assert [r["answer"] for r in runs] == ["UNKNOWN", "UNKNOWN"]
    assert series.points[0].fraction_decided == 0.0 and series.growth.better is None


def test_refused_is_counted_apart():
    runs = [_run(10, "YES", 1), {**_run(10, "UNKNOWN", 0), "refused": "too large"}, _run(10, "UNKNOWN", 5)]
    (series,) = summarise(runs)
    assert series.points[0].refused == 1 and series.points[0].decided == 1


def test_plan_seeds_and_store_skip_done_runs(tmp_path):
    plan = HardnessPlan("3sat", ("random",), "num_vars", (8,), ("sat:m22",), {"ratio": 4.26}, repeats=3, seed=5,
                        timeout=20)
    tasks = plan_tasks(plan)
    assert [t["seed"] for t in tasks] == [5, 6, 7] and all(t["params"] == {"ratio": 4.26, "num_vars": 8} for t in tasks)
    fake = {task_key(t): {**t, "answer": "NO", "backend": "fake", "seconds": 9.0, "stats": {"conflicts": 7}}
            for t in tasks[:2]}
    runs = run_tasks(tasks, done=fake)
    assert [r["backend"] for r in runs[:2]] == ["fake", "fake"] and runs[2]["backend"] == "sat:m22"


def test_an_instance_is_built_once_for_all_its_deciders(monkeypatch):
    from npw.verify import sets

    built = []
    real = sets.Recipe.build
    monkeypatch.setattr(sets.Recipe, "build", lambda self, seed: built.append(seed) or real(self, seed))
    plan = HardnessPlan("3sat", ("random",), "num_vars", (8, 9), ("sat:m22", "brute", "sat:cd19"), repeats=2,
                        timeout=20)
    runs, series = measure(plan)
    assert len(runs) == 12 and sorted(built) == [0, 0, 1, 1]
    assert all(r["build_seconds"] >= 0 for r in runs) and len(series) == 3


# ---- the command ----

def test_cli_json_svg_and_db(capsys, tmp_path):
    svg, db = tmp_path / "h.svg", tmp_path / "h.db"
    argv = ["hardness", "3sat", "-g", "random", "--sizes", "num_vars=8,12,16", "-p", "ratio=4.26", "--deciders",
            "sat:m22,brute", "--repeats", "2", "--timeout", "20", "--json", "--svg", str(svg), "--db", str(db)]
    status, out, err = run_cli(capsys, *argv)
    assert status == 0, err
    report = json.loads(out)
    assert report["size_param"] == "num_vars" and report["sizes"] == [8, 12, 16]
    assert [(s["generator"], s["decider"], s["effort_key"]) for s in report["series"]] == [
        ("random", "sat:m22", "conflicts"), ("random", "brute", "nodes")]
    point = report["series"][0]["points"][0]
    assert point["runs"] == 2 and point["fraction_decided"] == 1.0 and len(point["seconds"]) == 3
    assert set(report["series"][0]["growth"]) >= {"exponential_base", "polynomial_exponent", "better"}
    root = ET.fromstring(svg.read_text())
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 2
    rows = sqlite3.connect(db).execute("SELECT COUNT(*), COUNT(DISTINCT seed) FROM hardness").fetchone()
    assert rows == (12, 2)
    assert len(stored_runs(str(db))) == 12
    # the same command again: every run from the store, the same figures to the last digit
    status, again, _ = run_cli(capsys, *argv)
    assert status == 0 and json.loads(again)["series"] == report["series"]


def test_db_keeps_refusals(capsys, tmp_path):
    db = tmp_path / "r.db"
    # Theorem 2.16's decider takes boards with a special piece only: random boards have none
    argv = ["hardness", "solochess", "--sizes", "width=3,4", "-p", "height=3", "--deciders", "theorem2.16",
            "--repeats", "2", "--timeout", "10", "--json", "--db", str(db)]
    status, out, err = run_cli(capsys, *argv)
    assert status == 0, err
    first = json.loads(out)["series"][0]["points"][0]
    assert first["refused"] == 2 and first["decided"] == 0
    _, again, _ = run_cli(capsys, *argv)
    assert json.loads(again)["series"][0]["points"][0]["refused"] == 2


def test_cli_svg_to_standard_output(capsys):
    status, out, err = run_cli(capsys, "hardness", "3sat", "--sizes", "num_vars=8,10", "--deciders", "sat:m22",
                               "--repeats", "1", "--svg", "-")
    assert status == 0, err
    assert ET.fromstring(out).tag.endswith("svg")
    status, _, err = run_cli(capsys, "hardness", "3sat", "--sizes", "num_vars=8", "--svg", "-", "--json")
    assert status == 2 and "standard output" in err


def test_cli_two_generators_on_the_same_axes_and_text_table(capsys):
    status, out, err = run_cli(capsys, "hardness", "1in3sat", "-g", "planted", "-g", "random", "--sizes",
                               "num_vars=6,9,12", "--deciders", "sat", "--repeats", "2", "--timeout", "20")
    assert status == 0, err
    assert "planted / sat (effort: conflicts)" in out and "random / sat (effort: conflicts)" in out
    assert out.count("growth:") == 2
    assert "YES 2" in out  # planted: every instance YES


def test_cli_via_measures_the_target(capsys):
    status, out, err = run_cli(capsys, "hardness", "1in3sat", "-g", "planted", "--via", "1in3sat-to-224sat",
                               "--sizes", "num_vars=3,6", "--deciders", "sat,brute", "--repeats", "2",
                               "--timeout", "20", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["target"] == "224sat" and report["via"] == ["1in3sat-to-224sat"]
    # planted: YES by construction, carried through the reduction
    assert all(p["answers"] == {"YES": 2} for s in report["series"] for p in s["points"])


def test_cli_workers_same_answers(capsys):
    argv = ["hardness", "3sat", "--sizes", "num_vars=8,10", "--deciders", "sat:m22", "--repeats", "2",
            "--timeout", "20", "--json"]
    _, one, _ = run_cli(capsys, *argv)
    status, two, err = run_cli(capsys, *argv, "--workers", "2")
    assert status == 0, err
    answers = lambda text: [p["answers"] for s in json.loads(text)["series"] for p in s["points"]]
    assert answers(one) == answers(two)


@pytest.mark.parametrize("argv, message", [
    (["nope", "--sizes", "num_vars=5"], "unknown problem 'nope'"),
    (["3sat", "-g", "nope", "--sizes", "num_vars=5"], "generator"),
    (["3sat", "--sizes", "num_vars=5", "--deciders", "dp"], "no decider 'dp' for 3sat"),
    (["3sat", "--sizes", "num_vars=5", "--deciders", "sat:bogus"], "unknown SAT solver"),
    (["3sat", "--sizes", "num_vars"], "--sizes: give NAME=V1,V2"),
    (["3sat", "--sizes", "num_vars=5,x"], "must be a number"),
    (["3sat", "--sizes", "num_vars=5,5"], "listed twice"),
    (["3sat", "--sizes", "num_vars=10000000"], "exceed the limit"),
    (["3sat", "--sizes", "num_vars=-3"], "num_vars"),
    (["3sat", "--sizes", "width=5"], "width"),
    (["3sat", "--sizes", "num_vars=5", "-p", "num_vars=6"], "leave it out of -p"),
    (["3sat", "--sizes", "num_vars=5", "--via", "224sat-to-rel"], "--via"),
    (["3sat", "--sizes", "num_vars=5", "--repeats", "0"], "must be 1 or more"),
    (["3sat", "--sizes", "num_vars=5", "--timeout", "0"], "seconds above 0"),
    (["3sat", "--sizes", "num_vars=5", "--workers", "2", "--dask", "localhost:1"], "not both"),
    (["3sat", "--sizes", "num_vars=5", "--repeats", "100000"], "at most"),
])
def test_bad_input_one_line_exit_2(capsys, argv, message):
    status, out, err = run_cli(capsys, "hardness", *argv)
    assert status == 2
    assert err.startswith("npw: error:") and err.count("\n") == 1 and message in err, err


def test_unreachable_dask_scheduler_is_one_line(capsys):
    pytest.importorskip("dask.distributed")
    status, _, err = run_cli(capsys, "hardness", "3sat", "--sizes", "num_vars=5", "--dask", "tcp://127.0.0.1:9")
    assert status == 2 and "--dask" in err and err.count("\n") == 1


def test_db_that_is_not_a_store(capsys, tmp_path):
    bad = tmp_path / "x.db"
    bad.write_text("not sqlite at all " * 100)
    status, _, err = run_cli(capsys, "hardness", "3sat", "--sizes", "num_vars=5", "--db", str(bad))
    assert status == 2 and "not a result store" in err and err.count("\n") == 1


def test_chart_marks_mostly_unknown_points_hollow():
    runs = [_run(10, "YES", 10), _run(20, "UNKNOWN", 100), _run(30, "YES", 1000)]
    root = ET.fromstring(line_chart(summarise(runs), "t", "n"))
    fills = [c.get("fill") for c in root.iter("{http://www.w3.org/2000/svg}circle")]
    assert fills.count("white") == 1 and len(fills) == 3


def test_command_start_is_light():
    script = ("import sys\nfrom npw.cli import main\ntry:\n    main(['hardness', '--help'])\nexcept SystemExit:\n"
              "    pass\nprint('loaded:', *sorted(m for m in ('numpy', 'pysat', 'z3') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert "--sizes" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1] == "loaded:"


def test_effort_chart_leaves_out_points_and_series_without_effort():
    runs = [_run(10, "YES", 10), _run(20, "YES", 100), _run(30, "YES", 1000),
            {"generator": "random", "decider": "sat", "size": 40, "answer": "UNKNOWN", "seconds": 2.0, "stats": {}},
            {"generator": "random", "decider": "smt", "size": 10, "answer": "YES", "seconds": 0.5, "stats": {}}]
    series = summarise(runs)
    effort = ET.fromstring(line_chart(series, "t", "n"))
    seconds = ET.fromstring(line_chart(series, "t", "n", "seconds"))
    circles = lambda root: len(list(root.iter("{http://www.w3.org/2000/svg}circle")))
    assert circles(effort) == 3  # sat's 3 points with conflicts; not smt's, not the UNKNOWN without effort
    assert circles(seconds) == 5
    with pytest.raises(ValueError):
        line_chart(series, "t", "n", "nodes")


# ---- part 5: 3partition's former "hard", now "covered" ----

def test_no_generator_is_named_hard():
    from npw.instances.registry import get_problem, problem_ids

    assert [p for p in problem_ids() if any("hard" in g for g in get_problem(p).generators)] == []


def test_covered_3partition_needs_more_dp_nodes_than_random_at_equal_m_and_bound():
    import statistics

    from npw.instances.numbers.three_partition import covered_instance, every_number_in_a_triple, random_instance
    from npw.solvers import solve

    m, bound = 8, 256
    covered = [covered_instance(seed, m, bound) for seed in range(7)]
    assert all(every_number_in_a_triple(p.numbers, p.bound) and len(p.numbers) == 3 * m for p in covered)
    assert covered_instance(3, m) == covered_instance(3, m)  # seeded
    assert covered_instance(3, m).bound == 4 * m * m
    nodes = lambda instances: statistics.median(solve(p, backend="dp", timeout=20).stats["nodes"] for p in instances)
    assert nodes(covered) > nodes([random_instance(seed, m, bound) for seed in range(7)])
