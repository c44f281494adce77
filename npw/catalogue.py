"""The index of built-in declarations: written by the code itself (``npw index``), never by hand.

Every problem, decider, export, sampler, reduction and chain is declared in its own module
(:mod:`npw.instances.discovery`). Finding them means importing every module, which start-up
cannot afford; so this module does it once and writes what it found, per layer, to
``instances/_index.json``, ``solvers/_index.json`` and ``reductions/_index.json``: which module
declares each record, and the list of modules it looked at (a module added since is then
found by the registries at run time). ``npw index`` rewrites the three files, ``npw index
--check`` says whether they are current, and ``tests/test_index.py`` fails while they are not.

The order of what is already indexed is kept (it is the order ``npw list`` shows and the first
decider of a problem is not decided here but by ``Problem.deciders``); new records follow,
sorted by module.

>>> indexes = build_indexes()
>>> indexes["instances"]["PROBLEMS"]["1in3sat"]
'npw.instances.sat.one_in_three_sat'
>>> indexes["reductions"]["REDUCTIONS"]["224sat-to-rel-cap2"]
'npw.reductions.rel.variants:CAPACITY_TWO'
>>> indexes["solvers"]["DECIDERS"]["indset"]["sat"]
'npw.solvers.graphs.sat:solve'
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from npw.instances.base import Problem
from npw.instances.discovery import INDEX_NAME, declared, package_modules
from npw.instances.registry import formats_of
from npw.reductions.base import Chain, Reduction
from npw.solvers.registry import Decider, Export, Sampler, spec_of

__all__ = ["INDEX_NAME", "build_indexes", "index_path", "stale_indexes", "write_indexes"]

LAYERS = ("instances", "solvers", "reductions")


def index_path(layer: str) -> Path:
    """Where the layer's index lives: beside its ``__init__.py``."""
    return Path(importlib.import_module(f"npw.{layer}").__file__).parent / INDEX_NAME


def _previous(layer: str) -> dict[str, Any]:
    try:
        return json.loads(index_path(layer).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _ordered(found: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """``found`` with the keys ``before`` had first, in its order, then the new keys as found."""
    before = before or {}
    return {**{key: found[key] for key in before if key in found}, **found}


def _declarations(layer: str, kind: type | tuple[type, ...]) -> tuple[list[str], list[tuple[str, str, Any]]]:
    modules = package_modules(f"npw.{layer}")
    records = []
    for name in modules:
        module = importlib.import_module(name)
        records += [(name, attribute, record) for attribute, record in declared(module, kind)]
    return modules, records


def _instances_index() -> dict[str, Any]:
    modules, records = _declarations("instances", Problem)
    problems: dict[str, str] = {}
    types: dict[str, str] = {}
    for module, attribute, problem in records:
        if attribute != "PROBLEM":
            continue  # a problem is found as its module's PROBLEM (get_problem reads that name)
        if problem.id in problems and problems[problem.id] != module:
            raise ValueError(f"problem {problem.id!r} is declared in {problems[problem.id]} and in {module}")
        problems[problem.id] = module
        kind = problem.instance_type
        types[kind.__name__] = f"{kind.__module__}:{kind.__qualname__}"
    previous = _previous("instances")
    problems = _ordered(problems, previous.get("PROBLEMS"))
    return {"MODULES": modules, "PROBLEMS": problems, "TYPES": dict(sorted(types.items())),
            "FORMATS": formats_of([importlib.import_module(module).PROBLEM for module in problems.values()])}


def _solvers_index() -> dict[str, Any]:
    modules, records = _declarations("solvers", (Decider, Export, Sampler))
    deciders: dict[str, dict[str, str]] = {}
    exports: dict[str, dict[str, list]] = {}
    samplers: dict[str, str] = {}
    fast: dict[str, dict[str, str]] = {}
    for _, _, record in records:
        if isinstance(record, Decider):
            deciders.setdefault(record.problem, {})[record.name] = spec_of(record.solve)
            if record.fast is not None:  # the default decider's size limits (npw.solvers.default_backend)
                fast.setdefault(record.problem, {})[record.name] = spec_of(record.fast)
        elif isinstance(record, Export):
            bound = None if record.clause_bound is None else spec_of(record.clause_bound)
            exports.setdefault(record.problem, {})[record.name] = [spec_of(record.write), bound, record.read_as]
        else:
            samplers[record.problem] = spec_of(record.sample)
    previous = _previous("solvers")
    return {"MODULES": modules,
            "DECIDERS": {p: _ordered(named, previous.get("DECIDERS", {}).get(p))
                         for p, named in _ordered(deciders, previous.get("DECIDERS")).items()},
            "EXPORTS": {p: _ordered(named, previous.get("EXPORTS", {}).get(p))
                        for p, named in _ordered(exports, previous.get("EXPORTS")).items()},
            "SAMPLERS": _ordered(samplers, previous.get("SAMPLERS")),
            "FAST": {p: dict(sorted(named.items())) for p, named in sorted(fast.items())}}


def _reductions_index() -> dict[str, Any]:
    modules, records = _declarations("reductions", (Reduction, Chain))
    reductions: dict[str, str] = {}
    chains: dict[str, str] = {}
    for module, attribute, record in records:
        table = reductions if isinstance(record, Reduction) else chains
        spec = f"{module}:{attribute}"
        if record.id in table and table[record.id] != spec:
            raise ValueError(f"reduction {record.id!r} is declared as {table[record.id]} and as {spec}")
        table[record.id] = spec
    previous = _previous("reductions")
    return {"MODULES": modules, "REDUCTIONS": _ordered(reductions, previous.get("REDUCTIONS")),
            "CHAINS": _ordered(chains, previous.get("CHAINS"))}


def build_indexes() -> dict[str, dict[str, Any]]:
    """The three indexes as they should be now (every module of the package imported)."""
    return {"instances": _instances_index(), "solvers": _solvers_index(), "reductions": _reductions_index()}


def _text(index: dict[str, Any]) -> str:
    return json.dumps(index, indent=1) + "\n"


def stale_indexes() -> list[str]:
    """The layers whose index file differs from what :func:`build_indexes` finds."""
    built = build_indexes()
    stale = []
    for layer, index in built.items():
        try:
            current = index_path(layer).read_text(encoding="utf-8")
        except OSError:
            current = ""
        if current != _text(index):
            stale.append(layer)
    return stale


def write_indexes() -> list[Path]:
    """Rewrites the index files that changed; returns them."""
    from npw.instances.io import write_atomically

    written = []
    for layer, index in build_indexes().items():
        path = index_path(layer)
        text = _text(index)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_atomically(path, text)
            written.append(path)
    return written
