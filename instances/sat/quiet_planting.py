"""Quiet planting: satisfiable formulas whose planted assignment leaves no trace a simple
statistic can read, and the simple statistics (detectors) that test it.

Plain planting (draw an assignment first, keep only clauses it satisfies) biases the signs: a
3-SAT clause with random signs is kept when one of its 3 literals is true, so a kept literal is
true with probability 4/7, and the sign a variable appears with most often is its planted value
for about 70% of the variables at 4.2 clauses a variable (measured: BENCHMARKS.md, issue 37).
Such formulas are also easy (CaDiCaL needs fewer conflicts than on random satisfiable ones).

* **3-SAT, q-hidden formulas** (Jia, Moore & Strain, "Generating hard satisfiable formulas by
  hiding solutions deceptively", AAAI 2005 and JAIR 24, 2005): a clause with t >= 1 literals
  true under the hidden assignment is kept with probability proportional to q^t (t = 0 is never
  kept). A kept literal is true with probability (3q/3 + 3q^2 2/3 + q^3) / (3q + 3q^2 + q^3),
  which is 1/2 exactly when q^2 + q - 1 = 0, q = (sqrt 5 - 1)/2 = 0.618...: every variable's
  expected sign balance is zero and the majority vote is a coin flip (what is hidden is this
  first moment; a detector of higher order, belief propagation at high density, may still see
  more). :func:`quiet_3sat`; ``q = 1`` is plain planting, for comparison.
* **1-in-3-SAT, balanced positive planting**: a sign-balanced planted 1-in-3 formula does not
  exist (a planted clause has exactly one true literal of three, so a third of the occurrences
  are true, and balance would make half of them true), so :func:`quiet_1in3` plants positive
  (monotone) clauses, where signs say nothing, over an assignment with exactly a third of the
  variables true: each clause one true variable and two false ones, drawn uniformly from their
  classes, so a true variable's expected degree 3m/n equals a false one's (with half of them
  true, the false ones would appear twice as often and a degree ranking would find them). It
  is the planted ensemble of positive 1-in-3-SAT (the hard variant for CDCL near 0.62 clauses a
  variable) whose assignment has the true fraction a random instance's solutions have (each
  clause one true variable: sum of true degrees = m, a third of the variables at equal
  degrees); the idea is Krzakala & Zdeborova's quiet planting ("Hiding quiet solutions in
  random constraint satisfaction problems", PRL 102, 238701, 2009): plant where the planted
  assignment's statistics are those of a random solution. Measured, not proved, for this
  ensemble: :func:`degree_detector` finds no more than chance (BENCHMARKS.md, issue 37).
* **NAE-3-SAT** is symmetric under negation: a clause is not-all-equal under an assignment and
  its complement alike, and kept clauses have one or two true literals in equal numbers, so
  plain planting (``nae3sat``'s ``planted``, also named ``quiet``) already balances the signs
  (quiet below the condensation threshold, Krzakala & Zdeborova 2009).

The planted assignment is drawn first from the seed (it depends on the seed and ``num_vars``
alone), so the problems' ``planted_certificates`` give it back.

The generators build the problem's own instance type, handed in by the problem's module as
``_kind`` (``functools.partial``; this module imports no problem module, which import it):

>>> from npw.instances.registry import get_problem
>>> f = get_problem("3sat").generate("quiet", seed=3, num_vars=30, ratio=4.2)
>>> f.verify(quiet_3sat_assignment(seed=3, num_vars=30)), len(f.clauses)
(True, 126)
"""

from __future__ import annotations

import math
import random as _random
from typing import Any, Callable, Sequence

from npw.instances.base import InvalidInstance, Param, takes
from npw.instances.sat.exactly_k_sat import clause_count

__all__ = ["GOLDEN_Q", "agreement", "degree_detector", "majority_detector", "quiet_1in3", "quiet_1in3_assignment",
           "quiet_3sat", "quiet_3sat_assignment", "sign_balance"]

GOLDEN_Q = (math.sqrt(5) - 1) / 2
"""Jia, Moore & Strain's q for 3-SAT: the root of q^2 + q - 1 = 0, where a kept literal is true
with probability exactly 1/2 (0.6180...)."""


def _hidden(rng: _random.Random, num_vars: int) -> tuple[bool, ...]:
    return tuple(rng.random() < 0.5 for _ in range(num_vars))


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable"),
    q=Param(0.0, 1.0, help="a clause with t true literals is kept with probability q^(t-1); "
                           "0.618 (the default) balances the signs, 1 is plain planting"),
)
def quiet_3sat(seed: int, num_vars: int = 20, ratio: float = 4.26, q: float = GOLDEN_Q, *,
               _kind: Callable[..., Any]) -> Any:
    """A satisfiable 3-SAT formula hiding its planted assignment: Jia, Moore & Strain's q-hidden
    formulas (three distinct variables a clause, signs by coin flips, a clause with t true
    literals under the hidden assignment kept with probability q^(t-1), never with t = 0).

    Parameters
    ----------
    seed : int
        Seeds the hidden assignment (drawn first) and the clauses.
    num_vars : int
        Variables, at least 3.
    ratio : float
        Clauses per variable (``max(1, round(ratio * num_vars))`` clauses, as ``random``).
    q : float
        0..1; :data:`GOLDEN_Q` hides the signs, 1 keeps every satisfied clause (plain planting).
    _kind : callable
        ``_kind(num_vars, clauses)`` builds the instance (``ThreeSat``, bound by its module).

    Returns
    -------
    ThreeSat
        Satisfied by :func:`quiet_3sat_assignment` with the same seed and ``num_vars``.

    Examples
    --------
    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> f = quiet_3sat(seed=1, num_vars=200, ratio=4.2, _kind=ThreeSat)
    >>> hidden = quiet_3sat_assignment(seed=1, num_vars=200)
    >>> f.verify(hidden), abs(agreement(majority_detector(f), hidden) - 0.5) < 0.1
    (True, True)
    """
    if num_vars < 3:
        raise InvalidInstance("quiet 3-SAT needs at least 3 variables (three distinct ones a clause)")
    rng = _random.Random(seed)
    hidden = _hidden(rng, num_vars)
    keep = (0.0, 1.0, q, q * q)  # by the number of true literals; q^(t-1), so the likeliest is kept always
    variables = range(1, num_vars + 1)
    clauses: list[tuple[int, ...]] = []
    for _ in range(max(1, round(ratio * num_vars))):
        while True:
            clause = tuple(v if rng.random() < 0.5 else -v for v in rng.sample(variables, 3))
            true = sum(hidden[abs(l) - 1] == (l > 0) for l in clause)
            # t = 1 is always kept (probability 3/8 a draw), so the loop ends
            if true and (true == 1 or rng.random() < keep[true]):
                break
        clauses.append(clause)
    return _kind(num_vars, clauses)


def quiet_3sat_assignment(seed: int, num_vars: int = 20, **_: Any) -> tuple[bool, ...]:
    """The assignment :func:`quiet_3sat` hid for this seed and ``num_vars`` (drawn first).

    >>> len(quiet_3sat_assignment(seed=2, num_vars=5))
    5
    """
    return _hidden(_random.Random(seed), num_vars)


def _third_true(rng: _random.Random, num_vars: int) -> tuple[bool, ...]:
    true = set(rng.sample(range(num_vars), max(1, round(num_vars / 3))))
    return tuple(i in true for i in range(num_vars))


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
)
def quiet_1in3(seed: int, num_vars: int = 21, ratio: float | None = 0.62, num_clauses: int | None = None, *,
               _kind: Callable[..., Any]) -> Any:
    """A satisfiable positive 1-in-3-SAT formula over a hidden assignment with a third of the
    variables true: each clause one true and two distinct false variables, uniformly from their
    classes, in a random order, so true and false variables have the same expected degree.

    Parameters
    ----------
    seed : int
        Seeds the hidden assignment (drawn first) and the clauses.
    num_vars : int
        Variables, at least 3 (``round(num_vars / 3)`` of them true).
    ratio, num_clauses : float, int
        Clauses per variable (default 0.62, positive 1-in-3-SAT's threshold region), or a count.
    _kind : callable
        ``_kind(num_vars, clauses)`` builds the instance (``OneInThreeSat``, bound by its module).

    Returns
    -------
    OneInThreeSat
        Satisfied by :func:`quiet_1in3_assignment` with the same seed and ``num_vars``.

    Examples
    --------
    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> f = quiet_1in3(seed=1, num_vars=30, _kind=OneInThreeSat)
    >>> f.verify(quiet_1in3_assignment(seed=1, num_vars=30)), sum(quiet_1in3_assignment(seed=1, num_vars=30))
    (True, 10)
    >>> bool((f.clauses > 0).all())  # positive: the signs hold nothing
    True
    """
    if num_vars < 3:
        raise InvalidInstance("quiet 1-in-3-SAT needs at least 3 variables (one true and two false a clause)")
    rng = _random.Random(seed)
    hidden = _third_true(rng, num_vars)
    true = [v for v in range(1, num_vars + 1) if hidden[v - 1]]
    false = [v for v in range(1, num_vars + 1) if not hidden[v - 1]]
    clauses = []
    for _ in range(clause_count(num_vars, ratio, num_clauses)):
        clause = [rng.choice(true), *rng.sample(false, 2)]
        rng.shuffle(clause)  # the true variable's position says nothing
        clauses.append(tuple(clause))
    return _kind(num_vars, clauses)


def quiet_1in3_assignment(seed: int, num_vars: int = 21, **_: Any) -> tuple[bool, ...]:
    """The assignment :func:`quiet_1in3` hid for this seed and ``num_vars``: a third of them true.

    >>> quiet_1in3_assignment(seed=0, num_vars=6).count(True)
    2
    """
    return _third_true(_random.Random(seed), num_vars)


# -- detectors: what a simple statistic recovers of a planted assignment -----------------------

def sign_balance(instance: Any) -> list[int]:
    """Per variable (entry i-1 for variable i), its positive occurrences minus its negative ones.

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> sign_balance(ThreeSat(3, [(1, 2, -3), (1, -2, 3)]))
    [2, 0, 0]
    """
    balance = [0] * instance.num_vars
    for clause in instance.clauses:
        for literal in clause:
            balance[abs(int(literal)) - 1] += 1 if literal > 0 else -1
    return balance


def majority_detector(instance: Any) -> tuple[bool, ...]:
    """Each variable set by the sign it appears with most often (true on a tie, never seen too).

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> majority_detector(ThreeSat(3, [(1, -2, -3), (1, -2, 3)]))
    (True, False, True)
    """
    return tuple(b >= 0 for b in sign_balance(instance))


def degree_detector(instance: Any, fraction_true: float) -> tuple[bool, ...]:
    """The ``round(fraction_true * num_vars)`` variables of most occurrences true, the rest false
    (ties by variable number): what the degrees tell where the planted true fraction is known.

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> degree_detector(OneInThreeSat(4, [(1, 2, 3), (1, 2, 4), (1, 3, 4)]), 0.25)
    (True, False, False, False)
    """
    degree = [0] * instance.num_vars
    for clause in instance.clauses:
        for literal in clause:
            degree[abs(int(literal)) - 1] += 1
    chosen = set(sorted(range(instance.num_vars), key=lambda i: (-degree[i], i))[:round(fraction_true * instance.num_vars)])
    return tuple(i in chosen for i in range(instance.num_vars))


def agreement(guess: Sequence[bool], hidden: Sequence[bool]) -> float:
    """The fraction of variables on which ``guess`` and ``hidden`` agree.

    >>> agreement((True, False, True, True), (True, True, True, False))
    0.5
    """
    if len(guess) != len(hidden) or not hidden:
        raise InvalidInstance(f"a guess of {len(guess)} values against an assignment of {len(hidden)}")
    return sum(bool(g) == bool(h) for g, h in zip(guess, hidden)) / len(hidden)
