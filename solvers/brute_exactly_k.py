"""Reference decider for clause-counting SAT problems, independent of any SAT solver.

Each clause needs between ``low`` and ``high`` true literal occurrences (CNF: at least
one; 1-in-3-SAT: exactly one; 2/2/4-SAT: exactly two; NAE-SAT: one to width - 1). The search assigns variables
in order of first occurrence and backtracks as soon as a clause has too many true
literals or can no longer reach enough: plain exhaustive search with pruning, no
propagation, no learning. It is the oracle the SAT and SMT backends are checked
against, so it is kept short enough to read in one sitting.
"""

from __future__ import annotations

import time
from typing import Sequence

from npw.solvers.limits import refuse_variables
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "count_satisfiable", "solve"]


def count_satisfiable(
    num_vars: int, clauses: Sequence[Sequence[int]], low: Sequence[int], high: Sequence[int],
    timeout: float | None = None, deadline: Deadline | None = None,
) -> tuple[Answer, tuple[bool, ...] | None, int]:
    """Returns (answer, assignment or None, nodes visited); ``deadline`` (one the caller started
    before its own preparation) overrides ``timeout``."""
    deadline = deadline or Deadline(timeout)
    occurrences: list[list[tuple[int, bool]]] = [[] for _ in range(num_vars + 1)]
    order: list[int] = []
    seen = set()
    for index, clause in enumerate(clauses):
        if not index & 1023 and deadline.expired():  # indexing a million clauses takes seconds
            return Answer.UNKNOWN, None, 0
        for literal in clause:
            occurrences[abs(literal)].append((index, literal > 0))
            if abs(literal) not in seen:
                seen.add(abs(literal))
                order.append(abs(literal))
    order.extend(v for v in range(1, num_vars + 1) if v not in seen)
    true_count = [0] * len(clauses)
    open_count = [len(c) for c in clauses]
    if any(open_count[i] < low[i] or high[i] < 0 for i in range(len(clauses))):
        return Answer.NO, None, 0
    values = [False] * (num_vars + 1)
    nodes = 0

    def assign(variable: int, value: bool) -> bool:
        ok = True
        for index, positive in occurrences[variable]:
            open_count[index] -= 1
            if positive == value:
                true_count[index] += 1
            if true_count[index] > high[index] or true_count[index] + open_count[index] < low[index]:
                ok = False
        return ok

    def unassign(variable: int, value: bool) -> None:
        for index, positive in occurrences[variable]:
            open_count[index] += 1
            if positive == value:
                true_count[index] -= 1

    def search(depth: int) -> bool:
        nonlocal nodes
        if depth == len(order):
            return True
        nodes += 1
        if nodes & 1023 == 0 and deadline.expired():
            raise OutOfTime
        variable = order[depth]
        for value in (False, True):
            if assign(variable, value):
                values[variable] = value
                if search(depth + 1):
                    return True
            unassign(variable, value)
        return False

    try:
        found = search(0)
    except OutOfTime:
        return Answer.UNKNOWN, None, nodes
    except RecursionError:  # more variables than Python's stack allows: far past this oracle's use
        return Answer.UNKNOWN, None, nodes
    return (Answer.YES, tuple(values[1:]), nodes) if found else (Answer.NO, None, nodes)


def solve(instance, timeout: float | None = None) -> Result:
    """Brute-force decider for ``cnf``, ``3sat``, ``1in3sat``, ``224sat``, ``nae3sat`` and ``nae4sat`` instances."""
    refuse_variables(instance.num_vars)  # Refused: one list entry per variable
    start = time.perf_counter()
    deadline = Deadline(timeout)  # from here: the clause list of a large instance takes a while
    clauses = instance.clauses.tolist() if hasattr(instance.clauses, "tolist") else instance.clauses
    if getattr(instance, "NOT_ALL_EQUAL", False):  # NAE-SAT: a true and a false literal
        low = [1] * len(clauses)
        high = [len(c) - 1 for c in clauses]
    elif not hasattr(instance, "TRUE_PER_CLAUSE"):  # CNF or 3-SAT: at least one true literal
        low = [1] * len(clauses)
        high = [len(c) for c in clauses]
    else:
        low = high = [instance.TRUE_PER_CLAUSE] * len(clauses)
    answer, assignment, nodes = count_satisfiable(instance.num_vars, clauses, low, high, deadline=deadline)
    return Result(answer, assignment, "brute", {"time": time.perf_counter() - start, "nodes": nodes})


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "brute", solve)
      for problem in ("cnf", "3sat", "1in3sat", "224sat", "nae3sat", "nae4sat", "pm3sat", "pm3sat-2occ", "planar3sat")),
)
