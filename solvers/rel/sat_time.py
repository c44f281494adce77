"""REL through SAT (python-sat): time steps x arcs, element positions per step.

Step t = 1..E uses exactly one arc (an edge in a direction; both directions for an
undirected edge), every edge is used at exactly one step, step t+1 starts where
step t ended. Element e is at exactly one vertex after each step, at its initial
vertex before step 1 and its final vertex after step E; it moves only when shipped,
and only along the arc of that step from the arc's start; at most the arc's
capacity of elements ship at a step. Exactly-one and at-most-c constraints use
python-sat's cardinality encodings (sequential counter).
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "DEFAULT_SOLVER", "clause_estimate", "encode", "solve"]


def clause_estimate(steps: int, arcs: int, elements: int, vertices: int) -> int:
    """About how many clauses :func:`encode` builds (its loops, counted; within a small factor).

    >>> clause_estimate(steps=12, arcs=12, elements=3, vertices=8)
    2880
    """
    return steps * (4 * arcs + elements * (2 * arcs + 5 * vertices))


def encode(instance, deadline: Deadline | None = None):
    """(number of variables, clauses, decode) for a REL instance; OutOfTime past ``deadline``,
    Refused past the encoding limit (npw.solvers.limits)."""
    pool = IDPool()
    edges, elements, vertices = instance.edges, instance.elements, instance.vertices
    steps = len(edges)
    arcs = [(index, tail, head) for index, (tail, head, _) in enumerate(edges)]
    if not instance.directed:
        arcs += [(index, head, tail) for index, (tail, head, _) in enumerate(edges) if tail != head]
    refuse_above(clause_estimate(steps, len(arcs), len(elements), len(vertices)),
                 f"the time-indexed encoding of {steps} steps x {len(arcs)} arcs x {len(elements)} elements")
    arc = lambda t, k: pool.id(("arc", t, k))  # noqa: E731
    at = lambda t, e, v: pool.id(("at", t, e, v))  # noqa: E731
    ship = lambda t, e: pool.id(("ship", t, e))  # noqa: E731
    clauses: list[list[int]] = ClauseBuffer(deadline)

    def exactly_one(literals: list[int]) -> None:
        clauses.extend(CardEnc.equals(literals, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    for t in range(1, steps + 1):
        exactly_one([arc(t, k) for k in range(len(arcs))])
    for index in range(len(edges)):
        exactly_one([arc(t, k) for t in range(1, steps + 1) for k, a in enumerate(arcs) if a[0] == index])
    for t in range(1, steps):
        for k, (_, _, end) in enumerate(arcs):
            clauses.append([-arc(t, k)] + [arc(t + 1, j) for j, a in enumerate(arcs) if a[1] == end])
    for e, element in enumerate(elements):
        for t in range(steps + 1):
            exactly_one([at(t, e, v) for v in vertices])
        clauses.append([at(0, e, instance.initial[e])])
        clauses.append([at(steps, e, instance.final[e])])
        for t in range(1, steps + 1):
            for k, (_, start, end) in enumerate(arcs):
                clauses.append([-ship(t, e), -arc(t, k), at(t - 1, e, start)])
                clauses.append([-ship(t, e), -arc(t, k), at(t, e, end)])
            for v in vertices:
                clauses.append([ship(t, e), -at(t - 1, e, v), at(t, e, v)])
    # symmetry breaking, sound for interchangeable elements (same initial and final vertex):
    # if the later one ships from a vertex the earlier one is at too, the earlier one ships
    # (any walk can be made so by exchanging the two elements' names from that step on)
    classes: dict[tuple[str, str], list[int]] = {}
    for e in range(len(elements)):
        classes.setdefault((instance.initial[e], instance.final[e]), []).append(e)
    for members in classes.values():
        for e1, e2 in zip(members, members[1:]):
            for t in range(1, steps + 1):
                for v in vertices:
                    clauses.append([-ship(t, e2), -at(t - 1, e1, v), -at(t - 1, e2, v), ship(t, e1)])
    for t in range(1, steps + 1):
        for capacity in sorted({c for _, _, c in edges}):
            if capacity >= len(elements):
                continue
            guard = pool.id(("cap", t, capacity))
            clauses.extend([-arc(t, k), guard] for k, a in enumerate(arcs) if edges[a[0]][2] == capacity)
            if capacity == 0:
                clauses.extend([-guard, -ship(t, e)] for e in range(len(elements)))
            else:
                bound = CardEnc.atmost([ship(t, e) for e in range(len(elements))], bound=capacity, vpool=pool,
                                       encoding=EncType.seqcounter)
                clauses.extend([-guard] + c for c in bound.clauses)

    def decode(model: tuple[bool, ...]):
        value = lambda var: model[var - 1]  # noqa: E731
        walk = []
        for t in range(1, steps + 1):
            k = next(k for k in range(len(arcs)) if value(arc(t, k)))
            shipped = tuple(elements[e] for e in range(len(elements)) if value(ship(t, e)))
            walk.append((arcs[k][0], arcs[k][1], shipped))
        return tuple(walk)

    return pool.top, clauses, decode


# Glucose 4.2 proves the m = 3 no-instances of Theorem 2 in about 20 s, where MiniSat
# gives up after minutes (BENCHMARKS.md)
DEFAULT_SOLVER = "g42"


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a REL instance through the time-indexed encoding (registered as ``sat-time``)."""
    def encoding(deadline: Deadline) -> SatEncoding:
        if not instance.edges:
            return SatEncoding.decided(instance.initial == instance.final, ())
        return SatEncoding(*encode(instance, deadline))  # OutOfTime past the deadline

    return decide_by_sat(encoding, backend="sat-time", solver=solver or DEFAULT_SOLVER, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("rel", "sat-time", solve),
)
