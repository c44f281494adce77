"""SMT backend through z3: one Boolean per variable, one pseudo-Boolean equality
(``PbEq``) per clause (``Or`` for CNF). Timeouts use z3's own ``timeout``
parameter; z3's "unknown" is reported as UNKNOWN. The model's SMT-LIB2 export
(``to_smt2``) lives in :mod:`npw.solvers.exports`, which imports no z3.
"""

from __future__ import annotations

import threading
import time

import z3

from npw.solvers.limits import refuse_variables
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.limits import clauses_of_formula
from npw.solvers.registry import Decider, Export
from npw.solvers.exports import to_smt2  # noqa: F401  (re-exported: its home before it moved)

__all__ = ["DECIDERS", "EXPORTS", "INTERRUPT_GRACE", "check_with_deadline", "solve", "to_smt2"]

INTERRUPT_GRACE = 0.2  # seconds past the deadline before z3 is interrupted from outside


def check_with_deadline(solver: z3.Solver, deadline: Deadline) -> z3.CheckSatResult:
    """``solver.check()`` within the deadline: z3's own ``timeout`` for the time left, and,
    since z3 keeps to it only between its steps (preprocessing a large model overruns it by
    seconds), an interrupt of its context from a timer just after. Past the deadline: unknown.

    >>> s = z3.Solver()
    >>> s.add(z3.Bool("x"))
    >>> check_with_deadline(s, Deadline(5))
    sat
    >>> check_with_deadline(s, Deadline(0))
    unknown
    """
    remaining = deadline.remaining()
    if remaining is None:
        return solver.check()
    if remaining <= 0:
        return z3.unknown
    solver.set("timeout", max(1, int(remaining * 1000)))
    timer = threading.Timer(remaining + INTERRUPT_GRACE, solver.ctx.interrupt)
    timer.start()
    try:
        return solver.check()
    except z3.Z3Exception:  # interrupted: "canceled"
        return z3.unknown
    finally:
        timer.cancel()


def _solver(instance, deadline: Deadline | None = None) -> tuple[z3.Solver, list]:
    """The z3 model; OutOfTime past ``deadline`` while building (z3 terms cost tens of
    microseconds each: a million clauses take minutes)."""
    variables = []
    for i in range(1, instance.num_vars + 1):
        if deadline is not None and not i & 1023:
            deadline.check()
        variables.append(z3.Bool(f"x{i}"))

    def literal(l: int):
        return variables[l - 1] if l > 0 else z3.Not(variables[-l - 1])

    solver = z3.Solver()
    if not hasattr(instance, "TRUE_PER_CLAUSE"):  # CNF or 3-SAT: at least one true literal
        for index, clause in enumerate(instance.clauses):
            if deadline is not None and not index & 127:  # a z3 term costs ~0.1-0.4 ms
                deadline.check()
            solver.add(z3.Or([literal(l) for l in clause]) if clause else z3.BoolVal(False))
    else:
        k = instance.TRUE_PER_CLAUSE
        for index, clause in enumerate(instance.clauses.tolist()):
            if deadline is not None and not index & 127:  # a z3 term costs ~0.1-0.4 ms
                deadline.check()
            solver.add(z3.PbEq([(literal(l), 1) for l in clause], k))
    return solver, variables


def solve(instance, timeout: float | None = None) -> Result:
    refuse_variables(instance.num_vars)  # Refused: one z3 term per variable
    start = time.perf_counter()
    deadline = Deadline(timeout)
    try:
        solver, variables = _solver(instance, deadline)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "smt", {"time": time.perf_counter() - start,
                                                     "timed_out_while": "encoding"})
    outcome = check_with_deadline(solver, deadline)
    stats = {"time": time.perf_counter() - start}
    if outcome == z3.sat:
        model = solver.model()
        assignment = tuple(z3.is_true(model.eval(v, model_completion=True)) for v in variables)
        return Result(Answer.YES, assignment, "smt", stats)
    if outcome == z3.unsat:
        return Result(Answer.NO, None, "smt", stats)
    return Result(Answer.UNKNOWN, None, "smt", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "smt", solve) for problem in ("cnf", "3sat", "1in3sat", "224sat", "pm3sat", "pm3sat-2occ", "planar3sat")),
)

# the SMT-LIB2 export (to_smt2) is declared in npw.solvers.exports: writing it needs no z3, and
# reading a set back (npw check-set) compares its .smt2 files without importing z3 at all
EXPORTS: tuple[Export, ...] = ()
