"""2/2/4-SAT (Ratner & Warmuth, Section 2): m variables and m clauses of four
literals, every variable occurring exactly twice unnegated and twice negated;
yes iff some assignment makes exactly two literals true in every clause.

The complement of a solution is a solution (each clause's four literals flip), a
fact the 1-in-3-SAT reduction's backward map relies on.

>>> f = TwoTwoFourSat(1, [(1, -1, 1, -1)])
>>> f.verify((True,)), f.verify((False,))
(True, True)
"""

from __future__ import annotations

import itertools
import random as _random
from typing import TYPE_CHECKING, Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.lazy import lazy_import
from npw.instances.sat.exactly_k_sat import SAT_FAMILY_FIELDS, ExactlyKSat, format_literal

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["PROBLEM", "TwoTwoFourSat", "enumerate_instances", "random_instance", "shrink", "verification_sample"]


class TwoTwoFourSat(ExactlyKSat):
    """2/2/4-SAT (Ratner & Warmuth, Section 2): m variables, m clauses of four literals, each
    variable twice unnegated and twice negated; an assignment with exactly two true literals in
    every clause?

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        DIMACS literals (``v`` variable v, ``-v`` its negation), four a clause.

    Examples
    --------
    >>> from npw.api import TwoTwoFourSat
    >>> formula = TwoTwoFourSat(2, [(1, 1, 2, 2), (-1, -1, -2, -2)])
    >>> formula.verify((True, False)), formula.verify((True, True))
    (True, False)
    """

    problem = "224sat"
    WIDTH = 4
    TRUE_PER_CLAUSE = 2

    def validate(self) -> None:
        super().validate()
        m = self.num_clauses
        if self.num_vars != m:
            raise InvalidInstance(f"2/2/4-SAT needs as many clauses as variables: {self.num_vars} variables, {m} clauses")
        flat = self.clauses.ravel()
        # every literal -m..m (but 0) twice: one count over all, as a verifier validates every target
        if np.count_nonzero(np.bincount(flat + m, minlength=2 * m + 1) != 2) == 1:
            return
        positive = np.bincount(flat[flat > 0], minlength=m + 1)
        negative = np.bincount(-flat[flat < 0], minlength=m + 1)
        for counts, sign in ((positive, "unnegated"), (negative, "negated")):
            wrong = np.flatnonzero(counts[1:] != 2)
            if len(wrong):
                v = int(wrong[0]) + 1
                raise InvalidInstance(f"variable x{v} occurs {int(counts[v])} times {sign}; 2/2/4-SAT needs 2")

    def describe(self) -> str:
        return " & ".join("(" + " | ".join(format_literal(l) for l in c) + ")" for c in self.clause_list())


@takes(m=Param(1, help="variables (and clauses)"))
def random_instance(seed: int, m: int = 6) -> TwoTwoFourSat:
    """A uniformly random grouping of the 4m literal occurrences into m clauses of four."""
    if m < 1:
        raise InvalidInstance("2/2/4-SAT needs m >= 1")
    rng = _random.Random(seed)
    occurrences = [s * v for v in range(1, m + 1) for s in (1, 1, -1, -1)]
    rng.shuffle(occurrences)
    return TwoTwoFourSat(m, [occurrences[i : i + 4] for i in range(0, 4 * m, 4)])


def _groupings(occurrences: list[int], m: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to split the multiset into m unordered clauses (each a sorted multiset of 4)."""

    def split(rest: list[int], previous: tuple[int, ...] | None) -> Iterator[list[tuple[int, ...]]]:
        if not rest:
            yield []
            return
        first = rest[0]  # the smallest remaining occurrence goes in the next clause
        for others in set(itertools.combinations(rest[1:], 3)):
            clause = (first, *others)
            if previous is not None and clause < previous:
                continue
            remaining = list(rest[1:])
            for literal in others:
                remaining.remove(literal)
            for tail in split(remaining, clause):
                yield [clause, *tail]

    for grouping in split(sorted(occurrences), None):
        yield tuple(grouping)


def _canonical(clauses: tuple[tuple[int, ...], ...], m: int) -> tuple:
    best = None
    for permutation in itertools.permutations(range(1, m + 1)):
        for signs in itertools.product((1, -1), repeat=m):
            renamed = tuple(
                sorted(tuple(sorted(signs[abs(l) - 1] * (1 if l > 0 else -1) * permutation[abs(l) - 1] for l in c)) for c in clauses)
            )
            if best is None or renamed < best:
                best = renamed
    return best


def enumerate_instances(max_m: int) -> Iterator[TwoTwoFourSat]:
    """Every 2/2/4-SAT instance with 1 <= m <= max_m, up to renaming and polarity flips.

    "Every" means every grouping of the 4m occurrences (each variable twice unnegated,
    twice negated) into m clauses, clauses and literals unordered, one instance per
    class under permuting variables and flipping their polarity (an exact canonical
    form, cheap for m <= 4).
    """
    if max_m > 4:
        raise InvalidInstance("exhaustive 2/2/4-SAT enumeration goes up to m = 4")
    for m in range(1, max_m + 1):
        occurrences = [s * v for v in range(1, m + 1) for s in (1, 1, -1, -1)]
        seen: set[tuple] = set()
        for grouping in _groupings(occurrences, m):
            key = _canonical(grouping, m)
            if key not in seen:
                seen.add(key)
                yield TwoTwoFourSat(m, key)


def shrink(instance: TwoTwoFourSat) -> Iterator[TwoTwoFourSat]:
    """Instances with one variable and one clause fewer, still 2/2/4-SAT.

    Remove clause c and every occurrence of variable x; the holes left by x (outside c)
    are exactly as many as c's literals on other variables, and refilling them with those
    literals restores every other variable's two-and-two count.
    """
    clauses = instance.clause_list()
    for removed in range(len(clauses)):
        for x in range(1, instance.num_vars + 1):
            spare = [l for l in clauses[removed] if abs(l) != x]
            rest = []
            for index, clause in enumerate(clauses):
                if index == removed:
                    continue
                rest.append([l if abs(l) != x else spare.pop(0) for l in clause])
            names = {v: n for n, v in enumerate(sorted({abs(l) for c in rest for l in c}), 1)}
            renamed = [[names[abs(l)] * (1 if l > 0 else -1) for l in c] for c in rest]
            yield TwoTwoFourSat(len(rest), renamed)


def verification_sample(seed: int) -> TwoTwoFourSat:
    """A random instance with 1 <= m <= 6 for the verifier; one case in about ten with m = 1 or 2
    (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        return random_instance(rng.randrange(2**31), rng.randint(1, 2))
    return random_instance(rng.randrange(2**31), rng.randint(1, 6))


PROBLEM = Problem.of_module(
    globals(),
    id="224sat",
    title="2/2/4-SAT: m variables each twice unnegated and twice negated, m 4-literal clauses, exactly two true",
    instance_type=TwoTwoFourSat,
    certificate_doc="assignment: list of m booleans (entry i-1 is variable i)",
    generators={"random": random_instance},
    default_generator="random",
    verify_deciders=("sat", "brute"),
    **SAT_FAMILY_FIELDS,
    file_model="npw.instances.models:TwoTwoFourSatFile",
)
