"""Two independent deciders of SET COVER (``setcover``).

* ``search``: the bounded search tree, from the definition: the uncovered element held by the
  fewest sets must be covered by one of them, so branch on each, at most k deep; a branch is cut
  when even the largest remaining sets could not cover what is left within the budget. Never
  touches SAT.
* ``sat``: python-sat: variable j + 1 says "set j is chosen"; each element a clause of the sets
  holding it; at most k chosen by ``CardEnc`` (sequential counter).

>>> from npw.instances.sets.setcover import SetCover
>>> c = SetCover(4, ((0, 1), (2, 3), (1, 2)), 1)
>>> solve_search(c).answer.value, solve_sat(c).answer.value
('NO', 'NO')
>>> room = c.with_bound(2)
>>> room.verify(solve_search(room).certificate), room.verify(solve_sat(room).certificate)
(True, True)
"""

from __future__ import annotations

import time

from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.sat import SatEncoding, cardinality, decide_by_sat, distinct_certificates
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "SAMPLERS", "encode", "sample_certificates", "solve_sat", "solve_search"]


class _Search:
    def __init__(self, instance, deadline: Deadline) -> None:
        self.c = instance
        self.deadline = deadline
        self.nodes = 0
        self.holders: list[list[int]] = [[] for _ in range(instance.universe)]
        for j, subset in enumerate(instance.sets):
            for e in subset:
                self.holders[e].append(j)

    def search(self, uncovered: frozenset[int], chosen: tuple[int, ...], budget: int) -> tuple[int, ...] | None:
        self.nodes += 1
        if self.nodes % 64 == 0:
            self.deadline.check()
        if not uncovered:
            return chosen
        if budget == 0:
            return None
        gains = sorted((len(uncovered.intersection(s)) for s in self.c.sets), reverse=True)
        if sum(gains[:budget]) < len(uncovered):  # the best `budget` sets together fall short
            return None
        element = min(uncovered, key=lambda e: (len(self.holders[e]), e))
        for j in self.holders[element]:
            found = self.search(uncovered.difference(self.c.sets[j]), chosen + (j,), budget - 1)
            if found is not None:
                return found
        return None


def solve_search(instance, timeout: float | None = None) -> Result:
    """Decides a setcover instance by the bounded search tree."""
    start = time.perf_counter()
    search = _Search(instance, Deadline(timeout))
    try:
        found = search.search(frozenset(range(instance.universe)), (), instance.k)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "search", {"time": time.perf_counter() - start, "nodes": search.nodes})
    stats = {"time": time.perf_counter() - start, "nodes": search.nodes}
    if found is None:
        return Result(Answer.NO, None, "search", stats)
    return Result(Answer.YES, tuple(sorted(found)), "search", stats)


def encode(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]]]:
    """(variables, clauses); Refused past the encoding limit (the elements' clauses and the
    counter's 2 m k), OutOfTime past ``deadline``."""
    m, k = len(instance.sets), instance.k
    refuse_above(instance.universe + 2 * m * max(k, 1), f"the setcover encoding of {m:,} sets with k = {k:,}")
    clauses: list[list[int]] = ClauseBuffer(deadline)
    holders: list[list[int]] = [[] for _ in range(instance.universe)]
    for j, subset in enumerate(instance.sets):
        for e in subset:
            holders[e].append(j + 1)
    clauses.extend(holders)  # an element no set holds: the empty clause, unsatisfiable
    pool = IDPool(start_from=m + 1)
    if k < m:
        clauses.extend(cardinality("atmost", range(1, m + 1), k, pool, deadline))  # large: in a child, to the deadline
    return max(pool.top, m), clauses


def solve_sat(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a setcover instance through its encoding."""
    m = len(instance.sets)

    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses = encode(instance, deadline)
        return SatEncoding(num_vars, clauses, decode=lambda model: tuple(j for j in range(m) if model[j]))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


def sample_certificates(instance, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Diverse and distinct covers (models under random phases, each blocked once found), for
    checking a backward map on more than one.

    >>> from npw.instances.sets.setcover import SetCover
    >>> c = SetCover(2, ((0,), (1,), (0, 1)), 2)
    >>> found = sample_certificates(c, 8, seed=1)
    >>> all(c.verify(x) for x in found), len(set(found)) > 1
    (True, True)
    """
    num_vars, clauses = encode(instance)
    m = len(instance.sets)
    encoding = SatEncoding(num_vars, clauses, decode=lambda model: tuple(j for j in range(m) if model[j]),
                           shown=range(1, m + 1))
    return distinct_certificates(encoding, count, seed)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("setcover", "search", solve_search),
    Decider("setcover", "sat", solve_sat),
)

SAMPLERS = (
    Sampler("setcover", sample_certificates),
)
