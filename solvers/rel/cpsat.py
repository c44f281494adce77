"""REL through OR-Tools CP-SAT: the walk as a permutation of the edges, trips as chains.

The same model as :mod:`npw.solvers.rel.order` (no time index; every element's trip is a
chain of arcs increasing in the walk order), stated with integers instead of clauses:

* ``pos[x]``: the step at which edge x is walked, all different; consecutive arcs of
  the walk (an ``AddCircuit`` over the arcs plus a depot that closes the walk) take
  consecutive steps, so the circuit is exactly the Eulerian walk;
* ``use[e, k]``: element e is shipped along arc k; each used arc has exactly one
  predecessor in e's trip (a used arc ending where it starts, walked earlier) or is the
  trip's first (leaving e's initial vertex), and exactly one successor or is the last
  (reaching e's final vertex); at most one trip per element;
* at most ``capacity`` uses per edge.

CP-SAT's linear reasoning on the capacities and its ``AllDifferent`` / circuit
propagation are what the plain CNF lacks: on the no-instances of Theorem 2 the counting
argument (two elements per capacity-2 edge, four per clause vertex) is where CDCL
stalls. OR-Tools is an optional dependency (``pip install "npw[cp]"``); without it this
decider reports itself unavailable.
"""

from __future__ import annotations

import time
from collections import defaultdict

from npw.instances.base import InvalidInstance
from npw.solvers.child import warm_up
from npw.solvers.cp_sat import solve_within
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "build", "solve"]


def _cp_model():
    try:
        from ortools.sat.python import cp_model
    except ImportError as error:  # optional extra
        raise InvalidInstance('the cpsat decider needs OR-Tools: pip install "npw[cp]"') from error
    return cp_model


def build(instance, deadline: Deadline | None = None):
    """(model, decode) for a REL instance with at least one edge.

    The element chains take elements x arcs x degree variables (a million for a 70-clause
    target), so building checks ``deadline`` and raises OutOfTime past it."""
    cp_model = _cp_model()
    model = cp_model.CpModel()
    edges, elements = instance.edges, instance.elements
    count = len(edges)
    arcs = [(index, tail, head) for index, (tail, head, _) in enumerate(edges)]
    if not instance.directed:
        arcs += [(index, head, tail) for index, (tail, head, _) in enumerate(edges) if tail != head]
    leaving: dict[str, list[int]] = defaultdict(list)
    arcs_of_edge: dict[int, list[int]] = defaultdict(list)
    for k, (index, tail, _) in enumerate(arcs):
        leaving[tail].append(k)
        arcs_of_edge[index].append(k)

    pos = [model.NewIntVar(0, count - 1, f"pos{x}") for x in range(count)]
    model.AddAllDifferent(pos)
    act = [model.NewBoolVar(f"act{k}") for k in range(len(arcs))]
    for index in range(count):
        model.AddExactlyOne(act[k] for k in arcs_of_edge[index])

    # the walk: a circuit through the depot (node 0) and the walked arcs (nodes 1..)
    depot = 0
    circuit = []
    for k, (x, _, head) in enumerate(arcs):
        first, last = model.NewBoolVar(f"first{k}"), model.NewBoolVar(f"last{k}")
        circuit += [(depot, k + 1, first), (k + 1, depot, last), (k + 1, k + 1, act[k].Not())]
        model.Add(pos[x] == 0).OnlyEnforceIf(first)
        model.Add(pos[x] == count - 1).OnlyEnforceIf(last)
        for j in leaving[head]:
            if arcs[j][0] != x:
                succ = model.NewBoolVar(f"succ{k}_{j}")
                circuit.append((k + 1, j + 1, succ))
                model.Add(pos[arcs[j][0]] == pos[x] + 1).OnlyEnforceIf(succ)
    model.AddCircuit(circuit)

    # the elements' trips
    use: dict[tuple[int, int], object] = {}
    usable = [k for k in range(len(arcs)) if edges[arcs[k][0]][2] > 0]
    usable_members = set(usable)
    for e in range(len(elements)):
        if deadline is not None and deadline.expired():
            raise OutOfTime
        start, goal = instance.initial[e], instance.final[e]
        incoming: dict[int, list] = defaultdict(list)
        outgoing: dict[int, list] = defaultdict(list)
        for k in usable:
            use[e, k] = model.NewBoolVar(f"use{e}_{k}")
            model.AddImplication(use[e, k], act[k])
        starts, ends = [], []
        for k in usable:
            x, tail, head = arcs[k]
            if tail == start:
                opening = model.NewBoolVar(f"open{e}_{k}")
                incoming[k].append(opening)
                starts.append(opening)
            if head == goal:
                closing = model.NewBoolVar(f"close{e}_{k}")
                outgoing[k].append(closing)
                ends.append(closing)
            for j in leaving[head]:
                if j in usable_members and arcs[j][0] != x:
                    nxt = model.NewBoolVar(f"next{e}_{k}_{j}")
                    outgoing[k].append(nxt)
                    incoming[j].append(nxt)
                    model.Add(pos[arcs[j][0]] > pos[x]).OnlyEnforceIf(nxt)
        for k in usable:
            model.Add(sum(incoming[k]) == use[e, k])
            model.Add(sum(outgoing[k]) == use[e, k])
        if start == goal:
            model.Add(sum(starts) <= 1)
            model.Add(sum(starts) == sum(ends))
        else:
            model.Add(sum(starts) == 1)
            model.Add(sum(ends) == 1)
    for index, (_, _, capacity) in enumerate(edges):
        shipped = [use[e, k] for e in range(len(elements)) for k in arcs_of_edge[index] if (e, k) in use]
        if len(shipped) > capacity:
            model.Add(sum(shipped) <= capacity)

    def decode(solver):
        walked = sorted((k for k in range(len(arcs)) if solver.Value(act[k])), key=lambda k: solver.Value(pos[arcs[k][0]]))
        return tuple((arcs[k][0], arcs[k][1], tuple(elements[e] for e in range(len(elements))
                                                    if (e, k) in use and solver.Value(use[e, k])))
                     for k in walked)

    return model, decode


def solve(instance, timeout: float | None = None, workers: int = 1) -> Result:
    start = time.perf_counter()
    deadline = Deadline(timeout)  # importing OR-Tools (about a second) counts against it
    if not instance.edges:
        answer = Answer.YES if instance.initial == instance.final else Answer.NO
        return Result(answer, () if answer is Answer.YES else None, "cpsat", {"time": 0.0})
    loaded, cp_model = warm_up("ortools", _cp_model, deadline.remaining())
    if not loaded:  # OR-Tools still being imported (seconds on a loaded machine): it goes on for the next call
        spent = time.perf_counter() - start
        return Result(Answer.UNKNOWN, None, "cpsat", {"time": spent, "encode_seconds": spent, "solve_seconds": 0.0,
                                                      "timed_out_while": "loading OR-Tools"})
    # the stats keys of the SAT deciders (npw.solvers.sat.decide_by_sat) where they mean the same
    try:
        model, decode = build(instance, deadline)
    except OutOfTime:
        spent = time.perf_counter() - start
        return Result(Answer.UNKNOWN, None, "cpsat", {"time": spent, "encode_seconds": spent, "solve_seconds": 0.0,
                                                      "timed_out_while": "encoding"})
    encode_seconds = time.perf_counter() - start
    solving = time.perf_counter()
    solver, status = solve_within(cp_model, model, deadline, timeout, workers)
    stats = {"time": time.perf_counter() - start, "encode_seconds": encode_seconds,
             "solve_seconds": time.perf_counter() - solving, "branches": solver.NumBranches(),
             "conflicts": solver.NumConflicts()}
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Result(Answer.YES, decode(solver), "cpsat", stats)
    if status == cp_model.INFEASIBLE:
        return Result(Answer.NO, None, "cpsat", stats)
    if status == cp_model.UNKNOWN:  # stopped at max_time_in_seconds
        stats["timed_out_while"] = "solving"
    return Result(Answer.UNKNOWN, None, "cpsat", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("rel", "cpsat", solve),
)
