"""Benchmark sets with answers one can trust (issue 21): provenance in every generated file,
``npw generate --via REDUCTION`` target-side sets, ``npw check-set`` re-checking every answer."""

import hashlib
import json
import os

import pytest

from npw.cli import main
from npw.instances.registry import get_problem
from npw.verify import provenance
from npw.verify.sets import MANIFEST, read_set


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def manifest_of(folder):
    return json.loads((folder / MANIFEST).read_text())


def folder_bytes(folder):
    return {name: (folder / name).read_bytes() for name in sorted(os.listdir(folder))}


def test_generated_planted_hampath_carries_provenance_and_verifies_yes(capsys, tmp_path):
    path = tmp_path / "g.json"
    code, _, err = run(capsys, "generate", "hampath", "-g", "planted", "-p", "num_vertices=9", "--seed", 7, "-o", path)
    assert code == 0, err
    document = json.loads(path.read_text())
    record = document["provenance"]
    assert record["problem"] == "hampath" and record["generator"] == "planted" and record["seed"] == 7
    assert record["params"] == {"num_vertices": 9} and record["answer"] == "YES"
    assert record["answer_by"].startswith("construction") and record["npw_version"] == provenance.npw_version()
    # the file is an instance file like any other, and its answer holds without the path in the numbering
    code, out, _ = run(capsys, "solve", path, "--json")
    assert code == 0 and json.loads(out)["answer"] == "YES"
    problem = get_problem("hampath")
    path_planted = problem.planted_certificate("planted", 7, num_vertices=9)
    instance = problem.from_dict(document)
    assert instance.verify(path_planted) and path_planted != tuple(range(9))


def test_every_format_carries_the_manifest_record(capsys, tmp_path):
    cases = [("hampath", ["-g", "planted", "-p", "num_vertices=8"],
              {"json", "dimacs", "hcp", "edge", "edgelist", "adjlist", "graphml", "gml", "certificate"}),
             ("1in3sat", ["-g", "planted", "-p", "num_vars=8"], {"json", "dimacs", "smt2", "certificate"})]
    for problem, options, carrying in cases:
        folder = tmp_path / problem
        assert run(capsys, "generate", problem, "--set", folder, "--count", 2, "--seed", 3, *options)[0] == 0
        manifest = manifest_of(folder)
        for entry in manifest["instances"]:
            assert set(entry["files"]) == carrying
            for fmt, name in entry["files"].items():
                text = (folder / name).read_text()
                record = provenance.read("json" if fmt == "certificate" else fmt, text)
                assert record is not None, name
                assert record["seed"] == entry["seed"] and record["answer"] == "YES"
                assert record["generator"] == "planted" and record["set"]["index"] == entry["index"]
        # the exports stay readable by other tools' rules: the record sits in a comment
        entry = manifest["instances"][0]
        dimacs = (folder / entry["files"]["dimacs"]).read_text().splitlines()
        assert dimacs[0].startswith("c provenance {")
        assert sum(line.startswith("p cnf") for line in dimacs) == 1
    hcp = (tmp_path / "hampath" / manifest_of(tmp_path / "hampath")["instances"][0]["files"]["hcp"]).read_text()
    assert hcp.splitlines()[0].startswith("NAME") and hcp.splitlines()[1].startswith("COMMENT : provenance {")


def test_npuz_oneline_has_no_room_for_provenance_but_its_json_has_it(capsys, tmp_path):
    folder = tmp_path / "set"
    assert run(capsys, "generate", "npuz", "-g", "scrambled", "--set", folder, "--count", 1)[0] == 0
    (entry, instance), = read_set(folder)
    assert (folder / entry["files"]["oneline"]).read_text() == " ".join(map(str, instance.start)) + "\n"
    record = provenance.read("json", (folder / entry["files"]["json"]).read_text())
    assert record["answer"] == "YES" and record["generator"] == "scrambled"


@pytest.mark.parametrize("generator, answer", [("planted", "YES"), ("certified-no", "NO")])
def test_via_3partition_to_bwp_gives_bwp_of_known_answer_confirmed_by_check_set(capsys, tmp_path, generator, answer):
    folder = tmp_path / generator
    # B = 13, the smallest bound of the parity construction: a NO is decided in a few seconds
    code, out, err = run(capsys, "generate", "--via", "3partition-to-bwp", "-g", generator, "-p", "bound=13",
                         "--set", folder, "--count", 2, "--seed", 2)
    assert code == 0, err
    manifest = manifest_of(folder)
    assert manifest["problem"] == "bwp" and manifest["via"] == {"reductions": ["3partition-to-bwp"],
                                                                 "source": "3partition"}
    for entry, instance in read_set(folder):
        assert instance.problem == "bwp" and entry["answer"] == answer
        assert "3partition-to-bwp" in entry["answer_by"]
        assert ("certificate" in entry["files"]) == (answer == "YES")
        record = provenance.read("json", (folder / entry["files"]["json"]).read_text())
        assert record["via"]["source"] == "3partition" and record["problem"] == "bwp"
    code, out, _ = run(capsys, "check-set", folder, "--json", "--timeout", 60)
    result = json.loads(out)
    assert code == 0 and result["ok"], result
    assert result["answers_confirmed"] == result["answers_known"] == 2
    if answer == "YES":
        assert result["confirmed_by_certificate"] == 2
    else:
        assert result["confirmed_by_decider"] == 2
    assert result["provenance_checked"] == result["files"]
    if answer == "YES":  # the text summary (the NO side is slow enough to be decided once)
        code, out, _ = run(capsys, "check-set", folder)
        assert code == 0 and out.strip().splitlines()[-1].endswith("OK")
    again = tmp_path / f"{generator}-again"
    assert run(capsys, "generate", "--from-manifest", folder / MANIFEST, "--set", again)[0] == 0
    assert folder_bytes(again) == folder_bytes(folder)


def test_via_hampath_to_solochess_carries_the_path_as_a_capture_sequence(capsys, tmp_path):
    folder = tmp_path / "set"
    code, _, err = run(capsys, "generate", "solochess", "--via", "hampath-to-solochess-rook-pawn", "-p",
                       "num_vertices=6", "--set", folder, "--count", 2, "--formats", "json")
    assert code == 0, err
    for entry, instance in read_set(folder):
        assert entry["answer"] == "YES"  # planted is the default generator of a --via set
        document = json.loads((folder / entry["files"]["certificate"]).read_text())
        assert instance.verify(instance.certificate_from_json(document["certificate"]))
    result = json.loads(run(capsys, "check-set", folder, "--json")[1])
    assert result["ok"] and result["confirmed_by_certificate"] == 2


def test_via_a_path_of_reductions_gives_rel(capsys, tmp_path):
    folder = tmp_path / "set"
    code, _, err = run(capsys, "generate", "--via", "1in3sat-to-224sat,224sat-to-rel", "-p", "num_vars=4",
                       "-p", "num_clauses=2", "--set", folder, "--count", 1, "--formats", "json")
    assert code == 0, err
    manifest = manifest_of(folder)
    assert manifest["problem"] == "rel" and manifest["via"]["reductions"] == ["1in3sat-to-224sat", "224sat-to-rel"]
    result = json.loads(run(capsys, "check-set", folder, "--json")[1])
    assert result["ok"] and result["confirmed_by_certificate"] == 1


def test_single_generate_via_writes_the_target_with_its_provenance(capsys, tmp_path):
    code, out, err = run(capsys, "generate", "--via", "3partition-to-bwp", "-g", "certified-no", "--seed", 2)
    assert code == 0, err
    document = json.loads(out)
    assert document["problem"] == "bwp" and document["provenance"]["answer"] == "NO"
    assert document["provenance"]["via"] == {"reductions": ["3partition-to-bwp"], "source": "3partition"}
    get_problem("bwp").from_dict(document)


@pytest.fixture
def planted_set(capsys, tmp_path):
    folder = tmp_path / "set"
    code, _, err = run(capsys, "generate", "hampath", "-g", "planted", "-p", "num_vertices=8", "--set", folder,
                       "--count", 2, "--formats", "json")
    assert code == 0, err
    return folder


def _rewrite(folder, index, fmt, change):
    """Edits one file and records its new hash, so only the deeper checks can notice."""
    manifest = manifest_of(folder)
    entry = manifest["instances"][index]
    path = folder / entry["files"][fmt]
    path.write_text(change(path.read_text()))
    entry["sha256"][fmt] = hashlib.sha256(path.read_bytes()).hexdigest()
    (folder / MANIFEST).write_text(json.dumps(manifest))


def test_check_set_notices_edited_provenance(capsys, planted_set):
    def claim_no(text):
        document = json.loads(text)
        document["provenance"]["answer"] = "NO"
        return json.dumps(document)

    _rewrite(planted_set, 0, "json", claim_no)
    code, out, _ = run(capsys, "check-set", planted_set, "--json")
    result = json.loads(out)
    assert code == 1 and any("provenance differs from the manifest's (answer)" in p for p in result["problems"])


def test_check_set_rejects_a_wrong_carried_certificate(capsys, planted_set):
    def reverse_and_break(text):
        document = json.loads(text)
        path = document["certificate"]
        document["certificate"] = path[1:] + path[:1]  # a rotation: not a path of the planted graph's shape
        return json.dumps(document)

    _rewrite(planted_set, 1, "certificate", reverse_and_break)
    code, out, _ = run(capsys, "check-set", planted_set, "--json")
    result = json.loads(out)
    assert code == 1 and result["confirmed_by_certificate"] == 1
    assert any("checker rejects the certificate" in p for p in result["problems"])


def test_check_set_reports_unknown_apart_and_never_counts_it(capsys, tmp_path, monkeypatch):
    import npw.verify.sets as sets

    folder = tmp_path / "set"
    assert run(capsys, "generate", "3partition", "-g", "certified-no", "--set", folder, "--count", 2)[0] == 0
    monkeypatch.setattr(sets, "_decide", lambda instance, timeout, backend=None: ("UNKNOWN", f"{backend}:x"))
    code, out, _ = run(capsys, "check-set", folder)
    assert code == 1
    assert out.count("not confirmed: UNKNOWN") == 2
    assert "0 of 2 stated answers confirmed" in out and "2 UNKNOWN (not confirmed)" in out and "FAILED" in out


def test_a_set_without_provenance_still_checks(capsys, tmp_path):
    """Sets written before provenance existed: no records in the files, none expected."""
    folder = tmp_path / "set"
    assert run(capsys, "generate", "1in3sat", "-g", "planted", "-p", "num_vars=8", "--set", folder,
               "--count", 2)[0] == 0
    manifest = manifest_of(folder)
    del manifest["provenance"], manifest["npw_version"]
    for entry in manifest["instances"]:
        for fmt in list(entry["files"]):
            path = folder / entry["files"][fmt]
            if fmt == "certificate":
                path.unlink()
                del entry["files"][fmt], entry["sha256"][fmt]
                continue
            if fmt == "json":
                document = json.loads(path.read_text())
                del document["provenance"]
                path.write_text(json.dumps(document, separators=(",", ":")) + "\n")
            else:
                prefix = provenance.LINE_PREFIX[fmt]
                path.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                                        if not line.startswith(prefix)))
            entry["sha256"][fmt] = hashlib.sha256(path.read_bytes()).hexdigest()
    (folder / MANIFEST).write_text(json.dumps(manifest))
    code, out, _ = run(capsys, "check-set", folder, "--json")
    result = json.loads(out)
    assert code == 0 and result["ok"], result["problems"]
    assert result["provenance_checked"] == 0 and result["confirmed_by_decider"] == 2
    again = tmp_path / "again"
    code, _, err = run(capsys, "generate", "--from-manifest", folder / MANIFEST, "--set", again)
    assert code == 0, err
    instance_files = {k: v for k, v in folder_bytes(folder).items() if k != MANIFEST}
    assert {k: v for k, v in folder_bytes(again).items() if k != MANIFEST} == instance_files


@pytest.mark.parametrize("argv, message", [
    (["generate", "--via", "no-such-reduction"], "unknown reduction"),
    (["generate", "--via", "224sat-to-rel,1in3sat-to-224sat"], "gives rel instances"),
    (["generate", "npuz", "--via", "3partition-to-bwp"], "goes from 3partition to bwp, not npuz"),
    (["generate", "--via", "3partition-to-bwp", "-g", "nosuch"], "no generator"),
    (["generate", "--via", "3partition-to-bwp", "--enumerate", "3"], "does not go with --via"),
    (["check-set", "."], "no such manifest"),
])
def test_bad_via_and_check_set_input_is_one_line(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and message in err, err


def test_a_via_no_out_of_the_targets_reach_is_confirmed_on_the_source_and_said_so(capsys, tmp_path, monkeypatch):
    import npw.verify.sets as sets

    folder = tmp_path / "set"
    assert run(capsys, "generate", "--via", "3partition-to-bwp", "-g", "certified-no", "--set", folder,
               "--count", 2, "--formats", "json")[0] == 0
    real = sets._decide
    # every BWP decider out of time (as REL's are on the targets of even two-clause formulas)
    monkeypatch.setattr(sets, "_decide", lambda instance, timeout, backend=None: (
        ("UNKNOWN", f"{backend}:x") if instance.problem == "bwp" else real(instance, timeout, backend)))
    code, out, _ = run(capsys, "check-set", folder, "--json")
    result = json.loads(out)
    assert code == 0 and result["confirmed_on_source"] == 2 and result["confirmed_by_decider"] == 0
    code, out, _ = run(capsys, "check-set", folder)
    assert "2 by a decider on the source" in out


def test_generate_emit_writes_the_encoding_with_its_provenance_comment(capsys, tmp_path):
    from npw.instances.sat.cnf import CNF

    path = tmp_path / "solochess.cnf"
    code, _, err = run(capsys, "generate", "--via", "hampath-to-solochess-rook-pawn", "-p", "num_vertices=5",
                       "--seed", 4, "--emit", "dimacs", "-o", path)
    assert code == 0, err
    text = path.read_text()
    record = provenance.read("dimacs", text)
    assert record["problem"] == "solochess" and record["answer"] == "YES" and record["seed"] == 4
    assert record["via"]["source"] == "hampath-st"
    assert CNF.from_dimacs(text).num_vars > 0  # still plain DIMACS for another solver
    for argv in (["generate", "1in3sat", "--emit", "nosuch"],
                 ["generate", "1in3sat", "--emit", "dimacs", "--set", tmp_path / "s", "--count", 1],
                 ["generate", "1in3sat", "--emit", "dimacs", "--enumerate", 2]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1, (argv, err)


def test_an_export_refusing_an_instance_is_left_out_by_default_but_not_when_asked_for(capsys, tmp_path, monkeypatch):
    import npw.solvers as solvers
    from npw.instances.base import InvalidInstance

    real = solvers.export

    def refusing_smt2(instance, fmt):
        if fmt == "smt2":
            raise InvalidInstance("smt2 export too large (simulated)")
        return real(instance, fmt)

    monkeypatch.setattr(solvers, "export", refusing_smt2)
    folder = tmp_path / "set"
    assert run(capsys, "generate", "1in3sat", "-g", "planted", "-p", "num_vars=8", "--set", folder,
               "--count", 2)[0] == 0
    for entry in manifest_of(folder)["instances"]:
        assert "smt2" not in entry["files"] and "dimacs" in entry["files"]
        assert entry["not_exported"] == {"smt2": "smt2 export too large (simulated)"}
    assert json.loads(run(capsys, "check-set", folder, "--json")[1])["ok"]
    again = tmp_path / "again"
    assert run(capsys, "generate", "--from-manifest", folder / MANIFEST, "--set", again)[0] == 0
    assert folder_bytes(again) == folder_bytes(folder)
    code, _, err = run(capsys, "generate", "1in3sat", "-g", "planted", "--set", tmp_path / "asked", "--count", 1,
                       "--formats", "smt2")
    assert code == 2 and "too large (simulated)" in err
