"""Test helpers the reduction rooms share: an example file's module, a verification report that
passed with both answers and every claim held, a registered reduction passing on the small and
random sources, and a wrong version's counterexample."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify import exhaustive, random_stream, verify_reduction

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load_example(file_name: str) -> ModuleType:
    """The module of ``examples/<file_name>`` (the wrong versions live there, outside the package)."""
    spec = importlib.util.spec_from_file_location(file_name[:-3], EXAMPLES / file_name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assert_passed_with_both_answers(report: Any) -> None:
    """The report passed, saw both answers on the source side, had no claim, size or timeout
    failure, and every claim was checked and held."""
    result = report.to_json()
    assert report.summary.passed, result
    assert result["source_yes"] and result["source_no"], result["confusion"]
    assert result["claim_failures"] == 0 and result["size_failures"] == 0 and result["timeouts"] == 0
    assert all(claim["passed"] > 0 and claim["status"] == "held" for claim in report.claims), report.claims


def assert_passes_on_small_and_random(reduction_id: str, size: int, random_count: int = 40) -> None:
    """The registered reduction passes (:func:`assert_passed_with_both_answers`) on every source up
    to ``size`` and on ``random_count`` random ones (seed 19)."""
    reduction = get_reduction(reduction_id)
    problem = get_problem(reduction.source)
    for cases in (exhaustive(problem, size), random_stream(problem, random_count, seed=19)):
        report = verify_reduction(reduction, cases)
        assert_passed_with_both_answers(report)


def wrong_counterexample(wrong: Any, reduction_id: str, size: int) -> dict[str, Any]:
    """The counterexample of a wrong version of ``reduction_id`` (the same source and target),
    which fails on every source up to ``size``."""
    assert (wrong.source, wrong.target) == (get_reduction(reduction_id).source, get_reduction(reduction_id).target)
    report = verify_reduction(wrong, exhaustive(get_problem(wrong.source), size))
    assert not report.summary.passed
    return report.to_json()["counterexample"]
