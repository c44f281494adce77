"""Finding declarations: the records a module declares about itself, and the modules to look in.

Every problem, decider, export and reduction is declared in its own module as a module-level
record (``PROBLEM = Problem(...)``, ``DECIDERS = (Decider(...), ...)``, ``REDUCTION =
Reduction(...)``). Nothing lists them by hand: ``npw index`` imports every module of the package
once and writes what it found to each layer's ``_index.py`` (a test keeps those current), so
start-up reads one small module instead of importing all of them. Two kinds of module are
looked at when they are used, without an index:

* a module added to the package after the index was written (a contributor's new file:
  :func:`unindexed_modules` finds it by the folder listing, which costs a few system calls);
* a plugin: a module named by an entry point of the group ``npw.plugins`` in an installed
  distribution (:func:`plugin_modules`), so a course or a lab ships its catalogue as a package
  (``examples/npw_plugin_example`` is one).

Reading the entry points costs about 20 ms (importing :mod:`importlib.metadata` and reading every
installed distribution's metadata), a twentieth of a short command; so the registries look at
plugins only when asked for everything (``npw list``) or for an id that is not built in: ``npw
solve`` of a built-in problem never reads them. :func:`plugins_scanned` says whether this process
has read them (a registry that has them then shows them too).

>>> "npw.instances.sat.cnf" in package_modules("npw.instances")
True
>>> from npw.instances.base import Problem
>>> [name for name, _ in declared(importlib.import_module("npw.instances.sat.cnf"), Problem)]
['PROBLEM']
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from types import ModuleType
from typing import Any, Iterator

__all__ = ["INDEX_NAME", "PLUGIN_GROUP", "declared", "imported", "load_index", "package_modules", "plugin_modules",
           "plugins_scanned", "unindexed_modules"]

PLUGIN_GROUP = "npw.plugins"
INDEX_NAME = "_index.json"  # beside each layer's __init__.py, written by ``npw index``


@functools.cache
def load_index(package: str) -> dict[str, Any]:
    """The index ``npw index`` wrote for ``package`` (``npw.instances``, ``npw.solvers``,
    ``npw.reductions``), its ``MODULES`` as a frozenset; an empty index where there is none yet."""
    import json

    root = importlib.import_module(package)
    try:
        with open(os.path.join(os.path.dirname(root.__file__), INDEX_NAME), encoding="utf-8") as handle:
            index = json.load(handle)
    except FileNotFoundError:
        index = {}
    index["MODULES"] = frozenset(index.get("MODULES", ()))
    return index


def package_modules(package: str) -> list[str]:
    """Every module below ``package`` (dotted names, sorted), found by listing its folders;
    nothing is imported but the package itself. Private modules (``_index``) are left out."""
    root = importlib.import_module(package)
    found = []
    for base in getattr(root, "__path__", []):
        for folder, subfolders, files in os.walk(base):
            subfolders[:] = sorted(d for d in subfolders
                                   if os.path.isfile(os.path.join(folder, d, "__init__.py")))
            relative = os.path.relpath(folder, base)
            prefix = package if relative == "." else package + "." + relative.replace(os.sep, ".")
            for name in files:
                if not name.endswith(".py") or name.startswith("_") and name != "__init__.py":
                    continue
                found.append(prefix if name == "__init__.py" else f"{prefix}.{name[:-3]}")
    return sorted(found)


def unindexed_modules(package: str, indexed: frozenset[str] | set[str]) -> list[str]:
    """The modules below ``package`` that the index does not know (added since it was written)."""
    return [name for name in package_modules(package) if name not in indexed]


_PLUGINS: tuple[str, ...] | None = None  # what the entry points named, once read


def plugin_modules() -> tuple[str, ...]:
    """The modules that installed distributions name in the entry-point group ``npw.plugins``
    (``[project.entry-points."npw.plugins"] mycourse = "mycourse.catalogue"``), sorted; read once
    per process."""
    global _PLUGINS
    if _PLUGINS is None:
        if not _entry_points_mention_the_group():
            _PLUGINS = ()  # the common case, without importing importlib.metadata (some 30-80 ms)
        else:
            from importlib.metadata import entry_points

            _PLUGINS = tuple(sorted({point.value.partition(":")[0].strip()
                                     for point in entry_points(group=PLUGIN_GROUP)}))
    return _PLUGINS


def _entry_points_mention_the_group() -> bool:
    """Whether any installed distribution's ``entry_points.txt`` names the group at all: a quick
    look (a few milliseconds) before importlib.metadata reads them properly."""
    import glob

    header = f"[{PLUGIN_GROUP}]"
    for folder in sys.path:
        if not folder or not os.path.isdir(folder):
            continue
        for path in glob.glob(os.path.join(glob.escape(folder), "*.*-info", "entry_points.txt")):
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    if header in handle.read():
                        return True
            except OSError:
                continue
    return False


def plugins_scanned() -> bool:
    """Whether this process has read the entry points yet (:func:`plugin_modules` ran).

    >>> plugin_modules() is not None and plugins_scanned()
    True
    """
    return _PLUGINS is not None


def _assigned_names(module: ModuleType) -> set[str]:
    """The names a module assigns at its top level (read from its source text): what it declares,
    as opposed to what it imports from elsewhere."""
    try:
        path = module.__file__
        with open(path, encoding="utf-8") as handle:  # type: ignore[arg-type]
            source = handle.read()
    except (OSError, TypeError):
        return set(vars(module))  # no source (built in memory): everything counts
    return set(re.findall(r"^([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)", source, flags=re.MULTILINE))


def declared(module: ModuleType, kind: type | tuple[type, ...]) -> list[tuple[str, Any]]:
    """The records of ``kind`` a module declares at its top level: ``(attribute, record)`` for each
    attribute it assigns itself holding one (or a tuple or list of them: ``DECIDERS = (...)``)."""
    found = []
    for name in sorted(_assigned_names(module) & set(vars(module))):
        value = getattr(module, name)
        for item in (value if isinstance(value, (tuple, list)) else (value,)):
            if isinstance(item, kind):
                found.append((name, item))
    return found


_BROKEN: set[str] = set()  # modules that failed to import, said once per process


def imported(modules: list[str] | tuple[str, ...]) -> Iterator[ModuleType]:
    """The modules, imported; a plugin that fails to import is said on stderr, once, and skipped
    (one broken package must not take the command line down)."""
    for name in modules:
        if name in _BROKEN:
            continue
        try:
            yield importlib.import_module(name)
        except Exception as error:  # a third party's module: anything can go wrong in it
            _BROKEN.add(name)
            message = " ".join(str(error).split())[:300]
            # a plugin's module, or a module added to the package since ``npw index`` ran
            kind = "module" if name.startswith("npw.") else "plugin module"
            print(f"npw: {kind} {name!r} could not be imported (skipped): {type(error).__name__}: {message}",
                  file=sys.stderr)
