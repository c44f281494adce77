"""The SVG drawing of a graph, shared by every graph problem (``npw render``): the classic
problems of this room and Hamiltonian path (:mod:`npw.instances.hampath.render` draws through
:func:`graph_svg` too).

Every vertex is the movable group ``data-el="vertex:V"``, every edge a line
``data-el="edge:U-V"`` (:mod:`npw.instances.elements`). A certificate of a classic problem (a
vertex set, checked first) fills its vertices red, and draws red the edges it is about: the
edges inside a clique, the covered ends of a cover's edges, a dominator's edges to the vertices
it dominates.

>>> from npw.instances.graphs.graph import Clique
>>> svg = render_svg(Clique(3, ((0, 1), (1, 2)), 2), [0, 1])
>>> svg.count('data-el="vertex:'), svg.count('data-el="edge:'), svg.count('fill="#f99"'), svg.count('stroke="#d22"')
(3, 2, 2, 1)
"""

from __future__ import annotations

import math
from typing import Any, Collection, Mapping, Sequence

from npw.instances.arrangement import Arrangement
from npw.instances.base import InvalidInstance
from npw.instances.elements import arc_id, edge_id, vertex_id
from npw.instances.svg import check_drawable, movable, tagged

__all__ = ["MARGIN", "PALETTE", "Position", "RADIUS", "RED", "SIDE", "circle_positions", "graph_svg", "render_coloring",
           "render_digraph", "render_svg"]

SIDE = 640
MARGIN = 40
RADIUS = 11
RED = "#d22"
Position = tuple[float, float]


def circle_positions(n: int) -> list[Position]:
    """n points evenly on a circle, the first at the top (refused past MAX_DRAWN_ELEMENTS)."""
    check_drawable(n, "vertices")
    radius = (SIDE - 2 * MARGIN) / 2
    return [(SIDE / 2 + radius * math.cos(2 * math.pi * v / max(n, 1) - math.pi / 2),
             SIDE / 2 + radius * math.sin(2 * math.pi * v / max(n, 1) - math.pi / 2)) for v in range(n)]


def graph_svg(title: str, at: Sequence[Position], edges: Sequence[tuple[int, int]], *,
              red_edges: Collection[tuple[int, int]] = (), ringed: Collection[int] = (),
              filled: Collection[int] = (), extras: Mapping[int, str] | None = None,
              fills: Mapping[int, str] | None = None, directed: bool = False,
              arrangement: Arrangement | None = None, dot: float | None = None) -> str:
    """The graph with vertex v at ``at[v]``: ``red_edges`` (pairs u < v) drawn thick red,
    ``ringed`` vertices with a red ring, ``filled`` ones filled red (``fills[v]`` another fill),
    ``extras[v]`` more SVG in v's group (drawn around the vertex's centre). ``directed``: the
    pairs are arcs (tail, head), each drawn as an arrow tagged ``arc:U-V``, ``red_edges`` arcs too.
    An ``arrangement`` (``npw explore``'s layout by provenance) moves the vertices it places, boxes
    its groups and labels each vertex below its circle. ``dot``: each vertex a dot of that radius,
    unnumbered and unlabelled (a graph too dense for its numbers to be read)."""
    check_drawable(len(at) + len(edges), "vertices and edges")
    if arrangement is not None:
        at = [arrangement.at(vertex_id(v), p) for v, p in enumerate(at)]
    extras = extras or {}
    fills = fills or {}
    width = int(max([x for x, _ in at] + [SIDE / 2]) + MARGIN)
    height = int(max([y for _, y in at] + [SIDE / 2]) + MARGIN)
    if arrangement is not None:
        width, height = int(max(width, arrangement.size[0])), int(max(height, arrangement.size[1]))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="16" font-size="13">{title}</text>']
    if arrangement is not None:
        parts.append(arrangement.backdrop())
    red = set(red_edges)
    if directed:
        parts.append('<defs><marker id="head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
                     'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>')
    for u, v in edges:
        (x1, y1), (x2, y2) = at[u], at[v]
        key, element, head = (u, v), arc_id((u, v)), ' marker-end="url(#head)"'
        if directed:
            # stop at the head's circle, bent a little aside so that arcs u->v and v->u are both seen
            length = max(math.hypot(x2 - x1, y2 - y1), 1.0)
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            x1, y1, x2, y2 = x1 + 4 * uy, y1 - 4 * ux, x2 - RADIUS * ux + 4 * uy, y2 - RADIUS * uy - 4 * ux
        else:
            key, element, head = (min(u, v), max(u, v)), edge_id((u, v)), ""
        stroke = f'stroke="{RED}" stroke-width="3"' if key in red else 'stroke="#555" stroke-width="1.5"'
        parts.append(f'<line{tagged(element)} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'{stroke}{head}/>')
    for v, (x, y) in enumerate(at):
        ring = f'stroke="{RED}" stroke-width="2"' if v in ringed else 'stroke="#000" stroke-width="1"'
        fill = fills.get(v, "#f99" if v in filled else "#fff")
        if dot is not None:
            body = f'<circle r="{dot:.1f}" fill="{fill}" {ring}><title>{v}</title></circle>' + extras.get(v, "")
        else:
            body = f'<circle r="{RADIUS}" fill="{fill}" {ring}/><text y="4" text-anchor="middle">{v}</text>' + extras.get(v, "")
        if arrangement is not None and dot is None:  # the label rides with the vertex's group
            body += arrangement.label(vertex_id(v), 0.0, RADIUS + 12.0)
        parts.append(movable(vertex_id(v), round(x, 1), round(y, 1), body))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# the colour classes' fills (a colour past the palette cycles; its number is in the vertex's title)
PALETTE = ("#f99", "#9cf", "#9e9", "#fd8", "#d9f", "#8ee", "#fb9", "#ccc")


def render_coloring(instance: Any, certificate: Sequence[int] | None = None, *,
                    arrangement: Arrangement | None = None) -> str:
    """A colouring instance on a circle; with a certificate (a colour per vertex), each vertex
    filled with its colour class's fill and titled with its colour number.

    >>> from npw.instances.graphs.graph import Coloring
    >>> svg = render_coloring(Coloring(3, ((0, 1), (1, 2)), 2), [0, 1, 0])
    >>> svg.count(f'fill="{PALETTE[0]}"'), svg.count(f'fill="{PALETTE[1]}"'), svg.count("<title>colour ")
    (2, 1, 3)
    """
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the list is not a proper colouring of this coloring instance with k colours")
    colours = [int(c) for c in certificate] if certificate is not None else []
    fills = {v: PALETTE[c % len(PALETTE)] for v, c in enumerate(colours)}
    extras = {v: f"<title>colour {c}</title>" for v, c in enumerate(colours)}
    title = (f"coloring: {instance.num_vertices} vertices, {len(instance.edges)} edges, k = {instance.k} colours"
             + (f"; a colouring with {len(set(colours))}" if certificate is not None else ""))
    return graph_svg(title, circle_positions(instance.num_vertices), instance.edges, fills=fills, extras=extras,
                     arrangement=arrangement)


def render_svg(instance: Any, certificate: Sequence[int] | None = None, *,
               arrangement: Arrangement | None = None) -> str:
    """A classic graph problem's instance on a circle (or where ``arrangement`` puts it); with a
    certificate (a vertex set), its vertices filled red and the edges it is about drawn red (a
    colouring: :func:`render_coloring`)."""
    if instance.problem == "coloring":
        return render_coloring(instance, certificate, arrangement=arrangement)
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance(f"render: the vertex set is not a certificate of this {instance.problem} instance")
    chosen = frozenset(int(v) for v in certificate) if certificate is not None else frozenset()
    if instance.problem in ("indset", "vertexcover"):
        red = set()  # an independent set has no edge inside; a cover's edges are all touched anyway
    elif instance.problem == "clique":
        red = {e for e in instance.edges if e[0] in chosen and e[1] in chosen}
    else:  # domset: each dominated vertex's edge to its first dominator
        red = set()
        for v in range(instance.num_vertices):
            if v not in chosen:
                dominators = sorted(chosen & instance.neighbours(v))
                if dominators:
                    red.add((min(v, dominators[0]), max(v, dominators[0])))
    title = (f"{instance.problem}: {instance.num_vertices} vertices, {len(instance.edges)} edges, k = {instance.k}"
             + (f"; certificate of {len(chosen)}" if certificate is not None else ""))
    return graph_svg(title, circle_positions(instance.num_vertices), instance.edges, red_edges=red, filled=chosen,
                     arrangement=arrangement)


# -- directed graphs (fvs)  -------------------------------------------------------------------------------------

def render_digraph(instance: Any, certificate: Sequence[int] | None = None, *,
                   arrangement: Arrangement | None = None) -> str:
    """The digraph on a circle, each arc ``data-el="arc:U-V"`` with an arrowhead (a 2-cycle's two
    arcs side by side); with a certificate, its vertices filled red and their arcs faded.

    >>> from npw.instances.graphs.digraph import FeedbackVertexSet
    >>> svg = render_digraph(FeedbackVertexSet(3, ((0, 1), (1, 0), (1, 2)), 1), [1])
    >>> svg.count('data-el="arc:'), svg.count('data-el="vertex:'), svg.count('fill="#f99"')
    (3, 3, 1)
    """
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the vertex set is not a feedback vertex set of this fvs instance")
    chosen = frozenset(int(v) for v in certificate) if certificate is not None else frozenset()
    at = circle_positions(instance.num_vertices)
    if arrangement is not None:
        at = [arrangement.at(vertex_id(v), p) for v, p in enumerate(at)]
    lines = ['<defs><marker id="head" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto">'
             '<path d="M0,0 L8,4 L0,8 z" fill="#555"/></marker></defs>']
    for u, v in instance.arcs:
        (x1, y1), (x2, y2) = at[u], at[v]
        length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
        dx, dy = (x2 - x1) / length, (y2 - y1) / length
        side = 3.0 if u in instance.successors(v) else 0.0  # a 2-cycle: two parallel arcs
        ox, oy = -dy * side, dx * side
        x1, y1 = x1 + dx * RADIUS + ox, y1 + dy * RADIUS + oy
        x2, y2 = x2 - dx * (RADIUS + 2) + ox, y2 - dy * (RADIUS + 2) + oy
        faded = u in chosen or v in chosen
        stroke = 'stroke="#bbb"' if faded else 'stroke="#555"'
        lines.append(f'<line data-el="{arc_id((u, v))}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'{stroke} stroke-width="1.5" marker-end="url(#head)"/>')
    title = (f"fvs: {instance.num_vertices} vertices, {len(instance.arcs)} arcs, k = {instance.k}"
             + (f"; feedback vertex set of {len(chosen)}" if certificate is not None else ""))
    svg = graph_svg(title, at, (), filled=chosen, arrangement=arrangement)
    marker = '<text x="10" y="16"'
    # the arcs after the groups' boxes (drawn just after the title), under the vertices
    backdrop = arrangement.backdrop() if arrangement is not None else ""
    head, tail = svg.split(marker, 1)
    first, rest = tail.split("\n", 1)
    if backdrop and rest.startswith(backdrop):
        return head + marker + first + "\n" + backdrop + "\n".join(lines) + "\n" + rest[len(backdrop):]
    return svg.replace(marker, "\n".join(lines) + "\n" + marker, 1)
