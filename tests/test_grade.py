"""``npw grade``: assignment files, scores per check, feedback HTML, Gradescope results.json."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from npw.cli import main
from npw.grade import Submission, find_submissions, grade_submission, load_assignment, parse_assignment, results_json

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CORRECT = str(EXAMPLES / "sat3_to_independent_set.py")
WRONG = str(EXAMPLES / "sat3_to_independent_set_wrong.py")
SCHEMA = ROOT / "docs" / "schemas" / "grading" / "gradescope_results.schema.json"
SEED = 8191

ASSIGNMENT = f"""
[assignment]
title = "3-SAT to Independent Set"
source = "3sat"
target = "indset"
reference = "3sat-to-indset"

[streams]
random = 10
seed = {SEED}

[limits]
call_seconds = 10

[points]
yes_answers = 2
no_answers = 2
forward = 2
backward = 2
size = 1
[points.claims]
"conflict-edges" = 1
"""


@pytest.fixture
def assignment_file(tmp_path):
    path = tmp_path / "a.toml"
    path.write_text(ASSIGNMENT)
    return str(path)


def _type_ok(value, name):
    return {"object": isinstance(value, dict), "array": isinstance(value, list), "string": isinstance(value, str),
            "number": isinstance(value, (int, float)) and not isinstance(value, bool),
            "integer": isinstance(value, int) and not isinstance(value, bool), "boolean": isinstance(value, bool),
            "null": value is None}[name]


def validate(value, schema, root=None, where="$"):
    """The draft 2020-12 subset the Gradescope schema uses (type, enum, properties, required,
    items, anyOf, $ref to $defs); jsonschema is not a dependency of npw. Raises AssertionError."""
    root = root or schema
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return validate(value, root["$defs"][name], root, where)
    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        assert any(_type_ok(value, t) for t in types), f"{where}: {value!r} is not {types}"
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if "anyOf" in schema:
        errors = []
        for option in schema["anyOf"]:
            try:
                validate(value, option, root, where)
                break
            except AssertionError as error:
                errors.append(str(error))
        else:
            raise AssertionError(f"{where}: matches no anyOf option: {errors}")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            assert key in value, f"{where}: {key!r} missing"
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                validate(value[key], sub, root, f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for number, item in enumerate(value):
            validate(item, schema["items"], root, f"{where}[{number}]")


def _graded(assignment, submission, **options):
    """grade_submission, its sandboxed child ended at once (not at the test session's exit)."""
    from npw.grade import close_submission

    grade, reduction = grade_submission(assignment, submission, **options)
    close_submission(reduction)
    return grade, reduction


def test_the_validator_rejects_what_the_schema_forbids():
    schema = json.loads(SCHEMA.read_text())
    validate({"score": 1, "tests": [{"name": "a", "status": "passed"}]}, schema)
    for bad in ({"score": "1"}, {"tests": [{"status": "ok"}]}, {"visibility": "public", "score": 1}, {"output": "x"},
                {"score": 1, "tests": [{"number": 1}]}):
        with pytest.raises(AssertionError):
            validate(bad, schema)


def test_correct_submission_gets_full_marks(assignment_file):
    assignment = load_assignment(assignment_file)
    grade, _ = _graded(assignment, Submission("ok", CORRECT))
    assert grade.error is None
    assert grade.score == grade.max_score == 10
    assert all(check.passed and not check.failed for check in grade.checks), [c.output("x") for c in grade.checks]


def test_wrong_submission_loses_points_with_counterexample_and_hint(assignment_file, tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["grade", assignment_file, f"{WRONG}:MISSING_CONFLICTS", CORRECT, "-o", str(out)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1  # not every submission got full marks
    assert lines[0].startswith("sat3_to_independent_set_wrong-MISSING_CONFLICTS: ")
    score = float(lines[0].split(": ")[1].split("/")[0])
    assert 0 < score < 10
    assert "no->no answers" in lines[0] and "claim: conflict-edges" in lines[0]
    assert lines[1] == "sat3_to_independent_set: 10/10"
    feedback = (out / "sat3_to_independent_set_wrong-MISSING_CONFLICTS" / "feedback.html").read_text()
    # the hint traces the missing conflict edges back to a variable's gadget in the reference
    assert "Hint" in feedback and "var:" in feedback and "A correct construction also builds edge:" in feedback
    assert "<svg" in feedback and "data-el=" in feedback  # the counterexample drawn inline, highlighted
    assert "the other edges join exactly the complementary occurrences" in feedback  # the claim in the proof's words
    assert str(SEED) not in feedback  # the hidden seed stays hidden
    results = json.loads((out / "sat3_to_independent_set_wrong-MISSING_CONFLICTS" / "results.json").read_text())
    assert results["score"] == score
    assert str(SEED) not in json.dumps(results)
    failed = {t["name"] for t in results["tests"] if t["status"] == "failed"}
    assert failed == {"no->no answers", "backward certificates", "claim: conflict-edges"}


def test_results_json_validates_against_the_published_schema(assignment_file, tmp_path):
    schema = json.loads(SCHEMA.read_text())
    assert main(["grade", assignment_file, f"{WRONG}:OFF_BY_ONE", "-o", str(tmp_path), "--quiet"]) == 1
    results = json.loads((tmp_path / "sat3_to_independent_set_wrong-OFF_BY_ONE" / "results.json").read_text())
    validate(results, schema)
    assert results["score"] == sum(t["score"] for t in results["tests"])
    assert sum(t["max_score"] for t in results["tests"]) == 10
    # the size check falls back on the reference's formula, which the off-by-one k breaks
    assert {t["name"]: t["status"] for t in results["tests"]}["size"] == "failed"
    try:
        import jsonschema
    except ImportError:
        return
    jsonschema.validate(results, schema)


def test_a_folder_of_submissions(assignment_file, tmp_path, capsys):
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(CORRECT, folder / "alice.py")
    (folder / "bob.py").write_text("this is not python\n")
    (folder / "notes.txt").write_text("ignored")
    assert [s.name for s in find_submissions([str(folder)])] == ["alice", "bob"]
    code = main(["grade", assignment_file, str(folder), "-o", str(tmp_path / "out")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0] == "alice: 10/10"
    assert out[1].startswith("bob: 0/10 (could not load the submission: ")  # and grading went on
    bob = json.loads((tmp_path / "out" / "bob" / "results.json").read_text())
    assert bob["score"] == 0 and all(t["status"] == "failed" for t in bob["tests"])
    validate(bob, json.loads(SCHEMA.read_text()))
    assert "could not load" in (tmp_path / "out" / "bob" / "feedback.html").read_text()


def test_a_folder_graded_two_at_a_time_gives_the_same_lines(assignment_file, tmp_path, capsys):
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(CORRECT, folder / "alice.py")
    (folder / "bob.py").write_text("this is not python\n")
    code = main(["grade", assignment_file, str(folder), "--workers", "2", "--quiet", "-o", str(tmp_path / "out")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0] == "alice: 10/10" and out[1].startswith("bob: 0/10 (could not load the submission: ")
    assert json.loads((tmp_path / "out" / "alice" / "results.json").read_text())["score"] == 10


def test_a_folder_graded_on_a_dask_cluster(assignment_file, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(CORRECT, folder / "alice.py")
    (folder / "bob.py").write_text("this is not python\n")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        done = subprocess.run([sys.executable, "-m", "npw", "grade", assignment_file, str(folder), "--quiet",
                               "--dask", cluster.scheduler_address, "-o", str(tmp_path / "out")],
                              capture_output=True, text=True, timeout=300, cwd=ROOT,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stderr
    assert lines[0] == "alice: 10/10" and lines[1].startswith("bob: 0/10 (could not load the submission: ")
    assert json.loads((tmp_path / "out" / "alice" / "results.json").read_text())["score"] == 10


def test_an_unreachable_dask_scheduler_is_one_line(assignment_file, capsys):
    pytest.importorskip("dask.distributed")
    code = main(["grade", assignment_file, str(CORRECT), "--dask", "tcp://127.0.0.1:9", "--quiet"])
    assert code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_submission_cannot_read_the_assignment_or_its_neighbours(tmp_path, capsys):
    from npw.sandbox import capabilities

    if "Landlock" not in capabilities().get("writes outside the folder", ""):
        pytest.skip("no Landlock on this machine: reads are not restricted (npw.sandbox.capabilities())")
    assignment = tmp_path / "assignment.toml"
    assignment.write_text(ASSIGNMENT)
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "alice.py").write_text("the answer of alice\n")
    snoop = folder / "mallory.py"
    snoop.write_text(pathlib.Path(CORRECT).read_text() + f"\nSTOLEN = open({str(assignment)!r}).read()\n")
    code = main(["grade", str(assignment), str(snoop), "--quiet"])
    line = capsys.readouterr().out.strip()
    assert code == 1 and line.startswith("mallory: 0/10 (could not load the submission: ") and "denied" in line, line
    # graded as one of a folder's files, a submission cannot read the others beside it
    (folder / "mallory.py").unlink()
    (folder / "eve.py").write_text(pathlib.Path(CORRECT).read_text() +
                                   f"\nSTOLEN = open({str(folder / 'alice.py')!r}).read()\n")
    main(["grade", str(assignment), str(folder), "--quiet"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("eve: 0/10 (could not load the submission: ") and "denied" in lines[1], lines


def test_proportional_scoring(tmp_path):
    text = ASSIGNMENT.replace("[points]\n", '[points]\nscoring = "proportional"\n')
    assignment = parse_assignment(text, str(tmp_path / "a.toml"))
    grade, _ = _graded(assignment, Submission("w", f"{WRONG}:MISSING_CONFLICTS"))
    partial = [c for c in grade.checks if 0 < c.score("proportional") < c.points]
    assert grade.score > 0
    assert all(c.failed and c.passed for c in partial)
    data = results_json(grade)
    assert data["score"] == pytest.approx(sum(t["score"] for t in data["tests"]))


def test_a_submission_of_other_problems_scores_zero(assignment_file, tmp_path):
    other = tmp_path / "other.py"
    other.write_text("from npw.reductions.registry import get_reduction\n"
                     "REDUCTION = get_reduction('vertexcover-to-indset')\n")
    grade, _ = _graded(load_assignment(assignment_file), Submission("x", str(other)))
    assert grade.score == 0 and "the assignment asks for 3sat to indset" in grade.error, grade.error


@pytest.mark.parametrize("text, message", [
    ("[assignment\n", "not TOML"),
    ('[assignment]\ntitle = "t"\nsource = "3sat"\n', "[assignment] needs target"),
    (ASSIGNMENT.replace('target = "indset"', 'target = "nonsense"'), "[assignment] target"),
    (ASSIGNMENT.replace("random = 10", "random = true"), "[streams] random must be an integer"),
    (ASSIGNMENT.replace("random = 10", "rnadom = 10"), "[streams] has no key 'rnadom'"),
    (ASSIGNMENT.replace("random = 10", ""), "[streams] gives no case"),
    (ASSIGNMENT + "[extra]\n", "unknown section [extra]"),
    (ASSIGNMENT.replace('"conflict-edges"', '"no-such-claim"'), "is not a claim of the reference"),
    (ASSIGNMENT.replace('reference = "3sat-to-indset"', 'reference = "vc-to-hs"'), "reference 'vc-to-hs'"),
    (ASSIGNMENT.replace("[points]\n", '[points]\nscoring = "curve"\n'), "scoring must be one of"),
])
def test_bad_assignment_is_one_line_exit_2(tmp_path, capsys, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main(["grade", str(path), CORRECT]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("npw: error: ") and message in err, err


def test_bad_submission_names_are_exit_2(assignment_file, tmp_path, capsys):
    assert main(["grade", assignment_file, str(tmp_path / "missing.py")]) == 2
    assert main(["grade", assignment_file, str(tmp_path / "notes.txt")]) == 2
    assert main(["grade", assignment_file]) == 2
    assert capsys.readouterr().err.count("npw: error: ") == 3


# -- hostile submissions: each is stopped, loses the check it broke, and grading goes on ----------

HOSTILE_ASSIGNMENT = """
[assignment]
title = "hostile"
source = "3sat"
target = "indset"
[streams]
random = 3
seed = 0
[limits]
call_seconds = 4
wall_seconds = 60
cpu_seconds = 20
memory_mb = 512
[points]
yes_answers = 1
no_answers = 1
forward = 1
backward = 1
"""

# forward misbehaves; reduce and backward are the correct example's
HOSTILE = {
    "loops": "while True:\n        pass",
    "memory": "hoard = []\n    while True:\n        hoard.append(bytearray(1 << 24))",
    "forks": "import os, time\n    for _ in range(40):\n        if os.fork() == 0:\n            time.sleep(20)\n"
             "            os._exit(0)\n    time.sleep(20)",
    "writes_outside": "open(OUTSIDE, 'w').write('escaped')\n    import time\n    time.sleep(20)",
}


def _hostile_file(folder, name, body, outside):
    # the correct example beside it: a submission reads only its own folder (and npw's code)
    correct = folder / "correct_example.py"
    shutil.copy(CORRECT, correct)
    text = (f"import dataclasses, importlib.util\n"
            f"OUTSIDE = {str(outside)!r}\n"
            f"spec = importlib.util.spec_from_file_location('correct_example', {str(correct)!r})\n"
            f"correct = importlib.util.module_from_spec(spec)\n"
            f"spec.loader.exec_module(correct)\n\n\n"
            f"def forward(formula, assignment):\n    {body}\n\n\n"
            f"REDUCTION = dataclasses.replace(correct.REDUCTION, forward=forward)\n")
    path = folder / f"{name}.py"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_submission_is_stopped_and_loses_only_that_check(tmp_path, name):
    from npw.sandbox import capabilities

    if name == "writes_outside" and capabilities().get("writes outside the folder") == "not prevented":
        pytest.skip("this machine's sandbox does not prevent writes outside the folder")
    outside = tmp_path / "outside.txt"
    assignment = parse_assignment(HOSTILE_ASSIGNMENT, str(tmp_path / "a.toml"))
    path = _hostile_file(tmp_path, name, HOSTILE[name], outside)
    grade, _ = _graded(assignment, Submission(name, path), shrink_seconds=1)
    scores = {c.name: c.score(grade.scoring) for c in grade.checks}
    assert scores["forward certificates"] == 0, scores
    assert scores["yes->yes answers"] == scores["no->no answers"] == scores["backward certificates"] == 1, \
        [c.output(grade.scoring) for c in grade.checks]
    forward = next(c for c in grade.checks if c.name == "forward certificates")
    assert forward.reasons and all(r for r in forward.reasons)  # the reason is in the feedback
    assert "forward" in results_json(grade)["tests"][2]["output"]
    assert not outside.exists()
    # grading goes on: the next submission in the same process is graded in full
    after, _ = _graded(assignment, Submission("ok", CORRECT))
    assert after.score == after.max_score


def test_a_program_submission_over_the_exec_protocol(assignment_file, tmp_path, capsys):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    # node reserves much address space at start: the assignment's memory limit must allow it
    path = tmp_path / "node.toml"
    path.write_text(ASSIGNMENT.replace("[limits]\n", "[limits]\nmemory_mb = 8192\n"))
    program = f"{node} {EXAMPLES / 'exec' / '3sat_to_indset.js'}"
    assert main(["grade", str(path), "--exec", program, "-o", str(tmp_path / "out"), "--quiet"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.endswith(": 10/10"), line
    (folder,) = (tmp_path / "out").iterdir()
    validate(json.loads((folder / "results.json").read_text()), json.loads(SCHEMA.read_text()))


def test_each_submission_child_ends_after_grading(assignment_file):
    import os
    import time

    from npw.cli.guard import descendants
    from npw.grade import close_submission

    before = set(descendants(os.getpid()))  # other tests' children, ended at exit
    grade, reduction = grade_submission(load_assignment(assignment_file), Submission("ok", CORRECT))
    assert grade.score == grade.max_score
    assert set(descendants(os.getpid())) - before  # the sandboxed child serving the submission
    close_submission(reduction)
    deadline = time.monotonic() + 5
    while set(descendants(os.getpid())) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not set(descendants(os.getpid())) - before
