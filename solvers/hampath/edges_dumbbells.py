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

__all__ = ["DECIDERS", "LONGEST", "small_cycles", "solve"]

LONGEST = 12  # the longest 2-wide rectangle given a cut from the start (cells along it)


def small_cycles(instance) -> list[list[int]]:
    """The vertex sets of the grid's short cycles that a cycle cover takes as subtours first: each
    2 x k rectangle of cells (k = 2..LONGEST; a tentacle's or a corridor's runs), each 3 x 3 ring
    around an empty centre (a block, a turn, a dumbbell's end). Their cuts go in from the start
    instead of one solver round each.

    >>> from npw.instances.hampath.dumbbells import planted_with_path
    >>> g, _ = planted_with_path(seed=1, num_vertices=3)
    >>> rings = [c for c in small_cycles(g) if len(c) == 8 and len({g.coords[v][0] for v in c}) == 3]
    >>> len(rings)  # each dumbbell's two rings
    4
    """
    if instance.coords is None:
        return []
    index = {p: i for i, p in enumerate(instance.coords)}
    found: dict[frozenset, list[int]] = {}  # a 2 x 2 square comes both ways: once
    for (x, y) in instance.coords:
        for dx, dy in ((1, 0), (0, 1)):
            across = (dy, dx)
            run: list[int] = []
            for k in range(LONGEST):
                a = (x + k * dx, y + k * dy)
                b = (a[0] + across[0], a[1] + across[1])
                if a not in index or b not in index:
                    break
                run += [index[a], index[b]]
                if k >= 1:
                    found.setdefault(frozenset(run), list(run))
        ring = [(x + i, y + j) for i in range(3) for j in range(3) if (i, j) != (1, 1)]
        if all(p in index for p in ring) and (x + 1, y + 1) not in index:
            found.setdefault(frozenset(index[p] for p in ring), [index[p] for p in ring])
    return list(found.values())


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
    result = solve_cycle(closed, timeout, cuts=small_cycles(instance))
    if result.answer is not Answer.YES:
        return Result(result.answer, None, "sat-edges", result.stats)
    cycle = list(result.certificate)
    at = cycle.index(z)
    return Result(Answer.YES, tuple(cycle[at + 1:] + cycle[:at]), "sat-edges", result.stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (Decider("hampath-dumbbells", "sat-edges", solve),)
