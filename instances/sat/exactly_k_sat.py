"""Formulas whose clauses all have the same width w and need exactly k true literals.

Shared by 1-in-3-SAT (w = 3, k = 1) and 2/2/4-SAT (w = 4, k = 2); their storage, files and
checks (:class:`FixedWidthSat`) also by NAE-3-SAT and NAE-4-SAT (between 1 and w - 1 true). Literals are
DIMACS integers: ``+v`` is variable v, ``-v`` its negation, ``1 <= v <= num_vars``.
A clause is a *sequence* of w literals; a literal may repeat and a variable may
occur in both signs, and "exactly k true" counts occurrences (so the clause
``(x, x, y)`` of 1-in-3-SAT is satisfied by x false, y true).

Clauses are stored as a read-only ``numpy`` array of shape (m, w): the
reductions build instances with millions of clauses, which as Python tuples
would cost about ten times the memory and time.

A certificate is an assignment: a tuple of ``num_vars`` booleans, entry i-1 the
value of variable i. JSON: a list of ``true``/``false``.

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> f = OneInThreeSat(2, [(1, 1, 2)])
>>> f.verify((False, True)), f.verify((True, False))  # x1 true counts twice
(True, False)
>>> f.to_dict()
{'problem': '1in3sat', 'version': 1, 'num_vars': 2, 'clauses': [[1, 1, 2]]}
>>> OneInThreeSat.from_dict(f.to_dict()) == f
True
>>> OneInThreeSat(1, [(1, 2, 3)])
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: clause c1 literal 2 is 2: literals are +-v with 1 <= v <= 1
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance
from npw.instances.elements import sat_elements
from npw.instances.lazy import lazy_import

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["Assignment", "ExactlyKSat", "FixedWidthSat", "as_clause_array", "clause_count", "compact_variables",
           "format_literal", "is_assignment", "smaller_clause_lists", "true_counts"]

Assignment = tuple[bool, ...]


def as_clause_array(clauses: Any, width: int) -> np.ndarray:
    """Converts a nested sequence (or array) of literals to a read-only (m, width) int64 array."""
    if isinstance(clauses, np.ndarray) and clauses.dtype == np.int64 and not clauses.flags.writeable:
        array = clauses  # already immutable: share it (reductions hand over millions of clauses)
    elif isinstance(clauses, np.ndarray):
        array = np.array(clauses, dtype=np.int64, copy=True)
    else:
        rows = [tuple(c) for c in clauses]
        for index, row in enumerate(rows, 1):
            if len(row) != width:
                raise InvalidInstance(f"clause c{index} has {len(row)} literals; this problem needs exactly {width}")
            for literal in row:
                if not isinstance(literal, (int, np.integer)) or isinstance(literal, bool):
                    raise InvalidInstance(f"clause c{index} holds {literal!r}, not an integer literal")
        array = np.array(rows, dtype=np.int64).reshape(len(rows), width)
    if array.ndim != 2 or array.shape[1] != width:
        raise InvalidInstance(f"clauses must have exactly {width} literals each (got shape {array.shape})")
    array.setflags(write=False)
    return array


def _checked_rows(rows: list, width: int) -> Any:
    """The clauses of a checked file model (every literal a Python int, not a bool: the model
    is strict) as a read-only array in one numpy call; ``rows`` itself when they are not all
    ``width`` long, so that :func:`as_clause_array` names the first wrong clause."""
    try:
        array = np.array(rows, dtype=np.int64)
    except (ValueError, OverflowError):  # ragged rows (or a number past int64: the model bounds them)
        return rows
    if array.ndim != 2 or array.shape[1] != width:
        return rows if len(rows) else np.zeros((0, width), dtype=np.int64)
    array.setflags(write=False)
    return array


def true_counts(clauses: np.ndarray, assignment: Sequence[bool],
                literals: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Number of true literal occurrences in each clause under ``assignment``; ``literals``:
    the clauses' variables and which are negated, where the caller keeps them (see
    :meth:`ExactlyKSat.verify`)."""
    variables, negated = (np.abs(clauses), clauses < 0) if literals is None else literals
    values = np.zeros(len(assignment) + 1, dtype=bool)
    values[1:] = assignment
    literal_true = values[variables]
    literal_true ^= negated
    return literal_true.sum(axis=1)


@functools.cache
def _booleans() -> frozenset[type]:
    """Python's and numpy's booleans (neither can be subclassed: a value's type is the test);
    a function, so that numpy is imported at first use."""
    return frozenset((bool, np.bool_))


def is_assignment(certificate: Any, num_vars: int) -> bool:
    """A tuple or list of ``num_vars`` booleans (Python's or numpy's).

    >>> is_assignment((True, np.False_), 2), is_assignment([True, 1], 2), is_assignment((True,), 2)
    (True, False, False)
    """
    return (
        isinstance(certificate, (tuple, list))
        and len(certificate) == num_vars
        and _booleans().issuperset(map(type, certificate))
    )


@dataclass(frozen=True, eq=False, init=False)
class FixedWidthSat:
    """Base class: ``num_vars`` variables, clauses of WIDTH literals as a read-only array; a
    subclass says which numbers of true literals satisfy a clause (:meth:`clauses_hold`)."""

    problem: ClassVar[str] = ""
    WIDTH: ClassVar[int] = 0

    num_vars: int
    clauses: np.ndarray  # always a read-only (m, WIDTH) int64 array

    # written out (init=False) so that the constructor's type says what it accepts: any
    # sequence of clauses, or an array, while the stored field is always the array
    def __init__(self, num_vars: int, clauses: np.ndarray | Sequence[Sequence[int]]) -> None:
        object.__setattr__(self, "num_vars", num_vars)
        object.__setattr__(self, "clauses", as_clause_array(clauses, self.WIDTH))
        self.validate()

    # -- the contract -------------------------------------------------------------------
    def validate(self) -> None:
        if not isinstance(self.num_vars, (int, np.integer)) or isinstance(self.num_vars, bool) or self.num_vars < 0:
            raise InvalidInstance(f"num_vars must be a non-negative integer, not {self.num_vars!r}")
        if self.clauses.size:
            magnitude = np.abs(self.clauses)
            if magnitude.min() > 0 and magnitude.max() <= self.num_vars:
                return
            bad = np.argwhere((magnitude == 0) | (magnitude > self.num_vars))
            if len(bad):
                row, col = bad[0]
                literal = int(self.clauses[row, col])
                raise InvalidInstance(
                    f"clause c{row + 1} literal {col + 1} is {literal}: literals are +-v with 1 <= v <= {self.num_vars}"
                )

    def clauses_hold(self, counts: np.ndarray) -> np.ndarray:
        """Which clauses hold, from their numbers of true literal occurrences."""
        raise NotImplementedError

    def verify(self, certificate: Any) -> bool:
        if not is_assignment(certificate, self.num_vars):
            return False
        return bool(self.clauses_hold(true_counts(self.clauses, certificate, self._literals)).all())

    @functools.cached_property
    def _literals(self) -> tuple[np.ndarray, np.ndarray]:
        """The clauses' variables and which literals are negated: a verifier checks a dozen
        certificates of one instance (the clause array is read-only, so these stay right)."""
        return np.abs(self.clauses), self.clauses < 0

    def size(self) -> dict[str, int]:
        return {"variables": int(self.num_vars), "clauses": int(self.clauses.shape[0])}

    def to_dict(self) -> dict:
        return {
            "problem": self.problem,
            "version": FORMAT_VERSION,
            "num_vars": int(self.num_vars),
            "clauses": self.clauses.tolist(),
        }

    def to_document(self) -> dict:
        """:meth:`to_dict` with the clauses left as the array: the same JSON once written by
        :func:`npw.instances.io.json_chunks`, without a Python list per clause (a target of
        millions of clauses: gigabytes and seconds).

        >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
        >>> from npw.instances.base import dumps
        >>> from npw.instances.io import json_chunks
        >>> f = OneInThreeSat(2, [(1, -2, 2)])
        >>> b"".join(json_chunks(f.to_document())).decode() == dumps(f.to_dict())
        True
        """
        return {"problem": self.problem, "version": FORMAT_VERSION, "num_vars": int(self.num_vars),
                "clauses": self.clauses}

    def check_readable(self) -> None:
        """Refuses (InvalidInstance, the message reading the file back would give) an instance
        npw would not read back: checked on the array, without the round trip through a dict
        that ``npw reduce`` made before writing (4 s for 10^6 source clauses). The literals are
        within +-num_vars already (:meth:`validate`), so the file model's one limit left is
        num_vars's.

        >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
        >>> OneInThreeSat(10 ** 8, []).check_readable()
        Traceback (most recent call last):
            ...
        npw.instances.base.InvalidInstance: num_vars 100000000 exceeds the limit 10000000
        """
        from npw.instances.base import MAX_VARIABLES

        if self.num_vars > MAX_VARIABLES:
            raise InvalidInstance(f"num_vars {self.num_vars} exceeds the limit {MAX_VARIABLES}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]):
        from npw.instances.validation import checked

        model = checked(data, cls.problem)
        return cls(model.num_vars, _checked_rows(model.clauses, cls.WIDTH))

    @staticmethod
    def certificate_to_json(certificate: Assignment) -> list[bool]:
        return [bool(v) for v in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> Assignment:
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, list[bool], "an assignment is a list of true/false values"))

    # -- conveniences -------------------------------------------------------------------
    @property
    def num_clauses(self) -> int:
        return int(self.clauses.shape[0])

    def clause_list(self) -> list[list[int]]:
        return self.clauses.tolist()

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.num_vars == other.num_vars  # type: ignore[attr-defined]
            and np.array_equal(self.clauses, other.clauses)  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return hash((self.problem, int(self.num_vars), self.clauses.tobytes()))

    def __repr__(self) -> str:
        shown = self.clauses[:4].tolist()
        more = "" if self.num_clauses <= 4 else f", ... {self.num_clauses} clauses"
        return f"{type(self).__name__}(num_vars={self.num_vars}, clauses={shown}{more})"


class ExactlyKSat(FixedWidthSat):
    """Base class: ``num_vars`` variables, clauses of WIDTH literals, exactly TRUE_PER_CLAUSE true."""

    TRUE_PER_CLAUSE: ClassVar[int] = 0

    def clauses_hold(self, counts: np.ndarray) -> np.ndarray:
        return counts == self.TRUE_PER_CLAUSE


def format_literal(literal: int) -> str:
    return f"~x{-literal}" if literal < 0 else f"x{literal}"


def compact_variables(clauses: list[list[int]]) -> tuple[int, list[list[int]]]:
    """Renumbers the variables that occur to 1..r in order of first occurrence."""
    mapping: dict[int, int] = {}
    for clause in clauses:
        for literal in clause:
            mapping.setdefault(abs(literal), len(mapping) + 1)
    renamed = [[mapping[abs(l)] * (1 if l > 0 else -1) for l in clause] for clause in clauses]
    return len(mapping), renamed


def smaller_clause_lists(clauses: list[list[int]]) -> Iterator[tuple[int, list[list[int]]]]:
    """Shrinking steps that keep every clause's width: drop one clause; merge one variable
    into another. Each result is compacted to variables 1..r: (r, clauses)."""
    for index in range(len(clauses)):
        yield compact_variables(clauses[:index] + clauses[index + 1 :])
    variables = sorted({abs(l) for c in clauses for l in c})
    for a, b in itertools.permutations(variables, 2):
        merged = [[(b if abs(l) == a else abs(l)) * (1 if l > 0 else -1) for l in c] for c in clauses]
        yield compact_variables(merged)


def clause_count(num_vars: int, ratio: float | None, num_clauses: int | None) -> int:
    """How many clauses a random generator draws: ``num_clauses`` where given, else ``ratio``
    times the variables (at least one).

    Parameters
    ----------
    num_vars : int
        The formula's variables.
    ratio : float or None
        Clauses per variable, used where ``num_clauses`` is None.
    num_clauses : int or None
        The count itself.

    Returns
    -------
    int
        The count; InvalidInstance for a negative one or neither given.

    Examples
    --------
    >>> clause_count(10, 4.2, None), clause_count(10, None, 7)
    (42, 7)
    """
    if num_clauses is not None:
        if num_clauses < 0:
            raise InvalidInstance("num_clauses must be >= 0")
        return num_clauses
    if ratio is None or ratio < 0:
        raise InvalidInstance("give num_clauses or a non-negative ratio")
    return max(1, round(ratio * num_vars))


# what the records of the SAT family (cnf, 3sat, 1in3sat, 224sat) share: SAT first, then the brute
# force and SMT; drawn by the SAT renderer, its elements the variables and clauses
SAT_FAMILY_FIELDS: dict[str, Any] = {
    "deciders": ("sat", "brute", "smt"),
    "renderer": "npw.instances.sat.render:render_svg",
    "elements": sat_elements,
}
