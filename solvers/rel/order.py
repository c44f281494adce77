"""REL through SAT, order encoding: the walk as a total order of the edges, each element's
trip as a chain of edges increasing in that order.

A second, independent SAT formulation next to :mod:`npw.solvers.rel.sat_time` (time steps x arcs).
It has no time index at all:

* ``before(x, y)``: edge x is walked before edge y, a strict total order (antisymmetry by
  one variable per pair, transitivity clauses);
* the walk: every used arc (an edge in the direction it is walked) has exactly one
  successor arc starting where it ends, or is the last; exactly one predecessor, or is
  the first; a successor comes later in the order. A chain increasing in a total order
  cannot close, so the arcs form one trail, walked in exactly the order ``before``;
* element e: ``use(e, arc)`` when the truck ships e along the arc; the used arcs form
  one chain (next use starts where the previous one ended, and comes later) from
  e's initial vertex to its final vertex, or no chain when the two coincide. Between two
  uses e waits at the vertex, so the chain is exactly e's trip;
* at most ``capacity`` elements use each edge (python-sat cardinality encodings).

Why: the time-indexed encoding makes the solver rediscover, for every time step, which
edge can be where; the order encoding states the walk once (O(E^3) transitivity clauses,
no E^2 x elements position variables). On the no-instances of Theorem 2 the difference
is large (BENCHMARKS.md, "REL deciders").
"""

from __future__ import annotations

from collections import defaultdict

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Deadline, OutOfTime, Result
from npw.solvers.sat import AUTO, SatEncoding, decide_by_sat
from npw.solvers.exports import rel_clauses
from npw.solvers.registry import Decider, Export

__all__ = ["DECIDERS", "DEFAULT_SOLVER", "EXPORTS", "encode", "sample_certificates", "solve", "to_dimacs"]


def encode(instance, deadline: Deadline | None = None):
    """(number of variables, clauses, decode) for a REL instance with at least one edge.

    The transitivity clauses grow as edges^3 (15 million at 250 edges, half a minute to
    build), so building checks ``deadline`` and raises OutOfTime past it."""
    pool = IDPool()
    edges, elements = instance.edges, instance.elements
    arcs = [(index, tail, head) for index, (tail, head, _) in enumerate(edges)]
    if not instance.directed:
        arcs += [(index, head, tail) for index, (tail, head, _) in enumerate(edges) if tail != head]
    arcs_of_edge: dict[int, list[int]] = defaultdict(list)
    leaving: dict[str, list[int]] = defaultdict(list)
    for k, (index, tail, _) in enumerate(arcs):
        arcs_of_edge[index].append(k)
        leaving[tail].append(k)
    count = len(edges)
    # the transitivity clauses alone: refuse before building what cannot be held
    refuse_above(count * (count - 1) * (count - 2), f"the order of {count:,} edges (edges^3 transitivity clauses)")
    clauses: list[list[int]] = ClauseBuffer(deadline)

    def exactly_one(literals: list[int]) -> None:
        clauses.extend(CardEnc.equals(literals, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    def at_most(literals: list[int], bound: int) -> None:
        if len(literals) > bound:
            clauses.extend(CardEnc.atmost(literals, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    def before(x: int, y: int) -> int:
        return pool.id(("before", x, y)) if x < y else -pool.id(("before", y, x))

    act = lambda k: pool.id(("act", k))  # noqa: E731  arc k is how its edge is walked
    for x in range(count):
        if deadline is not None and deadline.expired():
            raise OutOfTime
        for y in range(count):
            for z in range(count):
                if len({x, y, z}) == 3:
                    clauses.append([-before(x, y), -before(y, z), before(x, z)])
    for index in range(count):
        exactly_one([act(k) for k in arcs_of_edge[index]])

    # -- the walk ------------------------------------------------------------------------
    succ = {(k, j): pool.id(("succ", k, j)) for k, (x, _, head) in enumerate(arcs)
            for j in leaving[head] if arcs[j][0] != x}
    successors: dict[int, list[int]] = defaultdict(list)
    predecessors: dict[int, list[int]] = defaultdict(list)
    for (k, j), var in succ.items():
        successors[k].append(var)
        predecessors[j].append(var)
        clauses += [[-var, act(k)], [-var, act(j)], [-var, before(arcs[k][0], arcs[j][0])]]
    first = [pool.id(("first", k)) for k in range(len(arcs))]
    last = [pool.id(("last", k)) for k in range(len(arcs))]
    exactly_one(first)
    exactly_one(last)
    for k in range(len(arcs)):
        for options in ([first[k]] + predecessors[k], [last[k]] + successors[k]):
            # an active arc has exactly one of these, an inactive one none
            clauses.append([-act(k)] + options)
            clauses.extend([-o, act(k)] for o in options)
            at_most(options, 1)

    # -- the elements' trips -------------------------------------------------------------------
    use = {}
    for e in range(len(elements)):
        if deadline is not None and deadline.expired():
            raise OutOfTime
        start, goal = instance.initial[e], instance.final[e]
        usable = [k for k in range(len(arcs)) if edges[arcs[k][0]][2] > 0]
        for k in usable:
            use[e, k] = pool.id(("use", e, k))
            clauses.append([-use[e, k], act(k)])
        nxt_out: dict[int, list[int]] = defaultdict(list)
        nxt_in: dict[int, list[int]] = defaultdict(list)
        for k in usable:
            for j in leaving[arcs[k][2]]:
                if edges[arcs[j][0]][2] > 0 and arcs[j][0] != arcs[k][0]:
                    var = pool.id(("next", e, k, j))  # e's next trip after arc k is arc j
                    nxt_out[k].append(var)
                    nxt_in[j].append(var)
                    clauses += [[-var, before(arcs[k][0], arcs[j][0])]]
        starts = [pool.id(("efirst", e, k)) for k in usable if arcs[k][1] == start]
        ends = [pool.id(("elast", e, k)) for k in usable if arcs[k][2] == goal]
        for k in usable:
            opening = [pool.id(("efirst", e, k))] if arcs[k][1] == start else []
            closing = [pool.id(("elast", e, k))] if arcs[k][2] == goal else []
            for options in (opening + nxt_in[k], closing + nxt_out[k]):
                clauses.append([-use[e, k]] + options)
                clauses.extend([-o, use[e, k]] for o in options)
                at_most(options, 1)
        if start == goal:
            at_most(starts, 1)
            at_most(ends, 1)
            for s in starts:  # a trip that leaves comes back
                clauses.append([-s] + ends)
            for t in ends:
                clauses.append([-t] + starts)
        else:
            if not starts or not ends:
                clauses.append([])
            else:
                exactly_one(starts)
                exactly_one(ends)
    for index, (_, _, capacity) in enumerate(edges):
        shipped = [use[e, k] for e in range(len(elements)) for k in arcs_of_edge[index] if (e, k) in use]
        at_most(shipped, capacity)

    def decode(model: tuple[bool, ...]):
        value = lambda var: model[var - 1] if var > 0 else not model[-var - 1]  # noqa: E731
        active = [k for k in range(len(arcs)) if value(act(k))]
        # position of an arc in the walk = how many walked edges come before it
        walked = sorted(active, key=lambda k: sum(value(before(arcs[j][0], arcs[k][0])) for j in active if j != k))
        return tuple((arcs[k][0], arcs[k][1], tuple(elements[e] for e in range(len(elements))
                                                    if (e, k) in use and value(use[e, k])))
                     for k in walked)

    return pool.top, clauses, decode


DEFAULT_SOLVER = "g42"


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides REL through the order encoding (:func:`encode`, registered as ``sat``) with a
    python-sat solver (default ``g42``); a YES's walk is decoded from the model.

    >>> from npw.instances.rel.relocation import Relocation
    >>> two = Relocation(("a", "b"), (("a", "b", 2),), ("p", "q"), ("a", "a"), ("b", "b"))
    >>> solve(two).certificate
    ((0, 'a', ('p', 'q')),)
    >>> one = Relocation(("a", "b"), (("a", "b", 1),), ("p", "q"), ("a", "a"), ("b", "b"))
    >>> solve(one).answer  # capacity 1: the single traversal cannot carry both
    <Answer.NO: 'NO'>
    >>> solve(one).backend
    'sat:g42'
    """
    def encoding(deadline: Deadline) -> SatEncoding:
        if not instance.edges:
            return SatEncoding.decided(instance.initial == instance.final, ())
        return SatEncoding(*encode(instance, deadline))  # OutOfTime past the deadline

    # the default decider's AUTO keeps REL's own default solver (Glucose 4.2, DEFAULT_SOLVER)
    chosen = DEFAULT_SOLVER if solver in (None, AUTO) else solver
    return decide_by_sat(encoding, backend="sat", solver=chosen, timeout=timeout)


def sample_certificates(instance, count: int, seed: int = 0) -> list:
    """Diverse and distinct walks (random solver phases; models blocked once found, walks that
    read alike skipped), for checking backward maps on several."""
    from npw.solvers.sat import distinct_certificates

    if not instance.edges:
        return []
    num_vars, clauses, decode = encode(instance)
    return distinct_certificates(SatEncoding(num_vars, clauses, decode), count, seed)


def to_dimacs(instance) -> str:
    """The order encoding as DIMACS CNF, for handing REL instances to any SAT solver. An
    instance without edges is decided as :func:`solve` decides it (yes iff every element
    starts where it ends): no clauses, or one empty clause."""
    from npw.instances.sat.cnf import CNF

    comments = ("REL order encoding by npw (solvers/rel/order.py)", f"{instance.size()}")
    if not instance.edges:
        return CNF(0, [] if instance.initial == instance.final else [()]).to_dimacs(
            comments=comments + ("no edges: decided without variables",))
    num_vars, clauses, _ = encode(instance)
    return CNF(num_vars, [tuple(c) for c in clauses]).to_dimacs(comments=comments)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("rel", "sat", solve),
)

EXPORTS = (
    Export("rel", "dimacs", to_dimacs, clause_bound=rel_clauses),
)
