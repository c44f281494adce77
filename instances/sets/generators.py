"""Generators, enumeration up to renaming, shrinking and certificates of no of 3DM and X3C (the
X3C ones prefixed ``x3c_``, each the 3DM one's counterpart on a universe of 3q elements).

* ``random``: ``triples`` distinct triples drawn uniformly from W x X x Y (default 2q);
* ``planted``: yes by construction: a matching (w, pi(w), sigma(w)) for random permutations pi,
  sigma, plus ``extra`` random triples, all in a shuffled order; :func:`planted_solution` gives
  the matching's indices back;
* ``certified-no``: no by a counting argument that the checker :func:`certain_no_reason` verifies
  in linear time from the witness (S, R) of :func:`no_witness`: elements S and R (|R| < |S|) such
  that every triple meets R in at least as many elements as it meets S. A matching covers each
  element of S once, so its triples meeting S would cover at least |S| elements of R. The
  generator takes S in W and R in X (the triples at S go only through R) and still covers every
  element, so no element is missing (the trivial reason).

Elements are numbered in the exact-cover form, W, X, Y as 0..q-1, q..2q-1, 2q..3q-1
(:meth:`~npw.instances.sets.model.ThreeDM.universe_sets`).

>>> m = planted(seed=4, q=5)
>>> m.verify(planted_solution(seed=4, q=5)), len(m.triples)
(True, 10)
>>> no = certified_no(seed=4, q=5)
>>> certain_no_reason(no, no_witness(seed=4, q=5))[:34]
'2 elements of S need 2 of R, has 1'
>>> sum(1 for _ in enumerate_instances(2))  # q <= 3 with at most 2 triples: 1 + 2 + 9 + 9 classes
21
"""

from __future__ import annotations

import functools
import itertools
import random as _random
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.base import Param, takes
from npw.instances.lazy import lazy_import
from npw.instances.sets.model import X3C, ThreeDM

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")

__all__ = ["ENUMERATE_MAX_Q", "X3C_ENUMERATE_MAX_Q", "canonical_families", "canonical_form", "certain_no_reason",
           "certified_no", "enumerate_instances", "no_witness", "planted", "planted_solution", "random_instance",
           "shrink", "verification_sample", "x3c_certified_no", "x3c_enumerate_instances", "x3c_no_witness",
           "x3c_planted", "x3c_planted_solution", "x3c_random", "x3c_shrink", "x3c_verification_sample"]

# the enumeration renames within W, X and Y, (q!)^3 renamings: 216 at q = 3, 13,824 at q = 4
ENUMERATE_MAX_Q = 3
# X3C renames the whole universe, (3q)! renamings: 720 at q = 2, 362,880 at q = 3
X3C_ENUMERATE_MAX_Q = 2


def _check_q(q: int, least: int = 1) -> None:
    if q < least:
        raise InvalidInstance(f"need q >= {least}, not q = {q}")


def _distinct_triples(rng: _random.Random, q: int, count: int, avoid: set[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """``count`` random triples of W x X x Y, distinct and not in ``avoid`` (fewer if there are not
    that many)."""
    free = q ** 3 - len(avoid)
    count = min(count, free)
    found: list[tuple[int, int, int]] = []
    seen = set(avoid)
    if count > free // 2:  # dense: draw from the list of free triples
        pool = [t for t in itertools.product(range(q), repeat=3) if t not in seen]
        return rng.sample(pool, count)
    while len(found) < count:
        t = (rng.randrange(q), rng.randrange(q), rng.randrange(q))
        if t not in seen:
            seen.add(t)
            found.append(t)
    return found


@takes(
    q=Param(1, help="elements per coordinate (a third of the universe)"),
    triples=Param(0, help="triples (default 2q)"),
)
def random_instance(seed: int, q: int = 4, triples: int | None = None) -> ThreeDM:
    _check_q(q, 0)
    rng = _random.Random(seed)
    return ThreeDM(q, tuple(_distinct_triples(rng, q, 2 * q if triples is None else triples, set())))


def _planted(seed: int, q: int, extra: int | None) -> tuple[ThreeDM, tuple[int, ...]]:
    _check_q(q)
    rng = _random.Random(seed)
    xs, ys = list(range(q)), list(range(q))
    rng.shuffle(xs)
    rng.shuffle(ys)
    matching = [(w, xs[w], ys[w]) for w in range(q)]
    triples = matching + _distinct_triples(rng, q, q if extra is None else extra, set(matching))
    order = list(range(len(triples)))
    rng.shuffle(order)  # the matching sits at random positions, not first
    shuffled = tuple(triples[i] for i in order)
    return ThreeDM(q, shuffled), tuple(sorted(order.index(i) for i in range(q)))


@takes(
    q=Param(1, help="elements per coordinate (a third of the universe)"),
    extra=Param(0, help="triples besides the matching"),
)
def planted(seed: int, q: int = 4, extra: int | None = None) -> ThreeDM:
    return _planted(seed, q, extra)[0]


def planted_solution(seed: int, q: int = 4, extra: int | None = None) -> tuple[int, ...]:
    """The matching that :func:`planted` planted (triple indices), same seed and parameters."""
    return _planted(seed, q, extra)[1]


def _certified_no(seed: int, q: int, extra: int | None) -> tuple[ThreeDM, tuple[tuple[int, ...], tuple[int, ...]]]:
    _check_q(q, 3)  # |S| >= 2 and some w outside S to cover X - R
    rng = _random.Random(seed)
    k = rng.randint(2, q - 1)
    s_part = rng.sample(range(q), k)
    r_part = rng.sample(range(q), k - 1)
    outside_s = [w for w in range(q) if w not in s_part]
    triples: set[tuple[int, int, int]] = set()
    for w in s_part:  # S's triples go through R only
        triples.add((w, rng.choice(r_part), rng.randrange(q)))
    for x in range(q):  # every x and y covered, by triples outside S
        if x not in r_part:
            triples.add((rng.choice(outside_s), x, rng.randrange(q)))
    for w in outside_s:
        triples.add((w, rng.randrange(q), rng.randrange(q)))
    for y in range(q):
        triples.add((rng.choice(outside_s), rng.randrange(q), y))
    for _ in range(q if extra is None else extra):
        w = rng.randrange(q)
        triples.add((w, rng.choice(r_part) if w in s_part else rng.randrange(q), rng.randrange(q)))
    ordered = sorted(triples)
    rng.shuffle(ordered)
    witness = (tuple(sorted(s_part)), tuple(sorted(q + x for x in r_part)))
    return ThreeDM(q, tuple(ordered)), witness


@takes(
    q=Param(3, help="elements per coordinate (a third of the universe)"),
    extra=Param(0, help="triples besides the core"),
)
def certified_no(seed: int, q: int = 4, extra: int | None = None) -> ThreeDM:
    """No by the counting argument of the module docstring (q >= 3)."""
    return _certified_no(seed, q, extra)[0]


def no_witness(seed: int, q: int = 4, extra: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(S, R) of :func:`certified_no`, in the exact-cover numbering."""
    return _certified_no(seed, q, extra)[1]


def certain_no_reason(instance: Any, witness: tuple[Sequence[int], Sequence[int]] | None = None) -> str | None:
    """A reason, checked in linear time, why a 3dm (or x3c) instance has no matching (exact cover):
    an element in no set, too few sets, or the witness (S, R) of the module docstring; None when
    none of these holds (which proves nothing).

    >>> m = ThreeDM(2, ((0, 0, 0), (1, 0, 1)))
    >>> certain_no_reason(m)
    'element 3 lies in no set'
    >>> m = ThreeDM(3, ((0, 0, 0), (1, 0, 1), (2, 1, 2), (2, 2, 2), (0, 1, 0)))
    >>> certain_no_reason(m, ((0, 1), (3,))) is None, certain_no_reason(m, ((1, 2), (3,))) is None
    (True, True)
    """
    sets = instance.universe_sets()
    universe = 3 * instance.q
    if len(sets) < instance.q:
        return f"{len(sets)} sets cannot cover {universe} elements"
    covered = bytearray(universe)
    for s in sets:
        for e in s:
            covered[e] = 1
    for e in range(universe):
        if not covered[e]:
            return f"element {e} lies in no set"
    if witness is None:
        return None
    s_part, r_part = set(witness[0]), set(witness[1])
    if s_part & r_part or len(r_part) >= len(s_part) or not s_part <= set(range(universe)):
        return None
    for s in sets:
        if len(s_part.intersection(s)) > len(r_part.intersection(s)):
            return None
    return (f"{len(s_part)} elements of S need {len(s_part)} of R, has {len(r_part)}: every set meets R "
            f"at least as often as S")


def verification_sample(seed: int) -> ThreeDM:
    """q from 1 to 4 with q to 2q + 1 triples: small enough for both deciders, both answers common."""
    rng = _random.Random(seed)
    q = rng.randint(1, 4)
    return random_instance(rng.randrange(2**31), q, rng.randint(q, min(2 * q + 1, q ** 3)))


@functools.lru_cache(maxsize=None)
def _renamings(q: int) -> Any:
    """The (q!)^3 renamings within W, X and Y, as an array: row r maps triple index
    w q^2 + x q + y to the index of its image."""
    perms = list(itertools.permutations(range(q)))
    rows = [[pw[w] * q * q + px[x] * q + py[y] for w in range(q) for x in range(q) for y in range(q)]
            for pw in perms for px in perms for py in perms]
    return np.array(rows, dtype=np.int64)


def canonical_form(indices: Sequence[int], renamings: Any) -> tuple[int, ...]:
    """The least (as a sorted tuple) image of a set of triple indices under the renamings."""
    if not indices:
        return ()
    images = np.sort(renamings[:, list(indices)], axis=1)
    least = images[np.lexsort(images.T[::-1])[0]]
    return tuple(int(v) for v in least)


def canonical_families(cells: int, renamings: Any, max_count: int) -> Iterator[tuple[int, ...]]:
    """Every family of at most ``max_count`` of the ``cells`` possible sets, one a class under the
    renamings, by size (each class of k + 1 grown from a class of k by one more set)."""
    level: set[tuple[int, ...]] = {()}
    yield ()
    for _ in range(min(max_count, cells)):
        grown: set[tuple[int, ...]] = set()
        tried: set[tuple[int, ...]] = set()  # one family reached from several bases is renamed once
        for base in level:
            for t in range(cells):
                family = tuple(sorted(base + (t,)))
                if t not in base and family not in tried:
                    tried.add(family)
                    grown.add(canonical_form(family, renamings))
        yield from sorted(grown)
        level = grown


def enumerate_instances(n: int) -> Iterator[ThreeDM]:
    """Every 3DM instance with q <= 3 and at most n triples, up to renaming the elements within W,
    within X and within Y (each class once: the least sorted list of triples), by q then by the
    number of triples. n >= 8 holds every instance of q <= 2."""
    for q in range(ENUMERATE_MAX_Q + 1):
        if q == 0:
            yield ThreeDM(0, ())
            continue
        for family in canonical_families(q ** 3, _renamings(q), n):
            yield ThreeDM(q, tuple((t // (q * q), t // q % q, t % q) for t in family))


def shrink(instance: ThreeDM) -> Iterator[ThreeDM]:
    """Drop one triple; then drop one triple's three elements (q - 1) with every triple meeting
    them. Each result has fewer triples or a smaller q."""
    triples = instance.triples
    for i in range(len(triples)):
        yield ThreeDM(instance.q, triples[:i] + triples[i + 1:])
    for w, x, y in dict.fromkeys(triples):
        kept = tuple((a - (a > w), b - (b > x), c - (c > y)) for a, b, c in triples if a != w and b != x and c != y)
        yield ThreeDM(instance.q - 1, kept)


# -- X3C ------------------------------------------------------------------------------------------


def _distinct_sets(rng: _random.Random, elements: Sequence[int], count: int,
                   avoid: set[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``count`` random 3-subsets of ``elements`` (sorted), distinct and not in ``avoid`` (sorted
    3-subsets of ``elements`` too; fewer if there are not that many)."""
    n = len(elements)
    free = n * (n - 1) * (n - 2) // 6 - len(avoid)
    count = min(count, free)
    if count > free // 2:
        pool = [c for c in itertools.combinations(sorted(elements), 3) if c not in avoid]
        return rng.sample(pool, count)
    seen, found = set(avoid), []
    while len(found) < count:
        c = tuple(sorted(rng.sample(elements, 3)))
        if c not in seen:
            seen.add(c)
            found.append(c)
    return found


@takes(q=Param(1, help="elements per coordinate (a third of the universe)"), sets=Param(0, help="sets (default 2q)"))
def x3c_random(seed: int, q: int = 4, sets: int | None = None) -> X3C:
    _check_q(q, 0)
    rng = _random.Random(seed)
    return X3C(q, tuple(_distinct_sets(rng, range(3 * q), 2 * q if sets is None else sets, set())))


def _x3c_planted(seed: int, q: int, extra: int | None) -> tuple[X3C, tuple[int, ...]]:
    _check_q(q)
    rng = _random.Random(seed)
    elements = list(range(3 * q))
    rng.shuffle(elements)
    cover = [tuple(sorted(elements[3 * i:3 * i + 3])) for i in range(q)]
    family = cover + _distinct_sets(rng, range(3 * q), q if extra is None else extra, set(cover))
    order = list(range(len(family)))
    rng.shuffle(order)
    return X3C(q, tuple(family[i] for i in order)), tuple(sorted(order.index(i) for i in range(q)))


@takes(
    q=Param(1, help="elements per coordinate (a third of the universe)"),
    extra=Param(0, help="sets besides the cover"),
)
def x3c_planted(seed: int, q: int = 4, extra: int | None = None) -> X3C:
    return _x3c_planted(seed, q, extra)[0]


def x3c_planted_solution(seed: int, q: int = 4, extra: int | None = None) -> tuple[int, ...]:
    """The exact cover that :func:`x3c_planted` planted (set indices), same seed and parameters."""
    return _x3c_planted(seed, q, extra)[1]


def _x3c_certified_no(seed: int, q: int, extra: int | None) -> tuple[X3C, tuple[tuple[int, ...], tuple[int, ...]]]:
    _check_q(q, 2)  # |S| >= 2, |R| = |S| - 1, and three elements outside S for the rest's sets
    rng = _random.Random(seed)
    elements = list(range(3 * q))
    rng.shuffle(elements)
    k = rng.randint(2, min(3 * q - 3, (3 * q + 1) // 2))
    s_part, r_part, rest = elements[:k], elements[k:2 * k - 1], elements[2 * k - 1:]
    outside_s = r_part + rest
    family: set[tuple[int, ...]] = set()

    def other(*taken: int) -> int:
        """An element outside S other than ``taken`` (outside S has at least three)."""
        while True:
            e = rng.choice(outside_s)
            if e not in taken:
                return e

    def through_s(s: int) -> tuple[int, ...]:  # s of S, one of R, one more outside S
        r = rng.choice(r_part)
        return tuple(sorted((s, r, other(r))))

    for s in s_part:
        family.add(through_s(s))
    for e in outside_s:  # every element outside S covered by a set avoiding S
        f = other(e)
        family.add(tuple(sorted((e, f, other(e, f)))))
    for _ in range(q if extra is None else extra):
        family.add(through_s(rng.choice(s_part)) if rng.random() < 0.5 else tuple(sorted(rng.sample(outside_s, 3))))
    ordered = sorted(family)
    rng.shuffle(ordered)
    return X3C(q, tuple(ordered)), (tuple(sorted(s_part)), tuple(sorted(r_part)))


@takes(
    q=Param(2, help="elements per coordinate (a third of the universe)"),
    extra=Param(0, help="sets besides the core"),
)
def x3c_certified_no(seed: int, q: int = 4, extra: int | None = None) -> X3C:
    """No by the counting argument of the module docstring (q >= 2): the sets through S hold one
    element of S and one of R."""
    return _x3c_certified_no(seed, q, extra)[0]


def x3c_no_witness(seed: int, q: int = 4, extra: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(S, R) of :func:`x3c_certified_no`."""
    return _x3c_certified_no(seed, q, extra)[1]


def x3c_verification_sample(seed: int) -> X3C:
    """q from 1 to 3 with q to 2q + 2 sets: small enough for both deciders, both answers common."""
    rng = _random.Random(seed)
    q = rng.randint(1, 3)
    return x3c_random(rng.randrange(2**31), q, rng.randint(q, 2 * q + 2))


@functools.lru_cache(maxsize=None)
def _x3c_renamings(q: int) -> tuple[Any, list[tuple[int, ...]]]:
    """The (3q)! renamings of the universe as an array mapping 3-set index to 3-set index, and the
    3-sets in their index order."""
    cells = list(itertools.combinations(range(3 * q), 3))
    index = {c: i for i, c in enumerate(cells)}
    rows = [[index[tuple(sorted(p[e] for e in c))] for c in cells] for p in itertools.permutations(range(3 * q))]
    return np.array(rows, dtype=np.int64), cells


def x3c_enumerate_instances(n: int) -> Iterator[X3C]:
    """Every X3C instance with q <= 2 and at most n sets, up to renaming the elements (each class
    once: the least sorted list of set indices), by q then by the number of sets. n >= 20 holds
    every instance of q <= 2 (q = 3 would take 9! renamings a family)."""
    for q in range(X3C_ENUMERATE_MAX_Q + 1):
        if q == 0:
            yield X3C(0, ())
            continue
        renamings, cells = _x3c_renamings(q)
        for family in canonical_families(len(cells), renamings, n):
            yield X3C(q, tuple(cells[i] for i in family))


def x3c_shrink(instance: X3C) -> Iterator[X3C]:
    """Drop one set; then drop one set's three elements (q - 1) with every set meeting them, the
    elements above renumbered. Each result has fewer sets or a smaller q."""
    sets = instance.sets
    for i in range(len(sets)):
        yield X3C(instance.q, sets[:i] + sets[i + 1:])
    for gone in sets:
        rename = {e: e - sum(g < e for g in gone) for e in range(instance.universe)}
        yield X3C(instance.q - 1, tuple(tuple(rename[e] for e in s) for s in sets if not set(s) & set(gone)))
