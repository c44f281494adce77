"""SET COVER (Karp 1972's SET COVERING; Garey & Johnson [SP5] "minimum cover"): a universe
``{0, ..., universe-1}``, a family of subsets of it, and a bound k: do k or fewer of the subsets
cover every element?

Each subset lists distinct elements (stored sorted; an empty subset is allowed and useless); the
family is a set, so a subset listed twice is refused, as in X3C. 0 <= k <= the number of subsets
(beyond it the answer is fixed). A certificate is a list of distinct 0-based indices into the
family, at most k of them, whose union is the universe.

The module holds the problem's pieces: the model, seeded generators (random, planted-yes,
certified-no), the exhaustive enumeration up to isomorphism, shrinking and the drawing (a
membership matrix: a row ``data-el="set:J"`` per subset, a column ``data-el="element:I"`` per
element).

>>> c = SetCover(4, ((0, 1), (1, 2, 3), (3,)), 2)
>>> c.verify([0, 1]), c.verify([0, 2]), c.verify([1])
(True, False, False)
"""

from __future__ import annotations

import itertools
import random as _random
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.sets.model import chosen_indices
from npw.instances.validation import MAX_VERTICES
from npw.instances.elements import setcover_elements

__all__ = ["MAX_ENUMERATION_SIZE", "MAX_MEMBERSHIPS", "MAX_SETS", "MAX_UNIVERSE", "PROBLEM", "SetCover",
           "certain_no_reason", "certified_no", "enumerate_instances", "no_witness", "planted", "planted_solution",
           "random_instance", "shrink", "verification_sample"]

MAX_UNIVERSE = MAX_VERTICES
"""The most elements (the drawing and the deciders are built per element)."""
MAX_SETS = MAX_VERTICES
"""The most subsets in the family."""
MAX_MEMBERSHIPS = 2_000_000
"""The most (element, subset) memberships, the sum of the subsets' sizes: the SAT encoding
writes one literal per membership."""
MAX_ENUMERATION_SIZE = 8
"""The largest universe + number of subsets of the exhaustive stream: size 8 is 1,522 instances
(every k), about 4 s of canonical forms (each family tried under every renaming of the elements)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SetCover:
    """A universe of ``universe`` elements, a family ``sets`` of distinct subsets, a bound ``k``.

    Is there a cover of the universe by at most ``k`` of the sets?

    Parameters
    ----------
    universe : int
        The elements are 0..universe-1.
    sets : sequence of sequence of int
        The family of distinct subsets.
    k : int
        The most sets chosen.

    Examples
    --------
    A certificate is the chosen sets' indices:

    >>> from npw.api import SetCover
    >>> family = SetCover(4, [(0, 1), (2, 3), (1, 2)], 2)
    >>> family.verify((0, 1)), family.verify((0, 2))
    (True, False)
    """

    universe: int
    sets: tuple[tuple[int, ...], ...]
    k: int
    problem = "setcover"

    def __post_init__(self) -> None:
        try:
            family = tuple(tuple(sorted(s)) for s in self.sets)
        except TypeError:
            raise InvalidInstance("sets must be lists of element numbers") from None
        object.__setattr__(self, "sets", family)
        self.validate()

    def validate(self) -> None:
        from npw.instances.validation import check_size

        u = self.universe
        if not _is_int(u) or u < 0:
            raise InvalidInstance(f"universe must be a non-negative integer, got {u!r}")
        check_size("universe", u, MAX_UNIVERSE, "MAX_UNIVERSE")
        check_size("sets", len(self.sets), MAX_SETS, "MAX_SETS")
        check_size("memberships", sum(len(s) for s in self.sets), MAX_MEMBERSHIPS, "MAX_MEMBERSHIPS")
        if not _is_int(self.k) or not 0 <= self.k <= len(self.sets):
            raise InvalidInstance(f"k = {self.k!r} is not a number 0..{len(self.sets)} (0 <= k <= number of sets)")
        seen: dict[tuple[int, ...], int] = {}
        for j, subset in enumerate(self.sets):
            for e in subset:
                if not _is_int(e) or not 0 <= e < u:
                    raise InvalidInstance(f"set s{j} names element {e!r}, outside 0..{u - 1}")
            if len(set(subset)) != len(subset):
                raise InvalidInstance(f"set s{j} = {list(subset)} repeats an element")
            if subset in seen:
                raise InvalidInstance(f"set s{j} = {list(subset)} repeats set s{seen[subset]}; the family is a set")
            seen[subset] = j

    def chosen(self, certificate: Any) -> tuple[int, ...] | None:
        """The certificate as distinct indices of sets (booleans are not indices), or None."""
        return chosen_indices(certificate, len(self.sets))

    def covers(self, chosen: Iterable[int]) -> bool:
        covered = set()
        for j in chosen:
            covered.update(self.sets[j])
        return len(covered) == self.universe

    def verify(self, certificate: Any) -> bool:
        """At most k distinct sets whose union is the universe."""
        chosen = self.chosen(certificate)
        return chosen is not None and len(chosen) <= self.k and self.covers(chosen)

    def size(self) -> dict[str, int]:
        return {"universe": self.universe, "sets": len(self.sets), "k": self.k}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": FORMAT_VERSION, "universe": self.universe,
                "sets": [list(s) for s in self.sets], "k": self.k}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "SetCover":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)
        return cls(model.universe, tuple(tuple(s) for s in model.sets), model.k)

    @staticmethod
    def certificate_to_json(certificate: Iterable[int]) -> list[int]:
        return sorted(int(j) for j in certificate)

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        from npw.instances.models import IndexListCertificate
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, IndexListCertificate, "a certificate is a list of set indices"))

    def with_bound(self, k: int) -> "SetCover":
        return SetCover(self.universe, self.sets, k)


# -- generators ----------------------------------------------------------------------------------

def _check(universe: int, num_sets: int) -> None:
    from npw.instances.validation import check_size

    if universe < 0 or num_sets < 0:
        raise InvalidInstance("universe and num_sets must be non-negative")
    check_size("universe", universe, MAX_UNIVERSE, "MAX_UNIVERSE")
    check_size("num_sets", num_sets, MAX_SETS, "MAX_SETS")
    check_size("memberships", universe * num_sets, MAX_MEMBERSHIPS, "MAX_MEMBERSHIPS")


def _family(rng: _random.Random, sets: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    """Distinct subsets in a random order (a repeat dropped)."""
    unique = list(dict.fromkeys(tuple(sorted(s)) for s in sets))
    rng.shuffle(unique)
    return tuple(unique)


def _bound(rng: _random.Random, k: int | None, low: int, high: int) -> int:
    if k is None:
        return rng.randint(low, max(low, high))
    if not low <= k <= high:
        raise InvalidInstance(f"k = {k} must lie in {low}..{high} for this generator")
    return k


@takes(
    universe=Param(0, MAX_VERTICES, help="elements"),
    num_sets=Param(0, MAX_VERTICES, help="sets drawn"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="chance an element is in a set"),
)
def random_instance(seed: int, universe: int = 8, num_sets: int = 6, k: int | None = None,
                    p: float = 0.35) -> SetCover:
    """``num_sets`` random subsets (each element in each with probability p; repeats dropped) and
    k drawn from 0..the number of sets if not given."""
    _check(universe, num_sets)
    if not 0.0 <= p <= 1.0:
        raise InvalidInstance(f"p = {p} is not a probability 0..1")
    rng = _random.Random(seed)
    family = _family(rng, ([e for e in range(universe) if rng.random() < p] for _ in range(num_sets)))
    return SetCover(universe, family, _bound(rng, k, 0, len(family)))


def _planted(seed: int, universe: int, num_sets: int, k: int | None, p: float
             ) -> tuple[SetCover, tuple[int, ...]]:
    _check(universe, num_sets)
    rng = _random.Random(seed)
    low = 1 if universe else 0
    k = _bound(rng, k, low, min(universe, num_sets) if universe else num_sets)
    # the universe split into k non-empty parts at random: the planted cover
    order = rng.sample(range(universe), universe)
    cuts = sorted(rng.sample(range(1, universe), k - 1)) if k > 1 else []
    parts = [order[a:b] for a, b in zip([0] + cuts, cuts + [universe])] if k else []
    others = [[e for e in range(universe) if rng.random() < p] for _ in range(max(0, num_sets - k))]
    family = _family(rng, parts + others)
    planted = {tuple(sorted(part)) for part in parts}
    solution = tuple(j for j, s in enumerate(family) if s in planted)
    return SetCover(universe, family, k), solution


@takes(
    universe=Param(0, MAX_VERTICES, help="elements"),
    num_sets=Param(0, MAX_VERTICES, help="sets drawn"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="chance an element is in a set"),
)
def planted(seed: int, universe: int = 8, num_sets: int = 6, k: int | None = None, p: float = 0.35) -> SetCover:
    """A yes-instance: the universe split into k parts (the cover), with random other sets."""
    return _planted(seed, universe, num_sets, k, p)[0]


def planted_solution(seed: int, universe: int = 8, num_sets: int = 6, k: int | None = None,
                     p: float = 0.35) -> tuple[int, ...]:
    """The cover :func:`planted` planted with the same seed and parameters."""
    return _planted(seed, universe, num_sets, k, p)[1]


def _certified_no(seed: int, universe: int, num_sets: int, k: int | None, p: float) -> tuple[SetCover, tuple[int, ...]]:
    _check(universe, num_sets)
    rng = _random.Random(seed)
    if universe < 1 or num_sets < 1:
        raise InvalidInstance("a certified-no setcover instance needs at least 1 element and 1 set")
    k = _bound(rng, k, 0, min(universe, num_sets) - 1)
    # k + 1 elements no set holds two of (each needs a set of its own); every element in some set
    apart = sorted(rng.sample(range(universe), k + 1))
    rest = [e for e in range(universe) if e not in apart]
    sets = []
    for j in range(num_sets):
        own = [apart[j % len(apart)]] if rng.random() < 0.8 or j < len(apart) else []
        sets.append(own + [e for e in rest if rng.random() < p])
    for e in rest:  # an element no set holds would be a second, too easy, reason for no
        if not any(e in s for s in sets):
            rng.choice(sets).append(e)
    family = _family(rng, sets)
    return SetCover(universe, family, min(k, len(family))), tuple(apart)


@takes(
    universe=Param(0, MAX_VERTICES, help="elements"),
    num_sets=Param(0, MAX_VERTICES, help="sets drawn"),
    k=Param(0, help="the bound (default: drawn from the seed)"),
    p=Param(0.0, 1.0, help="chance an element is in a set"),
)
def certified_no(seed: int, universe: int = 8, num_sets: int = 6, k: int | None = None, p: float = 0.35) -> SetCover:
    """A no-instance: k + 1 elements, no set holding two of them (:func:`no_witness`)."""
    return _certified_no(seed, universe, num_sets, k, p)[0]


def no_witness(seed: int, universe: int = 8, num_sets: int = 6, k: int | None = None, p: float = 0.35
               ) -> tuple[int, ...]:
    """The k + 1 elements :func:`certified_no` kept apart, with the same seed and parameters."""
    return _certified_no(seed, universe, num_sets, k, p)[1]


def certain_no_reason(instance: SetCover, apart: Sequence[int]) -> str | None:
    """Why ``apart`` proves ``instance`` a no-instance (more than k elements, no set holding two
    of them), or None if it proves nothing.

    >>> c = SetCover(3, ((0,), (1,), (2,), (1, 2)), 1)
    >>> certain_no_reason(c, [0, 1])
    'elements [0, 1]: no set holds two of them, so every cover has at least 2 sets'
    >>> certain_no_reason(c, [1, 2]) is None
    True
    """
    apart = sorted(set(int(e) for e in apart))
    if len(apart) <= instance.k or not all(0 <= e < instance.universe for e in apart):
        return None
    if any(len(set(s) & set(apart)) > 1 for s in instance.sets):
        return None
    return f"elements {apart}: no set holds two of them, so every cover has at least {len(apart)} sets"


def verification_sample(seed: int) -> SetCover:
    """1-8 elements, 1-7 sets, any k: small for the search, both answers common."""
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(1, 8), rng.randint(1, 7), None, rng.uniform(0.2, 0.6))


# -- enumeration and shrinking -------------------------------------------------------------------

def _canonical(universe: int, family: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    return min(tuple(sorted(tuple(sorted(perm[e] for e in s)) for s in family))
               for perm in itertools.permutations(range(universe)))


def enumerate_instances(max_size: int) -> Iterator[SetCover]:
    """Every instance with universe + number of sets <= max_size (max 8; the universe at least
    1), the sets distinct and non-empty, up to renaming the elements and reordering the sets,
    each with every k = 0..number of sets.

    >>> sum(1 for _ in enumerate_instances(3))  # no sets (1 + 1 elements: k = 0), {0} on 1, {0} or {0,1} on 2
    9
    """
    if max_size > MAX_ENUMERATION_SIZE:
        raise InvalidInstance(f"exhaustive setcover instances go up to size {MAX_ENUMERATION_SIZE} "
                              f"(MAX_ENUMERATION_SIZE), not {max_size}")
    for universe in range(1, max_size + 1):
        subsets = [s for size in range(1, universe + 1) for s in itertools.combinations(range(universe), size)]
        for m in range(0, max_size - universe + 1):
            seen = set()
            for family in itertools.combinations(subsets, m):
                form = _canonical(universe, family)
                if form in seen:
                    continue
                seen.add(form)
                for k in range(m + 1):
                    yield SetCover(universe, form, k)


def shrink(instance: SetCover) -> Iterator[SetCover]:
    """Drop one set (k lowered to fit), drop one element (renumbered; a set that becomes a repeat
    or empty is dropped, k lowered to fit), or lower k.

    >>> [(c.universe, c.sets, c.k) for c in shrink(SetCover(2, ((0,), (0, 1)), 1))]
    [(2, ((0, 1),), 1), (2, ((0,),), 1), (1, ((0,),), 1), (1, ((0,),), 1), (2, ((0,), (0, 1)), 0)]
    """
    sets, k = instance.sets, instance.k
    for j in range(len(sets)):
        rest = sets[:j] + sets[j + 1:]
        yield SetCover(instance.universe, rest, min(k, len(rest)))
    for e in range(instance.universe):
        family = tuple(dict.fromkeys(t for t in (tuple(x - (x > e) for x in s if x != e) for s in sets) if t))
        yield SetCover(instance.universe - 1, family, min(k, len(family)))
    if k > 0:
        yield instance.with_bound(k - 1)


PROBLEM = Problem.of_module(
    globals(),
    id="setcover",
    title="Set cover (SP5): k or fewer of the sets covering the universe",
    instance_type=SetCover,
    certificate_doc="the cover: a list of at most k distinct 0-based set indices whose union is the universe",
    generators={"random": random_instance, "planted": planted, "certified-no": certified_no},
    default_generator="random",
    verify_deciders=("search", "sat"),
    # a target's NO is the search's word; the SAT encoding confirms it
    confirm_no_deciders=("sat",),
    planted_certificates={"planted": planted_solution},
    deciders=("search", "sat"),
    renderer="npw.instances.sets.render:render_setcover",
    elements=setcover_elements,
    file_model="npw.instances.models:SetCoverFile",
)
