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


# ---------------------------------------------------------------------------------------------
# no private name crosses a module boundary; no import loop


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_uses(path: Path, module: str, known: dict[str, Path]) -> list[str]:
    """Every use in the file of a private name of another module of ``known``: ``from a.b import
    _x`` (relative too) and ``a.b._x`` on a module bound by ``import a.b [as m]`` or ``from a
    import b``, at any level of the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = _package_of(module, path)
    bound: dict[str, str] = {}  # local name -> the module (or package prefix) it binds
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")
                if node.level > 1:
                    anchor = anchor[: -(node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    bound[alias.asname or alias.name] = sub
                elif base in known and base != module and _private(alias.name):
                    found.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}:"
                                 f"{node.lineno}: from {base} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    bound[head] = head
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain, value = [], node.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                target = ".".join([bound[value.id], *reversed(chain)])
                if target in known and target != module:
                    found.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}:"
                                 f"{node.lineno}: {target}.{node.attr}")
    return found


def test_no_private_name_crosses_a_module_boundary():
    found = [use for module, path in sorted(MODULES.items()) for use in _private_uses(path, module, MODULES)]
    assert not found, (f"{len(found)} use(s) of another module's private name (make what two modules share "
                       f"public, where it lives or in a small module of its own):\n  " + "\n  ".join(found))


def _graph(known: dict[str, Path]) -> dict[str, dict[str, Edge]]:
    """module -> {imported module of ``known``: the first edge}, every level, string specs left out."""
    graph: dict[str, dict[str, Edge]] = {}
    for module, path in sorted(known.items()):
        out = graph.setdefault(module, {})
        for edge in _edges(path, known, _package_of(module, path)):
            if edge.target in known and edge.target != module and not edge.how.startswith("string spec"):
                out.setdefault(edge.target, edge)
    return graph


def _cycle(graph: dict[str, dict[str, Edge]]) -> list[Edge]:
    """The edges of one import cycle of ``graph``, [] when it has none (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for root in sorted(graph):
        if root in state:
            continue
        path: list[tuple[str, Edge | None]] = [(root, None)]
        stack = [iter(sorted(graph[root].items()))]
        state[root] = 1
        while stack:
            step = next(stack[-1], None)
            if step is None:
                state[path.pop()[0]] = 2
                stack.pop()
                continue
            target, edge = step
            if state.get(target) == 1:
                start = next(i for i, (name, _) in enumerate(path) if name == target)
                return [e for _, e in path[start + 1:] if e is not None] + [edge]
            if target not in state and target in graph:
                state[target] = 1
                path.append((target, edge))
                stack.append(iter(sorted(graph[target].items())))
    return []


def test_no_import_cycle():
    cycle = _cycle(_graph(MODULES))
    assert not cycle, ("an import cycle (function-level imports count; break it by moving what both "
                       "need into a module of its own, or by passing it in):\n  "
                       + "\n  ".join(f"{e.where()}: {FILES[e.path]} -> {e.target}: {e.how}" for e in cycle))


def test_the_private_and_cycle_checkers_on_small_sources(tmp_path):
    pkg = tmp_path / "p"
    pkg.mkdir()
    files = {
        "p": "from p.a import public_name\n",  # a package re-exporting a submodule's public name
        "p.a": "def _helper(): pass\ndef public_name(): _helper()\nimport p.b\n",
        "p.b": ("from p.a import _helper, public_name\n"
                "import p.a as m\n"
                "def f():\n    from .a import _late\n    return m._x, p.a._y, m.__name__\n"
                "import p.a\nz = p.a._w\n"),
        "p.c": "import p.a\n",
    }
    known = {}
    for name, text in files.items():
        path = pkg / ("__init__.py" if name == "p" else f"{name.split('.')[1]}.py")
        path.write_text(text, encoding="utf-8")
        known[name] = path
    uses = {module: _private_uses(path, module, known) for module, path in known.items()}
    assert uses["p"] == uses["p.a"] == uses["p.c"] == []
    assert sorted(use.split(": ", 1)[1] for use in uses["p.b"]) == sorted(
        ["from p.a import _helper", "from p.a import _late", "p.a._x", "p.a._y", "p.a._w"]), uses["p.b"]
    cycle = _cycle(_graph(known))
    assert sorted((FILES.get(e.path) or e.path.stem, e.target) for e in cycle) == [("a", "p.b"), ("b", "p.a")], cycle
    known.pop("p.b")
    assert _cycle(_graph(known)) == []
