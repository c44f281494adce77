"""Sizes declared as O(...): the parser reads only a grammar of measures, and the verifier fits
the exponent the built sizes grow with over the stream, against the declared one (issue 33)."""

from __future__ import annotations

import json

import pytest

from npw.api import O
from npw.instances.registry import get_problem
from npw.instances.sat.cnf import CNF
from npw.reductions.asymptotic import OrderError
from npw.reductions.base import Reduction
from npw.verify.growth import GrowthFit
from npw.verify.sweep import verify_reduction


@pytest.mark.parametrize("expression, measures, value, degree", [
    ("n^2", {"n": 3}, 9.0, 2.0),
    ("n**2 + m", {"n": 3, "m": 4}, 13.0, 2.0),
    ("n m", {"n": 3, "m": 4}, 12.0, 2.0),
    ("2n", {"n": 3}, 6.0, 1.0),
    ("sqrt(n) * m", {"n": 16, "m": 2}, 8.0, 1.5),
    ("n log n", {"n": 1}, 1 * 0.6931471805599453, 1.0),  # log is taken of at least 2: no zero growth
])
def test_the_grammar(expression, measures, value, degree):
    order = O(expression, **measures)
    assert order.value() == pytest.approx(value) and order.degree == degree and str(order) == f"O({expression})"


@pytest.mark.parametrize("expression", ['__import__("os").system("true")', "n.real", "n ** m", "n ^ 100",
                                        "lambda: n", "(n", "x", "n; n", "[n]", "n if n else n"])
def test_anything_else_is_refused_unevaluated(expression):
    with pytest.raises(OrderError):
        O(expression, n=2, m=3)


def test_the_fit_finds_the_exponent_and_merges_exactly():
    whole, first, second = GrowthFit("m", 1.0), GrowthFit("m", 1.0), GrowthFit("m", 1.0)
    for m in range(1, 21):
        whole.add(m, 2 * m * m + 3)
        (first if m % 2 else second).add(m, 2 * m * m + 3)
    first.merge(second)
    assert first.row("clauses") == whole.row("clauses")
    row = whole.row("clauses")
    assert 1.7 < row["exponent_found"] < 2.1 and row["consistent"] is False
    narrow = GrowthFit("m", 1.0)
    for _ in range(10):
        narrow.add(5, 25)  # one size only: nothing to fit
    assert narrow.row("x")["slope"] is None and narrow.row("x")["consistent"] is None


def _padding(declared: str) -> Reduction:
    """3-SAT -> CNF, each clause written m times (m clauses: m^2 clauses built), declaring
    the clause count as ``O(declared)``."""
    def reduce(src):
        return CNF(src.num_vars, [clause for clause in src.clauses for _ in src.clauses])

    return Reduction("padding", "3sat", "cnf", "", reduce, lambda src, cert: cert, lambda src, tgt, cert: cert,
                     size=lambda src: {"clauses": O(declared, m=len(src.clauses))})


def _stream():
    generate = get_problem("3sat").generators["random"]
    return [(f"m={m}", generate(m, num_vars=5, ratio=m / 5)) for m in (1, 2, 3, 5, 8, 12, 16)]


def test_growth_beyond_the_declared_order_is_reported():
    report = verify_reduction(_padding("m"), _stream())
    data = report.to_json()
    assert report.summary.passed  # one case cannot contradict an order: no failure
    row = data["growth"][0]
    assert row["declared"] == "O(m)" and row["consistent"] is False and 1.8 < row["exponent_found"] < 2.2
    assert any("declared O(m), but the built sizes grow with exponent" in w for w in report.warnings)


def test_the_declared_order_met():
    report = verify_reduction(_padding("m^2"), _stream())
    row = report.to_json()["growth"][0]
    assert row["consistent"] is True and 1.8 < row["exponent_found"] < 2.2
    assert not any("grow with exponent" in w for w in report.warnings)


def test_an_order_over_the_exec_protocol(tmp_path):
    """A program answers a size as {"O": ..., "measures": ...}; a malformed one is the case's size finding."""
    from npw.exec_process import ExecError
    from npw.exec_process import _size_value as size_value  # noqa: PLC2701 (the protocol's one reader, tested directly)

    order = size_value("clauses", {"O": "m^2", "measures": {"m": 4}})
    assert order.value() == 16.0
    for bad in ({"O": "__import__('os')", "measures": {}}, {"O": "m", "measures": {"m": "x"}}, {"O": 3, "measures": {}}):
        with pytest.raises(ExecError):
            size_value("clauses", bad)
    assert json.dumps({"O": "m^2", "measures": {"m": 4}})  # the form docs/exec_protocol.md gives


def test_an_order_as_text_in_the_source_measures():
    """``"O(clauses^2)"``: the form a port that states sizes as text keeps; a measure the
    source does not have is a size finding naming the measures it has."""
    import dataclasses

    stated = dataclasses.replace(_padding("m"), size=lambda src: {"clauses": "O(clauses^2)"})
    report = verify_reduction(stated, _stream())
    assert report.summary.passed and report.to_json()["growth"][0]["consistent"] is True
    unknown = dataclasses.replace(_padding("m"), size=lambda src: {"clauses": "O(n^2)"})
    report = verify_reduction(unknown, _stream()[:2])
    assert not report.summary.passed and "the source's measures: clauses, variables" in report.counterexample["details"][0]


@pytest.mark.parametrize("gives", [None, {}, 7])
def test_a_declared_formula_that_names_no_measure_is_a_size_finding(gives):
    """A size formula that returns nothing checks nothing (mutants returning None or {} survived
    in 14 reductions before this): it is the case's size failure."""
    import dataclasses

    silent = dataclasses.replace(_padding("m"), size=lambda src: gives)
    report = verify_reduction(silent, _stream()[:2])
    assert not report.summary.passed and report.summary.failure_counts["size"] == 2
    assert "formula gave no measure" in report.counterexample["details"][0]
