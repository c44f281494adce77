"""SVG drawing of a Theorem 3 board (small units): nodes, stripes (width 3 blue, width 1
green, arrow at the head), the element tiles where B1 has them (filled) and where B2 wants
them (rings), the blank's start and end, and the cells where B1 and B2 differ (shaded)."""

from __future__ import annotations

from html import escape

from npw.reductions.npuz.layout import add

__all__ = ["render_layout_svg"]


def render_layout_svg(instance) -> str:
    layout = instance.layout
    n = layout.n
    cell = max(2.0, min(9.0, 1400.0 / n))
    pad = 40
    width = height = n * cell + 2 * pad
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height + 30:.0f}" '
           f'font-family="sans-serif">', '<rect width="100%" height="100%" fill="white"/>']
    summary = instance.summary()
    title = (f"Theorem 3 board: m = {summary['m']}, l = {summary['unit']}, n = {n}, d = {summary['d']}, "
             f"k = {summary['k']}")
    out.append(f'<text x="{pad}" y="18" font-size="13">{escape(title)}</text>')
    if "warning" in summary:
        out.append(f'<text x="{pad}" y="32" font-size="10" fill="#a00">{escape(summary["warning"])}</text>')
    out.append(f'<g transform="translate({pad},{pad})">')
    out.append(f'<rect x="0" y="0" width="{n * cell:.1f}" height="{n * cell:.1f}" fill="#fafafa" stroke="#ccc"/>')

    def rect(r0, c0, r1, c1, fill, opacity=1.0, stroke="none"):
        x, y = min(c0, c1) * cell, min(r0, r1) * cell
        w, h = (abs(c1 - c0) + 1) * cell, (abs(r1 - r0) + 1) * cell
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
                   f'fill-opacity="{opacity}" stroke="{stroke}" stroke-width="0.5"/>')

    for edge in layout.edges:
        colour = "#4a7fd4" if edge.capacity == 2 else "#3aa35a"
        for leg in edge.legs:
            a, b = leg.cell(0, 0), leg.cell(leg.width - 1, leg.length - 1)
            rect(a[0], a[1], b[0], b[1], colour, 0.55)
        last = edge.legs[-1]
        tip = add(edge.last, last.heading)
        cx, cy = (tip[1] + 0.5) * cell, (tip[0] + 0.5) * cell
        back = (-last.heading[0], -last.heading[1])
        side = last.side
        s = cell * (1.6 if edge.capacity == 2 else 1.0)
        p1 = (cx + (back[1] + side[1]) * s, cy + (back[0] + side[0]) * s)
        p2 = (cx + (back[1] - side[1]) * s, cy + (back[0] - side[0]) * s)
        out.append(f'<polygon points="{cx:.1f},{cy:.1f} {p1[0]:.1f},{p1[1]:.1f} {p2[0]:.1f},{p2[1]:.1f}" '
                   f'fill="{colour}"/>')
        mid = edge.legs[0].cell(1 if edge.capacity == 2 else 0, edge.legs[0].length // 2)
        out.append(f'<text x="{(mid[1] + 0.5) * cell:.1f}" y="{(mid[0] + 0.5) * cell:.1f}" font-size="{max(6, cell * 1.1):.0f}" '
                   f'fill="#123">e{edge.index}</text>')
    for node in layout.nodes:
        big = node.side > 3
        rect(node.row, node.col, node.row + node.side - 1, node.col + node.side - 1,
             "#8e5bc4" if big else "#f0a030", 0.85, "#333")
        out.append(f'<text x="{(node.col + node.side + 0.3) * cell:.1f}" y="{(node.row - 0.3) * cell:.1f}" '
                   f'font-size="{max(7, cell * 1.3):.0f}" fill="#222">{escape(node.name)}</text>')
    # cells where B1 and B2 differ inside the nodes (the stripes all differ)
    for node in layout.nodes:
        for c in node.cells():
            if instance.b1(c) != instance.b2(c):
                rect(c[0], c[1], c[0], c[1], "#000", 0.18)
    where2 = {t: c for c, t in instance.node_b2}
    for name, tile in instance.element_tiles:
        r, c = instance.numbering.cell(tile)
        out.append(f'<circle cx="{(c + 0.5) * cell:.1f}" cy="{(r + 0.5) * cell:.1f}" r="{cell * 0.45:.1f}" fill="#d22"/>')
        out.append(f'<text x="{(c + 0.9) * cell:.1f}" y="{(r + 1.6) * cell:.1f}" font-size="{max(5, cell * 0.8):.0f}" '
                   f'fill="#a00">{escape(name)}</text>')
        if tile in where2:
            r2, c2 = where2[tile]
            out.append(f'<circle cx="{(c2 + 0.5) * cell:.1f}" cy="{(r2 + 0.5) * cell:.1f}" r="{cell * 0.45:.1f}" '
                       f'fill="none" stroke="#d22" stroke-width="1"><title>{escape(name)} in B2</title></circle>')
    for (r, c), fill in ((instance.numbering.cell(0), "#000"), (instance.blank_goal, "none")):
        out.append(f'<rect x="{c * cell:.1f}" y="{r * cell:.1f}" width="{cell:.1f}" height="{cell:.1f}" fill="{fill}" '
                   f'stroke="#000" stroke-width="1.2"/>')
    out.append("</g>")
    legend = ("orange: 3 x 3 nodes, purple: TC and FC (4m x 4m), blue: width-3 stripes (capacity 2), "
              "green: width-1 stripes (capacity 0), arrows at the heads; red dots: element tiles in B1, "
              "red rings: in B2; black square: the blank in B1, hollow: in B2; shaded: node cells B1 != B2")
    out.append(f'<text x="{pad}" y="{height + 18:.0f}" font-size="10">{escape(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out)
