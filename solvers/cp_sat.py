"""Running an OR-Tools CP-SAT model within a deadline: the one place the CP-SAT deciders
(:mod:`npw.solvers.rel.cpsat`, :mod:`npw.solvers.solochess.cpsat`) share.

CP-SAT keeps to ``max_time_in_seconds`` only once its search runs: copying and presolving a
large model overran it by a second, so a timer also calls ``stop_search`` at the deadline.
"""

from __future__ import annotations

import threading
from typing import Any

from npw.solvers.result import Deadline

__all__ = ["solve_within"]


def solve_within(cp_model: Any, model: Any, deadline: Deadline, timeout: float | None, workers: int) -> tuple[Any, int]:
    """Solves ``model`` with a new ``CpSolver`` of ``workers`` threads, stopped at the deadline
    (none with ``timeout`` None); returns the solver (for its values and statistics) and the status.

    >>> from ortools.sat.python import cp_model
    >>> model = cp_model.CpModel()
    >>> x = model.NewBoolVar("x")
    >>> model.Add(x == 1)  # doctest: +ELLIPSIS
    <...>
    >>> solver, status = solve_within(cp_model, model, Deadline(5.0), 5.0, workers=1)
    >>> status == cp_model.OPTIMAL, solver.Value(x)
    (True, 1)
    """
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if timeout is not None:  # what building the model left of it
        solver.parameters.max_time_in_seconds = max(0.01, deadline.remaining())
    timer = None if timeout is None else threading.Timer(deadline.remaining() or 0.0, solver.stop_search)
    if timer is not None:
        timer.start()
    try:
        status = solver.Solve(model)
    finally:
        if timer is not None:
            timer.cancel()
    return solver, status
