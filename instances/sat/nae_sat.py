"""NOT-ALL-EQUAL SAT (Garey & Johnson LO3; Schaefer 1978): clauses of exactly w literals; yes
iff some assignment gives every clause a true and a false literal. Two problems, one model:
``nae3sat`` (w = 3) and ``nae4sat`` (w = 4).

Why two ids and not one problem with a width: the reduction graph's nodes are problem ids, so
``3sat-to-nae4sat`` and ``nae4sat-to-nae3sat`` are two arrows only if the widths are two
problems (one ``naesat`` would make the second a loop, and ``npw path 3sat nae3sat`` could not
tell the widths apart); and a width in the id is checked by the file's validation, so a
splitting that leaves a 4-literal clause in an NAE-3-SAT target is an invalid target, not a
silent pass. The storage, files and checks are the fixed-width formulas' of 1-in-3-SAT
(:class:`~npw.instances.sat.exactly_k_sat.FixedWidthSat`); as there, a literal may repeat and
occurrences are counted, so (x, x, y) asks x != y and (x, ~x, y) always holds.

An assignment's complement satisfies the same clauses (true and false swap), so a yes-instance
has at least two certificates.

>>> f = Nae3Sat(3, [(1, 2, 3), (-1, 2, -3)])
>>> f.verify((True, False, False)), f.verify((True, True, True)), f.verify((False, True, True))
(True, False, True)
>>> Nae4Sat(2, [(1, 1, 2, 2)]).verify((True, True))
False

Generators (seeded; ``num_vars``, ``ratio`` clauses a variable or ``num_clauses``):

* ``random``: w distinct variables a clause, signs by coin flips;
* ``planted`` (yes): an assignment drawn first, every clause redrawn until it has a true and a
  false literal under it; :func:`planted_assignment` gives it;
* ``quiet`` (yes): ``planted`` under the name the SAT family's sign-balanced plantings share (a
  clause is not-all-equal under an assignment and its complement alike, so the signs are balanced);
* ``certified-no`` (no): a random instance and, on three random variables a, b, c with random
  signs, the four clauses (a, b, c), (a, b, ~c), (a, ~b, c), (~a, b, c) (the last literal
  repeated to width 4): each forbids two of the eight values of (a, b, c) and its complement,
  together all eight; :func:`no_core` names the three variables, :func:`certain_no_reason`
  checks them from the definition.
"""

from __future__ import annotations

import itertools
import random as _random
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Sequence

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, takes
from npw.instances.lazy import lazy_import
from npw.instances.sat.exactly_k_sat import FixedWidthSat, clause_count, smaller_clause_lists
from npw.instances.elements import sat_elements

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")

__all__ = ["MIN_VARS", "NAE_TYPES", "Nae3Sat", "Nae4Sat", "NaeSat", "certain_no_reason", "certified_no",
           "enumerate_instances", "nae_problem", "no_core", "planted", "planted_assignment", "random_instance",
           "shrink", "verification_sample"]


class NaeSat(FixedWidthSat):
    """Clauses of WIDTH literals, each needing between 1 and WIDTH - 1 true occurrences."""

    NOT_ALL_EQUAL: ClassVar[bool] = True  # what the SAT family's deciders read to encode the rule

    def clauses_hold(self, counts: np.ndarray) -> np.ndarray:
        return (counts >= 1) & (counts <= self.WIDTH - 1)


class Nae3Sat(NaeSat):
    """NAE-3-SAT: an assignment under which no clause of three literals has all of them equal?

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        DIMACS literals (``v`` variable v, ``-v`` its negation), three a clause.

    Examples
    --------
    >>> from npw.api import Nae3Sat
    >>> formula = Nae3Sat(3, [(1, 2, 3), (-1, 2, -3)])
    >>> formula.verify((True, False, False)), formula.verify((True, True, True))
    (True, False)
    """

    problem = "nae3sat"
    WIDTH = 3


class Nae4Sat(NaeSat):
    """NAE-4-SAT: an assignment under which no clause of four literals has all of them equal?

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        DIMACS literals (``v`` variable v, ``-v`` its negation), four a clause.

    Examples
    --------
    >>> from npw.api import Nae4Sat
    >>> formula = Nae4Sat(4, [(1, 2, 3, 4)])
    >>> formula.verify((True, False, False, False)), formula.verify((True, True, True, True))
    (True, False)
    """

    problem = "nae4sat"
    WIDTH = 4


NAE_TYPES: dict[str, type[NaeSat]] = {"nae3sat": Nae3Sat, "nae4sat": Nae4Sat}
MIN_VARS = 3  # the certified-no core's three variables


def _count(num_vars: int, ratio: float | None, num_clauses: int | None, width: int) -> int:
    if num_vars < max(MIN_VARS, width):  # w distinct variables a clause; three for the certified-no core
        raise InvalidInstance(f"a generated NAE-{width}-SAT instance needs at least {max(MIN_VARS, width)} variables")
    return clause_count(num_vars, ratio, num_clauses)


def _random_clause(rng: _random.Random, num_vars: int, width: int) -> tuple[int, ...]:
    return tuple(v if rng.random() < 0.5 else -v for v in rng.sample(range(1, num_vars + 1), width))


@takes(
    num_vars=Param(3, help="variables (at least the clause width)"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
)
def random_instance(problem: str, seed: int, num_vars: int = 12, ratio: float | None = 2.0,
                    num_clauses: int | None = None) -> NaeSat:
    """WIDTH distinct variables a clause, signs by coin flips."""
    kind = NAE_TYPES[problem]
    rng = _random.Random(seed)
    count = _count(num_vars, ratio, num_clauses, kind.WIDTH)
    return kind(num_vars, [_random_clause(rng, num_vars, kind.WIDTH) for _ in range(count)])


def _nae(clause: Sequence[int], assignment: Sequence[bool]) -> bool:
    values = {assignment[abs(l) - 1] == (l > 0) for l in clause}
    return values == {True, False}


def _planted(problem: str, seed: int, num_vars: int, ratio: float | None, num_clauses: int | None
             ) -> tuple[NaeSat, tuple[bool, ...]]:
    kind = NAE_TYPES[problem]
    rng = _random.Random(seed)
    count = _count(num_vars, ratio, num_clauses, kind.WIDTH)
    hidden = tuple(rng.random() < 0.5 for _ in range(num_vars))
    clauses = []
    for _ in range(count):
        clause = _random_clause(rng, num_vars, kind.WIDTH)
        while not _nae(clause, hidden):  # a coin-flip clause is not-all-equal with probability 3/4 or more
            clause = _random_clause(rng, num_vars, kind.WIDTH)
        clauses.append(clause)
    return kind(num_vars, clauses), hidden


@takes(
    num_vars=Param(3, help="variables (at least the clause width)"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
)
def planted(problem: str, seed: int, num_vars: int = 12, ratio: float | None = 2.0,
            num_clauses: int | None = None) -> NaeSat:
    """A yes-instance: every clause not-all-equal under a hidden random assignment."""
    return _planted(problem, seed, num_vars, ratio, num_clauses)[0]


def planted_assignment(problem: str, seed: int, num_vars: int = 12, ratio: float | None = 2.0,
                       num_clauses: int | None = None) -> tuple[bool, ...]:
    """The assignment :func:`planted` hid with the same seed and parameters."""
    return _planted(problem, seed, num_vars, ratio, num_clauses)[1]


def _core(width: int, variables: Sequence[int], signs: Sequence[int]) -> list[tuple[int, ...]]:
    """The four clauses forbidding every value of three variables, padded to ``width``."""
    a, b, c = (s * v for s, v in zip(signs, variables))
    return [clause + (clause[-1],) * (width - 3) for clause in ((a, b, c), (a, b, -c), (a, -b, c), (-a, b, c))]


def _certified_no(problem: str, seed: int, num_vars: int, ratio: float | None, num_clauses: int | None
                  ) -> tuple[NaeSat, tuple[int, ...]]:
    kind = NAE_TYPES[problem]
    base = random_instance(problem, seed, num_vars, ratio, num_clauses)
    rng = _random.Random(seed ^ 0x5A5A5A5A)  # other draws than the random part's
    variables = tuple(rng.sample(range(1, num_vars + 1), 3))
    core = _core(kind.WIDTH, variables, [rng.choice((1, -1)) for _ in range(3)])
    clauses = base.clause_list()
    for clause in core:  # at random places, so the answer does not sit in the order
        clauses.insert(rng.randint(0, len(clauses)), list(clause))
    return kind(num_vars, clauses), tuple(sorted(variables))


@takes(
    num_vars=Param(3, help="variables (at least the clause width)"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    num_clauses=Param(0, help="clauses (default: num_vars x ratio)"),
)
def certified_no(problem: str, seed: int, num_vars: int = 12, ratio: float | None = 2.0,
                 num_clauses: int | None = None) -> NaeSat:
    """A no-instance: a random one with the four clauses that forbid every value of three variables."""
    return _certified_no(problem, seed, num_vars, ratio, num_clauses)[0]


def no_core(problem: str, seed: int, num_vars: int = 12, ratio: float | None = 2.0,
            num_clauses: int | None = None) -> tuple[int, ...]:
    """The three variables :func:`certified_no` built its core on (same seed and parameters)."""
    return _certified_no(problem, seed, num_vars, ratio, num_clauses)[1]


def certain_no_reason(instance: NaeSat, variables: Sequence[int]) -> str | None:
    """Why the clauses over ``variables`` alone (at most three) prove ``instance`` a no-instance:
    each of their values fails one of them (tried from the definition), or None.

    >>> core = Nae3Sat(3, [(1, 2, 3), (1, 2, -3), (1, -2, 3), (-1, 2, 3)])
    >>> certain_no_reason(core, (1, 2, 3))
    'the 4 clauses over x1, x2, x3 fail under all 8 of their values'
    >>> certain_no_reason(Nae3Sat(3, [(1, 2, 3)]), (1, 2, 3)) is None
    True
    """
    chosen = sorted({int(v) for v in variables})
    if not 1 <= len(chosen) <= 3 or not all(1 <= v <= instance.num_vars for v in chosen):
        return None
    inside = [c for c in instance.clause_list() if {abs(l) for l in c} <= set(chosen)]
    for values in itertools.product((False, True), repeat=len(chosen)):
        assignment = [False] * instance.num_vars
        for v, value in zip(chosen, values):
            assignment[v - 1] = value
        if all(_nae(c, assignment) for c in inside):
            return None
    names = ", ".join(f"x{v}" for v in chosen)
    return f"the {len(inside)} clauses over {names} fail under all {2 ** len(chosen)} of their values"


def verification_sample(problem: str, seed: int) -> NaeSat:
    """w-6 variables near the satisfiability threshold (about 2.1 clauses a variable at w = 3,
    4.9 at w = 4: from 0.6 to 1.6 times it): both answers common, small for the brute force."""
    kind = NAE_TYPES[problem]
    rng = _random.Random(seed)
    threshold = {3: 2.1, 4: 4.9}[kind.WIDTH]
    return random_instance(problem, rng.randrange(2**31), rng.randint(max(MIN_VARS, kind.WIDTH), 6),
                           threshold * rng.uniform(0.6, 1.6))


def enumerate_instances(problem: str, max_clauses: int) -> Iterator[NaeSat]:
    """Every instance with 1..max_clauses clauses over at most 3 variables (clause multisets of
    literal multisets, no unused variable; not reduced up to renaming): at w = 4 a clause repeats
    a variable."""
    kind = NAE_TYPES[problem]
    literals = [s * v for v in (1, 2, 3) for s in (1, -1)]
    clauses = list(itertools.combinations_with_replacement(literals, kind.WIDTH))
    for count in range(1, max_clauses + 1):
        for chosen in itertools.combinations_with_replacement(clauses, count):
            used = sorted({abs(l) for c in chosen for l in c})
            if used == list(range(1, len(used) + 1)):
                yield kind(len(used), chosen)


def shrink(instance: NaeSat) -> Iterator[NaeSat]:
    """Drop a clause; merge a variable into another (clauses keep their width)."""
    for num_vars, smaller in smaller_clause_lists(instance.clause_list()):
        yield type(instance)(num_vars, smaller)


def nae_problem(problem: str, **fields: Any) -> Problem:
    """The record of ``nae3sat`` or ``nae4sat``; ``fields`` are its own (its file model)."""
    width = NAE_TYPES[problem].WIDTH
    return Problem(
        id=problem,
        title=f"NAE-{width}-SAT (LO3): clauses of {width} literals, each with a true and a false one",
        instance_type=NAE_TYPES[problem],
        certificate_doc="assignment: list of num_vars booleans (entry i-1 is variable i); its complement works too",
        generators={"random": partial(random_instance, problem), "planted": partial(planted, problem),
                    "certified-no": partial(certified_no, problem),
                    # the plain planting is already quiet: kept clauses have as many true literals
                    # as false ones on average (npw.instances.sat.quiet_planting); one name across
                    # the SAT family for planted instances that hide their assignment
                    "quiet": partial(planted, problem)},
        default_generator="random",
        enumerate=partial(enumerate_instances, problem),
        enumerate_doc=enumerate_instances.__doc__ or "",
        shrink=shrink,
        sample=partial(verification_sample, problem),
        # SAT first, as for 3sat and coloring: the verifier decides a target with the first decider
        # only, and the brute force ran out of 2 s on 23 of 40 targets of the chain cnf -> 3sat ->
        # nae4sat -> nae3sat (up to 105 variables) where SAT took 7 ms each; a source gets both
        verify_deciders=("sat", "brute"),
        planted_certificates={"planted": partial(planted_assignment, problem),
                              "quiet": partial(planted_assignment, problem)},
        known_answers={"quiet": "YES"},
        deciders=("sat", "brute"),
        renderer="npw.instances.sat.render:render_svg",
        elements=sat_elements,
        **fields,
    )
