"""3-PARTITION (Garey & Johnson [SP15]; the source problem of seed 001, Theorem 2).

Instance: 3m positive integers a_1..a_3m and a bound B with B/4 < a_i < B/2 and
sum a_i = m*B. Question: can the numbers be split into m groups of sum B each? The
bounds force every such group to have exactly three members, so the certificate
is m triples of indices (0-based). Strongly NP-complete: numbers are meant to be
small (unary), which the reduction to BWP relies on.

>>> p = ThreePartition((2, 2, 3, 2, 2, 3), 7)
>>> p.verify(((0, 1, 2), (3, 4, 5)))
True
>>> ThreePartition((4, 4, 4, 4, 4, 6), 13).verify(((0, 1, 5), (2, 3, 4)))
False

Generators (seeded): ``planted`` (yes by construction: m triples of sum B are drawn
first), ``random`` (3m numbers drawn uniformly in (B/4, B/2) conditioned on the
sum; both answers occur), ``hard`` (``random`` with B about 2^(0.6*3m), where the
numbers are distinct-ish and exact triples rare: mostly no-instances that need a
full search; a heuristic choice, not a proven hard distribution).
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

__all__ = ["PROBLEM", "ThreePartition", "Triples", "certain_no_reason", "certified_no_instance", "enumerate_instances",
           "hard_instance", "planted_instance", "planted_with_certificate", "random_instance", "shrink",
           "verification_sample"]

Triples = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class ThreePartition(GroupsOfK):
    """3-PARTITION: can the 3m ``numbers`` be split into m triples each summing to ``bound``?

    Parameters
    ----------
    numbers : sequence of int
        3m numbers, each strictly between bound/4 and bound/2, summing to m times ``bound``.
    bound : int
        What each triple sums to.

    Examples
    --------
    A certificate is m triples of indices into ``numbers``:

    >>> from npw.api import ThreePartition
    >>> numbers = ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4))
    >>> numbers.verify(((0, 1, 2), (3, 4, 5))), numbers.verify(((0, 1, 3), (2, 4, 5)))
    (True, False)
    """

    problem = "3partition"
    K = 3
    numbers: tuple[int, ...]
    bound: int

    @staticmethod
    def certificate_from_json(obj: Any) -> Triples:
        from npw.instances.models import ThreePartitionCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, ThreePartitionCertificate, "a 3-PARTITION certificate is a list of index triples"))


@takes(m=Param(1, help="groups"), bound=Param(3, help="B, the sum of each group"))
def planted_instance(seed: int, m: int = 3, bound: int = 20) -> ThreePartition:
    """Yes by construction: m triples of sum B, shuffled."""
    return planted_with_certificate(seed, m, bound)[0]


def planted_with_certificate(seed: int, m: int = 3,
                             bound: int = 20) -> tuple[ThreePartition, tuple[tuple[int, int, int], ...]]:
    """``planted_instance`` together with its planted triples (as index triples), for sizes
    where no decider could find them again (m = 100, B = 1,000)."""
    numbers, triples = planted_groups(seed, m, bound, 3)
    return ThreePartition(numbers, bound), triples  # type: ignore[return-value]


@takes(m=Param(1, help="groups"), bound=Param(3, help="B, the sum of each group"))
def random_instance(seed: int, m: int = 2, bound: int = 13) -> ThreePartition:
    """3m numbers uniform in (B/4, B/2), conditioned on sum m*B (rejection on the last one)."""
    return ThreePartition(random_numbers(seed, m, bound, 3), bound)


@takes(m=Param(2, help="groups (even)"), bound=Param(3, help="B, the sum of each group"))
def certified_no_instance(seed: int, m: int = 2, bound: int = 21) -> ThreePartition:
    """No by construction, by parity: B odd and every number even, so every triple sums to an
    even number and none to B (``m`` must be even, for the even total to be m*B). Numbers
    uniform among the even ones in (B/4, B/2), conditioned on the total (rejection on the last).

    >>> p = certified_no_instance(seed=1)
    >>> p.bound % 2, {a % 2 for a in p.numbers}, sum(p.numbers) == 2 * p.bound
    (1, {0}, True)
    """
    return ThreePartition(certified_no_numbers(seed, m, bound, 3), bound)


def certain_no_reason(instance: ThreePartition) -> str | None:
    """A reason, checkable in linear time, why ``instance`` has no 3-partition (the parity
    argument of :func:`certified_no_instance`); None if found none."""
    return parity_no_reason(instance.numbers, instance.bound, 3)


@takes(m=Param(1, help="groups"), bound=Param(3, help="B (default: about 2^(1.8 m), at least 13)"))
def hard_instance(seed: int, m: int = 5, bound: int | None = None) -> ThreePartition:
    """``random`` with a large bound (default about 2^(0.6*3m), at least 13): few exact triples."""
    if bound is None:
        bound = max(13, int(2 ** (0.6 * 3 * m)))
    return random_instance(seed, m, bound)


def verification_sample(seed: int) -> ThreePartition:
    """m in {1, 2}, B in 7..16: small enough for the BWP target; no-instances need m = 2 and B >= 13."""
    rng = _random.Random(seed)
    m = 1 if rng.random() < 0.25 else 2
    bound = rng.choice([b for b in range(7, 17) if b != 8])
    return random_instance(rng.randrange(2**31), m, bound)


def enumerate_instances(n: int) -> Iterator[ThreePartition]:
    """Every instance with m in {1, 2} and bound B <= n, up to the order of the numbers
    (each multiset once, numbers non-increasing). Ordered by B, then m."""
    for numbers, bound in enumerate_numbers(n, 3):
        yield ThreePartition(numbers, bound)


def shrink(instance: ThreePartition) -> Iterator[ThreePartition]:
    """Drop one group of three numbers whose sum is B (keeps the answer's question small)."""
    for rest in shrink_numbers(instance.numbers, instance.bound, 3):
        yield ThreePartition(rest, instance.bound)


PROBLEM = Problem.of_module(
    globals(),
    id="3partition",
    title="3-PARTITION: split 3m numbers (B/4 < a < B/2) into m triples of sum B",
    instance_type=ThreePartition,
    certificate_doc="m triples of 0-based indices into numbers, each summing to B",
    generators={"random": random_instance, "planted": planted_instance, "certified-no": certified_no_instance,
                "hard": hard_instance},
    default_generator="random",
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": lambda seed, **params: planted_with_certificate(seed, **params)[1]},
    deciders=("dp", "sat", "smt"),
    renderer="npw.instances.numbers.render_bars:render_svg",
    elements=number_elements,
    file_model="npw.instances.models:ThreePartitionFile",
)
