"""The last call remembered: for a pure function of immutable instances that several checks of
one verification case call in a row with the same objects (a target's SAT encoding, the
proof's blocks of a target). Arguments are compared by identity and held by weak reference,
so a remembered result never outlives its arguments nor serves another object that is
merely equal (instances are immutable, so the same object gives the same result).

>>> calls = []
>>> @remember_last
... def doubled(numbers):
...     calls.append(numbers)
...     return [2 * n for n in numbers]
>>> class Numbers(list):  # a list subclass takes weak references, a list does not
...     pass
>>> one, other = Numbers([1]), Numbers([1])
>>> doubled(one) is doubled(one), len(calls)
(True, 1)
>>> doubled(other), len(calls)  # equal is not the same: computed again
([2], 2)
>>> doubled([7]), doubled([7]), len(calls)  # no weak reference to a list: never remembered
([14], [14], 4)
"""

from __future__ import annotations

import functools
import weakref
from typing import Any, Callable, TypeVar

__all__ = ["remember_last"]

Result = TypeVar("Result")


def remember_last(function: Callable[..., Result]) -> Callable[..., Result]:
    """``function`` with its last call (positional arguments only) remembered; the result
    is shared between callers, who must not change it."""
    last: tuple[tuple[weakref.ref, ...], Any] | None = None

    @functools.wraps(function)
    def remembered(*args: Any) -> Result:
        nonlocal last
        entry = last  # one read: another thread may replace it meanwhile
        if entry is not None and len(entry[0]) == len(args) and all(
                ref() is arg for ref, arg in zip(entry[0], args)):
            return entry[1]
        result = function(*args)
        try:
            last = (tuple(weakref.ref(arg) for arg in args), result)
        except TypeError:  # an argument without weak references: nothing remembered
            last = None
        return result

    return remembered
