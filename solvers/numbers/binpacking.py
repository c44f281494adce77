"""The two deciders of BIN PACKING (decision): a search (``solve_dp``, no SAT) and a SAT encoding
(``solve_sat``).

The search places the items largest first, each into a bin already opened with room for it or
into the next empty bin (bins are interchangeable, so opening "a" new bin is opening "the" new
bin); two opened bins with the same load are interchangeable too, so only the first is tried.
The sorted loads after each item are memoised once they failed (bounded by
``npw.solvers.limits.remember``). Exponential in the worst case, fine for small instances.

The SAT encoding: x[i][b] "item i in bin b", each item in exactly one bin (``CardEnc``),
each bin's load at most C by :func:`npw.solvers.encodings.binary_sum_at_most`; item 0 in bin 0.

>>> from npw.instances.numbers.binpacking import BinPacking
>>> b = BinPacking((4, 3, 3, 2), 6, 2)
>>> b.verify(solve_dp(b).certificate), b.verify(solve_sat(b).certificate)
(True, True)
>>> solve_dp(BinPacking((4, 3, 3, 2), 5, 2)).answer.value, solve_sat(BinPacking((4, 3, 3, 2), 5, 2)).answer.value
('NO', 'NO')
"""

from __future__ import annotations

import sys
import time
from typing import Any

from npw.instances.numbers.binpacking import BinPacking
from npw.solvers.limits import ClauseBuffer, refuse_above, remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Refused, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "clause_estimate", "encode", "solve_dp", "solve_sat"]


def solve_dp(instance: BinPacking, timeout: float | None = None) -> Result:
    start = time.perf_counter()
    # the search recurses one frame an item: refused where Python's stack would not hold them
    # (100,000 items ended in a RecursionError traceback)
    if len(instance.sizes) > sys.getrecursionlimit() - 200:
        raise Refused(f"the search recurses a frame an item: {len(instance.sizes):,} items, past the "
                      f"{sys.getrecursionlimit() - 200:,} that Python's recursion limit holds")
    deadline = Deadline(timeout)
    C, k = instance.capacity, instance.bins
    order = sorted(range(len(instance.sizes)), key=lambda i: -instance.sizes[i])
    loads: list[int] = []
    where = [0] * len(order)
    failed: set[tuple[int, ...]] = set()
    nodes = 0

    def place(position: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes & 1023 == 0 and deadline.expired():
            raise OutOfTime
        if position == len(order):
            return True
        key = (position,) + tuple(sorted(loads))
        if key in failed:
            return False
        size = instance.sizes[order[position]]
        tried: set[int] = set()
        for b in range(len(loads) + (len(loads) < k)):
            if b == len(loads):
                loads.append(0)
            if loads[b] + size <= C and loads[b] not in tried:
                tried.add(loads[b])
                loads[b] += size
                where[order[position]] = b
                if place(position + 1):
                    return True
                loads[b] -= size
            if loads[b] == 0:
                loads.pop()
        remember(failed, key)
        return False

    try:
        found = place(0)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "dp", {"time": time.perf_counter() - start, "nodes": nodes})
    stats = {"time": time.perf_counter() - start, "nodes": nodes}
    if not found:
        return Result(Answer.NO, None, "dp", stats)
    return Result(Answer.YES, tuple(where), "dp", stats)


def clause_estimate(instance: BinPacking) -> int:
    """k adders of n + bits(C) terms over bits(total + C) bits, 16 clauses a bit a term, and the
    cardinality constraints.

    >>> clause_estimate(BinPacking((4, 3, 3, 2), 6, 2))
    1464
    """
    n, k = len(instance.sizes), min(instance.bins, len(instance.sizes))
    bits = max(sum(instance.sizes) + instance.capacity, 1).bit_length()
    return k * 16 * (n + bits) * bits + 3 * n * k


def encode(instance: BinPacking, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """(number of variables, clauses, x) with x[i][b] the variable 'item i in bin b'. More bins
    than items are never needed: only min(k, n) are encoded."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    from npw.solvers.encodings import binary_sum_at_most

    refuse_above(clause_estimate(instance), f"{instance.bins} bins of binary sums over {len(instance.sizes)} items")
    n, k = len(instance.sizes), min(instance.bins, len(instance.sizes))
    pool = IDPool()
    x = [[pool.id(("x", i, b)) for b in range(k)] for i in range(n)]
    clauses: list[list[int]] = ClauseBuffer(deadline)
    if n and k == 0:
        clauses.append([])
    if n and k:
        clauses.append([x[0][0]])
    for i in range(n):
        if k:
            clauses += CardEnc.equals(lits=x[i], bound=1, vpool=pool, encoding=EncType.seqcounter).clauses
    for b in range(k):
        clauses += binary_sum_at_most([x[i][b] for i in range(n)], instance.sizes, instance.capacity,
                                      lambda: pool.id(), deadline)
    return pool.top, clauses, x


def solve_sat(instance: BinPacking, timeout: float | None = None, solver: str | None = None) -> Result:
    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode(instance, deadline)

        def decode(values: Any) -> tuple[int, ...]:
            return tuple(next(b for b in range(len(row)) if values[row[b] - 1]) for row in x)

        return SatEncoding(max(num_vars, 1), clauses, decode=decode)

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("binpacking", "dp", solve_dp),
    Decider("binpacking", "sat", solve_sat),
)
