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

from npw.instances.base import InvalidInstance, Problem

Triples = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class ThreePartition:
    problem = "3partition"
    numbers: tuple[int, ...]
    bound: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(self.numbers))
        self.validate()

    @property
    def m(self) -> int:
        return len(self.numbers) // 3

    def validate(self) -> None:
        if not isinstance(self.bound, int) or isinstance(self.bound, bool) or self.bound < 1:
            raise InvalidInstance(f"bound B must be a positive integer, not {self.bound!r}")
        if len(self.numbers) == 0 or len(self.numbers) % 3:
            raise InvalidInstance(f"3-PARTITION needs 3m numbers (m >= 1), not {len(self.numbers)}")
        B = self.bound
        for i, a in enumerate(self.numbers):
            if not isinstance(a, int) or isinstance(a, bool) or a < 1:
                raise InvalidInstance(f"number a_{i} = {a!r} is not a positive integer")
            if not (4 * a > B and 2 * a < B):
                raise InvalidInstance(f"number a_{i} = {a} is not strictly between B/4 = {B / 4:g} and B/2 = {B / 2:g}")
        if sum(self.numbers) != self.m * B:
            raise InvalidInstance(f"the numbers sum to {sum(self.numbers)}, not m*B = {self.m}*{B} = {self.m * B}")

    def verify(self, certificate: Any) -> bool:
        try:
            groups = [tuple(int(i) for i in g) for g in certificate]
        except (TypeError, ValueError):
            return False
        if len(groups) != self.m or any(len(g) != 3 for g in groups):
            return False
        used = sorted(i for g in groups for i in g)
        if used != list(range(len(self.numbers))):
            return False
        return all(sum(self.numbers[i] for i in g) == self.bound for g in groups)

    def size(self) -> dict[str, int]:
        return {"numbers": len(self.numbers), "m": self.m, "bound": self.bound}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "bound": self.bound, "numbers": list(self.numbers)}

    @staticmethod
    def from_dict(data: dict) -> "ThreePartition":
        from npw.instances.validation import checked

        model = checked(data, "3partition")
        return ThreePartition(tuple(model.numbers), model.bound)

    @staticmethod
    def certificate_to_json(certificate: Triples) -> list[list[int]]:
        return [list(g) for g in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> Triples:
        from npw.instances.models import ThreePartitionCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, ThreePartitionCertificate, "a 3-PARTITION certificate is a list of index triples"))


def _range(bound: int) -> tuple[int, int]:
    """The admissible numbers: low..high inclusive, B/4 < a < B/2."""
    low, high = bound // 4 + 1, (bound - 1) // 2
    if low > high:
        raise InvalidInstance(f"no integer lies strictly between B/4 and B/2 for B = {bound}")
    return low, high


def _triple(rng: _random.Random, bound: int) -> tuple[int, int, int]:
    low, high = _range(bound)
    for _ in range(10_000):
        a, b = rng.randint(low, high), rng.randint(low, high)
        c = bound - a - b
        if low <= c <= high:
            return (a, b, c)
    raise InvalidInstance(f"no triple of numbers in ({bound / 4:g}, {bound / 2:g}) sums to B = {bound}")


def planted_instance(seed: int, m: int = 3, bound: int = 20) -> ThreePartition:
    """Yes by construction: m triples of sum B, shuffled."""
    return planted_with_certificate(seed, m, bound)[0]


def planted_with_certificate(seed: int, m: int = 3,
                             bound: int = 20) -> tuple[ThreePartition, tuple[tuple[int, int, int], ...]]:
    """``planted_instance`` together with its planted triples (as index triples), for sizes
    where no decider could find them again (m = 100, B = 1,000)."""
    rng = _random.Random(seed)
    numbers = [a for _ in range(m) for a in _triple(rng, bound)]
    # Shuffling the positions consumes the generator exactly as shuffling the numbers did,
    # so the instance is the same as before and we learn where each number went.
    order = list(range(len(numbers)))
    rng.shuffle(order)
    position = {original: place for place, original in enumerate(order)}
    triples = tuple(tuple(position[3 * j + i] for i in range(3)) for j in range(m))
    return ThreePartition(tuple(numbers[i] for i in order), bound), triples


def random_instance(seed: int, m: int = 2, bound: int = 13) -> ThreePartition:
    """3m numbers uniform in (B/4, B/2), conditioned on sum m*B (rejection on the last one)."""
    rng = _random.Random(seed)
    low, high = _range(bound)
    if not 3 * low <= bound <= 3 * high:
        raise InvalidInstance(f"no instance exists for B = {bound}")
    for _ in range(100_000):
        numbers = [rng.randint(low, high) for _ in range(3 * m - 1)]
        last = m * bound - sum(numbers)
        if low <= last <= high:
            numbers.append(last)
            rng.shuffle(numbers)
            return ThreePartition(tuple(numbers), bound)
    raise InvalidInstance(f"could not draw numbers for m = {m}, B = {bound}")


def certified_no_instance(seed: int, m: int = 2, bound: int = 21) -> ThreePartition:
    """No by construction, by parity: B odd and every number even, so every triple sums to an
    even number and none to B (``m`` must be even, for the even total to be m*B). Numbers
    uniform among the even ones in (B/4, B/2), conditioned on the total (rejection on the last).

    >>> p = certified_no_instance(seed=1)
    >>> p.bound % 2, {a % 2 for a in p.numbers}, sum(p.numbers) == 2 * p.bound
    (1, {0}, True)
    """
    if m < 2 or m % 2:
        raise InvalidInstance(f"the certified-no generator needs an even m >= 2 (the numbers are even, their "
                              f"total m*B must be too), not m = {m}")
    if bound % 2 == 0:
        raise InvalidInstance(f"the certified-no generator needs an odd B (the parity argument), not B = {bound}")
    low, high = _range(bound)
    evens = list(range(low + low % 2, high + 1, 2))
    if not evens:
        raise InvalidInstance(f"no even number lies strictly between B/4 and B/2 for B = {bound}")
    rng = _random.Random(seed)
    for _ in range(100_000):
        numbers = [rng.choice(evens) for _ in range(3 * m - 1)]
        last = m * bound - sum(numbers)
        if low <= last <= high:  # even, as m * bound is
            numbers.append(last)
            rng.shuffle(numbers)
            return ThreePartition(tuple(numbers), bound)
    raise InvalidInstance(f"could not draw even numbers for m = {m}, B = {bound}")


def certain_no_reason(instance: ThreePartition) -> str | None:
    """A reason, checkable in linear time, why ``instance`` has no 3-partition (the parity
    argument of :func:`certified_no_instance`); None if none found."""
    if instance.bound % 2 == 1 and all(a % 2 == 0 for a in instance.numbers):
        return "every number even, B odd: no triple sums to B"
    return None


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


def _multisets(count: int, low: int, high: int, total: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of ``count`` numbers in low..high summing to ``total``."""
    if count == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(high, total - low * (count - 1)), low - 1, -1):
        if first * count < total:
            break
        for rest in _multisets(count - 1, low, first, total - first):
            yield (first,) + rest


def enumerate_instances(n: int) -> Iterator[ThreePartition]:
    """Every instance with m in {1, 2} and bound B <= n, up to the order of the numbers
    (each multiset once, numbers non-increasing). Ordered by B, then m."""
    for bound in range(3, n + 1):
        low, high = bound // 4 + 1, (bound - 1) // 2
        if low > high:
            continue
        for m in (1, 2):
            for numbers in _multisets(3 * m, low, high, m * bound):
                yield ThreePartition(numbers, bound)


def shrink(instance: ThreePartition) -> Iterator[ThreePartition]:
    """Drop one group of three numbers whose sum is B (keeps the answer's question small)."""
    import itertools

    numbers = instance.numbers
    if instance.m <= 1:
        return
    for triple in itertools.combinations(range(len(numbers)), 3):
        if sum(numbers[i] for i in triple) == instance.bound:
            rest = tuple(a for i, a in enumerate(numbers) if i not in triple)
            yield ThreePartition(rest, instance.bound)


PROBLEM = Problem(
    id="3partition",
    title="3-PARTITION: split 3m numbers (B/4 < a < B/2) into m triples of sum B",
    instance_type=ThreePartition,
    certificate_doc="m triples of 0-based indices into numbers, each summing to B",
    generators={"random": random_instance, "planted": planted_instance, "certified-no": certified_no_instance,
                "hard": hard_instance},
    default_generator="random",
    enumerate=enumerate_instances,
    enumerate_doc=enumerate_instances.__doc__ or "",
    shrink=shrink,
    sample=verification_sample,
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": lambda seed, **params: planted_with_certificate(seed, **params)[1]},
)
