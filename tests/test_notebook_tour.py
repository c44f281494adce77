"""The example notebook ``docs/notebooks/tour.ipynb`` (issue 32, item 4), executed by the suite:
its code cells run in order in one namespace (:mod:`npw.notebook`, no Jupyter needed) and what
each shows is checked: drawings for instances, HTML for the result and the reports (the wrong
reduction's counterexample drawn), the reduction graph and a chain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from npw.notebook import NotebookError, execute, main, mime_bundle, read_notebook

TOUR = Path(__file__).resolve().parents[1] / "docs" / "notebooks" / "tour.ipynb"


@pytest.fixture(scope="module")
def executed():
    return execute(read_notebook(TOUR), cwd=TOUR.parent)


def shown(executed, snippet):
    """The outputs of the one code cell whose source holds ``snippet``."""
    cells = [c for c in executed["cells"] if c["cell_type"] == "code" and snippet in "".join(c["source"])]
    assert len(cells) == 1, snippet
    return cells[0]["outputs"]


def test_the_notebook_is_nbformat_4_and_committed_without_outputs():
    notebook = json.loads(TOUR.read_text())
    assert notebook["nbformat"] == 4 and notebook["nbformat_minor"] >= 4
    assert notebook["metadata"]["kernelspec"]["language"] == "python"
    ids = [cell["id"] for cell in notebook["cells"]]
    assert len(ids) == len(set(ids))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert len(code) >= 8
    # outputs are made by running it, never stale drawings in the file
    assert all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)


@pytest.mark.slow
def test_each_cell_shows_what_it_should(executed):
    counts = [c["execution_count"] for c in executed["cells"] if c["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1))
    formula = shown(executed, "formula = ThreeSat")[0]["data"]
    assert formula["image/svg+xml"].startswith("<svg") and 'title="3sat: variables = 3, clauses = 3"' in formula["text/html"]
    graph = shown(executed, 'graph = reduce(')[0]["data"]
    assert "indset: vertices = 9, edges" in graph["text/html"] and "image/svg+xml" in graph
    result = shown(executed, "result = solve(graph)")[0]["data"]
    assert "YES</span>" in result["text/html"] and "image/svg+xml" not in result
    drawn = shown(executed, "render(graph, result.certificate)")[0]["data"]
    assert drawn["image/svg+xml"].startswith("<svg") and "text/html" not in drawn
    printed = shown(executed, "print(\"assignment:\"")[0]
    assert printed["output_type"] == "stream" and printed["text"].endswith("satisfies the formula: True\n")
    report = shown(executed, 'report = verify("3sat-to-indset"')[0]["data"]["text/html"]
    assert "PASSED" in report and "None: every case passed." in report
    wrong = shown(executed, "bad_report = verify(wrong")[0]["data"]["text/html"]
    assert "FAILED" in wrong and "npw verify off-by-one" in wrong
    assert wrong.count("<img") >= 2  # the shrunk source and the target built from it
    graph_svg = shown(executed, "draw_graph()")[0]["data"]["image/svg+xml"]
    assert 'data-el="problem:3sat"' in graph_svg and 'class="arrow seed"' in graph_svg
    chain = shown(executed, "draw_chain(chain.steps)")[0]["data"]["image/svg+xml"]
    assert 'data-el="step:0:3sat-to-indset"' in chain


def test_the_runner_reports_a_failing_cell_and_refuses_magics(tmp_path, capsys):
    def notebook(*sources):
        return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
            {"cell_type": "code", "id": str(i), "source": s, "metadata": {}, "outputs": [], "execution_count": None}
            for i, s in enumerate(sources)]}

    with pytest.raises(NotebookError, match=r"cell 1 raised ZeroDivisionError"):
        execute(notebook("x = 1", "x / 0"))
    with pytest.raises(NotebookError, match="magics"):
        execute(notebook("%time 1"))
    done = execute(notebook("y = 2", "y * 21", "None", "z = 3"))
    assert [c["outputs"] for c in done["cells"]][1:] == [
        [{"output_type": "execute_result", "execution_count": 2, "metadata": {}, "data": {"text/plain": "42"}}], [], []]
    path = tmp_path / "bad.ipynb"
    path.write_text(json.dumps(notebook("1 / 0")))
    assert main([str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cell 0 raised ZeroDivisionError" in err
    path.write_text("[]")
    assert main([str(path)]) == 1 and "not 4" in capsys.readouterr().err
    assert mime_bundle(int) == {"text/plain": "<class 'int'>"}  # a class is shown as text, not called
