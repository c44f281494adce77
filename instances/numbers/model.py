"""SUBSET SUM (Garey & Johnson [SP13]) and PARTITION ([SP12]): one model of a list of
non-negative integers, with a target for SUBSET SUM and half the total for PARTITION.

A certificate is a list of distinct 0-based indices: the chosen subset (SUBSET SUM), or one
side of the split (PARTITION; the other side is the rest). Numbers are binary-encoded, so both
are only weakly NP-hard: the DP decider is pseudo-polynomial.

>>> s = SubsetSum((3, 5, 8, 2), 10)
>>> s.verify([1, 3, 0]), s.verify([2, 2]), s.verify([2])
(True, False, False)
>>> p = Partition((3, 1, 1, 2, 2, 1))
>>> p.target, p.verify([0, 3]), p.verify([0, 1])
(5, True, False)
>>> SubsetSum((1, -2), 1)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: number a_1 = -2 is not a non-negative integer
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.validation import MAX_VERTICES

__all__ = ["MAX_NUMBERS", "MAX_NUMBER_BITS", "Partition", "SubsetSum", "check_file_integers", "check_numbers",
           "subset_of"]

# how many numbers an instance may hold: as many as a graph's vertices (the deciders and the
# drawing are built per number; no decider goes near it)
MAX_NUMBERS = MAX_VERTICES
# the bits of a number held in memory: 3-SAT -> SUBSET SUM writes n + m decimal digits, past the
# files' MAX_INTEGER (2^62, 18 digits) from n + m = 19 on; such instances live in memory (and in
# DIMACS), a file holds numbers up to MAX_INTEGER only (the file model refuses the rest)
MAX_NUMBER_BITS = 4096


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_numbers(numbers: tuple[int, ...]) -> None:
    """Refuses a list longer than MAX_NUMBERS or a number outside 0..MAX_INTEGER, naming it."""
    if len(numbers) > MAX_NUMBERS:
        raise InvalidInstance(f"{len(numbers)} numbers exceed the limit {MAX_NUMBERS} (MAX_NUMBERS)")
    for i, a in enumerate(numbers):
        if not _is_int(a) or a < 0:
            raise InvalidInstance(f"number a_{i} = {a!r} is not a non-negative integer")
        if a.bit_length() > MAX_NUMBER_BITS:
            raise InvalidInstance(f"number a_{i} has {a.bit_length()} bits, beyond the limit {MAX_NUMBER_BITS} "
                                  f"(MAX_NUMBER_BITS)")


def check_file_integers(values: tuple[int, ...]) -> None:
    """Refuses to write a file that could not be read back: integers beyond MAX_INTEGER."""
    from npw.instances.validation import MAX_INTEGER

    if any(v > MAX_INTEGER for v in values):
        raise InvalidInstance(f"a number beyond {MAX_INTEGER} (MAX_INTEGER) cannot be written to a file; "
                              f"this instance lives in memory only (its DIMACS encoding can be written)")


def subset_of(certificate: Any, count: int) -> tuple[int, ...] | None:
    """The certificate as distinct indices in 0..count-1, or None if it is not one."""
    try:
        chosen = tuple(int(i) for i in certificate)
    except (TypeError, ValueError):
        return None
    if len(set(chosen)) != len(chosen) or any(not 0 <= i < count for i in chosen):
        return None
    return chosen


@dataclass(frozen=True)
class SubsetSum:
    """Is there a subset of ``numbers`` summing to exactly ``target``?

    Parameters
    ----------
    numbers : sequence of int
        Non-negative integers.
    target : int
        The sum wanted.

    Examples
    --------
    A certificate is the chosen numbers' indices:

    >>> from npw.api import SubsetSum
    >>> numbers = SubsetSum((3, 5, 7), 12)
    >>> numbers.verify((1, 2)), numbers.verify((0, 1))
    (True, False)
    """

    problem = "subsetsum"
    numbers: tuple[int, ...]
    target: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(self.numbers))
        self.validate()

    def validate(self) -> None:
        check_numbers(self.numbers)
        if not _is_int(self.target) or self.target < 0:
            raise InvalidInstance(f"target {self.target!r} is not a non-negative integer")
        if self.target.bit_length() > MAX_NUMBER_BITS:
            raise InvalidInstance(f"the target has {self.target.bit_length()} bits, beyond the limit "
                                  f"{MAX_NUMBER_BITS} (MAX_NUMBER_BITS)")

    def verify(self, certificate: Any) -> bool:
        chosen = subset_of(certificate, len(self.numbers))
        return chosen is not None and sum(self.numbers[i] for i in chosen) == self.target

    def size(self) -> dict[str, int]:
        return {"numbers": len(self.numbers), "target": self.target, "bits": self.target.bit_length()}

    def to_dict(self) -> dict:
        check_file_integers(self.numbers + (self.target,))
        return {"problem": self.problem, "version": 1, "target": self.target, "numbers": list(self.numbers)}

    @staticmethod
    def from_dict(data: dict) -> "SubsetSum":
        from npw.instances.validation import checked

        model = checked(data, "subsetsum")
        return SubsetSum(tuple(model.numbers), model.target)

    @staticmethod
    def certificate_to_json(certificate: Any) -> list[int]:
        return [int(i) for i in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import IndexListCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, IndexListCertificate, "a certificate is a list of number indices"))


@dataclass(frozen=True)
class Partition:
    """Can ``numbers`` be split into two sides of equal sum? (The target is half the total.)

    Parameters
    ----------
    numbers : sequence of int
        Non-negative integers.

    Examples
    --------
    A certificate is the indices of one side:

    >>> from npw.api import Partition
    >>> numbers = Partition((1, 2, 3))
    >>> numbers.verify((0, 1)), numbers.verify((0,)), numbers.target
    (True, False, 3)
    """

    problem = "partition"
    numbers: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(self.numbers))
        self.validate()

    @property
    def total(self) -> int:
        return sum(self.numbers)

    @property
    def target(self) -> int:
        """Half the total, rounded down (an odd total has no partition)."""
        return self.total // 2

    def validate(self) -> None:
        check_numbers(self.numbers)

    def verify(self, certificate: Any) -> bool:
        chosen = subset_of(certificate, len(self.numbers))
        return chosen is not None and 2 * sum(self.numbers[i] for i in chosen) == self.total

    def size(self) -> dict[str, int]:
        return {"numbers": len(self.numbers), "total": self.total, "bits": self.total.bit_length()}

    def to_dict(self) -> dict:
        check_file_integers(self.numbers)
        return {"problem": self.problem, "version": 1, "numbers": list(self.numbers)}

    @staticmethod
    def from_dict(data: dict) -> "Partition":
        from npw.instances.validation import checked

        return Partition(tuple(checked(data, "partition").numbers))

    certificate_to_json = staticmethod(SubsetSum.certificate_to_json)
    certificate_from_json = staticmethod(SubsetSum.certificate_from_json)
