"""The classic graph problems through python-sat: one variable per vertex ("v is chosen"),
the problem's property as clauses, and the bound k as a cardinality constraint built by
``pysat.card.CardEnc`` (sequential counter), under the one SAT helper
(:func:`npw.solvers.sat.decide_by_sat`: deadline, solver choice, stats, the encoding limit).

* indset: no edge has both ends chosen; at least k chosen;
* clique: no non-edge has both ends chosen; at least k chosen;
* vertexcover: every edge has a chosen end; at most k chosen;
* domset: every vertex is chosen or has a chosen neighbour; at most k chosen.

Variable v + 1 is vertex v; the certificate is the chosen vertices.

>>> from npw.instances.graphs.graph import IndependentSet, DominatingSet
>>> result = solve(IndependentSet(4, ((0, 1), (1, 2), (2, 3)), 2))
>>> result.answer.value, IndependentSet(4, ((0, 1), (1, 2), (2, 3)), 2).verify(result.certificate)
('YES', True)
>>> solve(DominatingSet(4, ((0, 1), (2, 3)), 1)).answer.value
'NO'
"""

from __future__ import annotations

from typing import Any, Callable

from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, cardinality, decide_by_sat, sample_models
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "SAMPLERS", "VertexSetEncoder", "decide_vertex_set", "encode", "sample_certificates",
           "sample_vertex_sets", "solve"]

# encode(instance, deadline or None) -> (variables, clauses), variable v + 1 being "v is chosen"
VertexSetEncoder = Callable[[Any, "Deadline | None"], "tuple[int, list[list[int]]]"]


def _property_size(instance) -> int:
    n = instance.num_vertices
    if instance.problem == "clique":
        return n * (n - 1) // 2 - len(instance.edges)
    if instance.problem == "domset":
        return n
    return len(instance.edges)


def encode(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]]]:
    """(variables, clauses) of the encoding; Refused past the encoding limit (the property's
    clauses plus the counter's 2 n k), OutOfTime past ``deadline``."""
    n, k, problem = instance.num_vertices, instance.k, instance.problem
    refuse_above(_property_size(instance) + 2 * n * max(k, 1), f"the {problem} encoding of {n:,} vertices with k = {k:,}")
    clauses: list[list[int]] = ClauseBuffer(deadline)
    x = [v + 1 for v in range(n)]
    if problem == "indset":
        clauses.extend([-x[u], -x[v]] for u, v in instance.edges)
    elif problem == "clique":
        clauses.extend([-x[u], -x[v]] for u, v in instance.non_edges())
    elif problem == "vertexcover":
        clauses.extend([x[u], x[v]] for u, v in instance.edges)
    elif problem == "domset":
        clauses.extend([x[v]] + [x[w] for w in sorted(instance.neighbours(v))] for v in range(n))
    else:
        raise ValueError(f"not a classic graph problem: {problem}")
    pool = IDPool(start_from=n + 1)  # the counter's auxiliaries after the vertices
    # the counter is built in C holding the interpreter (seconds for 1,000 vertices): under a
    # deadline a large one is built in a child process (npw.solvers.sat.cardinality)
    if instance.AT_LEAST and k:
        clauses.extend(cardinality("atleast", x, k, pool, deadline))
    elif not instance.AT_LEAST and k < n:
        clauses.extend(cardinality("atmost", x, k, pool, deadline))
    return max(pool.top, n), clauses


def decide_vertex_set(instance: Any, encode: VertexSetEncoder, timeout: float | None = None,
                      solver: str | None = None) -> Result:
    """Decides a problem whose certificate is a set of vertices through an encoding in which
    variable v + 1 is "vertex v is chosen" (this module's, or ``fvs``'s order encoding).

    Parameters
    ----------
    instance : Any
        The instance (``num_vertices`` vertices).
    encode : VertexSetEncoder
        ``encode(instance, deadline) -> (variables, clauses)``.
    timeout : float or None
        Seconds for the encoding and the solver together.
    solver : str or None
        The SAT solver's name (``npw.solvers.sat``'s default when None).

    Returns
    -------
    Result
        YES with the chosen vertices, NO, or UNKNOWN past the timeout.
    """
    n = instance.num_vertices

    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses = encode(instance, deadline)
        return SatEncoding(num_vars, clauses, decode=lambda model: tuple(v for v in range(n) if model[v]))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


def sample_vertex_sets(instance: Any, encode: VertexSetEncoder, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Diverse vertex sets (models under random phases) of an encoding like
    :func:`decide_vertex_set`'s.

    Parameters
    ----------
    instance : Any
        The instance (``num_vertices`` vertices).
    encode : VertexSetEncoder
        ``encode(instance, deadline) -> (variables, clauses)``; called without a deadline.
    count : int
        How many models to ask for.
    seed : int
        The random phases' seed.

    Returns
    -------
    list[tuple[int, ...]]
        The chosen vertices of each model found.
    """
    num_vars, clauses = encode(instance, None)
    return [tuple(v for v in range(instance.num_vertices) if model[v])
            for model in sample_models(num_vars, clauses, count, seed)]


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides an indset / vertexcover / clique / domset instance through its encoding."""
    return decide_vertex_set(instance, encode, timeout, solver)


def sample_certificates(instance, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Diverse certificates (vertex sets found under random phases), for checking a backward map
    on more than the solver's favourite one (``npw verify --extra-certificates``).

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> g = IndependentSet(4, (), 1)
    >>> found = sample_certificates(g, 6, seed=1)
    >>> all(g.verify(c) for c in found), len(set(found)) > 1
    (True, True)
    """
    return sample_vertex_sets(instance, encode, count, seed)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat", solve) for problem in ("indset", "vertexcover", "clique", "domset")),
)

SAMPLERS = (
    *(Sampler(problem, sample_certificates) for problem in ("indset", "vertexcover", "clique", "domset")),
)
