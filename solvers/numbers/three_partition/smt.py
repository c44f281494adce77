"""z3 decider for 3-PARTITION with integers: group g_i in 0..m-1 for each number, each
group's sum equal to B (``Sum(If(g_i == j, a_i, 0)) == B``), number 0 in group 0 and
number i in one of groups 0..i (sound: number the groups by their first member). z3's own ``timeout``; "unknown" is UNKNOWN."""

from __future__ import annotations

import time

import z3

from npw.instances.numbers.three_partition import ThreePartition
from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.smt import check_with_deadline
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "solve"]


def solve(instance: ThreePartition, timeout: float | None = None) -> Result:
    start = time.perf_counter()
    deadline = Deadline(timeout)
    n, m = len(instance.numbers), instance.m
    groups = [z3.Int(f"g{i}") for i in range(n)]
    solver = z3.Solver()
    for i, g in enumerate(groups):
        solver.add(g >= 0, g <= min(i, m - 1))  # number i can only open group i at the latest
    for j in range(m):
        if deadline.expired():  # m n terms at 0.1-0.4 ms each: seconds for m = 40
            return Result(Answer.UNKNOWN, None, "smt", {"time": time.perf_counter() - start,
                                                         "timed_out_while": "encoding"})
        solver.add(z3.Sum([z3.If(g == j, a, 0) for g, a in zip(groups, instance.numbers)]) == instance.bound)
    outcome = check_with_deadline(solver, deadline)
    stats = {"time": time.perf_counter() - start}
    if outcome == z3.unsat:
        return Result(Answer.NO, None, "smt", stats)
    if outcome != z3.sat:
        return Result(Answer.UNKNOWN, None, "smt", stats)
    model = solver.model()
    member = [model.eval(g, model_completion=True).as_long() for g in groups]
    certificate = tuple(tuple(i for i in range(n) if member[i] == j) for j in range(m))
    return Result(Answer.YES, certificate, "smt", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("3partition", "smt", solve),
)
