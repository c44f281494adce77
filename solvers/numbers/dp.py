"""Reference decider for SUBSET SUM and PARTITION: the textbook dynamic program over the
reachable sums, no SAT. Independent of the SAT encoding (``sat.py``).

The table holds every sum at most the target that a subset of the first t numbers reaches and
the numbers after them can still lift to the target,
with the number that first reached it and the sum before (a back pointer), so a certificate
is read back from the target. Sparse (a dict, not an array of target + 1 cells): the sums a
reduction from 3-SAT builds are huge but few. Time and memory O(min(target, 2^n)) a number;
past MEMO_ENTRIES sums it answers UNKNOWN rather than use more memory.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from npw.solvers.limits import MEMO_ENTRIES
from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.registry import Decider

__all__ = ["CHUNK", "DECIDERS", "dp_result", "reach", "solve"]

CHUNK = 1 << 12
"""Sums extended between two reads of the deadline: a few ms, 30 ms on a loaded machine (big sums
cost 5-10 us each there: a chunk of 65,536 took 0.6 s)."""


def reach(numbers: Sequence[int], target: int, deadline: Deadline) -> tuple[int, ...] | None | str:
    """Indices of numbers summing to ``target``, None if none do, or a reason string when the
    deadline or the table size stopped the search.

    >>> reach((3, 5, 8, 2), 10, Deadline(None)), reach((2, 4), 5, Deadline(None))
    ((3, 1, 0), None)
    """
    # sum -> the index of the number that reached it (the sum before is this sum minus that
    # number): ints only, so the garbage collector never walks the millions of entries (with a
    # (index, sum before) tuple each, its passes stalled the search past the deadline by seconds)
    back: dict[int, int] = {0: -1}
    left = sum(numbers)  # what the numbers not yet taken can still add
    live = [0] if left >= target else []  # sums that can still reach the target
    for i, a in enumerate(numbers):
        if deadline.expired():
            return "timeout"
        if target in back or not live:
            break
        left -= a
        grown = []
        for begin in range(0, len(live), CHUNK):  # a number's pass over millions of sums takes seconds
            if begin and deadline.expired():
                return "timeout"
            for s in live[begin:begin + CHUNK]:
                if s + a <= target and s + a not in back:
                    back[s + a] = i
                    grown.append(s + a)
        # a sum that the rest cannot lift to the target is dropped (what keeps the digit
        # numbers of 3-SAT -> SUBSET SUM at 2^n sums, not 2^(2n + 2m))
        everything, live = live + grown, []
        for begin in range(0, len(everything), CHUNK):
            if begin and deadline.expired():
                return "timeout"
            live += [s for s in everything[begin:begin + CHUNK] if s + left >= target]
        if len(back) > MEMO_ENTRIES:
            return f"more than {MEMO_ENTRIES:,} reachable sums (MEMO_ENTRIES)"
    if target not in back:
        return None
    chosen, s = [], target
    while s:
        i = back[s]
        chosen.append(i)
        s -= numbers[i]
    return tuple(chosen)


def solve(instance: Any, timeout: float | None = None) -> Result:
    """Decides SUBSET SUM (the instance's target) or PARTITION (half its total; an odd total is
    a NO at once).

    >>> from npw.instances.numbers.model import Partition, SubsetSum
    >>> solve(SubsetSum((3, 5, 8, 2), 10)).certificate, solve(Partition((3, 5, 4))).answer
    ((3, 1, 0), <Answer.NO: 'NO'>)
    """
    start = time.perf_counter()
    if instance.problem == "partition" and instance.total % 2:
        return Result(Answer.NO, None, "dp", {"time": time.perf_counter() - start, "reason": "odd total"})
    return dp_result(reach(instance.numbers, instance.target, Deadline(timeout)), start)


def dp_result(found: Any, start: float) -> Result:
    """The ``dp`` Result of a dynamic program's answer (this module's, knapsack's).

    Parameters
    ----------
    found : Any
        The certificate found, None for none, or a string: why it stopped (UNKNOWN).
    start : float
        ``time.perf_counter()`` when the decider began.

    Returns
    -------
    Result
        YES with ``found``, NO, or UNKNOWN with ``stats["reason"]``; ``stats["time"]``.

    >>> dp_result(None, time.perf_counter()).answer, dp_result("out of time", 0.0).stats["reason"]
    (<Answer.NO: 'NO'>, 'out of time')
    """
    stats: dict[str, Any] = {"time": time.perf_counter() - start}
    if isinstance(found, str):
        return Result(Answer.UNKNOWN, None, "dp", {**stats, "reason": found})
    if found is None:
        return Result(Answer.NO, None, "dp", stats)
    return Result(Answer.YES, found, "dp", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "dp", solve) for problem in ("subsetsum", "partition")),
)
