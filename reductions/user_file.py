"""Loading a reduction from a user's Python file: ``npw verify path/to/file.py:NAME``.

The file is imported as an ordinary module (no eval of data, no pickle); NAME must
be a :class:`npw.reductions.base.Reduction` (or any object with ``source``, ``target``,
``reduce``, ``forward`` and ``backward``). Whatever goes wrong is reported as an
``InvalidInstance`` naming the file and what is missing, never as a traceback
from inside the workbench: an import that raises, calls ``sys.exit`` or runs past
``IMPORT_SECONDS`` included.

A file of user problems (``@problem`` classes, :mod:`npw.custom`) is made known to every
command by :func:`load_problem_files`: ``npw --problems FILE ...`` or the environment
variable ``NPW_PROBLEMS`` (files separated by ``os.pathsep``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import os
import sys
from types import ModuleType

from npw.instances.base import InvalidInstance, Terminated
from npw.instances.time_bound import CallTimeout, time_bound
from npw.reductions.base import Reduction

__all__ = ["IMPORT_SECONDS", "PROBLEMS_VARIABLE", "REQUIRED", "is_file_spec", "load_problem_files", "load_reduction"]

# forward is optional: a reduction known only by its extraction is checked all the same
REQUIRED = ("source", "target", "reduce", "backward")
# a user's module must finish importing within this many seconds
IMPORT_SECONDS = 30.0
# the environment variable naming files of user problems, loaded by every command
PROBLEMS_VARIABLE = "NPW_PROBLEMS"


def is_file_spec(spec: str) -> bool:
    path = spec.rsplit(":", 1)[0] if ":" in spec else spec
    return path.endswith(".py")


def _import(path: str) -> ModuleType:
    absolute = os.path.abspath(path)
    if not os.path.isfile(absolute):
        raise InvalidInstance(f"{path}: no such file")
    # a stable module name per file, so that process-pool workers (forked) share it
    name = "npw_user_" + hashlib.sha1(absolute.encode()).hexdigest()[:12]
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, absolute)
    if spec is None or spec.loader is None:
        raise InvalidInstance(f"{path}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with time_bound(IMPORT_SECONDS):
            spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[name]
        raise InvalidInstance(f"{path}: syntax error at line {error.lineno}: {error.msg}") from None
    except CallTimeout:
        del sys.modules[name]
        raise InvalidInstance(f"{path}: importing it ran past {IMPORT_SECONDS:g} s") from None
    except Terminated:  # the process was told to end while importing: end it
        del sys.modules[name]
        raise
    except SystemExit as error:
        del sys.modules[name]
        raise InvalidInstance(f"{path}: called sys.exit({error.code!r}) while importing") from None
    except Exception as error:  # the user's module failed while importing
        del sys.modules[name]
        raise InvalidInstance(f"{path}: failed to import: {type(error).__name__}: {error}") from None
    return module


def load_problem_files(paths: list[str] | None = None) -> list[str]:
    """Imports each file of user problems (``paths``, else those ``NPW_PROBLEMS`` names), which
    registers its ``@problem`` classes; returns the files loaded.

    >>> load_problem_files([])
    []
    """
    if paths is None:
        paths = [p for p in os.environ.get(PROBLEMS_VARIABLE, "").split(os.pathsep) if p]
    for path in paths:
        if not path.endswith(".py"):
            raise InvalidInstance(f"{path}: a problems file is a Python file (.py)")
        _import(path)
    return paths


def load_reduction(spec: str) -> Reduction:
    """The reduction ``NAME`` of ``path.py:NAME`` (or the only one in ``path.py``), with id = spec."""
    from npw.instances.registry import get_problem

    path, _, name = spec.rpartition(":") if not spec.endswith(".py") else (spec, "", "")
    module = _import(path)
    candidates = [k for k, v in vars(module).items() if isinstance(v, Reduction)]
    if not name:
        if len(candidates) != 1:
            found = ", ".join(candidates) or "none"
            raise InvalidInstance(f"{path}: name the reduction as {path}:NAME (reductions in the file: {found})")
        name = candidates[0]
    if not hasattr(module, name):
        found = ", ".join(candidates) or "none"
        raise InvalidInstance(f"{path}: no object named {name!r} (reductions in the file: {found})")
    obj = getattr(module, name)
    if not isinstance(obj, Reduction):
        missing = [a for a in REQUIRED if not hasattr(obj, a)]
        if missing:
            raise InvalidInstance(f"{path}:{name} is not a reduction: it has no {', '.join(missing)}")
        obj = Reduction(id=spec, source=obj.source, target=obj.target, reference=getattr(obj, "reference", ""),
                        reduce=obj.reduce, forward=getattr(obj, "forward", None), backward=obj.backward,
                        size=getattr(obj, "size", None), claims=tuple(getattr(obj, "claims", ())))
    for side in (obj.source, obj.target):
        problem = get_problem(side)  # raises with the list of known problems
        if not problem.verify_deciders:
            raise InvalidInstance(f"{path}: problem {side!r} has no decider: give its class brute() or to_cnf()")
    return dataclasses.replace(obj, id=spec)
