"""SUBSET SUM -> PARTITION: add one number d = |S - 2t| (S the total, t the target); the
textbook padding argument (Garey & Johnson prove PARTITION NP-complete from 3DM, Theorem 3.5;
this one-number form is the standard exercise, e.g. CLRS Exercise 34.5-5, and Kleinberg &
Tardos' two-number variant without its t <= S side condition).

With d = S - 2t (when 2t <= S) the total is 2(S - t), each side S - t: the side holding d holds
originals summing to S - t - d = t. With d = 2t - S (when 2t > S) the total is 2t, each side t:
the side without d holds originals summing to t. Either way a subset of sum t gives a side
(forward: the subset, with d when 2t <= S) and a side gives a subset (backward: the side's
originals, or the rest's, whichever side the proof names). A target beyond S makes d > t, more
than half the total: no partition, as no subset sums to t.

>>> from npw.instances.numbers.model import SubsetSum
>>> source = SubsetSum((3, 5, 8, 2), 10)
>>> p = reduce(source)
>>> p.numbers, p.verify(forward(source, (2, 3))), backward(source, p, (0, 1, 4))
((3, 5, 8, 2, 2), True, (2, 3))
"""

from __future__ import annotations

from npw.instances.elements import number_id
from npw.instances.numbers.model import Partition, SubsetSum
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_half", "claim_originals_sum_to_t", "claim_side_sums",
           "forward", "padding", "provenance", "reduce", "size"]

PROOF = "the padding argument (CLRS Exercise 34.5-5)"


def padding(source: SubsetSum) -> int:
    """d = |S - 2t|."""
    return abs(sum(source.numbers) - 2 * source.target)


def reduce(source: SubsetSum) -> Partition:
    return Partition(source.numbers + (padding(source),))


def _with_padding(source: SubsetSum) -> bool:
    """Whether the proof's side holds d (2t <= S) or leaves it out (2t > S)."""
    return 2 * source.target <= sum(source.numbers)


def forward(source: SubsetSum, chosen) -> tuple[int, ...]:
    """The subset, with d (index n) when 2t <= S."""
    subset = tuple(int(i) for i in chosen)
    return subset + (len(source.numbers),) if _with_padding(source) else subset


def backward(source: SubsetSum, target: Partition, side) -> tuple[int, ...]:
    """The originals on d's side when 2t <= S, on the other side when 2t > S."""
    n = len(source.numbers)
    picked = {int(i) for i in side}
    if (n in picked) != _with_padding(source):
        picked = set(range(n + 1)) - picked  # the other side
    return tuple(sorted(i for i in picked if i != n))


def size(source: SubsetSum) -> dict[str, int]:
    """n + 1 numbers; total S + |S - 2t| = 2 max(S - t, t)."""
    total = 2 * max(sum(source.numbers) - source.target, source.target)
    return {"numbers": len(source.numbers) + 1, "total": total, "bits": total.bit_length()}


def provenance(source: SubsetSum, target: Partition) -> dict[str, list[str]]:
    """Each number to itself; the padding comes from the target, which is no element."""
    return {number_id(i): [number_id(i)] for i in range(len(source.numbers))}


def claim_half(source: SubsetSum, target: Partition) -> bool | str:
    half = max(sum(source.numbers) - source.target, source.target)
    return target.total == 2 * half or f"the total is {target.total}, not 2 max(S - t, t) = {2 * half}"


def claim_side_sums(source: SubsetSum, target: Partition, chosen, side) -> bool | str:
    weight = sum(target.numbers[int(i)] for i in side)
    return 2 * weight == target.total or f"the forward side weighs {weight}, not half of {target.total}"


def claim_originals_sum_to_t(source: SubsetSum, target: Partition, side, chosen) -> bool | str:
    n = len(source.numbers)
    ours = {int(i) for i in side}
    if (n in ours) != _with_padding(source):
        ours = set(range(n + 1)) - ours
    weight = sum(source.numbers[i] for i in ours if i != n)
    return weight == source.target or f"the originals on the proof's side sum to {weight}, not t = {source.target}"


CLAIMS = (
    Claim("half", f"the total is 2 max(S - t, t): each side weighs max(S - t, t) ({PROOF})", claim_half,
          TARGET_CLAIM),
    Claim("forward-half", f"the subset (with d when 2t <= S) weighs half the total ({PROOF}, first direction)",
          claim_side_sums, FORWARD_CLAIM),
    Claim("originals-sum-to-t", f"the originals on d's side (2t <= S) or the other side (2t > S) sum to t "
          f"({PROOF}, second direction)", claim_originals_sum_to_t, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="subsetsum-to-partition", source="subsetsum", target="partition",
    reference="padding with |S - 2t| (CLRS Exercise 34.5-5; Garey & Johnson [SP12])",
    checked="every instance of total <= 14, 300 random",
)
