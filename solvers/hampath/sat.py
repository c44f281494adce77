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


def encode(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[list[int]]]:
    """(variables, clauses, x) with x[i][v] the variable of "v at position i"; Refused past the
    encoding limit (about 7 n^2 clauses: n = 845 is the most the default takes), OutOfTime past
    ``deadline``."""
    n = instance.num_vertices
    refuse_above(7 * n * n, f"the position encoding of {n:,} vertices (n^2 = {n * n:,} variables)")
    pool = IDPool()
    x = [[pool.id(("x", i, v)) for v in range(n)] for i in range(n)]
    clauses: list[list[int]] = ClauseBuffer(deadline)
    for i in range(n):
        clauses.extend(CardEnc.equals([x[i][v] for v in range(n)], 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    for v in range(n):
        clauses.extend(CardEnc.equals([x[i][v] for i in range(n)], 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    neighbours = [sorted(instance.neighbours(v)) for v in range(n)]
    for i in range(n - 1):
        for v in range(n):
            clauses.append([-x[i][v]] + [x[i + 1][w] for w in neighbours[v]])
    if instance.s is not None:
        clauses.append([x[0][instance.s]])
    if instance.t is not None:
        clauses.append([x[n - 1][instance.t]])
    return pool.top, clauses, x


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a hampath / hampath-grid-s / hampath-st instance through the position encoding."""
    n = instance.num_vertices

    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode(instance, deadline)
        return SatEncoding(num_vars, clauses,
                           decode=lambda values: tuple(next(v for v in range(n) if values[x[i][v] - 1]) for i in range(n)))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)
