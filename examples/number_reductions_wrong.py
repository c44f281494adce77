"""Wrong versions of the number reductions (issue 19), one each, a mistake students make; the
verifier rejects each with a counterexample of a clause or two numbers
(``tests/test_number_reductions.py``). No claims, as a student's first version would have none:
the answers and certificates alone find the fault.

* ONE_SLACK (3sat-to-subsetsum): one slack number a clause instead of two, so a clause with a
  single true literal can no longer reach 3 in its digit;
* NO_ABS (subsetsum-to-partition): d = S - 2t clipped at 0 instead of |S - 2t|, so a target
  above half the total asks PARTITION for S/2 instead of t;
* FLOOR_GOAL (partition-to-knapsack): W = V = floor(S/2), rounding the goal down with the
  capacity, so an odd total (no partition) gets a packing of value floor(S/2);
* NAME_BACKWARD (4partition-to-3partition): the extraction reads a group off each triple
  {w_k, w_l, ubar[i,j]} as {i, j, k, l}, trusting the ubar's name; but a 3-partition may hold
  any ubar whose a_i + a_j is right (equal values are interchangeable), so the groups overlap;
* ALL_REAL (3dm-to-4partition): N(a) equal copies of each element, every one "real" (10r^4), no
  dummies at 11r^4 / 8r^4: then u_l with any copies of its own w, x, y sums to B, every triple
  makes a group, and a no-instance with every element covered becomes a yes.

    npw verify examples/number_reductions_wrong.py:ONE_SLACK --exhaustive 1
"""

from __future__ import annotations

import dataclasses

from npw.api import get_reduction
from npw.instances.numbers.four_partition import FourPartition
from npw.instances.numbers.knapsack import Knapsack
from npw.instances.numbers.three_partition import ThreePartition
from npw.reductions.numbers import four_partition_to_three_partition as theorem44
from npw.reductions.numbers import three_dm_to_four_partition as theorem43
from npw.instances.sets.model import ThreeDM
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


def floor_goal(source: Partition) -> Knapsack:
    half = source.total // 2
    return Knapsack(source.numbers, source.numbers, half, half)  # bug: V = floor(S/2), not ceil


def name_backward(source: FourPartition, target: ThreePartition, triples) -> tuple[tuple[int, ...], ...]:
    layout = theorem44.Layout(source)
    groups = []
    for triple in triples:
        kinds = {layout.kind(int(t))[0]: layout.kind(int(t))[1] for t in triple}
        ws = [layout.kind(int(t))[1] for t in triple if layout.kind(int(t))[0] == "w"]
        if "ubar" in kinds and len(ws) == 2:  # bug: the ubar's pair is taken at its word
            groups.append(tuple(sorted(tuple(kinds["ubar"]) + tuple(ws))))
    return tuple(groups)


def all_real(source: ThreeDM) -> FourPartition:
    right = theorem43.reduce(source)
    if theorem43.trivial(source):
        return right
    r4 = theorem43.base(source) ** 4
    # bug: a dummy is written like the real copy (the r^4 digit 10 for every copy)
    return FourPartition(tuple(10 * r4 + a % r4 if a // r4 in (8, 11) else a for a in right.numbers), right.bound)


ONE_SLACK = _wrong("3sat-to-subsetsum", "3sat-to-subsetsum-one-slack", one_slack)
NO_ABS = _wrong("subsetsum-to-partition", "subsetsum-to-partition-no-abs", no_abs)

FLOOR_GOAL = _wrong("partition-to-knapsack", "partition-to-knapsack-floor-goal", floor_goal)

NAME_BACKWARD = dataclasses.replace(get_reduction("4partition-to-3partition"), id="4partition-to-3partition-name-backward",
                                    backward=name_backward, claims=(), provenance=None)

ALL_REAL = _wrong("3dm-to-4partition", "3dm-to-4partition-all-real", all_real)

WRONG = {"3sat-to-subsetsum": ONE_SLACK, "subsetsum-to-partition": NO_ABS, "partition-to-knapsack": FLOOR_GOAL,
         "4partition-to-3partition": NAME_BACKWARD,
         "3dm-to-4partition": ALL_REAL}
