"""3-SAT: CNF whose clauses have exactly three literals (Karp 1972's source for
Independent Set, 3-Colouring and friends). A literal may repeat inside a clause.

>>> ThreeSat(2, [(1, 2, -2)]).verify((False, False))
True
"""

from __future__ import annotations

import itertools
import random as _random
from functools import partial
from typing import Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.instances.base import Param, degenerate_sample, takes
from npw.instances.sat.exactly_k_sat import compact_variables
from npw.instances.sat.cnf import CNF
from npw.instances.sat.exactly_k_sat import SAT_FAMILY_FIELDS, smaller_clause_lists
from npw.instances.base import FileFormat
from npw.instances.sat.certified_no import tseitin_3sat
from npw.instances.sat.quiet_planting import quiet_3sat, quiet_3sat_assignment

__all__ = ["PROBLEM", "ThreeSat", "enumerate_instances", "random_instance", "shrink", "verification_sample"]


class ThreeSat(CNF):
    """3-SAT: a CNF formula with exactly three literals a clause; is it satisfiable?

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        DIMACS literals (``v`` variable v, ``-v`` its negation), three a clause.

    Examples
    --------
    >>> from npw.api import ThreeSat
    >>> formula = ThreeSat(3, [(1, 2, 3), (-1, -2, -3)])
    >>> formula.verify((True, False, False)), formula.verify((True, True, True))
    (True, False)
    """

    problem = "3sat"

    def validate(self) -> None:
        super().validate()
        for index, clause in enumerate(self.clauses, 1):
            if len(clause) != 3:
                raise InvalidInstance(f"clause c{index} has {len(clause)} literals; 3-SAT needs exactly 3")


@takes(
    num_vars=Param(3, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
)
def random_instance(seed: int, num_vars: int = 20, ratio: float = 4.26) -> ThreeSat:
    """Uniform random 3-SAT: three distinct variables a clause, signs by coin flips."""
    if num_vars < 3:
        raise InvalidInstance("random 3-SAT needs at least 3 variables")
    rng = _random.Random(seed)
    clauses = [tuple(v if rng.random() < 0.5 else -v for v in rng.sample(range(1, num_vars + 1), 3))
               for _ in range(max(1, round(ratio * num_vars)))]
    return ThreeSat(num_vars, clauses)


def verification_sample(seed: int) -> ThreeSat:
    """3-8 variables at 2-8 clauses per variable: small, with both answers common; one case in about
    ten with 0-2 clauses (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        whole = random_instance(rng.randrange(2**31), 3, 1.0)
        return ThreeSat(*compact_variables([list(c) for c in whole.clauses[:rng.randint(0, 2)]]))
    return random_instance(rng.randrange(2**31), rng.randint(3, 6), rng.uniform(2.0, 8.0))


def enumerate_instances(max_clauses: int) -> Iterator[ThreeSat]:
    """Every 3-SAT instance with 1..max_clauses clauses over at most 3 variables (clause
    multisets of literal multisets, no unused variable; not reduced up to renaming)."""
    literals = [s * v for v in (1, 2, 3) for s in (1, -1)]
    clauses = list(itertools.combinations_with_replacement(literals, 3))
    for count in range(1, max_clauses + 1):
        for chosen in itertools.combinations_with_replacement(clauses, count):
            used = sorted({abs(l) for c in chosen for l in c})
            if used == list(range(1, len(used) + 1)):
                yield ThreeSat(len(used), chosen)


def shrink(instance: ThreeSat) -> Iterator[ThreeSat]:
    """Drop a clause; merge a variable into another (clauses keep their three literals)."""
    for num_vars, smaller in smaller_clause_lists([list(c) for c in instance.clauses]):
        yield ThreeSat(num_vars, smaller)


PROBLEM = Problem.of_module(
    globals(),
    id="3sat",
    title="3-SAT: CNF with exactly three literals per clause",
    instance_type=ThreeSat,
    certificate_doc="assignment: list of num_vars booleans (entry i-1 is variable i)",
    generators={"random": random_instance, "quiet": partial(quiet_3sat, _kind=ThreeSat),
                "tseitin": partial(tseitin_3sat, _kind=ThreeSat)},
    default_generator="random",
    # SAT first: the verifier decides a reduction's target with the first decider only, and the
    # brute force (no propagation) ran to the 60 s timeout on 4 of cnf-to-3sat's 300 random
    # targets (up to 44 variables, fresh ones of the split clauses); a 3-SAT source still gets both
    verify_deciders=("sat", "brute"),
    **SAT_FAMILY_FIELDS,
    file_model="npw.instances.models:ThreeSatFile",
    formats=(FileFormat("dimacs", (".cnf", ".dimacs"), write="npw.instances.sat.cnf:CNF.to_dimacs"),),
    planted_certificates={"quiet": quiet_3sat_assignment},
    known_answers={"quiet": "YES", "tseitin": "NO"},
)
