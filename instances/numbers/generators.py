"""Generators, exhaustive enumeration and shrinking of SUBSET SUM and PARTITION, each function
taking the problem id first (``"subsetsum"`` or ``"partition"``), as the graph room's do.

* ``random``: n numbers uniform in 1..max_value; SUBSET SUM's target uniform in 0..total, so
  both answers occur.
* ``planted``: yes by construction: a non-empty subset is drawn and the target is its sum
  (PARTITION: a side is drawn and the other side's numbers are topped up so the sums agree);
  :func:`planted_solution` hands the subset back.
* ``certified-no``: no by parity, checkable in linear time (:func:`certain_no_reason`):
  SUBSET SUM with every number even and the target odd; PARTITION with an odd total.

>>> s = planted("subsetsum", seed=4, n=6)
>>> s.verify(planted_solution("subsetsum", seed=4, n=6)), certain_no_reason(certified_no("subsetsum", 4))
(True, 'every number even, the target odd: every subset sum is even')
>>> sum(1 for _ in enumerate_instances("partition", 4))  # the multisets of sum <= 4
12
"""

from __future__ import annotations

import random as _random
from typing import Iterator

from npw.instances.base import InvalidInstance
from npw.instances.base import MAX_INTEGER, Param, takes
from npw.instances.numbers.model import Partition, SubsetSum

__all__ = ["Numbers", "certain_no_reason", "certified_no", "enumerate_instances", "integer_partitions", "planted",
           "planted_solution", "random_instance", "shrink", "verification_sample"]

Numbers = SubsetSum | Partition


def _check(problem: str) -> None:
    if problem not in ("subsetsum", "partition"):
        raise InvalidInstance(f"not a number problem: {problem!r}")


def _sizes(n: int, max_value: int) -> None:
    if n < 1 or max_value < 1:
        raise InvalidInstance(f"need n >= 1 and max_value >= 1, not n = {n}, max_value = {max_value}")


@takes(n=Param(1, help="numbers"), max_value=Param(1, MAX_INTEGER, help="the largest number"))
def random_instance(problem: str, seed: int, n: int = 6, max_value: int = 20) -> Numbers:
    _check(problem)
    _sizes(n, max_value)
    rng = _random.Random(seed)
    numbers = tuple(rng.randint(1, max_value) for _ in range(n))
    if problem == "partition":
        return Partition(numbers)
    return SubsetSum(numbers, rng.randint(0, sum(numbers)))


def _planted(problem: str, seed: int, n: int, max_value: int) -> tuple[Numbers, tuple[int, ...]]:
    _check(problem)
    _sizes(n, max_value)
    rng = _random.Random(seed)
    numbers = [rng.randint(1, max_value) for _ in range(n)]
    chosen = sorted(rng.sample(range(n), rng.randint(1, n)))
    if problem == "subsetsum":
        return SubsetSum(tuple(numbers), sum(numbers[i] for i in chosen)), tuple(chosen)
    if n < 2:
        raise InvalidInstance("a planted PARTITION needs n >= 2 (two non-empty sides)")
    if len(chosen) == n:
        chosen.pop(rng.randrange(n))
    other = [i for i in range(n) if i not in chosen]
    # top up the lighter side's last number so both sides weigh the same
    gap = sum(numbers[i] for i in chosen) - sum(numbers[i] for i in other)
    numbers[(other if gap > 0 else chosen)[-1]] += abs(gap)
    return Partition(tuple(numbers)), tuple(chosen)


@takes(n=Param(1, help="numbers"), max_value=Param(1, MAX_INTEGER, help="the largest number"))
def planted(problem: str, seed: int, n: int = 6, max_value: int = 20) -> Numbers:
    return _planted(problem, seed, n, max_value)[0]


def planted_solution(problem: str, seed: int, n: int = 6, max_value: int = 20) -> tuple[int, ...]:
    """The subset (PARTITION: one side) that :func:`planted` planted, same seed and parameters."""
    return _planted(problem, seed, n, max_value)[1]


@takes(n=Param(1, help="numbers"), max_value=Param(1, MAX_INTEGER, help="the largest number"))
def certified_no(problem: str, seed: int, n: int = 6, max_value: int = 20) -> Numbers:
    """No by parity: SUBSET SUM's numbers all even and its target odd (at most the total, so
    the answer is not given away by size); PARTITION's total odd (one number is made odd)."""
    _check(problem)
    _sizes(n, max_value)
    if max_value < 2 and problem == "subsetsum":
        raise InvalidInstance("the certified-no SUBSET SUM needs max_value >= 2 (even numbers)")
    rng = _random.Random(seed)
    if problem == "subsetsum":
        numbers = tuple(2 * rng.randint(1, max_value // 2) for _ in range(n))
        return SubsetSum(numbers, 2 * rng.randint(0, sum(numbers) // 2 - 1) + 1)
    numbers = [rng.randint(1, max_value) for _ in range(n)]
    if sum(numbers) % 2 == 0:
        numbers[rng.randrange(n)] += 1
    return Partition(tuple(numbers))


def certain_no_reason(instance: Numbers) -> str | None:
    """A reason, checkable in linear time, why ``instance`` has no certificate (the parity
    arguments of :func:`certified_no`, and a target beyond the total); None if none found."""
    if instance.problem == "partition":
        return "the total is odd: no two sides of equal sum" if instance.total % 2 else None
    if instance.target > sum(instance.numbers):
        return "the target exceeds the total"
    if instance.target % 2 and all(a % 2 == 0 for a in instance.numbers):
        return "every number even, the target odd: every subset sum is even"
    return None


def verification_sample(problem: str, seed: int) -> Numbers:
    """1 to 6 numbers in 1..12 (the reductions' targets stay small for the brute-force check)."""
    rng = _random.Random(seed)
    return random_instance(problem, rng.randrange(2**31), rng.randint(1, 6), 12)


def integer_partitions(total: int, largest: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of positive numbers at most ``largest`` summing to ``total`` (the
    partitions of ``total`` into parts at most ``largest``), the larger first parts first.

    Parameters
    ----------
    total : int
        What the parts sum to (0: the one empty tuple).
    largest : int
        The largest part allowed.

    Returns
    -------
    Iterator[tuple[int, ...]]
        Each partition once.

    Examples
    --------
    >>> list(integer_partitions(4, 2))
    [(2, 2), (2, 1, 1), (1, 1, 1, 1)]
    """
    if total == 0:
        yield ()
        return
    for first in range(min(total, largest), 0, -1):
        for rest in integer_partitions(total - first, first):
            yield (first,) + rest


def enumerate_instances(problem: str, n: int) -> Iterator[Numbers]:
    """Every instance whose numbers sum to at most n, up to the order of the numbers (each
    multiset of positive numbers once, non-increasing), ordered by the total; SUBSET SUM with
    every target from 0 to the total + 1 (the last one a no)."""
    _check(problem)
    for total in range(n + 1):
        for numbers in integer_partitions(total, total):
            if problem == "partition":
                yield Partition(numbers)
            else:
                for target in range(total + 2):
                    yield SubsetSum(numbers, target)


def shrink(instance: Numbers) -> Iterator[Numbers]:
    """Drop one number (SUBSET SUM: keeping the target, and taking it off the target too where it
    fits); then lower one number by one. Each result is strictly smaller in count or total."""
    numbers = instance.numbers
    for i, a in enumerate(numbers):
        rest = numbers[:i] + numbers[i + 1:]
        if instance.problem == "partition":
            yield Partition(rest)
        else:
            yield SubsetSum(rest, instance.target)
            if a <= instance.target:
                yield SubsetSum(rest, instance.target - a)
    for i, a in enumerate(numbers):
        if a > 1:
            lower = numbers[:i] + (a - 1,) + numbers[i + 1:]
            yield Partition(lower) if instance.problem == "partition" else SubsetSum(lower, instance.target)
