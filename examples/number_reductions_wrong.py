"""Wrong versions of the number reductions (issue 19), one each, a mistake students make; the
verifier rejects both with a counterexample of a clause or two numbers
(``tests/test_number_reductions.py``). No claims, as a student's first version would have none:
the answers and certificates alone find the fault.

* ONE_SLACK (3sat-to-subsetsum): one slack number a clause instead of two, so a clause with a
  single true literal can no longer reach 3 in its digit;
* NO_ABS (subsetsum-to-partition): d = S - 2t clipped at 0 instead of |S - 2t|, so a target
  above half the total asks PARTITION for S/2 instead of t.

    npw verify examples/number_reductions_wrong.py:ONE_SLACK --exhaustive 1
"""

from __future__ import annotations

import dataclasses

from npw.api import get_reduction
from npw.instances.numbers.model import Partition, SubsetSum
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.numbers import three_sat_to_subsetsum as sipser


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=(), provenance=None)


def one_slack(formula: ThreeSat) -> SubsetSum:
    right = sipser.reduce(formula)
    n = formula.num_vars
    numbers = right.numbers[:2 * n] + right.numbers[2 * n::2]  # bug: g_j kept, h_j dropped
    return SubsetSum(numbers, right.target)


def no_abs(source: SubsetSum) -> Partition:
    return Partition(source.numbers + (max(sum(source.numbers) - 2 * source.target, 0),))  # bug: no |.|


ONE_SLACK = _wrong("3sat-to-subsetsum", "3sat-to-subsetsum-one-slack", one_slack)
NO_ABS = _wrong("subsetsum-to-partition", "subsetsum-to-partition-no-abs", no_abs)

WRONG = {"3sat-to-subsetsum": ONE_SLACK, "subsetsum-to-partition": NO_ABS}
