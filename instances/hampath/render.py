"""SVG drawing of a Hamiltonian-path instance (``npw render``; hampath, hampath-grid-s,
hampath-st): a grid graph at its coordinates, any other graph on a circle; s and t ringed. A grid
too fine for numbered circles (step under :data:`DOTS_BELOW` pixels: Lemma A.1's drawn targets,
thousands of cells) has each vertex as a dot, its number in its tooltip, the path unnumbered.

Every vertex is the movable group ``data-el="vertex:V"``, every edge a line ``data-el="edge:U-V"``;
a path (a certificate, checked first) is drawn over its edges in red, numbered along the way.

>>> from npw.instances.hampath.graph import HamPath
>>> svg = render_svg(HamPath(3, ((0, 1), (1, 2))), (0, 1, 2))
>>> svg.count('data-el="vertex:'), svg.count('data-el="edge:'), svg.count('stroke="#d22"')
(3, 2, 2)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.arrangement import Arrangement
from npw.instances.base import InvalidInstance
from npw.instances.svg import check_drawable
from npw.instances.graphs.render import MARGIN, RADIUS, RED, SIDE, circle_positions, graph_svg

__all__ = ["DOTS_BELOW", "positions", "render_cycle", "render_svg"]

DOTS_BELOW = 2 * RADIUS + 8  # a grid step (pixels) that leaves room between numbered circles


def positions(instance: Any) -> list[tuple[float, float]]:
    """Where each vertex is drawn: its grid point (y up), else a circle."""
    n = instance.num_vertices
    check_drawable(n + len(instance.edges), "vertices and edges")
    if instance.coords is not None and n:
        xs = [p[0] for p in instance.coords]
        ys = [p[1] for p in instance.coords]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1)
        step = min(60.0, (SIDE - 2 * MARGIN) / span)
        top = max(ys)
        return [(MARGIN + (x - min(xs)) * step, MARGIN + (top - y) * step) for x, y in instance.coords]
    return circle_positions(n)


def render_svg(instance: Any, certificate: Sequence[int] | None = None, *,
               arrangement: Arrangement | None = None) -> str:
    """The graph as SVG; with a Hamiltonian path, its edges drawn red and its vertices numbered;
    ``arrangement``: see :func:`npw.instances.graphs.render.graph_svg`."""
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the vertex sequence is not a Hamiltonian path of this graph")
    on_path = set()
    order: dict[int, int] = {}
    if certificate is not None:
        order = {int(v): i for i, v in enumerate(certificate)}
        on_path = {(min(a, b), max(a, b)) for a, b in zip(certificate, certificate[1:])}
    ends = {v: label for v, label in ((instance.s, "s"), (instance.t, "t")) if v is not None}
    at = positions(instance)
    dot = None
    if instance.coords is not None and len(at) > 1:
        step = min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in (
            (at[u], at[v]) for u, v in instance.edges)) if instance.edges else DOTS_BELOW
        dot = step * 0.35 if step < DOTS_BELOW else None
    extras = {}
    for v in range(instance.num_vertices):
        extra = f'<text x="{RADIUS + 2}" y="-{RADIUS - 2}" fill="{RED}">{ends[v]}</text>' if v in ends else ""
        if v in order and dot is None:
            extra += f'<text x="{RADIUS + 2}" y="{RADIUS + 6}" fill="{RED}" font-size="9">#{order[v] + 1}</text>'
        extras[v] = extra
    title = f"{instance.problem}: {instance.num_vertices} vertices, {len(instance.edges)} edges"
    return graph_svg(title, at, instance.edges, red_edges=on_path, ringed=set(ends), extras=extras,
                     arrangement=arrangement, dot=dot)


def render_cycle(instance: Any, certificate: Sequence[int] | None = None, *,
                 arrangement: Arrangement | None = None) -> str:
    """A Hamiltonian cycle instance (hamcycle: edges; dhamcycle: arrows tagged ``arc:U-V``) on a
    circle; with a cycle (checked first), its edges (arcs) red and its vertices numbered in order.

    >>> from npw.instances.hampath.cycle import DirectedHamCycle
    >>> svg = render_cycle(DirectedHamCycle(3, ((0, 1), (1, 2), (2, 0), (1, 0))), (0, 1, 2))
    >>> svg.count('data-el="arc:'), svg.count('stroke="#d22"'), 'data-el="arc:1-0"' in svg
    (4, 3, True)
    """
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance(f"render: the vertex sequence is not a Hamiltonian cycle of this {instance.problem} instance")
    cycle = [] if certificate is None else [int(v) for v in certificate]
    steps = list(zip(cycle, cycle[1:] + cycle[:1]))
    red = set(steps) if instance.DIRECTED else {(min(a, b), max(a, b)) for a, b in steps}
    extras = {v: f'<text x="{RADIUS + 2}" y="{RADIUS + 6}" fill="{RED}" font-size="9">#{i + 1}</text>'
              for i, v in enumerate(cycle)}
    kind = "arcs" if instance.DIRECTED else "edges"
    title = f"{instance.problem}: {instance.num_vertices} vertices, {len(instance.edges)} {kind}"
    return graph_svg(title, circle_positions(instance.num_vertices), instance.edges, red_edges=red, extras=extras,
                     directed=instance.DIRECTED, arrangement=arrangement)
