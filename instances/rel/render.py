"""SVG drawing of a REL instance, in the spirit of the paper's Figure 2: vertices,
edges with their capacities (zero-edges dashed), and at each vertex the elements
that start there (above, as tokens) and must end there (below). Stdlib SVG; the layout is
networkx's planar layout when the graph is planar, a circle otherwise.

Element ids (``npw.instances.elements``): a vertex's circle carries ``data-el="vertex:NAME"``,
an edge's line ``data-el="edge:I"`` (its index, as a walk names it), and every element is a
movable token ``<g data-el="element:NAME" transform="translate(X,Y)">`` at its start vertex,
so a page carries it along a walk.

>>> from npw.instances.rel.relocation import Relocation
>>> svg = render_svg(Relocation(("a", "b"), (("a", "b", 1),), ("e1",), ("a",), ("b",)))
>>> [svg.count(f'data-el="{kind}:') for kind in ("vertex", "edge", "element")]
[2, 1, 1]
"""

from __future__ import annotations

import html
import math

import networkx as nx

from npw.instances.elements import edge_id, element_id, vertex_id
from npw.instances.rel.relocation import Relocation
from npw.instances.svg import check_drawable, movable, tagged

__all__ = ["MARGIN", "SIDE", "render_svg"]

SIDE = 900
MARGIN = 90


def _positions(rel: Relocation) -> dict[str, tuple[float, float]]:
    # the graph on the vertices' indices: networkx's planar embedding iterates sets of nodes, and
    # sets of strings follow PYTHONHASHSEED, so named nodes gave a different drawing per process
    number = {v: i for i, v in enumerate(rel.vertices)}
    graph = nx.Graph()
    graph.add_nodes_from(range(len(rel.vertices)))
    graph.add_edges_from((number[t], number[h]) for t, h, _ in rel.edges if t != h)
    try:
        layout = {rel.vertices[i]: p for i, p in nx.planar_layout(graph).items()} if rel.vertices else {}
    except nx.NetworkXException:
        layout = {v: (math.cos(2 * math.pi * i / len(rel.vertices)), math.sin(2 * math.pi * i / len(rel.vertices)))
                  for i, v in enumerate(rel.vertices)}
    xs = [p[0] for p in layout.values()] or [0.0]
    ys = [p[1] for p in layout.values()] or [0.0]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    scale = SIDE - 2 * MARGIN
    return {v: (MARGIN + (p[0] - min(xs)) / span_x * scale, MARGIN + (p[1] - min(ys)) / span_y * scale)
            for v, p in layout.items()}


def render_svg(rel: Relocation) -> str:
    check_drawable(len(rel.vertices) + len(rel.edges) + len(rel.elements), "rel vertices, edges and elements")
    at = _positions(rel)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIDE}" height="{SIDE}" font-family="sans-serif" '
             f'font-size="11">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="18" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>',
             f'<text x="10" y="20" font-size="14">REL: {html.escape(rel.variant())}; '
             f'{len(rel.vertices)} vertices, {len(rel.edges)} edges, {len(rel.elements)} elements</text>']
    for index, (tail, head, capacity) in enumerate(rel.edges):
        (x1, y1), (x2, y2) = at[tail], at[head]
        dash = ' stroke-dasharray="5,4"' if capacity == 0 else ""
        arrow = ' marker-end="url(#arrow)"' if rel.directed else ""
        parts.append(f'<line{tagged(edge_id(index))} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#555"{dash}{arrow}/>')
        parts.append(f'<text x="{(x1 + x2) / 2:.1f}" y="{(y1 + y2) / 2:.1f}" fill="#a00">{capacity}</text>')
    # one pass over the elements, not one a vertex (vertices x elements grew quadratically)
    starting: dict[str, list[str]] = {v: [] for v in rel.vertices}
    ending: dict[str, list[str]] = {v: [] for v in rel.vertices}
    for e, i, f in zip(rel.elements, rel.initial, rel.final):
        starting[i].append(e)
        ending[f].append(e)
    for vertex, (x, y) in at.items():
        parts.append(f'<circle{tagged(vertex_id(vertex))} cx="{x:.1f}" cy="{y:.1f}" r="12" fill="#fff" stroke="#000"/>')
        parts.append(f'<text x="{x + 14:.1f}" y="{y + 4:.1f}" font-weight="bold">{html.escape(vertex)}</text>')
        offset = -12.0
        for name in starting[vertex]:  # one token per element, in a row above its start vertex
            width = 6 * len(name) + 6
            body = (f'<rect x="0" y="-10" width="{width}" height="13" rx="4" fill="#e4f0ff" stroke="#06c" '
                    f'stroke-width="0.6"/><text x="3" y="0" fill="#06c">{html.escape(name)}</text>')
            parts.append(movable(element_id(name), round(x + offset, 1), round(y - 16, 1), body))
            offset += width + 2
        if ending[vertex]:
            parts.append(f'<text x="{x - 12:.1f}" y="{y + 26:.1f}" fill="#080">to: '
                         f'{html.escape(" ".join(ending[vertex]))}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
