"""PARTITION -> KNAPSACK (decision): Garey & Johnson, "Computers and Intractability", [MP9]
(KNAPSACK, "Transformation from PARTITION"); the same construction as Karp (1972)'s KNAPSACK and
Kleinberg & Tardos Section 8.8.

Each number a_i becomes an item of weight a_i and value a_i; the capacity is W = floor(S/2)
and the goal V = ceil(S/2) (S the total). A packing then weighs at most floor(S/2) and is worth
(the same sum) at least ceil(S/2): for an even S exactly S/2, one side of a partition; for an odd
S no sum is both, as no partition exists. Forward: the side's indices are the packed items.
Backward: the packed items are a side.

>>> from npw.instances.numbers.model import Partition
>>> source = Partition((3, 1, 1, 2, 2, 1))
>>> k = reduce(source)
>>> k.weights == k.values == source.numbers, k.capacity, k.goal
(True, 5, 5)
>>> k.verify(forward(source, (0, 3))), backward(source, k, (0, 4))
(True, (0, 4))
>>> reduce(Partition((1, 2, 4))).capacity, reduce(Partition((1, 2, 4))).goal  # odd total: W < V
(3, 4)
"""

from __future__ import annotations

from npw.instances.elements import item_id, number_id
from npw.instances.numbers.knapsack import Knapsack
from npw.instances.numbers.model import Partition
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_packing_weighs_half", "claim_side_weighs_half",
           "claim_weights_are_values", "forward", "provenance", "reduce", "size"]

PROOF = "Garey & Johnson [MP9]"


def reduce(source: Partition) -> Knapsack:
    total = source.total
    return Knapsack(source.numbers, source.numbers, total // 2, (total + 1) // 2)


def forward(source: Partition, side) -> tuple[int, ...]:
    """The side's numbers are the packed items."""
    return tuple(int(i) for i in side)


def backward(source: Partition, target: Knapsack, packed) -> tuple[int, ...]:
    """The packed items are a side."""
    return tuple(sorted(int(i) for i in packed))


def size(source: Partition) -> dict[str, int]:
    """n items; W = floor(S/2), V = ceil(S/2)."""
    total = source.total
    return {"items": len(source.numbers), "capacity": total // 2, "goal": (total + 1) // 2,
            "bits": max(total, 1).bit_length()}


def provenance(source: Partition, target: Knapsack) -> dict[str, list[str]]:
    """Number i to item i."""
    return {number_id(i): [item_id(i)] for i in range(len(source.numbers))}


def claim_weights_are_values(source: Partition, target: Knapsack) -> bool | str:
    if target.weights != source.numbers or target.values != source.numbers:
        return "the items' weights and values are not the numbers"
    total = source.total
    return ((target.capacity, target.goal) == (total // 2, (total + 1) // 2)
            or f"W, V = {target.capacity}, {target.goal}, not floor and ceil of S/2 = {total}/2")


def claim_packing_weighs_half(source: Partition, target: Knapsack, side, packed) -> bool | str:
    weight = sum(target.weights[int(i)] for i in packed)
    return 2 * weight == source.total or f"the packing weighs {weight}, not half of {source.total}"


def claim_side_weighs_half(source: Partition, target: Knapsack, packed, side) -> bool | str:
    weight = sum(source.numbers[int(i)] for i in packed)
    return (weight <= target.capacity and weight >= target.goal
            or f"the packed items weigh {weight}: not both <= W = {target.capacity} and >= V = {target.goal}")


CLAIMS = (
    Claim("weights-are-values", f"each item weighs and is worth its number; W = floor(S/2), V = ceil(S/2) ({PROOF})",
          claim_weights_are_values, TARGET_CLAIM),
    Claim("packing-is-half", f"the side, packed, weighs exactly S/2 ({PROOF}, first direction)",
          claim_packing_weighs_half, FORWARD_CLAIM),
    Claim("sum-squeezed", f"a packing's sum is at most floor(S/2) as weight and at least ceil(S/2) as value, "
          f"so exactly S/2 ({PROOF}, second direction)", claim_side_weighs_half, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="partition-to-knapsack", source="partition", target="knapsack",
    reference="Garey & Johnson [MP9] (from PARTITION); Karp 1972; Kleinberg & Tardos 8.8",
    checked="every instance of total <= 24 (7,338), 300 random",
)
