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
sum; both answers occur), ``covered`` (``random`` at B = 4 m^2 conditioned on every
number being in some triple of sum B, so no instance is refuted by its largest number alone;
formerly ``hard``, renamed: not measured harder than ``random`` for every decider).
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from collections import Counter
from typing import Any, Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.numbers.groups import (GroupsOfK, certified_no_numbers, enumerate_numbers, parity_no_reason,
                                          planted_groups, random_numbers, shrink_numbers)
from npw.instances.elements import number_elements

__all__ = ["COVERED_DRAWS", "PROBLEM", "ThreePartition", "Triples", "certain_no_reason", "certified_no_instance",
           "covered_instance", "enumerate_instances", "every_number_in_a_triple", "planted_instance", "planted_with_certificate", "random_instance", "shrink",
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


COVERED_DRAWS = 1000
"""The most draws :func:`covered_instance` makes before it gives up with one line."""


def every_number_in_a_triple(numbers: tuple[int, ...], bound: int) -> bool:
    """Whether each number is in some triple of the numbers summing to ``bound`` (where not,
    the instance is a no-instance a search refutes at once).

    >>> every_number_in_a_triple((3, 3, 4, 3, 3, 4), 10), every_number_in_a_triple((3, 3, 4, 3, 3, 5), 11)
    (True, False)
    """
    counts = Counter(numbers)
    values = sorted(counts)
    covered: set[int] = set()
    for i, a in enumerate(values):
        for b in values[i:]:
            c = bound - a - b
            if c < b:
                break
            need = Counter((a, b, c))
            if all(counts[v] >= k for v, k in need.items()):
                covered.update((a, b, c))
    return covered.issuperset(values)


@takes(m=Param(1, help="groups"), bound=Param(3, help="B (default 4 m^2, at least 13)"))
def covered_instance(seed: int, m: int = 5, bound: int | None = None) -> ThreePartition:
    """``random`` conditioned on every number being in some triple of sum B, with B near the
    transition (default 4 m^2): random instances there are mostly refuted at once because their
    largest number completes no triple; these are not. Formerly named ``hard`` (then: ``random``
    at B about 2^(1.8 m)), renamed by issue 37 since neither is harder than ``random`` at the same
    m and B for every decider: this one needs more nodes of ``dp`` but holds more yes-instances,
    which ``sat`` and ``smt`` decide sooner (BENCHMARKS.md, "Issue 37: hardness").

    >>> p = covered_instance(3, m=6)
    >>> p.bound, every_number_in_a_triple(p.numbers, p.bound)
    (144, True)
    """
    if bound is None:
        bound = max(13, 4 * m * m)
    for draw in range(COVERED_DRAWS):
        # random's own "could not draw" (B too small for this m) passes up at once: another seed fails alike
        instance = random_instance(seed * COVERED_DRAWS + draw, m, bound)
        if every_number_in_a_triple(instance.numbers, bound):
            return instance
    raise InvalidInstance(f"covered 3partition: no instance with every number in a triple of sum {bound} in "
                          f"{COVERED_DRAWS} draws (m = {m}); try another bound")


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
                "covered": covered_instance},
    default_generator="random",
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": lambda seed, **params: planted_with_certificate(seed, **params)[1]},
    deciders=("dp", "sat", "smt"),
    renderer="npw.instances.numbers.render_bars:render_svg",
    elements=number_elements,
    file_model="npw.instances.models:ThreePartitionFile",
)
