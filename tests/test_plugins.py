"""Plugins: a package naming its modules in the entry-point group ``npw.plugins`` adds problems,
deciders and reductions to every ``npw`` command without an edit of npw.

* ``examples/npw_plugin_example`` (SET SPLITTING and NAE-3-SAT -> SET SPLITTING), installed with pip
  into a temporary folder put on ``PYTHONPATH``, is listed, generated, solved, drawn and verified;
* a plugin whose module fails to import costs one line on stderr, and every other command works;
* the entry points are read only when needed: ``npw solve`` of a built-in problem never reads them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "npw_plugin_example"


def _run(path: list[Path], cwd: Path, *argv: str) -> subprocess.CompletedProcess:
    """``npw argv`` with ``path`` (then this tree) on ``PYTHONPATH``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*map(str, path), str(ROOT)]), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("NPW_PROBLEMS", None)
    return subprocess.run([sys.executable, "-c", "import sys; from npw.cli import main; sys.exit(main())", *argv],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin installed (with its entry point) into a folder of its own."""
    target = tmp_path_factory.mktemp("plugin-site")
    build = tmp_path_factory.mktemp("plugin-src")
    # pip builds in the source folder (egg-info, build/): build from a copy, not from the tree
    source = build / EXAMPLE.name
    import shutil

    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                           "--no-index", "--target", str(target), str(source)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert (target / "npw_plugin_example" / "set_splitting.py").is_file()
    return target


def test_the_plugins_examples_hold(installed: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT)])}
    probe = ("import doctest, sys, npw_plugin_example.set_splitting as m; "
             "result = doctest.testmod(m, optionflags=doctest.ELLIPSIS); print(result); sys.exit(bool(result.failed))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "failed=0" in done.stdout, done.stdout + done.stderr


def test_the_plugin_is_listed_solved_drawn_and_verified(installed: Path, tmp_path: Path) -> None:
    listed = _run([installed], tmp_path, "list", "--json")
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    catalogue = json.loads(listed.stdout)
    problem = next(p for p in catalogue["problems"] if p["id"] == "setsplitting")
    assert problem["deciders"] == ["brute"] and problem["generators"] == ["random"]
    assert any(r["id"] == "nae3sat-to-setsplitting" and r["source"] == "nae3sat" for r in catalogue["reductions"])

    instance = tmp_path / "split.json"
    assert _run([installed], tmp_path, "generate", "setsplitting", "--seed", "2", "-o", str(instance)).returncode == 0
    solved = _run([installed], tmp_path, "solve", str(instance), "--json")
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    assert answer["answer"] == "YES" and answer["backend"] == "brute" and len(answer["certificate"]) == 6
    drawn = _run([installed], tmp_path, "render", str(instance), "-o", "-")
    assert drawn.returncode == 0 and drawn.stdout.count('data-el="element:') == 6, drawn.stderr

    verified = _run([installed], tmp_path, "verify", "nae3sat-to-setsplitting", "--exhaustive", "2",
                    "--random", "30", "--json")
    assert verified.returncode == 0, verified.stderr
    report = json.loads(verified.stdout)
    assert report["mismatches"] == 0 and report["cases"] >= 1200
    assert report["source_yes"] > 0 and report["source_no"] > 0


def test_without_the_plugin_its_ids_are_unknown(tmp_path: Path) -> None:
    done = _run([], tmp_path, "verify", "nae3sat-to-setsplitting", "--exhaustive", "1")
    assert done.returncode == 2 and "unknown reduction 'nae3sat-to-setsplitting'" in done.stderr


def _broken_plugin(folder: Path) -> Path:
    """A distribution (metadata only, as pip leaves it) whose entry point names a module that raises."""
    info = folder / "npw_broken_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: npw-broken-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[npw.plugins]\nbroken = npw_broken_plugin\n")
    (folder / "npw_broken_plugin.py").write_text('raise RuntimeError("this plugin is broken")\n')
    return folder


def test_a_plugin_that_fails_to_import_costs_one_line(installed: Path, tmp_path: Path) -> None:
    broken = _broken_plugin(tmp_path / "broken-site")
    listed = _run([broken, installed], tmp_path, "list")
    assert listed.returncode == 0
    lines = listed.stderr.splitlines()
    assert len(lines) == 1, listed.stderr  # said once, though three registries look at plugins
    assert "npw_broken_plugin" in lines[0] and "RuntimeError: this plugin is broken" in lines[0]
    # the other plugin and every built-in problem are still there
    assert "setsplitting" in listed.stdout and "nae3sat-to-setsplitting" in listed.stdout and "1in3sat" in listed.stdout

    instance = tmp_path / "f.json"
    assert _run([broken], tmp_path, "generate", "3sat", "--seed", "1", "-o", str(instance)).returncode == 0
    solved = _run([broken], tmp_path, "solve", str(instance))
    assert solved.returncode == 0 and solved.stderr == ""  # a built-in problem: the entry points are not read
    verified = _run([broken], tmp_path, "verify", "indset-to-vertexcover", "--exhaustive", "2")
    assert verified.returncode == 0 and "npw_broken_plugin" not in verified.stderr
    unknown = _run([broken], tmp_path, "verify", "no-such-reduction", "--exhaustive", "1")
    assert unknown.returncode == 2
    assert unknown.stderr.count("npw_broken_plugin") == 1 and "unknown reduction 'no-such-reduction'" in unknown.stderr


def test_built_in_ids_do_not_read_the_entry_points(installed: Path, tmp_path: Path) -> None:
    instance = tmp_path / "f.json"
    assert _run([], tmp_path, "generate", "1in3sat", "--seed", "1", "-o", str(instance)).returncode == 0
    probe = ("import sys; from npw.cli import main; from npw.instances import discovery; "
             f"code = main(['solve', {str(instance)!r}]); "
             "code = code or main(['reduce', '1in3sat-to-224sat', sys.argv[1], '-o', sys.argv[2]]); "
             "print('scanned', discovery.plugins_scanned()); sys.exit(code)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", probe, str(instance), str(tmp_path / "t.json")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "scanned False"
