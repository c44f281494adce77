"""Wrong versions of the SAT-family reductions (issue 19), a mistake students make; the verifier
rejects each with a small counterexample (``tests/test_sat_reductions.py``). No claims, as a
student's first version would have none: the answers and certificates alone find the fault.

* CHAIN_NOT_NEGATED (cnf-to-3sat): a long clause split into (z1, z2, y1), (y1, z3, y2), ...,
  (y_(k-3), z_(k-1), z_k), the link variable never negated, so making every y true satisfies
  the whole chain whatever the z's: an unsatisfiable formula with a clause of 4 or more literals
  becomes satisfiable.

    npw verify examples/sat_reductions_wrong.py:CHAIN_NOT_NEGATED --random 100
"""

from __future__ import annotations

import dataclasses

from npw.api import get_reduction
from npw.instances.sat.cnf import CNF
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.sat import cnf_to_3sat


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=())


def chain_not_negated(formula: CNF) -> ThreeSat:
    right = cnf_to_3sat.reduce(formula)
    wide = {y for c, ys in zip(formula.clauses, cnf_to_3sat.fresh_variables(formula)) if len(c) > 3 for y in ys}
    return ThreeSat(right.num_vars, [tuple(abs(l) if abs(l) in wide else l for l in c)  # bug: ~y_i written y_i
                                     for c in right.clauses])


CHAIN_NOT_NEGATED = _wrong("cnf-to-3sat", "cnf-to-3sat-chain-not-negated", chain_not_negated)

WRONG = {"cnf-to-3sat": CHAIN_NOT_NEGATED}
