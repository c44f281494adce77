"""Hamiltonian path in a grid graph with two pinned dumbbells (``hampath-dumbbells``) through the
edge encoding with lazy subtour cuts (:func:`npw.solvers.hampath.edges.solve_cycle`).

A Hamiltonian path ends inside each dumbbell, at its v or v' (Figure 8(a), checked exhaustively in
``tests/test_lemma_a1_gadgets.py``): a dumbbell hangs on one pin edge, so it holds exactly one end,
and its covers end only there. So G has a Hamiltonian path exactly when G with a new vertex z joined
to the four cells v, v' of both dumbbells has a Hamiltonian cycle: the path closed through z, or the
cycle opened at z. The drawn targets of Lemma A.1's step 3b (thousands of cells, most of them on
corridors whose edges the degree constraints force) are what this is for; the position encoding's
n^2 variables and the DP's reached sets do not reach them.

>>> from npw.instances.hampath.dumbbells import planted_with_path, certified_no_instance
>>> g, _ = planted_with_path(seed=1, num_vertices=3)
>>> result = solve(g)
>>> result.answer.value, g.verify(result.certificate)
('YES', True)
>>> solve(certified_no_instance(seed=3)).answer.value
'NO'
"""

from __future__ import annotations

from types import SimpleNamespace

from npw.instances.hampath.dumbbells import dumbbell_placements
from npw.solvers.hampath.edges import solve_cycle
from npw.solvers.registry import Decider
from npw.solvers.result import Answer, Result

__all__ = ["DECIDERS", "solve"]


def solve(instance, timeout: float | None = None) -> Result:
    """Decides a ``hampath-dumbbells`` instance: the Hamiltonian cycle through z, opened at z.

    >>> from npw.instances.hampath.dumbbells import planted_with_path
    >>> g, _ = planted_with_path(seed=2, num_vertices=2)
    >>> len(solve(g).certificate) == g.num_vertices
    True
    """
    n = instance.num_vertices
    index = {p: i for i, p in enumerate(instance.coords)}
    ends = [index[d.mark(name)] for d in dumbbell_placements(instance) for name in ("v", "v'")]
    z = n
    closed = SimpleNamespace(num_vertices=n + 1, DIRECTED=False, SMALLEST_CYCLE=3,
                             edges=tuple(instance.edges) + tuple((e, z) for e in ends))
    result = solve_cycle(closed, timeout)
    if result.answer is not Answer.YES:
        return Result(result.answer, None, "sat-edges", result.stats)
    cycle = list(result.certificate)
    at = cycle.index(z)
    return Result(Answer.YES, tuple(cycle[at + 1:] + cycle[:at]), "sat-edges", result.stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (Decider("hampath-dumbbells", "sat-edges", solve),)
