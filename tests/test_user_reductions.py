"""User-written problems and reductions: npw verify path/to/file.py:NAME (issue: check your own reduction)."""

import json
import textwrap

import pytest

from npw.cli import main

CORRECT = [
    "examples/sat3_to_independent_set.py:REDUCTION",
    "examples/sat3_to_three_colouring.py:REDUCTION",
    "examples/vertexcover_to_hitting_set.py:REDUCTION",
]
WRONG = [
    "examples/sat3_to_independent_set_wrong.py:OFF_BY_ONE",
    "examples/sat3_to_independent_set_wrong.py:MISSING_CONFLICTS",
    "examples/sat3_to_three_colouring_wrong.py:MISSING_EDGE",
    "examples/sat3_to_three_colouring_wrong.py:PALETTE_ASSUMED",
]


def verify(capsys, *argv):
    code = main(["verify", *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


@pytest.fixture(autouse=True)
def at_repository_root(monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)


@pytest.mark.parametrize("spec", CORRECT)
def test_correct_examples_verify(capsys, spec):
    code, report, _ = verify(capsys, spec, "--random", "150", "--seed", "2")
    assert code == 0 and report["passed"]
    assert report["source_yes"] > 0 and report["source_no"] > 0


@pytest.mark.parametrize("spec", WRONG)
def test_wrong_examples_fail_with_a_small_counterexample(capsys, spec):
    code, report, _ = verify(capsys, spec, "--random", "150", "--seed", "2")
    assert code == 1 and not report["passed"]
    shrunk = report["counterexample"]["shrunk"]
    assert shrunk["problem"] == "3sat" and len(shrunk["clauses"]) <= 2 and shrunk["num_vars"] <= 3


def test_user_reduction_runs_on_a_process_pool(capsys):
    code, report, _ = verify(capsys, CORRECT[0], "--random", "120", "--workers", "2")
    assert code == 0 and report["cases"] == 120


def test_reduction_between_built_in_problems_needs_no_decider(capsys, tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(textwrap.dedent('''
        from npw.api import CNF, Reduction

        def reduce(f):
            clauses = []
            for a, b, c in f.clauses.tolist():
                clauses += [(a, b, c), (-a, -b), (-a, -c), (-b, -c)]
            return CNF(f.num_vars, clauses)

        MINE = Reduction("mine", "1in3sat", "cnf", "folklore", reduce,
                         lambda f, a: a, lambda f, g, a: a)
    '''))
    code, report, _ = verify(capsys, f"{path}:MINE", "--exhaustive", "2", "--random", "100")
    assert code == 0 and report["cases"] == 264 and report["source_no"] > 0


@pytest.mark.parametrize("content, name, message", [
    (None, "X", "no such file"),
    ("def broken(:\n", "X", "syntax error at line 1"),
    ("import no_such_module_here\n", "X", "failed to import: ModuleNotFoundError"),
    ("X = 1\n", "Y", "no object named 'Y'"),
    ("class X:\n    source = '1in3sat'\n    target = 'cnf'\n    def reduce(self, s): pass\n", "X",
     "is not a reduction: it has no backward"),
    ("from npw.api import Reduction\nX = Reduction('x', '1in3sat', 'nonsense', '', None, None, None)\n", "X",
     "unknown problem 'nonsense'"),
    ("from dataclasses import dataclass\nfrom npw.api import Reduction, problem\n"
     "@problem('undecidable-here')\n@dataclass(frozen=True)\nclass P:\n    n: int\n"
     "    def verify(self, c):\n        return True\n"
     "X = Reduction('x', '1in3sat', 'undecidable-here', '', None, None, None)\n", "X",
     "has no decider: give its class brute() or to_cnf()"),
])
def test_bad_user_files_get_one_line(capsys, tmp_path, content, name, message):
    path = tmp_path / "user.py"
    if content is not None:
        path.write_text(content)
    code, report, err = verify(capsys, f"{path}:{name}", "--random", "5")
    assert code == 2 and report is None
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_a_crashing_reduction_is_a_finding_not_a_crash(capsys, tmp_path):
    path = tmp_path / "crash.py"
    path.write_text("from npw.api import Reduction\n"
                    "def reduce(f):\n    raise ZeroDivisionError('oops')\n"
                    "X = Reduction('x', '1in3sat', 'cnf', '', reduce, None, None)\n")
    code, report, _ = verify(capsys, f"{path}:X", "--random", "10")
    assert code == 1 and report["failure_counts"] == {"reduce-error": 10}
    assert "ZeroDivisionError: oops" in report["counterexample"]["details"][0]
