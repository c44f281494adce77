"""Wrong versions of the SAT-family reductions (issue 19), a mistake students make; the verifier
rejects each with a small counterexample (``tests/test_sat_reductions.py``). No claims, as a
student's first version would have none: the answers and certificates alone find the fault.

* CHAIN_NOT_NEGATED (cnf-to-3sat): a long clause split into (z1, z2, y1), (y1, z3, y2), ...,
  (y_(k-3), z_(k-1), z_k), the link variable never negated, so making every y true satisfies
  the whole chain whatever the z's: an unsatisfiable formula with a clause of 4 or more literals
  becomes satisfiable;
* FRESH_PER_CLAUSE (3sat-to-nae4sat): a new variable for each clause instead of one shared by
  all, so each clause is made not-all-equal by its own variable, whatever the formula;
* LINK_NOT_NEGATED (nae4sat-to-nae3sat): (a, b, c, d) split into (a, b, y), (y, c, d), so four
  equal literals pass with y the other value.

    npw verify examples/sat_reductions_wrong.py:CHAIN_NOT_NEGATED --random 100
"""

from __future__ import annotations

import dataclasses

from npw.api import get_reduction
from npw.instances.sat.cnf import CNF
from npw.instances.sat.nae_sat import Nae3Sat, Nae4Sat
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.sat import cnf_to_3sat, nae4sat_to_nae3sat


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=())


def chain_not_negated(formula: CNF) -> ThreeSat:
    right = cnf_to_3sat.reduce(formula)
    wide = {y for c, ys in zip(formula.clauses, cnf_to_3sat.fresh_variables(formula)) if len(c) > 3 for y in ys}
    return ThreeSat(right.num_vars, [tuple(abs(l) if abs(l) in wide else l for l in c)  # bug: ~y_i written y_i
                                     for c in right.clauses])


def fresh_per_clause(formula: ThreeSat) -> Nae4Sat:
    n = formula.num_vars
    return Nae4Sat(n + len(formula.clauses), [tuple(int(l) for l in c) + (n + 1 + j,)  # bug: s_j, not one s
                                              for j, c in enumerate(formula.clauses)])


def link_not_negated(formula: Nae4Sat) -> Nae3Sat:
    right = nae4sat_to_nae3sat.reduce(formula)
    return Nae3Sat(right.num_vars, [[abs(l) if abs(l) > formula.num_vars else l for l in c]  # bug: ~y written y
                                    for c in right.clause_list()])


CHAIN_NOT_NEGATED = _wrong("cnf-to-3sat", "cnf-to-3sat-chain-not-negated", chain_not_negated)

FRESH_PER_CLAUSE = _wrong("3sat-to-nae4sat", "3sat-to-nae4sat-fresh-per-clause", fresh_per_clause)
LINK_NOT_NEGATED = _wrong("nae4sat-to-nae3sat", "nae4sat-to-nae3sat-link-not-negated", link_not_negated)

WRONG = {"cnf-to-3sat": CHAIN_NOT_NEGATED, "3sat-to-nae4sat": FRESH_PER_CLAUSE, "nae4sat-to-nae3sat": LINK_NOT_NEGATED}
