"""BIN PACKING, decision version (Garey & Johnson [SR1]): item sizes s_1..s_n, a bin capacity C
and a number of bins k. Can the items be packed into k bins, each holding at most C?

A certificate gives each item its bin: a list of n bin numbers in 0..k-1. Strongly NP-complete
(3-PARTITION is the special case of 3m items, m bins of capacity B).

Generators (seeded): ``random`` (sizes uniform in 1..capacity, k uniform between the two lower
bounds' maximum minus one and the item count: both answers occur), ``planted`` (k bins filled
first, each with items cut from a random load at most C, then shuffled), ``certified-no``
(items drawn until the total passes k*C: no by volume, :func:`certain_no_reason`, which also
knows the "more than k items above C/2" argument).

>>> b = BinPacking((4, 3, 3, 2), 6, 2)
>>> b.verify([0, 1, 1, 0]), b.verify([0, 0, 1, 1])
(True, False)
>>> certain_no_reason(BinPacking((4, 4, 4), 7, 2))
'3 items are larger than C/2 = 3.5, no two share a bin, and there are 2 bins'
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import Any, Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import MAX_INTEGER, Param, takes
from npw.instances.numbers.generators import integer_partitions
from npw.instances.numbers.model import MAX_NUMBERS, check_file_integers, check_numbers
from npw.instances.elements import binpacking_elements

__all__ = ["BinPacking", "PROBLEM", "certain_no_reason", "certified_no", "enumerate_instances", "lower_bound",
           "planted", "planted_solution", "random_instance", "shrink", "verification_sample"]


@dataclass(frozen=True)
class BinPacking:
    """Do the items of ``sizes`` fit into ``bins`` bins of capacity ``capacity``?

    Parameters
    ----------
    sizes : sequence of int
        The items' sizes.
    capacity : int
        Each bin's capacity.
    bins : int
        The number of bins.

    Examples
    --------
    A certificate gives each item's bin:

    >>> from npw.api import BinPacking
    >>> items = BinPacking((3, 3, 2, 2), capacity=5, bins=2)
    >>> items.verify((0, 1, 0, 1)), items.verify((0, 0, 1, 1))
    (True, False)
    """

    problem = "binpacking"
    sizes: tuple[int, ...]
    capacity: int
    bins: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", tuple(self.sizes))
        self.validate()

    def validate(self) -> None:
        check_numbers(self.sizes)
        for name, value in (("capacity C", self.capacity), ("the number of bins k", self.bins)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidInstance(f"{name} = {value!r} is not a non-negative integer")
        if self.bins > MAX_NUMBERS:
            raise InvalidInstance(f"{self.bins} bins exceed the limit {MAX_NUMBERS} (MAX_NUMBERS)")
        check_numbers((self.capacity,))

    def verify(self, certificate: Any) -> bool:
        try:
            bins = [int(b) for b in certificate]
        except (TypeError, ValueError):
            return False
        if len(bins) != len(self.sizes) or any(not 0 <= b < self.bins for b in bins):
            return False
        loads = [0] * self.bins
        for size, b in zip(self.sizes, bins):
            loads[b] += size
        return all(load <= self.capacity for load in loads)

    def size(self) -> dict[str, int]:
        return {"items": len(self.sizes), "capacity": self.capacity, "bins": self.bins}

    def to_dict(self) -> dict:
        check_file_integers(self.sizes + (self.capacity,))
        return {"problem": self.problem, "version": 1, "sizes": list(self.sizes), "capacity": self.capacity,
                "bins": self.bins}

    @staticmethod
    def from_dict(data: dict) -> "BinPacking":
        from npw.instances.validation import checked

        model = checked(data, "binpacking")
        return BinPacking(tuple(model.sizes), model.capacity, model.bins)

    @staticmethod
    def certificate_to_json(certificate: Any) -> list[int]:
        return [int(b) for b in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import IndexListCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, IndexListCertificate, "a certificate is a list of bin numbers, one an item"))


def certain_no_reason(instance: BinPacking) -> str | None:
    """A reason, checkable in linear time, why the items do not fit: an item larger than C, a
    total above k*C, or more than k items above C/2; None if none applies."""
    C, k = instance.capacity, instance.bins
    if any(s > C for s in instance.sizes):
        return f"an item is larger than C = {C}"
    if sum(instance.sizes) > k * C:
        return f"the sizes total {sum(instance.sizes)}, more than k*C = {k * C}"
    large = sum(1 for s in instance.sizes if 2 * s > C)
    if large > k:
        return f"{large} items are larger than C/2 = {C / 2:g}, no two share a bin, and there are {k} bins"
    return None


def _check(n: int, capacity: int) -> None:
    if n < 1 or capacity < 1:
        raise InvalidInstance(f"need n >= 1 and capacity >= 1, not n = {n}, capacity = {capacity}")


def lower_bound(sizes: tuple[int, ...], capacity: int) -> int:
    """The larger of the volume bound ceil(total / C) and the count of items above C/2."""
    return max(-(-sum(sizes) // capacity), sum(1 for s in sizes if 2 * s > capacity))


@takes(n=Param(1, help="items"), capacity=Param(1, MAX_INTEGER, help="bin capacity C"))
def random_instance(seed: int, n: int = 8, capacity: int = 10) -> BinPacking:
    _check(n, capacity)
    rng = _random.Random(seed)
    sizes = tuple(rng.randint(1, capacity) for _ in range(n))
    low = lower_bound(sizes, capacity)
    return BinPacking(sizes, capacity, rng.randint(max(low - 1, 1), max(low + 1, 1)))


def _planted(seed: int, n: int, capacity: int) -> tuple[BinPacking, tuple[int, ...]]:
    _check(n, capacity)
    rng = _random.Random(seed)
    k = rng.randint(1, n)
    owner = [rng.randrange(k) for _ in range(n)]
    owner[:k] = range(k)  # every bin holds an item
    rng.shuffle(owner)
    sizes = [0] * n
    for b in range(k):
        items = [i for i in range(n) if owner[i] == b]
        load = rng.randint(len(items), max(capacity, len(items)))
        cuts = sorted(rng.sample(range(1, load), len(items) - 1)) if len(items) > 1 else []
        for i, (lo, hi) in zip(items, zip([0] + cuts, cuts + [load])):
            sizes[i] = hi - lo
    return BinPacking(tuple(sizes), max(capacity, max(sizes)), k), tuple(owner)


@takes(n=Param(1, help="items"), capacity=Param(1, MAX_INTEGER, help="bin capacity C"))
def planted(seed: int, n: int = 8, capacity: int = 10) -> BinPacking:
    """Yes by construction: each of k bins gets a random load at most C cut into its items."""
    return _planted(seed, n, capacity)[0]


def planted_solution(seed: int, n: int = 8, capacity: int = 10) -> tuple[int, ...]:
    return _planted(seed, n, capacity)[1]


@takes(n=Param(2, help="items"), capacity=Param(1, MAX_INTEGER, help="bin capacity C"))
def certified_no(seed: int, n: int = 8, capacity: int = 10) -> BinPacking:
    """No by volume: random sizes, k = ceil(total / C) - 1 (at least 1; sizes are raised until
    the total passes k*C when k must be 1)."""
    _check(n, capacity)
    if n < 2:
        raise InvalidInstance("the certified-no generator needs n >= 2 (one item always fits one bin of its size)")
    rng = _random.Random(seed)
    sizes = [rng.randint(1, capacity) for _ in range(n)]
    k = max(-(-sum(sizes) // capacity) - 1, 1)
    while sum(sizes) <= k * capacity:
        i = rng.randrange(n)
        sizes[i] = min(sizes[i] + 1, capacity)
        if all(s == capacity for s in sizes):
            break
    return BinPacking(tuple(sizes), capacity, k)


def verification_sample(seed: int) -> BinPacking:
    """1 to 7 items, capacity 3..12."""
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(1, 7), rng.randint(3, 12))


def enumerate_instances(n: int) -> Iterator[BinPacking]:
    """Every instance whose sizes (each at least 1) sum to at most n, up to the order of the items
    (non-increasing), with every capacity from the largest size to the total and every number of
    bins from 1 to the item count (fewer than the count is where both answers occur). Ordered by
    the total."""
    for total in range(1, n + 1):
        for sizes in integer_partitions(total, total):
            for capacity in range(sizes[0], total + 1):
                for bins in range(1, len(sizes) + 1):
                    yield BinPacking(sizes, capacity, bins)


def shrink(instance: BinPacking) -> Iterator[BinPacking]:
    """Drop one item; lower one size by one; one bin fewer (with a capacity still holding the
    largest item). Each result is strictly smaller in items, total or bins."""
    sizes, C, k = instance.sizes, instance.capacity, instance.bins
    for i in range(len(sizes)):
        yield BinPacking(sizes[:i] + sizes[i + 1:], C, k)
    for i in range(len(sizes)):
        if sizes[i] > 1:
            yield BinPacking(sizes[:i] + (sizes[i] - 1,) + sizes[i + 1:], C, k)
    if k > 1:
        yield BinPacking(sizes, C, k - 1)


PROBLEM = Problem.of_module(
    globals(),
    id="binpacking",
    title="BIN PACKING (SR1): the items into k bins of capacity C",
    instance_type=BinPacking,
    certificate_doc="each item's bin: a list of n bin numbers in 0..k-1",
    generators={"random": random_instance, "planted": planted, "certified-no": certified_no},
    default_generator="random",
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": planted_solution},
    deciders=("dp", "sat"),
    renderer="npw.instances.numbers.render:render_bins",
    elements=binpacking_elements,
    file_model="npw.instances.models:BinPackingFile",
)
