"""Wrong versions of the set reductions (issue 19), one each, a mistake students make; the
verifier rejects each with a small counterexample (``tests/test_set_reductions.py``). No claims
and no size formula, as a student's first version would have none: the answers and certificates
alone find the fault.

* SHARED_XY (3dm-to-x3c): X and Y numbered alike (q + x and q + y), the disjoint union
  forgotten for the third block: a triple with x = y is no 3-set, and the top q elements of the
  universe lie in no set;
* OPEN_RING (3sat-to-3dm): the truth-setting component's false triples without the wrap-around
  (u_i[m], a_i[1], b_i[m]), so a_i[1] lies only in a true triple and every variable is forced true;
* K_PLUS_ONE (x3c-to-setcover): one set of slack, k = q + 1 ("at most" feels like it needs room),
  so overlapping sets may cover and the cover need not be exact.

    npw verify examples/set_reductions_wrong.py:SHARED_XY --exhaustive 2
"""

from __future__ import annotations

import dataclasses

from npw.api import get_reduction
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.sets.model import X3C, ThreeDM
from npw.instances.sets.setcover import SetCover
from npw.reductions.sets import three_sat_to_three_dm as gj


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=(), provenance=None,
                               size=None)


def shared_xy(source: ThreeDM) -> X3C:
    q = source.q
    return X3C(q, tuple((w, q + x, q + y) for w, x, y in source.triples))  # bug: y not at 2q + y


def open_ring(formula: ThreeSat) -> ThreeDM:
    layout = gj.Layout(formula)
    m = layout.m
    # bug: T_i^f stops at j = m - 1, no (u_i[m], a_i[1], b_i[m]) closing the ring
    truth = []
    for i in range(layout.n):
        truth += [(layout.external(-(i + 1), j), layout.internal(i, j), layout.internal(i, j)) for j in range(m)]
        truth += [(layout.external(i + 1, j), layout.internal(i, j + 1), layout.internal(i, j)) for j in range(m - 1)]
    return ThreeDM(layout.q, tuple(truth + gj.satisfaction_testing(layout) + gj.garbage_collection(layout)))


def k_plus_one(source: X3C) -> SetCover:
    return SetCover(source.universe, source.sets, min(source.q + 1, len(source.sets)))  # bug: q + 1, not q


SHARED_XY = _wrong("3dm-to-x3c", "3dm-to-x3c-shared-xy", shared_xy)
OPEN_RING = _wrong("3sat-to-3dm", "3sat-to-3dm-open-ring", open_ring)

WRONG = {"3dm-to-x3c": SHARED_XY, "3sat-to-3dm": OPEN_RING}
K_PLUS_ONE = _wrong("x3c-to-setcover", "x3c-to-setcover-k-plus-one", k_plus_one)
WRONG["x3c-to-setcover"] = K_PLUS_ONE
