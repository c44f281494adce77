"""Issue 30: every backend returns within 1.2 T + 0.5 s of its time limit T, whatever the instance.

One decider of each family, on an instance it cannot finish within T = 1 s (each was measured to
run on for many seconds without a limit): the wall time of ``npw.solvers.solve`` (loading the
decider's module included, since ``solve`` counts it) must stay within ``1.2 T + 0.5 s`` plus
MARGIN. ``bench/timeout_overshoot.py`` runs every decider, with two busy processes loading the
machine; this is its representative subset, kept under 30 s.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from npw.instances import get_problem
from npw.instances.npuz.board import NPuz, goal_board
from npw.instances.sat.cnf import CNF
from npw.solvers import Answer, solve

T = 1.0

MARGIN = 0.4
"""Seconds allowed past 1.2 T + 0.5 s for a loaded CI box. On the 2-core development machine
with two busy processes and three other test runs (load average about 8), the benchmark's 121
rows stayed within the bound itself; what a loaded box adds past it is scheduling: a thread
woken at the deadline waits for the interpreter lock while a background import holds it (up
to 0.3-0.45 s measured), and a process start under load. Not more: 1.79 s for a 0.5 s
deadline, as the issue saw, still fails."""


def bound(timeout: float) -> float:
    return 1.2 * timeout + 0.5 + MARGIN


def _pigeonhole(holes: int) -> CNF:
    """holes + 1 pigeons into ``holes`` holes: unsatisfiable, exponential for resolution (CDCL)."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes) for p in range(holes + 1) for q in range(p)]
    return CNF((holes + 1) * holes, clauses)


def _generated(problem: str, generator: str, **params):
    return lambda: get_problem(problem).generate(generator, 1, **params)


KORF_1 = (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)  # 57 moves; Manhattan IDA*: tens of seconds

CASES = {
    # family: (backend, instance maker)
    "sat (MiniSat, interrupt)": ("sat", lambda: _pigeonhole(11)),
    "sat:glucose4 (killed child)": ("sat:glucose4", _generated("3sat", "random", num_vars=300, ratio=4.26)),
    "sat:cadical153 (killed child)": ("sat:cadical153", lambda: _pigeonhole(11)),
    "smt (z3)": ("smt", lambda: _pigeonhole(10)),
    "brute (exactly-k search)": ("brute", _generated("3sat", "random", num_vars=80)),
    "dp (hampath bitmask)": ("dp", _generated("hampath", "random", num_vertices=200, p=0.03)),
    "dp (partition, big sums)": ("dp", _generated("partition", "random", n=2000, max_value=10**15)),
    "sat encoding with a counter (domset)": ("sat", _generated("domset", "random", num_vertices=1000, p=0.3)),
    "npuz idastar:manhattan": ("idastar:manhattan", lambda: NPuz(4, KORF_1, goal_board(4, "blank-first"), 80)),
    "rel search": ("search", _generated("rel", "random", vertices=16, edges=60, elements=16, max_capacity=2)),
    "rel sat (Glucose 4.2 default)": ("sat", _generated("rel", "random", vertices=16, edges=60, elements=16,
                                                        max_capacity=2)),
}


def _settle_background_work() -> None:
    """Waits for the warm-up threads earlier tests left running (``npw.solvers.child.warm_up``:
    a numba compile whose cache is missing, a pattern database), which compete with the case for
    the interpreter lock: a case measures its own decider, not the suite's history."""
    for thread in threading.enumerate():
        if thread.name.startswith("npw-warm-up-"):
            thread.join(120)


def _timed_solve(backend, instance):
    began = time.perf_counter()
    result = solve(instance, backend=backend, timeout=T)
    return time.perf_counter() - began, result


@pytest.mark.parametrize("family", list(CASES))
def test_every_family_keeps_to_its_time_limit(family):
    backend, make = CASES[family]
    instance = make()
    _settle_background_work()
    seconds, result = _timed_solve(backend, instance)
    if seconds > bound(T):
        # measured again once: a pause of the whole process (the CI box's other tenants; seen
        # once, 2.73 s for 1 s with the search's own checks 0.07 s apart at most) is not the
        # decider's; a decider that overshoots on its own does so twice
        first = seconds
        seconds, result = _timed_solve(backend, instance)
        assert seconds <= bound(T), (f"{family}: {first:.2f} s, then {seconds:.2f} s, for a {T} s limit "
                                     f"({result.stats})")
    # each instance is past the family's reach in T: an answer here means the case is too easy
    assert result.answer is Answer.UNKNOWN, f"{family}: answered {result.answer} in {seconds:.2f} s; pick a harder case"


def _wall(argv: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "npw", *argv], capture_output=True, text=True, timeout=60)
    return time.perf_counter() - began, done


def test_puzzle_solve_command_keeps_to_its_time_limit():
    # the interpreter's and npw's start-up (0.3-0.5 s, more under load) is not the time limit's:
    # measured just before, with the same imports (the puzzle command's help), and added
    startup, _ = _wall(["puzzle", "solve", "--help"])
    seconds, done = _wall(["puzzle", "solve", " ".join(map(str, KORF_1)), "--goal", "blank-first",
                           "--heuristic", "manhattan", "--timeout", str(T)])
    assert done.returncode == 3 and "no solution found within the time limit" in done.stderr  # EXIT_UNKNOWN
    assert seconds <= bound(T) + startup, f"{seconds:.2f} s (start-up {startup:.2f} s)"
