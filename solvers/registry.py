"""Which deciders, exports and certificate samplers serve which problem: each declared beside its code.

A solver module declares what it offers as module-level records:

* ``DECIDERS = (Decider("indset", "sat", solve), ...)``: ``function(instance, timeout=None,
  **options) -> Result``; ``brute`` never touches SAT/SMT. The problem's record orders them
  (``Problem.deciders``); the default (``npw solve`` with no ``--backend``) is the first whose
  declared ``fast(instance)`` holds, or which declares none (:func:`npw.solvers.default_backend`);
  ``"sat:NAME"`` selects the python-sat solver
  NAME (``sat:cadical``, ``sat:g42``...), and a SAT decider's ``Result.backend`` is its name plus
  the solver it ran (``sat:m22``), so it can be passed back (``npw.solvers.sat.decide_by_sat``);
* ``EXPORTS = (Export("indset", "dimacs", graph_dimacs, clause_bound=...), ...)``: ``npw reduce
  --emit`` / ``npw solve --emit``: ``write(instance) -> str``, the same text on every call (instance
  sets compare them), with a lower bound of its clause count so that the export limit refuses it
  before it is built;
* ``SAMPLERS = (Sampler("indset", sample_certificates),)``: more certificates of a yes-instance,
  ``function(instance, count, seed) -> list``, for checking backward maps on several.

``npw index`` writes where each record lives to ``solvers/_index.py``; a module added since is
found by the folder listing and a plugin by its entry point (:mod:`npw.instances.discovery`), read
only where a problem is not built in or a name is not found among the built-in records.
Problems defined at run time add theirs with :func:`register_backend` and friends.

>>> list(deciders_of("1in3sat"))
['sat', 'brute', 'smt']
>>> list(exports_of("indset"))
['dimacs', 'edge', 'edgelist', 'adjlist', 'graphml', 'gml']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

from npw.instances.discovery import declared, imported, load_index, plugin_modules, plugins_scanned, unindexed_modules

__all__ = ["Decider", "Export", "Sampler", "deciders_of", "exports_of", "fast_of", "get_export", "sampler_of",
           "register_backend", "register_export", "register_sampler", "spec_of"]


@dataclass(frozen=True)
class Decider:
    """A decider of ``problem`` known as ``name``: ``solve(instance, timeout=None, **options) -> Result``.

    ``fast(instance) -> bool``, where given, says whether the decider answers such an instance
    quickly (within about a second), judged from its sizes alone (no encoding, no search): the
    default decider passes over one whose ``fast`` is False (brute force on a 1,000-vertex graph).
    A decider with no ``fast`` is taken for any size where it comes first.
    """

    problem: str
    name: str
    solve: Callable[..., Any]
    fast: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class Export:
    """The ``name`` export of ``problem`` (``--emit NAME``): ``write(instance) -> text``.

    ``clause_bound(instance) -> int`` is a lower bound of its clause count, known before it is
    built (``npw.solvers.exports.check_export_size``); ``read_as`` names the file format that
    reads it back (``npw check-set``), when that is not ``name`` itself.
    """

    problem: str
    name: str
    write: Callable[[Any], str]
    clause_bound: Callable[[Any], int] | None = None
    read_as: str | None = None


@dataclass(frozen=True)
class Sampler:
    """Diverse certificates of a yes-instance of ``problem``: ``sample(instance, count, seed) -> list``."""

    problem: str
    sample: Callable[..., list]


def spec_of(function: Callable[..., Any]) -> str:
    """``"module:name"`` of a module-level function (what the index stores)."""
    return f"{function.__module__}:{function.__qualname__}"


# run-time records (problems defined in a user's file, npw.custom; plugins): problem -> name -> record
_RUNTIME: dict[str, dict[tuple[str, str], Any]] = {"deciders": {}, "exports": {}, "samplers": {}, "fast": {}}


@functools.cache
def _builtin() -> dict[str, dict]:
    """The index, plus records of modules added since it was written."""
    index = load_index("npw.solvers")
    tables: dict[str, dict] = {"deciders": {}, "exports": {}, "samplers": {}, "fast": {}}
    for problem, named in index.get("FAST", {}).items():
        tables["fast"].update({(problem, name): spec for name, spec in named.items()})
    for problem, named in index.get("DECIDERS", {}).items():
        tables["deciders"].update({(problem, name): spec for name, spec in named.items()})
    for problem, named in index.get("EXPORTS", {}).items():
        tables["exports"].update({(problem, name): tuple(specs) for name, specs in named.items()})
    tables["samplers"].update({(problem, ""): spec for problem, spec in index.get("SAMPLERS", {}).items()})
    _add(tables, unindexed_modules("npw.solvers", index["MODULES"]))
    return tables


@functools.cache
def _plugins() -> dict[str, dict]:
    """The records of plugins (read on first use: :mod:`npw.instances.discovery`)."""
    tables: dict[str, dict] = {"deciders": {}, "exports": {}, "samplers": {}, "fast": {}}
    _add(tables, list(plugin_modules()))
    return tables


def _add(tables: dict[str, dict], modules: list[str]) -> None:
    for module in imported(modules):
        for _, record in declared(module, (Decider, Export, Sampler)):
            kind, key, value = _entry(record)
            tables[kind].setdefault(key, value)
            if isinstance(record, Decider) and record.fast is not None:
                tables["fast"].setdefault(key, record.fast)


def _entry(record: Decider | Export | Sampler) -> tuple[str, tuple[str, str], Any]:
    if isinstance(record, Decider):
        return "deciders", (record.problem, record.name), record.solve
    if isinstance(record, Export):
        return "exports", (record.problem, record.name), record
    return "samplers", (record.problem, ""), record.sample


def _named(kind: str, problem_id: str, with_plugins: bool = False) -> dict[str, Any]:
    """The problem's records of one kind; plugins' too where the problem is not built in, where
    ``with_plugins`` asks for them, or where they have been read already (a built-in record wins)."""
    from npw.instances.registry import builtin_problem_modules

    table = _builtin()[kind]
    if with_plugins or plugins_scanned() or problem_id not in builtin_problem_modules():
        table = {**_plugins()[kind], **table}
    table = {**table, **_RUNTIME[kind]}
    return {name: value for (problem, name), value in table.items() if problem == problem_id}


def deciders_of(problem_id: str, with_plugins: bool = False) -> dict[str, str | Callable[..., Any]]:
    """Decider name -> ``"module:function"`` (or the function), in the problem's order: those its
    record names first (in order of preference: :func:`npw.solvers.default_backend`), then any other declared for it. A plugin's
    decider of a built-in problem is there once plugins have been read, or with ``with_plugins``
    (:func:`npw.solvers.solve` asks for it when a decider's name is not built in)."""
    from npw.instances.registry import get_problem

    found = _named("deciders", problem_id, with_plugins)
    try:
        preferred = get_problem(problem_id).deciders
    except Exception:  # an unknown problem has no deciders: the caller says so
        return {}
    return {**{name: found[name] for name in preferred if name in found}, **found}


def fast_of(problem_id: str, name: str) -> Callable[[Any], bool] | None:
    """The ``fast`` predicate the decider ``name`` of ``problem_id`` declares (its module
    imported: a predicate's module is a light one), or None where it declares none.

    >>> fast_of("indset", "brute").__name__, fast_of("indset", "sat")
    ('fast', None)
    """
    from npw.instances.registry import resolve

    spec = _named("fast", problem_id).get(name)
    return None if spec is None else resolve(spec)


def exports_of(problem_id: str, with_plugins: bool = False) -> dict[str, Any]:
    """Export name -> its :class:`Export` record, or the index's ``(write, clause_bound, read_as)``
    specs (nothing is imported: :func:`get_export` resolves one)."""
    return _named("exports", problem_id, with_plugins)


def get_export(problem_id: str, name: str) -> Export | None:
    """The :class:`Export` record of ``problem_id``'s export ``name`` (its module imported), or None."""
    from npw.instances.registry import resolve

    value = exports_of(problem_id).get(name)
    if value is None:  # perhaps a plugin's export of a built-in problem
        value = exports_of(problem_id, with_plugins=True).get(name)
    if value is None or isinstance(value, Export):
        return value
    write, bound, read_as = value
    return Export(problem_id, name, resolve(write), None if bound is None else resolve(bound), read_as)


def sampler_of(problem_id: str) -> str | Callable[..., Any] | None:
    return _named("samplers", problem_id).get("")


def register_backend(problem_id: str, name: str, function: Callable[..., Any],
                     fast: Callable[[Any], bool] | None = None) -> None:
    """Adds a decider for a problem defined at run time (``fast`` as :class:`Decider`'s)."""
    _RUNTIME["deciders"][(problem_id, name)] = function
    if fast is not None:
        _RUNTIME["fast"][(problem_id, name)] = fast


def register_export(export: Export) -> None:
    """Adds an export for a problem defined at run time."""
    _RUNTIME["exports"][(export.problem, export.name)] = export


def register_sampler(problem_id: str, function: Callable[..., list]) -> None:
    """Adds a certificate sampler for a problem defined at run time."""
    _RUNTIME["samplers"][(problem_id, "")] = function
