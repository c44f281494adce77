"""The problems the workbench knows, by id: each declared in its own module, found by the index.

A problem is a module-level ``PROBLEM = Problem(...)`` (:class:`npw.instances.base.Problem`) in
its family's room of ``instances/``. Nothing else needs an edit: ``npw index`` writes where each
problem lives to ``instances/_index.py`` (``tests/test_index.py`` fails while it is stale), a
module added since is found by the folder listing (:mod:`npw.instances.discovery`), and an
installed plugin (entry-point group ``npw.plugins``) by its entry point. A problem defined at
run time (a user's ``--problems FILE.py``, :mod:`npw.custom`) is registered with
:func:`register_problem`. Modules are imported on first use.

>>> "1in3sat" in problem_ids(), get_problem("3sat").renderer
(True, 'npw.instances.sat.render:render_svg')
"""

from __future__ import annotations

import functools
import importlib
from typing import Any, Callable, Mapping

from npw.instances.base import InvalidInstance, Problem
from npw.instances.discovery import declared, imported, load_index, plugin_modules, unindexed_modules
from npw.instances.display import set_renderer_lookup

__all__ = ["get_problem", "instance_from_dict", "problem_ids", "problem_of", "register_problem", "renderer_for", "rendered_problems",
           "file_formats", "formats_of",
           "resolve", "builtin_problem_modules"]

# problems defined at run time (a user's file, see npw.custom; a plugin's): id -> Problem
_RUNTIME_PROBLEMS: dict[str, Problem] = {}


def resolve(spec: str | Callable[..., Any]) -> Any:
    """The object a ``"module:name"`` spec names (imported now); a callable is returned as it is.

    >>> resolve("npw.instances.sat.cnf:CNF").__name__
    'CNF'
    """
    if not isinstance(spec, str):
        return spec
    return _resolved(spec)


@functools.lru_cache(maxsize=512)
def _resolved(spec: str) -> Any:
    module, _, name = spec.partition(":")
    value: Any = importlib.import_module(module)
    for part in name.split("."):
        value = getattr(value, part)
    return value


@functools.cache
def builtin_problem_modules() -> dict[str, str]:
    """Problem id -> the module declaring it: the index, plus modules added since it was written."""
    index = load_index("npw.instances")
    modules = dict(index.get("PROBLEMS", {}))
    for module in imported(unindexed_modules("npw.instances", index["MODULES"])):
        for _, problem in declared(module, Problem):
            modules.setdefault(problem.id, module.__name__)
    return modules


@functools.cache
def _plugins_loaded() -> bool:
    builtin = builtin_problem_modules()
    for module in imported(plugin_modules()):
        for _, problem in declared(module, Problem):
            if problem.id not in builtin:
                _RUNTIME_PROBLEMS.setdefault(problem.id, problem)
    return True


def register_problem(problem: Problem) -> None:
    """Makes a problem defined outside the package known (built-in ids cannot be replaced)."""
    if problem.id in builtin_problem_modules():
        raise InvalidInstance(f"problem id {problem.id!r} is built in; choose another id")
    _RUNTIME_PROBLEMS[problem.id] = problem


def problem_ids() -> list[str]:
    """Every known problem id: the built-in ones in the index's order, then plugins' and run-time ones."""
    _plugins_loaded()
    builtin = builtin_problem_modules()
    return list(builtin) + [p for p in _RUNTIME_PROBLEMS if p not in builtin]


def get_problem(problem_id: str) -> Problem:
    """The :class:`Problem` registered as ``problem_id`` (built in or defined at run time).

    Parameters
    ----------
    problem_id : str
        The problem's id (``npw list`` shows them): ``"1in3sat"``, ``"hampath"``, ...

    Returns
    -------
    Problem
        Its record: instance type, generators, enumeration, shrinking, deciders, formats.

    Raises
    ------
    InvalidInstance
        No problem has this id (the message lists the known ones).

    Examples
    --------
    >>> problem = get_problem("1in3sat")
    >>> problem.instance_type.__name__, problem.default_generator
    ('OneInThreeSat', 'mixed')
    >>> f = problem.generate("planted", seed=1, num_vars=6)
    >>> f.problem, f.num_vars
    ('1in3sat', 6)
    >>> get_problem("4sat")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: unknown problem '4sat' (known: cnf, 3sat, 1in3sat, ...)
    """
    if problem_id in _RUNTIME_PROBLEMS:
        return _RUNTIME_PROBLEMS[problem_id]
    builtin = builtin_problem_modules()
    if problem_id in builtin:
        return importlib.import_module(builtin[problem_id]).PROBLEM
    _plugins_loaded()
    if problem_id in _RUNTIME_PROBLEMS:
        return _RUNTIME_PROBLEMS[problem_id]
    raise InvalidInstance(f"unknown problem {problem_id!r} (known: {', '.join(problem_ids())})")


def renderer_for(problem_id: str) -> Callable[..., str] | None:
    """The problem's SVG renderer (its record's ``renderer``), or None if it has none."""
    spec = get_problem(problem_id).renderer
    return None if spec is None else resolve(spec)


# a notebook drawing an instance whose problem record is not made yet finds its renderer here
set_renderer_lookup(renderer_for)


def formats_of(problems: list[Problem]) -> dict[str, dict[str, list]]:
    """Format name -> ``{"suffixes": [...], "readers": [[problem, read, accepts], ...]}`` over the
    problems' records (what the index stores as ``FORMATS``)."""
    table: dict[str, dict[str, list]] = {}
    for problem in problems:
        for fmt in problem.formats:
            entry = table.setdefault(fmt.name, {"suffixes": [], "readers": []})
            entry["suffixes"] += [s for s in fmt.suffixes if s not in entry["suffixes"]]
            if fmt.read is not None and all(r[1:] != [fmt.read, fmt.accepts] for r in entry["readers"]):
                entry["readers"].append([problem.id, fmt.read, fmt.accepts])
    return table


def file_formats() -> dict[str, dict[str, list]]:
    """Every file format besides JSON that some problem declares (``Problem.formats``): the
    index's, and those of problems it does not hold (added since, plugins, defined at run time)."""
    index = load_index("npw.instances")
    indexed = index.get("PROBLEMS", {})
    extra = [get_problem(pid) for pid in problem_ids() if pid not in indexed]
    table = {name: {key: list(value) for key, value in entry.items()} for name, entry in index.get("FORMATS", {}).items()}
    for name, entry in formats_of(extra).items():
        mine = table.setdefault(name, {"suffixes": [], "readers": []})
        mine["suffixes"] += [s for s in entry["suffixes"] if s not in mine["suffixes"]]
        mine["readers"] += entry["readers"]
    return table


def rendered_problems() -> list[str]:
    """The problems whose record names a renderer."""
    return [pid for pid in problem_ids() if get_problem(pid).renderer is not None]


def problem_of(instance: Any) -> Problem:
    return get_problem(instance.problem)


def instance_from_dict(data: Mapping[str, Any]) -> Any:
    """Builds (and validates) an instance of whatever problem ``data['problem']`` names.

    >>> instance_from_dict({"problem": "1in3sat", "version": 1, "num_vars": 3, "clauses": [[1, 2, 3]]})
    OneInThreeSat(num_vars=3, clauses=[[1, 2, 3]])
    >>> instance_from_dict({"problem": "3partition", "bound": 7, "numbers": [2, 2, 3]}).verify([[0, 1, 2]])
    True
    """
    if not isinstance(data, Mapping):
        raise InvalidInstance("an instance must be a JSON object")
    if "problem" not in data:
        raise InvalidInstance("missing field 'problem'")
    return get_problem(str(data["problem"])).from_dict(data)
