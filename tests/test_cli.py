"""The npw command: every command once, and bad input as one line with exit status 2."""

import json
import subprocess
import sys

import pytest

from npw.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list(capsys):
    code, out, _ = run(capsys, "list", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"cnf", "1in3sat", "224sat"} <= {p["id"] for p in data["problems"]}
    assert "1in3sat-to-224sat" in {r["id"] for r in data["reductions"]}


def test_generate_reduce_solve_pipeline(capsys, tmp_path):
    source = tmp_path / "f.json"
    assert run(capsys, "generate", "1in3sat", "-g", "planted", "-p", "num_vars=12", "--seed", "4",
               "-o", str(source))[0] == 0
    target = tmp_path / "t.json"
    assert run(capsys, "reduce", "1in3sat-to-224sat", str(source), "-o", str(target))[0] == 0
    code, out, _ = run(capsys, "solve", str(target), "--json")
    result = json.loads(out)
    assert code == 0 and result["answer"] == "YES" and len(result["certificate"]) == result["stats"]["variables"]
    code, out, _ = run(capsys, "solve", str(source), "--backend", "brute")
    assert out.splitlines()[0] == "YES"
    dimacs = tmp_path / "t.cnf"
    assert run(capsys, "reduce", "1in3sat-to-224sat", str(source), "--emit", "dimacs", "-o", str(dimacs))[0] == 0
    code, out, _ = run(capsys, "solve", str(dimacs), "--backend", "sat:cadical")
    assert out.splitlines()[0] == "YES"
    code, out, _ = run(capsys, "solve", str(target), "--emit", "smt2")
    assert "(check-sat)" in out


def test_generate_enumerate_prints_counts(capsys):
    code, out, _ = run(capsys, "generate", "1in3sat", "--enumerate", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == 164 and "renaming" in data["meaning"]


def test_verify_json_and_exit_status(capsys):
    code, out, _ = run(capsys, "verify", "1in3sat-to-224sat", "--exhaustive", "2", "--random", "50",
                       "--seed", "1", "--json", "--quiet")
    data = json.loads(out)
    assert code == 0 and data["cases"] == 214 and data["mismatches"] == 0 and data["source_no"] > 0


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("{not json", "invalid JSON"),
    ('{"problem": "224sat", "num_vars": 1, "clauses": [[1, 1, 1, -1]]}', "x1 occurs 3 times unnegated"),
    ('[1, 2]', "must be a JSON object"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, content, message):
    path = tmp_path / "in.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and str(path) in err


def test_malformed_dimacs_and_usage_errors(capsys, tmp_path):
    path = tmp_path / "bad.cnf"
    path.write_text("p cnf 2 1\n1 5 0\n")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and "exceeds the 2 variables" in err and len(err.splitlines()) == 1
    for argv in (["verify", "nope-to-nothing", "--random", "3"], ["frobnicate"],
                 ["generate", "1in3sat", "-p", "bogus=1"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1, (argv, err)


def test_output_is_written_whole_or_not_at_all(capsys, tmp_path):
    code, _, err = run(capsys, "generate", "1in3sat", "-o", str(tmp_path / "missing" / "f.json"))
    assert code == 2 and len(err.splitlines()) == 1
    assert not (tmp_path / "missing").exists()
    assert list(tmp_path.iterdir()) == []


def test_entry_point_runs_as_a_program(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"problem": "1in3sat", "num_vars": 2, "clauses": [[1, 2]]}')
    done = subprocess.run([sys.executable, "-m", "npw", "solve", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "clause c1 has 2 literals" in done.stderr


def test_unknown_backend_or_sat_solver_is_bad_input(capsys, tmp_path):
    path = tmp_path / "f.json"
    assert run(capsys, "generate", "1in3sat", "-o", str(path))[0] == 0
    for backend in ("nope", "sat:nosuchsolver"):
        code, _, err = run(capsys, "solve", str(path), "--backend", backend)
        assert code == 2 and len(err.strip().splitlines()) == 1 and ("unknown" in err or "no backend" in err)


def test_version_and_one_line_errors(capsys):
    import npw

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"npw {npw.__version__}"
    code, _, err = run(capsys, "--no-such-option")
    assert code == 2 and "npw: error: npw:" not in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "verify", "1in3sat-to-224sat", "--exhaustive", "1", "--bogus")
    assert code == 2 and err.startswith("npw: error: ") and "--bogus" in err


def test_reduce_takes_a_reductions_declared_options_and_nothing_else(capsys, tmp_path):
    source = tmp_path / "f.json"
    source.write_text(json.dumps({"problem": "224sat", "version": 1, "num_vars": 1, "clauses": [[1, 1, -1, -1]]}))
    for argv, message in ((("--unit", "x"), "invalid int value"), (("--colour", "2"), "unrecognized arguments"),
                          (("--additive", "-1"), "must be >= 0")):
        code, _, err = run(capsys, "reduce", "224sat-to-npuz", str(source), *argv)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    code, _, err = run(capsys, "reduce", "224sat-to-npuz", str(source), "--unit", "1", "--emit", "oneline")
    assert code == 0
    code, _, err = run(capsys, "reduce", "224sat-to-npuz", str(source), "--emit", "dimacs")
    assert code == 2 and "compact JSON summary" in err


def test_render_checks_the_reduced_from_field(capsys, tmp_path):
    source = tmp_path / "f.json"
    source.write_text(json.dumps({"problem": "224sat", "version": 1, "num_vars": 1, "clauses": [[1, 1, -1, -1]]}))
    board = tmp_path / "g.json"
    assert run(capsys, "reduce", "224sat-to-npuz", str(source), "--unit", "1", "-o", str(board))[0] == 0
    data = json.loads(board.read_text())
    assert data["reduced_from"]["reduction"] == "224sat-to-npuz" and data["reduced_from"]["options"]["unit"] == 1
    data["reduced_from"]["options"]["unit"] = 2  # no longer what the field says it came from
    board.write_text(json.dumps(data))
    code, _, err = run(capsys, "render", str(board), "-o", str(tmp_path / "g.svg"))
    assert code == 2 and "not what 224sat-to-npuz builds" in err
    data["reduced_from"]["source"] = {"problem": "224sat", "version": 1, "num_vars": 1}
    board.write_text(json.dumps(data))
    code, _, err = run(capsys, "render", str(board), "-o", str(tmp_path / "g.svg"))
    assert code == 2 and "bad 'reduced_from' field (missing field 'clauses')" in err
    assert not (tmp_path / "g.svg").exists()


def test_no_reduction_id_in_the_command_line():
    """The command line is generic: what is special about a reduction lives with the reduction."""
    from pathlib import Path

    import npw.cli
    from npw.reductions.registry import reduction_ids

    folder = Path(npw.cli.__file__).parent
    text = "\n".join(path.read_text() for path in folder.glob("*.py"))
    assert not [rid for rid in reduction_ids() if f'"{rid}"' in text or f"'{rid}'" in text]
