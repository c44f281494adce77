"""``npw new problem`` and ``npw new reduction`` (npw/skeleton.py) in a copy of the tree.

* the problem skeleton is a complete problem as generated: listed, generated, solved, drawn, its
  generated test passes, the layering holds, and ``npw index --check`` passes after ``npw index``;
* the reduction skeleton is a stub that imports, registers, lists and indexes, whose generated test
  is skipped with a message until it is filled in, and passes once it is;
* names are checked and no file is ever overwritten (one line on stderr, exit 2).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tree_copy import copy_source

from npw.cli import main


def _run(tree: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("NPW_PROBLEMS", None)
    return subprocess.run([sys.executable, *argv], cwd=tree, env=env, capture_output=True, text=True, timeout=600)


def _npw(tree: Path, *argv: str) -> subprocess.CompletedProcess:
    return _run(tree, "-c", "import sys; from npw.cli import main; sys.exit(main())", *argv)


def _pytest(tree: Path, *argv: str) -> subprocess.CompletedProcess:
    return _run(tree, "-m", "pytest", "-rs", "-p", "no:cacheprovider", *argv)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_source(tmp_path_factory.mktemp("skeleton") / "tree")


def _snapshot(tree: Path) -> dict[Path, bytes]:
    return {p.relative_to(tree): p.read_bytes() for p in tree.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_a_new_problem_is_complete_as_generated(tree: Path, tmp_path: Path) -> None:
    before = _snapshot(tree)
    done = _npw(tree, "new", "problem", "exactsum", "--room", "toy")
    assert done.returncode == 0, done.stderr
    written = {p.as_posix() for p in _snapshot(tree).keys() - before.keys()}
    assert written == {"instances/toy/__init__.py", "instances/toy/exactsum.py", "solvers/toy/__init__.py",
                       "solvers/toy/exactsum.py", "tests/test_exactsum.py"}
    assert all((tree / p).read_bytes() == data for p, data in before.items()), "an existing file was edited"

    again = _npw(tree, "new", "problem", "exactsum", "--room", "toy")
    assert again.returncode == 2 and len(again.stderr.splitlines()) == 1 and "exactsum" in again.stderr

    listed = _npw(tree, "list", "--json")
    problem = next(p for p in json.loads(listed.stdout)["problems"] if p["id"] == "exactsum")
    assert problem["deciders"] == ["brute"] and problem["enumerate"]
    instance = tmp_path / "e.json"
    assert _npw(tree, "generate", "exactsum", "--seed", "4", "-o", str(instance)).returncode == 0
    solved = _npw(tree, "solve", str(instance), "--json")
    assert solved.returncode == 0 and json.loads(solved.stdout)["answer"] in ("YES", "NO"), solved.stderr
    drawn = _npw(tree, "render", str(instance), "-o", "-")
    assert drawn.returncode == 0 and drawn.stdout.count('data-el="number:') == 6, drawn.stderr

    tested = _pytest(tree, "tests/test_exactsum.py", "tests/test_import_arrows.py")
    assert tested.returncode == 0, tested.stdout[-3000:]
    assert re.search(r"\b\d+ passed\b", tested.stdout) and "skipped" not in tested.stdout, tested.stdout[-2000:]


def test_a_new_reduction_is_a_stub_until_filled_in(tree: Path) -> None:
    if not (tree / "instances" / "toy" / "exactsum.py").exists():
        pytest.skip("needs the problem of test_a_new_problem_is_complete_as_generated")
    done = _npw(tree, "new", "reduction", "partition", "exactsum")  # the target's room: toy
    assert done.returncode == 0, done.stderr
    module = tree / "reductions" / "toy" / "partition_to_exactsum.py"
    test = tree / "tests" / "test_partition_to_exactsum.py"
    assert module.is_file() and test.is_file() and (tree / "reductions" / "toy" / "__init__.py").is_file()

    listed = _npw(tree, "list")
    assert listed.returncode == 0 and "partition-to-exactsum" in listed.stdout, listed.stderr
    stub = _pytest(tree, str(test))
    assert stub.returncode == 0 and "1 passed, 1 skipped" in stub.stdout, stub.stdout[-2000:]
    assert "partition-to-exactsum is a stub" in stub.stdout
    refused = _npw(tree, "verify", "partition-to-exactsum", "--exhaustive", "1")
    assert refused.returncode == 1 and "is a stub" in refused.stdout + refused.stderr

    # what the contributor writes: the proof's maps, and STUB = False
    text = module.read_text()
    for step, body in {
        "reduce": "total = sum(source.numbers)\n    return Exactsum(tuple(source.numbers), total // 2 if total % 2 == 0 else total + 1)",
        "forward": "return tuple(certificate)",
        "backward": "return tuple(certificate)",
        "size": 'return {"numbers": len(source.numbers), "total": sum(source.numbers)}',
        "provenance": 'return {f"number:{i}": [f"number:{i}"] for i in range(len(source.numbers))}',
    }.items():
        assert f'raise _stub("{step}")' in text
        text = text.replace(f'raise _stub("{step}")', body)
    module.write_text(text.replace("STUB = True", "STUB = False"))
    filled = _pytest(tree, str(test))
    assert filled.returncode == 0 and "2 passed" in filled.stdout, filled.stdout[-3000:]

    assert _npw(tree, "index").returncode == 0
    checked = _npw(tree, "index", "--check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    index = json.loads((tree / "reductions" / "_index.json").read_text())
    assert index["REDUCTIONS"]["partition-to-exactsum"] == "npw.reductions.toy.partition_to_exactsum:REDUCTION"
    assert json.loads((tree / "instances" / "_index.json").read_text())["PROBLEMS"]["exactsum"] == "npw.instances.toy.exactsum"


@pytest.mark.parametrize("argv, message", [
    (["problem", "3sat"], "must be a lower-case Python identifier"),
    (["problem", "Exact-Sum"], "must be a lower-case Python identifier"),
    (["problem", "class"], "must be a lower-case Python identifier"),
    (["problem", "indset"], "problem 'indset' exists"),
    (["problem", "fresh", "--room", "my room"], "room 'my room' must be"),
    (["reduction", "3sat", "tsp"], "unknown problem 'tsp'"),
    (["reduction", "indset", "vertexcover"], "reduction 'indset-to-vertexcover' exists"),
])
def test_bad_names_are_refused_in_one_line(argv: list[str], message: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for layer in ("instances", "solvers", "reductions", "tests"):
        (tmp_path / layer).mkdir()
    assert main(["new", *argv, "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err, err
    assert not any(p.is_file() for p in tmp_path.rglob("*")), "nothing is written"


def test_an_existing_file_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for layer in ("instances", "solvers", "reductions", "tests"):
        (tmp_path / layer).mkdir()
    (tmp_path / "tests" / "test_fresh.py").write_text("# mine\n")
    assert main(["new", "problem", "fresh", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "npw: error: new problem: tests/test_fresh.py exists: npw new never overwrites a file (nothing written)"
    assert [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()] == ["tests/test_fresh.py"]
    assert (tmp_path / "tests" / "test_fresh.py").read_text() == "# mine\n"


def test_a_room_may_not_hide_a_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for layer in ("instances", "solvers", "reductions", "tests"):
        (tmp_path / layer).mkdir()
    (tmp_path / "instances" / "base.py").write_text("# the layer's module\n")
    assert main(["new", "problem", "fresh", "--room", "base", "--root", str(tmp_path)]) == 2
    assert "instances/base.py is a module" in capsys.readouterr().err
    assert not (tmp_path / "instances" / "base").exists()
