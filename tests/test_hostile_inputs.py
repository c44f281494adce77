"""Hostile inputs of issue 30 ("Nothing gets in, nothing hangs"), the reading side: the JSON depth
check linear on any text, duplicate keys refused, special files (FIFOs, devices, folders) refused
without blocking, DIMACS/HCP numbers ASCII digits only and header sizes bounded before anything is
allocated, generator parameters named with their types and ranges, and an output error naming its file."""

from __future__ import annotations

import os
import pathlib
import socket
import subprocess
import sys
import time

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.io import read_bytes
from npw.instances.validation import parse_json

ROOT = str(pathlib.Path(__file__).resolve().parent.parent)

# -- JSON: the depth check is linear, duplicate keys are refused ------------------------------------

MEGABYTE = 1_000_000
HOSTILE_QUOTES = {
    "an unclosed string of escaped quotes": '["' + '\\"' * (MEGABYTE // 2),
    "an object key of escaped quotes": '{"a": "' + '\\"' * (MEGABYTE // 2),
    "unbalanced quotes": "[" + '"' * MEGABYTE + "\\",
    "backslashes": "[" + "\\" * MEGABYTE,
    "quote, backslash, bracket": '["' + '\\"[' * (MEGABYTE // 3),
    "closed string of escapes": '["' + '\\\\\\"' * (MEGABYTE // 4) + '"]',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_QUOTES))
def test_a_megabyte_of_quotes_and_backslashes_is_settled_in_well_under_a_second(name):
    text = HOSTILE_QUOTES[name]
    began = time.perf_counter()
    try:
        parse_json(text)
    except InvalidInstance as error:
        assert "\n" not in str(error)
    # quadratic, this took 30 s for 120 KB; linear it is some 20 ms a megabyte (a loaded machine: 1 s)
    assert time.perf_counter() - began < 1.0


def test_the_depth_check_still_counts_brackets_outside_strings_only():
    assert parse_json('["[[[[\\"]]]", "\\\\"]') == ["[[[[\"]]]", "\\"]
    with pytest.raises(InvalidInstance, match="nested 70 deep"):
        parse_json('["\\\\", ' + "[" * 69 + "]" * 70)


@pytest.mark.parametrize("text, key", [
    ('{"problem": "3sat", "num_vars": 3, "clauses": [], "problem": "cnf"}', "problem"),
    ('{"problem": "cnf", "num_vars": -5, "num_vars": 3, "clauses": []}', "num_vars"),
    ('{"problem": "solochess", "custom_types": [{"name": "a", "name": "b"}]}', "name"),
    ('{"a": 1, "\\u0061": 2}', "a"),  # the same key, spelt with an escape
])
def test_duplicate_keys_at_any_depth_are_refused_naming_the_key(text, key):
    with pytest.raises(InvalidInstance) as error:
        parse_json(text)
    assert str(error.value) == f'invalid JSON: duplicate key "{key}"'


def test_same_key_in_different_objects_is_fine():
    assert parse_json('[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]') == [{"a": 1}, {"a": 2}, {"b": {"a": 3}}]


# -- special files: refused without blocking or growing -------------------------------------------

def _npw(*argv: str, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess:
    """``npw ARGV`` in a child process (a blocked open would hang this one), killed after ``timeout``."""
    return subprocess.run([sys.executable, "-m", "npw", *argv], input=stdin, capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")})


def _special_files(folder: pathlib.Path) -> dict[str, pathlib.Path]:
    os.mkfifo(folder / "fifo")
    (folder / "fifo.cnf").symlink_to(folder / "fifo")  # a symbolic link to a FIFO, told DIMACS by its name
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "folder.json").mkdir()
    server, here = socket.socket(socket.AF_UNIX), os.getcwd()
    os.chdir(folder)  # a relative name: a socket's path may hold only 107 bytes
    try:
        server.bind("sock")
    finally:
        os.chdir(here)
        server.close()  # the socket file stays
    return {"FIFO": folder / "fifo", "symlink to a FIFO": folder / "fifo.cnf",
            "symlink to /dev/zero": folder / "zero.json", "/dev/urandom": pathlib.Path("/dev/urandom"),
            "folder": folder / "folder.json", "socket": folder / "sock"}


SPECIAL_MESSAGES = {"FIFO": "a FIFO", "symlink to a FIFO": "a FIFO", "symlink to /dev/zero": "a character device",
                    "/dev/urandom": "a character device", "folder": "is a directory", "socket": "a socket"}


def test_special_files_are_refused_in_one_line_by_every_command(tmp_path):
    """solve, render, reduce, explore, path --size-of and show on a FIFO (no writer: opening it for
    reading blocks), /dev/zero and /dev/urandom (endless), a folder, a socket: one line, status 2,
    at once (the child is killed after 60 s; a blocked open would be)."""
    files = _special_files(tmp_path)
    failures = []
    for kind, path in files.items():
        for argv in (["solve", str(path)], ["render", str(path), "-o", str(tmp_path / "o.svg")],
                     ["reduce", "cnf-to-3sat", str(path), "-o", str(tmp_path / "o.json")],
                     ["explore", "224sat-to-rel", str(path), "-o", str(tmp_path / "o.html")],
                     ["path", "cnf", "3sat", "--size-of", str(path)], ["show", str(path)]):
            began = time.monotonic()
            done = _npw(*argv)
            lines = done.stderr.decode().strip().splitlines()
            expected = "unknown problem" if argv[0] == "show" else SPECIAL_MESSAGES[kind]
            if done.returncode != 2 or len(lines) != 1 or expected not in lines[0] or time.monotonic() - began > 30:
                failures.append(f"{kind}: npw {argv[0]} -> {done.returncode} {lines[-3:]}")
    assert not failures, "\n".join(failures)
    assert not (tmp_path / "o.json").exists() and not (tmp_path / "o.svg").exists()


def test_special_files_are_refused_by_read_bytes_without_reading(tmp_path):
    for kind, path in _special_files(tmp_path).items():
        with pytest.raises(InvalidInstance, match=SPECIAL_MESSAGES[kind]):
            read_bytes(path)


@pytest.mark.parametrize("name", ["-", "/dev/stdin", "/dev/fd/0"])
def test_standard_input_is_read_by_any_of_its_names(name):
    done = _npw("solve", name, "--format", "dimacs", stdin=b"p cnf 2 1\n1 -2 0\n")
    assert done.returncode == 0 and done.stdout.decode().startswith("YES"), done.stderr


# -- DIMACS and HCP numbers: ASCII digits, header sizes bounded first ---------------------------

HCP_MARKED = ("NAME : g\nTYPE : HCP\nCOMMENT : npw hampath n={n} s=0 t=1\nDIMENSION : 3\n"
              "EDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n1 2\n2 3\n-1\nEOF\n")
GRAPH = "c npw indset k=1\n"


@pytest.mark.parametrize("fmt, text, message", [
    ("dimacs", "p cnf 1000000000 0\n", "num_vars of 10 digits exceeds the limit 10000000 (MAX_VARIABLES)"),
    ("dimacs", "p cnf 10000001 0\n", "num_vars 10000001 exceeds the limit 10000000 (MAX_VARIABLES)"),
    ("dimacs", "p cnf " + "9" * 31 + " 0\n", "num_vars of 31 digits exceeds the limit"),
    ("dimacs", "p cnf 1 " + "9" * 31 + "\n", "num_clauses of 31 digits exceeds the limit 100000000 (MAX_CLAUSES)"),
    ("dimacs", "p cnf 1 100000001\n", "num_clauses 100000001 exceeds the limit 100000000 (MAX_CLAUSES)"),
    ("dimacs", "p cnf 1_0 1\n1 0\n", "num_vars must be a whole number in ASCII digits, not '1_0'"),
    ("dimacs", "p cnf \u00b2 0\n", "not '\u00b2'"),
    ("dimacs", "p cnf \u0662 0\n", "not '\u0662'"),  # Arabic-Indic two
    ("dimacs", "p cnf 20 1\n1_0 0\n", "'1_0' is not an integer literal"),
    ("dimacs", "p cnf 20 1\n+1 0\n", "'+1' is not an integer literal"),
    ("dimacs", "p cnf 20 1\n1 \u00b2 0\n", "'\u00b2' is not an integer literal"),
    ("dimacs", "p cnf 20 1\n\u0661 0\n", "'\u0661' is not an integer literal"),
    ("dimacs", "p cnf 20 1\n" + "9" * 5000 + " 0\n", "exceeds the 20 variables of the header"),
    ("dimacs", GRAPH + "p edge \u00b2 0\n", "num_vertices must be a whole number in ASCII digits"),
    ("dimacs", GRAPH + "p edge 1_0 0\n", "num_vertices must be a whole number in ASCII digits"),
    ("dimacs", GRAPH + "p edge 100001 0\n", "num_vertices 100001 exceeds the limit 100000 (MAX_VERTICES)"),
    ("dimacs", GRAPH + "p edge 2 " + "9" * 31 + "\n", "num_edges of 31 digits exceeds the limit 100000000 (MAX_EDGES)"),
    ("dimacs", GRAPH + "p edge 2 1\ne 1 \u00b2\n", "expected 'e U V'"),
    ("dimacs", GRAPH + "p edge 2 1\ne 1 " + "9" * 5000 + "\n", "expected 'e U V'"),
    ("hcp", HCP_MARKED.format(n="9" * 5000), "the npw comment's n of 5000 digits exceeds the limit 100000"),
    ("hcp", "NAME : g\nDIMENSION : \u00b2\n", "DIMENSION must be an integer"),
    ("hcp", "NAME : g\nDIMENSION : 1_0\n", "DIMENSION must be an integer"),
    ("hcp", "NAME : g\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 \u0662\n", "a vertex number must be an integer"),
])
def test_text_format_numbers_are_ascii_digits_within_the_limits(fmt, text, message):
    from npw.instances.io import read_format

    began = time.perf_counter()
    with pytest.raises(InvalidInstance) as error:
        read_format(text, fmt)
    assert message in str(error.value) and "\n" not in str(error.value)
    assert time.perf_counter() - began < 1.0  # refused from the header, nothing of that size built


def test_text_formats_at_the_limits_are_read():
    from npw.instances.io import read_format

    assert read_format("p cnf 10000000 1\n1 -10000000 0\n", "dimacs").num_vars == 10_000_000
    assert read_format("p cnf 0000002 1\n-0001 2 0\n", "dimacs").clauses == ((-1, 2),)  # leading zeros are digits
    assert read_format(GRAPH + "p edge 100000 1\ne 1 100000\n", "dimacs").num_vertices == 100_000
    from npw.instances.hampath.graph import HamPath
    from npw.instances.hampath.hcp import to_hcp

    path = HamPath(3, ((0, 1), (1, 2)), 0, 2)
    assert read_format(to_hcp(path), "hcp") == path


def test_a_header_of_31_digits_and_unicode_digits_through_the_command_line(tmp_path):
    for name, text in (("big.cnf", "p cnf " + "9" * 31 + " 0\n"), ("uni.cnf", "p cnf 2 1\n1 \u00b2 0\n"),
                       ("hcp.hcp", HCP_MARKED.format(n="9" * 5000))):
        (tmp_path / name).write_text(text, encoding="utf-8")
        for argv in (["render", str(tmp_path / name), "-o", str(tmp_path / "o.svg")], ["solve", str(tmp_path / name)]):
            done = _npw(*argv)
            lines = done.stderr.decode().strip().splitlines()
            assert done.returncode == 2 and len(lines) == 1 and lines[0].startswith("npw: error: "), (argv, lines)


def test_reduce_never_writes_what_npw_refuses_to_read_back(tmp_path):
    """cnf-to-3sat adds w - 3 variables for a clause of width w: at MAX_VARIABLES a 3-literal clause
    reduces to a 3-SAT file at the limit, which reads back; a 10-literal clause would pass the
    limit, and is refused before anything is written."""
    from npw.instances.io import load_instance

    at_limit = tmp_path / "limit.cnf"
    at_limit.write_text("p cnf 10000000 1\n1 -2 10000000 0\n")
    done = _npw("reduce", "cnf-to-3sat", str(at_limit), "-o", str(tmp_path / "ok.json"))
    assert done.returncode == 0, done.stderr
    assert load_instance(tmp_path / "ok.json").num_vars == 10_000_000
    past = tmp_path / "past.cnf"
    past.write_text("p cnf 10000000 1\n1 2 3 4 5 6 7 8 9 10 0\n")
    done = _npw("reduce", "cnf-to-3sat", str(past), "-o", str(tmp_path / "past.json"))
    # refused up front by the reduction (its target past MAX_VARIABLES) or, for a reduction that
    # does not count ahead, by reduce's read-back check: one line either way, naming the limit
    lines = done.stderr.decode().strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and lines[0].startswith("npw: error:"), lines
    assert "10,000,007" in lines[0] or "10000007" in lines[0]
    assert "MAX_VARIABLES" in lines[0] or "limit 10000000" in lines[0]
    assert not (tmp_path / "past.json").exists()


# -- explore on the empty 2/2/4-SAT instance -----------------------------------------------------

@pytest.mark.parametrize("reduction", ["224sat-to-rel", "224sat-to-rel-cap2", "224sat-to-rel-undirected"])
def test_explore_plays_the_empty_224sat_instance(reduction, tmp_path):
    """The empty formula (no variables, no clauses) is a yes-instance whose walk is empty: reduce
    accepted it, explore ended in a KeyError (the walk closed its first pass at a clause vertex that
    does not exist)."""
    from fuzz_corpus import run_in_process

    source = tmp_path / "empty.json"
    source.write_text('{"problem": "224sat", "version": 1, "num_vars": 0, "clauses": []}')
    page = tmp_path / "page.html"
    status, _, stderr = run_in_process(["explore", reduction, str(source), "-o", str(page)])
    assert status == 0 and stderr == "" and page.read_text().lower().startswith("<!doctype html>")
    status, _, stderr = run_in_process(["reduce", reduction, str(source), "-o", str(tmp_path / "t.json")])
    assert status == 0, stderr


def test_the_forward_walk_of_the_empty_formula_is_empty_and_verifies():
    from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
    from npw.reductions.rel.theorem2 import forward, reduce

    empty = TwoTwoFourSat(0, [])
    assert forward(empty, ()) == () and reduce(empty).verify(())


# -- a full disk names the output -----------------------------------------------------------------

def test_a_full_disk_names_the_output_file(tmp_path, monkeypatch):
    import errno

    from fuzz_corpus import run_in_process
    from npw.instances import io as npw_io

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")  # as a write() on a full disk: no file name

    monkeypatch.setattr(npw_io.os, "replace", full)
    out = tmp_path / "out.json"
    status, _, stderr = run_in_process(["generate", "3sat", "-o", str(out)])
    assert status == 2 and stderr == f"npw: error: {out}: No space left on device\n"
    assert list(tmp_path.iterdir()) == []  # the temporary is gone too


def test_a_missing_output_folder_names_the_output_not_its_temporary(tmp_path):
    from fuzz_corpus import run_in_process

    out = tmp_path / "missing" / "out.json"
    status, _, stderr = run_in_process(["generate", "3sat", "-o", str(out)])
    assert status == 2 and stderr == f"npw: error: {out}: No such file or directory\n"


def test_standard_output_on_a_full_device_is_named():
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "npw", "generate", "3sat"], stdout=full, stderr=subprocess.PIPE,
                              timeout=60, env={**os.environ, "PYTHONPATH": ROOT})
    assert done.returncode == 2 and done.stderr.decode() == "npw: error: standard output: No space left on device\n"


# -- generator parameters: what the generator takes, in one line -----------------------------------

@pytest.mark.parametrize("param, message", [
    ("nvars=5", "generator 3sat/random: unknown parameter 'nvars' (takes num_vars: int 3..10000000 = 20, "
                "ratio: float 0..1000 = 4.26)"),
    ("num_vars=abc", "generator 3sat/random: num_vars must be int 3..10000000, not 'abc'"),
    ("num_vars=2.5", "generator 3sat/random: num_vars must be int 3..10000000, not 2.5"),
    ("num_vars=true", "generator 3sat/random: num_vars must be int 3..10000000, not True"),
    ("ratio=[1]", "generator 3sat/random: ratio must be float 0..1000, not [1]"),
])
def test_generator_parameters_are_named_with_their_types_and_ranges(param, message):
    from fuzz_corpus import run_in_process

    status, _, stderr = run_in_process(["generate", "3sat", "-p", param])
    assert status == 2 and stderr == f"npw: error: {message}\n"


def test_an_integer_is_a_float_parameter_and_null_an_optional_one():
    from npw.instances.registry import get_problem

    assert len(get_problem("3sat").generate("random", 1, num_vars=10, ratio=2).clauses) == 20
    assert get_problem("1in3sat").generate("random", 1, num_vars=9, num_clauses=None).num_vars == 9


def test_npw_show_lists_each_generators_parameters():
    from fuzz_corpus import run_in_process

    status, out, _ = run_in_process(["show", "3sat"])
    assert status == 0 and "    random: -p num_vars: int 3..10000000 = 20, ratio: float 0..1000 = 4.26\n" in out
    status, out, _ = run_in_process(["show", "bwp", "--json"])
    import json

    assert json.loads(out)["generator_parameters"]["random"]["rows"] == "int 1..4000 = 4"
