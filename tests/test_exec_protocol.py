"""The standard-streams protocol (npw.exec_process, npw.serve, ``npw verify --exec`` / ``--sandbox``):
the C and JavaScript examples pass, their wrong variants fail with a counterexample, the Python
adapter serves a built-in reduction and a user's file, and a program that crashes, hangs, prints
garbage or answers an error is a finding of the case, never a crash of npw."""

from __future__ import annotations

import json
import re
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import npw.exec_process as exec_process
from npw.api import ThreeSat
from npw.cli import main
from npw.exec_process import ExecError, close_reduction, exec_reduction
from npw.verify.run import VerifySettings, run_verification

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "exec"
SCHEMA = json.loads((ROOT / "docs" / "schemas" / "protocols" / "exec_protocol.schema.json").read_text())
STREAM = ["--exhaustive", "1", "--random", "20", "--quiet", "--json"]
# the adapter's child imports npw from this tree, whatever the sandbox's environment is
PYTHON_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def _verify(argv: list[str], capsys) -> tuple[int, dict]:
    status = main(["verify", *argv])
    out = capsys.readouterr().out
    return status, json.loads(out) if out.strip() else {}


@pytest.fixture(scope="module")
def c_programs(tmp_path_factory) -> tuple[str, str]:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    folder = tmp_path_factory.mktemp("exec_c")
    right, wrong = str(folder / "right"), str(folder / "wrong")
    source = str(EXAMPLES / "3sat_to_indset.c")
    subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-o", right, source], check=True)
    subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-DWRONG", "-o", wrong, source], check=True)
    return right, wrong


def test_c_example_passes_and_its_wrong_variant_fails(c_programs, capsys):
    right, wrong = c_programs
    status, report = _verify(["--exec", right, *STREAM], capsys)
    assert status == 0 and report["passed"] and report["cases"] == 44
    assert report["confusion"] == {"NO->NO": 9, "YES->YES": 35}
    status, report = _verify(["--exec", wrong, *STREAM], capsys)
    assert status == 1 and not report["passed"] and report["mismatches"] > 0
    shrunk = report["counterexamples"][0]["shrunk"]
    assert report["counterexamples"][0]["kind"] == "mismatch"
    assert shrunk["num_vars"] == 1 and len(shrunk["clauses"]) == 2  # shrunk: (x x x) and (-x -x -x)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_example_passes_and_its_wrong_variant_fails(capsys):
    script = str(EXAMPLES / "3sat_to_indset.js")
    status, report = _verify(["--exec", f"node {script}", *STREAM], capsys)
    assert status == 0 and report["passed"] and report["cases"] == 44
    status, report = _verify(["--exec", f"node {script} --wrong", *STREAM], capsys)
    assert status == 1 and report["mismatches"] > 0 and report["counterexamples"][0]["kind"] == "mismatch"
    assert len(report["counterexamples"][0]["shrunk"]["clauses"]) == 2


def test_reduce_exec_writes_the_programs_target(c_programs, tmp_path, capsys):
    source = tmp_path / "f.json"
    source.write_text(json.dumps({"problem": "3sat", "num_vars": 3, "clauses": [[1, 2, 3], [-1, 2, 3]]}))
    assert main(["reduce", "--exec", c_programs[0], str(source)]) == 0
    target = json.loads(capsys.readouterr().out)
    assert (target["problem"], target["num_vertices"], target["k"]) == ("indset", 6, 2)
    assert [0, 3] in target["edges"] and [1, 4] not in target["edges"]


def test_reduce_exec_says_in_one_line_when_the_program_fails(misbehaving, tmp_path, capsys):
    source = tmp_path / "f.json"
    source.write_text(json.dumps({"problem": "3sat", "num_vars": 1, "clauses": [[1, 1, 1]]}))
    assert main(["reduce", "--exec", f"{sys.executable} {misbehaving} error", str(source)]) == 2
    err = capsys.readouterr().err
    assert err == "npw: error: reduce: the program answered reduce with an error: odd formulas are not my job\n"


# -- the Python adapter ---------------------------------------------------------------------------


def test_adapter_serves_a_builtin_reduction():
    reduction = exec_reduction([sys.executable, "-m", "npw.serve", "3sat-to-indset"], env=PYTHON_ENV)
    assert (reduction.source, reduction.target, reduction.id) == ("3sat", "indset",
                                                                  f"exec:{sys.executable} -m npw.serve 3sat-to-indset")
    outcome = run_verification(reduction, VerifySettings(exhaustive=1, random=10))
    assert outcome.passed and outcome.report["cases"] == 34


def test_adapter_serves_a_user_file_in_the_sandbox(capsys):
    stream = ["--random", "12", "--quiet", "--json"]
    status, report = _verify([f"{ROOT}/examples/sat3_to_independent_set.py:REDUCTION", "--sandbox", *stream], capsys)
    assert status == 0 and report["passed"]
    status, report = _verify([f"{ROOT}/examples/sat3_to_independent_set_wrong.py:MISSING_CONFLICTS", "--sandbox",
                              "--random", "6", "--quiet", "--json"], capsys)
    assert status == 1 and report["mismatches"] > 0


def test_sandbox_needs_a_python_file_and_exec_refuses_workers(capsys):
    assert main(["verify", "3sat-to-indset", "--sandbox"]) == 2
    assert "--sandbox runs a Python file" in capsys.readouterr().err
    assert main(["verify", "--exec", "cat", "--workers", "2"]) == 2
    assert "--workers is not supported" in capsys.readouterr().err


# -- a program that misbehaves ---------------------------------------------------------------------

# answers hello and, on sources of an odd number of variables, misbehaves as MODE says; on the
# others it reduces correctly (so the cases after a crash show the program was started again)
MISBEHAVING = textwrap.dedent('''
    import json, sys, time
    mode = sys.argv[1]
    for line in sys.stdin:
        request = json.loads(line)
        op, source = request["op"], request.get("source")
        if op == "hello":
            print(json.dumps({"source": "3sat", "target": "indset", "ops": ["reduce", "backward"]}), flush=True)
            continue
        lits = [l for clause in source["clauses"] for l in clause]
        if op == "reduce" and source["num_vars"] % 2 == 1:
            if mode == "crash":
                print("about to crash", file=sys.stderr, flush=True)
                sys.exit(3)
            if mode == "memory":
                hoard = bytearray(64 * 1024 ** 3)
            if mode == "write-outside":
                open(sys.argv[2], "w").write("escaped")
            if mode == "hang":
                time.sleep(600)
            if mode == "garbage":
                print("this is not JSON", flush=True)
                continue
            if mode == "error":
                print(json.dumps({"error": "odd formulas are not my job"}), flush=True)
                continue
            if mode == "huge":
                print(json.dumps({"target": "x" * 5000}), flush=True)
                continue
            if mode == "wrong-problem":
                print(json.dumps({"target": {"problem": "clique", "num_vertices": 1, "edges": [], "k": 1}}), flush=True)
                continue
        if op == "reduce":
            n = len(lits)
            edges = [[a, b] for a in range(n) for b in range(a + 1, n) if a // 3 == b // 3 or lits[a] == -lits[b]]
            print(json.dumps({"target": {"problem": "indset", "num_vertices": n, "edges": edges,
                                         "k": len(source["clauses"])}}), flush=True)
        else:
            values = [False] * source["num_vars"]
            for v in request["certificate"]:
                values[abs(lits[v]) - 1] = lits[v] > 0
            print(json.dumps({"certificate": values}), flush=True)
''')


@pytest.fixture(scope="module")
def misbehaving(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("exec_bad") / "misbehaving.py"
    path.write_text(MISBEHAVING)
    return str(path)


@pytest.mark.parametrize("mode, says", [
    ("crash", "ended without answering reduce (exit status 3; stderr: about to crash)"),
    ("hang", "ran past the time bound of 0.5 s"),
    ("garbage", "answered reduce with a line that is not JSON"),
    ("error", "answered reduce with an error: odd formulas are not my job"),
    ("wrong-problem", "the answer to reduce is not a indset instance"),
    ("memory", "(stopped by the sandbox: memory; stderr: MemoryError)"),
    ("write-outside", "(stopped by the sandbox: wrote outside its folder; stderr: PermissionError"),
])
def test_a_misbehaving_program_is_a_finding_of_its_cases(misbehaving, mode, says, capsys, tmp_path):
    outside = tmp_path / "escaped.txt"
    status, report = _verify(["--exec", f"{sys.executable} {misbehaving} {mode} {outside}", "--random", "6",
                              "--timeout", "0.5", "--quiet", "--json"], capsys)
    assert not outside.exists()
    assert status == 1 and report["cases"] == 6
    failing = sum(report["failure_counts"].values())
    assert 0 < failing < 6  # the odd cases only: the program was started again after each crash
    details = " ".join(d for c in report["counterexamples"] for d in c["details"])
    assert says in details or (mode == "hang" and "gave no answer to reduce within 0.5 s" in details), details


def test_a_line_past_the_limit_is_refused(misbehaving, monkeypatch):
    monkeypatch.setattr(exec_process, "MAX_LINE_BYTES", 1000)
    reduction = exec_reduction([sys.executable, misbehaving, "huge"])
    with pytest.raises(ExecError, match="longer than"):
        reduction.reduce(ThreeSat(1, [(1, 1, 1)]))
    assert reduction.reduce(ThreeSat(2, [(1, 2, 2)])).k == 1  # started again, and answering


def test_a_program_that_does_not_answer_hello_is_one_line(tmp_path, capsys):
    assert main(["verify", "--exec", f"{sys.executable} -c pass", "--random", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("npw: error: --exec") and "ended without answering hello" in err and err.count("\n") == 1
    assert main(["verify", "--exec", "no-such-program-anywhere", "--random", "2"]) == 2
    assert "no program 'no-such-program-anywhere' on PATH" in capsys.readouterr().err


def test_a_forked_process_starts_its_own_program(c_programs):
    reduction = exec_reduction(c_programs[0])
    formula = ThreeSat(2, [(1, -2, 2)])
    assert reduction.reduce(formula).k == 1  # the parent's program is running
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own program, the parent's left alone
        try:
            os.write(write, str(reduction.reduce(formula).num_vertices).encode())
        finally:
            os._exit(0)
    os.close(write)
    assert os.read(read, 100) == b"3"
    os.close(read)
    os.waitpid(pid, 0)
    assert reduction.backward(formula, reduction.reduce(formula), (1,)) == (False, False)  # still answering


def test_close_reduction_ends_the_program_and_a_later_call_starts_it_again(c_programs):
    reduction = exec_reduction(c_programs[0])
    channel = reduction.reduce.exec_channel
    child = channel.child
    assert child is not None and child.poll() is None
    close_reduction(reduction)
    assert channel.child is None and child.poll() is not None and not os.path.exists(child.workdir)
    assert reduction.reduce(ThreeSat(1, [(1, 1, 1)])).k == 1


# -- the schema --------------------------------------------------------------------------------------


def _valid(value, schema, root=SCHEMA) -> bool:
    """The JSON Schema keywords the protocol's schema uses (jsonschema is not installed here)."""
    if schema is True or schema == {} or schema is None:
        return True
    if "$ref" in schema:
        node = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        return _valid(value, node, root)
    kinds = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any((isinstance(value, int) and not isinstance(value, bool)) if t == "integer"
                   else isinstance(value, kinds[t]) for t in types):
            return False
    if "const" in schema and value != schema["const"]:
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        return False
    if "oneOf" in schema and sum(_valid(value, s, root) for s in schema["oneOf"]) != 1:
        return False
    if "anyOf" in schema and not any(_valid(value, s, root) for s in schema["anyOf"]):
        return False
    if isinstance(value, dict):
        if any(key not in value for key in schema.get("required", ())):
            return False
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                if not _valid(item, properties[key], root):
                    return False
            elif schema.get("additionalProperties", True) is False:
                return False
            elif isinstance(schema.get("additionalProperties"), dict) and not _valid(item, schema["additionalProperties"], root):
                return False
    if isinstance(value, list) and "items" in schema:
        return all(_valid(item, schema["items"], root) for item in value)
    return True


def test_real_exchanges_follow_the_schema(c_programs):
    exchanges = []
    reduction = exec_reduction(c_programs[0], trace=lambda request, answer: exchanges.append((request, answer)))
    run_verification(reduction, VerifySettings(random=5))
    ops = {request["op"] for request, _ in exchanges}
    assert ops == {"hello", "reduce", "forward", "backward", "size"}
    request_schema, answer_schema = SCHEMA["$defs"]["request"], SCHEMA["$defs"]["answer"]
    for request, answer in exchanges:
        assert _valid(request, request_schema), request
        assert _valid(answer, answer_schema), answer
        assert _valid(request, SCHEMA) and _valid(answer, SCHEMA)
    # the checker can fail: a request of no op, an answer of a size that is text
    assert not _valid({"op": "cook"}, request_schema)
    assert not _valid({"op": "backward", "source": {"problem": "3sat"}}, request_schema)
    assert not _valid({"size": {"vertices": "nine"}}, SCHEMA["$defs"]["size_answer"])
