"""The two deciders of KNAPSACK (decision): a sparse dynamic program over the Pareto frontier of
(weight, value) (``solve_dp``, no SAT) and a SAT encoding with binary adders (``solve_sat``).

The DP keeps, after each item, the packings no other packing beats in both weight (lower) and
value (higher), each with a back pointer; packings heavier than W, or whose value plus every
value still to come stays below V, are dropped. Past MEMO_ENTRIES packings it answers UNKNOWN.

The SAT encoding: x_i "item i packed", the packed weight at most W by
:func:`npw.solvers.encodings.binary_sum_at_most`, and the value at least V as the unpacked value
at most (total value - V), the same helper on the negated x_i.

>>> from npw.instances.numbers.knapsack import Knapsack
>>> k = Knapsack((3, 4, 5), (4, 5, 6), 7, 9)
>>> solve_dp(k).certificate, sorted(solve_sat(k).certificate)
((1, 0), [0, 1])
>>> no = Knapsack((3, 4, 5), (4, 5, 6), 7, 10)
>>> solve_dp(no).answer.value, solve_sat(no).answer.value
('NO', 'NO')
"""

from __future__ import annotations

import time

from npw.instances.numbers.knapsack import Knapsack
from npw.solvers.limits import MEMO_ENTRIES, ClauseBuffer, refuse_above
from npw.solvers.numbers.dp import dp_result
from npw.solvers.result import Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "best_packing", "clause_estimate", "encode", "solve_dp", "solve_sat"]


def best_packing(instance: Knapsack, deadline: Deadline) -> tuple[int, ...] | None | str:
    """Items of weight <= W and value >= V, None if there are none, or a reason string when the
    deadline or the table size stopped the search."""
    W, V = instance.capacity, instance.goal
    # a packing: (weight, value, item added last, the packing before); index 0 is the empty one
    nodes: list[tuple[int, int, int, int]] = [(0, 0, -1, -1)]
    frontier = [0]  # node indices, by increasing weight and strictly increasing value
    left = sum(instance.values)  # what the items not yet taken can still add
    found = 0 if V <= 0 else None
    for i, (w, v) in enumerate(zip(instance.weights, instance.values)):
        if found is not None:
            break
        if deadline.expired():
            return "timeout"
        left -= v
        for count, k in enumerate(list(frontier)):
            if count & 0xFFF == 0xFFF and deadline.expired():  # a pass over a million packings takes seconds
                return "timeout"
            weight, value = nodes[k][0] + w, nodes[k][1] + v
            if weight <= W:
                nodes.append((weight, value, i, k))
                frontier.append(len(nodes) - 1)
                if value >= V:
                    found = len(nodes) - 1
                    break
        # keep the Pareto frontier: by weight, then value descending; a packing survives when it
        # is worth more than every lighter one, and it could still reach V
        if deadline.expired():
            return "timeout"
        frontier.sort(key=lambda k: (nodes[k][0], -nodes[k][1]))
        kept, best = [], -1
        for k in frontier:
            if nodes[k][1] > best and nodes[k][1] + left >= V:
                kept.append(k)
                best = nodes[k][1]
        frontier = kept
        if len(nodes) > MEMO_ENTRIES:
            return f"more than {MEMO_ENTRIES:,} packings (MEMO_ENTRIES)"
        if not frontier and found is None:
            return None
    if found is None:
        return None
    chosen, k = [], found
    while nodes[k][2] >= 0:
        chosen.append(nodes[k][2])
        k = nodes[k][3]
    return tuple(chosen)


def solve_dp(instance: Knapsack, timeout: float | None = None) -> Result:
    start = time.perf_counter()
    return dp_result(best_packing(instance, Deadline(timeout)), start)


def clause_estimate(instance: Knapsack) -> int:
    """Two adders of at most 4 gates of 4 clauses a bit an item (the slack bits as items too).

    >>> clause_estimate(Knapsack((3, 4, 5), (4, 5, 6), 7, 9))
    1088
    """
    n = len(instance.weights)
    bits_w = max(sum(instance.weights) + instance.capacity, 1).bit_length()
    bits_v = max(sum(instance.values), 1).bit_length()
    return 16 * ((n + bits_w) * bits_w + (n + bits_v) * bits_v)


def encode(instance: Knapsack, deadline: Deadline | None = None) -> tuple[int, list[list[int]], list[int]]:
    """(number of variables, clauses, x) with x[i] the variable 'item i packed' (variable i + 1)."""
    from pysat.formula import IDPool

    from npw.solvers.encodings import binary_sum_at_most

    refuse_above(clause_estimate(instance), f"two binary adders over {len(instance.weights)} items")
    pool = IDPool()
    x = [pool.id(("x", i)) for i in range(len(instance.weights))]
    clauses: list[list[int]] = ClauseBuffer(deadline)
    clauses += binary_sum_at_most(x, instance.weights, instance.capacity, lambda: pool.id(), deadline)
    clauses += binary_sum_at_most([-v for v in x], instance.values, sum(instance.values) - instance.goal,
                                  lambda: pool.id(), deadline)
    return pool.top, clauses, x


def solve_sat(instance: Knapsack, timeout: float | None = None, solver: str | None = None) -> Result:
    def encoding(deadline: Deadline) -> SatEncoding:
        num_vars, clauses, x = encode(instance, deadline)
        return SatEncoding(max(num_vars, 1), clauses,
                           decode=lambda values: tuple(i for i in range(len(x)) if values[x[i] - 1]))

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("knapsack", "dp", solve_dp),
    Decider("knapsack", "sat", solve_sat),
)
