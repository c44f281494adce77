"""KNAPSACK, decision version (Garey & Johnson [MP9]): items with weights w_i and values v_i, a
capacity W and a goal V. Is there a subset of weight at most W and value at least V?

A certificate is a list of distinct 0-based item indices (the packed items). Numbers are
binary-encoded: weakly NP-hard, the DP decider is pseudo-polynomial.

Generators (seeded): ``random`` (weights and values uniform in 1..max_value, W uniform in
0..total weight, V uniform in 1..total value: both answers occur), ``planted`` (a non-empty subset
drawn first; W its weight, V its value), ``certified-no`` (V one more than the fractional
relaxation's optimum: Dantzig's bound, checkable in O(n log n) by :func:`certain_no_reason`).

>>> k = Knapsack((3, 4, 5), (4, 5, 6), 7, 9)
>>> k.verify([0, 1]), k.verify([2]), k.verify([0, 2])
(True, False, False)
>>> Knapsack((3, 4), (1,), 7, 1)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: 2 weights but 1 values: one of each an item
>>> certain_no_reason(Knapsack((3, 4, 5), (4, 5, 6), 6, 8))
'the fractional optimum 7 3/4 (Dantzig bound) is below the goal 8'
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import MAX_INTEGER, Param, takes
from npw.instances.numbers.model import check_file_integers, check_numbers, subset_of
from npw.instances.elements import knapsack_elements

__all__ = ["Knapsack", "PROBLEM", "certain_no_reason", "certified_no", "enumerate_instances", "fractional_optimum",
           "planted", "planted_solution", "random_instance", "shrink", "verification_sample"]


def _check_bound(name: str, value: Any) -> None:
    # the same test as a number's (check_numbers), naming the field
    try:
        check_numbers((value,))
    except InvalidInstance as error:
        raise InvalidInstance(str(error).replace("number a_0", name)) from None


@dataclass(frozen=True)
class Knapsack:
    """Is there a subset of the items of weight at most ``capacity`` and value at least ``goal``?

    Parameters
    ----------
    weights, values : sequence of int
        Each item's weight and value.
    capacity : int
        The most weight packed.
    goal : int
        The least value wanted.

    Examples
    --------
    A certificate is the packed items' indices:

    >>> from npw.api import Knapsack
    >>> items = Knapsack((2, 3, 4), (3, 4, 5), capacity=5, goal=7)
    >>> items.verify((0, 1)), items.verify((2,))
    (True, False)
    """

    problem = "knapsack"
    weights: tuple[int, ...]
    values: tuple[int, ...]
    capacity: int
    goal: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "weights", tuple(self.weights))
        object.__setattr__(self, "values", tuple(self.values))
        self.validate()

    def validate(self) -> None:
        if len(self.weights) != len(self.values):
            raise InvalidInstance(f"{len(self.weights)} weights but {len(self.values)} values: one of each an item")
        check_numbers(self.weights)
        check_numbers(self.values)
        _check_bound("capacity W", self.capacity)
        _check_bound("goal V", self.goal)

    def verify(self, certificate: Any) -> bool:
        chosen = subset_of(certificate, len(self.weights))
        return (chosen is not None and sum(self.weights[i] for i in chosen) <= self.capacity
                and sum(self.values[i] for i in chosen) >= self.goal)

    def size(self) -> dict[str, int]:
        return {"items": len(self.weights), "capacity": self.capacity, "goal": self.goal,
                "bits": max(sum(self.weights), sum(self.values), 1).bit_length()}

    def to_dict(self) -> dict:
        check_file_integers(self.weights + self.values + (self.capacity, self.goal))
        return {"problem": self.problem, "version": 1, "weights": list(self.weights), "values": list(self.values),
                "capacity": self.capacity, "goal": self.goal}

    @staticmethod
    def from_dict(data: dict) -> "Knapsack":
        from npw.instances.validation import checked

        model = checked(data, "knapsack")
        return Knapsack(tuple(model.weights), tuple(model.values), model.capacity, model.goal)

    @staticmethod
    def certificate_to_json(certificate: Any) -> list[int]:
        return [int(i) for i in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import IndexListCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, IndexListCertificate, "a certificate is a list of item indices"))


# -- certificates of no ---------------------------------------------------------------------------

def fractional_optimum(instance: Knapsack) -> Fraction:
    """Dantzig's bound: the best value when items may be cut, packing by value per weight
    (weightless items whole first). Every subset's value is at most it.

    >>> fractional_optimum(Knapsack((3, 4, 5), (4, 5, 6), 6, 7))  # item 0, then 3/4 of item 1
    Fraction(31, 4)
    """
    def density(i: int) -> tuple[bool, Fraction]:
        w = instance.weights[i]
        return (w == 0, Fraction(instance.values[i], w) if w else Fraction(0))

    order = sorted(range(len(instance.weights)), key=density, reverse=True)
    room, best = Fraction(instance.capacity), Fraction(0)
    for i in order:
        w, v = instance.weights[i], instance.values[i]
        take = Fraction(1) if w <= room else room / w
        best += take * v
        room -= take * w
        if room == 0:
            break
    return best


def certain_no_reason(instance: Knapsack) -> str | None:
    """A reason, checkable in O(n log n), why ``instance`` has no certificate: the fractional
    optimum below the goal; None if it is not."""
    bound = fractional_optimum(instance)
    if bound >= instance.goal:
        return None
    whole, part = divmod(bound, 1)
    shown = f"{whole} {part}" if part else f"{whole}"
    return f"the fractional optimum {shown} (Dantzig bound) is below the goal {instance.goal}"


# -- generators -----------------------------------------------------------------------------------

def _items(rng: _random.Random, n: int, max_value: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if n < 1 or max_value < 1:
        raise InvalidInstance(f"need n >= 1 and max_value >= 1, not n = {n}, max_value = {max_value}")
    return (tuple(rng.randint(1, max_value) for _ in range(n)), tuple(rng.randint(1, max_value) for _ in range(n)))


@takes(n=Param(1, help="items"), max_value=Param(1, MAX_INTEGER, help="the largest number"))
def random_instance(seed: int, n: int = 6, max_value: int = 20) -> Knapsack:
    rng = _random.Random(seed)
    weights, values = _items(rng, n, max_value)
    return Knapsack(weights, values, rng.randint(0, sum(weights)), rng.randint(1, sum(values)))


def _planted(seed: int, n: int, max_value: int) -> tuple[Knapsack, tuple[int, ...]]:
    rng = _random.Random(seed)
    weights, values = _items(rng, n, max_value)
    chosen = tuple(sorted(rng.sample(range(n), rng.randint(1, n))))
    return Knapsack(weights, values, sum(weights[i] for i in chosen), sum(values[i] for i in chosen)), chosen


@takes(n=Param(1, help="items"), max_value=Param(1, MAX_INTEGER, help="the largest number"))
def planted(seed: int, n: int = 6, max_value: int = 20) -> Knapsack:
    """Yes by construction: a random non-empty subset's weight is W and its value V."""
    return _planted(seed, n, max_value)[0]


def planted_solution(seed: int, n: int = 6, max_value: int = 20) -> tuple[int, ...]:
    """The subset :func:`planted` packed, same seed and parameters."""
    return _planted(seed, n, max_value)[1]


@takes(n=Param(1, help="items"), max_value=Param(1, MAX_INTEGER, help="the largest number"))
def certified_no(seed: int, n: int = 6, max_value: int = 20) -> Knapsack:
    """No by Dantzig's bound: random items, W uniform in 1..total weight - 1, V = floor(fractional
    optimum) + 1 (no subset reaches it, yet the greedy whole-item value is often close)."""
    rng = _random.Random(seed)
    weights, values = _items(rng, n, max_value)
    capacity = rng.randint(1, max(sum(weights) - 1, 1))
    bound = fractional_optimum(Knapsack(weights, values, capacity, 0))
    return Knapsack(weights, values, capacity, int(bound) + 1)


def verification_sample(seed: int) -> Knapsack:
    """1 to 6 items with weights and values in 1..12."""
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(1, 6), 12)


# -- enumeration and shrinking --------------------------------------------------------------------

def _item_multisets(total: int, largest: tuple[int, int]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Non-increasing tuples of items (w, v), w, v >= 1, at most ``largest``, with sum of w + v = total."""
    if total == 0:
        yield ()
        return
    for w in range(min(total - 1, largest[0]), 0, -1):
        for v in range(min(total - w, largest[1] if w == largest[0] else total), 0, -1):
            for rest in _item_multisets(total - w - v, (w, v)):
                yield ((w, v),) + rest


def enumerate_instances(n: int) -> Iterator[Knapsack]:
    """Every instance whose weights and values (each at least 1) sum to at most n, up to the order
    of the items (each multiset of items once, non-increasing), with every capacity 0..total
    weight and every goal 1..total value + 1 (the last one a no). Ordered by that sum."""
    for total in range(n + 1):
        for items in _item_multisets(total, (total, total)):
            weights = tuple(w for w, _ in items)
            values = tuple(v for _, v in items)
            for capacity in range(sum(weights) + 1):
                for goal in range(1, sum(values) + 2):
                    yield Knapsack(weights, values, capacity, goal)


def shrink(instance: Knapsack) -> Iterator[Knapsack]:
    """Drop one item (keeping W and V, and taking it off both where it fits); lower one weight,
    one value, W or V by one. Each result is strictly smaller in items or in a sum."""
    w, v, W, V = instance.weights, instance.values, instance.capacity, instance.goal
    for i in range(len(w)):
        rest_w, rest_v = w[:i] + w[i + 1:], v[:i] + v[i + 1:]
        yield Knapsack(rest_w, rest_v, W, V)
        if w[i] <= W:
            yield Knapsack(rest_w, rest_v, W - w[i], max(V - v[i], 0))
    for i in range(len(w)):
        if w[i] > 1:
            yield Knapsack(w[:i] + (w[i] - 1,) + w[i + 1:], v, W, V)
        if v[i] > 1:
            yield Knapsack(w, v[:i] + (v[i] - 1,) + v[i + 1:], W, V)
    if W > 0:
        yield Knapsack(w, v, W - 1, V)
    if V > 0:
        yield Knapsack(w, v, W, V - 1)


PROBLEM = Problem.of_module(
    globals(),
    id="knapsack",
    title="KNAPSACK (MP9): items of weight at most W and value at least V",
    instance_type=Knapsack,
    certificate_doc="the packed items: a list of distinct 0-based item indices",
    generators={"random": random_instance, "planted": planted, "certified-no": certified_no},
    default_generator="random",
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": planted_solution},
    deciders=("dp", "sat"),
    renderer="npw.instances.numbers.render:render_knapsack",
    elements=knapsack_elements,
    file_model="npw.instances.models:KnapsackFile",
)
