"""Runs the ``>>>`` examples in the docstrings of every module of the installed package ``npw``.

Not ``pytest --doctest-modules``: the folders instances/, reductions/, solvers/ and verify/
install as npw.instances, npw.reductions, npw.solvers and npw.verify (package-dir in
pyproject.toml), and --doctest-modules would import their files a second time under the
folder names (``instances.sat.cnf``), registering everything twice. Here each module is
imported by its proper dotted name, found with pkgutil, and its doctests are one test case.
"""

from __future__ import annotations

import doctest
import functools
import importlib
import pkgutil
import traceback

import pytest


# npw's own folder holds npw and npw.cli; the other four are mapped folders that
# pkgutil cannot see from npw.__path__, so each is walked from its own __path__
MAPPED_PACKAGES = ("npw.instances", "npw.reductions", "npw.solvers", "npw.verify")

# optional extras (pyproject.toml): a module that cannot be imported without one is skipped
OPTIONAL_EXTRAS = {"ortools": "cp", "matplotlib": "plot", "dask": "dist", "distributed": "dist"}

OPTIONFLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# modules with at least one doctest; raise it when you add examples to a new module
MIN_MODULES_WITH_DOCTESTS = 192


@functools.cache
def _walk() -> tuple[tuple[str, object, str | None, str | None], ...]:
    """(module name, module or None, skip reason or None, import error or None) for every
    module of npw, sorted by name."""
    found: dict[str, tuple[object, str | None, str | None]] = {}

    def load(name: str) -> None:
        if name in found:
            return
        try:
            found[name] = (importlib.import_module(name), None, None)
        except ModuleNotFoundError as error:
            root = (error.name or "").partition(".")[0]
            if root in OPTIONAL_EXTRAS:
                reason = f"{name} needs {root}, the optional extra {OPTIONAL_EXTRAS[root]!r} (pip install -e \".[{OPTIONAL_EXTRAS[root]}]\")"
                found[name] = (None, reason, None)
            else:
                found[name] = (None, None, traceback.format_exc())
        except Exception:
            found[name] = (None, None, traceback.format_exc())

    def walk(package_name: str) -> None:
        load(package_name)
        package = found[package_name][0]
        if package is None:
            return
        for info in pkgutil.walk_packages(package.__path__, package_name + ".", onerror=load):
            if info.name.rpartition(".")[2] != "__main__":  # importing it runs the command
                load(info.name)

    walk("npw")
    for name in MAPPED_PACKAGES:
        walk(name)
    return tuple((name, *found[name]) for name in sorted(found))


def _tests(module: object) -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    # only the module's own objects (DocTestFinder skips imported functions and classes)
    return [test for test in finder.find(module) if test.examples]


def _cases() -> list:
    cases = []
    for name, module, skip, error in _walk():
        if skip is not None:
            cases.append(pytest.param(name, marks=pytest.mark.skip(reason=skip), id=name))
        elif error is not None or _tests(module):
            cases.append(pytest.param(name, id=name))
    return cases


@pytest.mark.parametrize("module_name", _cases())
def test_module_doctests(module_name: str) -> None:
    _, module, _, error = next(entry for entry in _walk() if entry[0] == module_name)
    if error is not None:
        pytest.fail(f"cannot import {module_name}:\n{error}", pytrace=False)
    runner = doctest.DocTestRunner(optionflags=OPTIONFLAGS)
    reports: list[str] = []
    failed = attempted = 0
    for test in _tests(module):
        result = runner.run(test, out=reports.append)
        failed += result.failed
        attempted += result.attempted
    if failed:
        pytest.fail(f"{failed} of {attempted} examples failed in {module_name}:\n" + "".join(reports), pytrace=False)


def test_doctests_are_collected() -> None:
    """The runner cannot silently collect nothing (a broken walk, a renamed package)."""
    names = [name for name, module, _, _ in _walk() if module is not None]
    assert "npw.instances.sat.one_in_three_sat" in names and "npw.verify.sweep" in names
    with_doctests = [name for name, module, _, _ in _walk() if module is not None and _tests(module)]
    assert len(with_doctests) >= MIN_MODULES_WITH_DOCTESTS, with_doctests
