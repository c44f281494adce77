"""Deciders: ``solve(instance, backend=None, timeout=None) -> Result``.

Every YES is returned only after the problem's own checker (``instance.verify``)
accepted its certificate; a run out of time is UNKNOWN, never a guess.

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> f = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
>>> backends_for("1in3sat")
['sat', 'brute', 'smt']
>>> result = solve(f, backend="brute")
>>> result.answer, result.certificate
(<Answer.YES: 'YES'>, (False, False, True))
>>> solve(OneInThreeSat(3, [(1, 2, 3), (-1, -2, -3)]), timeout=10).answer
<Answer.NO: 'NO'>
>>> all(f.verify(c) for c in sample_certificates(f, 3, seed=1))
True
>>> export_formats("1in3sat")
['dimacs', 'smt2']
>>> print(export(f, "dimacs"))
c SAT encoding of a 1in3sat instance by npw
p cnf 3 8
-1 -2 0
...
-1 2 -3 0
"""

from __future__ import annotations

import functools
import inspect
import time
from typing import Any, Callable

from npw.instances.base import InvalidInstance
from npw.solvers.registry import deciders_of, exports_of, fast_of, get_export, sampler_of
from npw.solvers.result import Answer, Refused, Result, SolverError, certificate_key

__all__ = ["Answer", "Result", "SolverError", "solve", "backends_for", "default_backend", "distinct_certificates", "takes",
           "export", "export_formats", "sample_certificates"]


def _load(spec: str | Callable[..., Any]) -> Callable[..., Any]:
    from npw.instances.registry import resolve  # cached: every decider call of a sweep resolves its spec

    return resolve(spec)


@functools.lru_cache(maxsize=256)
def _takes_solver(function: Callable[..., Any]) -> bool:
    return "solver" in inspect.signature(function).parameters


def backends_for(problem_id: str) -> list[str]:
    """The problem's deciders by name, in order of preference (the default passes over those
    declared slow at an instance's size: :func:`default_backend`)."""
    return list(deciders_of(problem_id))


def takes(instance: Any, backend: str) -> bool:
    """Whether the decider ``backend`` is worth asking about ``instance``: it declares no ``fast``
    predicate, or its predicate holds (a decider of one class of boards, such as Solo Chess's
    ``tour``, declares its class so; brute force its sizes). Callers that try the problem's
    deciders in turn (a set's confirmation, a report's second decider) pass over the others.

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> takes(IndependentSet(3, (), 1), "brute"), takes(IndependentSet(600, (), 1), "brute"), takes(IndependentSet(600, (), 1), "sat")
    (True, False, True)
    """
    fast = fast_of(instance.problem, backend.partition(":")[0])
    return fast is None or bool(fast(instance))


def default_backend(instance: Any) -> tuple[str, str]:
    """The decider :func:`solve` runs when none is named, and why: the problem's deciders in
    their order of preference, passing over each whose declared ``fast(instance)`` is False
    (:class:`npw.solvers.registry.Decider`): brute force only where it is fast, SAT otherwise.
    Judged from the instance's sizes alone (nothing is encoded twice); a SAT decider chosen
    so picks its solver by the encoding it builds (``npw.solvers.sat.AUTO``).

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> default_backend(IndependentSet(3, ((0, 1),), 2))
    ('brute', 'brute: fast at this size')
    >>> default_backend(IndependentSet(600, (), 200))
    ('sat', 'brute not fast at this size; sat next')
    """
    names = list(deciders_of(instance.problem))
    if not names:
        raise InvalidInstance(f"no decider for problem {instance.problem!r}")
    passed: list[str] = []
    for name in names:
        fast = fast_of(instance.problem, name)
        if fast is None:
            return name, (f"{', '.join(passed)} not fast at this size; {name} next" if passed
                          else f"{name}: the first decider of {instance.problem}")
        if fast(instance):
            return name, f"{name}: fast at this size"
        passed.append(name)
    return names[0], f"no decider fast at this size; {names[0]}, the first"


def solve(instance: Any, backend: str | None = None, timeout: float | None = None, **options: Any) -> Result:
    """Decides ``instance`` with ``backend`` (if None: :func:`default_backend`, by the instance's
    size, its Result's ``stats["chosen_because"]`` saying why; a SAT decider then picks its
    solver by :data:`npw.solvers.sat.AUTO`, and ``Result.backend`` names the one that answered) within ``timeout``
    seconds: finding the decider and importing its module (z3, OR-Tools, python-sat: up to a
    second or more on a loaded machine) count against the limit, so the decider gets what is
    left of it (issue 30: every backend returns within 1.2 timeout + 0.5 s).

    >>> from npw.instances.sat.cnf import CNF
    >>> solve(CNF(2, [(1, 2), (-1,)]), timeout=0).answer  # no time left for the decider
    <Answer.UNKNOWN: 'UNKNOWN'>
    """
    began = time.perf_counter()
    table = deciders_of(instance.problem)
    if not table:
        raise InvalidInstance(f"no decider for problem {instance.problem!r}")
    chosen_because = None
    if backend is None:
        name, chosen_because = default_backend(instance)
    else:
        name = backend
    family, _, variant = name.partition(":")
    if family not in table:  # perhaps a plugin's decider of a built-in problem
        table = deciders_of(instance.problem, with_plugins=True)
    if family not in table:
        raise InvalidInstance(f"no backend {name!r} for {instance.problem} (known: {', '.join(table)})")
    spec = table[family]
    if timeout is None or callable(spec):
        function = _load(spec)
    else:  # a first import (numpy, python-sat, z3: seconds on a loaded machine) is waited for until the deadline
        from npw.solvers.child import warm_up

        def load() -> Callable[..., Any]:
            import numpy  # noqa: F401  checking a certificate (instance.verify) imports it: 1.6 s under load

            return _load(spec)

        loaded, function = warm_up(("decider", spec), load, timeout)
        if not loaded:
            return Result(Answer.UNKNOWN, None, name, {"time": time.perf_counter() - began,
                                                       "timed_out_while": "loading the decider"})
    # inspect.signature costs 0.2 ms, as much as a verifier's whole SAT call: only where needed
    takes_solver = bool(variant or (backend is None and family == "sat")) and _takes_solver(function)
    if backend is None and family == "sat" and takes_solver and "solver" not in options:
        from npw.solvers.sat import AUTO

        options["solver"] = AUTO  # MiniSat on what it decides at once, CaDiCaL past that (npw.solvers.sat.AUTO)
    if variant:
        if not takes_solver:
            raise InvalidInstance(f"backend {family!r} of {instance.problem} takes no solver (given {name!r}; "
                                  f"a name after ':' picks a python-sat solver for a SAT decider)")
        options["solver"] = variant
    if timeout is not None:
        timeout = max(0.0, timeout - (time.perf_counter() - began))
    try:
        result = function(instance, timeout=timeout, **options)
    except Refused as refusal:  # too large for this decider: UNKNOWN, saying why
        result = Result(Answer.UNKNOWN, None, name, {"refused": str(refusal)})
    if result.answer is Answer.YES and not instance.verify(result.certificate):
        raise SolverError(f"backend {result.backend} returned a certificate that the {instance.problem} checker rejects")
    if chosen_because is not None:
        why = result.stats.get("chosen_because")
        result.stats["chosen_because"] = f"{chosen_because}; {why}" if why else chosen_because
    return result


@functools.lru_cache(maxsize=256)
def _takes_known(function: Callable[..., Any]) -> bool:
    return "known" in inspect.signature(function).parameters


def sample_certificates(instance: Any, count: int, seed: int = 0, known: Any = ()) -> list[Any]:
    """Up to ``count`` diverse certificates of a yes-instance, each checked, no two alike and none
    equal to one of ``known`` (a SAT-based sampler enumerates them with blocking clauses, the
    known ones blocked first where it takes them: :func:`npw.solvers.sat.distinct_certificates`);
    [] where no sampler exists."""
    spec = sampler_of(instance.problem)
    known = list(known)
    if spec is None or count <= 0:
        return []
    sampler = _load(spec)
    if known and _takes_known(sampler):
        certificates = sampler(instance, count, seed, known=known)
    else:  # asked for as many more as are known: some of those found may be known ones
        certificates = sampler(instance, count + len(known), seed)
    for certificate in certificates:
        if not instance.verify(certificate):
            raise SolverError(f"the {instance.problem} certificate sampler returned a certificate its checker rejects")
    return _new_ones(certificates, known, count)


def _new_ones(certificates: list[Any], known: Any, count: int) -> list[Any]:
    """The first ``count`` of ``certificates`` that differ from each other and from ``known``."""
    seen = {certificate_key(certificate) for certificate in known}
    found = []
    for certificate in certificates:
        key = certificate_key(certificate)
        if key not in seen and len(found) < count:
            seen.add(key)
            found.append(certificate)
    return found


def distinct_certificates(instance: Any, count: int, seed: int = 0, known: Any = (),
                          backends: Any = None, timeout: float | None = None) -> list[Any]:
    """Up to ``count`` certificates of a yes-instance, each checked, pairwise different and none
    equal to one of ``known`` (:func:`npw.solvers.result.certificate_key`): the witnesses a
    verifier checks a backward map on (``npw verify --witnesses``).

    From the problem's certificate sampler where it has one (a SAT-based sampler enumerates
    models with a blocking clause on the certificate's own variables after each:
    :func:`npw.solvers.sat.distinct_certificates`, so fewer means there are no more); else from
    the ``backends`` named (deciders of the problem, each run once within ``timeout``; one
    declared slow at the instance's size, by its ``fast``, is passed over).

    Parameters
    ----------
    instance : Any
        A yes-instance.
    count : int
        How many new certificates at most.
    seed : int
        The sampler's seed.
    known : iterable
        Certificates already had (a decider's, a forward map's): not returned again.
    backends : iterable of str or None
        Deciders to ask where the problem has no sampler (None: none).
    timeout : float or None
        Seconds for each such decider.

    Returns
    -------
    list
        The new certificates, in the order found.

    Examples
    --------
    >>> from npw.instances.graphs.graph import IndependentSet
    >>> g = IndependentSet(3, (), 2)  # no edge: any 2 or 3 of the vertices
    >>> found = distinct_certificates(g, 10, seed=1, known=[[0, 1]])
    >>> sorted(found), all(g.verify(c) for c in found)
    ([(0, 1, 2), (0, 2), (1, 2)], True)
    """
    known = list(known)
    if count <= 0:
        return []
    if sampler_of(instance.problem) is not None:
        try:
            return sample_certificates(instance, count, seed, known)
        except Refused:  # an encoding past its limit: no more witnesses, not a decider's fault
            return []
    found: list[Any] = []
    for name in backends or ():
        if len(found) >= count:
            break
        fast = fast_of(instance.problem, name.partition(":")[0])
        if fast is not None and not fast(instance):
            continue
        result = solve(instance, backend=name, timeout=timeout)  # a rejected certificate: SolverError
        if result.answer is Answer.YES:
            found += _new_ones([result.certificate], known + found, 1)
    return found


def export_formats(problem_id: str) -> list[str]:
    return list(exports_of(problem_id))


def export(instance: Any, fmt: str, max_clauses: int | None = None) -> str:
    """The ``fmt`` export of the instance; one with more than ``max_clauses`` clauses (default
    ``npw.solvers.exports.MAX_EXPORT_CLAUSES``) is refused, before it is built where its size
    can be bounded from the instance (``npw.solvers.exports.check_export_size``)."""
    from npw.solvers.exports import check_export_size

    record = get_export(instance.problem, fmt)
    if record is None:
        known = ", ".join(exports_of(instance.problem)) or "none"
        raise InvalidInstance(f"{instance.problem} cannot be exported as {fmt!r} (formats: {known})")
    check_export_size(instance, fmt, limit=max_clauses)
    text = record.write(instance)
    check_export_size(instance, fmt, text, limit=max_clauses)
    return text
