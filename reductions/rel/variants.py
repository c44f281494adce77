"""The remark after Theorem 2 (Ratner & Warmuth 1990, Section 3): the reduction still works with
every capacity two, and on the undirected graph.

* ``224sat-to-rel-cap2`` (:data:`CAPACITY_TWO`): every zero-edge of Figure 2 gets capacity two
  and two dummy elements that start at its tail and end at its head;
* ``224sat-to-rel-undirected`` (:data:`UNDIRECTED`): the same graph, undirected ("the correct
  direction of the edges is implied by the relocation of the elements via an Eulerian path").

Both read the assignment back as Theorem 2 does (:func:`npw.reductions.rel.theorem2.backward`);
their claims are :data:`npw.reductions.rel.claims.CAPACITY_TWO_CLAIMS` and
:data:`npw.reductions.rel.claims.UNDIRECTED_CLAIMS`.

>>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
>>> reduce_capacity_two(formula).size(), reduce_undirected(formula).directed
({'vertices': 7, 'edges': 9, 'elements': 10}, False)
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from npw.instances.rel.relocation import Relocation
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import Reduction
from npw.reductions.rel.claims import CAPACITY_TWO_CLAIMS, UNDIRECTED_CLAIMS
from npw.reductions.rel.figures import dummy, graph
from npw.reductions.rel.theorem2 import backward, forward, provenance, reduce, size

__all__ = ["CAPACITY_TWO", "UNDIRECTED", "forward_capacity_two", "reduce_capacity_two", "reduce_undirected",
           "size_capacity_two"]


# -- every capacity two -----------------------------------------------------------------------


def reduce_capacity_two(formula: TwoTwoFourSat) -> Relocation:
    """Theorem 2's instance with every zero-edge at capacity 2 and two dummies that start at its
    tail and end at its head.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.

    Returns
    -------
    Relocation
        The directed instance, every capacity two.

    Examples
    --------
    >>> rel = reduce_capacity_two(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
    >>> rel.edges[-1], rel.elements[-2:], rel.initial[-1], rel.final[-1]
    (('nc1', 'top1', 2), ('d8.1', 'd8.2'), 'nc1', 'top1')
    """
    base = reduce(formula)
    elements, initial, final = list(base.elements), list(base.initial), list(base.final)
    for e, (tail, head, capacity) in enumerate(base.edges):
        if capacity == 0:
            for k in (1, 2):
                elements.append(dummy(e, k))
                initial.append(tail)
                final.append(head)
    edges = tuple((t, h, 2) for t, h, _ in base.edges)
    return Relocation(base.vertices, edges, tuple(elements), tuple(initial), tuple(final))


def forward_capacity_two(formula: TwoTwoFourSat,
                         assignment: Sequence[bool]) -> tuple[tuple[int, str, tuple[str, ...]], ...]:
    """Theorem 2's walk (Claim 1), each former zero-edge carrying its two dummies.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.
    assignment : sequence of bool
        A solution of it.

    Returns
    -------
    tuple
        The walk, as (edge index, start vertex, shipped elements) steps.

    Examples
    --------
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> walk = forward_capacity_two(formula, (True,))
    >>> [step for step in walk if step[0] == 8]
    [(8, 'nc1', ('d8.1', 'd8.2'))]
    >>> reduce_capacity_two(formula).verify(walk)
    True
    """
    base_edges = graph(formula.num_vars)[1]
    return tuple((e, start, shipped if base_edges[e][2] else (dummy(e, 1), dummy(e, 2)))
                 for e, start, shipped in forward(formula, assignment))


def size_capacity_two(formula: TwoTwoFourSat) -> dict[str, int]:
    """Theorem 2's size with two dummies on each of the 4m-3 former zero-edges.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.

    Returns
    -------
    dict
        ``vertices``, ``edges`` and ``elements``.

    Examples
    --------
    >>> size_capacity_two(TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)]))
    {'vertices': 12, 'edges': 21, 'elements': 26}
    """
    m = formula.num_vars
    zero_edges = 4 * m - 3 if m else 0
    return {**size(formula), "elements": 8 * m + 2 * zero_edges}


CAPACITY_TWO = Reduction(
    id="224sat-to-rel-cap2",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, remark after Theorem 2 (all capacities two)",
    reduce=reduce_capacity_two,
    forward=forward_capacity_two,
    backward=backward,
    size=size_capacity_two,
    claims=CAPACITY_TWO_CLAIMS,
    provenance=provenance,
    checked="every instance up to m = 3 and 300 random (m <= 6)",
)


# -- the undirected graph -----------------------------------------------------------------------


def reduce_undirected(formula: TwoTwoFourSat) -> Relocation:
    """Theorem 2's instance on the undirected graph.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.

    Returns
    -------
    Relocation
        The instance of :func:`npw.reductions.rel.theorem2.reduce`, undirected.

    Examples
    --------
    >>> rel = reduce_undirected(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
    >>> rel.directed, rel.edges[0]
    (False, ('top1', 'nu1', 2))
    """
    return dataclasses.replace(reduce(formula), directed=False)


UNDIRECTED = Reduction(
    id="224sat-to-rel-undirected",
    source="224sat",
    target="rel",
    reference="Ratner & Warmuth 1990, Section 3, remark after Theorem 2 (undirected graph)",
    reduce=reduce_undirected,
    forward=forward,
    backward=backward,
    size=size,
    claims=UNDIRECTED_CLAIMS,
    provenance=provenance,
    checked="every instance up to m = 3 and 300 random (m <= 6)",
)
