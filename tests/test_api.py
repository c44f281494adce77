"""The public API (npw.api): every built-in problem's instance type is exported, and the
verbs work on them; Reduction is generic and its declared options reach the construction."""

import typing

import pytest

import npw
from npw import api
from npw.instances.registry import builtin_problem_modules, get_problem


def test_every_builtin_instance_type_is_exported():
    exported = {getattr(api, name) for name in api.__all__}
    for problem_id in builtin_problem_modules():
        assert get_problem(problem_id).instance_type in exported, problem_id


def test_all_names_exist_and_functions_have_examples():
    for name in api.__all__:
        value = getattr(api, name)
        if callable(value) and getattr(value, "__module__", "") == "npw.api":
            assert value.__doc__ and ">>>" in value.__doc__, f"npw.api.{name} has no example"


def test_version():
    assert npw.__version__.count(".") == 2


def test_reduction_is_generic_in_source_and_target():
    assert typing.get_origin(api.Reduction[api.OneInThreeSat, api.TwoTwoFourSat]) is api.Reduction


def test_reduce_with_options_and_refusals():
    formula = api.TwoTwoFourSat(1, [(1, 1, -1, -1)])
    small = api.reduce("224sat-to-npuz", formula, unit=1)
    larger = api.reduce("224sat-to-npuz", formula, unit=2)
    assert larger.n > small.n
    with pytest.raises(api.InvalidInstance, match="no option 'width'"):
        api.reduce("224sat-to-npuz", formula, width=3)
    with pytest.raises(api.InvalidInstance, match="too large to store"):
        api.reduce("224sat-to-npuz", formula)  # the paper's unit: a side in the millions
    summary = api.get_reduction("224sat-to-npuz").build(formula).summary
    assert summary["problem"] == "npuz-compact" and summary["n"] > 10 ** 6
    with pytest.raises(api.InvalidInstance, match="takes a 224sat instance"):
        api.reduce("224sat-to-npuz", api.OneInThreeSat(3, [(1, 2, 3)]))


def test_load_save_generate_solve_verify(tmp_path):
    instance = api.generate("3partition", "planted", seed=2, m=2)
    path = tmp_path / "p.json"
    api.save(instance, path)
    again = api.load(path)
    assert again == instance
    result = api.solve(again)
    assert result.answer is api.Answer.YES and again.verify(result.certificate)
    report = api.verify("1in3sat-to-224sat", random=30, seed=1, planted=5, certified_no=5)
    assert report.summary.passed and report.to_json()["cases"] == 40
