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
from collections import Counter

import networkx as nx

from npw.instances.arrangement import Arrangement
from npw.instances.elements import edge_id, element_id, vertex_id
from npw.instances.rel.relocation import Relocation
from npw.instances.svg import check_drawable, movable, tagged

__all__ = ["HUB_DEGREE", "MARGIN", "NAMES_PER_LINE", "SIDE", "TOKENS_PER_ROW", "render_svg"]

SIDE = 900
MARGIN = 90
TOKENS_PER_ROW = 2  # element tokens above a vertex, in rows of this many (a long row ran into the next vertex)
HUB_DEGREE = 12  # a vertex with more edges than this is a hub: its edges are drawn light
NAMES_PER_LINE = 2  # the names of the elements that must end at a vertex, this many a line below it


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


def render_svg(rel: Relocation, *, arrangement: Arrangement | None = None) -> str:
    """The instance as SVG. Zero-edges are dashed; the other edges carry their capacity as a
    label where it is not the common one (said in the title), and as a tooltip always: 165
    labels of one value said nothing and covered each other. ``arrangement`` (``npw explore``'s
    layout by provenance) places the vertices, boxes its groups and labels each vertex."""
    check_drawable(len(rel.vertices) + len(rel.edges) + len(rel.elements), "rel vertices, edges and elements")
    at = _positions(rel)
    width = height = float(SIDE)
    if arrangement is not None:
        at = {v: arrangement.at(vertex_id(v), p) for v, p in at.items()}
        width, height = max(width, arrangement.size[0]), max(height, arrangement.size[1] + 30)
    common = Counter(c for _, _, c in rel.edges if c != 0).most_common(1)
    usual = common[0][0] if common else None
    legend = "dashed: capacity 0" + (f"; solid: capacity {usual} unless labelled" if usual is not None else "")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" '
             f'font-size="11">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="18" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="20" font-size="14">REL: {html.escape(rel.variant())}; '
             f'{len(rel.vertices)} vertices, {len(rel.edges)} edges, {len(rel.elements)} elements ({legend})</text>']
    if arrangement is not None:
        parts.append(arrangement.backdrop())
    degree = Counter(v for tail, head, _ in rel.edges for v in (tail, head))
    for index, (tail, head, capacity) in enumerate(rel.edges):
        (x1, y1), (x2, y2) = at[tail], at[head]
        dash = ' stroke-dasharray="5,4"' if capacity == 0 else ""
        arrow = ' marker-end="url(#arrow)"' if rel.directed else ""
        # a hub's many edges (Theorem 2's TC and FC reach every gadget) drawn light, so the
        # gadgets' own edges stay readable under them
        stroke = ' stroke="#bbb" stroke-width="0.7"' if max(degree[tail], degree[head]) > HUB_DEGREE else ' stroke="#555"'
        parts.append(f'<line{tagged(edge_id(index))} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'{stroke}{dash}{arrow}><title>edge {index}: {html.escape(tail)} - {html.escape(head)}, '
                     f'capacity {capacity}</title></line>')
        if capacity not in (0, usual):
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
        for row in range(0, len(starting[vertex]), TOKENS_PER_ROW):  # tokens in rows above the start vertex
            offset = -12.0
            for name in starting[vertex][row:row + TOKENS_PER_ROW]:
                token_width = 6 * len(name) + 6
                body = (f'<rect x="0" y="-10" width="{token_width}" height="13" rx="4" fill="#e4f0ff" stroke="#06c" '
                        f'stroke-width="0.6"/><text x="3" y="0" fill="#06c">{html.escape(name)}</text>')
                parts.append(movable(element_id(name), round(x + offset, 1), round(y - 16 - 15 * (row // TOKENS_PER_ROW), 1),
                                     body))
                offset += token_width + 2
        lines = [ending[vertex][k:k + NAMES_PER_LINE] for k in range(0, len(ending[vertex]), NAMES_PER_LINE)]
        for number, names in enumerate(lines):
            parts.append(f'<text x="{x - 12 + (18 if number else 0):.1f}" y="{y + 26 + 13 * number:.1f}" fill="#080">{"" if number else "to: "}'
                         f'{html.escape(" ".join(names))}</text>')
        if arrangement is not None:
            parts.append(arrangement.label(vertex_id(vertex), x, y + 28 + 13 * len(lines)))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
