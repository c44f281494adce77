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

__all__ = ["NUMBA_EXTRA", "LazyModule", "MissingExtra", "have_numba", "lazy_import", "lazy_njit", "njit", "numba_missing"]

# numba (with llvmlite, about 200 MB installed) is not a core dependency: only the sliding-tile
# puzzle's compiled searches, pattern databases and Theorem 3's move kernels use it, and a user who
# checks other reductions should not install a JIT compiler (README, "Install")
NUMBA_EXTRA = "puzzles"


class MissingExtra(RuntimeError):
    """Work that needs an optional dependency which is not installed; the message names the
    extra to install. Not an ``InvalidInstance``: the verifier lets it through (it is no finding
    about the reduction under test) and the command line prints it as one line, exit 2.

    >>> str(MissingExtra('x needs numba: pip install "npw[puzzles]"')).endswith('"npw[puzzles]"')
    True
    """


def have_numba() -> bool:
    """Whether numba can be imported (without importing it: it takes about 0.5 s).

    >>> isinstance(have_numba(), bool)
    True
    """
    import importlib.util

    if "numba" in sys.modules:
        return sys.modules["numba"] is not None
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def numba_missing(what: str) -> MissingExtra:
    """The one-line error for work that needs numba where it is not installed (a
    :class:`MissingExtra`, which the command line prints as ``npw: error: ...``, exit 2).

    >>> print(numba_missing("the 15-puzzle's IDA*"))
    the 15-puzzle's IDA* needs numba: pip install "npw[puzzles]"
    """
    return MissingExtra(f'{what} needs numba: pip install "npw[{NUMBA_EXTRA}]"')


def njit(**options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``numba.njit(**options)`` where numba is installed; else a stand-in whose call raises
    :func:`numba_missing`, so that a module of compiled kernels imports without numba and only
    the work that needs one fails, in one line naming the extra. Where numba is there, the
    kernels are numba's own dispatchers (a compiled caller can call them; ``cache=True`` as usual).
    """
    try:
        from numba import njit as compile_
    except ImportError:
        def stand_in(function: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(function)
            def missing(*args: Any, **kwargs: Any) -> Any:
                raise numba_missing(f"the compiled kernel {function.__module__}.{function.__name__}")

            return missing

        return stand_in
    return compile_(**options)


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
                try:
                    from numba import njit as compile_
                except ImportError:
                    raise numba_missing(f"the compiled kernel {function.__module__}.{function.__name__}") from None
                compiled.append(compile_(**options)(function))
            return compiled[0](*args)

        return call

    return decorate
