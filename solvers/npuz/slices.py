"""What the IDA* deciders share (:mod:`npw.solvers.npuz.search` and its ranked pattern-database
twin :mod:`npw.solvers.npuz.ida_ranked`): the check of a start/goal pair, the outcome record, and
the driver of a compiled kernel's iterations, which searches in slices of nodes so that a
deadline is read between slices (numba code cannot read the clock).

>>> check_pair((1, 2, 3, 0), (0, 1, 2, 3))
2
>>> SearchOutcome("RR", True).moves
'RR'
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board
from npw.solvers.result import Deadline, Refused

if TYPE_CHECKING:  # numpy is imported where a kernel runs
    import numpy as np

__all__ = ["FIRST_SLICE", "MAX_DEPTH", "MAX_SEARCH_SIDE", "MOVE_LETTERS", "SLICE_SECONDS", "SearchOutcome",
           "check_pair", "drive_iterations"]


MOVE_LETTERS = "UDLR"  # index 0..3 in the compiled code; opposite = index ^ 1


MAX_DEPTH = 4096


@dataclass
class SearchOutcome:
    """``moves`` is None when no path was found (``complete``: the search proved there is
    none within ``limit``; not complete: stopped by the deadline or a node budget)."""

    moves: str | None
    complete: bool
    stats: dict = field(default_factory=dict)


# the search deciders build (n^2 x n^2) distance tables: 64 x 64 boards need 134 MB, a 1000 x 1000
# board 7 TiB; no search finishes on boards near the limit, so beyond it they refuse at once
MAX_SEARCH_SIDE = 64


def check_pair(start: Board, goal: Board) -> int:
    """The side n of the two boards a search compares: InvalidInstance unless they hold the same
    tiles, Refused beyond :data:`MAX_SEARCH_SIDE`.

    Parameters
    ----------
    start, goal : Board
        The two boards, n^2 tiles each in row-major order.

    Returns
    -------
    int
        n.
    """
    if len(start) != len(goal) or sorted(start) != sorted(goal):
        raise InvalidInstance("the two boards do not hold the same tiles")
    n = math.isqrt(len(start))
    if n > MAX_SEARCH_SIDE:
        raise Refused(f"the search deciders take boards up to {MAX_SEARCH_SIDE} x {MAX_SEARCH_SIDE} "
                              f"(limit MAX_SEARCH_SIDE: their tables grow as n^4); this board is {n} x {n}")
    return n


FIRST_SLICE = 2_000


SLICE_SECONDS = 0.1  # target time of one slice: how late past its deadline IDA* can answer


def _next_budget(budget: int, seconds: float, most: int) -> int:
    """The next slice's node budget: scaled so a slice takes about ``SLICE_SECONDS``, at most
    doubling, at least 100 nodes, at most ``most``.

    >>> _next_budget(2_000, 0.001, 500_000), _next_budget(2_000, 1.0, 500_000), _next_budget(400_000, 0.0, 500_000)
    (4000, 200, 500000)
    """
    if seconds > 0:
        budget = min(2 * budget, int(budget * SLICE_SECONDS / seconds))
    else:
        budget *= 2
    return max(100, min(most, budget))


def drive_iterations(run: Callable[[int], int], st: np.ndarray, path: np.ndarray, nextmv: np.ndarray,
                     stats: dict[str, Any], began: float, deadline: Deadline, limit: int | None,
                     max_nodes: int | None, slice_nodes: int) -> SearchOutcome:
    """IDA*'s iterations over a compiled kernel that searches in slices (``run(budget)``: 1 found,
    0 the iteration is over, 2 the slice's budget is spent, 3 out of depth), shared by every
    kernel (:mod:`.search`'s and :mod:`.ida_ranked`'s). The kernel's state ``st`` holds depth,
    bound, the next bound, generated, the blank, expanded; ``stats["h0"]`` is the first bound.

    The deadline is read between slices: the first slice is small, later ones grow while a
    slice stays short (a node costs far more on a large board than on the 15-puzzle).

    Parameters
    ----------
    run : callable
        ``run(budget)``: the kernel's next slice, returning its status.
    st, path, nextmv : numpy.ndarray
        The kernel's state, its path of moves and its next move per depth.
    stats : dict
        The run's statistics, updated in place (``h0`` set by the caller).
    began : float
        ``time.perf_counter()`` when the search began.
    deadline : Deadline
        Read between slices.
    limit : int or None
        The largest cost bound to search; beyond it the search is complete without a path.
    max_nodes : int or None
        Generated nodes after which the search stops undecided.
    slice_nodes : int
        The largest slice.

    Returns
    -------
    SearchOutcome
        The moves found, or None with ``complete`` saying whether none exists within ``limit``.
    """
    bound = stats["h0"]
    budget = min(slice_nodes, FIRST_SLICE)
    while True:
        if limit is not None and bound > limit:
            stats["time"] = time.perf_counter() - began
            return SearchOutcome(None, True, stats)
        if bound >= MAX_DEPTH:
            stats["time"] = time.perf_counter() - began
            return SearchOutcome(None, False, stats)
        stats["iterations"] += 1
        stats["bound"] = stats["proved_lower_bound"] = bound  # IDA*: every smaller bound was searched out
        st[0], st[1], st[2] = 0, bound, 1 << 40
        st[5] += 1  # the root
        nextmv[0] = 0
        while True:
            sliced = time.perf_counter()
            status = run(budget)
            budget = _next_budget(budget, time.perf_counter() - sliced, slice_nodes)
            stats["nodes"], stats["generated"] = int(st[5]), int(st[3])
            if status == 1:
                stats["time"] = time.perf_counter() - began
                return SearchOutcome("".join(MOVE_LETTERS[m] for m in path[:st[0]]), True, stats)
            if status == 0:
                break
            if status == 3 or deadline.expired() or (max_nodes is not None and st[3] >= max_nodes):
                stats["time"] = time.perf_counter() - began
                return SearchOutcome(None, False, stats)
        bound = int(st[2])
