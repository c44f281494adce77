"""Wrong versions of the set reductions (issue 19), one each, a mistake students make; the
verifier rejects each with a small counterexample (``tests/test_set_reductions.py``). No claims,
as a student's first version would have none: the answers and certificates alone find the fault.

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
from npw.instances.sets.model import X3C, ThreeDM


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=(), provenance=None)


def shared_xy(source: ThreeDM) -> X3C:
    q = source.q
    return X3C(q, tuple((w, q + x, q + y) for w, x, y in source.triples))  # bug: y not at 2q + y


SHARED_XY = _wrong("3dm-to-x3c", "3dm-to-x3c-shared-xy", shared_xy)

WRONG = {"3dm-to-x3c": SHARED_XY}
