"""Every public module says what its public names are (``__all__``), read from the files with ``ast``.

A public module is one whose dotted name has no part starting with ``_`` (``npw._version`` and
``npw.__main__`` are not; a package's ``__init__.py`` is the package). For each:

* ``__all__`` is assigned once at the top level, a literal list or tuple of strings, no name twice
  (``npw.api`` then adds the index's further instance types with ``__all__ +=``, checked by import);
* every name in it is defined or imported at the module's top level (or is a sub-module of the
  package);
* every function and class the module defines at its top level under a public name is listed.

Then what ``npw.api`` exports has a numpydoc docstring: an ``Examples`` section with ``>>>``
examples (tests/test_doctests.py runs them, from the module that defines each), ``Parameters``
where it takes arguments (``Attributes`` for an enum's members), and for the verbs ``Returns``,
and ``Raises`` where their own code raises.
"""

from __future__ import annotations

import ast
import enum
import importlib
import importlib.util
import inspect
import os
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".hypothesis"}


@cache
def _modules() -> dict[str, Path]:
    """Dotted name -> file, for every module of the installed tree (the folders setup.py maps)."""
    spec = importlib.util.spec_from_file_location("npw_setup", ROOT / "setup.py")
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # setup() runs only as __main__
    found = {}
    for name, folder in setup.PACKAGE_DIRS.items():
        base = ROOT / folder
        for directory, dirs, files in os.walk(base):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
            for file in files:
                if not file.endswith(".py"):
                    continue
                parts = list(Path(directory, file).relative_to(base).with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                dotted = ".".join([name, *parts])
                if dotted not in found:  # npw's folder does not hold the mapped four
                    found[dotted] = Path(directory, file)
    return found


def _public(dotted: str) -> bool:
    return not any(part.startswith("_") for part in dotted.split("."))


PUBLIC = sorted(name for name in _modules() if _public(name))


def _tree(dotted: str) -> ast.Module:
    path = _modules()[dotted]
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _top_level(body: list[ast.stmt]):
    """The statements of the module's top level, into ``if``/``try``/``with`` blocks."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            yield from _top_level(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level(node.body + node.orelse + node.finalbody
                                  + [stmt for handler in node.handlers for stmt in handler.body])
        elif isinstance(node, (ast.With, ast.For, ast.While)):
            yield from _top_level(node.body)


def _targets(node: ast.expr):
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield from _targets(element)
    elif isinstance(node, ast.Starred):
        yield from _targets(node.value)


def _bound_names(tree: ast.Module) -> set[str]:
    """Every name the module binds at its top level: definitions, assignments, imports."""
    names = set()
    for node in _top_level(tree.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(name for target in node.targets for name in _targets(target))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For)):
            names.update(_targets(node.target))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.add(alias.asname or alias.name.partition(".")[0])
    return names


def _own_definitions(tree: ast.Module) -> set[str]:
    """The public functions and classes the module defines at its top level."""
    return {node.name for node in _top_level(tree.body)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not node.name.startswith("_")}


def _all_statements(tree: ast.Module) -> list[ast.stmt]:
    found = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
            found.append(node)
    return found


def _literal_names(node: ast.stmt) -> list[str] | None:
    """The strings of a literal list or tuple of strings, None for anything else."""
    value = getattr(node, "value", None)
    if isinstance(value, (ast.List, ast.Tuple)) and all(
            isinstance(element, ast.Constant) and isinstance(element.value, str) for element in value.elts):
        return [element.value for element in value.elts]
    return None


def test_the_walk_finds_the_tree() -> None:
    """The walk cannot silently find nothing (a renamed folder, a changed setup.py)."""
    assert "npw.api" in PUBLIC and "npw.instances.sat.one_in_three_sat" in PUBLIC and "npw.verify.sweep" in PUBLIC
    assert "npw._version" not in PUBLIC and "npw.__main__" not in PUBLIC
    assert len(PUBLIC) >= 250, len(PUBLIC)


@pytest.mark.parametrize("module_name", PUBLIC)
def test_public_module_declares_all(module_name: str) -> None:
    tree = _tree(module_name)
    statements = _all_statements(tree)
    assigned = [node for node in statements if not isinstance(node, ast.AugAssign)]
    assert len(assigned) == 1, f"{module_name}: assign __all__ once at the top level, after the imports"
    names = _literal_names(assigned[0])
    assert names is not None, f"{module_name}: __all__ must be a literal list or tuple of strings"
    assert len(names) == len(set(names)), f"{module_name}: a name twice in __all__"

    bound = _bound_names(tree)
    path = _modules()[module_name]
    submodules = ({f.stem for f in path.parent.glob("*.py")} | {d.name for d in path.parent.iterdir() if d.is_dir()}
                  if path.name == "__init__.py" else set())
    unknown = sorted(set(names) - bound - submodules)
    assert not unknown, f"{module_name}: __all__ names what the module neither defines nor imports: {unknown}"

    unlisted = sorted(_own_definitions(tree) - set(names))
    assert not unlisted, f"{module_name}: public functions or classes missing from __all__: {unlisted}"

    for node in statements:
        if isinstance(node, ast.AugAssign):  # names computed at import time (npw.api's index types)
            module = importlib.import_module(module_name)
            missing = [name for name in module.__all__ if not hasattr(module, name)]
            assert not missing, f"{module_name}: __all__ names missing attributes: {missing}"
            assert len(module.__all__) == len(set(module.__all__)), f"{module_name}: a name twice in __all__"


# -- what npw.api exports: numpydoc docstrings -------------------------------------------------------

def _api_exports() -> list[str]:
    from npw import api

    return list(api.__all__)


def _sections(doc: str) -> set[str]:
    """The numpydoc section titles of a docstring (a title line underlined with dashes)."""
    lines = inspect.cleandoc(doc).splitlines()
    return {lines[i].strip() for i in range(len(lines) - 1)
            if lines[i].strip() and set(lines[i + 1].strip()) == {"-"} and len(lines[i + 1].strip()) >= 3}


def _takes_arguments(exported: object) -> bool:
    target = exported.__init__ if inspect.isclass(exported) else exported
    try:
        parameters = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return False
    return any(p.name not in ("self", "cls") for p in parameters)


@pytest.mark.parametrize("name", _api_exports())
def test_api_export_has_numpydoc_examples(name: str) -> None:
    from npw import api

    exported = getattr(api, name)
    doc = exported.__doc__ or ""
    sections = _sections(doc)
    assert "Examples" in sections, f"npw.api.{name}: no numpydoc 'Examples' section"
    assert ">>>" in doc.split("Examples", 1)[1], f"npw.api.{name}: its Examples section has no >>> example"
    if inspect.isclass(exported) and issubclass(exported, enum.Enum):
        assert "Attributes" in sections, f"npw.api.{name}: no Attributes section (its members)"
    elif _takes_arguments(exported):
        assert "Parameters" in sections, f"npw.api.{name}: takes arguments, but has no Parameters section"


API_VERBS = ("generate", "get_problem", "get_reduction", "load", "problem", "reduce", "render", "save", "solve", "verify")
CONTRACT_TYPES = ("Problem", "Reduction", "Claim", "Bound", "BuiltTarget", "ReductionOption", "Report", "Result",
                  "Answer", "InvalidInstance")


@pytest.mark.parametrize("name", API_VERBS + CONTRACT_TYPES)
def test_api_verb_and_contract_type_have_full_numpydoc(name: str) -> None:
    """The verbs and the contract's types are exported with the sections the test above asks
    for; a verb also has Returns, and Raises where its own code raises."""
    from npw import api

    assert name in api.__all__
    test_api_export_has_numpydoc_examples(name)
    exported = getattr(api, name)
    if not inspect.isclass(exported):
        sections = _sections(exported.__doc__ or "")
        assert "Returns" in sections, f"npw.api.{name}: no Returns section"
        if "raise " in inspect.getsource(exported):
            assert "Raises" in sections, f"npw.api.{name}: raises, but has no Raises section"
