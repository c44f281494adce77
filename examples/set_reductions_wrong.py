"""Wrong versions of the set reductions (issue 19), one each, a mistake students make; the
verifier rejects each with a small counterexample (``tests/test_set_reductions.py``). No claims
and no size formula, as a student's first version would have none: the answers and certificates
alone find the fault.

* SHARED_XY (3dm-to-x3c): X and Y numbered alike (q + x and q + y), the disjoint union
  forgotten for the third block: a triple with x = y is no 3-set, and the top q elements of the
  universe lie in no set;
* OPEN_RING (3sat-to-3dm): the truth-setting component's false triples without the wrap-around
  (u_i[m], a_i[1], b_i[m]), so a_i[1] lies only in a true triple and every variable is forced true.

    npw verify examples/set_reductions_wrong.py:SHARED_XY --exhaustive 2
"""

from __future__ import annotations

import dataclasses

from npw.api import get_reduction
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.sets.model import X3C, ThreeDM
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


SHARED_XY = _wrong("3dm-to-x3c", "3dm-to-x3c-shared-xy", shared_xy)
OPEN_RING = _wrong("3sat-to-3dm", "3sat-to-3dm-open-ring", open_ring)

WRONG = {"3dm-to-x3c": SHARED_XY, "3sat-to-3dm": OPEN_RING}
