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
