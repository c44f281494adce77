"""npw: an NP-hardness reduction workbench.

One import root for the whole workbench: :mod:`npw.instances` (problems),
:mod:`npw.reductions` (one module per theorem), :mod:`npw.solvers` (deciders),
:mod:`npw.verify` (the checker), :mod:`npw.api` (the public API for scripts and
notebooks) and :mod:`npw.cli` (the ``npw`` command). ``docs/architecture.md`` is the map.

>>> import npw
>>> npw.__version__ == npw._version.__version__
True
"""

from npw._version import __version__

__all__ = ["__version__"]
