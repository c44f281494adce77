"""Issue 31, item 7: numba (with llvmlite, half of the core install) is the ``[puzzles]`` extra.
Without it ``import npw`` and checking a reduction work; the sliding-tile puzzle's compiled paths
say in one line which extra to install (exit 2), and an easy board is still solved by the
pure-Python search. Each run is a fresh interpreter whose imports of numba and llvmlite fail, as
where they are not installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

BLOCK = r"""
import importlib.abc, sys
class _NoNumba(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numba", "llvmlite"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, _NoNumba())
"""


def _without_numba(code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("NPW_PROGRESS", None)
    return subprocess.run([sys.executable, "-c", BLOCK + code], capture_output=True, text=True, timeout=600,
                          env=env, stdin=subprocess.DEVNULL)


def _npw(*argv: str) -> str:
    return (f"from npw.cli import main\nstatus = main({list(argv)!r})\n"
            "print('numba loaded' if 'numba' in sys.modules else 'numba not loaded', file=sys.stderr)\n"
            "sys.exit(status)\n")


def test_numba_is_the_puzzles_extra_and_in_dev():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    named = lambda specs: {s.split(">")[0].split("=")[0].split("[")[0].strip() for s in specs}  # noqa: E731
    assert "numba" not in named(project["dependencies"])
    assert "numba" in named(project["optional-dependencies"]["puzzles"])
    assert "numba" in named(project["optional-dependencies"]["dev"])  # CI installs .[dev]: everything runs


def test_the_block_works():
    done = _without_numba("import numba")
    assert done.returncode == 1 and "No module named 'numba'" in done.stderr


def test_import_npw_and_verify_a_reduction_without_numba():
    done = _without_numba("import npw, npw.api\n" + _npw("verify", "1in3sat-to-224sat", "--random", "20"))
    assert done.returncode == 0, done.stderr
    assert "1in3sat-to-224sat: 20 cases" in done.stdout and "PASSED" in done.stdout
    assert done.stderr == "numba not loaded\n"


def test_a_puzzle_reduction_needs_the_extra_in_one_line():
    done = _without_numba(_npw("verify", "224sat-to-npuz", "--random", "2"))
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and done.stdout == ""
    assert len(lines) == 2 and lines[0].startswith("npw: error: ") and lines[0].endswith(
        'needs numba: pip install "npw[puzzles]"')


def test_an_easy_board_is_solved_by_the_python_search_a_hard_one_names_the_extra(tmp_path, monkeypatch):
    easy = {"problem": "npuz", "version": 1, "n": 3, "start": [[1, 2, 3], [4, 5, 6], [0, 7, 8]],
            "goal": [[1, 2, 3], [4, 5, 6], [7, 8, 0]], "k": 2}
    # Korf's first 15-puzzle (55 moves): far beyond the pure-Python search's budget
    hard = {"problem": "npuz", "version": 1, "n": 4, "k": 55,
            "start": [[14, 13, 15, 7], [11, 12, 9, 5], [6, 0, 2, 1], [4, 8, 10, 3]],
            "goal": [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]}
    for name, board in (("easy", easy), ("hard", hard)):
        (tmp_path / f"{name}.json").write_text(json.dumps(board))
    done = _without_numba(_npw("solve", str(tmp_path / "easy.json"), "--backend", "idastar"))
    assert done.returncode == 0 and done.stdout.startswith("YES") and done.stderr == "numba not loaded\n"
    # the hard board with an empty cache: where the 7-8 tables are cached (a machine that built
    # them), the pure-Python search on the mapped tables decides it too (tests/test_startup.py)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    done = _without_numba(_npw("solve", str(tmp_path / "hard.json"), "--backend", "idastar", "--timeout", "60"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[0] == ('npw: error: IDA* on this 4 x 4 board (beyond the pure-Python search\'s '
                                           '10,000 nodes) needs numba: pip install "npw[puzzles]"')


def test_a_compiled_kernel_without_numba_raises_the_one_line_error():
    pytest.importorskip("numba")  # here: the stand-in is what njit gives where the import fails
    done = _without_numba(
        "from npw.instances.lazy import MissingExtra, njit\n"
        "@njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
        "try:\n    twice(3)\nexcept MissingExtra as error:\n    print(error)\n")
    assert done.returncode == 0 and done.stdout.endswith('twice needs numba: pip install "npw[puzzles]"\n')
