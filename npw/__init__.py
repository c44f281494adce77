"""npw: an NP-hardness reduction workbench.

One import root for the whole workbench: :mod:`npw.instances` (problems),
:mod:`npw.reductions` (one module per theorem), :mod:`npw.solvers` (deciders),
:mod:`npw.verify` (the checker), :mod:`npw.api` (the public API for scripts and
notebooks) and :mod:`npw.cli` (the ``npw`` command). ``docs/architecture.md`` is the map.

>>> import npw
>>> npw.__version__ == npw._version.__version__
True
"""

import os as _os

from npw._version import __version__

__all__ = ["__version__"]

# A source tree used without being installed (a copy of the repository on PYTHONPATH): the
# folders instances/, reductions/, solvers/ and verify/ beside npw/ are its sub-packages, as the
# installed mapping (setup.py's PACKAGE_DIRS) makes them. Only beside npw's own setup.py: an
# installed npw sits in site-packages, whose other folders are other distributions'.
_tree = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if _os.path.isfile(_os.path.join(_tree, "setup.py")) and _os.path.isfile(_os.path.join(_tree, "instances", "__init__.py")):
    import sys as _sys
    from importlib.util import spec_from_file_location as _spec_from_file_location

    class _SourceTreeFinder:
        """Finds ``npw.instances`` ... ``npw.verify`` in this tree's top-level folders."""

        folders = {f"npw.{name}": _os.path.join(_tree, name) for name in ("instances", "reductions", "solvers", "verify")}

        @classmethod
        def find_spec(cls, fullname, path=None, target=None):
            folder = cls.folders.get(fullname)
            if folder is None:
                return None
            return _spec_from_file_location(fullname, _os.path.join(folder, "__init__.py"),
                                            submodule_search_locations=[folder])

    if not any(getattr(finder, "folders", None) == _SourceTreeFinder.folders for finder in _sys.meta_path):
        _sys.meta_path.insert(0, _SourceTreeFinder)
