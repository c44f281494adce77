"""SVG drawings (stdlib only) of torus-puzzle boards and BWP instances.

* :func:`render_torus`: the numbered board; pieces already in their initial-position
  cell are tinted, row and column indices are drawn on the margins (lines from 0,
  as in the move notation ``R2E3``).
* :func:`render_bwp`: start and goal side by side, black and white cells, the bound k
  in the title; rows/columns holding black pieces in either colouring are labelled.

Element ids (``npw.instances.elements``): every tile of the numbered puzzle is a movable group
``data-el="tile:N"``; every black piece of a BWP start is a movable group ``data-el="cell:R,C"``
named by its starting cell (the goal's black cells are marked ``data-goal="cell:R,C"``), so a page
plays line shifts by moving groups.

>>> svg = render_bwp(BWP(2, 2, (1, 0, 0, 0), (0, 1, 0, 0), 1))
>>> svg.count('data-el="cell:0,0"'), svg.count('data-goal="cell:0,1"')
(1, 1)
"""

from __future__ import annotations

from npw.instances.arrangement import Arrangement
from npw.instances.elements import cell_id, tile_id
from npw.instances.svg import check_drawable, movable
from npw.instances.torus.bwp import BWP
from npw.instances.torus.puzzle import TorusPuzzle

__all__ = ["render_bwp", "render_torus"]


def _frame(width: int, height: int) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
            f'<rect width="{width}" height="{height}" fill="white"/>']


def render_torus(instance: TorusPuzzle, cell: int = 44) -> str:
    m, n = instance.rows, instance.cols
    check_drawable(m * n, "torus cells")
    margin = 24
    parts = _frame(n * cell + 2 * margin, m * cell + 2 * margin + 20)
    title = f"{m} x {n} torus puzzle" + (f", bound {instance.bound} ({instance.metric})" if instance.bound is not None else "")
    parts.append(f'<text x="{margin}" y="16" font-size="13">{title}</text>')
    top = margin + 20
    for r in range(m):
        parts.append(f'<text x="{margin - 6}" y="{top + r * cell + cell / 2 + 4}" font-size="10" text-anchor="end" '
                     f'fill="#666">{r}</text>')
        for c in range(n):
            piece = instance.cells[r * n + c]
            home = piece == r * n + c + 1
            x, y = margin + c * cell, top + r * cell
            body = (f'<rect width="{cell}" height="{cell}" fill="{"#cfe8cf" if home else "#f4f4f4"}" stroke="#333"/>'
                    f'<text x="{cell / 2}" y="{cell / 2 + 5}" font-size="{max(8, cell // 3)}" '
                    f'text-anchor="middle">{piece}</text>')
            parts.append(movable(tile_id(piece), x, y, body))
    for c in range(n):
        parts.append(f'<text x="{margin + c * cell + cell / 2}" y="{top - 4}" font-size="10" text-anchor="middle" '
                     f'fill="#666">{c}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_bwp(instance: BWP, cell: int | None = None, *, arrangement: Arrangement | None = None) -> str:
    """Start and goal side by side; an ``arrangement`` (``npw explore``) colours each black piece
    of the start by the source element that made it (a 3-PARTITION number: its bar's colour),
    with a legend below the boards."""
    R, C = instance.rows, instance.cols
    check_drawable(R * C, "bwp cells")  # each panel's grid lines and pieces
    # a board far wider than tall (Theorem 2's block layout: 17 x 105) is drawn with the goal
    # under the start, at twice the cell size side by side would allow
    stacked = C > 3 * R
    if cell is None:
        cell = max(6, min(28, 900 // ((1 if stacked else 2) * C + 4)))
    margin, gap = 28, 2 * cell + 20
    width = (1 if stacked else 2) * C * cell + (0 if stacked else gap) + 2 * margin
    height = (2 if stacked else 1) * R * cell + 2 * margin + 24 + (gap if stacked else 0)
    legend = ""
    if arrangement is not None and arrangement.legend:
        legend, _, legend_height = arrangement.legend_svg(margin, height - margin + 8)
        height += legend_height + 8
    parts = _frame(width, height)
    parts.append(legend)
    parts.append(f'<text x="{margin}" y="16" font-size="13">BWP {R} x {C}: start (left) to goal (right) in at most '
                 f'{instance.bound} drag steps; {sum(instance.start)} black pieces</text>'.replace(
                     "start (left) to goal (right)", "start (top) to goal (below)" if stacked else "start (left) to goal (right)"))
    for panel, cells in enumerate((instance.start, instance.goal)):
        left = margin + (0 if stacked else panel * (C * cell + gap))
        top = margin + 20 + (panel * (R * cell + gap) if stacked else 0)
        parts.append(f'<text x="{left}" y="{top - 6}" font-size="11">{"start" if panel == 0 else "goal"}</text>')
        parts.append(f'<rect x="{left}" y="{top}" width="{C * cell}" height="{R * cell}" fill="white" stroke="#333"/>')
        for r in range(R):
            for c in range(C):
                if cells[r * C + c] and panel == 0:  # a black piece: it moves with every shift
                    tint = arrangement.tints.get(cell_id(r, c), "black") if arrangement is not None else "black"
                    parts.append(movable(cell_id(r, c), left + c * cell, top + r * cell,
                                         f'<rect width="{cell}" height="{cell}" fill="{tint}"/>'))
                elif cells[r * C + c]:
                    parts.append(f'<rect data-goal="{cell_id(r, c)}" x="{left + c * cell}" y="{top + r * cell}" '
                                 f'width="{cell}" height="{cell}" fill="black"/>')
        if cell >= 8:
            for r in range(R):
                parts.append(f'<line x1="{left}" y1="{top + r * cell}" x2="{left + C * cell}" y2="{top + r * cell}" '
                             f'stroke="#ccc" stroke-width="0.5"/>')
            for c in range(C):
                parts.append(f'<line x1="{left + c * cell}" y1="{top}" x2="{left + c * cell}" y2="{top + R * cell}" '
                             f'stroke="#ccc" stroke-width="0.5"/>')
        busy_rows = {r for r in range(R) if any(instance.start[r * C:(r + 1) * C]) or any(instance.goal[r * C:(r + 1) * C])}
        for r in sorted(busy_rows):
            parts.append(f'<text x="{left - 3}" y="{top + r * cell + cell - 1}" font-size="{min(10, cell)}" '
                         f'text-anchor="end" fill="#666">{r}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
