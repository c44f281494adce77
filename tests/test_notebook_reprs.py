"""What a notebook shows (issue 32, item 4): every problem's instances draw themselves
(``_repr_svg_``, ``_repr_html_``), a ``Result`` and a verification ``Report`` have an HTML view (the
report's counterexample drawn), ``npw.api.render`` gives a string a notebook draws, and ``npw.api``
exports its ``__all__`` and nothing else."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

import npw.api as api
from npw.api import IndependentSet, Result, SubsetSum, ThreeSat, render, solve, verify
from npw.instances.display import MAX_NOTEBOOK_SVG, SVG, add_notebook_reprs, instance_svg
from npw.instances.registry import get_problem, problem_ids


def small(problem_id):
    problem = get_problem(problem_id)
    return problem.sample(1) if problem.sample else problem.generate(seed=1)


@pytest.mark.parametrize("problem_id", problem_ids())
def test_every_problems_instance_draws_itself(problem_id):
    instance = small(problem_id)
    svg, html = instance._repr_svg_(), instance._repr_html_()
    assert isinstance(svg, SVG) and svg.lstrip().startswith("<svg")
    assert svg == render(instance)  # the problem's own drawing, as npw render draws it
    assert html.startswith('<div class="npw-instance"') and svg in html
    assert f'title="{problem_id}: ' in html  # the tooltip names the problem and its size
    for name, value in instance.size().items():
        assert f"{name} = {value}" in html


def test_types_imported_before_their_record_draw_too():
    # the graph problems' classes live apart from their records (instances/graphs/indset.py): a
    # class given the methods before its record is made finds its renderer through the registry
    script = ("import sys\n"
              "import npw.instances.registry\n"
              "from npw.instances.graphs.graph import IndependentSet\n"
              "from npw.instances.display import add_notebook_reprs\n"
              "add_notebook_reprs(IndependentSet)\n"
              "print('npw.instances.graphs.indset' in sys.modules)\n"
              "print(IndependentSet(3, ((0, 1), (1, 2)), 2)._repr_svg_()[:4])")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.stdout.split() == ["False", "<svg"], done.stderr


def test_a_drawing_that_fails_or_is_too_large_falls_back_to_text(monkeypatch):
    @dataclasses.dataclass(frozen=True)
    class Nowhere:
        problem = "no-such-problem"

    add_notebook_reprs(Nowhere)
    assert Nowhere()._repr_svg_() is None and Nowhere()._repr_html_() is None  # the text repr stands in
    monkeypatch.setattr("npw.instances.display.MAX_NOTEBOOK_SVG", 10)
    assert instance_svg(SubsetSum((3, 5, 7), 12)) is None
    assert MAX_NOTEBOOK_SVG > 10


def test_a_class_keeps_its_own_repr():
    class Own:
        problem = "subsetsum"

        def _repr_svg_(self):
            return "<svg>own</svg>"

    add_notebook_reprs(Own)
    assert Own()._repr_svg_() == "<svg>own</svg>" and Own._repr_html_ is not None


def test_render_returns_a_string_a_notebook_draws(tmp_path):
    instance = SubsetSum((3, 5, 7), 12)
    drawing = render(instance, (2, 1))
    assert isinstance(drawing, str) and drawing._repr_svg_() == drawing
    path = tmp_path / "d.svg"
    path.write_text(drawing)
    assert path.read_text() == drawing and json.loads(json.dumps(drawing)) == drawing
    assert drawing + "" == str(drawing) and drawing.count('data-el="number:') == 3


def test_result_html_shows_answer_decider_and_certificate():
    result = solve(SubsetSum((3, 5, 7), 12), backend="dp")
    html = result._repr_html_()
    assert "YES</span>" in html and "dp" in html and "(2, 1)" in html and "#2ca02c" in html
    no = solve(SubsetSum((3, 5), 4), backend="dp")._repr_html_()
    assert "NO</span>" in no and "#d62728" in no and "certificate" not in no
    unknown = Result(api.Answer.UNKNOWN, backend="brute", stats={"time": 10.0, "nodes": 12345})._repr_html_()
    assert "UNKNOWN</span>" in unknown and "nodes 12,345" in unknown
    long = Result(api.Answer.YES, certificate=tuple(range(1000)), backend="x")._repr_html_()
    assert "characters)" in long and len(long) < 2000  # a long certificate is shortened


def test_report_html_draws_the_counterexample():
    report = verify("examples/sat3_to_independent_set_wrong.py:OFF_BY_ONE", random=40, seed=1)
    assert not report.summary.passed
    html = report._repr_html_()
    assert "FAILED" in html and "Confusion matrix" in html
    shrunk = report.counterexample["shrunk"]
    assert json.dumps(shrunk).replace('"', "&quot;") in html
    assert html.count("<img") >= 2  # the shrunk source and its target, drawn
    assert "source (3sat)" in html and "its target (indset)" in html
    passed = verify("3sat-to-indset", random=2)._repr_html_()
    assert "PASSED" in passed and "None: every case passed." in passed and "<img" not in passed


def test_api_exports_its_all_and_nothing_else():
    public = {name for name in dir(api) if not name.startswith("_")}
    assert not {"os", "Any", "Iterable", "TYPE_CHECKING", "load_index", "renderer_for", "exhaustive",
                "verify_reduction"} & public
    assert public - set(api.__all__) <= {"annotations"}  # the __future__ import's own name
    assert all(hasattr(api, name) for name in api.__all__)
    assert isinstance(IndependentSet(2, (), 1)._repr_svg_(), str) and ThreeSat._repr_html_ is not None
