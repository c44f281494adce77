"""No import runs against the arrows, read from the import graph (``ast``, nothing is imported).

The layers, and the only way imports may point::

    npw (api, custom, cli)  ->  verify  ->  reductions  ->  instances
                                        ->  solvers     ->  instances

* ``npw.instances.*`` imports only ``npw.instances.*``;
* ``npw.reductions.*`` only ``npw.reductions.*`` and ``npw.instances.*``;
* ``npw.solvers.*`` only ``npw.solvers.*`` and ``npw.instances.*`` (so reductions and solvers
  never import each other);
* ``npw.verify.*`` anything but the npw layer (``npw.api``, ``npw.cli``, ``npw.custom``, ...);
* the npw layer anything.

The root package itself (``import npw``, ``from npw import __version__``, ``npw._version``)
is below every layer: importing any ``npw.x`` runs it anyway.

Every import counts, at module level or inside a function, a class or ``if TYPE_CHECKING``;
``from X import Y`` counts as an import of ``X.Y`` when ``Y`` is a module of the tree, relative
imports are resolved against the file's package. The registries import lazily from strings
(``"npw.instances.sat.cnf"``, ``"npw.solvers.sat:solve"``); a string constant that is exactly
such a spec and names a module of the tree is an import too.

The second test: no ``.py`` file anywhere in the repository (tests/, bench/, examples/
included) imports a bare top-level ``instances``, ``reductions``, ``solvers`` or ``verify``,
which works in the checkout only because the repository root happens to be on ``sys.path``
and, installed, finds nothing or PyPI's unrelated ``verify``.
"""

from __future__ import annotations

import ast
import os
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE = ("instances", "reductions", "solvers", "verify")
SKIP_DIRS = {".git", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache",
             ".ruff_cache", ".tox", ".nox", "node_modules"}

# layer -> the layers it may import; "root" is the npw package itself and npw._version
ALLOWED = {
    "instances": {"instances", "root"},
    "reductions": {"reductions", "instances", "root"},
    "solvers": {"solvers", "instances", "root"},
    "verify": {"verify", "reductions", "solvers", "instances", "root"},
    "npw": {"npw", "verify", "reductions", "solvers", "instances", "root"},
    "root": {"root"},  # npw/__init__.py runs before every npw.x: it must not pull the layers in
}
SPEC = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?::[A-Za-z_]\w*)?")


def _package_dirs() -> dict[str, Path]:
    spec = importlib.util.spec_from_file_location("npw_setup", ROOT / "setup.py")
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # setup() runs only as __main__
    return {name: ROOT / folder for name, folder in setup.PACKAGE_DIRS.items()}


def _walk(base: Path):
    """The .py files under base, sorted, without caches, build output and virtual environments."""
    found = []
    for folder, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".") and not d.endswith(".egg-info")
                   and not os.path.exists(os.path.join(folder, d, "pyvenv.cfg"))]
        found += [Path(folder, f) for f in files if f.endswith(".py")]
    return sorted(found)


def _modules() -> dict[str, Path]:
    """Dotted name -> file, for every module of the installed tree (npw.instances.sat.cnf ...)."""
    out = {}
    for name, base in _package_dirs().items():
        for path in _walk(base):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            if name == "npw" and parts and parts[0] in BARE:
                continue  # not there today; would be a folder named like a layer inside npw/
            out[".".join([name, *parts])] = path
    return out


MODULES = _modules()
FILES = {path: name for name, path in MODULES.items()}


def _layer(module: str) -> str | None:
    """The layer of a dotted module of the npw tree, None outside it."""
    parts = module.split(".")
    if parts[0] != "npw":
        return None
    if len(parts) == 1 or parts[1] == "_version":
        return "root"
    return parts[1] if parts[1] in BARE else "npw"


@dataclass(frozen=True)
class Edge:
    path: Path
    line: int
    target: str  # dotted module
    how: str     # the source text, or "string spec"

    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _edges(path: Path, known: dict[str, Path], package: str | None) -> list[Edge]:
    """Every import in the file: ``import a.b``, ``from a import b`` (as a.b when that is a
    module in ``known``), relative imports against ``package``, and string specs of modules."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    docstrings = _docstring_nodes(tree)
    lines = source.splitlines()
    edges = []
    for node in ast.walk(tree):
        text = lines[node.lineno - 1].strip() if isinstance(node, (ast.Import, ast.ImportFrom)) else None
        if isinstance(node, ast.Import):
            edges += [Edge(path, node.lineno, alias.name, text) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if package is None:
                    continue  # a relative import outside the tree: not ours to map
                anchor = package.split(".")
                if node.level > 1:
                    anchor = anchor[: -(node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                edges.append(Edge(path, node.lineno, sub if sub in known else base, text))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
              and SPEC.fullmatch(node.value)):
            module = node.value.partition(":")[0]
            if module in known:
                edges.append(Edge(path, node.lineno, module, f"string spec {node.value!r}"))
    return edges


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def test_imports_follow_the_arrows():
    assert MODULES, "no modules found under the package-dir folders of pyproject.toml"
    violations = []
    for module, path in sorted(MODULES.items()):
        source_layer = _layer(module)
        for edge in _edges(path, MODULES, _package_of(module, path)):
            target_layer = _layer(edge.target)
            if target_layer is not None and target_layer not in ALLOWED[source_layer]:
                violations.append(f"{edge.where()}: {module} ({source_layer}) -> {edge.target} "
                                  f"({target_layer}): {edge.how}")
    assert not violations, (
        f"{len(violations)} import(s) against the arrows "
        f"(npw -> verify -> reductions|solvers -> instances):\n  " + "\n  ".join(violations))


def _bare_known() -> dict[str, Path]:
    """The tree's modules under their bare names (solvers.sat, verify.sets ...)."""
    return {name[len("npw."):]: path for name, path in MODULES.items() if _layer(name) in BARE}


def test_no_bare_top_level_imports():
    bare_known = _bare_known()
    known = {**MODULES, **bare_known}
    files = list(_walk(ROOT))
    assert len(files) > len(MODULES), "the walk found fewer files than the package tree"
    violations = []
    for path in files:
        module = FILES.get(path)
        package = _package_of(module, path) if module else None
        for edge in _edges(path, known, package):
            if edge.target.split(".")[0] in BARE:
                violations.append(f"{edge.where()}: {edge.target}: {edge.how}")
    assert not violations, (
        f"{len(violations)} import(s) of a bare top-level {'/'.join(BARE)} (write npw.<name>):\n  "
        + "\n  ".join(violations))


# ---------------------------------------------------------------------------------------------
# the checker itself, on small sources


def _check(tmp_path, text: str, module: str) -> list[str]:
    path = tmp_path / "m.py"
    path.write_text(text, encoding="utf-8")
    known = {**MODULES, **_bare_known()}
    return [e.target for e in _edges(path, known, module.rpartition(".")[0])]


def test_the_checker_sees_every_kind_of_import(tmp_path):
    some_solver = next(m for m in MODULES if m.startswith("npw.solvers.") and m.count(".") == 2)
    leaf = some_solver.rpartition(".")[2]
    text = (f'"""docstring {some_solver} is not an import"""\n'
            f"import {some_solver}\n"
            f"from npw.solvers import {leaf}\n"
            f"from npw.solvers import solve\n"
            f"def f():\n    from . import api\n    from ..solvers import {leaf}\n"
            f"class C:\n    import solvers\n"
            f"SPEC = '{some_solver}:solve'\n"
            f"NOT = 'verify'\n")
    targets = _check(tmp_path, text, "npw.verify.m")
    assert sorted(targets) == sorted([some_solver, some_solver, "npw.solvers", "npw.verify", some_solver,
                                      "solvers", some_solver]), targets
    assert _layer("npw") == _layer("npw._version") == "root"
    assert _layer("npw.cli") == _layer("npw.custom") == "npw"
    assert _layer("numpy") is None and _layer("npw.solvers.sat") == "solvers"
