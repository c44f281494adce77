"""SAT decider for 3DM and X3C through python-sat (``npw.solvers.sat.decide_by_sat``).

Variable i + 1 is "set (triple) i is chosen"; every element of the universe lies in exactly one
chosen set: one clause for at least one, and at most one by ``pysat.card.CardEnc`` (pairwise up
to PAIRWISE_UP_TO sets, a sequential counter beyond: 3-SAT -> 3DM's garbage-collection elements
lie in 2mn triples each). An element in no set is a NO without clauses.

>>> from npw.instances.sets.model import ThreeDM
>>> result = solve(ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1))))
>>> result.answer.value, result.certificate
('YES', (0, 1))
>>> solve(ThreeDM(2, ((0, 0, 0), (1, 0, 1)))).answer.value
'NO'
"""

from __future__ import annotations

from typing import Any, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat, distinct_certificates
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "PAIRWISE_UP_TO", "SAMPLERS", "encode", "holding", "sample_certificates", "solve"]

PAIRWISE_UP_TO = 6  # pairwise at-most-one has k(k-1)/2 clauses; the counter about 3k


def holding(universe: int, sets: Sequence[Sequence[int]]) -> list[list[int]]:
    """For each element, the indices of the sets holding it."""
    found: list[list[int]] = [[] for _ in range(universe)]
    for index, s in enumerate(sets):
        for e in s:
            found[e].append(index)
    return found


def encode(instance: Any, deadline: Deadline | None = None) -> tuple[int, list[list[int]]] | None:
    """(variables, clauses), or None when an element lies in no set (a NO without clauses)."""
    sets = instance.universe_sets()
    refuse_above(4 * 3 * len(sets) + 3 * instance.q, f"the exactly-one encoding of {len(sets):,} sets")
    by_element = holding(3 * instance.q, sets)
    if any(not h for h in by_element):
        return None
    pool = IDPool(start_from=len(sets) + 1)  # the counters' auxiliaries after the sets
    clauses: list[list[int]] = ClauseBuffer(deadline)
    for h in by_element:
        lits = [i + 1 for i in h]
        clauses.append(lits)
        if len(lits) > 1:
            kind = EncType.pairwise if len(lits) <= PAIRWISE_UP_TO else EncType.seqcounter
            clauses.extend(CardEnc.atmost(lits, bound=1, vpool=pool, encoding=kind).clauses)
    return max(pool.top, len(sets)), clauses


def solve(instance: Any, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a 3dm or x3c instance through its exactly-one encoding."""
    count = len(instance.universe_sets())

    def encoding(deadline: Deadline) -> SatEncoding:
        built = encode(instance, deadline)
        if built is None:
            return SatEncoding.decided(False, reason="an element lies in no set")
        num_vars, clauses = built
        return SatEncoding(max(num_vars, 1), clauses, decode=lambda model: tuple(i for i in range(count) if model[i]))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


def sample_certificates(instance: Any, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Diverse and distinct matchings (exact covers) found under random phases, each blocked once
    found, for checking a backward map on more than the solver's favourite one (``npw verify
    --witnesses``).

    >>> from npw.instances.sets.model import ThreeDM
    >>> m = ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1), (1, 0, 0)))
    >>> sorted(set(sample_certificates(m, 8, seed=3)))
    [(0, 1), (2, 3)]
    """
    built = encode(instance)
    if built is None:
        return []
    num_vars, clauses = built
    sets = len(instance.universe_sets())
    encoding = SatEncoding(num_vars, clauses, decode=lambda model: tuple(i for i in range(sets) if model[i]),
                           shown=range(1, sets + 1))
    return distinct_certificates(encoding, count, seed)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat", solve) for problem in ("3dm", "x3c")),
)

SAMPLERS = (
    *(Sampler(problem, sample_certificates) for problem in ("3dm", "x3c")),
)
