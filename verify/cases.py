"""Case streams for the verifier: exhaustive, seeded random, planted yes, certified no.

A stream yields ``(label, instance)`` pairs; labels say where a case came from, so
a counterexample can be reproduced ("random seed=1 case=417").

>>> from npw.instances.registry import get_problem
>>> problem = get_problem("1in3sat")
>>> [label for label, _ in exhaustive(problem, 1)]
['exhaustive size<=1 #0', 'exhaustive size<=1 #1', 'exhaustive size<=1 #2', 'exhaustive size<=1 #3', 'exhaustive size<=1 #4']
>>> [label for label, _ in random_stream(problem, 2, seed=1)]
['random seed=1 case=0', 'random seed=1 case=1']
>>> from npw.solvers import solve
>>> [solve(f).answer.value for _, f in planted_stream(problem, 3, seed=1)]
['YES', 'YES', 'YES']
>>> [solve(f).answer.value for _, f in certified_no_stream(problem, 3, seed=1)]
['NO', 'NO', 'NO']

A stream can be narrowed to the sources that meet conditions on their JSON fields or size
measures (``npw verify --where``): :class:`Condition`, :func:`where_filter`.
"""

from __future__ import annotations

import inspect
import operator as op
import time
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from npw.instances.base import InvalidInstance, Problem, derive_seed  # noqa: F401  (re-exported)

__all__ = ["Condition", "SettingsError", "certified_no_stream", "derive_seed", "exhaustive", "planted_stream",
           "random_stream", "small_generator", "smallest_first_size", "source_problem", "stream_part", "where_filter"]


def source_problem(reduction: Any) -> Problem:
    """The source problem of ``reduction`` as its streams see it: the registered problem, with the
    reduction's own ``source_sample`` as the random stream's sample where it declares one (its
    targets would be too big for the deciders on the problem's own samples).

    >>> from npw.reductions.registry import get_reduction
    >>> source_problem(get_reduction("1in3sat-to-224sat")).sample is not None
    True
    """
    import dataclasses

    from npw.instances.registry import get_problem

    problem = get_problem(reduction.source)
    sample = getattr(reduction, "source_sample", None)
    return problem if sample is None else dataclasses.replace(problem, sample=sample)


def exhaustive(problem: Problem, size: int) -> Iterator[tuple[str, Any]]:
    if problem.enumerate is None:
        raise InvalidInstance(f"problem {problem.id} has no exhaustive enumeration")
    for index, instance in enumerate(problem.enumerate(size)):
        yield f"exhaustive size<={size} #{index}", instance


def smallest_first_size(problem: Problem, budget: int, max_size: int, seconds: float) -> tuple[int, int] | None:
    """The largest size whose exhaustive enumeration stays within ``budget`` cases: what the
    default stream checks first, every instance up to that size.

    Sizes 1, 2, 3, ... are counted in turn (``problem.enumerate(n)`` yields every instance up to
    size ``n``), each lazily and only up to ``budget + 1`` instances, so a size that would give
    millions costs no more than the budget. Counting stops at the first size beyond the budget,
    beyond ``max_size``, beyond the enumeration's own limit (it raises ``InvalidInstance``), or
    whose counting takes more than ``seconds`` from its first instance (an enumeration slow per
    instance, as 2/2/4-SAT's canonical forms at m = 4: 291 instances in minutes).

    Parameters
    ----------
    problem : Problem
        The source problem.
    budget : int
        The most cases the exhaustive part may have.
    max_size : int
        The largest size tried (some enumerations stay small for many sizes while their
        instances grow: 3-PARTITION by its bound).
    seconds : float
        The longest the counting of one size may take, from its first instance on.

    Returns
    -------
    (int, int) or None
        The size and how many instances it enumerates; None where the problem cannot enumerate
        or already its size 1 is beyond the budget.

    Examples
    --------
    >>> from npw.instances.registry import get_problem
    >>> smallest_first_size(get_problem("1in3sat"), 300, 8, 5.0)  # 5 instances at size 1, 164 up to size 2
    (2, 164)
    >>> smallest_first_size(get_problem("1in3sat"), 100, 8, 5.0)
    (1, 5)
    """
    if problem.enumerate is None:
        return None
    found = None
    for size in range(1, max_size + 1):
        deadline = None
        count = 0
        try:
            for _ in problem.enumerate(size):
                # timed from the first instance: what comes before it (imports, tables read once) is
                # paid once, not per instance, and must not decide the size
                deadline = deadline or time.perf_counter() + seconds
                count += 1
                if count > budget or time.perf_counter() > deadline:
                    return found
        except InvalidInstance:  # beyond the enumeration's own limit
            return found
        found = (size, count) if count else found
    return found


def stream_part(label: str) -> str:
    """The part of a stream a case's label names: ``exhaustive size<=K``, ``random``, ``planted``,
    ``certified-no`` (for other labels, such as an instance set's file names: their first word).

    >>> stream_part("exhaustive size<=3 #17"), stream_part("random seed=1 case=4")
    ('exhaustive size<=3', 'random')
    """
    words = label.split(" ", 2)
    if words[0] == "exhaustive" and len(words) > 1:
        return f"{words[0]} {words[1]}"
    return words[0]


# seeds a case tries before its generator's refusal ends the stream
GENERATOR_ATTEMPTS = 5


def _built(generate: Any, case_seed: int) -> Any:
    """``generate(case_seed)``, or where the generator cannot build at this small size for this
    seed (a planar layout with no room left: pm3sat's sample at seed 0), the next seeds derived
    from it, the same each run; the last refusal stands."""
    for attempt in range(GENERATOR_ATTEMPTS):
        try:
            return generate(derive_seed(case_seed, attempt) if attempt else case_seed)
        except InvalidInstance:
            if attempt == GENERATOR_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def random_stream(problem: Problem, count: int, seed: int) -> Iterator[tuple[str, Any]]:
    if problem.sample is None:
        raise InvalidInstance(f"problem {problem.id} has no small random sample for verification")
    for index in range(count):
        yield f"random seed={seed} case={index}", _built(problem.sample, derive_seed(seed, index))


# the size parameters _generated_stream keeps small (3-8 variables, 4-8 vertices)
_SMALL_SIZE_PARAMETERS = ("num_vars", "num_vertices")


def small_generator(problem: Problem, generator_name: str) -> bool:
    """Whether the planted or certified-no stream of ``problem`` draws small cases: the problem
    has the generator and it takes a size the stream keeps small (``num_vars``: 3-8,
    ``num_vertices``: 4-8). Other generators run at their own default sizes (3-PARTITION's
    planted at its default bound: targets whose deciders take a minute a case), so the default
    stream leaves them out.

    >>> from npw.instances.registry import get_problem
    >>> small_generator(get_problem("vertexcover"), "planted"), small_generator(get_problem("3partition"), "planted")
    (True, False)
    """
    generator = problem.generators.get(generator_name)
    if generator is None:
        return False
    return any(name in inspect.signature(generator).parameters for name in _SMALL_SIZE_PARAMETERS)


def _generated_stream(problem: Problem, generator_name: str, label: str, count: int, seed: int
                      ) -> Iterator[tuple[str, Any]]:
    if generator_name not in problem.generators:
        raise InvalidInstance(f"problem {problem.id} has no {generator_name} generator")
    generator = problem.generators[generator_name]
    # SAT-like generators take num_vars, graph ones num_vertices: keep the cases small enough for
    # brute force (and a graph's reduced target small enough for the target's deciders)
    parameters = inspect.signature(generator).parameters

    def generated(case_seed: int) -> Any:
        if "num_vars" in parameters:
            return generator(case_seed, num_vars=3 + case_seed % 6)
        if "num_vertices" in parameters:
            return generator(case_seed, num_vertices=4 + case_seed % 5)
        return generator(case_seed)

    for index in range(count):
        yield f"{label} seed={seed} case={index}", _built(generated, derive_seed(seed, index))


def planted_stream(problem: Problem, count: int, seed: int) -> Iterator[tuple[str, Any]]:
    """Yes-instances by construction, from the problem's ``planted`` generator, at small sizes."""
    return _generated_stream(problem, "planted", "planted", count, seed)


def certified_no_stream(problem: Problem, count: int, seed: int) -> Iterator[tuple[str, Any]]:
    """No-instances by construction, from the problem's ``certified-no`` generator, at small sizes."""
    return _generated_stream(problem, "certified-no", "certified-no", count, seed)


# the comparisons a condition may make, by their command-line spelling
COMPARISONS = {"=": op.eq, "!=": op.ne, "<": op.lt, "<=": op.le, ">": op.gt, ">=": op.ge}


@dataclass(frozen=True)
class Condition:
    """A condition on a source instance: its JSON field or size measure ``key`` compares with
    ``value`` by ``operator`` (one of ``COMPARISONS``); ``text`` is how it was given (``--where
    clauses<=2``), which a result store keeps as part of the run's identity.

    Examples
    --------
    >>> Condition("clauses<=2", "clauses", "<=", 2).holds(2)
    True
    """

    text: str
    key: str
    operator: str
    value: Any

    def holds(self, actual: Any) -> bool:
        """Whether ``actual`` compares so with the value (values that do not compare: False)."""
        try:
            return bool(COMPARISONS[self.operator](actual, self.value))
        except TypeError:
            return False


class SettingsError(ValueError):
    """A run's settings ask for what cannot be given (a condition on a field the instances do
    not have, a stream the problem does not offer, a cluster that cannot be reached): the
    command line reports it as a usage mistake, one line, exit status 2."""


def where_filter(cases: Iterable[tuple[str, Any]], conditions: Iterable[Condition], problem_id: str
                 ) -> Iterator[tuple[str, Any]]:
    """The cases whose instance meets every condition, on a field of its JSON or a size measure
    (a measure where the field is not a number: ``clauses`` is a list in the JSON, a count as a
    measure).

    Parameters
    ----------
    cases : iterable of (label, instance)
        A case stream.
    conditions : iterable of Condition
        All must hold for a case to be kept.
    problem_id : str
        The instances' problem, named in the error for an unknown key.

    Returns
    -------
    iterator of (label, instance)
        The cases kept, in stream order (lazily: the stream is read as the result is).

    Raises
    ------
    SettingsError
        When a condition's key is neither a field nor a measure (on the first case looked at).

    Examples
    --------
    >>> from npw.instances.registry import get_problem
    >>> problem = get_problem("1in3sat")
    >>> one_clause = [Condition("clauses<=1", "clauses", "<=", 1)]
    >>> len(list(exhaustive(problem, 2))), len(list(where_filter(exhaustive(problem, 2), one_clause, problem.id)))
    (164, 5)
    """
    conditions = list(conditions)
    for label, instance in cases:
        data, measures = instance.to_dict(), instance.size()
        keep = True
        for condition in conditions:
            key = condition.key
            if key in measures and not isinstance(data.get(key), (int, float)):
                actual = measures[key]
            elif key in data:
                actual = data[key]
            else:
                known = ", ".join(sorted(set(data) - {"problem", "version"} | set(measures)))
                raise SettingsError(f"verify: --where: {problem_id} instances have no field or measure {key!r} "
                                    f"(they have: {known})")
            keep = condition.holds(actual)
            if not keep:
                break
        if keep:
            yield label, instance
