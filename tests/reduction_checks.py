"""Test helpers the reduction rooms share: an example file's module, and a verification report
that passed with both answers and every claim held."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

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
