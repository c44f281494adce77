"""Reference decider for 3-PARTITION: exhaustive search with memoisation, no SAT/SMT.

Groups are filled one at a time; each new group starts with the largest number
left (groups are unordered, so this loses nothing), then tries every pair of the
remaining numbers that completes it to B. The remaining multiset (a tuple of
counts per distinct value) is memoised: a multiset that cannot be split is never
searched twice. Exponential in m in the worst case, fine for the sizes the
verifier uses.
"""

from __future__ import annotations

import time

from npw.instances.three_partition import ThreePartition
from npw.solvers.limits import remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Result


def solve(instance: ThreePartition, timeout: float | None = None) -> Result:
    """Decides 3-PARTITION by a search over triples of values summing to B, memoising
    the multisets of numbers left that fail.

    >>> solve(ThreePartition((2, 2, 3, 2, 2, 3), 7)).certificate
    ((0, 1, 2), (3, 4, 5))
    >>> solve(ThreePartition((4, 4, 4, 4, 4, 6), 13)).answer
    <Answer.NO: 'NO'>
    """
    start = time.perf_counter()
    deadline = Deadline(timeout)
    B = instance.bound
    values = sorted(set(instance.numbers), reverse=True)
    counts = [instance.numbers.count(v) for v in values]
    failed: set[tuple[int, ...]] = set()
    nodes = 0

    def search(counts: list[int]) -> list[tuple[int, int, int]] | None:
        nonlocal nodes
        nodes += 1
        if nodes & 1023 == 0 and deadline.expired():
            raise OutOfTime
        key = tuple(counts)
        if key in failed:
            return None
        first = next((i for i, c in enumerate(counts) if c), None)
        if first is None:
            return []
        counts[first] -= 1
        for second in range(first, len(values)):
            if counts[second] == 0:
                continue
            need = B - values[first] - values[second]
            if need > values[second]:
                break  # values are decreasing: the third would be the larger one, tried elsewhere
            counts[second] -= 1
            third = next((i for i in range(second, len(values)) if values[i] == need and counts[i]), None)
            if third is not None:
                counts[third] -= 1
                rest = search(counts)
                counts[third] += 1
                if rest is not None:
                    counts[second] += 1
                    counts[first] += 1
                    return [(values[first], values[second], values[third])] + rest
            counts[second] += 1
        counts[first] += 1
        remember(failed, key)
        return None

    try:
        groups = search(counts)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "dp", {"time": time.perf_counter() - start, "nodes": nodes})
    stats = {"time": time.perf_counter() - start, "nodes": nodes}
    if groups is None:
        return Result(Answer.NO, None, "dp", stats)
    return Result(Answer.YES, values_to_indices(instance, groups), "dp", stats)


def values_to_indices(instance: ThreePartition, groups: list[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Index triples for value triples (each index used once)."""
    free: dict[int, list[int]] = {}
    for i, a in enumerate(instance.numbers):
        free.setdefault(a, []).append(i)
    return tuple(tuple(sorted(free[v].pop(0) for v in g)) for g in groups)
