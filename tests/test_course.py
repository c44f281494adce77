"""The worked course (docs/course/): each reference solution passes ``npw verify``, each wrong
submission fails it with a counterexample, and ``npw grade`` gives every submission the score its
assignment's expected_scores.toml states.

The grading runs the three assignments' ``npw grade`` as three processes at once (each grades a
folder of four submissions in the sandbox, 15-70 s), started by a module fixture so that the
verify checks run meanwhile.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from npw.cli import main

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "docs" / "course"
ASSIGNMENTS = sorted(p for p in COURSE.iterdir() if (p / "assignment.toml").is_file())

# streams for the in-process verify checks: small, yet each finds every wrong submission's fault
VERIFY_STREAMS = {
    "01_3sat_to_indset": ["--random", "40"],
    "02_vertexcover_to_hamcycle": ["--exhaustive", "3"],
    "03_3sat_to_subsetsum": ["--random", "40"],
}

SUBMISSIONS = [(folder.name, path.name) for folder in ASSIGNMENTS for path in sorted(folder.glob("*.py"))]


def test_the_course_has_three_assignments_each_with_a_reference_and_three_wrong_submissions():
    assert [folder.name for folder in ASSIGNMENTS] == sorted(VERIFY_STREAMS)
    for folder in ASSIGNMENTS:
        names = sorted(path.name for path in folder.glob("*.py"))
        assert names[0] == "reference.py" and len(names) == 4, names
        assert all(name.startswith("wrong_") for name in names[1:])
        assert (folder / "README.md").is_file() and (folder / "expected_scores.toml").is_file()
    assert (COURSE / "README.md").is_file()


@pytest.mark.parametrize("wrong", [p for p in COURSE.glob("*/wrong_*.py")], ids=lambda p: p.stem)
def test_each_wrong_submission_says_its_mistake_in_one_comment(wrong):
    mistakes = [line for line in wrong.read_text().splitlines() if "# MISTAKE:" in line]
    assert len(mistakes) == 1, mistakes


@pytest.mark.parametrize("assignment, name", SUBMISSIONS)
def test_verify_passes_the_reference_and_fails_each_wrong_one(assignment, name, capsys):
    path = COURSE / assignment / name
    code = main(["verify", f"{path}:REDUCTION", "--quiet", *VERIFY_STREAMS[assignment]])
    out = capsys.readouterr().out
    if name == "reference.py":
        assert code == 0 and "PASSED" in out, out
    else:
        assert code == 1 and "FAILED" in out, out
        assert "counterexample for" in out, out


@pytest.fixture(scope="module", autouse=True)
def grading(request):
    """Starts ``npw grade`` on each assignment's folder, all three at once, when the module's first
    test starts (so the verify checks run meanwhile); yields the processes. Nothing is started when
    no grading test was selected (``-k verify``)."""
    if not any(getattr(item, "originalname", "") == "test_grade_gives_the_expected_scores"
               for item in request.session.items):
        yield {}
        return
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    processes = {folder.name: subprocess.Popen(
        [sys.executable, "-m", "npw", "grade", str(folder / "assignment.toml"), str(folder), "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT) for folder in ASSIGNMENTS}
    yield processes
    for process in processes.values():
        if process.poll() is None:
            process.kill()
            process.communicate()


LINE = re.compile(r"^(\w+): (\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)(?: \(lost: (.*)\))?$")


@pytest.mark.slow
@pytest.mark.parametrize("assignment", [folder.name for folder in ASSIGNMENTS])
def test_grade_gives_the_expected_scores(grading, assignment):
    out, err = grading[assignment].communicate(timeout=300)
    expected = tomllib.loads((COURSE / assignment / "expected_scores.toml").read_text())
    got = {}
    for line in out.splitlines():
        match = LINE.match(line.strip())
        if match:
            name, score, top, lost = match.groups()
            assert float(top) == expected["max_score"], line
            got[name] = (float(score), sorted(lost.split(", ")) if lost else [])
    wanted = {name: (float(score), sorted(expected["lost"].get(name, []))) for name, score in expected["scores"].items()}
    assert got == wanted, out + err
    assert grading[assignment].returncode == 1  # some submission got less than full marks
