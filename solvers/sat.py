"""SAT backend through python-sat.

Default solver MiniSat 2.2 (``m22``): on the tiny instances of a verification sweep
it answers in a fraction of a millisecond. Any python-sat solver can be named
(``sat:g42`` Glucose 4.2, ``sat:cd19`` CaDiCaL 1.9.5 for large one-off instances).

Timeouts: MiniSat/Glucose/Maple first search within a budget of
:data:`QUICK_PROPAGATIONS` propagations, which the small instances of a verification
sweep never exhaust (and the search is the same as an unbounded one); only a search
that needs more is stopped with ``interrupt()`` from a timer thread
(``solve_limited(expect_interrupt=True)``): starting that thread cost more than the
search itself on every call of a sweep. Solvers that ignore interrupts (CaDiCaL,
Kissat, Lingeling) run in a child process killed at the deadline. A stopped run is
UNKNOWN.

Every SAT decider (this module's, the per-family ones in ``npw.solvers.*.sat`` and
friends, and the one a user's ``@problem`` gets from ``to_cnf``) runs through
:func:`decide_by_sat`: it builds a :class:`SatEncoding` under a deadline, solves it
with :func:`solve_clauses` in the time left, decodes a model into the certificate
and reports one set of statistics (:data:`STATS_KEYS`). ``Result.backend`` is
always ``FAMILY:SOLVER``, the name the decider is registered under in
``npw.solvers.registry`` and the python-sat solver, so it can be passed back as
``--backend``.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

from pysat.solvers import Solver, SolverNames

from npw.instances.base import InvalidInstance

from npw.solvers.child import call_with_deadline
from npw.solvers.encodings import cnf_of
from npw.solvers.limits import refuse_above, refuse_variables  # refuse_above: for encoders, and the example below
from npw.solvers.result import Answer, Deadline, OutOfTime, Refused, Result
from npw.solvers.limits import clauses_of_formula
from npw.solvers.registry import Decider, Export, Sampler

__all__ = ["ALIASES", "AUTO", "AUTO_CONFLICTS", "AUTO_LATER", "CARD_IN_CHILD", "DECIDERS", "DEFAULT_SOLVER", "EXPORTS", "HELD", "INTERRUPTIBLE", "LOAD_CHUNK",
           "QUICK_PROPAGATIONS", "SAMPLERS", "SAMPLE_SECONDS", "SOLVER_STATS", "STATS_KEYS", "SatEncoding", "alarm_kept",
           "cardinality", "decide_by_lazy_sat", "decide_by_sat", "distinct_certificates", "encode_timed",
           "enumerate_certificates", "interruptible", "sample_certificates",
           "sample_models", "solve", "solve_auto", "solve_clauses", "solve_interruptible", "solve_releasing", "solver_key",
           "solver_name", "solver_statistics", "to_dimacs"]

DEFAULT_SOLVER = "m22"
INTERRUPTIBLE = ("minisat22", "minicard", "minisatgh")
"""python-sat solvers (by their canonical names, any alias counts) whose ``interrupt()`` stops
the search within milliseconds. Glucose 3/4/4.2 are not among them: on random 3-SAT at the
threshold they went on for 2-4 s past an interrupt at 1 s (issue 30), nor the Maple family: on a
pigeonhole formula MapleChrono stopped 6.7 s late, MapleCM and MapleSAT were still running 30-60 s
after it. They run, like CaDiCaL, Kissat and Lingeling, in a child process killed at the deadline."""
ALIASES = {"minisat": "m22", "glucose": "g42", "cadical": "cd19", "kissat": "kissat4"}

AUTO = "auto"
"""The solver of the default decider (``npw solve`` with no ``--backend``; ``sat:auto`` names it):
MiniSat 2.2 in this process for a head start of :data:`AUTO_CONFLICTS` conflicts, then, if it has
not decided, :data:`AUTO_LATER` in a child process for the time left (:func:`solve_auto`). Not
by clause count alone: on 297 clauses (pigeonhole 9 into 8) MiniSat takes 0.4 s and CaDiCaL
1.5.3 0.9 s, on 7,050 (ordering principle of 20 elements) MiniSat 2.1 s and CaDiCaL 1.9.5 0.04 s;
and under a few thousand clauses CaDiCaL's child process costs 15-40 ms where MiniSat needs
less than a millisecond (the verifier's cases). The head start keeps every instance MiniSat
decides at once in this process; counted in conflicts, not seconds, so that the choice is the
same on a loaded machine (BENCHMARKS.md, issue 31)."""
AUTO_CONFLICTS = 30_000
"""MiniSat's head start, 0.15-0.25 s of one core on hard formulas (pigeonhole 9 into 8: 39,063
conflicts in 0.20 s; ordering principle of 16 elements: 71,082 in 0.55 s, where CaDiCaL 1.9.5
takes 0.03 s); a 3-SAT formula's 3-colouring target (50 variables) needs 715."""
AUTO_LATER = "cd19"


LOAD_CHUNK = 100_000  # clauses handed to the solver at a time, so loading stops at the deadline

QUICK_PROPAGATIONS = 100_000
"""Propagations of the first, timer-less search under a deadline: a few milliseconds at
most, thousands of times what an instance of a verification sweep needs."""


@functools.cache
def _known_names() -> frozenset[str]:
    return frozenset(n for attr, names in vars(SolverNames).items() if not attr.startswith("_") for n in names)


@functools.lru_cache(maxsize=64)
def solver_key(name: str) -> str:
    """python-sat's own name of a solver given by any of its aliases.

    >>> solver_key("g4"), solver_key("m22"), solver_key("glucose42")
    ('glucose4', 'minisat22', 'glucose42')
    """
    for canonical, names in vars(SolverNames).items():
        if not canonical.startswith("_") and name in names:
            return canonical
    return name


HELD = INTERRUPTIBLE + ("glucose3", "glucose4", "glucose42")
"""Solvers a decider may keep in this process across rounds (what they learnt carried over:
:func:`decide_by_lazy_sat`, REL's ``local``): the interruptible ones, and Glucose, which reads
an interrupt only at its next restart (seconds late on hard formulas: a known limit of such
rounds; a single solve of Glucose runs in a child instead)."""


def interruptible(name: str) -> bool:
    """Whether the python-sat solver ``name`` (any alias) keeps to ``interrupt()`` (:data:`INTERRUPTIBLE`).

    >>> interruptible("m22"), interruptible("minisat22"), interruptible("g4"), interruptible("cadical153")
    (True, True, False, False)
    """
    return solver_key(name) in INTERRUPTIBLE


# python-sat names whose solver lives in another package, which python-sat does not install
_NEEDS_PACKAGE = {name: "pycryptosat" for name in SolverNames.cryptosat}


@functools.lru_cache(maxsize=64)  # asked on every call of a sweep; the answer never changes in a process
def solver_name(name: str | None) -> str:
    """The python-sat name for ``name`` (an alias such as ``cadical`` or a python-sat name); a
    solver that cannot run here (CryptoMiniSat without its package) is refused by name.

    >>> solver_name("kissat"), solver_name(None)
    ('kissat4', 'm22')
    """
    import importlib.util

    name = ALIASES.get(name or DEFAULT_SOLVER, name or DEFAULT_SOLVER)
    if name == AUTO:  # a decider that picks no solver by size runs the default
        name = DEFAULT_SOLVER
    if name not in _known_names():
        known = ", ".join(sorted(ALIASES)) + ", or a python-sat name such as m22, g42, cd19"
        raise InvalidInstance(f"unknown SAT solver {name!r} (use {known})")
    package = _NEEDS_PACKAGE.get(name)
    if package is not None and importlib.util.find_spec(package) is None:
        raise InvalidInstance(f"SAT solver {name!r} needs the package {package}, which is not installed "
                              f"(pip install {package}, or use another solver)")
    return name


def solver_statistics(solver: Solver) -> dict:
    """The solver's statistics; {} for solvers that keep them to themselves (python-sat's
    Kissat raises NotImplementedError, which ended ``--backend sat:kissat`` in a traceback)."""
    try:
        return dict(solver.accum_stats() or {})
    except NotImplementedError:
        return {}


@contextlib.contextmanager
def alarm_kept() -> Iterator[None]:
    """Puts back the process's SIGALRM timer and handler as they were before the block.

    Some of python-sat's solvers (the Maple family: maplechrono, maplecm, maplesat, ...) call
    ``alarm(2500)`` from C to switch heuristics later. That replaced the timer of an enclosing
    :func:`npw.instances.time_bound.time_bound` (a user's code no longer bounded), and with no
    handler of theirs left, 2,500 s later the default action of SIGALRM ended a long sweep or
    a notebook. In the main thread only (where Python sets handlers).

    >>> import signal
    >>> with alarm_kept():
    ...     _ = signal.setitimer(signal.ITIMER_REAL, 2500)
    >>> signal.getitimer(signal.ITIMER_REAL)
    (0.0, 0.0)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    left, interval = signal.getitimer(signal.ITIMER_REAL)
    handler = signal.getsignal(signal.SIGALRM)
    started = time.monotonic()
    try:
        yield
    finally:
        if signal.getitimer(signal.ITIMER_REAL)[0] != 0 or left:
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, left - (time.monotonic() - started)) if left else 0,
                             interval)
        if signal.getsignal(signal.SIGALRM) is not handler:
            signal.signal(signal.SIGALRM, signal.SIG_DFL if handler is None else handler)


def _solve_plain(num_vars: int, clauses: Sequence[Sequence[int]], name: str) -> tuple[bool, list[int] | None, dict]:
    with alarm_kept(), Solver(name=name, bootstrap_with=clauses) as solver:
        satisfiable = solve_releasing(solver, name)
        model = solver.get_model() if satisfiable else None
        return satisfiable, model, solver_statistics(solver)


def solve_releasing(solver: Solver, name: str) -> bool:
    """``solver.solve()`` with no time limit, letting other threads run meanwhile where the
    solver can: python-sat's plain ``solve()`` holds the interpreter lock for the whole search,
    so nothing else in the process (the command's guard, :mod:`npw.cli.guard`, which ends it on
    SIGTERM) could run; ``solve_limited(expect_interrupt=True)`` releases it (no interrupt ever
    comes). A solver without interrupts (CaDiCaL) is run by :func:`solve_clauses` in a child
    process instead.

    >>> with Solver(name="g4", bootstrap_with=[[1, 2], [-1]]) as solver:
    ...     solve_releasing(solver, "g4")
    True
    """
    if solver_key(name) in HELD:  # MiniSat and Glucose release it in solve_limited(expect_interrupt=True)
        return bool(solver.solve_limited(expect_interrupt=True))
    return bool(solver.solve())


def solve_clauses(
    num_vars: int, clauses: Sequence[Sequence[int]], name: str | None = None, timeout: float | None = None
) -> tuple[Answer, tuple[bool, ...] | None, dict]:
    """Decides a CNF; returns (answer, assignment of variables 1..num_vars, solver statistics)."""
    name = solver_name(name)
    if not all(map(len, clauses)):  # an empty clause, tested in C (no generator over every clause)
        return Answer.NO, None, {}
    if timeout is None and solver_key(name) in HELD:  # releases the interpreter lock while it searches
        satisfiable, model, stats = _solve_plain(num_vars, clauses, name)
    elif timeout is None:  # holds the interpreter lock: in a child, so that a signal still ends the command
        _, (satisfiable, model, stats) = call_with_deadline(_solve_plain, (num_vars, clauses, name), None)
    elif interruptible(name):
        deadline = Deadline(timeout)
        with alarm_kept(), Solver(name=name) as solver:
            # loading millions of clauses takes seconds: in chunks, so it stops at the deadline
            for begin in range(0, len(clauses), LOAD_CHUNK):
                if deadline.expired():
                    return Answer.UNKNOWN, None, {}
                solver.append_formula(clauses[begin:begin + LOAD_CHUNK])
            outcome = solve_interruptible(solver, deadline)
            stats = solver_statistics(solver)
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


def solve_auto(num_vars: int, clauses: Sequence[Sequence[int]], timeout: float | None = None
               ) -> tuple[Answer, tuple[bool, ...] | None, dict, str, str]:
    """:func:`solve_clauses` with the solver :data:`AUTO` picks: MiniSat for a head start of
    :data:`AUTO_CONFLICTS` conflicts (and within the deadline), then CaDiCaL in the time left.
    Returns (answer, assignment, statistics, the solver that answered, why it was it).

    >>> answer, values, _, name, why = solve_auto(2, [[1, 2], [-1]])
    >>> answer.value, values, name, why
    ('YES', (False, True), 'm22', 'MiniSat decided it within its head start of 30,000 conflicts')
    """
    deadline = Deadline(timeout)
    if not all(map(len, clauses)):
        return Answer.NO, None, {}, DEFAULT_SOLVER, "an empty clause"
    outcome, model, stats = _head_start(clauses, deadline)
    if outcome is not None:
        if not outcome:
            answer, values = Answer.NO, None
        else:
            answer, values = Answer.YES, _values(model, num_vars)
        return answer, values, stats, DEFAULT_SOLVER, \
            f"MiniSat decided it within its head start of {AUTO_CONFLICTS:,} conflicts"
    remaining = deadline.remaining()
    if remaining is not None and remaining <= 0:
        return Answer.UNKNOWN, None, stats, DEFAULT_SOLVER, "MiniSat undecided, no time left for CaDiCaL"
    answer, values, stats = solve_clauses(num_vars, clauses, AUTO_LATER, remaining)
    return answer, values, stats, AUTO_LATER, f"MiniSat undecided after {AUTO_CONFLICTS:,} conflicts: CaDiCaL"


def _values(model: Sequence[int] | None, num_vars: int) -> tuple[bool, ...]:
    values = [False] * num_vars
    for literal in model or ():
        if abs(literal) <= num_vars:
            values[abs(literal) - 1] = literal > 0
    return tuple(values)


def _head_start(clauses: Sequence[Sequence[int]], deadline: Deadline) -> tuple[bool | None, list[int] | None, dict]:
    """MiniSat within :data:`AUTO_CONFLICTS` conflicts and the deadline: first, as
    :func:`solve_interruptible`, within :data:`QUICK_PROPAGATIONS` with no timer thread (the
    verifier's cases end there), then under the conflict budget and a timer at the deadline."""
    with alarm_kept(), Solver(name=DEFAULT_SOLVER) as solver:
        for begin in range(0, len(clauses), LOAD_CHUNK):
            if deadline.expired():
                return None, None, {}
            solver.append_formula(clauses[begin:begin + LOAD_CHUNK])
        solver.prop_budget(QUICK_PROPAGATIONS)
        outcome = solver.solve_limited()
        solver.prop_budget(-1)
        if outcome is None and not deadline.expired():
            solver.conf_budget(AUTO_CONFLICTS)
            outcome = _solve_until(solver, deadline)
        model = solver.get_model() if outcome else None
        return outcome, model, solver_statistics(solver)


def solve_interruptible(solver: Solver, deadline: Deadline) -> bool | None:
    """Solves within the deadline: first within :data:`QUICK_PROPAGATIONS` (no thread), then,
    if undecided and time is left, the rest under ``interrupt()`` from a timer. None: stopped.

    >>> with Solver(name="m22", bootstrap_with=[[1, 2], [-1]]) as solver:
    ...     solve_interruptible(solver, Deadline(10))
    True
    """
    solver.prop_budget(QUICK_PROPAGATIONS)
    outcome = solver.solve_limited()
    solver.prop_budget(-1)  # no budget for the search that goes on, if any
    if outcome is not None or deadline.expired():
        return outcome
    return _solve_until(solver, deadline)


def _solve_until(solver: Solver, deadline: Deadline) -> bool | None:
    """``solve_limited(expect_interrupt=True)`` (the interpreter lock released), stopped by an
    ``interrupt()`` from a timer at the deadline, if it has one. None: stopped."""
    if deadline.end is None:
        return solver.solve_limited(expect_interrupt=True)
    timer = threading.Timer(deadline.remaining() or 0.0, solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()


SAMPLE_SECONDS = 5.0
"""Seconds :func:`sample_models` and :func:`distinct_certificates` (so every SAT-based certificate
sampler) take at most for all their models: past it they return those found so far (a verifier's
case needs a handful of models of a small formula, milliseconds; a chain's large target must not
stall the run)."""


def _shown_variables(num_vars: int, shown: int | Sequence[int] | None) -> Sequence[int]:
    if shown is None:
        return range(1, num_vars + 1)
    if isinstance(shown, int):
        return range(1, shown + 1)
    return list(shown)


def _distinct_models(num_vars: int, clauses: Sequence[Sequence[int]], seed: int, shown: Sequence[int],
                     deadline: Deadline, conflicts: int | None = None, ended: dict[str, bool] | None = None,
                     blocked: Sequence[Sequence[int]] = ()) -> Iterator[tuple[bool, ...]]:
    """Models one by one, each under fresh random preferred phases (seeded), each different from
    the ones before on the ``shown`` variables: after a model, the clause saying "not this
    assignment of the shown variables" is added (a blocking clause). Ends when no model is left
    (then ``ended["exhausted"]`` is True), at the deadline, or at a search needing more than
    ``conflicts`` conflicts (where given). ``blocked``: assignments of shown variables (as
    literals) excluded from the start."""
    if ended is not None:
        ended["exhausted"] = False
    if not all(map(len, clauses)):
        if ended is not None:
            ended["exhausted"] = True
        return
    rng = random.Random(seed)
    with alarm_kept(), Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses) as solver:
        for literals in blocked:
            solver.add_clause([-literal for literal in literals])
        while True:
            solver.set_phases([v if rng.random() < 0.5 else -v for v in range(1, num_vars + 1)])
            if conflicts is None:
                outcome = solve_interruptible(solver, deadline)
            else:  # not solve_interruptible: its prop_budget(-1) turns every budget off, this one too
                outcome = _solve_within(solver, deadline, conflicts)
            if not outcome:  # none left (False) or out of time or budget (None)
                if outcome is False and ended is not None:
                    ended["exhausted"] = True
                return
            model = set(solver.get_model() or ())
            values = tuple(v in model for v in range(1, num_vars + 1))
            yield values
            if not shown:
                if ended is not None:
                    ended["exhausted"] = True
                return  # nothing shown: every model reads as this one
            solver.add_clause([-v if values[v - 1] else v for v in shown])


def _solve_within(solver: Solver, deadline: Deadline, conflicts: int) -> bool | None:
    """``solve_limited`` within ``conflicts`` conflicts and the deadline: first within
    :data:`QUICK_PROPAGATIONS` too and no timer thread (a small formula ends there: a thread per
    model cost more than the search), then under an ``interrupt()`` at the deadline."""
    solver.conf_budget(conflicts)  # counted from this call on
    solver.prop_budget(QUICK_PROPAGATIONS)
    before = solver_statistics(solver).get("conflicts", 0)
    outcome = solver.solve_limited()
    if outcome is not None or deadline.expired():
        return outcome
    spent = solver_statistics(solver).get("conflicts", 0) - before
    if spent >= conflicts:
        return None
    solver.prop_budget(-1)  # turns every budget off (MiniSat's budgetOff): the conflicts' is set again
    solver.conf_budget(conflicts - spent)
    return _solve_until(solver, deadline)


def sample_models(num_vars: int, clauses: Sequence[Sequence[int]], count: int, seed: int,
                  shown: int | Sequence[int] | None = None, timeout: float | None = SAMPLE_SECONDS,
                  conflicts: int | None = None) -> list[tuple[bool, ...]]:
    """Up to ``count`` models found under random preferred phases (seeded), pairwise different
    on the ``shown`` variables (a number n: variables 1..n; a list; None: all of them), each
    blocked once found: diverse and distinct solutions, so that a backward map is not only ever
    tried on the solver's favourite one. Fewer where the formula has fewer, at ``timeout``, or at
    a model that needs more than ``conflicts`` conflicts.

    >>> sample_models(3, [[1, 2, 3]], 10, seed=1, shown=2)  # x1, x2 take their 4 values, x3 what it must
    [(True, False, False), (True, True, True), (False, False, True), (False, True, True)]
    >>> len(sample_models(3, [[1, 2, 3]], 10, seed=1))  # every variable shown: the 7 models
    7
    """
    if count <= 0:
        return []
    models = _distinct_models(num_vars, clauses, seed, _shown_variables(num_vars, shown), Deadline(timeout), conflicts)
    return list(itertools.islice(models, count))


def distinct_certificates(encoding: "SatEncoding", count: int, seed: int = 0, known: Sequence[Any] = (),
                          timeout: float | None = SAMPLE_SECONDS, conflicts: int | None = None) -> list[Any]:
    """Up to ``count`` pairwise different certificates of an encoding's models, none equal to one
    of ``known`` (compared by :func:`npw.solvers.result.certificate_key`): the models are
    enumerated under random phases with a blocking clause on the encoding's ``shown`` variables
    (those its certificate is read from) after each, so no certificate comes twice where
    ``shown`` is exact. Where it is not (None: every variable, auxiliaries too), models that
    decode alike are skipped, up to as many again as asked. The one helper behind every
    SAT-based certificate sampler (``Sampler`` records, ``npw verify --witnesses``).

    Parameters
    ----------
    encoding : SatEncoding
        The CNF, its ``decode`` and its ``shown`` variables.
    count : int
        How many new certificates to return at most.
    seed : int
        The random phases' seed.
    known : sequence
        Certificates already had (the decider's, the forward one): not returned again.
    timeout : float or None
        Seconds for the whole enumeration; past it, those found so far.
    conflicts : int or None
        Where given, a model whose search needs more conflicts ends the enumeration (a caller
        with a second, easier encoding goes on with that one).

    Returns
    -------
    list
        The certificates, in the order found.

    Examples
    --------
    >>> encoding = SatEncoding(3, [[1, 2, 3]], decode=lambda m: tuple(v for v in range(2) if m[v]), shown=(1, 2))
    >>> distinct_certificates(encoding, 10, seed=1, known=[(0, 1)])
    [(0,), (), (1,)]
    """
    return enumerate_certificates(encoding, count, seed, known, timeout, conflicts)[0]


def enumerate_certificates(encoding: "SatEncoding", count: int, seed: int = 0, known: Sequence[Any] = (),
                           timeout: float | None = SAMPLE_SECONDS, conflicts: int | None = None
                           ) -> tuple[list[Any], bool]:
    """:func:`distinct_certificates`, and whether the enumeration ran out of models (then there is
    no other certificate: a caller with a second encoding need not try it).

    >>> encoding = SatEncoding(2, [[1, 2]], decode=lambda m: m, shown=(1, 2))
    >>> enumerate_certificates(encoding, 2, seed=1)[1], enumerate_certificates(encoding, 5, seed=1)[1]
    (False, True)
    """
    from npw.solvers.result import certificate_key

    if count <= 0:
        return [], False
    seen = {certificate_key(certificate) for certificate in known}
    found: list[Any] = []
    shown = _shown_variables(encoding.num_vars, encoding.shown)
    ended: dict[str, bool] = {}
    blocked = [encoding.project(certificate) for certificate in known] if encoding.project is not None else []
    models = _distinct_models(encoding.num_vars, encoding.clauses, seed, shown, Deadline(timeout), conflicts, ended,
                              blocked)
    # an exact projection repeats only the known ones (none where they are blocked); one with auxiliaries may repeat any
    if encoding.shown is None:
        attempts = 2 * count + len(seen)
    else:
        attempts = count + (0 if blocked else len(seen))
    for model in itertools.islice(models, attempts):
        certificate = encoding.decode(model)
        key = certificate_key(certificate)
        if key in seen:
            continue
        seen.add(key)
        found.append(certificate)
        if len(found) >= count:
            break
    return found, ended.get("exhausted", False)


def sample_certificates(instance, count: int, seed: int = 0, known: Sequence[Any] = ()) -> list[tuple[bool, ...]]:
    """Diverse and distinct satisfying assignments of a cnf/3sat/1in3sat/224sat instance, none of
    ``known`` (:func:`distinct_certificates`; the encoding has no auxiliary variable).

    >>> from npw.instances.sat.cnf import CNF
    >>> sorted(sample_certificates(CNF(2, [(1, 2)]), 5, seed=2))
    [(False, True), (True, False), (True, True)]
    >>> sample_certificates(CNF(2, [(1, 2)]), 5, seed=2, known=[(True, True), [False, True]])
    [(True, False)]
    """
    num_vars, clauses = cnf_of(instance)
    encoding = SatEncoding(num_vars, clauses, decode=lambda model: model, shown=range(1, num_vars + 1),
                           project=lambda values: [v if value else -v for v, value in enumerate(values, 1)])
    return distinct_certificates(encoding, count, seed, known)


# -- cardinality constraints built under a deadline ------------------------------------------

CARD_IN_CHILD = 50_000
"""Literals x bound past which :func:`cardinality` builds in a child process: python-sat builds a
counter in C, holding the interpreter, and a domset counter of 1,000 vertices and k = 137 took
2.6 s, past any deadline."""


def _counter(kind: str, literals: list[int], bound: int, top: int) -> tuple[list[list[int]], int]:
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    pool = IDPool(start_from=top + 1)
    built = getattr(CardEnc, kind)(literals, bound=bound, vpool=pool, encoding=EncType.seqcounter)
    return built.clauses, pool.top


def _packed_counter(kind: str, literals: list[int], bound: int, top: int) -> tuple[bytes, bytes, int]:
    """:func:`_counter` as two int32 arrays' bytes (literals, clause lengths): a list of 400,000
    lists took seconds to pickle and unpickle, the arrays milliseconds."""
    import array

    clauses, top = _counter(kind, literals, bound, top)
    flat = array.array("i", itertools.chain.from_iterable(clauses))
    return flat.tobytes(), array.array("i", map(len, clauses)).tobytes(), top


def _unpacked(flat_bytes: bytes, length_bytes: bytes, deadline: Deadline) -> list[list[int]]:
    import array

    flat, lengths = array.array("i"), array.array("i")
    flat.frombytes(flat_bytes)
    lengths.frombytes(length_bytes)
    literals = flat.tolist()
    clauses, at = [], 0
    for index, length in enumerate(lengths):
        if not index & 4095:
            deadline.check()
        clauses.append(literals[at:at + length])
        at += length
    return clauses


def cardinality(kind: str, literals: Sequence[int], bound: int, pool: Any, deadline: Deadline | None = None
                ) -> list[list[int]]:
    """python-sat's sequential counter (``CardEnc.atmost``/``atleast``/``equals``, ``kind``) over
    ``literals``, its auxiliaries taken from ``pool`` (an ``IDPool``): the very clauses of the
    direct call, built in a child process killed at ``deadline`` when large (then OutOfTime).

    >>> from pysat.formula import IDPool
    >>> cardinality("atmost", [1, 2, 3], 1, IDPool(start_from=4))
    [[-1, 4], [-4, 5], [-2, -4], [-2, 5], [-3, -5]]
    """
    literals = list(literals)
    if deadline is None or deadline.end is None or len(literals) * max(bound, 1) <= CARD_IN_CHILD:
        clauses, top = _counter(kind, literals, bound, pool.top)
    else:
        remaining = deadline.remaining() or 0.0
        finished, value = call_with_deadline(_packed_counter, (kind, literals, bound, pool.top), remaining) \
            if remaining > 0 else (False, None)
        if not finished:
            raise OutOfTime
        clauses, top = _unpacked(value[0], value[1], deadline), value[2]
    pool.top = max(pool.top, top)
    return clauses


# -- one SAT decider: encode under a deadline, solve, decode ---------------------------------

SOLVER_STATS = ("conflicts", "decisions", "propagations", "restarts")
"""python-sat's own statistics, None where no solver reported them (none ran, or it was killed)."""

STATS_KEYS = ("time", "encode_seconds", "solve_seconds", "variables", "clauses") + SOLVER_STATS
"""The stats of every SAT decider's Result; on UNKNOWN also ``timed_out_while``
(``"encoding"`` or ``"solving"``), or ``refused`` (why the decider would not build the
encoding, with the limit). ``variables`` and ``clauses`` are None when the encoding was not
finished."""


@dataclass(frozen=True)
class SatEncoding:
    """A CNF over variables 1..num_vars and how a model of it becomes a certificate.

    ``decode`` gets the model as a tuple of booleans (``model[i]`` is variable i + 1);
    ``stats`` are extra entries for the Result's stats (say why no clauses were needed);
    ``shown``, where given, the variables the certificate is read from (``decode`` looks at no
    other): :func:`distinct_certificates` blocks a found certificate on them alone (None: on
    every variable, auxiliaries too); ``project``, where given, a certificate's values of the shown
    variables as literals (``decode`` undone on them): a certificate known beforehand is then
    blocked before the first model, not found and skipped.

    >>> encoding = SatEncoding(2, [[1, 2], [-1]], decode=lambda model: model)
    >>> encoding.num_vars, len(encoding.clauses)
    (2, 2)
    """

    num_vars: int
    clauses: Sequence[Sequence[int]]
    decode: Callable[[tuple[bool, ...]], Any]
    stats: Mapping[str, Any] = field(default_factory=dict)
    shown: Sequence[int] | None = None
    project: Callable[[Any], Sequence[int]] | None = None

    @classmethod
    def decided(cls, satisfiable: bool, certificate: Any = None, **stats: Any) -> SatEncoding:
        """The encoding of an instance decided before any clause was needed: no clauses (YES,
        with ``certificate``) or one empty clause (NO).

        >>> SatEncoding.decided(False, reason="black counts differ").clauses
        ((),)
        >>> SatEncoding.decided(True, "").decode(())
        ''
        """
        return cls(0, () if satisfiable else ((),), lambda _model: certificate, stats)


def decide_by_sat(encode: Callable[[Deadline], SatEncoding], *, backend: str, solver: str | None = None,
                  timeout: float | None = None) -> Result:
    """Runs ``encode(deadline)``, solves its clauses with python-sat in the time left and
    decodes a model into the certificate.

    ``encode`` may raise :class:`~npw.solvers.result.OutOfTime` when the deadline passes
    while it builds (a deadline that has passed when it returns counts the same); either is
    UNKNOWN with ``timed_out_while="encoding"``, a solver stopped at the deadline UNKNOWN with
    ``"solving"``. ``backend`` is the family name the decider is registered under;
    ``Result.backend`` is that plus ``:`` and the python-sat solver (``solver`` or an alias
    of it; default MiniSat 2.2). The stats keys are :data:`STATS_KEYS` (and the encoding's own).
    An encoder builds into a :class:`~npw.solvers.limits.ClauseBuffer` (bounded in time and size) and may call
    :func:`refuse_above` with an estimate first: a :class:`~npw.solvers.result.Refused`
    encoding is UNKNOWN with ``stats["refused"]`` saying why, and nothing is solved.

    >>> def encode(deadline):  # x1 or x2, not x1: the certificate is the model itself
    ...     return SatEncoding(2, [[1, 2], [-1]], decode=lambda model: model)
    >>> result = decide_by_sat(encode, backend="sat")
    >>> result.answer.value, result.certificate, result.backend
    ('YES', (False, True), 'sat:m22')
    >>> [key for key in STATS_KEYS if key not in result.stats]
    []
    >>> late = decide_by_sat(encode, backend="sat-time", solver="glucose", timeout=0)
    >>> late.answer.value, late.backend, late.stats["timed_out_while"]
    ('UNKNOWN', 'sat-time:g42', 'encoding')
    >>> def huge(deadline):
    ...     refuse_above(10**10, "a unary sum to 10^10")
    >>> decide_by_sat(huge, backend="sat").stats["refused"]
    'a unary sum to 10^10: about 10,000,000,000 clauses, past the encoding limit of 5,000,000 (NPW_ENCODING_LIMIT)'
    """
    auto = solver == AUTO
    name = solver_name(solver)
    start = time.perf_counter()
    deadline = Deadline(timeout)
    stats: dict[str, Any] = dict.fromkeys(STATS_KEYS)
    stats["solve_seconds"] = 0.0
    encoding, refused = encode_timed(encode, deadline, start, stats, f"{backend}:{name}")
    if refused is not None:
        return refused
    answer, certificate = Answer.UNKNOWN, None
    if encoding is not None:
        stats.update(variables=encoding.num_vars, clauses=len(encoding.clauses))
        solving = time.perf_counter()
        if auto:
            answer, model, solver_stats, name, stats["chosen_because"] = solve_auto(
                encoding.num_vars, encoding.clauses, deadline.remaining())
        else:
            answer, model, solver_stats = solve_clauses(encoding.num_vars, encoding.clauses, name, deadline.remaining())
        stats["solve_seconds"] = time.perf_counter() - solving
        stats.update((key, solver_stats.get(key)) for key in SOLVER_STATS)
        if answer is Answer.YES:
            certificate = encoding.decode(model)
        elif answer is Answer.UNKNOWN:
            stats["timed_out_while"] = "solving"
        stats.update((key, value) for key, value in encoding.stats.items() if key not in stats)
    stats["time"] = time.perf_counter() - start
    return Result(answer, certificate, f"{backend}:{name}", stats)


def encode_timed(encode: Callable[[Deadline], SatEncoding], deadline: Deadline, start: float,
                 stats: dict[str, Any], backend: str) -> tuple[SatEncoding | None, Result | None]:
    """Builds a decider's encoding, its time in ``stats["encode_seconds"]`` (what
    :func:`decide_by_sat` and :func:`decide_by_lazy_sat` do first).

    Parameters
    ----------
    encode : Callable[[Deadline], SatEncoding]
        The encoder.
    deadline : Deadline
        The decider's deadline.
    start : float
        ``time.perf_counter()`` when the decider began.
    stats : dict[str, Any]
        The decider's stats, updated here (``encode_seconds``; ``timed_out_while`` past the
        deadline; ``refused`` and ``time`` for a refused encoding).
    backend : str
        The result's backend label (``"sat:m22"``).

    Returns
    -------
    tuple[SatEncoding | None, Result | None]
        (the encoding, None); (None, None) when the deadline passed while encoding; (None, the
        UNKNOWN result) when the encoding was refused as too large (never built).
    """
    try:
        encoding: SatEncoding | None = encode(deadline)
    except OutOfTime:
        encoding = None
    except Refused as refusal:  # too large for this encoding: say why, never build it
        stats.update(encode_seconds=time.perf_counter() - start, refused=str(refusal))
        stats["time"] = stats["encode_seconds"]
        return None, Result(Answer.UNKNOWN, None, backend, stats)
    stats["encode_seconds"] = time.perf_counter() - start
    if encoding is None or deadline.expired():
        stats["timed_out_while"] = "encoding"
        return None, None
    return encoding, None


def decide_by_lazy_sat(encode: Callable[[Deadline], SatEncoding],
                       refine: Callable[[tuple[bool, ...]], Sequence[Sequence[int]]], *, backend: str,
                       solver: str | None = None, timeout: float | None = None) -> Result:
    """:func:`decide_by_sat` with constraints added lazily: solve, ask ``refine(model)`` for the
    clauses the model violates, add them, solve again, until ``refine`` returns none (the model is
    a solution: decoded as the certificate) or the clauses are unsatisfiable (NO). Sound and
    complete when ``refine`` only returns clauses every real solution satisfies and at least one
    that the model violates (then no model comes back twice, and there are finitely many).

    A solver of :data:`HELD` (MiniSat, Glucose) keeps what it learnt
    from round to round; any other solves the grown formula afresh each round in the time left.
    ``stats`` as :func:`decide_by_sat`'s, the solver's counters summed over the rounds, plus
    ``rounds`` (solver calls) and ``lazy_clauses`` (clauses ``refine`` added).

    >>> def encode(deadline):  # x1 or x2 or x3; refine: at most one of them true
    ...     return SatEncoding(3, [[1, 2, 3]], decode=lambda model: model)
    >>> def refine(model):
    ...     true = [v + 1 for v, value in enumerate(model) if value]
    ...     return [[-a, -b] for a in true for b in true if a < b]
    >>> result = decide_by_lazy_sat(encode, refine, backend="sat")
    >>> sum(result.certificate), result.stats["lazy_clauses"] >= 0
    (1, True)
    >>> decide_by_lazy_sat(encode, lambda model: [[-1], [-2], [-3]], backend="sat").answer.value
    'NO'
    """
    name = solver_name(solver)
    start = time.perf_counter()
    deadline = Deadline(timeout)
    stats: dict[str, Any] = dict.fromkeys(STATS_KEYS)
    stats.update(solve_seconds=0.0, rounds=0, lazy_clauses=0)
    encoding, refused = encode_timed(encode, deadline, start, stats, f"{backend}:{name}")
    if refused is not None:
        return refused
    answer, certificate = Answer.UNKNOWN, None
    if encoding is not None:
        clauses = list(encoding.clauses)
        stats.update(variables=encoding.num_vars)
        solving = time.perf_counter()
        answer, certificate = _lazy_rounds(encoding, clauses, refine, name, deadline, stats)
        stats["solve_seconds"] = time.perf_counter() - solving
        stats["clauses"] = len(clauses)
        if answer is Answer.UNKNOWN:
            stats["timed_out_while"] = "solving"
        stats.update((key, value) for key, value in encoding.stats.items() if key not in stats)
    stats["time"] = time.perf_counter() - start
    return Result(answer, certificate, f"{backend}:{name}", stats)


def _lazy_rounds(encoding: SatEncoding, clauses: list, refine: Callable[[tuple[bool, ...]], Sequence[Sequence[int]]],
                 name: str, deadline: Deadline, stats: dict[str, Any]) -> tuple[Answer, Any]:
    """The rounds of :func:`decide_by_lazy_sat`; ``clauses`` grows by what ``refine`` adds."""
    num_vars = encoding.num_vars
    counters: dict[str, int] = {}

    def count(solver_stats: Mapping[str, Any]) -> None:
        for key in SOLVER_STATS:
            if solver_stats.get(key) is not None:
                counters[key] = counters.get(key, 0) + solver_stats[key]

    def model_of(raw: Sequence[int] | None) -> tuple[bool, ...]:
        values = [False] * num_vars
        for literal in raw or ():
            if abs(literal) <= num_vars:
                values[abs(literal) - 1] = literal > 0
        return tuple(values)

    persistent = solver_key(name) in HELD and all(map(len, clauses))
    try:
        with contextlib.ExitStack() as stack:
            held = None
            if persistent:
                stack.enter_context(alarm_kept())
                held = stack.enter_context(Solver(name=name, bootstrap_with=clauses))
            while True:
                stats["rounds"] += 1
                if held is not None:
                    outcome = solve_interruptible(held, deadline)
                    counters = {key: value for key, value in solver_statistics(held).items() if key in SOLVER_STATS}
                    answer = Answer.UNKNOWN if outcome is None else Answer.YES if outcome else Answer.NO
                    model = model_of(held.get_model()) if outcome else None
                else:
                    if deadline.expired():
                        return Answer.UNKNOWN, None
                    answer, model, solver_stats = solve_clauses(num_vars, clauses, name, deadline.remaining())
                    count(solver_stats)
                if answer is not Answer.YES or model is None:
                    return answer, None
                added = [list(clause) for clause in refine(model)]
                if not added:
                    return Answer.YES, encoding.decode(model)
                stats["lazy_clauses"] += len(added)
                clauses.extend(added)
                if not all(map(len, added)):  # an empty clause: nothing can satisfy it
                    return Answer.NO, None
                if held is not None:
                    held.append_formula(added)
    finally:  # the held solver's counters are cumulative (replaced each round), the others' summed
        stats.update((key, counters.get(key)) for key in SOLVER_STATS)


def solve(instance, timeout: float | None = None, solver: str | None = None) -> Result:
    """Decides a cnf/1in3sat/224sat instance through its direct SAT encoding.

    >>> from npw.instances.sat.cnf import CNF
    >>> result = solve(CNF(2, [(1, 2), (-1,)]))
    >>> result.answer, result.certificate, result.backend
    (<Answer.YES: 'YES'>, (False, True), 'sat:m22')
    >>> solve(CNF(1, [(1,), (-1,)]), solver="cadical").answer
    <Answer.NO: 'NO'>
    """
    def encode(deadline: Deadline) -> SatEncoding:
        refuse_variables(instance.num_vars)  # the model alone would not fit
        num_vars, clauses = cnf_of(instance)
        return SatEncoding(num_vars, clauses, decode=lambda model: model)

    return decide_by_sat(encode, backend="sat", solver=solver, timeout=timeout)


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


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "sat", solve)
      for problem in ("cnf", "3sat", "1in3sat", "224sat", "nae3sat", "nae4sat", "pm3sat", "pm3sat-2occ", "planar3sat")),
)

EXPORTS = (
    *(Export(problem, "dimacs", to_dimacs, clause_bound=clauses_of_formula)
      for problem in ("cnf", "3sat", "pm3sat", "pm3sat-2occ", "planar3sat")),
    *(Export(problem, "dimacs", to_dimacs) for problem in ("1in3sat", "224sat", "nae3sat", "nae4sat")),
)

SAMPLERS = (
    *(Sampler(problem, sample_certificates)
      for problem in ("cnf", "3sat", "1in3sat", "224sat", "nae3sat", "nae4sat", "pm3sat", "pm3sat-2occ", "planar3sat")),
)
