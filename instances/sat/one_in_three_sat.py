"""1-in-3-SAT (Schaefer 1978): clauses of exactly three literals; yes iff some
assignment makes exactly one literal true in every clause.

>>> f = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
>>> f.verify((True, False, False))  # one true literal in each clause
True
>>> f.verify((False, True, False))  # all three of (-1, 2, -3) are true
False
>>> f.verify((False, False, True))
True

Generators (all seeded):

* ``random``: clauses over three distinct variables, each literal negated with
  probability 1/2. Its satisfiability threshold is at 1/3 clauses per variable
  and it stays easy for CDCL solvers.
* ``positive``: monotone 1-in-3-SAT (no negations), threshold near 0.62 clauses
  per variable, hardest for CDCL around 0.62-0.65 (see BENCHMARKS.md for our
  own sweep).
* ``planted``: a hidden assignment is drawn first and every clause gets exactly
  one literal true under it, so the answer is yes and the hidden assignment is
  a certificate.
* ``certified-no``: a random instance with an unsatisfiable pair of clauses
  (a, b, c), (~a, ~b, ~c) inserted, so the answer is no at any size.
* ``quiet``: planted without a trace in signs or degrees: positive clauses over a hidden
  assignment with a third of the variables true
  (:func:`npw.instances.sat.quiet_planting.quiet_1in3`).
* ``mixed`` (the default): ``positive`` at ratio 0.62 or ``random`` at ratio
  1/3 by a coin flip; both answers come out often.
"""

from __future__ import annotations

import itertools
import random as _random
from functools import partial
from typing import Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.sat.exactly_k_sat import (
    SAT_FAMILY_FIELDS, ExactlyKSat, clause_count, compact_variables, smaller_clause_lists,
)
from npw.instances.sat.quiet_planting import quiet_1in3, quiet_1in3_assignment

__all__ = ["OneInThreeSat", "PROBLEM", "certified_no_instance", "enumerate_instances", "mixed_instance",
           "planted_assignment", "planted_instance", "positive_instance", "random_instance", "shrink",
           "verification_sample"]


class OneInThreeSat(ExactlyKSat):
    """1-in-3-SAT (Schaefer 1978): an assignment making exactly one literal of every clause true?

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of (int, int, int)
        DIMACS literals, three a clause (a literal may repeat).

    Examples
    --------
    >>> from npw.api import OneInThreeSat
    >>> formula = OneInThreeSat(3, [(1, 2, 3), (-1, -2, 3)])
    >>> formula.verify((True, False, False)), formula.verify((False, False, True))
    (True, False)
    """

    problem = "1in3sat"
    WIDTH = 3
    TRUE_PER_CLAUSE = 1


# -- generators -----------------------------------------------------------------------------


def _check_vars(num_vars: int) -> None:
    if num_vars < 3:
        raise InvalidInstance("random 1-in-3-SAT needs at least 3 variables (clauses use 3 distinct ones)")


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
    negation_probability=Param(0.0, 1.0, help="chance that a literal is negated"),
)
def random_instance(
    seed: int, num_vars: int = 20, ratio: float | None = 1 / 3, num_clauses: int | None = None,
    negation_probability: float = 0.5,
) -> OneInThreeSat:
    """Clauses over 3 distinct variables chosen uniformly; each literal negated with the given probability."""
    _check_vars(num_vars)
    rng = _random.Random(seed)
    count = clause_count(num_vars, ratio, num_clauses)
    variables = range(1, num_vars + 1)
    clauses = [
        tuple(v if rng.random() >= negation_probability else -v for v in rng.sample(variables, 3))
        for _ in range(count)
    ]
    return OneInThreeSat(num_vars, clauses)


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
)
def positive_instance(
    seed: int, num_vars: int = 20, ratio: float | None = 0.62, num_clauses: int | None = None
) -> OneInThreeSat:
    """Monotone (positive) 1-in-3-SAT: no negated literals."""
    return random_instance(seed, num_vars, ratio, num_clauses, negation_probability=0.0)


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
    negation_probability=Param(0.0, 1.0, help="chance that a literal is negated"),
)
def planted_instance(
    seed: int, num_vars: int = 20, ratio: float | None = 0.62, num_clauses: int | None = None,
    negation_probability: float = 0.5,
) -> OneInThreeSat:
    """Yes-instance: every clause has exactly one literal true under a hidden assignment.

    >>> f = planted_instance(seed=1, num_vars=6)
    >>> f.size()
    {'variables': 6, 'clauses': 4}
    >>> f.verify(planted_assignment(seed=1, num_vars=6))
    True
    """
    _check_vars(num_vars)
    rng = _random.Random(seed)
    hidden = [rng.random() < 0.5 for _ in range(num_vars)]
    count = clause_count(num_vars, ratio, num_clauses)
    clauses = []
    for _ in range(count):
        chosen = rng.sample(range(1, num_vars + 1), 3)
        true_position = rng.randrange(3)
        clause = []
        for position, v in enumerate(chosen):
            literal_true = position == true_position
            # the literal is v if v's hidden value equals what the literal must be, else -v
            clause.append(v if hidden[v - 1] == literal_true else -v)
        clauses.append(tuple(clause))
    return OneInThreeSat(num_vars, clauses)


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
)
def certified_no_instance(
    seed: int, num_vars: int = 20, ratio: float | None = 0.5, num_clauses: int | None = None,
) -> OneInThreeSat:
    """No-instance by construction: a random instance plus the pair (a, b, c), (~a, ~b, ~c).

    Exactly one of a, b, c true makes two of ~a, ~b, ~c true, so the pair alone has no
    solution, whatever the other clauses say (the certificate of "no" is the pair).
    """
    _check_vars(num_vars)
    rng = _random.Random(seed)
    base = random_instance(rng.randrange(2**31), num_vars, ratio, num_clauses)
    a, b, c = rng.sample(range(1, num_vars + 1), 3)
    clauses = base.clause_list()
    for position, clause in sorted([(rng.randint(0, len(clauses)), [a, b, c]), (rng.randint(0, len(clauses)), [-a, -b, -c])],
                                   key=lambda pair: -pair[0]):
        clauses.insert(position, clause)
    return OneInThreeSat(num_vars, clauses)


def planted_assignment(seed: int, num_vars: int = 20) -> tuple[bool, ...]:
    """The hidden assignment :func:`planted_instance` used for the same seed and num_vars."""
    rng = _random.Random(seed)
    return tuple(rng.random() < 0.5 for _ in range(num_vars))


@takes(num_vars=Param(3, help="variables"))
def mixed_instance(seed: int, num_vars: int = 20) -> OneInThreeSat:
    """Positive at ratio 0.62 or random-sign at ratio 1/3, by a seeded coin flip."""
    if _random.Random(seed).random() < 0.5:
        return positive_instance(seed, num_vars, 0.62)
    return random_instance(seed, num_vars, 1 / 3)


def verification_sample(seed: int) -> OneInThreeSat:
    """A small instance (3-8 variables) for the verifier: about a third of them are no-instances; one
    case in about ten with 0-2 clauses (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        whole = random_instance(rng.randrange(2**31), 3, ratio=1.0)
        return OneInThreeSat(*compact_variables([list(c) for c in whole.clauses[:rng.randint(0, 2)]]))
    num_vars = rng.randint(3, 8)
    if rng.random() < 0.5:
        return positive_instance(rng.randrange(2**31), num_vars, ratio=rng.uniform(0.5, 1.2))
    return random_instance(rng.randrange(2**31), num_vars, ratio=rng.uniform(0.3, 1.2))


# -- exhaustive enumeration -----------------------------------------------------------------


def _literal_key(literal: int) -> tuple[int, int]:
    return (abs(literal), 0 if literal > 0 else 1)


def _next_clauses(used: int) -> list[tuple[int, ...]]:
    """Every clause (sorted multiset of 3 literals) that may follow when variables 1..used exist.

    New variables must be used+1, used+2, ... in order; each new variable has at least as
    many positive as negative occurrences (a polarity flip is a renaming of literals), and
    the (occurrences, negations) descriptors of the new variables are non-decreasing (new
    variables in one clause are interchangeable). Every clause up to renaming of its new
    variables appears once.
    """
    literals = sorted((s * v for v in range(1, used + 4) for s in (1, -1)), key=_literal_key)
    options = []
    for clause in itertools.combinations_with_replacement(literals, 3):
        new = sorted({abs(l) for l in clause if abs(l) > used})
        if new != list(range(used + 1, used + 1 + len(new))):
            continue
        descriptors = []
        for v in new:
            total = sum(1 for l in clause if abs(l) == v)
            negative = sum(1 for l in clause if l == -v)
            descriptors.append((total, negative))
        if any(neg * 2 > total for total, neg in descriptors):
            continue
        if descriptors != sorted(descriptors):
            continue
        options.append(clause)
    return options


def _canonical_key(clauses: list[tuple[int, ...]]) -> tuple:
    """A renaming of the instance, minimised over clause orders: equal keys => isomorphic.

    Not a perfect canonical form (ties inside a clause are broken by a fixed rule), so
    a few isomorphic duplicates may survive; none is ever wrongly merged.
    """
    best = None
    for order in itertools.permutations(clauses):
        names: dict[int, int] = {}
        flip: dict[int, bool] = {}
        for clause in order:
            # (name so far, |l|, negated): _literal_key's order after the names given
            for literal in sorted(clause, key=lambda l: (names.get(abs(l), 10**9), abs(l), l < 0)):
                if abs(literal) not in names:
                    names[abs(literal)] = len(names) + 1
                    flip[abs(literal)] = literal < 0
        renamed = tuple(
            sorted(
                tuple(sorted(((-1 if (l < 0) != flip[abs(l)] else 1) * names[abs(l)] for l in c),
                             key=lambda l: 2 * abs(l) + (l < 0)))  # _literal_key as one integer
                for c in order
            )
        )
        if best is None or renamed < best:
            best = renamed
    return best


def enumerate_instances(max_clauses: int) -> Iterator[OneInThreeSat]:
    """Every 1-in-3-SAT instance with 1..max_clauses clauses, up to renaming.

    "Every" means: every multiset of clauses (each a multiset of 3 literals, repeated
    literals and complementary pairs allowed) over any variables, up to renaming of
    variables and flipping their polarity, with no unused variables. Isomorphic
    duplicates are removed by a renaming minimised over clause orders; a few may remain.
    """
    if max_clauses > 4:
        raise InvalidInstance("exhaustive 1-in-3-SAT enumeration goes up to 4 clauses")
    option_cache: dict[int, list[tuple[int, ...]]] = {}

    def options(used: int) -> list[tuple[int, ...]]:
        if used not in option_cache:
            option_cache[used] = _next_clauses(used)
        return option_cache[used]

    for count in range(1, max_clauses + 1):
        seen: set[tuple] = set()

        def extend(prefix: list[tuple[int, ...]], used: int) -> Iterator[list[tuple[int, ...]]]:
            if len(prefix) == count:
                yield prefix
                return
            for clause in options(used):
                yield from extend(prefix + [clause], max(used, max(abs(l) for l in clause)))

        orders: set[tuple] = set()  # the clause multisets met: another order of one has its key already
        for clauses in extend([], 0):
            multiset = tuple(sorted(clauses))
            if multiset in orders:
                continue  # the key is minimised over clause orders: the same key, seen (a fifth of a verify's time)
            orders.add(multiset)
            key = _canonical_key(clauses)
            if key in seen:
                continue
            seen.add(key)
            num_vars = max(abs(l) for c in key for l in c)
            yield OneInThreeSat(num_vars, key)


# -- shrinking ------------------------------------------------------------------------------


def shrink(instance: OneInThreeSat) -> Iterator[OneInThreeSat]:
    """Smaller instances: drop one clause; merge one variable into another; drop unused variables."""
    clauses = instance.clause_list()
    for num_vars, smaller in smaller_clause_lists(clauses):
        yield OneInThreeSat(num_vars, smaller)
    num_vars, renamed = compact_variables(clauses)
    if num_vars < instance.num_vars:
        yield OneInThreeSat(num_vars, renamed)


PROBLEM = Problem.of_module(
    globals(),
    id="1in3sat",
    title="1-in-3-SAT: exactly one true literal in every 3-literal clause",
    instance_type=OneInThreeSat,
    certificate_doc="assignment: list of num_vars booleans (entry i-1 is variable i)",
    generators={
        "mixed": mixed_instance,
        "random": random_instance,
        "positive": positive_instance,
        "planted": planted_instance,
        "certified-no": certified_no_instance,
        "quiet": partial(quiet_1in3, _kind=OneInThreeSat),
    },
    default_generator="mixed",
    verify_deciders=("brute", "sat"),
    # the hidden assignment depends on the seed and num_vars alone (it is drawn first)
    planted_certificates={"planted": lambda seed, num_vars=20, **_: planted_assignment(seed, num_vars),
                          "quiet": quiet_1in3_assignment},
    known_answers={"quiet": "YES"},
    **SAT_FAMILY_FIELDS,
    file_model="npw.instances.models:OneInThreeSatFile",
)
