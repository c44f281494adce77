"""Planar Monotone 3SAT with a rectilinear layout ("Sided Var-Linked Planar Monotone 3SAT",
Solo Chess paper, Section 3.2 and Appendix B), and its restriction ``pm3sat-2occ`` (each
literal at most twice, Lemma B.1).

A clause has one to three literals over distinct variables, all positive or all negative. The
instance carries its layout: the variables on a horizontal line in the order ``order`` (left
to right), positive clauses drawn *above* the line, negative ones *below* (the side follows
from the signs: one source of truth), each clause a horizontal segment at height
``levels[i]`` (1 = nearest the line) with a vertical leg down (or up) to each of its
variables.

When is such a drawing free of crossings? A variable is a short segment of the line, so the
legs that reach it can be attached at distinct points in any order. Two clauses on the same
side then cross exactly when

* the higher one has a variable strictly inside the lower one's span (its leg must pass
  through the lower segment whatever the attachment order), or
* they sit at the same level and their spans overlap by more than one shared end variable
  (one clause ending where the other begins is drawn side by side).

:func:`attachment_order` gives the legs' order at each variable that makes every layout
passing this test a drawing without crossings (the renderer draws it; the tests measure the
drawn segments). ``validate()`` names the two clauses of the first crossing.

>>> f = PlanarMonotone3Sat(3, [(1, 2), (-1, -3), (2, 3)], order=(1, 2, 3), levels=(1, 1, 1))
>>> f.side(0), f.side(1), f.verify((False, True, False))
('above', 'below', True)
>>> PlanarMonotone3Sat(3, [(1, 3), (2,)], order=(1, 2, 3), levels=(1, 2))
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: layout crosses: clause c2 (level 2) has x2 strictly inside the span of clause c1 (level 1), above the line
>>> PlanarMonotone3Sat(3, [(1, 3), (2,)], order=(1, 2, 3)).levels  # levels omitted: the lowest that fit
(2, 1)
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random as _random
from dataclasses import dataclass
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.memo import remember_last
from npw.instances.sat.cnf import CNF
from npw.instances.elements import sat_elements

__all__ = ["ABOVE", "BELOW", "Clause", "MAX_LITERAL_OCCURRENCES", "MAX_WIDTH", "PROBLEM", "PROBLEM_2OCC",
           "PlanarMonotone3Sat", "PlanarMonotone3Sat2Occ", "assign_levels", "attachment_order", "certified_no_instance",
           "enumerate_instances", "find_crossing", "planted_assignment", "planted_instance", "random_instance",
           "shrink", "side_of", "spans", "verification_sample"]

ABOVE, BELOW = "above", "below"
MAX_WIDTH = 3  # literals a clause
MAX_LITERAL_OCCURRENCES = 2  # pm3sat-2occ: each literal at most twice (Lemma B.1)

Clause = tuple[int, ...]


def _name(literal: int) -> str:
    return f"x{literal}" if literal > 0 else f"~x{-literal}"


def side_of(clause: Sequence[int]) -> str:
    """Positive clauses are drawn above the line, negative ones below."""
    return ABOVE if clause[0] > 0 else BELOW


def spans(order: Sequence[int], clauses: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """Each clause's (leftmost, rightmost) position on the line (positions 0..n-1)."""
    position = {v: p for p, v in enumerate(order)}
    result = []
    for clause in clauses:
        places = [position[abs(l)] for l in clause]
        result.append((min(places), max(places)))
    return result


def _check_clauses(num_vars: int, clauses: Sequence[Sequence[int]]) -> None:
    for index, clause in enumerate(clauses, 1):
        if not 1 <= len(clause) <= MAX_WIDTH:
            raise InvalidInstance(f"clause c{index} has {len(clause)} literals; planar monotone 3SAT needs 1 to 3")
        if len({abs(l) for l in clause}) != len(clause):
            raise InvalidInstance(f"clause c{index} names a variable twice: ({', '.join(map(_name, clause))}); "
                                  f"each variable has one leg to its clause")
        if len({l > 0 for l in clause}) != 1:
            raise InvalidInstance(f"clause c{index} mixes signs: ({', '.join(map(_name, clause))}); a monotone "
                                  f"clause is all positive or all negative")


def _check_order(num_vars: int, order: Sequence[int]) -> None:
    # the common case by builtins (10^6 variables one at a time took seconds); else one at a time
    if (len(order) == num_vars and (not order or (set(map(type, order)) == {int} and min(order) >= 1
                                                  and max(order) <= num_vars)) and len(set(order)) == num_vars):
        return
    for v in order:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= num_vars:
            raise InvalidInstance(f"order holds {v!r}: the line lists the variables 1..{num_vars}")
    if len(order) != num_vars or len(set(order)) != num_vars:
        missing = sorted(set(range(1, num_vars + 1)) - set(order))
        detail = f"x{missing[0]} is missing" if missing else "a variable appears twice"
        raise InvalidInstance(f"order must list each of the {num_vars} variables once ({detail})")


def _sparse_max(values: list[int]) -> list[list[int]]:
    """A sparse table of ``values`` for range maxima in O(1) a query."""
    table = [values]
    width = 1
    while 2 * width <= len(values):
        previous = table[-1]
        table.append(list(map(max, previous[:len(previous) - width], previous[width:])))
        width *= 2
    return table


def _range_max(table: list[list[int]], low: int, high: int) -> int:
    """max(values[low..high]) (inclusive, low <= high)."""
    k = (high - low + 1).bit_length() - 1
    return max(table[k][low], table[k][high - (1 << k) + 1])


def _members(clauses: Sequence[Sequence[int]], sides: Sequence[str] | None, side: str) -> list[int]:
    """The clauses drawn on ``side``: by ``sides`` where given, else by their signs."""
    if sides is None:
        return [i for i, c in enumerate(clauses) if side_of(c) == side]
    return [i for i, s in enumerate(sides) if s == side]


def find_crossing(order: Sequence[int], clauses: Sequence[Sequence[int]], levels: Sequence[int],
                  sides: Sequence[str] | None = None) -> str | None:
    """The first crossing of the layout in words, or None if it has none (the rule of the
    module's docstring: O(m log n), no pairwise loop). ``sides`` gives each clause's side
    where it does not follow from the signs (``planar3sat``'s mixed clauses); default: the signs.

    >>> find_crossing((1, 2, 3, 4), [(-1, -3), (-2, -4)], (1, 2))
    'layout crosses: clause c2 (level 2) has x2 strictly inside the span of clause c1 (level 1), below the line'
    >>> find_crossing((1, 2, 3), [(1, 2), (2, 3)], (1, 1)) is None  # side by side, sharing x2
    True
    """
    n = len(order)
    span = spans(order, clauses)
    position = {v: p for p, v in enumerate(order)}
    for side in (ABOVE, BELOW):
        members = _members(clauses, sides, side)
        if not members:
            continue
        # the highest clause attached at each position, as one integer level * (m + 1) + (m - index)
        # so that the maximum is the highest level and, among equals, the first clause
        m = len(clauses)
        best: dict[int, int] = {}
        for i in members:
            key = levels[i] * (m + 1) + (m - i)
            for literal in clauses[i]:
                p = position[abs(literal)]
                if key > best.get(p, 0):
                    best[p] = key
        # the table over the positions some clause touches only (a line of 10^6 variables and one
        # clause: a table over every position took 20 s and 160 MB); a range maps to them by bisection
        touched = sorted(best)
        table = _sparse_max([best[p] for p in touched])
        for i in members:
            low, high = span[i]
            first, last = bisect.bisect_left(touched, low + 1), bisect.bisect_right(touched, high - 1) - 1
            if high - low >= 2 and first <= last:
                level, rest = divmod(_range_max(table, first, last), m + 1)
                if level > levels[i]:
                    j = m - rest
                    inside = next(abs(l) for l in clauses[j] if low < position[abs(l)] < high)
                    return (f"layout crosses: clause c{j + 1} (level {levels[j]}) has x{inside} strictly inside the "
                            f"span of clause c{i + 1} (level {levels[i]}), {side} the line")
        # same level: spans may meet at one shared end, never overlap
        by_level: dict[int, list[int]] = {}
        for i in members:
            by_level.setdefault(levels[i], []).append(i)
        for level, group in by_level.items():
            group.sort(key=lambda i: (span[i], i))
            reach, holder = -1, -1
            for i in group:
                if reach > span[i][0]:
                    first, second = sorted((holder, i))
                    return (f"layout crosses: clauses c{first + 1} and c{second + 1} overlap at level {level}, "
                            f"{side} the line")
                if span[i][1] > reach:
                    reach, holder = span[i][1], i
    return None


def assign_levels(order: Sequence[int], clauses: Sequence[Sequence[int]],
                  sides: Sequence[str] | None = None) -> tuple[int, ...]:
    """The lowest levels that draw ``clauses`` on the line ``order`` without crossings
    (``sides``: each clause's side where it does not follow from the signs, as in :func:`find_crossing`).

    A clause must sit above every clause with a variable strictly inside its span; two clauses
    with the same two ends and no middle variable stack in list order. Raises InvalidInstance
    naming two clauses that cross whatever their levels (each has a variable strictly inside
    the other's span).

    >>> assign_levels((1, 2, 3, 4), [(1, 4), (2, 3), (1, 2, 4), (3,)])  # (3,) touches (2, 3)'s end
    (3, 1, 2, 1)
    >>> assign_levels((1, 2, 3, 4), [(1, 3), (2, 4)])
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: clauses c1 and c2 cross at any levels (each has a variable strictly inside the other's span), above the line
    """
    span = spans(order, clauses)
    position = {v: p for p, v in enumerate(order)}
    places = [sorted(position[abs(l)] for l in c) for c in clauses]

    def inside(a: int, b: int) -> bool:
        """Clause a has a variable strictly inside b's span."""
        low, high = span[b]
        return any(low < p < high for p in places[a])

    levels = [0] * len(clauses)
    for side in (ABOVE, BELOW):
        members = _members(clauses, sides, side)
        by_left = sorted(members, key=lambda i: span[i][0])
        lefts = [span[i][0] for i in by_left]
        below: dict[int, list[int]] = {i: [] for i in members}
        for a in members:
            low, high = span[a]
            # candidates nested in a's span start within it (nested or disjoint, or they cross)
            start = bisect.bisect_left(lefts, low)
            stop = bisect.bisect_right(lefts, high)
            for b in by_left[start:stop]:
                if b == a or span[b][1] > high:
                    continue
                b_in_a, a_in_b = inside(b, a), inside(a, b)
                if b_in_a and a_in_b:
                    first, second = sorted((a, b))
                    raise InvalidInstance(f"clauses c{first + 1} and c{second + 1} cross at any levels (each has a "
                                          f"variable strictly inside the other's span), {side} the line")
                # the same two ends and no middle either side: stacked in list order
                if b_in_a or (span[b] == span[a] and not a_in_b and b < a and span[a][0] < span[a][1]):
                    below[a].append(b)
        # crossing spans (neither nested nor disjoint) are caught from the outer clause's side
        for a in members:
            low, high = span[a]
            start = bisect.bisect_right(lefts, low)
            stop = bisect.bisect_left(lefts, high)
            for b in by_left[start:stop]:
                if span[b][1] > high and inside(b, a) and inside(a, b):
                    first, second = sorted((a, b))
                    raise InvalidInstance(f"clauses c{first + 1} and c{second + 1} cross at any levels (each has a "
                                          f"variable strictly inside the other's span), {side} the line")
        # longest chain below each clause; spans nest, so shorter spans first is a topological order
        for a in sorted(members, key=lambda i: (span[i][1] - span[i][0], len(places[i]) < 3, i)):
            levels[a] = 1 + max((levels[b] for b in below[a]), default=0)
    return tuple(levels)


@remember_last  # per source: a row of planar3sat-to-pm3sat asks it once per variable (quadratic before)
def attachment_order(instance: "PlanarMonotone3Sat") -> dict[tuple[int, str], list[int]]:
    """(variable, side) -> the clauses whose legs reach it there, left to right.

    The result is shared between callers (remembered for the last instance): read it, do not change it.

    Clauses that end at the variable come first (lower ones further left, so a higher one's leg
    passes outside the lower span), then those that have it inside or alone, then those that
    begin at it (higher ones further left). Lemma B.1 numbers a variable's occurrences in this
    order (N_1..N_n below, P_1..P_m above).

    >>> f = PlanarMonotone3Sat(3, [(1, 2), (2, 3), (2,), (1, 2, 3)], order=(1, 2, 3))
    >>> attachment_order(f)[(2, "above")], f.levels
    ([0, 2, 3, 1], (1, 1, 1, 2))
    """
    span = spans(instance.order, instance.clauses)
    position = {v: p for p, v in enumerate(instance.order)}
    legs: dict[tuple[int, str], list[int]] = {}
    for i, clause in enumerate(instance.clauses):
        for literal in clause:  # the instance's side: planar3sat gives it, pm3sat's follows the signs
            legs.setdefault((abs(literal), instance.side(i)), []).append(i)

    def key(variable: int, i: int) -> tuple:
        low, high = span[i]
        p = position[variable]
        level = instance.levels[i]
        if low < high and p == high:
            return (0, level, i)
        if low < high and p == low:
            return (2, -level, i)
        return (1, level, i)

    return {(v, s): sorted(found, key=lambda i: key(v, i)) for (v, s), found in legs.items()}


@dataclass(frozen=True)
class PlanarMonotone3Sat(CNF):
    """A planar monotone 3SAT formula with its rectilinear layout (see the module docstring).

    ``order``: the variables left to right (default 1..n); ``levels``: each clause's height on
    its side (default: the lowest that fit, :func:`assign_levels`).

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        Monotone clauses of at most three literals: all positive (drawn above the variables)
        or all negative (below).
    order : sequence of int, optional
        The variables left to right.
    levels : sequence of int, optional
        Each clause's height on its side.

    Examples
    --------
    >>> from npw.api import PlanarMonotone3Sat
    >>> formula = PlanarMonotone3Sat(3, [(1, 2, 3), (-1, -2, -3)])
    >>> formula.order, formula.levels
    ((1, 2, 3), (1, 1))
    >>> formula.verify((True, False, False)), formula.verify((True, True, True))
    (True, False)
    """

    problem: ClassVar[str] = "pm3sat"

    order: tuple[int, ...] = ()
    levels: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "clauses", tuple(tuple(c) for c in self.clauses))
        CNF.validate(self)
        _check_clauses(self.num_vars, self.clauses)
        order = tuple(self.order) if self.order else tuple(range(1, self.num_vars + 1))
        object.__setattr__(self, "order", order)
        _check_order(self.num_vars, order)
        if self.levels or not self.clauses:
            object.__setattr__(self, "levels", tuple(self.levels))
        else:
            object.__setattr__(self, "levels", assign_levels(order, self.clauses))
        self.validate()

    def validate(self) -> None:
        CNF.validate(self)
        _check_clauses(self.num_vars, self.clauses)
        _check_order(self.num_vars, self.order)
        if len(self.levels) != len(self.clauses):
            raise InvalidInstance(f"levels gives {len(self.levels)} heights for {len(self.clauses)} clauses")
        for index, level in enumerate(self.levels, 1):
            if not isinstance(level, int) or isinstance(level, bool) or level < 1:
                raise InvalidInstance(f"clause c{index} has level {level!r}; levels are integers >= 1")
        crossing = find_crossing(self.order, self.clauses, self.levels)
        if crossing:
            raise InvalidInstance(crossing)

    def side(self, index: int) -> str:
        """``"above"`` (a positive clause) or ``"below"`` (a negative one)."""
        return side_of(self.clauses[index])

    def to_dict(self) -> dict:
        return {**super().to_dict(), "order": list(self.order), "levels": list(self.levels)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "PlanarMonotone3Sat":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)
        return cls(model.num_vars, tuple(tuple(c) for c in model.clauses), tuple(model.order or ()),
                   tuple(model.levels or ()))

    def occurrences(self) -> dict[int, int]:
        """literal -> how many clauses hold it."""
        return _literal_counts(self.clauses)

    def __repr__(self) -> str:
        shown = list(self.clauses[:4])
        more = "" if len(self.clauses) <= 4 else f", ... {len(self.clauses)} clauses"
        return f"{type(self).__name__}(num_vars={self.num_vars}, clauses={shown}{more}, order={self.order}, " \
               f"levels={self.levels})"


@dataclass(frozen=True)
class PlanarMonotone3Sat2Occ(PlanarMonotone3Sat):
    """A planar monotone 3SAT formula with its layout where each literal occurs at most twice
    (Lemma B.1's problem; see :class:`PlanarMonotone3Sat`).

    Parameters
    ----------
    num_vars, clauses, order, levels
        As for :class:`PlanarMonotone3Sat`.

    Examples
    --------
    >>> PlanarMonotone3Sat2Occ(2, [(1,), (1, 2), (1,)], order=(1, 2), levels=(1, 2, 3))
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: literal x1 occurs 3 times (clauses c1, c2, c3); pm3sat-2occ allows each literal at most twice
    """

    problem: ClassVar[str] = "pm3sat-2occ"

    def validate(self) -> None:
        super().validate()
        for literal, count in self.occurrences().items():
            if count > MAX_LITERAL_OCCURRENCES:
                where = [f"c{i + 1}" for i, c in enumerate(self.clauses) if literal in c]
                raise InvalidInstance(f"literal {_name(literal)} occurs {count} times (clauses {', '.join(where)}); "
                                      f"pm3sat-2occ allows each literal at most twice")


# -- generators ----------------------------------------------------------------------------------


def _compatible(candidate: list[int], span: tuple[int, int], placed: list[tuple[list[int], tuple[int, int]]],
                cover: dict[int, list[int]]) -> bool:
    """Whether a clause at these positions can join the side's placed ones at some levels: with
    each placed clause it must share no variable set and not cross (each having a position
    strictly inside the other's span). Only clauses whose spans meet this one's can cross it:
    ``cover`` (position -> placed clauses whose span holds it) finds them without a pass over all."""
    low, high = span
    near = {j for p in range(low, high + 1) for j in cover.get(p, ())}
    for j in near:
        places, (l2, h2) = placed[j]
        if places == candidate:
            return False
        if any(l2 < p < h2 for p in candidate) and any(low < p < high for p in places):
            return False
    return True


def _random_clauses(rng: _random.Random, order: Sequence[int], num_clauses: int, cap: int | None,
                    accept=lambda clause: True, reach: float = 2.0) -> list[Clause]:
    """Clauses drawn one by one (side by a coin flip, 1-3 positions in a short window) and
    kept when they fit the layout so far (nested or disjoint with every placed span), respect
    the literal cap and pass ``accept``."""
    n = len(order)
    placed: dict[bool, list[tuple[list[int], tuple[int, int]]]] = {True: [], False: []}
    cover: dict[bool, dict[int, list[int]]] = {True: {}, False: {}}
    counts: dict[int, int] = {}
    clauses: list[Clause] = []
    attempts = 0
    while len(clauses) < num_clauses:
        attempts += 1
        if attempts > 400 * (num_clauses + 1):
            raise InvalidInstance(f"could not place {num_clauses} planar clauses over {n} variables "
                                  f"(placed {len(clauses)}); ask for fewer clauses")
        width = min(n, rng.choices((1, 2, 3), weights=(1, 3, 6))[0])
        extent = min(n - 1, width - 1 + int(rng.expovariate(1 / reach)))
        low = rng.randrange(n - extent)
        high = low + extent
        positions = sorted({low, high} | (set(rng.sample(range(low + 1, high), 1)) if width == 3 and
                                              extent >= 2 else set()))
        if width == 1:
            positions = [rng.choice((low, high))]
        positive = rng.random() < 0.5
        clause = tuple(order[p] if positive else -order[p] for p in positions)
        span = (positions[0], positions[-1])
        if cap is not None and any(counts.get(l, 0) >= cap for l in clause):
            continue
        if not accept(clause) or not _compatible(positions, span, placed[positive], cover[positive]):
            continue
        for p in range(span[0], span[1] + 1):
            cover[positive].setdefault(p, []).append(len(placed[positive]))
        placed[positive].append((positions, span))
        for literal in clause:
            counts[literal] = counts.get(literal, 0) + 1
        clauses.append(clause)
    return clauses


def _order(rng: _random.Random, num_vars: int) -> tuple[int, ...]:
    order = list(range(1, num_vars + 1))
    rng.shuffle(order)  # the line's order is not the numbering
    return tuple(order)


def _default_count(num_vars: int, kind: type, planted: bool = False) -> int:
    """3 clauses a variable; under the 2occ cap (at most four occurrences a variable) one and a
    half, or one where a planted assignment must satisfy each: what random layouts reach
    without running out of room (tests/test_planar_monotone.py tries the defaults). Below five
    variables there are too few distinct clauses for that: one a variable."""
    if num_vars < 5:
        return num_vars
    if kind is PlanarMonotone3Sat:
        return 3 * num_vars
    return num_vars if planted else (3 * num_vars) // 2


def _check_size(num_vars: int, num_clauses: int) -> None:
    if num_vars < 1 or num_clauses < 0:
        raise InvalidInstance("planar monotone 3SAT needs num_vars >= 1 and num_clauses >= 0")


@takes(
    num_vars=Param(1, help="variables"),
    num_clauses=Param(0, help="clauses (default: 3 a variable, 1.5 under 2occ)"),
    reach=Param(0.01, 1000.0, help="mean extra line positions a clause spans"),
)
def random_instance(seed: int, num_vars: int = 20, num_clauses: int | None = None, reach: float = 2.0,
                    _kind: type = PlanarMonotone3Sat) -> PlanarMonotone3Sat:
    """A random laminar layout: the variables shuffled on the line, clauses of 1-3 variables in
    windows of about ``reach`` extra positions, kept when they fit (default: 3 clauses a variable,
    1.5 under the 2occ cap).

    >>> f = random_instance(seed=2, num_vars=8, num_clauses=12)
    >>> f.size(), sorted(f.order) == list(range(1, 9))
    ({'variables': 8, 'clauses': 12}, True)
    """
    count = _default_count(num_vars, _kind) if num_clauses is None else num_clauses
    _check_size(num_vars, count)
    rng = _random.Random(seed)
    order = _order(rng, num_vars)
    cap = MAX_LITERAL_OCCURRENCES if _kind is PlanarMonotone3Sat2Occ else None
    return _kind(num_vars, _random_clauses(rng, order, count, cap, reach=reach), order)


def planted_assignment(seed: int, num_vars: int = 20, **_: Any) -> tuple[bool, ...]:
    """The hidden assignment :func:`planted_instance` satisfies (drawn first from the seed)."""
    rng = _random.Random(seed)
    return tuple(rng.random() < 0.5 for _ in range(num_vars))


@takes(
    num_vars=Param(1, help="variables"),
    num_clauses=Param(0, help="clauses (default: 3 a variable, 1.5 under 2occ)"),
    reach=Param(0.01, 1000.0, help="mean extra line positions a clause spans"),
)
def planted_instance(seed: int, num_vars: int = 20, num_clauses: int | None = None, reach: float = 2.0,
                     _kind: type = PlanarMonotone3Sat) -> PlanarMonotone3Sat:
    """Yes by construction: only clauses the hidden assignment satisfies are kept.

    >>> f = planted_instance(seed=4, num_vars=6, num_clauses=10)
    >>> f.verify(planted_assignment(seed=4, num_vars=6))
    True
    """
    count = _default_count(num_vars, _kind, planted=True) if num_clauses is None else num_clauses
    _check_size(num_vars, count)
    rng = _random.Random(seed)
    hidden = tuple(rng.random() < 0.5 for _ in range(num_vars))  # as planted_assignment draws it
    order = _order(rng, num_vars)
    cap = MAX_LITERAL_OCCURRENCES if _kind is PlanarMonotone3Sat2Occ else None
    clauses = _random_clauses(rng, order, count, cap, reach=reach,
                              accept=lambda c: any(hidden[abs(l) - 1] == (l > 0) for l in c))
    return _kind(num_vars, clauses, order)


@takes(
    num_vars=Param(2, help="variables"),
    num_clauses=Param(0, help="clauses (default: 3 a variable, 1.5 under 2occ)"),
    reach=Param(0.01, 1000.0, help="mean extra line positions a clause spans"),
)
def certified_no_instance(seed: int, num_vars: int = 20, num_clauses: int | None = None, reach: float = 2.0,
                          _kind: type = PlanarMonotone3Sat) -> PlanarMonotone3Sat:
    """No by construction: a random instance over the other variables plus the core
    (a or b) above, (~a), (~b) below, on two neighbouring positions of the line (a and b drawn
    from the seed). The core alone is unsatisfiable; each of its literals occurs once.

    >>> from npw.solvers import solve
    >>> solve(certified_no_instance(seed=1, num_vars=6), backend="brute").answer.value
    'NO'
    """
    if num_vars < 2:
        raise InvalidInstance("certified-no planar monotone 3SAT needs num_vars >= 2 (the core has two variables)")
    count = _default_count(num_vars - 2, _kind) if num_clauses is None else max(0, num_clauses - 3)
    rng = _random.Random(seed)
    names = list(range(1, num_vars + 1))
    rng.shuffle(names)
    a, b = names[:2]
    rest = names[2:]
    clauses: list[Clause] = []
    line: list[int] = []
    if rest:
        cap = MAX_LITERAL_OCCURRENCES if _kind is PlanarMonotone3Sat2Occ else None
        inner_order = _order(rng, len(rest))
        inner = _random_clauses(rng, inner_order, count, cap, reach=reach)
        rename = {i + 1: v for i, v in enumerate(rest)}
        clauses = [tuple(rename[abs(l)] * (1 if l > 0 else -1) for l in c) for c in inner]
        line = [rename[v] for v in inner_order]
    cut = rng.randint(0, len(line))
    line[cut:cut] = [a, b]
    for core in ((a, b), (-a,), (-b,)):
        clauses.insert(rng.randint(0, len(clauses)), core)
    return _kind(num_vars, clauses, tuple(line))


def verification_sample(seed: int, _kind: type = PlanarMonotone3Sat) -> PlanarMonotone3Sat:
    """3-7 variables at 1.2-3.2 clauses a variable (1-2 under the 2occ cap, which allows at most
    four occurrences a variable): small, with both answers common (BENCHMARKS.md, "Issue 18")."""
    rng = _random.Random(seed)
    num_vars = rng.randint(3, 7)
    ratio = rng.uniform(1.0, 2.0) if _kind is PlanarMonotone3Sat2Occ else rng.uniform(1.2, 3.2)
    return random_instance(rng.randrange(2**31), num_vars, max(1, round(ratio * num_vars)), reach=1.5, _kind=_kind)


# -- exhaustive enumeration up to symmetry -------------------------------------------------------


def _literal_counts(clauses: Sequence[Sequence[int]]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for clause in clauses:
        for literal in clause:
            counts[literal] = counts.get(literal, 0) + 1
    return counts


def _clause_key(clause: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(clause, key=lambda l: (abs(l), l < 0)))


def _symmetric_keys(n: int, clauses: Sequence[Clause]) -> Iterator[tuple[Clause, ...]]:
    """The clause set under the layout's symmetries on the line 1..n: the mirror image, the
    flip of every sign (which swaps the sides) and both."""
    for mirror, flip in itertools.product((False, True), repeat=2):
        yield tuple(sorted(_clause_key(tuple((n + 1 - abs(l) if mirror else abs(l)) * (1 if (l > 0) != flip else -1)
                                             for l in c)) for c in clauses))


def enumerate_instances(size: int, _kind: type = PlanarMonotone3Sat) -> Iterator[PlanarMonotone3Sat]:
    """Every instance with at most ``size`` variables and at most ``size`` clauses, up to symmetry.

    "Every" means: every set of distinct monotone clauses (1-3 distinct variables, one sign)
    over the line 1..n (n <= size), using every variable, that has a planar layout on that
    line; one of each class under the mirror image and the global sign flip (which swaps the
    sides); levels are the lowest that fit (:func:`assign_levels`). Relabelled variables would
    be the same layout under another name, so the line is always 1..n.

    >>> [f.clauses for f in enumerate_instances(2)][:4]
    [((-1,),), ((-1,), (1,)), ((-1, -2),), ((-2,), (-1,))]
    >>> sum(1 for _ in enumerate_instances(2)), sum(1 for _ in enumerate_instances(3))
    (8, 118)
    """
    if size > 4:
        raise InvalidInstance("exhaustive planar monotone 3SAT enumeration goes up to 4 (variables and clauses)")
    for n in range(1, size + 1):
        order = tuple(range(1, n + 1))
        possible = [tuple(s * v for v in subset) for width in range(1, min(3, n) + 1)
                    for subset in itertools.combinations(range(1, n + 1), width) for s in (1, -1)]
        seen: set[tuple[Clause, ...]] = set()
        for count in range(1, size + 1):
            for chosen in itertools.combinations(possible, count):
                if {abs(l) for c in chosen for l in c} != set(order):
                    continue
                key = min(_symmetric_keys(n, chosen))
                if key in seen:
                    continue
                seen.add(key)
                try:
                    levels = assign_levels(order, key)
                except InvalidInstance:  # no planar layout on this line
                    continue
                if _kind is PlanarMonotone3Sat2Occ and max(_literal_counts(key).values()) > MAX_LITERAL_OCCURRENCES:
                    continue
                yield _kind(n, key, order, levels)


# -- shrinking -----------------------------------------------------------------------------------


def _compact(instance: PlanarMonotone3Sat, clauses: list[Clause], levels: list[int]) -> PlanarMonotone3Sat:
    """The instance over the variables ``clauses`` use, renumbered 1..r keeping their order of ids."""
    used = sorted({abs(l) for c in clauses for l in c})
    if not used:
        return type(instance)(1, (), (1,), ())
    rename = {v: i + 1 for i, v in enumerate(used)}
    return type(instance)(len(used), tuple(tuple(rename[abs(l)] * (1 if l > 0 else -1) for l in c) for c in clauses),
                          tuple(rename[v] for v in instance.order if v in rename), tuple(levels))


def shrink(instance: PlanarMonotone3Sat) -> Iterator[PlanarMonotone3Sat]:
    """Drop one clause; drop one literal of a clause with two or three (a narrower span never
    adds a crossing); unused variables leave the line. Each result is strictly smaller."""
    clauses = list(instance.clauses)
    levels = list(instance.levels)
    for index in range(len(clauses)):
        yield _compact(instance, clauses[:index] + clauses[index + 1:], levels[:index] + levels[index + 1:])
    for index, clause in enumerate(clauses):
        if len(clause) < 2:
            continue
        for position in range(len(clause)):
            smaller = clauses[:index] + [clause[:position] + clause[position + 1:]] + clauses[index + 1:]
            try:
                yield _compact(instance, smaller, levels)
            except InvalidInstance:  # not expected (see above); never offer an invalid instance
                continue


def _problem(kind: type, pid: str, title: str, **fields: Any) -> Problem:
    def generator(fn):
        # a partial keeps fn's signature (the verifier's planted streams read num_vars from it)
        return functools.partial(fn, _kind=kind)

    return Problem(
        id=pid,
        title=title,
        instance_type=kind,
        certificate_doc="assignment: list of num_vars booleans (entry i-1 is variable i)",
        generators={"random": generator(random_instance), "planted": generator(planted_instance),
                    "certified-no": generator(certified_no_instance)},
        default_generator="random",
        enumerate=functools.partial(enumerate_instances, _kind=kind),
        enumerate_doc=(enumerate_instances.__doc__ or "").split(">>>")[0].strip(),
        shrink=shrink,
        sample=functools.partial(verification_sample, _kind=kind),
        verify_deciders=("brute", "sat"),
        planted_certificates={"planted": planted_assignment},
        # the layout does not change the formula: the SAT family's deciders read the clauses
        deciders=("sat", "brute", "smt"),
        renderer="npw.instances.sat.render_planar:render_svg",
        elements=sat_elements,
        **fields,
    )


PROBLEM = _problem(PlanarMonotone3Sat, "pm3sat",
                   "Planar Monotone 3SAT with a rectilinear layout (variable order, clause levels)",
                   file_model="npw.instances.models:PlanarMonotone3SatFile")
PROBLEM_2OCC = _problem(PlanarMonotone3Sat2Occ, "pm3sat-2occ",
                        "Planar Monotone 3SAT with a rectilinear layout, each literal at most twice (Lemma B.1)",
                        file_model="npw.instances.models:PlanarMonotone3Sat2OccFile")
