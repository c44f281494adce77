"""The public API and the command line type-check (mypy), so ``py.typed`` promises something.

mypy cannot follow setuptools' package-dir mapping of an editable install (to it,
``npw.instances`` would not exist and every imported type would silently be ``Any``), so the
test lays the package out as the wheel does: a folder ``npw`` of links to the files of
``npw/`` and to the four mapped folders. Checked there: ``npw.api``, ``npw.cli`` and
``npw.reductions.base`` (the generic ``Reduction``), and a user's script written against
``npw.api`` that chains two reductions; a script with a wrongly typed chain must fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAPPED = ("instances", "reductions", "solvers", "verify")

USER_SCRIPT = '''
from npw.api import OneInThreeSat, Reduction, Relocation, TwoTwoFourSat, get_reduction, reduce, solve

theorem6: Reduction[OneInThreeSat, TwoTwoFourSat] = get_reduction("1in3sat-to-224sat")
theorem2: Reduction[TwoTwoFourSat, Relocation] = get_reduction("224sat-to-rel")
chain: Reduction[OneInThreeSat, Relocation] = theorem6.then(theorem2)
target = reduce(chain, OneInThreeSat(3, [(1, 2, 3)]))
answer: str = solve(target, timeout=5.0).answer.value
'''

WRONG_CHAIN = USER_SCRIPT.replace("chain: Reduction[OneInThreeSat, Relocation]", "chain: Reduction[TwoTwoFourSat, Relocation]")


def _wheel_layout(folder: Path) -> Path:
    package = folder / "npw"
    package.mkdir()
    for entry in (ROOT / "npw").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name in MAPPED:
        (package / name).symlink_to(ROOT / name)
    return folder


def _mypy(folder: Path, *targets: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "MYPYPATH": str(folder)}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--follow-imports=silent", "--no-incremental",
         "--cache-dir", os.devnull, *targets],
        cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_public_api_and_cli_type_check(tmp_path):
    pytest.importorskip("mypy", reason="mypy is in the dev extra: pip install -e \".[dev]\"")
    folder = _wheel_layout(tmp_path)
    (folder / "user_script.py").write_text(USER_SCRIPT)
    (folder / "wrong_chain.py").write_text(WRONG_CHAIN)
    done = _mypy(folder, "-p", "npw.api", "-p", "npw.cli", "-p", "npw.reductions.base")
    assert done.returncode == 0, done.stdout + done.stderr
    done = _mypy(folder, "user_script.py")
    assert done.returncode == 0, done.stdout + done.stderr
    wrong = _mypy(folder, "wrong_chain.py")
    assert wrong.returncode == 1 and "Incompatible types in assignment" in wrong.stdout, wrong.stdout
