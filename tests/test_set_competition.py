"""Competition-ready instance sets (issue 37): DIMACS metadata comment lines written and read
back by check-set, the --proofs hook, the HTML hardness report, puzzle sets through the seeds'
reductions with their answers carried."""

import hashlib
import json
import sys
import types

import pytest

from npw.cli import main
from npw.verify.sets import check_set, dimacs_metadata, regenerate, write_set
from npw.verify.set_report import measure_set, render_report


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def rehash(folder, entry_index, fmt, text):
    """Writes ``text`` as the file and puts its hash in the manifest (a consistent edit)."""
    manifest = json.loads((folder / "manifest.json").read_text())
    entry = manifest["instances"][entry_index]
    (folder / entry["files"][fmt]).write_text(text)
    entry["sha256"][fmt] = hashlib.sha256(text.encode()).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest))


def test_dimacs_files_carry_metadata_read_back_and_checked(tmp_path):
    folder = tmp_path / "no"
    manifest = write_set(folder, "1in3sat", 2, 3, "certified-no", {"num_vars": 7})
    assert manifest["dimacs_comments"] is True
    for entry in manifest["instances"]:
        text = (folder / entry["files"]["dimacs"]).read_text()
        found = dimacs_metadata(text)
        assert found["expected"] == "UNSAT" and found["answer"] == "NO"
        assert found["generator"] == "certified-no" and found["problem"] == "1in3sat"
        assert found["seed"] == str(entry["seed"]) and json.loads(found["parameters"]) == {"num_vars": 7}
        assert found["benchmark"] == entry["name"] and found["answer-by"].startswith("construction")
        # the header comes first, after the provenance record's line and before the p line
        lines = text.splitlines()
        assert lines[0].startswith("c provenance {") and lines[1] == f"c benchmark: {entry['name']}"
        assert lines.index(next(l for l in lines if l.startswith("p cnf"))) > len(found)
    result = check_set(folder, timeout=20)
    assert result["ok"], result["problems"]
    assert result["metadata_checked"] == 2 and result["answers_confirmed"] == 2
    # the set regenerates byte for byte, header included
    again = tmp_path / "again"
    regenerate(folder / "manifest.json", again)
    assert (again / "1in3sat-00001.cnf").read_text() == (folder / "1in3sat-00001.cnf").read_text()
    # a header that states another answer, its hash made consistent: named by check-set
    text = (folder / "1in3sat-00000.cnf").read_text().replace("c expected: UNSAT", "c expected: SAT")
    rehash(folder, 0, "dimacs", text)
    result = check_set(folder, timeout=20)
    assert not result["ok"]
    assert any("metadata comments differ from the manifest's (expected)" in p for p in result["problems"])


def test_yes_header_and_sets_without_header(tmp_path):
    planted = write_set(tmp_path / "yes", "1in3sat", 1, 0, "planted", {"num_vars": 6})
    text = (tmp_path / "yes" / planted["instances"][0]["files"]["dimacs"]).read_text()
    assert dimacs_metadata(text)["expected"] == "SAT"
    # a set written without the header (as before it existed) has none and still checks
    plain = write_set(tmp_path / "plain", "1in3sat", 1, 0, "planted", {"num_vars": 6}, dimacs_comments=False)
    text = (tmp_path / "plain" / plain["instances"][0]["files"]["dimacs"]).read_text()
    assert dimacs_metadata(text) == {} and text.startswith("c provenance ")
    result = check_set(tmp_path / "plain", timeout=20)
    assert result["ok"] and result["metadata_checked"] == 0


def test_proofs_refused_in_one_line_without_the_proof_module(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "npw.solvers.proof", None)  # import fails as where the module is absent
    code, out, err = run(capsys, "generate", "1in3sat", "--set", tmp_path / "s", "--count", 1, "-g", "certified-no",
                         "--proofs")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == ["npw: error: --proofs needs npw.solvers.proof (DRAT proofs of NO answers), "
                                        "which this npw does not have"]
    assert not (tmp_path / "s").exists()


def test_proofs_written_and_checked_through_the_proof_module(tmp_path, monkeypatch):
    from npw.solvers.result import Answer
    from npw.solvers import export

    checked = []

    def refute(instance, timeout=None):
        dimacs = export(instance, "dimacs")
        return types.SimpleNamespace(answer=Answer.NO, proof="0\n", dimacs=dimacs, reason="")

    def check_drat(dimacs, proof, timeout=None):
        checked.append(dimacs)
        return types.SimpleNamespace(verdict="VERIFIED" if proof == "0\n" else "REJECTED", reason="not a refutation")

    fake = types.ModuleType("npw.solvers.proof")
    fake.refute, fake.check_drat = refute, check_drat
    monkeypatch.setitem(sys.modules, "npw.solvers.proof", fake)
    manifest = write_set(tmp_path / "s", "1in3sat", 2, 0, "certified-no", {"num_vars": 6}, proofs=True)
    assert manifest["proofs"] is True
    assert [e["files"]["proof"] for e in manifest["instances"]] == ["1in3sat-00000.drat", "1in3sat-00001.drat"]
    result = check_set(tmp_path / "s", timeout=20)
    assert result["ok"] and result["confirmed_by_proof"] == 2
    assert "\nc benchmark: " in checked[-1]  # the set's own DIMACS file, header and all, is checked
    rehash(tmp_path / "s", 1, "proof", "1 0\n")
    result = check_set(tmp_path / "s", timeout=20)
    assert result["confirmed_by_proof"] == 1
    assert any("1in3sat-00001.drat: REJECTED" in p for p in result["problems"])


def test_report_shows_every_instance_and_flags_a_wrong_answer(capsys, tmp_path):
    folder = tmp_path / "s"
    write_set(folder, "1in3sat", 3, 1, "random", {"num_vars": 8}, answers=True, timeout=20)
    page = tmp_path / "report.html"
    code, out, err = run(capsys, "check-set", folder, "--report", page, "--report-timeout", 20)
    assert code == 0, out + err
    html = page.read_text()
    for index in range(3):
        assert f"<td>1in3sat-0000{index}</td>" in html
    assert "<script" not in html and html.count("<svg") == 2
    assert html.count('class="good">agrees') == 6  # two deciders on each of three instances
    assert "hardness report, runs: 6 agrees" in out
    # the manifest's answer flipped: both runs on that instance disagree, and check-set fails
    manifest = json.loads((folder / "manifest.json").read_text())
    entry = manifest["instances"][0]
    entry["answer"] = {"YES": "NO", "NO": "YES"}[entry["answer"]]
    (folder / "manifest.json").write_text(json.dumps(manifest))
    report = measure_set(folder, timeout=20)
    assert report["counts"]["DISAGREES"] == 2 and report["counts"]["agrees"] == 4
    assert render_report(report).count('class="bad">DISAGREES') == 2
    code, out, _ = run(capsys, "check-set", folder, "--report", page, "--report-timeout", 20)
    assert code == 1 and "2 decider runs disagree" in out


def test_report_lists_a_tampered_instance_undecided(tmp_path):
    folder = tmp_path / "s"
    write_set(folder, "1in3sat", 2, 1, "planted", {"num_vars": 6})
    (folder / "1in3sat-00001.json").write_text("{}")
    report = measure_set(folder, timeout=20)
    assert report["instances"][1]["runs"] == []
    assert "SHA-256 differs" in report["instances"][1]["error"]
    assert "SHA-256 differs" in render_report(report)


@pytest.mark.parametrize("generator, answer", [("planted", "YES"), ("certified-no", "NO")])
def test_puzzle_via_set_carries_answers(capsys, tmp_path, generator, answer):
    folder = tmp_path / generator
    code, out, err = run(capsys, "generate", "--set", folder, "--count", 2, "--via", "3partition-to-bwp",
                         "-g", generator, "-p", "m=2", "-p", "bound=21", "--formats", "json")
    assert code == 0, err
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["problem"] == "bwp" and manifest["via"]["source"] == "3partition"
    assert [e["answer"] for e in manifest["instances"]] == [answer, answer]
    assert all("through 3partition-to-bwp" in e["answer_by"] for e in manifest["instances"])
    assert all(("certificate" in e["files"]) == (answer == "YES") for e in manifest["instances"])
    result = check_set(folder, timeout=20)
    assert result["ok"], result["problems"] + result["unconfirmed"]
    assert result["answers_confirmed"] == 2
