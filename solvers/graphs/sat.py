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
from npw.solvers.sat import SatEncoding, cardinality, decide_by_sat, distinct_certificates, enumerate_certificates
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "PLAIN_CONFLICTS", "PLAIN_UP_TO", "SAMPLERS", "VertexSetEncoder", "at_least_of_groups",
           "decide_vertex_set", "encode", "encode_grouped", "exclusive_groups", "sample_certificates", "sample_vertex_sets", "solve"]

PLAIN_CONFLICTS = 500
"""Conflicts a model of the plain encoding may take in :func:`sample_certificates` before the
grouped encoding takes over (the verifier's small cases need a few dozen)."""
PLAIN_UP_TO = 4_000
"""The plain encoding's counter size (vertices x k) past which :func:`sample_certificates` starts
with the grouped encoding: a 343-vertex, k = 44 counter spent 0.1-0.6 s on its first 500 conflicts."""

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
    """(variables, clauses) of the plain encoding (a counter over every vertex); Refused past
    the encoding limit (the property's clauses plus the counter's 2 n k), OutOfTime past
    ``deadline``. The certificate sampler's encoding: every solution is a model of it."""
    n, k, problem = instance.num_vertices, instance.k, instance.problem
    refuse_above(_property_size(instance) + 2 * n * max(k, 1), f"the {problem} encoding of {n:,} vertices with k = {k:,}")
    clauses: list[list[int]] = ClauseBuffer(deadline)
    x = [v + 1 for v in range(n)]
    _property(instance, x, clauses)
    pool = IDPool(start_from=n + 1)  # the counter's auxiliaries after the vertices
    # the counter is built in C holding the interpreter (seconds for 1,000 vertices): under a
    # deadline a large one is built in a child process (npw.solvers.sat.cardinality)
    if instance.AT_LEAST and k:
        clauses.extend(cardinality("atleast", x, k, pool, deadline))
    elif not instance.AT_LEAST and k < n:
        clauses.extend(cardinality("atmost", x, k, pool, deadline))
    return max(pool.top, n), clauses


def _property(instance, x: list[int], clauses: list[list[int]], allowed: list[bool] | None = None) -> None:
    problem = instance.problem
    if problem == "indset":
        clauses.extend([-x[u], -x[v]] for u, v in instance.edges)
    elif problem == "clique":
        clauses.extend([-x[u], -x[v]] for u, v in instance.non_edges())
    elif problem == "vertexcover":
        clauses.extend([x[u], x[v]] for u, v in instance.edges)
    elif problem == "domset":
        clauses.extend([x[w] for w in sorted(instance.neighbours(v) | {v}) if allowed is None or allowed[w]]
                       for v in range(instance.num_vertices))
    else:
        raise ValueError(f"not a classic graph problem: {problem}")


def exclusive_groups(n: int, adjacent: Callable[[int], Any], together: bool,
                     deadline: Deadline | None = None) -> list[list[int]]:
    """The vertices 0..n-1 split greedily into groups of pairwise adjacent vertices (cliques,
    ``together=True``) or pairwise non-adjacent ones (colour classes, ``together=False``), by
    ``adjacent(v)``, the set of v's neighbours. Linear in the edges (a vertex looks only at its
    neighbours' groups), so it costs less than the clauses it saves.

    >>> exclusive_groups(4, [{1, 2}, {0, 2}, {0, 1}, set()].__getitem__, True)
    [[0, 1, 2], [3]]
    >>> exclusive_groups(4, [{1, 2}, {0, 2}, {0, 1}, set()].__getitem__, False)
    [[0, 3], [1], [2]]
    """
    groups: list[list[int]] = []
    group_of: dict[int, int] = {}
    for v in range(n):
        if deadline is not None and not v & 255:
            deadline.check()
        near = adjacent(v)
        placed = [group_of[w] for w in near if w in group_of]
        if together:  # a group all of whose members v is adjacent to (each holds a neighbour of v)
            counts: dict[int, int] = {}
            for index in placed:
                counts[index] = counts.get(index, 0) + 1
            fits = [index for index, count in counts.items() if count == len(groups[index])]
        else:  # a group holding no neighbour of v
            taken = set(placed)
            fits = [next((index for index in range(len(groups)) if index not in taken), len(groups))]
            fits = [index for index in fits if index < len(groups)]
        if fits:
            index = min(fits)
            groups[index].append(v)
        else:
            index = len(groups)
            groups.append([v])
        group_of[v] = index
    return groups


def at_least_of_groups(groups: list[list[int]], bound: int, pool: IDPool, deadline: Deadline | None = None
                       ) -> list[list[int]]:
    """Clauses saying that at least ``bound`` of the literals in ``groups`` are true, where the
    other clauses already allow at most one true literal per group: then the count is the number
    of groups with a true literal, one indicator per group ("some literal of it is true"), and
    the counter runs over the groups, not the literals. On a 3-SAT formula's independent-set
    target (a triangle per clause, k the clauses) it is one clause per triangle and no counter
    (0.01 s to decide 50 variables at ratio 4.0 instead of 5 s).

    >>> at_least_of_groups([[1, 2, 3], [4, 5]], 2, IDPool(start_from=6))
    [[1, 2, 3], [4, 5]]
    >>> at_least_of_groups([[1, 2], [3]], 3, IDPool(start_from=4))
    [[]]
    """
    if bound <= 0:
        return []
    if len(groups) < bound:
        return [[]]  # fewer groups than the bound: unsatisfiable
    if len(groups) == bound:
        return [list(group) for group in groups]
    clauses, indicators = [], []
    for group in groups:
        if len(group) == 1:
            indicators.append(group[0])
        else:
            indicator = pool.id(("group", tuple(group)))
            clauses.append([-indicator, *group])
            indicators.append(indicator)
    clauses.extend(cardinality("atleast", indicators, bound, pool, deadline))
    return clauses


def _candidates(instance, deadline: Deadline | None) -> list[bool]:
    """The dominating set's candidates: a vertex w whose closed neighbourhood lies inside a
    neighbour u's (N[w] within N[u]; on equal ones, the later vertex) is left out, since any
    dominating set holding w still dominates with u instead. All of them on a dense graph
    (the test would cost more than it saves)."""
    n = instance.num_vertices
    closed = [instance.neighbours(v) | {v} for v in range(n)]
    allowed = [True] * n
    if sum(len(c) ** 2 for c in closed) > 20_000_000:
        return allowed
    for w in range(n):
        if deadline is not None and not w & 255:
            deadline.check()
        for u in closed[w]:
            if u != w and allowed[u] and (len(closed[w]) < len(closed[u]) or u < w) and closed[w] <= closed[u]:
                allowed[w] = False
                break
    return allowed


def encode_grouped(instance, deadline: Deadline | None = None) -> tuple[int, list[list[int]]]:
    """(variables, clauses) of the decider's encoding: the plain one's property, and the bound
    counted over groups of vertices of which the property lets at most one be chosen (indset:
    cliques; clique: colour classes) or at most one be left out (vertexcover: cliques; domset:
    the cliques of the two-candidate domination clauses), by :func:`at_least_of_groups`. A
    dominating set is looked for among the candidates only (a vertex whose neighbourhood lies
    inside a neighbour's is left out: :func:`_candidates`). The same answers as :func:`encode`:
    each group's count is its indicator's, so the bounds are equivalent.

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> encode_grouped(IndependentSet(3, ((0, 1), (1, 2), (0, 2)), 1))[1]
    [[-1, -2], [-1, -3], [-2, -3], [1, 2, 3]]
    """
    n, k, problem = instance.num_vertices, instance.k, instance.problem
    refuse_above(_property_size(instance) + 2 * n, f"the {problem} encoding of {n:,} vertices")
    clauses: list[list[int]] = ClauseBuffer(deadline)
    x = [v + 1 for v in range(n)]
    pool = IDPool(start_from=n + 1)
    if problem in ("indset", "clique"):
        _property(instance, x, clauses)
        groups = exclusive_groups(n, instance.neighbours, problem == "indset", deadline)
        clauses.extend(at_least_of_groups([[x[v] for v in group] for group in groups], k, pool, deadline))
    elif problem == "vertexcover":
        _property(instance, x, clauses)
        groups = exclusive_groups(n, instance.neighbours, True, deadline)  # at most one left out per clique
        clauses.extend(at_least_of_groups([[-x[v] for v in group] for group in groups], n - k, pool, deadline))
    elif problem == "domset":
        allowed = _candidates(instance, deadline)
        _property(instance, x, clauses, allowed)
        clauses.extend([-x[w]] for w in range(n) if not allowed[w])
        candidates = [v for v in range(n) if allowed[v]]
        index = {v: i for i, v in enumerate(candidates)}
        pairs: list[set[int]] = [set() for _ in candidates]  # a clause (a or b): at most one of a, b left out
        for clause in clauses:
            if len(clause) == 2 and clause[0] > 0 and clause[1] > 0:
                a, b = index[clause[0] - 1], index[clause[1] - 1]
                pairs[a].add(b)
                pairs[b].add(a)
        groups = exclusive_groups(len(candidates), pairs.__getitem__, True, deadline)
        left_out = len(candidates) - k
        clauses.extend(at_least_of_groups([[-x[candidates[i]] for i in group] for group in groups], left_out,
                                          pool, deadline))
    else:
        raise ValueError(f"not a classic graph problem: {problem}")
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


def sample_vertex_sets(instance: Any, encode: VertexSetEncoder, count: int, seed: int = 0, known: Any = (),
                       conflicts: int | None = None) -> list[tuple[int, ...]]:
    """Diverse and distinct vertex sets of an encoding like :func:`decide_vertex_set`'s
    (:func:`npw.solvers.sat.distinct_certificates`: random phases, each set blocked on the vertex
    variables once found, so the counter's auxiliaries never make one set come twice).

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
    known : iterable
        Vertex sets already had: not returned.
    conflicts : int or None
        Where given, the enumeration ends at a model needing more conflicts.

    Returns
    -------
    list[tuple[int, ...]]
        The chosen vertices of each model found, no two alike.
    """
    num_vars, clauses = encode(instance, None)
    return distinct_certificates(_vertex_set_encoding(instance.num_vertices, num_vars, clauses), count, seed,
                                 known=known, conflicts=conflicts)


def _vertex_set_encoding(n: int, num_vars: int, clauses: list[list[int]]) -> SatEncoding:
    """The encoding whose variable v + 1 is "vertex v is chosen", read and blocked on those alone."""
    return SatEncoding(num_vars, clauses, decode=lambda model: tuple(v for v in range(n) if model[v]),
                       shown=range(1, n + 1),
                       project=lambda chosen: _literals(n, set(chosen)))


def _literals(n: int, chosen: set[int]) -> list[int]:
    return [v + 1 if v in chosen else -(v + 1) for v in range(n)]


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides an indset / vertexcover / clique / domset instance through its grouped encoding
    (:func:`encode_grouped`)."""
    return decide_vertex_set(instance, encode_grouped, timeout, solver)


def sample_certificates(instance, count: int, seed: int = 0, known: Any = ()) -> list[tuple[int, ...]]:
    """Diverse and distinct certificates (vertex sets found under random phases, each blocked once
    found; none of ``known``), for checking a backward map on more than the solver's favourite one
    (``npw verify --witnesses``). From the plain encoding (every solution is a model) while each model takes
    at most :data:`PLAIN_CONFLICTS` conflicts (and its counter is small: :data:`PLAIN_UP_TO`),
    then from the decider's grouped one (on a 343-vertex
    dominating-set target of a 3-SAT chain the plain counter found no model in 110 s, the grouped
    encoding four in a millisecond; for a dominating set it holds only the candidates'
    solutions, :func:`encode_grouped`).

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> g = IndependentSet(4, (), 1)
    >>> found = sample_certificates(g, 6, seed=1)
    >>> all(g.verify(c) for c in found), len(set(found)) > 1
    (True, True)
    """
    found: list[tuple[int, ...]] = []
    if instance.num_vertices * max(instance.k, 1) <= PLAIN_UP_TO:
        num_vars, clauses = encode(instance, None)
        found, exhausted = enumerate_certificates(_vertex_set_encoding(instance.num_vertices, num_vars, clauses),
                                                  count, seed, known, conflicts=PLAIN_CONFLICTS)
        if exhausted:  # every solution found: the grouped encoding's are among them
            return found
    if len(found) < count:  # the plain encoding's counter too large or too hard: the decider's encoding
        found += sample_vertex_sets(instance, encode_grouped, count - len(found), seed, known=[*known, *found])
    return found


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat", solve) for problem in ("indset", "vertexcover", "clique", "domset")),
)

SAMPLERS = (
    *(Sampler(problem, sample_certificates) for problem in ("indset", "vertexcover", "clique", "domset")),
)
