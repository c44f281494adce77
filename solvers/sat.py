"""SAT backend through python-sat.

Default solver MiniSat 2.2 (``m22``): on the tiny instances of a verification sweep
it answers in a fraction of a millisecond. Any python-sat solver can be named
(``sat:g42`` Glucose 4.2, ``sat:cd19`` CaDiCaL 1.9.5 for large one-off instances).

Timeouts: MiniSat/Glucose/Maple are stopped with ``interrupt()`` from a timer
(``solve_limited(expect_interrupt=True)``); solvers that ignore interrupts
(CaDiCaL, Kissat, Lingeling) run in a child process killed at the deadline.
A stopped run is UNKNOWN.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Sequence

from pysat.solvers import Solver, SolverNames

from npw.instances.base import InvalidInstance

from npw.solvers.child import call_with_deadline
from npw.solvers.encodings import cnf_of
from npw.solvers.result import Answer, Result

DEFAULT_SOLVER = "m22"
INTERRUPTIBLE = ("m22", "minisat22", "g3", "g4", "g41", "g42", "glucose3", "glucose4", "glucose42", "mc", "mcb", "mcm", "mgh", "mpl", "mgl")
ALIASES = {"minisat": "m22", "glucose": "g42", "cadical": "cd19", "kissat": "kissat4"}


def _known_names() -> set[str]:
    return {n for attr, names in vars(SolverNames).items() if not attr.startswith("_") for n in names}


def solver_name(name: str | None) -> str:
    """The python-sat name for ``name`` (an alias such as ``cadical`` or a python-sat name)."""
    name = ALIASES.get(name or DEFAULT_SOLVER, name or DEFAULT_SOLVER)
    if name not in _known_names():
        known = ", ".join(sorted(ALIASES)) + ", or a python-sat name such as m22, g42, cd19"
        raise InvalidInstance(f"unknown SAT solver {name!r} (use {known})")
    return name


def _solve_plain(num_vars: int, clauses: Sequence[Sequence[int]], name: str) -> tuple[bool, list[int] | None, dict]:
    with Solver(name=name, bootstrap_with=clauses) as solver:
        satisfiable = solver.solve()
        model = solver.get_model() if satisfiable else None
        return satisfiable, model, dict(solver.accum_stats() or {})


def solve_clauses(
    num_vars: int, clauses: Sequence[Sequence[int]], name: str | None = None, timeout: float | None = None
) -> tuple[Answer, tuple[bool, ...] | None, dict]:
    """Decides a CNF; returns (answer, assignment of variables 1..num_vars, solver statistics)."""
    name = solver_name(name)
    if any(len(c) == 0 for c in clauses):
        return Answer.NO, None, {}
    if timeout is None:
        satisfiable, model, stats = _solve_plain(num_vars, clauses, name)
    elif name in INTERRUPTIBLE:
        with Solver(name=name, bootstrap_with=clauses) as solver:
            timer = threading.Timer(timeout, solver.interrupt)
            timer.start()
            try:
                outcome = solver.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
            stats = dict(solver.accum_stats() or {})
            if outcome is None:
                return Answer.UNKNOWN, None, stats
            satisfiable = outcome
            model = solver.get_model() if satisfiable else None
    else:
        finished, value = call_with_deadline(_solve_plain, (num_vars, clauses, name), timeout)
        if not finished:
            return Answer.UNKNOWN, None, {}
        satisfiable, model, stats = value
    if not satisfiable:
        return Answer.NO, None, stats
    values = [False] * num_vars
    for literal in model or ():
        if abs(literal) <= num_vars:
            values[abs(literal) - 1] = literal > 0
    return Answer.YES, tuple(values), stats


def sample_models(num_vars: int, clauses: Sequence[Sequence[int]], count: int, seed: int) -> list[tuple[bool, ...]]:
    """Up to ``count`` models found under random preferred phases (seeded): diverse solutions,
    so that a backward map is not only ever tried on the solver's favourite one."""
    rng = random.Random(seed)
    models = []
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses) as solver:
        for _ in range(count):
            solver.set_phases([v if rng.random() < 0.5 else -v for v in range(1, num_vars + 1)])
            if not solver.solve():
                break
            model = set(solver.get_model() or ())
            models.append(tuple(v in model for v in range(1, num_vars + 1)))
    return models


def sample_certificates(instance, count: int, seed: int = 0) -> list[tuple[bool, ...]]:
    """Diverse satisfying assignments of a cnf/3sat/1in3sat/224sat instance (see sample_models)."""
    num_vars, clauses = cnf_of(instance)
    return sample_models(num_vars, clauses, count, seed)


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a cnf/1in3sat/224sat instance through its direct SAT encoding.

    >>> from npw.instances.sat.cnf import CNF
    >>> result = solve(CNF(2, [(1, 2), (-1,)]))
    >>> result.answer, result.certificate, result.backend
    (<Answer.YES: 'YES'>, (False, True), 'sat:m22')
    >>> solve(CNF(1, [(1,), (-1,)]), solver="cadical").answer
    <Answer.NO: 'NO'>
    """
    start = time.perf_counter()
    num_vars, clauses = cnf_of(instance)
    answer, assignment, stats = solve_clauses(num_vars, clauses, solver, timeout)
    stats.update(time=time.perf_counter() - start, variables=num_vars, clauses=len(clauses))
    return Result(answer, assignment, f"sat:{solver_name(solver)}", stats)


def to_dimacs(instance) -> str:
    """The SAT encoding as DIMACS CNF (variable i is the instance's variable i).

    >>> from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
    >>> print(to_dimacs(TwoTwoFourSat(1, [(1, -1, 1, -1)])), end="")
    c SAT encoding of a 224sat instance by npw
    p cnf 1 0
    """
    from npw.instances.sat.cnf import CNF

    num_vars, clauses = cnf_of(instance)
    return CNF(num_vars, clauses).to_dimacs(comments=(f"SAT encoding of a {instance.problem} instance by npw",))
