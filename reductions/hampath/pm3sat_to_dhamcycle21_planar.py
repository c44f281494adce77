"""PLANAR MONOTONE 3SAT -> PLANAR DIRECTED HAMILTONIAN CYCLE with in/out degrees (2, 1) / (1, 2)
(``dhamcycle-21-planar``, Plesník's problem): the construction of
:mod:`npw.reductions.hampath.pm3sat_to_dhamcycle21` (our ladder cells and channel clauses, session
8), whose every target is planar (its claim ``planar``), with the planar problem as its target. So
Lemma A.1's grid drawing (:mod:`npw.reductions.hampath.planar_to_grid`), which takes only planar
digraphs, is reached from 3-SAT.

**Construction and why.** As there; the target's type adds the planarity check (networkx), which
its claim ``planar`` already made per case.

>>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
>>> formula = PlanarMonotone3Sat(3, [(1, 2, 3)], order=(1, 2, 3))
>>> g = reduce(formula)
>>> g.problem, g.verify(forward(formula, (True, False, False)))
('dhamcycle-21-planar', True)
"""

from __future__ import annotations

from npw.instances.hampath.dhamcycle21_planar import PlanarDirectedHamCycle21
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
from npw.reductions.base import Reduction
from npw.reductions.hampath import pm3sat_to_dhamcycle21 as general
from npw.reductions.hampath.pm3sat_to_dhamcycle21 import (  # noqa: F401 (the record's, by Reduction.of_module)
    CLAIMS, SOURCE, backward, forward, provenance, size, small_source,
)

__all__ = ["CLAIMS", "REDUCTION", "SOURCE", "backward", "forward", "provenance", "reduce", "size", "small_source"]


def reduce(formula: PlanarMonotone3Sat) -> PlanarDirectedHamCycle21:
    g = general.reduce(formula)
    return PlanarDirectedHamCycle21(g.num_vertices, g.edges)


REDUCTION = Reduction.of_module(
    globals(),
    id="pm3sat-to-dhamcycle-21-planar", source="pm3sat", target="dhamcycle-21-planar",
    reference=SOURCE,
    source_sample=small_source,
    checked="the default streams (as pm3sat-to-dhamcycle-21, whose targets these are, typed planar)",
    notes="pm3sat-to-dhamcycle-21 with Plesník's planar problem as its target",
)
