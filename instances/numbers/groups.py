"""What 3-PARTITION and 4-PARTITION share: k*m numbers strictly between B/(k+1) and B/(k-1)
(so a group of sum B has exactly k members), summing to m*B, split into m groups of sum B.

One set of helpers for both, with k = 3 or 4: validation, the checker, the admissible range,
the generators (planted, random, certified no by parity), enumeration of multisets and
shrinking. ``npw.instances.numbers.three_partition`` and ``npw.instances.numbers.four_partition`` call
them; the random draws are the same calls in the same order for every k, so a seed gives the
same 3-PARTITION instance as before this module existed.

>>> admissible_range(20, 4)  # 4 < a < 20/3
(5, 6)
>>> numbers, groups = planted_groups(seed=1, m=2, bound=20, k=4)
>>> check_groups(numbers, 20, 4, groups), len(numbers)
(True, 8)
"""

from __future__ import annotations

import itertools
import random as _random
from typing import Any, ClassVar, Iterator, Sequence

from npw.instances.base import InvalidInstance

__all__ = ["GroupsOfK", "NAMES", "admissible_range", "bounds_text", "certified_no_numbers", "check_groups",
           "enumerate_numbers", "multisets", "parity_no_reason", "planted_groups", "random_numbers", "shrink_numbers",
           "validate_groups"]

NAMES = {3: "3-PARTITION", 4: "4-PARTITION"}


def bounds_text(bound: int, k: int) -> str:
    return f"B/{k + 1} = {bound / (k + 1):g} and B/{k - 1} = {bound / (k - 1):g}"


def validate_groups(numbers: Sequence[Any], bound: Any, k: int) -> None:
    """Raises InvalidInstance naming the first fault: B not a positive integer, a count not k*m,
    a number not a positive integer or outside (B/(k+1), B/(k-1)), a total other than m*B."""
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise InvalidInstance(f"bound B must be a positive integer, not {bound!r}")
    if len(numbers) == 0 or len(numbers) % k:
        raise InvalidInstance(f"{NAMES[k]} needs {k}m numbers (m >= 1), not {len(numbers)}")
    for i, a in enumerate(numbers):
        if not isinstance(a, int) or isinstance(a, bool) or a < 1:
            raise InvalidInstance(f"number a_{i} = {a!r} is not a positive integer")
        if not ((k + 1) * a > bound and (k - 1) * a < bound):
            raise InvalidInstance(f"number a_{i} = {a} is not strictly between {bounds_text(bound, k)}")
    m = len(numbers) // k
    if sum(numbers) != m * bound:
        raise InvalidInstance(f"the numbers sum to {sum(numbers)}, not m*B = {m}*{bound} = {m * bound}")


def check_groups(numbers: Sequence[int], bound: int, k: int, certificate: Any) -> bool:
    """Whether ``certificate`` is m groups of k indices, each index once, each group of sum B."""
    try:
        groups = [tuple(int(i) for i in g) for g in certificate]
    except (TypeError, ValueError):
        return False
    if len(groups) != len(numbers) // k or any(len(g) != k for g in groups):
        return False
    if sorted(i for g in groups for i in g) != list(range(len(numbers))):
        return False
    return all(sum(numbers[i] for i in g) == bound for g in groups)


class GroupsOfK:
    """The methods 3-PARTITION's and 4-PARTITION's frozen dataclasses share (fields ``numbers``
    and ``bound``, the class constant ``K``): validation in ``__post_init__``, m, the checker and
    the sizes."""

    K: ClassVar[int]
    numbers: tuple[int, ...]
    bound: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(self.numbers))
        self.validate()

    @property
    def m(self) -> int:
        return len(self.numbers) // self.K

    def validate(self) -> None:
        validate_groups(self.numbers, self.bound, self.K)

    def verify(self, certificate: Any) -> bool:
        return check_groups(self.numbers, self.bound, self.K, certificate)

    def size(self) -> dict[str, int]:
        return {"numbers": len(self.numbers), "m": self.m, "bound": self.bound}

    def to_dict(self) -> dict:
        from npw.instances.numbers.model import check_file_integers

        check_file_integers(self.numbers + (self.bound,))  # a file must read back
        return {"problem": self.problem, "version": 1, "bound": self.bound,  # type: ignore[attr-defined]
                "numbers": list(self.numbers)}

    @classmethod
    def from_dict(cls, data: dict) -> Any:
        from npw.instances.validation import checked

        model = checked(data, cls.problem)  # type: ignore[attr-defined]
        return cls(tuple(model.numbers), model.bound)  # type: ignore[call-arg]

    @staticmethod
    def certificate_to_json(certificate: Any) -> list[list[int]]:
        return [list(g) for g in certificate]


def admissible_range(bound: int, k: int) -> tuple[int, int]:
    """The admissible numbers: low..high inclusive, B/(k+1) < a < B/(k-1)."""
    low, high = bound // (k + 1) + 1, (bound - 1) // (k - 1)
    if low > high:
        raise InvalidInstance(f"no integer lies strictly between {bounds_text(bound, k)} for B = {bound}")
    return low, high


def _group(rng: _random.Random, bound: int, k: int) -> tuple[int, ...]:
    low, high = admissible_range(bound, k)
    for _ in range(10_000):
        first = [rng.randint(low, high) for _ in range(k - 1)]
        last = bound - sum(first)
        if low <= last <= high:
            return tuple(first) + (last,)
    raise InvalidInstance(f"no {k} numbers strictly between {bounds_text(bound, k)} sum to B = {bound}")


def planted_groups(seed: int, m: int, bound: int, k: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Yes by construction: m groups of sum B drawn, then the positions shuffled; the numbers and
    the planted groups (as index tuples)."""
    rng = _random.Random(seed)
    numbers = [a for _ in range(m) for a in _group(rng, bound, k)]
    # shuffling the positions consumes the generator exactly as shuffling the numbers does, and
    # tells where each number went
    order = list(range(len(numbers)))
    rng.shuffle(order)
    position = {original: place for place, original in enumerate(order)}
    groups = tuple(tuple(position[k * j + i] for i in range(k)) for j in range(m))
    return tuple(numbers[i] for i in order), groups


def random_numbers(seed: int, m: int, bound: int, k: int) -> tuple[int, ...]:
    """k*m numbers uniform in the range, conditioned on the total m*B (rejection on the last)."""
    rng = _random.Random(seed)
    low, high = admissible_range(bound, k)
    if not k * low <= bound <= k * high:
        raise InvalidInstance(f"no instance exists for B = {bound}")
    for _ in range(100_000):
        numbers = [rng.randint(low, high) for _ in range(k * m - 1)]
        last = m * bound - sum(numbers)
        if low <= last <= high:
            numbers.append(last)
            rng.shuffle(numbers)
            return tuple(numbers)
    raise InvalidInstance(f"could not draw numbers for m = {m}, B = {bound}")


def certified_no_numbers(seed: int, m: int, bound: int, k: int) -> tuple[int, ...]:
    """No by parity: B odd and every number even, so no group sums to B (``m`` even, for the
    even total to be m*B). Numbers uniform among the even ones in the range, conditioned on the
    total (rejection on the last)."""
    if m < 2 or m % 2:
        raise InvalidInstance(f"the certified-no generator needs an even m >= 2 (the numbers are even, their "
                              f"total m*B must be too), not m = {m}")
    if bound % 2 == 0:
        raise InvalidInstance(f"the certified-no generator needs an odd B (the parity argument), not B = {bound}")
    low, high = admissible_range(bound, k)
    evens = list(range(low + low % 2, high + 1, 2))
    if not evens:
        raise InvalidInstance(f"no even number lies strictly between {bounds_text(bound, k)} for B = {bound}")
    rng = _random.Random(seed)
    for _ in range(100_000):
        numbers = [rng.choice(evens) for _ in range(k * m - 1)]
        last = m * bound - sum(numbers)
        if low <= last <= high:  # even, as m * bound is
            numbers.append(last)
            rng.shuffle(numbers)
            return tuple(numbers)
    raise InvalidInstance(f"could not draw even numbers for m = {m}, B = {bound}")


def parity_no_reason(numbers: Sequence[int], bound: int, k: int) -> str | None:
    """The certified-no generator's argument, checked in linear time; None if it does not apply."""
    if bound % 2 == 1 and all(a % 2 == 0 for a in numbers):
        return f"every number even, B odd: no {'triple' if k == 3 else 'group'} sums to B"
    return None


def multisets(count: int, low: int, high: int, total: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of ``count`` numbers in low..high summing to ``total``."""
    if count == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(high, total - low * (count - 1)), low - 1, -1):
        if first * count < total:
            break
        for rest in multisets(count - 1, low, first, total - first):
            yield (first,) + rest


def enumerate_numbers(n: int, k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """(numbers, B) for every instance with m in {1, 2} and B <= n, each multiset once
    (non-increasing), ordered by B, then m."""
    for bound in range(3, n + 1):
        low, high = bound // (k + 1) + 1, (bound - 1) // (k - 1)
        if low > high:
            continue
        for m in (1, 2):
            for numbers in multisets(k * m, low, high, m * bound):
                yield numbers, bound


def shrink_numbers(numbers: Sequence[int], bound: int, k: int) -> Iterator[tuple[int, ...]]:
    """The numbers without one group of k of sum B (m >= 2), for minimising counterexamples."""
    if len(numbers) <= k:
        return
    for group in itertools.combinations(range(len(numbers)), k):
        if sum(numbers[i] for i in group) == bound:
            yield tuple(a for i, a in enumerate(numbers) if i not in group)
