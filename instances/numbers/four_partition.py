"""4-PARTITION (Garey & Johnson, Section 4.2.2, the intermediate problem of Theorems 4.3 and 4.4):
4m positive integers a_1..a_4m and a bound B with B/5 < a_i < B/3 and sum a_i = m*B. Can the
numbers be split into m groups of sum B? The bounds force four members a group, so the
certificate is m quadruples of 0-based indices. Strongly NP-complete (from 3DM, Theorem 4.3);
Theorem 4.4 reduces it to 3-PARTITION (``npw.reductions.numbers.four_partition_to_three_partition``).

Everything but the numbers 4 and 5 is shared with 3-PARTITION (:mod:`npw.instances.numbers.groups`):
generators ``planted``, ``random`` (numbers uniform in the range, conditioned on the total) and
``certified-no`` (B odd, every number even), enumeration of multisets, shrinking.

>>> p = FourPartition((5, 5, 5, 7, 5, 5, 6, 6), 22)
>>> p.verify(((0, 1, 2, 3), (4, 5, 6, 7))), p.verify(((0, 1, 4, 5), (2, 3, 6, 7)))
(True, False)
>>> FourPartition((5, 5, 5, 8), 23)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: number a_3 = 8 is not strictly between B/5 = 4.6 and B/3 = 7.66667
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import Any, Iterator

from npw.instances.base import Problem
from npw.instances.base import Param, takes
from npw.instances.numbers.groups import (GroupsOfK, certified_no_numbers, enumerate_numbers, parity_no_reason,
                                          planted_groups, random_numbers, shrink_numbers)
from npw.instances.elements import number_elements

__all__ = ["FourPartition", "PARITY_BOUNDS", "PROBLEM", "Quadruples", "certain_no_reason", "certified_no_instance",
           "enumerate_instances", "planted_instance", "planted_with_certificate", "random_instance", "shrink",
           "verification_sample"]

Quadruples = tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class FourPartition(GroupsOfK):
    """4-PARTITION: can the 4m ``numbers`` be split into m quadruples each summing to ``bound``?

    Parameters
    ----------
    numbers : sequence of int
        4m numbers, each strictly between bound/5 and bound/3, summing to m times ``bound``.
    bound : int
        What each quadruple sums to.

    Examples
    --------
    A certificate is m quadruples of indices into ``numbers``:

    >>> from npw.api import FourPartition
    >>> numbers = FourPartition((7, 8, 8, 9, 7, 8, 8, 9), bound=32)
    >>> numbers.verify(((0, 3, 4, 7), (1, 2, 5, 6))), numbers.verify(((0, 1, 2, 4), (3, 5, 6, 7)))
    (True, False)
    """

    problem = "4partition"
    K = 4
    numbers: tuple[int, ...]
    bound: int

    @staticmethod
    def certificate_from_json(obj: Any) -> Quadruples:
        from npw.instances.models import FourPartitionCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, FourPartitionCertificate, "a 4-PARTITION certificate is a list of index quadruples"))


def planted_with_certificate(seed: int, m: int = 2, bound: int = 30) -> tuple[FourPartition, Quadruples]:
    numbers, groups = planted_groups(seed, m, bound, 4)
    return FourPartition(numbers, bound), groups  # type: ignore[return-value]


@takes(m=Param(1, help="groups"), bound=Param(4, help="B, the sum of each group"))
def planted_instance(seed: int, m: int = 2, bound: int = 30) -> FourPartition:
    """Yes by construction: m quadruples of sum B, shuffled."""
    return planted_with_certificate(seed, m, bound)[0]


@takes(m=Param(1, help="groups"), bound=Param(4, help="B, the sum of each group"))
def random_instance(seed: int, m: int = 2, bound: int = 30) -> FourPartition:
    """4m numbers uniform in (B/5, B/3), conditioned on sum m*B."""
    return FourPartition(random_numbers(seed, m, bound, 4), bound)


@takes(m=Param(2, help="groups (even)"), bound=Param(4, help="B, the sum of each group"))
def certified_no_instance(seed: int, m: int = 2, bound: int = 33) -> FourPartition:
    """No by parity: B odd, every number even (m even)."""
    return FourPartition(certified_no_numbers(seed, m, bound, 4), bound)


def certain_no_reason(instance: FourPartition) -> str | None:
    """The parity argument, checked in linear time; None if it does not apply."""
    return parity_no_reason(instance.numbers, instance.bound, 4)


# the odd B in 25..61 for which eight even numbers in (B/5, B/3) can sum to 2B
PARITY_BOUNDS = [b for b in range(25, 62, 2)
                 if (evens := [a for a in range(b // 5 + 1, (b - 1) // 2 + 1) if a % 2 == 0 and 3 * a < b])
                 and 4 * evens[0] <= b <= 4 * evens[-1]]


def verification_sample(seed: int) -> FourPartition:
    """m = 1 (a fifth of the time) or 2, B in 16..60; a quarter of them from ``certified-no`` (B
    odd, m = 2): numbers drawn uniformly given the total mostly split (about one in ten is a no),
    so the parity instances keep both answers common. Small enough for the 3-PARTITION target of
    Theorem 4.4 (24m^2 - 3m numbers: 90 for m = 2)."""
    rng = _random.Random(seed)
    if rng.random() < 0.25:
        return certified_no_instance(rng.randrange(2**31), 2, rng.choice(PARITY_BOUNDS))
    m = 1 if rng.random() < 0.2 else 2
    return random_instance(rng.randrange(2**31), m, rng.randint(16, 60))


def enumerate_instances(n: int) -> Iterator[FourPartition]:
    """Every instance with m in {1, 2} and bound B <= n, up to the order of the numbers (each
    multiset once, non-increasing). Ordered by B, then m. (With m = 1 every instance is a yes.)"""
    for numbers, bound in enumerate_numbers(n, 4):
        yield FourPartition(numbers, bound)


def shrink(instance: FourPartition) -> Iterator[FourPartition]:
    """Drop one group of four numbers whose sum is B."""
    for rest in shrink_numbers(instance.numbers, instance.bound, 4):
        yield FourPartition(rest, instance.bound)


PROBLEM = Problem.of_module(
    globals(),
    id="4partition",
    title="4-PARTITION: split 4m numbers (B/5 < a < B/3) into m quadruples of sum B",
    instance_type=FourPartition,
    certificate_doc="m quadruples of 0-based indices into numbers, each summing to B",
    generators={"random": random_instance, "planted": planted_instance, "certified-no": certified_no_instance},
    default_generator="random",
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": lambda seed, **params: planted_with_certificate(seed, **params)[1]},
    deciders=("dp", "sat"),
    renderer="npw.instances.numbers.render:render_groups",
    elements=number_elements,
    file_model="npw.instances.models:FourPartitionFile",
)
