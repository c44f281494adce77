"""Reference decider for 3-PARTITION: exhaustive search with memoisation, no SAT/SMT.

Groups are filled one at a time; each new group starts with the largest number
left (groups are unordered, so this loses nothing), then tries every pair of the
remaining numbers that completes it to B. The remaining multiset (a tuple of
counts per distinct value) is memoised: a multiset that cannot be split is never
searched twice. Exponential in m in the worst case, fine for the sizes the
verifier uses.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Iterator, Sequence

from npw.instances.numbers.three_partition import ThreePartition
from npw.solvers.limits import remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Refused, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "solve", "solve_groups", "values_to_indices"]


def solve(instance: ThreePartition, timeout: float | None = None) -> Result:
    """Decides 3-PARTITION by a search over triples of values summing to B, memoising
    the multisets of numbers left that fail.

    >>> solve(ThreePartition((2, 2, 3, 2, 2, 3), 7)).certificate
    ((0, 1, 2), (3, 4, 5))
    >>> solve(ThreePartition((4, 4, 4, 4, 4, 6), 13)).answer
    <Answer.NO: 'NO'>
    """
    return solve_groups(instance, 3, timeout)


def solve_groups(instance: Any, k: int, timeout: float | None = None) -> Result:
    """Decides whether ``instance.numbers`` split into groups of k of sum ``instance.bound``
    (3-PARTITION, 4-PARTITION): each group starts with the largest value left, the next k - 2
    members are tried in non-increasing order of value, the last one is what completes B. The
    counts per distinct value left that fail are memoised, so the search depends on how many
    distinct values there are, not on their size."""
    start = time.perf_counter()
    # the search recurses one frame a group: refused where Python's stack would not hold them
    # (33,333 groups ended in a RecursionError traceback)
    groups_needed = len(instance.numbers) // k
    if groups_needed > sys.getrecursionlimit() - 200:
        raise Refused(f"the search recurses a frame a group: {groups_needed:,} groups, past the "
                      f"{sys.getrecursionlimit() - 200:,} that Python's recursion limit holds")
    deadline = Deadline(timeout)
    B = instance.bound
    values = sorted(set(instance.numbers), reverse=True)
    counts = [instance.numbers.count(v) for v in values]
    failed: set[tuple[int, ...]] = set()
    nodes = steps = 0

    def completions(first: int) -> Iterator[list[int]]:
        """The value indices that complete a group opened by ``first`` (already taken), members in
        non-increasing order of value, the last one what makes B. A generator, so that the
        search below recurses one frame a group, as deep as there are groups."""
        group, taken = [first], {}  # counts already lack ``first``

        def fill(low: int, need: int) -> Iterator[list[int]]:
            nonlocal steps
            steps += 1
            if not steps & 1023:  # the completions of one group run to millions with many distinct values
                deadline.check()
            if len(group) == k - 1:
                last = next((i for i in range(low, len(values))
                             if values[i] == need and counts[i] - taken.get(i, 0) > 0), None)
                if last is not None:
                    yield group + [last]
                return
            for i in range(low, len(values)):
                if counts[i] - taken.get(i, 0) <= 0:
                    continue
                if need - values[i] > values[i] * (k - 1 - len(group)):
                    break  # values are decreasing: the members still to come would be larger, tried elsewhere
                group.append(i)
                taken[i] = taken.get(i, 0) + 1
                yield from fill(i, need - values[i])
                taken[i] -= 1
                group.pop()

        yield from fill(first, B - values[first])

    def search() -> list[list[int]] | None:
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
        for members in completions(first):
            for i in members[1:]:
                counts[i] -= 1
            rest = search()
            for i in members[1:]:
                counts[i] += 1
            if rest is not None:
                counts[first] += 1
                return [[values[i] for i in members]] + rest
        counts[first] += 1
        remember(failed, key)
        return None

    try:
        groups = search()
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "dp", {"time": time.perf_counter() - start, "nodes": nodes})
    stats = {"time": time.perf_counter() - start, "nodes": nodes}
    if groups is None:
        return Result(Answer.NO, None, "dp", stats)
    return Result(Answer.YES, values_to_indices(instance, groups), "dp", stats)


def values_to_indices(instance: Any, groups: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Index groups for value groups (each index used once)."""
    free: dict[int, list[int]] = {}
    for i, a in enumerate(instance.numbers):
        free.setdefault(a, []).append(i)
    return tuple(tuple(sorted(free[v].pop(0) for v in g)) for g in groups)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("3partition", "dp", solve),
)
