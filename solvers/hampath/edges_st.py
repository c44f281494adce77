"""Hamiltonian path between two given degree-1 ends (``hampath-st``) through the edge encoding
with lazy subtour cuts (:func:`npw.solvers.hampath.edges.solve_cycle`).

s and t have degree 1, so a Hamiltonian path of G runs from s to t, and G with the edge s - t added
has a Hamiltonian cycle exactly when G has such a path: the cycle passes s and t (degree 2 now)
through both their edges, s - t among them; without that edge it is the path. The graphs that
``dhamcycle-21-to-hampath-st`` builds from 3-SAT (90-270 vertices, most edges forced) take this
milliseconds, where the DP's reached sets and the position encoding's n^2 variables run out of a
minute (BENCHMARKS.md, "Issue 34 (session 5)").

>>> from npw.instances.hampath.graph import HamPathEnds
>>> g = HamPathEnds(5, ((0, 1), (1, 2), (1, 3), (2, 3), (3, 4)), s=0, t=4)
>>> result = solve(g)
>>> result.answer.value, result.certificate, g.verify(result.certificate)
('YES', (0, 1, 2, 3, 4), True)
>>> solve(HamPathEnds(5, ((0, 1), (1, 2), (1, 3), (3, 4)), s=0, t=4)).answer.value
'NO'
"""

from __future__ import annotations

from types import SimpleNamespace

from npw.solvers.hampath.edges import solve_cycle
from npw.solvers.registry import Decider
from npw.solvers.result import Answer, Result

__all__ = ["DECIDERS", "solve"]


def solve(instance, timeout: float | None = None) -> Result:
    """Decides a ``hampath-st`` instance: the Hamiltonian cycle of the graph closed by s - t, cut there.

    >>> from npw.instances.hampath.graph import HamPathEnds
    >>> solve(HamPathEnds(2, ((0, 1),), s=0, t=1)).certificate
    (0, 1)
    """
    n, s, t = instance.num_vertices, instance.s, instance.t
    if n == 2:  # s - t is the only edge: the path itself (a 2-cycle is no cycle)
        return Result(Answer.YES, (s, t), "sat-edges", {"time": 0.0})
    closed = SimpleNamespace(num_vertices=n, DIRECTED=False, SMALLEST_CYCLE=3,
                             edges=tuple(instance.edges) + ((s, t),))
    result = solve_cycle(closed, timeout)
    if result.answer is not Answer.YES:
        return Result(result.answer, None, result.backend, result.stats)
    cycle = list(result.certificate)
    at = cycle.index(s)
    cycle = cycle[at:] + cycle[:at]
    if cycle[-1] != t:  # the cycle runs s, t, ...: read it the other way
        cycle = [s] + cycle[1:][::-1]
    return Result(Answer.YES, tuple(cycle), result.backend, result.stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (Decider("hampath-st", "sat-edges", solve),)
