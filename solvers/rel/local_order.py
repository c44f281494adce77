"""REL by SAT with the walk's order kept locally at each vertex and made global lazily (CEGAR).

The order encoding (:mod:`npw.solvers.rel.order`) orders *all* edges (edges^3 transitivity
clauses) and CDCL drowns in it on the no-instances of Theorem 2 (m >= 7). What those
instances hinge on is local: at bot_i the first departure can carry only the pair that
arrived first, so each diamond sends one literal pair to TC and the other to FC, and each
clause vertex takes exactly two from each collector. This decider states only such local
facts, then checks a model against the real walk and adds what it violated.

The relaxation (every constraint holds for every Eulerian walk with its trips, so UNSAT is a
proof of NO on every REL input: any graph, capacities, direction):

* ``act(k)``: arc k (an edge in the direction walked) is how its edge is walked;
  ``succ(k, j)``: arc j follows arc k in the walk; every active arc has exactly one
  predecessor or is the first, exactly one successor or is the last;
* at each *ordered* vertex v (the lowest degrees first, within :data:`ORDER_BUDGET`
  transitivity clauses), a strict total order ``before(x, y)`` on the edges at v: the walk's
  order restricted to them. A successor follows directly (no edge at v in between); the
  first arc precedes, the last follows, every edge at its ends;
* element e: ``use(e, k)`` when the truck ships e along arc k (only arcs of positive
  capacity on some route from e's start to e's goal); the uses chain by ``next(e, k, j)``
  (arc j leaves where arc k ends), from e's initial to its final vertex, and at an ordered
  vertex the next arc comes later (``before``); at most ``capacity`` uses per edge;
* the shipping budget (issue 36). Let d(e) be the length of a shortest route of positive
  capacity from e's initial vertex to its final one (arcs as they may be walked: one way on a
  directed graph, either way on an undirected one), C the sum of the capacities and
  S = C - sum_e d(e), the *slack*. In a walk, e's trip is the arcs it is shipped along, a route
  from its initial to its final vertex of length len(e) >= d(e), and the edge x ships
  shipped(x) <= cap(x) elements, so sum_e len(e) = sum_x shipped(x) and

      sum_e (len(e) - d(e)) + sum_x (cap(x) - shipped(x)) = S,

  every term non-negative. Hence S < 0 is NO; no trip is more than S longer than its
  distance, so e uses arc (u, v) only if dist(initial, u) + 1 + dist(v, final) <= d(e) + S
  (the arcs left out get no ``use`` variable); and every edge ships at least cap(x) - S
  elements. Theorem 2 and both its variants have S = 0 ("the number of elements moved
  through each edge always equals the capacity of the edge", the paper's Claim 1): every
  trip is a shortest route and every edge of positive capacity is full;
* which way an undirected edge is walked (with the budget, :meth:`_Model._orient`): an edge
  with cap(x) > S ships an element, so it is walked in a direction some element may use
  (the arcs kept above); and in the walk's directions every vertex has out - in = 0, except
  the two ends of an open walk, which are the two vertices of odd degree (an Eulerian trail
  has none or two) with +1 and -1. Where the edges already fixed leave a vertex's other edges
  only one way to balance (all in or all out), they are walked that way; an arc so ruled
  out gets no variable. A way fixed on an edge of positive capacity can lengthen distances,
  so the budget is computed again until nothing changes.

Why the budget is needed: on Theorem 2's directed graph the zero-edges carry nothing, so the
edges of positive capacity form an acyclic graph; each literal element has only its two
routes nu_i -> bot_i -> TC or FC -> nc_j, and the relaxation refutes the no-targets at once.
The variants break that: with every zero-edge at capacity two (``224sat-to-rel-cap2``) or
the graph undirected (``224sat-to-rel-undirected``), the edges of positive capacity are
strongly connected, every element may route through every arc (the trips' encoding grows as
elements x arcs x degree), and what rules the detours out is a count over the whole graph
(all capacities are needed by the shortest trips), which CDCL does not find: before the
budget the no-targets were proved up to m = 7 and UNKNOWN at 60 s from m = 14. With it, each
variant's trips are the plain chain's again (plus the dummies' single arcs), and every edge
of positive capacity must carry its two elements. That fixes the direction of the undirected
graph's edges of positive capacity, the balance then that of its zero-edges (top_i has its
two edges to nu_i and nubar_i leaving, so its two zero-edges enter; nc_j, j < m, its two
entering, so its zero-edges leave), and the undirected target's relaxation is the directed
one's, clause for clause.

What it leaves out: the order at unordered vertices and across vertices (transitivity
through the whole walk), and that the successors form one trail. A model is decoded into a
walk and simulated with :meth:`Relocation.verify`; if the checker accepts, YES (with that
certificate). Otherwise the model broke the walk's global order somewhere, and a clause that
every real walk satisfies but the model violates is added, then the solver goes on
(incrementally):

* the successors close a cycle C apart from the trail: not all of succ(C) (a trail has no
  cycle of successors);
* on the trail, arc y comes r steps after arc x, but the model has ``before(y, x)`` or
  ``next(e, y, x)``: the r successor literals from x to y imply x before y, so
  ``not succ(x..y) or before(x, y)`` and ``not succ(x..y) or not next(e, y, x)``.

Before adding them, the model's trips are tried on a walk of their own (:meth:`_Model.reroute`, a
bounded depth-first search for a trail that walks each element's arcs in order): on the chain's
yes-instances the first model's trips fit such a walk. Each round excludes the current model, so
the loop ends: with a certificate, or UNSAT (NO).

>>> from npw.instances.rel.relocation import Relocation
>>> two = Relocation(("a", "b"), (("a", "b", 2),), ("p", "q"), ("a", "a"), ("b", "b"))
>>> solve(two).certificate
((0, 'a', ('p', 'q')),)
>>> one = Relocation(("a", "b"), (("a", "b", 1),), ("p", "q"), ("a", "a"), ("b", "b"))
>>> solve(one).answer.value  # capacity 1: the single traversal cannot carry both
'NO'
"""

from __future__ import annotations

import itertools
import time
from collections import defaultdict
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from npw.instances.base import InvalidInstance
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Answer, Deadline, OutOfTime, Refused, Result, SolverError
from npw.solvers.sat import HELD, LOAD_CHUNK, alarm_kept, solve_interruptible, solver_statistics, solver_key, solver_name
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "DEFAULT_SOLVER", "ORDER_BUDGET", "REROUTE_NODES", "SAMPLERS", "SAMPLE_SECONDS",
           "sample_certificates", "solve"]

# transitivity clauses spent on local orders; vertices are ordered lowest degree first while
# their deg^3 fits (Theorem 2's collectors TC and FC, of degree 4m, stay unordered from m = 12: their order
# is not what the no-instances hinge on, and it cost 4 of the 6 s at m = 20)
ORDER_BUDGET = 100_000
DEFAULT_SOLVER = "g42"
# depth-first nodes spent per model on a walk that fits the model's trips (:meth:`_Model.reroute`)
REROUTE_NODES = 20_000
# seconds :func:`sample_certificates` may take for all its walks
SAMPLE_SECONDS = 20.0


class _Model:
    """The relaxation's variables and clauses for one instance (see the module docstring)."""

    def __init__(self, instance: Any, deadline: Deadline, order_budget: int = ORDER_BUDGET,
                 budget: bool = True) -> None:
        self.instance = instance
        self.order_budget = order_budget
        self.budget = budget
        self.slack: int | None = None
        self.pool = IDPool()
        self.clauses: list[list[int]] = ClauseBuffer(deadline)
        edges = instance.edges
        arcs = [(index, tail, head) for index, (tail, head, _) in enumerate(edges)]
        if not instance.directed:
            arcs += [(index, head, tail) for index, (tail, head, _) in enumerate(edges) if tail != head]
        self._index(arcs)
        self.routes: tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]] | None = None
        self.infeasible = False  # the budget or the orientation alone proves NO
        if budget:
            self._orient(deadline)
        arcs_of_edge = self.arcs_of_edge
        self.ordered = self._choose_ordered()
        # the local orders and the successors' clauses, counted; the trips' clauses (bounded by
        # the routes each element can take) are counted by the buffer as they are built
        refuse_above(sum(len(self.star[v]) ** 3 for v in self.ordered)
                     + sum(len(self.entering[v]) * len(self.leaving[v]) * (3 + len(self.star[v]) * (v in self.ordered))
                           for v in self.star),
                     f"the local-order encoding of {len(edges):,} edges")
        self.succ: dict[tuple[int, int], int] = {}
        self.next: dict[tuple[int, int, int], int] = {}
        self.use: dict[tuple[int, int], int] = {}
        self._walk(arcs_of_edge, deadline)
        self._trips(arcs_of_edge, deadline)

    def _index(self, arcs: list[tuple[int, str, str]]) -> None:
        """The arcs that may be walked, and who leaves, enters and touches what."""
        self.arcs = arcs
        self.leaving: dict[str, list[int]] = defaultdict(list)
        self.entering: dict[str, list[int]] = defaultdict(list)
        self.arcs_of_edge: dict[int, list[int]] = defaultdict(list)
        star: dict[str, set[int]] = defaultdict(set)
        for k, (index, tail, head) in enumerate(arcs):
            self.leaving[tail].append(k)
            self.entering[head].append(k)
            self.arcs_of_edge[index].append(k)
            star[tail].add(index)
            star[head].add(index)
        self.star = {v: sorted(edges_at) for v, edges_at in star.items()}

    # -- the shipping budget and what it fixes ------------------------------------------------
    def _routes(self, deadline: Deadline) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
        """Distances of positive capacity from each initial vertex and to each final one."""
        reach_from: dict[str, dict[str, int]] = {}
        reach_to: dict[str, dict[str, int]] = {}
        for start, goal in zip(self.instance.initial, self.instance.final):
            if deadline.expired():
                raise OutOfTime
            if start not in reach_from:
                reach_from[start] = self._distances(start, True)
            if goal not in reach_to:
                reach_to[goal] = self._distances(goal, False)
        return reach_from, reach_to

    def _usable(self, e: int, slack: int | None) -> list[int]:
        """The arcs that may carry element e: on a route from its initial to its final vertex,
        with the budget one at most ``slack`` longer than its shortest."""
        instance, (reach_from, reach_to) = self.instance, self.routes
        start, goal = instance.initial[e], instance.final[e]
        after, before = reach_from[start], reach_to[goal]
        if slack is None:
            return [k for k, (index, tail, head) in enumerate(self.arcs)
                    if instance.edges[index][2] > 0 and tail in after and head in before]
        longest = after[goal] + slack
        return [k for k, (index, tail, head) in enumerate(self.arcs)
                if instance.edges[index][2] > 0 and tail in after and head in before
                and after[tail] + 1 + before[head] <= longest]

    def _orient(self, deadline: Deadline) -> None:
        """The budget's consequences for which way an undirected edge is walked (see the module
        docstring): an edge that must ship elements is walked as some element may use it; then
        each vertex's balance (out - in) is fixed by the walk's ends; repeated while it changes
        the distances. Sets ``routes``, ``slack`` and ``infeasible``; drops the arcs no walk takes."""
        instance, edges = self.instance, self.instance.edges
        while True:
            self.routes = reach_from, _ = self._routes(deadline)
            if any(goal not in reach_from[start] for start, goal in zip(instance.initial, instance.final)):
                self.infeasible = True
                return
            self.slack = slack = sum(capacity for _, _, capacity in edges) - sum(
                reach_from[start][goal] for start, goal in zip(instance.initial, instance.final))
            if slack < 0:
                self.infeasible = True
                return
            if instance.directed:
                return
            carried: set[int] = set()
            for e in range(len(instance.elements)):
                if deadline.expired():
                    raise OutOfTime
                carried.update(self._usable(e, slack))
            keep = [k for k, (index, _, _) in enumerate(self.arcs) if edges[index][2] <= slack or k in carried]
            keep = self._balance(keep)
            if keep is None:
                self.infeasible = True
                return
            if len(keep) == len(self.arcs):
                return
            dropped_carrier = any(edges[self.arcs[k][0]][2] > 0 for k in set(range(len(self.arcs))) - set(keep))
            self._index([self.arcs[k] for k in keep])
            if any(not self.arcs_of_edge[index] for index in range(len(edges))):
                self.infeasible = True
                return
            if not dropped_carrier:  # distances over the arcs of positive capacity unchanged
                return

    def _balance(self, keep: list[int]) -> list[int] | None:
        """Undirected: the walk's ends are the two vertices of odd degree (none: it is closed),
        out - in is +-1 at those and 0 elsewhere; where that leaves a vertex's undecided edges
        only one way (all in or all out), they go that way. ``keep`` without the arcs so ruled
        out, or None if some vertex cannot balance."""
        arcs, edges = self.arcs, self.instance.edges
        kept = set(keep)
        options: dict[int, list[int]] = defaultdict(list)
        for k in keep:
            options[arcs[k][0]].append(k)
        degree: dict[str, int] = defaultdict(int)
        incident: dict[str, list[int]] = defaultdict(list)
        for index, (tail, head, _) in enumerate(edges):
            if tail != head:  # a loop leaves the balance as it is
                degree[tail] += 1
                degree[head] += 1
                incident[tail].append(index)
                incident[head].append(index)
        odd = [v for v in degree if degree[v] % 2]
        if len(odd) not in (0, 2):
            return None  # no Eulerian trail at all
        balances = {v: ((1, -1) if v in odd else (0,)) for v in degree}
        queue = list(degree)
        while queue:
            vertex = queue.pop()
            out = inn = 0
            free: list[int] = []
            for index in incident[vertex]:
                ways = options[index]
                if not ways:
                    return None
                if len(ways) == 2:
                    free.append(index)
                elif arcs[ways[0]][1] == vertex:
                    out += 1
                else:
                    inn += 1
            if not free:
                if out - inn not in balances[vertex]:
                    return None
                continue
            # x of the free edges leave: out + x - inn - (len(free) - x) is an allowed balance
            leaving = {(b - out + inn + len(free)) // 2 for b in balances[vertex]
                       if (b - out + inn + len(free)) % 2 == 0 and 0 <= (b - out + inn + len(free)) // 2 <= len(free)}
            if not leaving:
                return None
            if leaving not in ({0}, {len(free)}):
                continue
            away = leaving == {len(free)}
            for index in free:
                ways = options[index]
                chosen = [k for k in ways if (arcs[k][1] == vertex) == away]
                for k in ways:
                    if k not in chosen:
                        kept.discard(k)
                options[index] = chosen
                other = edges[index][1] if edges[index][0] == vertex else edges[index][0]
                queue.append(other)
        return [k for k in keep if k in kept]

    # -- variables ------------------------------------------------------------------------
    def act(self, k: int) -> int:
        return self.pool.id(("act", k))

    def before(self, x: int, y: int) -> int:
        """Edge x is walked before edge y (x != y share a vertex that is ordered)."""
        return self.pool.id(("before", x, y)) if x < y else -self.pool.id(("before", y, x))

    def _choose_ordered(self) -> set[str]:
        spent, ordered = 0, set()
        for vertex in sorted(self.star, key=lambda v: (len(self.star[v]), v)):
            cost = len(self.star[vertex]) ** 3
            if spent + cost > self.order_budget:
                break
            spent += cost
            ordered.add(vertex)
        return ordered

    def _exactly_one(self, literals: list[int]) -> None:
        if not literals:
            self.clauses.append([])
            return
        self.clauses.extend(CardEnc.equals(literals, bound=1, vpool=self.pool, encoding=EncType.seqcounter).clauses)

    def _at_most(self, literals: list[int], bound: int) -> None:
        if len(literals) > bound:
            self.clauses.extend(CardEnc.atmost(literals, bound=bound, vpool=self.pool,
                                               encoding=EncType.seqcounter).clauses)

    def _at_least(self, literals: list[int], bound: int) -> None:
        if bound > len(literals):
            self.clauses.append([])
        elif bound > 0:
            self.clauses.extend(CardEnc.atleast(literals, bound=bound, vpool=self.pool,
                                                encoding=EncType.seqcounter).clauses)

    def _one_if(self, guard: int, options: list[int]) -> None:
        """Exactly one of ``options`` when ``guard`` holds, none otherwise."""
        self.clauses.append([-guard] + options)
        self.clauses.extend([-o, guard] for o in options)
        self._at_most(options, 1)

    # -- the walk --------------------------------------------------------------------------
    def _walk(self, arcs_of_edge: dict[int, list[int]], deadline: Deadline) -> None:
        arcs, clauses, before = self.arcs, self.clauses, self.before
        for index in range(len(self.instance.edges)):
            self._exactly_one([self.act(k) for k in arcs_of_edge[index]])
        for vertex in sorted(self.ordered):  # a strict total order on the edges at each ordered vertex
            if deadline.expired():
                raise OutOfTime
            for x, y, z in itertools.permutations(self.star[vertex], 3):
                clauses.append([-before(x, y), -before(y, z), before(x, z)])
        predecessors: dict[int, list[int]] = defaultdict(list)
        successors: dict[int, list[int]] = defaultdict(list)
        for k, (x, _, vertex) in enumerate(arcs):
            for j in self.leaving[vertex]:
                y = arcs[j][0]
                if y == x:
                    continue
                var = self.succ[k, j] = self.pool.id(("succ", k, j))
                successors[k].append(var)
                predecessors[j].append(var)
                clauses += [[-var, self.act(k)], [-var, self.act(j)]]
                if vertex in self.ordered:  # j directly after k: later, and nothing at the vertex between
                    clauses.append([-var, before(x, y)])
                    clauses.extend([-var, -before(x, z), -before(z, y)] for z in self.star[vertex] if z not in (x, y))
        first = [self.pool.id(("first", k)) for k in range(len(arcs))]
        last = [self.pool.id(("last", k)) for k in range(len(arcs))]
        self._exactly_one(first)
        self._exactly_one(last)
        for k, (x, tail, head) in enumerate(arcs):
            self._one_if(self.act(k), [first[k]] + predecessors[k])
            self._one_if(self.act(k), [last[k]] + successors[k])
            for vertex in {tail, head} & self.ordered:
                for z in self.star[vertex]:
                    if z != x:
                        clauses += [[-first[k], before(x, z)], [-last[k], before(z, x)]]
        self.first = first

    # -- the elements' trips ---------------------------------------------------------------------
    def _distances(self, source: str, forward: bool) -> dict[str, int]:
        """Arcs of positive capacity from ``source`` to each vertex it reaches (``forward``), or
        from each vertex that reaches it; breadth first."""
        distance, frontier = {source: 0}, [source]
        while frontier:
            following = []
            for vertex in frontier:
                for k in (self.leaving if forward else self.entering)[vertex]:
                    index, tail, head = self.arcs[k]
                    if self.instance.edges[index][2] == 0:
                        continue
                    other = head if forward else tail
                    if other not in distance:
                        distance[other] = distance[vertex] + 1
                        following.append(other)
            frontier = following
        return distance

    def _trips(self, arcs_of_edge: dict[int, list[int]], deadline: Deadline) -> None:
        instance, arcs, clauses = self.instance, self.arcs, self.clauses
        if self.infeasible:
            clauses.append([])
            return
        if self.routes is None:  # without the budget: only whether a route exists matters
            self.routes = reach_from, _ = self._routes(deadline)
            if any(goal not in reach_from[start] for start, goal in zip(instance.initial, instance.final)):
                clauses.append([])  # no route of positive capacity: e reaches its goal in no walk
                return
        slack = self.slack if self.budget else None
        for e in range(len(instance.elements)):
            if deadline.expired():
                raise OutOfTime
            start, goal = instance.initial[e], instance.final[e]
            # an arc on no route from start to goal carries e in no walk; with the budget, nor
            # does one whose shortest route through it is more than the slack longer than e's distance
            usable = self._usable(e, slack)
            usable_set = set(usable)
            incoming: dict[int, list[int]] = defaultdict(list)
            outgoing: dict[int, list[int]] = defaultdict(list)
            for k in usable:
                var = self.use[e, k] = self.pool.id(("use", e, k))
                clauses.append([-var, self.act(k)])
            for k in usable:
                x, _, vertex = arcs[k]
                for j in self.leaving[vertex]:
                    y = arcs[j][0]
                    if j in usable_set and y != x:
                        var = self.next[e, k, j] = self.pool.id(("next", e, k, j))
                        outgoing[k].append(var)
                        incoming[j].append(var)
                        if vertex in self.ordered:
                            clauses.append([-var, self.before(x, y)])
            starts = [self.pool.id(("efirst", e, k)) for k in usable if arcs[k][1] == start]
            ends = [self.pool.id(("elast", e, k)) for k in usable if arcs[k][2] == goal]
            for k in usable:
                opening = [self.pool.id(("efirst", e, k))] if arcs[k][1] == start else []
                closing = [self.pool.id(("elast", e, k))] if arcs[k][2] == goal else []
                self._one_if(self.use[e, k], opening + incoming[k])
                self._one_if(self.use[e, k], closing + outgoing[k])
            if start == goal:  # no trip, or one that leaves and comes back
                self._at_most(starts, 1)
                self._at_most(ends, 1)
                clauses.extend([-s] + ends for s in starts)
                clauses.extend([-t] + starts for t in ends)
            else:
                self._exactly_one(starts)
                self._exactly_one(ends)
        for index, (_, _, capacity) in enumerate(instance.edges):
            shipped = [self.use[e, k] for e in range(len(instance.elements)) for k in arcs_of_edge[index]
                       if (e, k) in self.use]
            self._at_most(shipped, capacity)
            if slack is not None and capacity > slack:  # at most the slack of its capacity goes unused
                self._at_least(shipped, capacity - slack)

    # -- a model against the real walk ------------------------------------------------------------
    def check(self, model: set[int]) -> tuple[tuple | None, list[list[int]]]:
        """(certificate, []) if the model's walk and trips pass the checker; else (None, cuts):
        clauses every real walk satisfies and this model violates."""
        arcs, succ = self.arcs, self.succ
        after: dict[int, int] = {k: j for (k, j), var in succ.items() if var in model}
        start = next(k for k, var in enumerate(self.first) if var in model)
        walk = [start]
        while walk[-1] in after and len(walk) <= len(arcs):
            walk.append(after[walk[-1]])
        active = [k for k in range(len(arcs)) if self.act(k) in model]
        if len(walk) < len(active):  # the successors close cycles apart from the trail
            cuts, on_trail = [], set(walk)
            for k in active:
                if k in on_trail:
                    continue
                cycle = [k]
                while after[cycle[-1]] != k:
                    cycle.append(after[cycle[-1]])
                on_trail.update(cycle)
                cuts.append([-succ[a, after[a]] for a in cycle])
            return None, cuts
        position = {arcs[k][0]: p for p, k in enumerate(walk)}

        def path(x: int, y: int) -> list[int]:
            """not succ(...) along the trail from edge x to the later edge y."""
            return [-succ[walk[p], walk[p + 1]] for p in range(position[x], position[y])]

        cuts = []
        for vertex in self.ordered:
            for x, y in itertools.combinations(self.star[vertex], 2):
                if position[x] > position[y]:
                    x, y = y, x
                if -self.before(x, y) in model:
                    cuts.append(path(x, y) + [self.before(x, y)])
        for (e, k, j), var in self.next.items():
            if var in model and position[arcs[k][0]] > position[arcs[j][0]]:
                cuts.append(path(arcs[j][0], arcs[k][0]) + [-var])
        elements = self.instance.elements
        certificate = tuple((arcs[k][0], arcs[k][1], tuple(elements[e] for e in range(len(elements))
                                                            if self.use.get((e, k), 0) in model))
                            for k in walk)
        if not cuts and self.instance.verify(certificate):
            return certificate, []
        return None, cuts

    def reroute(self, model: set[int], deadline: Deadline, budget: int) -> tuple | None:
        """The model's trips on a walk of their own: an Eulerian trail over the model's arcs in
        which each element's next arc comes after its previous one (depth-first, at most
        ``budget`` nodes; the model's successors tried first). A certificate the checker
        accepted, or None. Only ever a way to find YES sooner: a failure proves nothing."""
        arcs, instance = self.arcs, self.instance
        active = [k for k in range(len(arcs)) if self.act(k) in model]
        load: dict[int, list[int]] = defaultdict(list)
        for (e, k), var in self.use.items():
            if var in model:
                load[k].append(e)
        waits: dict[int, int] = defaultdict(int)  # arcs that must be walked before arc k
        unlocks: dict[int, list[int]] = defaultdict(list)
        for (e, k, j), var in self.next.items():
            if var in model:
                waits[j] += 1
                unlocks[k].append(j)
        preferred = {k: j for (k, j), var in self.succ.items() if var in model}
        out: dict[str, list[int]] = defaultdict(list)
        for k in active:
            out[arcs[k][1]].append(k)
        start = next(k for k, var in enumerate(self.first) if var in model)
        unused = set(active)

        def reachable_all(vertex: str) -> bool:
            """Every unused arc lies on a route from ``vertex`` (a trail through them needs it)."""
            seen, stack = {vertex}, [vertex]
            while stack:
                for k in out[stack.pop()]:
                    if k in unused and arcs[k][2] not in seen:
                        seen.add(arcs[k][2])
                        stack.append(arcs[k][2])
            return all(arcs[k][1] in seen for k in unused)

        def options(previous: int | None, vertex: str) -> list[int]:
            found = [k for k in out[vertex] if k in unused and waits[k] == 0]
            hint = preferred.get(previous) if previous is not None else start
            return sorted(found, key=lambda k: (k != hint, k))

        walk: list[int] = []
        stack = [options(None, arcs[start][1])]
        nodes = 0
        while stack:
            if len(walk) == len(active):
                break
            if not stack[-1] or nodes >= budget or deadline.expired():
                if nodes >= budget or deadline.expired():
                    return None
                stack.pop()
                if walk:  # undo the last arc
                    k = walk.pop()
                    unused.add(k)
                    for j in unlocks[k]:
                        waits[j] += 1
                continue
            k = stack[-1].pop(0)
            nodes += 1
            unused.discard(k)
            for j in unlocks[k]:
                waits[j] -= 1
            walk.append(k)
            if reachable_all(arcs[k][2]):
                stack.append(options(k, arcs[k][2]))
            else:
                stack.append([])
        if len(walk) != len(active):
            return None
        elements = instance.elements
        certificate = tuple((arcs[k][0], arcs[k][1], tuple(elements[e] for e in load[k])) for k in walk)
        return certificate if instance.verify(certificate) else None


def _rounds(encoding: _Model, sat: Solver, deadline: Deadline, stats: dict[str, Any],
            reroute_nodes: int = REROUTE_NODES) -> tuple[Answer, tuple | None]:
    """Solve, check (or reroute) the model, add the cuts, until a walk, UNSAT or the deadline."""
    while True:
        outcome = solve_interruptible(sat, deadline) if deadline.remaining() is not None else sat.solve()
        if outcome is None:
            stats["timed_out_while"] = "solving"
            return Answer.UNKNOWN, None
        if not outcome:
            return Answer.NO, None
        stats["rounds"] += 1
        model = set(sat.get_model() or ())
        certificate, cuts = encoding.check(model)
        if certificate is None:
            certificate = encoding.reroute(model, deadline, reroute_nodes) if reroute_nodes else None
            if certificate is not None:
                stats["walk_from"] = "rerouted"
        else:
            stats["walk_from"] = "model"
        if certificate is not None:
            return Answer.YES, certificate
        if not cuts:  # cannot happen: a model whose walk and trips are consistent passes the checker
            raise SolverError("local: the checker rejects a model whose walk order nothing violates")
        stats["cuts"] += len(cuts)
        for cut in cuts:
            sat.add_clause(cut)
        if deadline.expired():
            stats["timed_out_while"] = "solving"
            return Answer.UNKNOWN, None


def sample_certificates(instance: Any, count: int, seed: int = 0, timeout: float = SAMPLE_SECONDS) -> list:
    """Up to ``count`` distinct walks (random solver phases, seeded), for checking backward maps
    on several; within ``timeout`` seconds in all (fewer, or none, past it: the whole-walk order
    encoding sampled before took minutes and a GiB on the chain's targets)."""
    import random

    if not instance.edges:
        return []
    deadline = Deadline(timeout)
    rng = random.Random(seed)
    found: list = []
    try:
        encoding = _Model(instance, deadline)
    except (OutOfTime, Refused):
        return []
    if not all(encoding.clauses):
        return []
    with alarm_kept(), Solver(name=DEFAULT_SOLVER, bootstrap_with=encoding.clauses) as sat:
        for _ in range(4 * count):
            if len(found) == count or deadline.expired():
                break
            sat.set_phases([v if rng.random() < 0.5 else -v for v in range(1, encoding.pool.top + 1)])
            answer, certificate = _rounds(encoding, sat, deadline, {"rounds": 0, "cuts": 0})
            if answer is not Answer.YES:
                break
            if certificate not in found:
                found.append(certificate)
    return found


def solve(instance: Any, timeout: float | None = None, solver: str | None = None,
          order_budget: int = ORDER_BUDGET, reroute_nodes: int = REROUTE_NODES, budget: bool = True) -> Result:
    """Decides REL by the local-order relaxation with lazily added walk-order clauses
    (registered as ``local``); NO is the relaxation's UNSAT, YES a checked walk.
    ``order_budget``: the transitivity clauses the local orders may take (0: no vertex
    ordered, every order found lazily; slower, as sound); ``reroute_nodes``: the search for a
    walk that fits a model's trips (0: none, every YES from the cuts alone); ``budget``: the
    shipping budget's clauses (False: without them, as the decider was before issue 36;
    for measuring what they bring).

    >>> from npw.instances.rel.relocation import Relocation
    >>> swap = Relocation(("a", "b"), (("a", "b", 1), ("b", "a", 1)), ("p",), ("b",), ("a",))
    >>> result = solve(swap)
    >>> result.answer.value, result.certificate
    ('YES', ((1, 'b', ('p',)), (0, 'a', ())))
    """
    name = solver_name(solver or DEFAULT_SOLVER)
    backend = f"local:{name}"
    if timeout is not None and solver_key(name) not in HELD:  # the rounds run in this process, stopped by interrupt()
        raise InvalidInstance(f"the local decider needs a solver that can be interrupted at the timeout "
                              f"({', '.join(HELD)}); {name} cannot")
    started = time.perf_counter()
    deadline = Deadline(timeout)
    if not instance.edges:
        answer = Answer.YES if instance.initial == instance.final else Answer.NO
        return Result(answer, () if answer is Answer.YES else None, backend, {"time": 0.0, "rounds": 0})
    stats: dict[str, Any] = {"rounds": 0, "cuts": 0}
    try:
        encoding = _Model(instance, deadline, order_budget, budget)
    except OutOfTime:
        stats.update(time=time.perf_counter() - started, timed_out_while="encoding")
        return Result(Answer.UNKNOWN, None, backend, stats)
    except Refused as refusal:
        stats.update(time=time.perf_counter() - started, refused=str(refusal))
        return Result(Answer.UNKNOWN, None, backend, stats)
    stats.update(encode_seconds=time.perf_counter() - started, variables=encoding.pool.top,
                 clauses=len(encoding.clauses), ordered_vertices=len(encoding.ordered), slack=encoding.slack,
                 arcs=len(encoding.arcs))
    answer, certificate = Answer.UNKNOWN, None
    if not all(encoding.clauses):  # an element with no route to its goal, an edge with no arc
        stats["time"] = time.perf_counter() - started
        return Result(Answer.NO, None, backend, stats)
    with alarm_kept(), Solver(name=name) as sat:
        # loading a million clauses takes seconds: in chunks, so it stops at the deadline
        for begin in range(0, len(encoding.clauses), LOAD_CHUNK):
            if deadline.expired():
                stats.update(time=time.perf_counter() - started, timed_out_while="encoding")
                return Result(Answer.UNKNOWN, None, backend, stats)
            sat.append_formula(encoding.clauses[begin:begin + LOAD_CHUNK])
        answer, certificate = _rounds(encoding, sat, deadline, stats, reroute_nodes)
        stats.update((key, value) for key, value in solver_statistics(sat).items() if key in ("conflicts", "decisions"))
    stats["time"] = time.perf_counter() - started
    return Result(answer, certificate, backend, stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("rel", "local", solve),
)

SAMPLERS = (
    Sampler("rel", sample_certificates),
)
