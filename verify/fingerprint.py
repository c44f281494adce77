"""The fingerprint of the code that decides a verification run, for the result store.

A stored case may be reused only by a run of the very same code: the reduction's modules
(or the user's file), the problems' modules and deciders involved, and everything they
import from npw, plus npw's version. The modules are found statically: every ``npw.``
module named by an import statement anywhere in a module (imports inside functions too,
which is how the workbench defers its heavy imports), followed transitively. The
fingerprint is a SHA-256 over the sorted (module name, source hash) pairs.

>>> from npw.reductions.registry import get_reduction
>>> code = code_fingerprint(get_reduction("1in3sat-to-224sat"))
>>> len(code.digest), "npw.reductions.sat.one_in_three_sat_to_224sat" in code.modules
(64, True)
>>> code == code_fingerprint(get_reduction("1in3sat-to-224sat"))
True
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from typing import Any, Iterable

from npw.reductions.base import Reduction

__all__ = ["CodeFingerprint", "code_fingerprint"]


@dataclass(frozen=True)
class CodeFingerprint:
    """``digest``: the hash; ``modules``: the modules it covers (user files by their path)."""

    digest: str
    modules: tuple[str, ...]
    version: str

    def covers(self) -> str:
        """One line: what the fingerprint covers.

        >>> CodeFingerprint("ab" * 32, ("npw.a", "npw.b"), "0.2.0").covers()
        'npw 0.2.0 and 2 modules: npw.a, npw.b'
        """
        return f"npw {self.version} and {len(self.modules)} modules: {', '.join(self.modules)}"


def _module_source(name: str) -> tuple[str | None, str | None]:
    """(path, source text) of a module by name, without importing it; (None, None) if unknown."""
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None) if module is not None else None
    if path is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return None, None
        path = spec.origin if spec is not None else None
    if path is None or not path.endswith(".py"):
        return None, None
    try:
        with open(path, encoding="utf-8") as handle:
            return path, handle.read()
    except OSError:
        return None, None


def _imported_npw_modules(source: str, package: str) -> set[str]:
    """The ``npw.`` modules an import statement anywhere in ``source`` names (relative ones resolved)."""
    found: set[str] = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("npw"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            if base.startswith("npw"):
                found.add(base)
                # "from npw.x import y": y may be a module of package npw.x
                found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _roots(reduction: Reduction) -> set[str]:
    """The modules a verification run of ``reduction`` starts from."""
    from npw.instances.registry import builtin_problem_modules, get_problem
    from npw.solvers.registry import deciders_of, sampler_of

    roots = {"npw._version", "npw.verify.check", "npw.reductions.base"}
    functions: list[Any] = [reduction.reduce, reduction.forward, reduction.backward, reduction.size]
    functions += [claim.check for claim in reduction.claims]
    for function in functions:
        module = inspect.getmodule(function) if function is not None else None
        if module is not None:
            roots.add(module.__name__)
        # a chain's maps are closures over its steps' maps: follow them
        for cell in getattr(function, "__closure__", None) or ():
            try:
                inner = cell.cell_contents
            except ValueError:
                continue
            if isinstance(inner, Reduction):
                roots |= _roots(inner)
    for side in (reduction.source, reduction.target):
        problem = get_problem(side)
        roots.add(problem.instance_type.__module__)
        # the problem's declaration and the code of its streams (what the cases are) and shrinking
        roots.add(builtin_problem_modules().get(side, problem.instance_type.__module__))
        for function in (problem.sample, problem.enumerate, problem.shrink, *problem.generators.values()):
            module = inspect.getmodule(function) if function is not None else None
            if module is not None:
                roots.add(module.__name__)
        for name in (*problem.verify_deciders, *problem.confirm_no_deciders):
            spec = deciders_of(side).get(name.split(":", 1)[0])
            if isinstance(spec, str):
                roots.add(spec.partition(":")[0])
            elif spec is not None and inspect.getmodule(spec) is not None:
                roots.add(inspect.getmodule(spec).__name__)  # type: ignore[union-attr]
        sampler = sampler_of(side)
        if isinstance(sampler, str):
            roots.add(sampler.partition(":")[0])
    return roots


def _closure(roots: Iterable[str]) -> dict[str, str]:
    """module name -> SHA-256 of its source, for the roots and every npw module they import."""
    hashes: dict[str, str] = {}
    pending = list(roots)
    while pending:
        name = pending.pop()
        if name in hashes:
            continue
        path, source = _module_source(name)
        if source is None:
            continue
        hashes[name] = hashlib.sha256(source.encode()).hexdigest()
        package = name if path is not None and path.endswith("__init__.py") else name.rpartition(".")[0]
        pending.extend(_imported_npw_modules(source, package) - hashes.keys())
    return hashes


def code_fingerprint(reduction: Reduction) -> CodeFingerprint:
    """The fingerprint of the code a verification run of ``reduction`` executes (see the module)."""
    from npw import __version__

    hashes = _closure(_roots(reduction))
    # user modules (a reduction file, a problems file) are named by their path
    named = {sys.modules[name].__file__ if not name.startswith("npw.") and name in sys.modules else name: digest
             for name, digest in hashes.items()}
    canonical = "\n".join(f"{name} {digest}" for name, digest in sorted(named.items()))
    digest = hashlib.sha256(f"npw {__version__}\n{canonical}".encode()).hexdigest()
    return CodeFingerprint(digest, tuple(sorted(named)), __version__)
