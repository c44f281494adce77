"""SVG drawing of a Hamiltonian-path instance (``npw render``; hampath, hampath-grid-s,
hampath-st): a grid graph at its coordinates, any other graph on a circle; s and t ringed.

Every vertex is the movable group ``data-el="vertex:V"``, every edge a line ``data-el="edge:U-V"``;
a path (a certificate, checked first) is drawn over its edges in red, numbered along the way.

>>> from npw.instances.hampath.graph import HamPath
>>> svg = render_svg(HamPath(3, ((0, 1), (1, 2))), (0, 1, 2))
>>> svg.count('data-el="vertex:'), svg.count('data-el="edge:'), svg.count('stroke="#d22"')
(3, 2, 2)
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import edge_id, vertex_id
from npw.instances.svg import movable, tagged

SIDE = 640
MARGIN = 40
RADIUS = 11


def positions(instance: Any) -> list[tuple[float, float]]:
    """Where each vertex is drawn: its grid point (y up), else a circle."""
    n = instance.num_vertices
    if instance.coords is not None and n:
        xs = [p[0] for p in instance.coords]
        ys = [p[1] for p in instance.coords]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1)
        step = min(60.0, (SIDE - 2 * MARGIN) / span)
        top = max(ys)
        return [(MARGIN + (x - min(xs)) * step, MARGIN + (top - y) * step) for x, y in instance.coords]
    radius = (SIDE - 2 * MARGIN) / 2
    return [(SIDE / 2 + radius * math.cos(2 * math.pi * v / max(n, 1) - math.pi / 2),
             SIDE / 2 + radius * math.sin(2 * math.pi * v / max(n, 1) - math.pi / 2)) for v in range(n)]


def render_svg(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """The graph as SVG; with a Hamiltonian path, its edges drawn red and its vertices numbered."""
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the vertex sequence is not a Hamiltonian path of this graph")
    at = positions(instance)
    width = int(max([x for x, _ in at] + [SIDE / 2]) + MARGIN)
    height = int(max([y for _, y in at] + [SIDE / 2]) + MARGIN)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="16" font-size="13">{instance.problem}: {instance.num_vertices} vertices, '
             f'{len(instance.edges)} edges</text>']
    on_path = set()
    order: dict[int, int] = {}
    if certificate is not None:
        order = {int(v): i for i, v in enumerate(certificate)}
        on_path = {(min(a, b), max(a, b)) for a, b in zip(certificate, certificate[1:])}
    for u, v in instance.edges:
        (x1, y1), (x2, y2) = at[u], at[v]
        red = (min(u, v), max(u, v)) in on_path
        stroke = 'stroke="#d22" stroke-width="3"' if red else 'stroke="#555" stroke-width="1.5"'
        parts.append(f'<line{tagged(edge_id((u, v)))} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'{stroke}/>')
    for v, (x, y) in enumerate(at):
        label = "s" if v == instance.s else "t" if v == instance.t else ""
        ring = 'stroke="#d22" stroke-width="2"' if label else 'stroke="#000" stroke-width="1"'
        body = f'<circle r="{RADIUS}" fill="#fff" {ring}/><text y="4" text-anchor="middle">{v}</text>'
        if label:
            body += f'<text x="{RADIUS + 2}" y="-{RADIUS - 2}" fill="#d22">{label}</text>'
        if v in order:
            body += f'<text x="{RADIUS + 2}" y="{RADIUS + 6}" fill="#d22" font-size="9">#{order[v] + 1}</text>'
        parts.append(movable(vertex_id(v), round(x, 1), round(y, 1), body))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
