"""The packaging test: the wheel installs one import root, ``npw``, and works beside PyPI's ``verify``.

The folders instances/, reductions/, solvers/ and verify/ stay at the repository's top level
but install as ``npw.instances`` ... ``npw.verify`` (``PACKAGE_DIRS`` in setup.py, which finds
every package below them). Three things can go wrong, and each has a check here:

* a new room (a folder of modules) is not found by setup.py's ``find_packages`` (it lacks an
  ``__init__.py``), so the wheel silently lacks it while the editable install (which maps whole
  folders) hides the gap: :func:`test_setup_finds_every_package` (fast, no build);
* the wheel ships a second top-level name (``verify/`` beside ``npw/``), which would overwrite
  or be overwritten by PyPI's unrelated ``verify`` distribution, or lacks ``npw/py.typed`` or a
  module: :func:`test_wheel_contents`;
* code imports a bare ``verify`` / ``solvers`` instead of ``npw.verify`` / ``npw.solvers``: in
  the checkout this works by accident (the repository root is on ``sys.path``), installed it
  picks up whatever else is called ``verify``: :func:`test_wheel_installs_beside_pypi_verify`
  runs the installed ``npw`` next to PyPI's ``verify`` 1.1.1 from a folder holding decoy
  ``verify.py``, ``instances.py``, ``solvers/`` and ``reductions/`` that abort if imported.

The fresh environment gets the wheel and ``verify`` only (``--no-deps``); npw's heavy
dependencies (numba, z3, python-sat, numpy, networkx, rich ...) come from the running
interpreter through a ``.pth`` file naming its site-packages directories, so the test needs no
download of them and stays within seconds. A directory added by a ``.pth`` line is appended to
``sys.path`` but is not itself a site directory: the ``.pth`` files inside it are *not*
processed, so the editable-install finder of the development environment
(``__editable__.npw-*.pth``) stays inactive, and ``npw`` must be (and is checked to be) the
copy installed from the wheel inside the fresh environment.

The wheel is built from a copy of the source tree: setuptools reuses ``./build/lib``, where a
module deleted from the source would survive into the next wheel, and other people work in the
checkout at the same time. If the package index cannot be reached (``verify`` is fetched from
it) the slow tests skip, unless the environment variable ``CI`` is set: then they fail.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest
from tree_copy import copy_source

ROOT = Path(__file__).resolve().parents[1]
PYPI_VERIFY = "verify==1.1.1"
BARE = ("instances", "reductions", "solvers", "verify")
TIMEOUT = 300  # per subprocess; the whole module takes seconds when the index answers


def _setup_module():
    spec = importlib.util.spec_from_file_location("npw_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def _package_dirs() -> dict[str, str]:
    return dict(_setup_module().PACKAGE_DIRS)


def _folder_of(package: str, package_dir: dict[str, str]) -> Path:
    """The source folder of a dotted package under setuptools' package-dir rules: the longest
    mapped prefix, then the remaining components as sub-folders."""
    parts = package.split(".")
    for cut in range(len(parts), 0, -1):
        prefix = ".".join(parts[:cut])
        if prefix in package_dir:
            return ROOT / package_dir[prefix] / Path(*parts[cut:]) if parts[cut:] else ROOT / package_dir[prefix]
    return ROOT / Path(*parts)


def _source_packages() -> dict[str, Path]:
    """Every folder holding an ``__init__.py`` under the five mapped roots, as a dotted name."""
    found = {}
    for name, folder in _package_dirs().items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                continue
            found[".".join((name, *rel.parts))] = init.parent
    return found


def test_setup_finds_every_package():
    package_dir = _package_dirs()
    assert set(package_dir) == {"npw", *(f"npw.{b}" for b in BARE)}, package_dir
    for name, folder in package_dir.items():
        assert (ROOT / folder / "__init__.py").is_file(), f"package-dir maps {name} to {folder}/, which has no __init__.py"

    listed = set(_setup_module().find_packages(ROOT))
    on_disk = _source_packages()
    missing = sorted(set(on_disk) - listed)
    stale = sorted(listed - set(on_disk))
    assert not missing and not stale, (
        f"setup.py's find_packages differs from the folders holding an __init__.py:\n"
        f"  missing from the list (the wheel would lack them): "
        f"{[f'{p} ({on_disk[p].relative_to(ROOT)}/)' for p in missing]}\n"
        f"  listed without a folder: {[f'{p} ({_folder_of(p, package_dir).relative_to(ROOT)}/)' for p in stale]}")

    # a folder of modules without an __init__.py is a room the list above cannot see
    roots = [ROOT / folder for folder in package_dir.values()]
    orphans = sorted(
        str(py.parent.relative_to(ROOT))
        for base in roots for py in base.rglob("*.py")
        if not (py.parent / "__init__.py").is_file() and "__pycache__" not in py.parts)
    assert not orphans, f"folders with modules but no __init__.py (not packaged): {sorted(set(orphans))}"


# ---------------------------------------------------------------------------------------------
# the slow part: build, install, run


def _run(args, *, cwd=None, env=None, check=True) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    if check:
        assert proc.returncode == 0, (
            f"exit {proc.returncode}: {' '.join(map(str, args))} (cwd {cwd})\n"
            f"--- stdout\n{proc.stdout[-4000:]}\n--- stderr\n{proc.stderr[-4000:]}")
    return proc


def _clean_env(**extra: str) -> dict[str, str]:
    """The caller's environment without what would put other code on sys.path (PYTHONPATH, a
    user site) or take the current folder off it (PYTHONSAFEPATH: the decoys must be visible)."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH", "VIRTUAL_ENV",
                        "PYTHONUSERBASE", "__PYVENV_LAUNCHER__"}}
    env["PYTHONNOUSERSITE"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(extra)
    return env


def _no_index(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI is set and {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("packaging")


@pytest.fixture(scope="module")
def verify_sdist(work) -> Path:
    """PyPI's ``verify`` 1.1.1 (an sdist), fetched once: this is also the probe of the index."""
    dest = work / "download"
    proc = _run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-input", "-d", dest, PYPI_VERIFY],
                env=_clean_env(), check=False)
    files = list(dest.glob("verify-1.1.1*")) if dest.exists() else []
    if proc.returncode != 0 or not files:
        _no_index(f"the package index could not be reached to fetch {PYPI_VERIFY} "
                  f"(pip download exit {proc.returncode}): {proc.stderr.strip()[-600:]}")
    return files[0]


def _can_build_without_isolation() -> bool:
    """setuptools >= 68 (pyproject's build requirement) with a bdist_wheel: built in from 70.1,
    before that from the ``wheel`` package."""
    try:
        from importlib.metadata import version
        major, minor = (int(x) for x in version("setuptools").split(".")[:2])
    except Exception:
        return False
    if (major, minor) < (68, 0):
        return False
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


@pytest.fixture(scope="module")
def wheel(work, request) -> Path:
    """The wheel, built from a copy of the tree, without build isolation when the running
    interpreter can (setuptools >= 68 with bdist_wheel), otherwise with it (setuptools from the
    index, which verify_sdist has just shown to be reachable)."""
    src = copy_source(work / "src")
    out = work / "wheelhouse"
    args = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-input", "-w", out]
    if _can_build_without_isolation():
        args.append("--no-build-isolation")
    else:
        request.getfixturevalue("verify_sdist")  # skip (or fail under CI) without an index
    _run([*args, src], env=_clean_env())
    wheels = list(out.glob("npw-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.mark.slow
def test_wheel_contents(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/", 1)[0] for n in names}
    dist_info = {t for t in top if t.endswith(".dist-info")}
    assert len(dist_info) == 1 and next(iter(dist_info)).startswith("npw-"), top
    assert top - dist_info == {"npw"}, f"the wheel must hold one import root, npw; it holds {sorted(top)}"
    assert "npw/py.typed" in names
    assert "npw/templates/problem_instances.py.txt" in names  # npw new's templates (npw/skeleton.py)

    # every module of the five source roots, at its mapped place, and nothing else
    expected = set()
    for name, folder in _package_dirs().items():
        base = ROOT / folder
        for py in base.rglob("*.py"):
            rel = py.relative_to(base)
            if "__pycache__" in rel.parts or any(p.startswith(".") for p in rel.parts):
                continue
            expected.add("/".join((*name.split("."), *rel.parts)))
    shipped = {n for n in names if n.endswith(".py")}
    assert shipped == expected, (f"modules missing from the wheel: {sorted(expected - shipped)}; "
                                 f"in the wheel but not in the source: {sorted(shipped - expected)}")

    meta = {n.split("/", 1)[1]: n for n in names if n.startswith(tuple(dist_info))}
    top_level = zipfile.ZipFile(wheel).read(meta["top_level.txt"]).decode().split() if "top_level.txt" in meta else []
    assert top_level in ([], ["npw"]), top_level
    entry_points = zipfile.ZipFile(wheel).read(meta["entry_points.txt"]).decode()
    assert "npw = npw.cli:main" in entry_points, entry_points


DECOY = 'raise SystemExit("wrong {name} imported: the bare top-level {name!r} from the current folder, not npw.{name}")\n'

PROBE = textwrap.dedent("""
    import json, sys
    import npw, npw.api, npw.cli, npw.custom, npw.verify, npw.solvers, npw.instances, npw.reductions
    print(json.dumps({
        "npw": npw.__file__,
        "subpackages": [m.__file__ for m in (npw.api, npw.cli, npw.verify, npw.solvers, npw.instances,
                                             npw.reductions)],
        "bare": sorted({"instances", "reductions", "solvers", "verify"} & set(sys.modules)),
        "finders": [type(f).__module__ + "." + type(f).__qualname__ for f in sys.meta_path],
    }))
""")

NEUTRAL = textwrap.dedent("""
    import json, importlib.metadata as md
    import verify, npw.verify
    files = {d: {str(f) for f in md.distribution(d).files} for d in ("verify", "npw")}
    print(json.dumps({
        "verify": verify.__file__, "verify_version": md.version("verify"),
        "verify_has_expect": hasattr(verify, "expect"), "npw_verify": npw.verify.__file__,
        "shared_files": sorted((files["verify"] & files["npw"])),
        "npw_top_level": (md.distribution("npw").read_text("top_level.txt") or "").split(),
    }))
""")


@pytest.mark.slow
def test_wheel_installs_beside_pypi_verify(work, wheel, verify_sdist):
    import json

    venv = work / "fresh"
    _run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    purelib = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        env=_clean_env()).stdout.strip())

    # PyPI's verify first, then the wheel: a wheel shipping a top-level verify/ would clobber it
    # (verify with its own small dependency, pydash; npw alone, its dependencies come below)
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--no-input"]
    _run([*pip, verify_sdist], env=_clean_env())
    _run([*pip, "--no-deps", wheel], env=_clean_env())

    # npw's dependencies from the running interpreter (see the module docstring)
    here = [p for p in dict.fromkeys([*site.getsitepackages(), sysconfig.get_paths()["purelib"],
                                      sysconfig.get_paths()["platlib"]]) if Path(p).is_dir()]
    (purelib / "_npw_test_dependencies.pth").write_text("".join(f"{p}\n" for p in here), encoding="utf-8")

    decoys = work / "decoys"
    (decoys / "solvers").mkdir(parents=True)
    (decoys / "reductions").mkdir()
    (decoys / "verify.py").write_text(DECOY.format(name="verify"), encoding="utf-8")
    (decoys / "instances.py").write_text(DECOY.format(name="instances"), encoding="utf-8")
    (decoys / "solvers" / "__init__.py").write_text(DECOY.format(name="solvers"), encoding="utf-8")
    (decoys / "reductions" / "__init__.py").write_text(DECOY.format(name="reductions"), encoding="utf-8")
    env = _clean_env(XDG_CACHE_HOME=str(work / "cache"), PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")

    # the two commands, from the folder of decoys
    for command in ([venv / "bin" / "npw", "verify", "1in3sat-to-224sat", "--exhaustive", "2"],
                    [python, "-m", "npw", "verify", "1in3sat-to-224sat", "--exhaustive", "2"]):
        out = _run(command, cwd=decoys, env=env).stdout
        assert "PASSED" in out and "mismatches 0" in out, out
    _run([python, "-c", "import npw.api"], cwd=decoys, env=env)

    # which npw was imported: the wheel's, not the checkout through the editable finder
    info = json.loads(_run([python, "-c", PROBE], cwd=decoys, env=env).stdout)
    for path in (info["npw"], *info["subpackages"]):
        assert Path(path).resolve().is_relative_to(purelib.resolve() / "npw"), (path, purelib)
    assert info["bare"] == [], f"bare top-level modules imported: {info['bare']}"
    assert not any("editable" in f.lower() for f in info["finders"]), info["finders"]

    # PyPI's verify survives beside npw.verify, and the two distributions share no file
    neutral = work / "neutral"
    neutral.mkdir()
    info = json.loads(_run([python, "-c", NEUTRAL], cwd=neutral, env=env).stdout)
    assert Path(info["verify"]).resolve() == (purelib / "verify" / "__init__.py").resolve(), info
    assert info["verify_version"] == "1.1.1" and info["verify_has_expect"], info
    assert Path(info["npw_verify"]).resolve() == (purelib / "npw" / "verify" / "__init__.py").resolve(), info
    assert info["shared_files"] == [], info["shared_files"]
    assert info["npw_top_level"] in ([], ["npw"]), info["npw_top_level"]

    # npw's declared requirements resolve in the fresh environment
    check = _run([sys.executable, "-m", "pip", "--python", python, "check"], env=_clean_env(), check=False)
    npw_lines = [line for line in check.stdout.splitlines() if line.lower().startswith("npw ")]
    assert not npw_lines, check.stdout
