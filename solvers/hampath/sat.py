"""Hamiltonian path through python-sat: the position encoding.

Variable x[i][v] says "vertex v is the i-th vertex of the path" (i = 0..n-1). Each position
holds exactly one vertex and each vertex one position (sequential-counter at-most-one),
x[i][v] implies that position i+1 holds a neighbour of v, and x[0][s], x[n-1][t] are unit
clauses where s, t are given. The same solver and timeout rules as ``npw.solvers.sat``.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.result import Deadline, Result
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.hampath.dp import fast
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "encode", "encode_cycle", "position_encoding", "solve", "solve_cycle"]


def position_encoding(n: int, successors, s: int | None, t: int | None, cyclic: bool,
                      deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """(variables, clauses, x) with x[i][v] the variable of "v at position i": exactly one vertex
    per position and one position per vertex, x[i][v] implying a successor of v at position i + 1
    (``cyclic``: position n - 1 followed by position 0 too), x[0][s] and x[n-1][t] where given.
    Refused past the encoding limit (about 7 n^2 clauses: n = 845 is the most the default takes),
    OutOfTime past ``deadline``."""
    refuse_above(7 * n * n, f"the position encoding of {n:,} vertices (n^2 = {n * n:,} variables)")
    pool = IDPool()
    x = [[pool.id(("x", i, v)) for v in range(n)] for i in range(n)]
    clauses: list[list[int]] = ClauseBuffer(deadline)
    for i in range(n):
        clauses.extend(CardEnc.equals([x[i][v] for v in range(n)], 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    for v in range(n):
        clauses.extend(CardEnc.equals([x[i][v] for i in range(n)], 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    after = [sorted(successors(v)) for v in range(n)]
    for i in range(n if cyclic else n - 1):
        for v in range(n):
            clauses.append([-x[i][v]] + [x[(i + 1) % n][w] for w in after[v]])
    if s is not None:
        clauses.append([x[0][s]])
    if t is not None:
        clauses.append([x[n - 1][t]])
    return pool.top, clauses, x


def encode(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """The position encoding of a Hamiltonian path instance (:func:`position_encoding`)."""
    return position_encoding(instance.num_vertices, instance.neighbours, instance.s, instance.t, False, deadline)


def encode_cycle(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """The position encoding of a hamcycle / dhamcycle instance: positions taken cyclically, vertex 0
    at position 0 (every rotation of a cycle is the same cycle). Fewer vertices than a cycle needs
    get the contradiction x[0][0], -x[0][0]."""
    n = instance.num_vertices
    num_vars, clauses, x = position_encoding(n, instance.successors, 0, None, True, deadline)
    if n < instance.SMALLEST_CYCLE:
        clauses.append([-x[0][0]])  # with the unit x[0][0]: no cycle on 1 vertex (2 undirected)
    return num_vars, clauses, x


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a hampath / hampath-grid-s / hampath-st instance through the position encoding."""
    n = instance.num_vertices

    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode(instance, deadline)
        return SatEncoding(num_vars, clauses,
                           decode=lambda values: tuple(next(v for v in range(n) if values[x[i][v] - 1]) for i in range(n)))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


def solve_cycle(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a hamcycle / dhamcycle instance through the cyclic position encoding.

    >>> from npw.instances.hampath.cycle import HamCycle
    >>> solve_cycle(HamCycle(4, ((0, 1), (1, 2), (2, 3), (0, 3), (0, 2)))).answer
    <Answer.YES: 'YES'>
    """
    n = instance.num_vertices

    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode_cycle(instance, deadline)
        return SatEncoding(num_vars, clauses,
                           decode=lambda values: tuple(next(v for v in range(n) if values[x[i][v] - 1]) for i in range(n)))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat", solve) for problem in ("hampath", "hampath-grid-s", "hampath-st",
                                                     "hampath-dumbbells")),
    # the position encoding is fast only where the DP is (4.5 s on a 49-vertex cycle target, where
    # sat-edges takes 0.002 s: BENCHMARKS.md): past it the default decider goes on to sat-edges
    *(Decider(problem, "sat", solve_cycle, fast=fast)
      for problem in ("hamcycle", "dhamcycle", "dhamcycle-21", "dhamcycle-21-planar")),
)
