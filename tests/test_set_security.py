"""Instance sets read back as untrusted input (issue 30): ``npw check-set`` and regeneration never
execute anything in a set, never read outside it or anything but a bounded regular file, refuse a
malformed manifest with one line, and refuse sizes past the named limits before generating."""

import hashlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import npw.verify.sets as sets
from npw.instances.base import MAX_GENERATED_LITERALS, InvalidInstance
from npw.verify.sets import MAX_SET_INSTANCES, check_set, read_manifest, read_set_file, regenerate, write_set

from fuzz_corpus import tampered_manifests

ROOT = Path(sets.__file__).resolve().parent.parent


def npw(*argv, timeout=60, env=None):
    """``python -m npw`` of this source tree in a child process, under a time limit."""
    return subprocess.run([sys.executable, "-m", "npw", *map(str, argv)], capture_output=True, timeout=timeout,
                          env=dict(os.environ, **(env or {})))


def one_line_refusal(done):
    err = done.stderr.decode()
    return done.returncode == 2 and err.count("\n") == 1 and err.startswith("npw: error: ") and "Traceback" not in err


def manifest_of(folder):
    return json.loads((folder / "manifest.json").read_text())


def write_manifest(folder, manifest):
    (folder / "manifest.json").write_text(json.dumps(manifest))


def rehash(folder, index, fmt):
    """The manifest stating the (edited) file's hash: a set tampered with together with its manifest."""
    manifest = manifest_of(folder)
    entry = manifest["instances"][index]
    entry["sha256"][fmt] = hashlib.sha256((folder / entry["files"][fmt]).read_bytes()).hexdigest()
    write_manifest(folder, manifest)


@pytest.fixture
def small_set(tmp_path):
    """Two 1in3sat instances with JSON, DIMACS and SMT-LIB2 files, no recorded answers."""
    folder = tmp_path / "set"
    write_set(folder, "1in3sat", 2, seed=3, params={"num_vars": 9})
    assert check_set(folder)["ok"]
    return folder


# -- 1. nothing in a set is executed ---------------------------------------------------------

SMT_ATTACK = '(set-option :regular-output-channel "{path}")\n(echo "written by the set")\n(check-sat)\n'

CHECK_IN_CHILD = """
import sys
from npw.cli import main
code = main(["check-set", sys.argv[1], "--json"])
print("z3 imported:", "z3" in sys.modules, file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize("hash_too", [False, True], ids=["tampered-hash", "hash-rewritten"])
def test_an_smt2_file_is_never_executed(small_set, tmp_path, hash_too):
    target = tmp_path / "written-by-the-set.txt"
    smt2 = small_set / manifest_of(small_set)["instances"][0]["files"]["smt2"]
    smt2.write_text(SMT_ATTACK.format(path=target))
    if hash_too:
        rehash(small_set, 0, "smt2")
    done = subprocess.run([sys.executable, "-c", CHECK_IN_CHILD, str(small_set)], capture_output=True, timeout=120)
    problems = json.loads(done.stdout)["problems"]
    assert done.returncode == 1 and "z3 imported: False" in done.stderr.decode()
    assert not target.exists()
    assert problems and all(p.startswith(f"{smt2.name}: ") for p in problems)
    if hash_too:  # read as text only: compared with the export (and its provenance line looked for)
        assert any("does not match the smt2 export" in p for p in problems)
    else:
        assert problems == [f"{smt2.name}: SHA-256 differs from the manifest's (not read further)"]


def test_the_check_set_code_path_has_no_smt_parser():
    """What the child process shows for one set, said of the code: the modules check-set runs
    import no z3 and call no SMT-LIB parser."""
    for path in (ROOT / "verify" / "sets.py", ROOT / "npw" / "cli" / "check_set.py", ROOT / "verify" / "provenance.py",
                 ROOT / "solvers" / "exports.py"):
        text = path.read_text()
        assert "import z3" not in text and "parse_smt2" not in text and "z3." not in text, path


def test_a_file_failing_its_checksum_is_not_looked_at_further(small_set, monkeypatch):
    json_file = small_set / manifest_of(small_set)["instances"][0]["files"]["json"]
    json_file.write_text(json_file.read_text().rstrip("\n") + "  \n")  # still the same instance
    built, parsed = [], []
    monkeypatch.setattr(sets.Recipe, "build", lambda self, seed: built.append(seed) or self.chain(seed)[-1])
    real_parse = sets.parse_json
    monkeypatch.setattr(sets, "parse_json", lambda text: parsed.append(text) or real_parse(text))
    result = check_set(small_set)
    assert result["problems"] == [f"{json_file.name}: SHA-256 differs from the manifest's (not read further)"]
    # the other instance is read, parsed and regenerated; the tampered one not at all
    assert len(built) == 1 and len(parsed) == 2 and not any(text.endswith("  \n") for text in parsed)  # manifest, other


# -- 2. a set's files are inside it, regular and bounded ----------------------------------------

@pytest.mark.parametrize("name", ["/etc/passwd", "../outside.json", "a/../../outside.json", "sub/../..", "",
                                  "x\x00.json"])
def test_a_file_name_outside_the_set_is_refused_in_one_line(small_set, name):
    manifest = manifest_of(small_set)
    manifest["instances"][1]["files"]["dimacs"] = name
    write_manifest(small_set, manifest)
    with pytest.raises(InvalidInstance, match="instance 1 of the manifest: file name"):
        read_manifest(small_set)
    assert one_line_refusal(npw("check-set", small_set))


def _opened_paths(monkeypatch):
    opened = []
    real = os.open

    def spy(path, *args, **kwargs):
        opened.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    return opened


def special_files(tmp_path):
    """name -> what a set file is made to be (a symbolic link to it, or it), for every kind refused."""
    outside = tmp_path / "outside.json"
    outside.write_text('{"secret": 1}')
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"link-outside": outside, "link-dev-zero": Path("/dev/zero"), "link-dev-urandom": Path("/dev/urandom"),
            "link-fifo-outside": fifo, "link-to-parent": tmp_path}


def test_links_out_of_the_set_and_special_files_are_problems_never_read(small_set, tmp_path, monkeypatch):
    # kinds named: each set file is made a link to it
    entry = manifest_of(small_set)["instances"][0]
    json_name, dimacs_name, smt2_name = (entry["files"][f] for f in ("json", "dimacs", "smt2"))
    for kind, target in special_files(tmp_path).items():
        for name in (dimacs_name, json_name):
            (small_set / name).unlink(missing_ok=True)
            (small_set / name).symlink_to(target)
        opened = _opened_paths(monkeypatch)
        began = time.monotonic()
        result = check_set(small_set)
        assert time.monotonic() - began < 30, kind
        monkeypatch.undo()
        mine = [p for p in result["problems"] if json_name in p or dimacs_name in p]
        assert len(mine) == 2 and all("cannot be read" in p for p in mine), (kind, result["problems"])
        assert all("outside the set's folder" in p for p in mine), (kind, mine)
        assert not any(os.path.realpath(path) == str(target.resolve()) or path.startswith("/dev")
                       for path in opened), (kind, opened)
        for name in (json_name, dimacs_name):
            (small_set / name).unlink()  # for the next kind
    # special files inside the set: a FIFO, a folder, a socket, a link to a file inside (allowed)
    os.mkfifo(small_set / json_name)
    (small_set / dimacs_name).mkdir()
    (small_set / smt2_name).unlink()
    monkeypatch.chdir(small_set)  # a socket's path is limited to ~100 bytes: bind the name alone
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(smt2_name)
        result = check_set(small_set)
    finally:
        server.close()
    kinds = {name: next(p for p in result["problems"] if p.startswith(name)) for name in (json_name, dimacs_name, smt2_name)}
    assert "a FIFO" in kinds[json_name] and "a folder" in kinds[dimacs_name] and "a socket" in kinds[smt2_name]


def test_a_link_inside_the_set_is_followed(small_set):
    entry = manifest_of(small_set)["instances"][0]
    real = small_set / "real.cnf"
    (small_set / entry["files"]["dimacs"]).rename(real)
    (small_set / entry["files"]["dimacs"]).symlink_to("real.cnf")
    assert check_set(small_set)["ok"]


def test_a_set_file_is_read_with_the_input_cap(small_set, monkeypatch):
    from npw.instances import io

    name = manifest_of(small_set)["instances"][0]["files"]["dimacs"]
    size = (small_set / name).stat().st_size
    monkeypatch.setattr(io, "MAX_INPUT_BYTES", size - 1)
    with pytest.raises(InvalidInstance, match=f"input limit of {size - 1:,} bytes"):
        read_set_file(small_set, name)
    monkeypatch.setattr(io, "MAX_INPUT_BYTES", size)
    assert len(read_set_file(small_set, name)) == size


def test_a_hostile_manifest_path_is_refused_at_once(small_set, tmp_path):
    fifo_set = tmp_path / "fifo-set"
    fifo_set.mkdir()
    os.mkfifo(fifo_set / "manifest.json")
    zero_set = tmp_path / "zero-set"
    zero_set.mkdir()
    (zero_set / "manifest.json").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "a-fifo")
    big = tmp_path / "big-set"
    big.mkdir()
    (big / "manifest.json").write_text(" " * 5000 + (small_set / "manifest.json").read_text())
    cases = [("check-set", "/dev/urandom"), ("check-set", "/dev/zero"), ("check-set", tmp_path / "a-fifo"),
             ("check-set", fifo_set), ("check-set", fifo_set / "manifest.json"), ("check-set", zero_set),
             ("generate", "--from-manifest", tmp_path / "a-fifo", "--set", tmp_path / "out"),
             ("generate", "--from-manifest", "/dev/urandom", "--set", tmp_path / "out"),
             ("generate", "--from-manifest", fifo_set / "manifest.json", "--set", tmp_path / "out"),
             ("check-set", big)]
    for argv in cases:
        began = time.monotonic()
        done = npw(*argv, timeout=60, env={"NPW_MAX_INPUT_BYTES": "4096"})
        assert one_line_refusal(done), (argv, done.stderr)
        assert time.monotonic() - began < 30, argv
    assert not (tmp_path / "out").exists()
    assert b"MAX_INPUT_BYTES" in done.stderr  # the padded manifest: over the cap


# -- 3. malformed manifests: one line, never a traceback ------------------------------------

def test_odd_manifests_raise_nothing_but_invalid_instance(small_set, tmp_path):
    original = manifest_of(small_set)
    tried = refused = 0
    for what, manifest in tampered_manifests(original):
        write_manifest(small_set, manifest)
        tried += 1
        try:
            read_manifest(small_set)
        except InvalidInstance as error:
            assert "\n" not in str(error), what
            refused += 1
            continue
        try:  # anything read must check (or report) cleanly
            assert isinstance(check_set(small_set, timeout=5)["problems"], list), what
        except InvalidInstance as error:  # an unknown problem, say
            assert "\n" not in str(error), what
        again = tmp_path / f"again-{tried}"
        try:
            regenerate(small_set / "manifest.json", again)
        except InvalidInstance as error:
            assert "\n" not in str(error), what
    assert tried > 300 and refused > tried // 2


@pytest.mark.parametrize("field, value, message", [
    ("sha256", "abc", "no sha256 object"), ("sha256", ["x"], "no sha256 object"), ("sha256", None, "no sha256 object"),
    ("files", [], "lacks an integer seed or its files"), ("seed", True, "lacks an integer seed"),
    ("answer_by", 7, "answer_by is not a string"),
])
def test_an_entry_field_of_the_wrong_type_is_one_line(small_set, field, value, message):
    manifest = manifest_of(small_set)
    manifest["instances"][0][field] = value
    write_manifest(small_set, manifest)
    done = npw("check-set", small_set)
    assert one_line_refusal(done) and message in done.stderr.decode()


@pytest.mark.parametrize("field, value, message", [
    ("count", "2", "count '2' is not a number of instances"), ("count", 3, "lists 2 instances but its count is 3"),
    ("count", True, "count True is not"), ("seed", True, "seed is not an integer"), ("npw_set", True, "not an npw"),
    ("params", {"num_vars": [9]}, "params are not"), ("formats", "json", "formats are not"),
    ("via", {"reductions": [1]}, "via is not"), ("problem", ["1in3sat"], "problem is not a string"),
])
def test_a_manifest_field_of_the_wrong_type_is_one_line(small_set, tmp_path, field, value, message):
    manifest = manifest_of(small_set)
    manifest[field] = value
    write_manifest(small_set, manifest)
    for argv in (("check-set", small_set), ("generate", "--from-manifest", small_set / "manifest.json", "--set",
                                            tmp_path / "out")):
        done = npw(*argv)
        assert one_line_refusal(done) and message in done.stderr.decode(), (argv, done.stderr)
    assert not (tmp_path / "out").exists()


# -- 4. bounded regeneration ---------------------------------------------------------------

def test_huge_generator_parameters_are_refused_before_generating(small_set, tmp_path):
    manifest = manifest_of(small_set)
    manifest["params"] = {"num_vars": 10**7, "ratio": 1000}
    manifest["generator"] = "random"  # the default, mixed, takes no ratio (refused as an unknown parameter)
    write_manifest(small_set, manifest)
    began = time.monotonic()
    with pytest.raises(InvalidInstance, match="MAX_GENERATED_LITERALS"):
        regenerate(small_set / "manifest.json", tmp_path / "again")
    result = check_set(small_set, timeout=5)
    assert time.monotonic() - began < 20
    assert [p for p in result["problems"] if "MAX_GENERATED_LITERALS" in p] == [
        f"the manifest's recipe cannot be rebuilt (generated literals 30000000000 (num_vars 10000000 x ratio 1000 x "
        f"width 3) exceed the limit {MAX_GENERATED_LITERALS} (MAX_GENERATED_LITERALS))"]
    for argv in (("generate", "1in3sat", "-g", "random", "-p", "num_vars=10000000", "-p", "ratio=1000"),
                 ("generate", "3sat", "-p", "num_vars=10000000"),  # its default ratio 4.26: 1.3 x 10^8 literals
                 ("generate", "1in3sat", "-g", "random", "-p", "num_vars=10000000", "-p", "ratio=1000", "--set", tmp_path / "s",
                  "--count", 1),
                 ("generate", "--from-manifest", small_set / "manifest.json", "--set", tmp_path / "s")):
        done = npw(*argv, timeout=30)
        assert one_line_refusal(done) and b"MAX_GENERATED_LITERALS" in done.stderr, argv


def test_the_number_of_instances_is_bounded(small_set, tmp_path):
    manifest = manifest_of(small_set)
    manifest["instances"] = [{}] * (MAX_SET_INSTANCES + 1)  # count is checked before any entry
    manifest["count"] = MAX_SET_INSTANCES + 1
    write_manifest(small_set, manifest)
    began = time.monotonic()
    with pytest.raises(InvalidInstance, match="MAX_SET_INSTANCES"):
        read_manifest(small_set)
    assert time.monotonic() - began < 20
    done = npw("generate", "1in3sat", "--set", tmp_path / "s", "--count", MAX_SET_INSTANCES + 1)
    assert one_line_refusal(done) and b"MAX_SET_INSTANCES" in done.stderr and not (tmp_path / "s").exists()


@pytest.mark.parametrize("problem, generator, params", [("cnf", "random", {"num_vars": 6}), ("npuz", "random", {"n": 3})])
def test_odd_generator_parameters_are_one_line(tmp_path, problem, generator, params):
    """A manifest's parameter values the generator cannot build from (n=0, a negative width,
    strings, huge numbers) are one line from regeneration and a problem line from check-set."""
    folder = tmp_path / "set"
    write_set(folder, problem, 1, seed=1, generator=generator, params=params)
    original = manifest_of(folder)
    for key in ("num_vars", "ratio", "width", "n", "bogus"):
        for value in (True, False, "x", -1, 0, -0.5, 10**18, None):
            manifest = json.loads(json.dumps(original))
            manifest["params"][key] = value
            write_manifest(folder, manifest)
            assert isinstance(check_set(folder, timeout=2)["problems"], list)
            with pytest.raises(InvalidInstance) as refused:
                regenerate(folder / "manifest.json", tmp_path / "again")
            assert "\n" not in str(refused.value) and not (tmp_path / "again").exists(), (key, value)
    done = npw("generate", "npuz", "-p", "n=0")
    assert one_line_refusal(done) and b"generator npuz/random: n must be int 2..4000, not 0" in done.stderr
