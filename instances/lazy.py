"""Imports deferred to first use: a command imports what it needs and nothing else.

``npw list`` and ``npw --help`` read every problem's and reduction's module for names and
options; importing numpy (about 0.1 s of CPU) and numba (about 0.5 s) there cost more than
the command itself. A module that needs them only inside its functions writes::

    if TYPE_CHECKING:
        import numpy as np
    else:
        np = lazy_import("numpy")

(type checkers see the real module) and a numba kernel called from Python is decorated
with :func:`lazy_njit` instead of ``numba.njit``. ``tests/test_startup.py`` checks which
heavy modules the light commands load.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types
from typing import Any, Callable

__all__ = ["LazyModule", "lazy_import", "lazy_njit"]


class LazyModule(types.ModuleType):
    """Stands for the module ``name``, imported at the first attribute read; its attributes are
    then copied here, so later reads cost what a module's do. Not put in ``sys.modules``: an
    unimported module stays absent there.

    >>> colorsys = lazy_import("colorsys")
    >>> "colorsys" in sys.modules
    False
    >>> colorsys.rgb_to_hsv(1.0, 0.0, 0.0), "colorsys" in sys.modules
    ((0.0, 1.0, 1.0), True)
    """

    def __getattr__(self, attribute: str) -> Any:
        module = importlib.import_module(self.__name__)
        self.__dict__.update({k: v for k, v in vars(module).items() if not k.startswith("__")})
        return getattr(module, attribute)


def lazy_import(name: str) -> types.ModuleType:
    """The module if it is already imported, else a :class:`LazyModule` for it."""
    return sys.modules.get(name) or LazyModule(name)


def lazy_njit(**options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``numba.njit(**options)`` applied at the first call, so that importing the module does not
    import numba. Only for kernels called from Python (a compiled caller needs the dispatcher
    itself), and one that names no :class:`LazyModule` (numba resolves a global such as ``np``
    by identity: a compiled kernel that needs numpy gets its arrays from its caller);
    ``cache=True`` works as with ``njit`` (the cache is keyed by the function's file and name)."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        compiled: list[Callable[..., Any]] = []

        @functools.wraps(function)
        def call(*args: Any) -> Any:
            if not compiled:
                from numba import njit

                compiled.append(njit(**options)(function))
            return compiled[0](*args)

        return call

    return decorate
