"""3-DIMENSIONAL MATCHING (Garey & Johnson [SP1]) and EXACT COVER BY 3-SETS ([SP2]): both ask for
q pairwise disjoint 3-sets out of a given family covering a universe of 3q elements.

* ``ThreeDM(q, triples)``: W = X = Y = {0, ..., q-1}, triples (w, x, y) in W x X x Y; a
  matching is q triples agreeing in no coordinate.
* ``X3C(q, sets)``: the universe {0, ..., 3q-1}, each set three distinct elements (stored
  sorted); an exact cover is q disjoint sets.

The family is a set: a triple (a 3-set) listed twice is refused. A certificate is a list of
distinct 0-based indices into the family (the chosen triples or sets). 3DM is X3C on the
disjoint union W + X + Y (:meth:`ThreeDM.universe_sets`), which is what the shared checker
:func:`exact_cover` and the shared search decider use.

>>> m = ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1)))
>>> m.verify([0, 1]), m.verify([1, 2]), m.verify([0])
(True, False, False)
>>> ThreeDM(2, ((0, 0, 2),))
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: triple t0 = (0, 0, 2): coordinate 2 outside 0..1
>>> x = X3C(2, ((2, 1, 0), (3, 4, 5), (2, 3, 4)))
>>> x.sets[0], x.verify([1, 0]), x.verify([0, 2])
((0, 1, 2), True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.validation import MAX_VERTICES

__all__ = ["MAX_Q", "MAX_TRIPLES", "ThreeDM", "X3C", "as_family", "chosen_indices", "exact_cover"]

# q, the elements of each of W, X, Y (3DM) and a third of the universe (X3C): the search and the
# drawing are built per element (no decider goes near it)
MAX_Q = MAX_VERTICES
# triples (sets) in one instance: 3-SAT -> 3DM builds 2mn + 3m + 2m^2 n(n-1) (a million at 6
# variables and 130 clauses); in memory a triple costs about 100 bytes, and the SAT encoding
# about 10 clauses, so the encoding limit (5 million clauses) refuses well before this
MAX_TRIPLES = 2_000_000


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def chosen_indices(certificate: Any, count: int) -> tuple[int, ...] | None:
    """The certificate as distinct indices in 0..count-1 (booleans are not indices), or None.

    >>> chosen_indices([2, 0], 3), chosen_indices([1, 1], 3), chosen_indices([True], 3), chosen_indices(5, 3)
    ((2, 0), None, None, None)
    """
    try:
        chosen = tuple(certificate)
    except TypeError:
        return None
    if not all(_is_int(i) and 0 <= i < count for i in chosen) or len(set(chosen)) != len(chosen):
        return None
    return chosen


def exact_cover(universe_size: int, sets: Sequence[Sequence[int]], certificate: Any) -> bool:
    """Whether ``certificate`` picks distinct sets (by index) covering 0..universe_size-1, each
    element exactly once: the one checker of both problems (from the definition, no solver).

    >>> exact_cover(3, [(0, 1, 2), (0, 1, 2)], [0]), exact_cover(3, [(0, 1, 2)], [0, 0])
    (True, False)
    """
    chosen = chosen_indices(certificate, len(sets))
    if chosen is None:
        return False
    covered = [e for i in chosen for e in sets[i]]
    return len(covered) == universe_size and set(covered) == set(range(universe_size))


def _check_family(q: int, family: tuple[tuple[int, ...], ...], name: str, what: str) -> None:
    if not _is_int(q) or q < 0:
        raise InvalidInstance(f"q = {q!r} is not a non-negative integer")
    if q > MAX_Q:
        raise InvalidInstance(f"q = {q} exceeds the limit {MAX_Q} (MAX_Q)")
    if len(family) > MAX_TRIPLES:
        raise InvalidInstance(f"{len(family)} {what} exceed the limit {MAX_TRIPLES} (MAX_TRIPLES)")
    seen: dict[tuple[int, ...], int] = {}
    for index, item in enumerate(family):
        if len(item) != 3 or not all(_is_int(v) for v in item):
            raise InvalidInstance(f"{name}{index} = {item!r} is not three integers")
        if item in seen:
            raise InvalidInstance(f"{name}{index} = {item} occurs twice (also {name}{seen[item]})")
        seen[item] = index


def as_family(items: Iterable[Iterable[int]], name: str, sort: bool = False) -> tuple[tuple[int, ...], ...]:
    """``items`` as a tuple of tuples (each sorted if ``sort``: a 3-set's order carries no meaning),
    or InvalidInstance naming the first item that is not a list of integers."""
    family = []
    try:
        for index, item in enumerate(items):
            try:
                values = tuple(item)
            except TypeError:
                raise InvalidInstance(f"{name}{index} = {item!r} is not three integers") from None
            if sort and all(_is_int(v) for v in values):
                values = tuple(sorted(values))
            family.append(values)
    except TypeError:
        raise InvalidInstance(f"the {name.strip()}s are not a list") from None
    return tuple(family)


@dataclass(frozen=True)
class ThreeDM:
    """Is there a matching: q triples, pairwise disjoint in each coordinate?

    Parameters
    ----------
    q : int
        Each coordinate ranges over 0..q-1.
    triples : sequence of (int, int, int)
        The triples.

    Examples
    --------
    A certificate is the chosen triples' indices:

    >>> from npw.api import ThreeDM
    >>> triples = ThreeDM(2, [(0, 0, 0), (1, 1, 1), (0, 1, 1)])
    >>> triples.verify((0, 1)), triples.verify((1, 2))
    (True, False)
    """

    problem = "3dm"
    q: int
    triples: tuple[tuple[int, int, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "triples", as_family(self.triples, "triple t"))
        self.validate()

    def validate(self) -> None:
        _check_family(self.q, self.triples, "triple t", "triples")
        for index, triple in enumerate(self.triples):
            for v in triple:
                if not 0 <= v < self.q:
                    raise InvalidInstance(f"triple t{index} = {triple}: coordinate {v} outside 0..{self.q - 1}")

    def universe_sets(self) -> list[tuple[int, int, int]]:
        """The triples as 3-sets of the disjoint union W + X + Y numbered 0..3q-1 (w, q + x, 2q + y).

        >>> ThreeDM(2, ((1, 0, 1),)).universe_sets()
        [(1, 2, 5)]
        """
        q = self.q
        return [(w, q + x, 2 * q + y) for w, x, y in self.triples]

    def verify(self, certificate: Any) -> bool:
        return exact_cover(3 * self.q, self.universe_sets(), certificate)

    def size(self) -> dict[str, int]:
        return {"q": self.q, "triples": len(self.triples)}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "q": self.q, "triples": [list(t) for t in self.triples]}

    @staticmethod
    def from_dict(data: dict) -> "ThreeDM":
        from npw.instances.validation import checked

        model = checked(data, "3dm")
        return ThreeDM(model.q, model.triples)

    @staticmethod
    def certificate_to_json(certificate: Any) -> list[int]:
        return [int(i) for i in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import IndexListCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, IndexListCertificate, "a certificate is a list of triple indices"))


@dataclass(frozen=True)
class X3C:
    """Is there an exact cover: q of the 3-sets, pairwise disjoint, covering 0..3q-1?

    Parameters
    ----------
    q : int
        The universe is 0..3q-1.
    sets : sequence of (int, int, int)
        The 3-sets.

    Examples
    --------
    A certificate is the chosen sets' indices:

    >>> from npw.api import X3C
    >>> family = X3C(2, [(0, 1, 2), (3, 4, 5), (1, 2, 3)])
    >>> family.verify((0, 1)), family.verify((0, 2))
    (True, False)
    """

    problem = "x3c"
    q: int
    sets: tuple[tuple[int, int, int], ...]

    def __post_init__(self) -> None:
        # a set's order carries no meaning: stored sorted, so that equal sets compare equal
        object.__setattr__(self, "sets", as_family(self.sets, "set s", sort=True))
        self.validate()

    @property
    def universe(self) -> int:
        return 3 * self.q

    def validate(self) -> None:
        _check_family(self.q, self.sets, "set s", "sets")
        for index, s in enumerate(self.sets):
            if len(set(s)) != 3:
                raise InvalidInstance(f"set s{index} = {s} has an element twice")
            for v in s:
                if not 0 <= v < self.universe:
                    raise InvalidInstance(f"set s{index} = {s}: element {v} outside 0..{self.universe - 1}")

    def universe_sets(self) -> tuple[tuple[int, int, int], ...]:
        """The sets themselves (the exact-cover form the deciders share with 3DM)."""
        return self.sets

    def verify(self, certificate: Any) -> bool:
        return exact_cover(self.universe, self.sets, certificate)

    def size(self) -> dict[str, int]:
        return {"q": self.q, "sets": len(self.sets)}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "q": self.q, "sets": [list(s) for s in self.sets]}

    @staticmethod
    def from_dict(data: dict) -> "X3C":
        from npw.instances.validation import checked

        model = checked(data, "x3c")
        return X3C(model.q, model.sets)

    certificate_to_json = staticmethod(ThreeDM.certificate_to_json)

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import IndexListCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, IndexListCertificate, "a certificate is a list of set indices"))

