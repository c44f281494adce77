"""SAT decider for SUBSET SUM and PARTITION through python-sat (``npw.solvers.sat.decide_by_sat``).

One variable x_i a number ("number i is chosen"); the chosen numbers' sum equals the target
(PARTITION: half the total, an odd total being a NO without clauses) by
:func:`npw.solvers.encodings.binary_sum_equals`, a ripple-carry adder: numbers are binary,
so a unary chain (3-PARTITION's) would be exponential in their bits. Pseudo-Boolean encodings
(``pysat.pb``) need the ``python-sat[pb]`` extra, which this project does not install.

>>> from npw.instances.numbers.model import Partition, SubsetSum
>>> result = solve(SubsetSum((3, 5, 8, 2), 10))
>>> result.answer.value, sorted(result.certificate) in ([0, 1, 3], [2, 3])
('YES', True)
>>> solve(Partition((3, 5, 4))).answer.value
'NO'
"""

from __future__ import annotations

from typing import Any

from pysat.formula import IDPool

from npw.solvers.encodings import binary_sum_equals
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "clause_estimate", "encode", "solve"]


def clause_estimate(count: int, total: int) -> int:
    """At most 4 gates of 4 clauses a bit a number: count * bits(total) * 16.

    >>> clause_estimate(10, 1000)
    1600
    """
    return count * max(total.bit_length(), 1) * 16


def encode(instance: Any, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[int]]:
    """(number of variables, clauses, x) with x[i] the variable 'number i chosen'."""
    numbers = instance.numbers
    refuse_above(clause_estimate(len(numbers), sum(numbers)), f"a binary adder over {len(numbers)} numbers")
    pool = IDPool()
    x = [pool.id(("x", i)) for i in range(len(numbers))]
    clauses: list[list[int]] = ClauseBuffer(deadline)
    clauses += binary_sum_equals(x, numbers, instance.target, lambda: pool.id(), deadline)
    return pool.top, clauses, x


def solve(instance: Any, timeout: float | None = None, solver: str | None = None) -> Result:
    def encoding(deadline: Deadline) -> SatEncoding:
        if instance.problem == "partition" and instance.total % 2:
            return SatEncoding.decided(False, reason="odd total")
        num_vars, clauses, x = encode(instance, deadline)
        return SatEncoding(max(num_vars, 1), clauses,
                           decode=lambda values: tuple(i for i in range(len(x)) if values[x[i] - 1]))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat", solve) for problem in ("subsetsum", "partition")),
)
