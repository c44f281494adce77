"""Deciders of 4-PARTITION, and the binary SAT encoding of "m groups of k of sum B" that
3-PARTITION uses too once its unary sums would be too big (large B, as Theorem 4.4 builds).

* ``solve_dp``: the memoised search of :func:`npw.solvers.numbers.three_partition.dp.solve_groups` with
  k = 4 (no SAT; its cost depends on how many distinct values there are, not on their size);
* ``solve_sat``: x[i][j] "number i in group j", each number in exactly one group and each group
  of exactly k members (``CardEnc``, sequential counter), each group's sum equal to B by the
  ripple-carry adder :func:`npw.solvers.encodings.binary_sum_equals` (O(k m * bits(m B)) gates a
  group, whatever B is); number 0 in group 0 (groups are unordered).

>>> from npw.instances.numbers.four_partition import FourPartition
>>> p = FourPartition((5, 5, 5, 7, 5, 5, 6, 6), 22)
>>> p.verify(solve_dp(p).certificate), p.verify(solve_sat(p).certificate)
(True, True)
>>> solve_sat(FourPartition((6, 6, 6, 6, 6, 6, 6, 8), 25)).answer.value
'NO'
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "clause_estimate", "encode_groups", "group_clauses", "solve_dp", "solve_groups_sat",
           "solve_sat"]


def clause_estimate(n: int, m: int, bound: int) -> int:
    """m adders of n terms over bits(n B) bits, at most 16 clauses a bit a term, and the
    cardinality constraints.

    >>> clause_estimate(8, 2, 20)
    2144
    """
    return m * 16 * n * max(n * bound, 1).bit_length() + 6 * n * m


def encode_groups(numbers: Sequence[int], bound: int, k: int,
                  deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """(number of variables, clauses, x) with x[i][j] the variable 'number i in group j'."""
    from npw.solvers.encodings import binary_sum_equals

    n, m = len(numbers), len(numbers) // k
    refuse_above(clause_estimate(n, m, bound), f"binary sums to B = {bound:,} over {n} numbers in {m} groups")
    return group_clauses(n, m, k, deadline,
                         lambda pool, j, column: binary_sum_equals(column, list(numbers), bound, lambda: pool.id(), deadline))


def group_clauses(n: int, m: int, k: int, deadline: Deadline | None,
                  group_sum: Callable[[Any, int, list[int]], list[list[int]]]) -> tuple[int, list[list[int]], list[list[int]]]:
    """The clauses of "n numbers in m groups of k, each group's sum as ``group_sum`` says" (this
    module's binary sums, 3-PARTITION's unary ones).

    Parameters
    ----------
    n, m, k : int
        The numbers, the groups, the members of a group.
    deadline : Deadline or None
        Checked while the clauses grow (``ClauseBuffer``).
    group_sum : Callable[[IDPool, int, list[int]], list[list[int]]]
        ``group_sum(pool, j, column)``: the clauses saying group j's members (``column[i]``:
        number i is in it) sum to B, new variables taken from ``pool``.

    Returns
    -------
    tuple[int, list[list[int]], list[list[int]]]
        (number of variables, clauses, x) with x[i][j] the variable 'number i in group j'; number
        0 is in group 0, each number in exactly one group, each group of exactly k members
        (``CardEnc``, sequential counter), group by group in that order.
    """
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    pool = IDPool()
    x = [[pool.id(("x", i, j)) for j in range(m)] for i in range(n)]
    clauses: list[list[int]] = ClauseBuffer(deadline)
    clauses.append([x[0][0]])
    for i in range(n):
        clauses += CardEnc.equals(lits=x[i], bound=1, vpool=pool, encoding=EncType.seqcounter).clauses
    for j in range(m):
        column = [x[i][j] for i in range(n)]
        clauses += CardEnc.equals(lits=column, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses
        clauses += group_sum(pool, j, column)
    return pool.top, clauses, x


def solve_groups_sat(instance: Any, k: int, timeout: float | None = None, solver: str | None = None) -> Result:
    """The SAT decider of groups of k (``instance.numbers``, ``instance.bound``)."""
    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode_groups(instance.numbers, instance.bound, k, deadline)
        m = len(instance.numbers) // k
        return SatEncoding(num_vars, clauses, decode=lambda values: tuple(
            tuple(i for i in range(len(x)) if values[x[i][j] - 1]) for j in range(m)))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


def solve_dp(instance: Any, timeout: float | None = None) -> Result:
    from npw.solvers.numbers.three_partition.dp import solve_groups

    return solve_groups(instance, 4, timeout)


def solve_sat(instance: Any, timeout: float | None = None, solver: str | None = None) -> Result:
    return solve_groups_sat(instance, 4, timeout, solver)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("4partition", "dp", solve_dp),
    Decider("4partition", "sat", solve_sat),
)
