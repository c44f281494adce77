"""Hardness profiles: how the answer and the solver's effort change with one generator parameter.

For each value of the parameter, ``count`` instances are generated (instance i from
``derive_seed(seed, i)``, the same seeds at every value, so neighbouring values differ
only by the parameter) and decided by one backend. Per value: yes / no / UNKNOWN counts,
the fraction of decided instances that are yes, and the median and mean effort: wall
seconds of the decider call, and conflicts where the backend reports them
(python-sat's ``conflicts`` statistic).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable, Sequence

from npw.instances.base import InvalidInstance, derive_seed
from npw.instances.registry import get_problem

__all__ = ["ProfilePoint", "hardness_profile", "profile_json"]


@dataclass
class ProfilePoint:
    value: Any
    count: int
    yes: int
    no: int
    unknown: int
    fraction_yes: float | None  # of the decided instances; None when none was decided
    median_seconds: float
    mean_seconds: float
    median_conflicts: float | None
    mean_conflicts: float | None
    deciders: list[str]  # the backends' own names (e.g. "sat:m22"), as they reported themselves


def _summarise(value: Any, answers: list[str], seconds: list[float], conflicts: list[int],
               deciders: list[str]) -> ProfilePoint:
    yes, no = answers.count("YES"), answers.count("NO")
    has_conflicts = len(conflicts) == len(answers)  # only when every call reported them
    return ProfilePoint(
        value=value, count=len(answers), yes=yes, no=no, unknown=answers.count("UNKNOWN"),
        fraction_yes=yes / (yes + no) if yes + no else None,
        median_seconds=statistics.median(seconds), mean_seconds=statistics.fmean(seconds),
        median_conflicts=statistics.median(conflicts) if has_conflicts else None,
        mean_conflicts=statistics.fmean(conflicts) if has_conflicts else None,
        deciders=sorted(set(deciders)),
    )


def hardness_profile(problem_id: str, param: str, values: Sequence[Any], count: int, seed: int = 0,
                     generator: str | None = None, params: dict[str, Any] | None = None,
                     backend: str | None = None, timeout: float | None = None,
                     progress: Callable[[int], None] | None = None) -> list[ProfilePoint]:
    """One :class:`ProfilePoint` per value of ``param`` (the other generator parameters fixed
    by ``params``). ``progress(done)`` is called after each instance."""
    from npw.solvers import solve

    problem = get_problem(problem_id)
    if count < 1:
        raise InvalidInstance(f"a profile needs at least one instance per value, not {count}")
    if not values:
        raise InvalidInstance("a profile needs at least one parameter value")
    fixed = dict(params or {})
    if param in fixed:
        raise InvalidInstance(f"{param} is the profiled parameter: do not also fix it with -p")
    points, done = [], 0
    for value in values:
        answers, seconds, conflicts, deciders = [], [], [], []
        for index in range(count):
            try:
                instance = problem.generate(generator, derive_seed(seed, index), **fixed, **{param: value})
            except TypeError as error:  # an unknown parameter name for this generator
                raise InvalidInstance(f"generator parameters: {error}") from None
            start = time.perf_counter()
            result = solve(instance, backend=backend, timeout=timeout)
            seconds.append(time.perf_counter() - start)
            answers.append(result.answer.value)
            deciders.append(result.backend)
            if isinstance(result.stats.get("conflicts"), int):
                conflicts.append(result.stats["conflicts"])
            done += 1
            if progress:
                progress(done)
        points.append(_summarise(value, answers, seconds, conflicts, deciders))
    return points


def profile_json(problem_id: str, param: str, points: list[ProfilePoint], **settings: Any) -> dict:
    """The profile as one JSON object (what ``npw profile --json`` prints)."""
    return {"problem": problem_id, "param": param, **settings, "points": [asdict(p) for p in points]}
