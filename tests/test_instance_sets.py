"""Instance sets (verify/sets.py, npw generate --set / --from-manifest, npw check-set):
round trips for several problems, byte-identical regeneration, corruption detected."""

import json
import os

import pytest

from npw.instances.registry import get_problem
from npw.verify.sets import read_set
from npw.cli import main

ROUND_TRIPS = [
    ("1in3sat", ["-g", "random", "-p", "num_vars=10", "-p", "ratio=0.6"], {"json", "dimacs", "smt2"}),
    ("224sat", [], {"json", "dimacs", "smt2"}),
    # a graph problem's set holds its graph in every graph file format too (each read back by check-set)
    ("hampath", ["-g", "random"], {"json", "dimacs", "hcp", "edge", "edgelist", "adjlist", "graphml", "gml"}),
    ("npuz", ["-g", "random", "-p", "n=3"], {"json", "dimacs", "oneline"}),
    ("rel", [], {"json", "dimacs"}),
]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def folder_bytes(folder):
    return {name: (folder / name).read_bytes() for name in sorted(os.listdir(folder))}


@pytest.mark.parametrize("problem, options, formats", ROUND_TRIPS, ids=[r[0] for r in ROUND_TRIPS])
def test_round_trip(capsys, tmp_path, npw_cache, problem, options, formats):
    folder = tmp_path / "set"
    code, out, err = run(capsys, "generate", problem, "--set", folder, "--count", 4, "--seed", 5, "--answers",
                         "--timeout", 20, *options)
    assert code == 0, err
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["problem"] == problem and set(manifest["formats"]) == formats
    entries = manifest["instances"]
    assert len(entries) == 4 and all(set(e["files"]) == formats for e in entries)
    assert all(e["answer"] in ("YES", "NO") and e["answer_by"] for e in entries)
    # every file named in the manifest exists, and nothing else
    assert sorted(os.listdir(folder)) == sorted(["manifest.json"] + [f for e in entries for f in e["files"].values()])

    instances = list(read_set(folder))
    assert len(instances) == 4
    for entry, instance in instances:
        instance.validate()
        assert instance.size() == entry["size"]
        assert instance == get_problem(problem).generate(manifest["generator"], entry["seed"], **manifest["params"])

    code, out, err = run(capsys, "check-set", folder, "--json")
    result = json.loads(out)
    assert code == 0 and result["ok"], result["problems"]
    assert result["answers_confirmed"] == result["answers_known"] == 4
    assert result["files"] == 4 * len(formats)

    again = tmp_path / "again"
    code, _, err = run(capsys, "generate", "--from-manifest", folder / "manifest.json", "--set", again)
    assert code == 0, err
    assert folder_bytes(again) == folder_bytes(folder)


def test_npuz_oneline_is_the_start_board(capsys, tmp_path):
    folder = tmp_path / "set"
    assert run(capsys, "generate", "npuz", "--set", folder, "--count", 1, "--formats", "oneline")[0] == 0
    (entry, instance), = read_set(folder)
    line = (folder / entry["files"]["oneline"]).read_text()
    assert line == " ".join(map(str, instance.start)) + "\n"


@pytest.fixture
def small_set(capsys, tmp_path):
    folder = tmp_path / "set"
    code, _, err = run(capsys, "generate", "1in3sat", "--set", folder, "--count", 3, "--seed", 2, "--answers",
                       "-p", "num_vars=9")
    assert code == 0, err
    assert run(capsys, "check-set", folder)[0] == 0
    return folder


def _entry(folder, index=1):
    return json.loads((folder / "manifest.json").read_text())["instances"][index]


def _rehash(folder, index, fmt):
    """The manifest made to state the edited file's hash (a set edited with its manifest): the
    checks past the checksum then have to find the change."""
    import hashlib

    manifest_path = folder / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    entry = manifest["instances"][index]
    entry["sha256"][fmt] = hashlib.sha256((folder / entry["files"][fmt]).read_bytes()).hexdigest()
    manifest_path.write_text(json.dumps(manifest))


def test_check_set_fails_on_an_edited_dimacs_file(capsys, small_set):
    path = small_set / _entry(small_set)["files"]["dimacs"]
    lines = path.read_text().splitlines()
    clause = next(i for i, line in enumerate(lines) if line and line[0] not in "cp")
    lines[clause] = "-" + lines[clause] if not lines[clause].startswith("-") else lines[clause][1:]
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "check-set", small_set, "--json")
    result = json.loads(out)
    assert code == 1 and not result["ok"]
    # a file that fails its checksum is reported and not looked at further
    assert [p for p in result["problems"] if path.name in p] == [f"{path.name}: SHA-256 differs from the manifest's "
                                                                 f"(not read further)"]
    _rehash(small_set, 1, "dimacs")
    code, out, _ = run(capsys, "check-set", small_set, "--json")
    problems = json.loads(out)["problems"]
    assert code == 1 and not any("SHA-256" in p for p in problems)
    assert any("does not match the dimacs export" in p for p in problems)


def test_check_set_fails_on_a_changed_instance_and_a_wrong_answer(capsys, small_set):
    entry = _entry(small_set, 0)
    path = small_set / entry["files"]["json"]
    data = json.loads(path.read_text())
    data["clauses"] = data["clauses"][:-1]  # still a valid instance, but not the one generated
    path.write_text(json.dumps(data))
    _rehash(small_set, 0, "json")
    manifest_path = small_set / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["instances"][2]["answer"] = {"YES": "NO", "NO": "YES"}[manifest["instances"][2]["answer"]]
    manifest_path.write_text(json.dumps(manifest))
    code, out, _ = run(capsys, "check-set", small_set)
    assert code == 1
    assert "differs from its regeneration" in out and "does not match the dimacs export" in out
    assert "1in3sat-00002: recorded" in out and "FAILED" in out


def test_check_set_fails_on_invalid_json_and_a_missing_file(capsys, small_set):
    (small_set / _entry(small_set, 0)["files"]["json"]).write_text('{"problem": "1in3sat", "num_vars": -1}')
    _rehash(small_set, 0, "json")
    os.unlink(small_set / _entry(small_set, 1)["files"]["smt2"])
    code, out, _ = run(capsys, "check-set", small_set, "--json")
    problems = json.loads(out)["problems"]
    assert code == 1
    assert any("not a valid 1in3sat instance" in p for p in problems)
    assert any(".smt2: cannot be read" in p for p in problems)


def test_bad_input_is_one_line_and_writes_nothing(capsys, tmp_path):
    cases = [
        ("generate", "npuz", "--set", tmp_path / "a", "--count", 2, "--formats", "xyz"),
        ("generate", "npuz", "--set", tmp_path / "a", "--count", 2, "-p", "bogus=1"),
        ("generate", "npuz", "--set", tmp_path / "a", "--count", 0),
        ("generate", "nosuchproblem", "--set", tmp_path / "a", "--count", 2),
        ("generate", "npuz", "--set", tmp_path / "a"),
        ("generate", "--from-manifest", tmp_path / "missing.json", "--set", tmp_path / "a"),
        ("check-set", tmp_path),
    ]
    for argv in cases:
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    assert os.listdir(tmp_path) == []  # no folder, no staging leftovers


def test_failure_mid_set_leaves_no_folder(tmp_path, monkeypatch):
    import npw.verify.sets as sets

    real, calls = sets.instance_files, []

    def failing_third(instance, name, formats, *refused):
        calls.append(name)
        if len(calls) == 3:
            raise OSError("disk full (simulated)")
        return real(instance, name, formats, *refused)

    monkeypatch.setattr(sets, "instance_files", failing_third)
    with pytest.raises(OSError):
        sets.write_set(tmp_path / "a", "1in3sat", 5, seed=1)
    assert len(calls) == 3 and os.listdir(tmp_path) == []


def test_answers_known_by_construction_are_recorded_and_confirmed(capsys, tmp_path):
    folder = tmp_path / "set"
    for generator, answer in (("planted", "YES"), ("certified-no", "NO")):
        target = folder / generator
        assert run(capsys, "generate", "1in3sat", "-g", generator, "--set", target, "--count", 2,
                   "-p", "num_vars=8")[0] == 0
        entries = json.loads((target / "manifest.json").read_text())["instances"]
        assert all(e["answer"] == answer and e["answer_by"].startswith("construction") for e in entries)
        code, out, _ = run(capsys, "check-set", target, "--json")
        assert code == 0 and json.loads(out)["answers_confirmed"] == 2


def test_every_registered_problem_round_trips(tmp_path, npw_cache):
    from npw.instances.registry import builtin_problem_modules
    from npw.verify.sets import check_set, regenerate, write_set

    for problem in builtin_problem_modules():  # built-ins; other tests register problems without generators
        folder, again = tmp_path / problem, tmp_path / f"{problem}-again"
        manifest = write_set(folder, problem, 2, seed=4, answers=True, timeout=20)
        assert all(e["answer"] in ("YES", "NO", "UNKNOWN") for e in manifest["instances"]), problem
        result = check_set(folder, timeout=20)
        assert result["ok"], (problem, result["problems"])
        assert result["answers_confirmed"] == result["answers_known"], problem
        regenerate(folder / "manifest.json", again)
        assert folder_bytes(again) == folder_bytes(folder), problem


def test_timeout_records_unknown(capsys, tmp_path):
    folder = tmp_path / "set"
    code, out, err = run(capsys, "generate", "1in3sat", "-g", "positive", "-p", "num_vars=3000", "-p", "ratio=0.63",
                         "--set", folder, "--count", 2, "--answers", "--timeout", 0.01, "--formats", "dimacs", "--json")
    assert code == 0, err
    entries = json.loads((folder / "manifest.json").read_text())["instances"]
    assert [e["answer"] for e in entries] == ["UNKNOWN", "UNKNOWN"]
    assert all(e["answer_by"].startswith("sat") for e in entries)
    code, out, _ = run(capsys, "check-set", folder, "--json")
    result = json.loads(out)
    assert code == 0 and result["answers_known"] == 0  # nothing to confirm, nothing claimed
