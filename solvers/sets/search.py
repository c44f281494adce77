"""Reference decider for 3DM and X3C: Knuth's Algorithm X (exact cover by backtracking), no SAT.
Independent of the SAT encoding (``sat.py``).

At each step it branches on the uncovered element that the fewest live sets contain (a set is
live while none of its elements is covered); an element no live set contains ends the branch.
The stack is explicit (no recursion limit on q); time is checked at every node, so a run out
of time answers UNKNOWN.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "exact_cover", "solve"]


def exact_cover(universe: int, sets: Sequence[Sequence[int]], deadline: Deadline) -> tuple[int, ...] | None | str:
    """Indices of disjoint sets covering 0..universe-1, None if there are none, or "timeout".

    >>> exact_cover(6, [(0, 1, 2), (2, 3, 4), (3, 4, 5)], Deadline(None))
    (0, 2)
    >>> exact_cover(6, [(0, 1, 2), (2, 3, 4)], Deadline(None)) is None
    True
    """
    return _Search(universe, sets).run(deadline)


class _Search:
    """The search's state: which elements are covered, how many live sets hold each element, and
    for each set how many chosen sets block it (0 = live)."""

    def __init__(self, universe: int, sets: Sequence[Sequence[int]]) -> None:
        self.universe, self.sets = universe, [tuple(s) for s in sets]
        self.holding: list[list[int]] = [[] for _ in range(universe)]
        for index, s in enumerate(self.sets):
            for e in s:
                self.holding[e].append(index)
        self.live = [len(h) for h in self.holding]
        self.blocked = [0] * len(self.sets)
        self.covered = bytearray(universe)
        self.nodes = 0

    def _take(self, index: int) -> None:
        for e in self.sets[index]:
            self.covered[e] = 1
            for j in self.holding[e]:
                if self.blocked[j] == 0:
                    for f in self.sets[j]:
                        self.live[f] -= 1
                self.blocked[j] += 1

    def _untake(self, index: int) -> None:
        # the exact reverse of _take, so the counts return to what they were
        for e in reversed(self.sets[index]):
            for j in reversed(self.holding[e]):
                self.blocked[j] -= 1
                if self.blocked[j] == 0:
                    for f in self.sets[j]:
                        self.live[f] += 1
            self.covered[e] = 0

    def _branch(self) -> list[int]:
        """The live sets holding the uncovered element with the fewest of them."""
        best, fewest = -1, len(self.sets) + 1
        for e in range(self.universe):
            if not self.covered[e] and self.live[e] < fewest:
                best, fewest = e, self.live[e]
                if fewest == 0:
                    return []
        return [j for j in self.holding[best] if self.blocked[j] == 0]

    def run(self, deadline: Deadline) -> tuple[int, ...] | None | str:
        if self.universe == 0:
            return ()
        uncovered = self.universe
        chosen: list[int] = []
        stack = [[self._branch(), 0]]  # per level: the candidate sets and the next to try
        while stack:
            if deadline.expired():
                return "timeout"
            frame = stack[-1]
            if len(chosen) == len(stack):  # this level's last choice failed below: undo it
                self._untake(chosen.pop())
                uncovered += 3
            candidates, position = frame
            if position >= len(candidates):
                stack.pop()
                continue
            frame[1] = position + 1
            self._take(candidates[position])
            chosen.append(candidates[position])
            uncovered -= 3
            self.nodes += 1
            if uncovered == 0:
                return tuple(chosen)
            below = self._branch()
            if below:
                stack.append([below, 0])
        return None


def solve(instance: Any, timeout: float | None = None) -> Result:
    """Decides a 3dm or x3c instance by exact-cover search.

    >>> from npw.instances.sets.model import ThreeDM
    >>> solve(ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1)))).certificate  # in the order chosen
    (1, 0)
    >>> solve(ThreeDM(2, ((0, 0, 0), (1, 0, 1)))).answer.value
    'NO'
    """
    start = time.perf_counter()
    search = _Search(3 * instance.q, instance.universe_sets())
    found = search.run(Deadline(timeout))
    stats: dict[str, Any] = {"time": time.perf_counter() - start, "nodes": search.nodes}
    if isinstance(found, str):
        return Result(Answer.UNKNOWN, None, "brute", {**stats, "reason": found})
    if found is None:
        return Result(Answer.NO, None, "brute", stats)
    return Result(Answer.YES, found, "brute", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    *(Decider(problem, "brute", solve) for problem in ("3dm", "x3c")),
)
