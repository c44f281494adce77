"""SAT decider for 3-PARTITION through python-sat (``npw.solvers.sat.decide_by_sat``).

Variables x[i][j]: number i is in group j. Each number is in exactly one group
(``pysat.card.CardEnc.equals``, sequential counter, correct for k = 1), each group
has exactly three members (also implied by the bounds; added for propagation) and
sums to exactly B, by ``npw.solvers.encodings.weighted_sum_equals``: a unary
dynamic-programming chain over partial sums (pseudo-Boolean without the
``python-sat[pb]`` extra, which this project does not install). Numbers are unary
bounded (strong NP-hardness), so the chain has O(3m * B) variables a group.
Symmetry: number 0 goes to group 0.
"""

from __future__ import annotations

from npw.instances.numbers.three_partition import ThreePartition
from npw.solvers.encodings import weighted_sum_equals
from npw.solvers.limits import refuse_above
from npw.solvers.numbers.groups import group_clauses
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "clause_estimate", "encode", "solve"]


def clause_estimate(n: int, m: int, bound: int) -> int:
    """About how many clauses :func:`encode` builds: m unary sum chains of n (B + 1) steps of
    about 5 clauses, and the cardinality constraints.

    >>> clause_estimate(6, 2, 20)
    1368
    """
    return m * (5 * n * (bound + 1) + 6 * n) + 3 * n * m


def encode(instance: ThreePartition, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """(number of variables, clauses, x) with x[i][j] the variable 'number i in group j';
    Refused when the unary sums would pass the encoding limit (B in the billions), OutOfTime
    past ``deadline``."""
    n, m = len(instance.numbers), instance.m
    refuse_above(clause_estimate(n, m, instance.bound),
                 f"unary sums to B = {instance.bound:,} over {n} numbers in {m} groups")
    return group_clauses(n, m, 3, deadline,
                         lambda pool, j, column: weighted_sum_equals(column, list(instance.numbers), instance.bound,
                                                                     lambda key: pool.id(("s", j) + key), deadline))


def solve(instance: ThreePartition, timeout: float | None = None, solver: str | None = None) -> Result:
    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode(instance, deadline)
        return SatEncoding(num_vars, clauses, decode=lambda values: tuple(
            tuple(i for i in range(len(x)) if values[x[i][j] - 1]) for j in range(instance.m)))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("3partition", "sat", solve),
)
