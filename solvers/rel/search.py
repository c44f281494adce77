"""Exhaustive REL decider: depth-first search over Eulerian walks with element bookkeeping.

Never touches SAT. Sound pruning only:

* the unused edges must still form one trail-connected piece reachable from the truck;
* every element away from its final vertex must still be able to get there along
  unused edges of positive capacity;
* at every vertex, the misplaced elements waiting there must fit through the capacities of
  the unused edges leaving it, and those still to arrive through the unused edges entering
  it (tight on the graphs of Theorem 2, where it cuts most branches);
* elements with the same initial and final vertex are interchangeable, so shipping
  choices are counts per such class and failed states are remembered up to that
  symmetry (memoisation).
"""

from __future__ import annotations

import time
from collections import defaultdict

from npw.solvers.limits import remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "bounded_counts", "solve"]


def bounded_counts(sizes: list[int], capacity: int):
    """Every vector of counts ``c`` with ``0 <= c[i] <= sizes[i]`` and ``sum(c) <= capacity``,
    in lexicographic order.

    Only these are generated (a product of the ranges filtered afterwards went through 2^16
    vectors per edge for 16 lone elements of capacity 2, and past the search's time checks).

    >>> list(bounded_counts([2, 1], 2))
    [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]
    """
    if not sizes:
        yield ()
        return
    first, rest = sizes[0], sizes[1:]
    for count in range(min(first, capacity) + 1):
        for tail in bounded_counts(rest, capacity - count):
            yield (count, *tail)


def solve(instance, timeout: float | None = None) -> Result:
    start_time = time.perf_counter()
    deadline = Deadline(timeout)
    edges = instance.edges
    directed = instance.directed
    classes: dict[tuple[str, str], int] = {}
    element_class = [classes.setdefault((i, f), len(classes)) for i, f in zip(instance.initial, instance.final)]
    final = list(instance.final)
    position = list(instance.initial)
    steps: list[tuple[int, str, tuple[str, ...]]] = []
    failed: set = set()
    nodes = 0
    all_used = (1 << len(edges)) - 1

    def ends(index: int, at: str) -> str | None:
        tail, head, _ = edges[index]
        if tail == at:
            return head
        if not directed and head == at:
            return tail
        return None

    def connected(at: str, used: int) -> bool:
        """All unused edges reachable from ``at`` (undirected reachability: necessary for a trail)."""
        unused = [i for i in range(len(edges)) if not used >> i & 1]
        if not unused:
            return True
        adjacency = defaultdict(list)
        for i in unused:
            t, h, _ = edges[i]
            adjacency[t].append(h)
            adjacency[h].append(t)
        seen, stack = {at}, [at]
        while stack:
            for nxt in adjacency[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return all(edges[i][0] in seen for i in unused)

    def deliverable(used: int) -> bool:
        """Every misplaced element can still reach its final vertex over unused positive-capacity edges."""
        adjacency = defaultdict(list)
        for i, (t, h, c) in enumerate(edges):
            if c > 0 and not used >> i & 1:
                adjacency[t].append(h)
                if not directed:
                    adjacency[h].append(t)
        cache: dict[str, set[str]] = {}
        for here, goal in zip(position, final):
            if here == goal:
                continue
            if here not in cache:
                seen, stack = {here}, [here]
                while stack:
                    for nxt in adjacency[stack.pop()]:
                        if nxt not in seen:
                            seen.add(nxt)
                            stack.append(nxt)
                cache[here] = seen
            if goal not in cache[here]:
                return False
        return True

    def capacities_suffice(used: int) -> bool:
        """Counting cut at every vertex: the misplaced elements waiting at v fit through the
        unused edges leaving v, and those still to arrive at v through the unused edges entering it."""
        room_out: dict[str, int] = defaultdict(int)
        room_in: dict[str, int] = defaultdict(int)
        for i, (t, h, c) in enumerate(edges):
            if not used >> i & 1:
                room_out[t] += c
                room_in[h] += c
                if not directed:
                    room_out[h] += c
                    room_in[t] += c
        waiting: dict[str, int] = defaultdict(int)
        expected: dict[str, int] = defaultdict(int)
        for here, goal in zip(position, final):
            if here != goal:
                waiting[here] += 1
                expected[goal] += 1
        return all(n <= room_out[v] for v, n in waiting.items()) and all(n <= room_in[v] for v, n in expected.items())

    def key(at: str, used: int) -> tuple:
        per_class = defaultdict(list)
        for index, vertex in enumerate(position):
            per_class[element_class[index]].append(vertex)
        return at, used, tuple(sorted((c, tuple(sorted(v))) for c, v in per_class.items()))

    def search(at: str, used: int) -> bool:
        nonlocal nodes
        if used == all_used:
            return position == final
        nodes += 1
        if nodes & 255 == 0 and deadline.expired():
            raise OutOfTime
        state = key(at, used)
        if state in failed or not capacities_suffice(used) or not connected(at, used) or not deliverable(used):
            remember(failed, state)
            return False
        present: dict[int, list[int]] = defaultdict(list)
        for index, vertex in enumerate(position):
            if vertex == at:
                present[element_class[index]].append(index)
        for edge in range(len(edges)):
            if used >> edge & 1:
                continue
            end = ends(edge, at)
            if end is None:
                continue
            capacity = edges[edge][2]
            groups = list(present.values())
            for counts in bounded_counts([len(g) for g in groups], capacity):
                shipped = [index for group, count in zip(groups, counts) for index in group[:count]]
                for index in shipped:
                    position[index] = end
                steps.append((edge, at, tuple(instance.elements[i] for i in shipped)))
                if search(end, used | 1 << edge):
                    return True
                steps.pop()
                for index in shipped:
                    position[index] = at
        remember(failed, state)
        return False

    starts = sorted({t for t, _, _ in edges} | (set() if directed else {h for _, h, _ in edges}))
    try:
        found = any(search(vertex, 0) for vertex in starts) if edges else position == final
    except (OutOfTime, RecursionError):
        return Result(Answer.UNKNOWN, None, "search", {"time": time.perf_counter() - start_time, "nodes": nodes})
    stats = {"time": time.perf_counter() - start_time, "nodes": nodes}
    return Result(Answer.YES, tuple(steps), "search", stats) if found else Result(Answer.NO, None, "search", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("rel", "search", solve),
)
