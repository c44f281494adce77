"""Deciders of k-colouring (``coloring``): a SAT encoding and an independent backtracking search.

* ``sat``: variable ``v k + c + 1`` says "vertex v has colour c"; every vertex exactly one colour
  (``pysat.card.CardEnc.equals``, pairwise: k is small), every edge's ends never both colour c.
  Under the one SAT helper (:func:`npw.solvers.sat.decide_by_sat`: deadline, solver, stats, limit).
* ``brute``: backtracking from the definition, never touching SAT: the next vertex is the
  uncoloured one with the fewest colours left (DSATUR's rule), tried with each colour its
  coloured neighbours leave; a colour never used yet is tried once only (the colours are
  interchangeable, so a new colour is the same branch whichever it is). It learns nothing from
  a dead end, so on graphs of many loosely joined gadgets (3sat-to-3col's targets of 100-300
  vertices) it re-explores one conflict under every choice above it and runs out of time where
  SAT answers in milliseconds: the verifier decides targets by ``sat`` (``verify_deciders``).

>>> from npw.instances.graphs.graph import Coloring
>>> c5 = Coloring(5, ((0, 1), (1, 2), (2, 3), (3, 4), (0, 4)), 2)
>>> solve_sat(c5).answer.value, solve_brute(c5).answer.value
('NO', 'NO')
>>> found = solve_brute(c5.with_bound(3)).certificate
>>> c5.with_bound(3).verify(found), c5.with_bound(3).verify(solve_sat(c5.with_bound(3)).certificate)
(True, True)
"""

from __future__ import annotations

import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.graphs.brute import fast, refuse_past_limit, search_result
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat, distinct_certificates
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "MAX_BRUTE_VERTICES", "SAMPLERS", "encode", "sample_certificates", "solve_brute", "solve_sat",
           "variable"]

MAX_BRUTE_VERTICES = 900
"""The most vertices the backtracking takes (its recursion goes one level per vertex, under
Python's default limit of 1,000 frames)."""


def variable(k: int, vertex: int, colour: int) -> int:
    """The SAT variable of "``vertex`` has ``colour``"."""
    return vertex * k + colour + 1


def encode(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]]]:
    """(variables, clauses); Refused past the encoding limit (n k^2 one-hot clauses plus k per
    edge), OutOfTime past ``deadline``."""
    n, k = instance.num_vertices, instance.k
    refuse_above(n * (k * k + 1) + k * len(instance.edges), f"the coloring encoding of {n:,} vertices with k = {k:,}")
    clauses: list[list[int]] = ClauseBuffer(deadline)
    pool = IDPool(start_from=n * k + 1)  # pairwise needs none; kept for an encoding that does
    for v in range(n):
        if k == 0:
            clauses.append([])  # a vertex and no colour: unsatisfiable
            continue
        one_hot = CardEnc.equals([variable(k, v, c) for c in range(k)], bound=1, vpool=pool, encoding=EncType.pairwise)
        clauses.extend(one_hot.clauses)
    clauses.extend([-variable(k, u, c), -variable(k, v, c)] for u, v in instance.edges for c in range(k))
    return max(pool.top, n * k), clauses


def _decode(instance, model) -> tuple[int, ...]:
    k = instance.k
    return tuple(next(c for c in range(k) if model[variable(k, v, c) - 1]) for v in range(instance.num_vertices))


def solve_sat(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a coloring instance through its encoding."""

    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses = encode(instance, deadline)
        return SatEncoding(num_vars, clauses, decode=lambda model: _decode(instance, model))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


def sample_certificates(instance, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Diverse and distinct colourings (models under random phases, each blocked once found), for
    checking a backward map on more than the solver's favourite one (``npw verify --witnesses``).

    >>> from npw.instances.graphs.graph import Coloring
    >>> g = Coloring(3, ((0, 1),), 3)
    >>> found = sample_certificates(g, 6, seed=1)
    >>> all(g.verify(c) for c in found), len(set(found)) > 1
    (True, True)
    """
    num_vars, clauses = encode(instance)
    shown = range(1, instance.num_vertices * instance.k + 1)  # the colour variables (variable())
    return distinct_certificates(SatEncoding(num_vars, clauses, lambda model: _decode(instance, model), shown=shown),
                                 count, seed)


class _Backtrack:
    def __init__(self, instance, deadline: Deadline) -> None:
        self.g = instance
        self.deadline = deadline
        self.nodes = 0
        self.colour = [-1] * instance.num_vertices

    def free(self, v: int) -> list[int]:
        """The colours 0..k-1 no coloured neighbour of v has."""
        taken = {self.colour[w] for w in self.g.neighbours(v)}
        return [c for c in range(self.g.k) if c not in taken]

    def search(self, left: int, used: int) -> bool:
        """Colours the ``left`` uncoloured vertices; ``used``: colours 0..used-1 appear so far."""
        self.nodes += 1
        if self.nodes % 256 == 0:
            self.deadline.check()
        if left == 0:
            return True
        uncoloured = [v for v in range(self.g.num_vertices) if self.colour[v] < 0]
        options = {v: self.free(v) for v in uncoloured}
        v = min(uncoloured, key=lambda w: (len(options[w]), -self.g.degree(w)))
        for c in options[v]:
            if c > used:
                break  # colours above ``used`` are all unused: trying ``used`` was trying them all
            self.colour[v] = c
            if self.search(left - 1, max(used, c + 1)):
                return True
        self.colour[v] = -1
        return False


def solve_brute(instance, timeout: float | None = None) -> Result:
    """Decides a coloring instance by backtracking."""
    start = time.perf_counter()
    n = instance.num_vertices
    refuse_past_limit(n, MAX_BRUTE_VERTICES, "the backtracking")
    search = _Backtrack(instance, Deadline(timeout))
    return search_result(search, lambda: search.search(n, 0), start, certificate=lambda found: tuple(search.colour))


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("coloring", "brute", solve_brute, fast=fast),
    Decider("coloring", "sat", solve_sat),
)

SAMPLERS = (
    Sampler("coloring", sample_certificates),
)
