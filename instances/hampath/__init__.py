"""Hamiltonian path, the source problem of the Solo Chess reductions (Brunner et al., Lemma A.1),
and its two restricted variants:

* :mod:`.graph`: the model: :class:`HamPath` (graph, optional s and t, optional grid
  coordinates), the variant types :class:`HamPathGridStart` and :class:`HamPathEnds`, their
  validation, the certificate check and JSON;
* :mod:`.generators`: the seeded generators (grid, planted, certified-no, random) and the
  verifier's random sample;
* :mod:`.enumeration`: polyominoes by maximum degree, canonical forms, every small instance;
* :mod:`.shrinking`: the smaller instances tried after a counterexample;
* :mod:`.hcp`: TSPLIB HCP text, written and read;
* :mod:`.problem`: the ``hampath`` problem (the registry's entry);
* :mod:`.grid_s`, :mod:`.st`: the problems ``hampath-grid-s`` and ``hampath-st`` (Lemma A.1 (1), (2));
* :mod:`.cycle`, :mod:`.cycle_streams`: Hamiltonian *cycle*, undirected and directed (the model;
  generators, enumeration, shrinking), the problems :mod:`.hamcycle` and :mod:`.dhamcycle`.

>>> from npw.instances.hampath import HamPath
>>> HamPath(3, ((0, 1), (1, 2)), s=0).verify((0, 1, 2))
True
"""

from __future__ import annotations

from npw.instances.hampath.enumeration import canonical_marked, polyominoes
from npw.instances.hampath.generators import (
    certain_no_reason, certified_no_instance, planted_instance, random_graph_instance, random_grid_instance,
    random_grid_shape,
)
from npw.instances.hampath.graph import HamPath, HamPathEnds, HamPathGridStart, Path, Point, grid_edges, grid_instance
from npw.instances.hampath.hcp import from_hcp, to_hcp
from npw.instances.hampath.shrinking import shrink

__all__ = [
    "HamPath", "HamPathEnds", "HamPathGridStart", "Path", "Point", "canonical_marked", "certain_no_reason",
    "certified_no_instance", "from_hcp", "grid_edges", "grid_instance", "planted_instance", "polyominoes",
    "random_graph_instance", "random_grid_instance", "random_grid_shape", "shrink", "to_hcp",
]
