"""The rectilinear drawing of a planar monotone 3SAT instance (``npw render`` of ``pm3sat`` and
``pm3sat-2occ``): the variables as boxes on one horizontal line in the layout's order,
positive clauses above it and negative ones below, each clause a horizontal segment at its
level with a vertical leg to each of its variables (as in the paper's Figure 9).

The legs reaching one variable on one side are spaced across its box in
:func:`~npw.instances.sat.planar_monotone.attachment_order`; :func:`geometry` gives the
segments, so a test measures that a layout ``validate()`` accepts is drawn without a crossing.

Each variable box is ``data-el="var:K"``, each clause (segment, legs and label) the group
``data-el="clause:I"`` (I 0-based, the label says c1, c2, ... as the error messages do). With an
assignment, true variables are green, false ones grey, and each clause's legs to its true
literals green.

>>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
>>> f = PlanarMonotone3Sat(3, [(1, 2, 3), (-1, -2), (2,)], order=(2, 1, 3))
>>> svg = render_svg(f, (False, True, False))
>>> svg.count('data-el="var:'), svg.count('data-el="clause:'), 'stroke="#2a2"' in svg
(3, 3, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import clause_id, var_id
from npw.instances.sat.planar_monotone import ABOVE, BELOW, PlanarMonotone3Sat, attachment_order, side_of
from npw.instances.svg import check_drawable, movable, tagged

__all__ = ["BAR", "BOX", "GAP", "Geometry", "MARGIN", "MAX_RENDER_CLAUSES", "ROW", "SLOT", "crossings", "geometry",
           "layout_geometry", "render_svg"]

SLOT = 26  # width of one leg's place in a variable box
GAP = 14  # between variable boxes
ROW = 24  # height of one level
BOX = 22  # height of a variable box
MARGIN = 30
BAR = 7  # half-width of a one-literal clause's bar
MAX_RENDER_CLAUSES = 5000  # an SVG of more is unreadable and large


@dataclass(frozen=True)
class Geometry:
    """Where everything is drawn: variable boxes (variable, x, width), clause segments
    (clause, y, x0, x1) and legs (clause, variable, x, y0, y1), on a canvas of width x height."""

    width: float
    height: float
    line_y: float
    boxes: tuple[tuple[int, float, float], ...]
    segments: tuple[tuple[int, float, float, float], ...]
    legs: tuple[tuple[int, int, float, float, float], ...]


def geometry(instance: PlanarMonotone3Sat) -> Geometry:
    """The drawing's coordinates (y grows downwards, as in SVG)."""
    return layout_geometry(instance.order, instance.clauses, instance.levels, attachment_order(instance))


def layout_geometry(order: Sequence[int], clauses: Sequence[Sequence[int]], levels: Sequence[int],
                    legs_at: Mapping[tuple[int, str], Sequence[int]]) -> Geometry:
    """The coordinates of any layout with the legs at each (variable, side) in the order
    ``legs_at`` gives, valid or not (a test draws every attachment order of a small layout)."""
    top = max((lv for c, lv in zip(clauses, levels) if side_of(c) == ABOVE), default=0)
    bottom = max((lv for c, lv in zip(clauses, levels) if side_of(c) != ABOVE), default=0)
    line_y = MARGIN + 20 + (top + 1) * ROW
    boxes = []
    attach: dict[tuple[int, int], float] = {}  # (clause, variable) -> x of its leg
    x = float(MARGIN)
    for v in order:
        above, below = legs_at.get((v, ABOVE), []), legs_at.get((v, BELOW), [])
        width = SLOT * max(1, len(above), len(below))
        for legs in (above, below):
            for k, i in enumerate(legs):
                attach[(i, v)] = x + (k + 0.5) * width / len(legs)
        boxes.append((v, x, float(width)))
        x += width + GAP
    segments, legs_drawn = [], []
    for i, clause in enumerate(clauses):
        up = side_of(clause) == ABOVE
        y = line_y - BOX / 2 - levels[i] * ROW if up else line_y + BOX / 2 + levels[i] * ROW
        xs = [attach[(i, abs(l))] for l in clause]
        low, high = min(xs), max(xs)
        if low == high:
            low, high = low - BAR, high + BAR
        segments.append((i, y, low, high))
        edge = line_y - BOX / 2 if up else line_y + BOX / 2
        for literal in clause:
            legs_drawn.append((i, abs(literal), attach[(i, abs(literal))], min(edge, y), max(edge, y)))
    height = line_y + BOX / 2 + (bottom + 1) * ROW + MARGIN
    return Geometry(x - GAP + MARGIN, height, line_y, tuple(boxes), tuple(segments), tuple(legs_drawn))


def crossings(g: Geometry) -> list[tuple[int, int]]:
    """Pairs of clauses whose drawn segments meet: a leg through another clause's segment, two
    segments overlapping on one height (the drawing's own check, used by the tests).

    >>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
    >>> crossings(geometry(PlanarMonotone3Sat(4, [(1, 4), (2, 3), (-1, -2, -3, -4)[:3]])))
    []
    """
    found = []
    for i, y, x0, x1 in g.segments:
        for j, _, x, y0, y1 in g.legs:
            if j != i and x0 <= x <= x1 and y0 <= y <= y1:
                found.append((min(i, j), max(i, j)))
        for j, y2, u0, u1 in g.segments:
            if j > i and y2 == y and max(x0, u0) <= min(x1, u1):
                found.append((i, j))
    return sorted(set(found))


def render_svg(instance: PlanarMonotone3Sat, certificate: Sequence[bool] | None = None) -> str:
    """The instance as SVG; with an assignment (checked first), coloured by value."""
    if len(instance.clauses) > MAX_RENDER_CLAUSES:
        raise InvalidInstance(f"render: {len(instance.clauses)} clauses, more than the drawing's limit "
                              f"{MAX_RENDER_CLAUSES} (MAX_RENDER_CLAUSES)")
    check_drawable(instance.num_vars + sum(len(c) for c in instance.clauses),
                   f"{instance.problem} variables and literals")
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the assignment does not satisfy this formula")
    g = geometry(instance)

    def true(literal: int) -> bool:
        return certificate is not None and bool(certificate[abs(literal) - 1]) == (literal > 0)

    title = (f"{instance.problem}: {instance.num_vars} variables, {len(instance.clauses)} clauses (positive above "
             "the line, negative below)")
    # a few variables draw narrower than the title: the canvas widens to hold it (it was cut off)
    width = max(g.width, 20 + 0.62 * 12 * len(title))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{g.height:.0f}" '
             f'viewBox="0 0 {width:.0f} {g.height:.0f}" font-family="sans-serif" font-size="12">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="18">{title}</text>']
    legs_of: dict[int, list[tuple[int, float, float, float]]] = {}
    for i, v, x, y0, y1 in g.legs:
        legs_of.setdefault(i, []).append((v, x, y0, y1))
    for i, y, x0, x1 in g.segments:
        colour = "#c33" if instance.side(i) == ABOVE else "#36c"  # Figure 9's red above, blue below
        body = [f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}" stroke="{colour}" stroke-width="3"/>']
        for v, x, y0, y1 in legs_of[i]:
            literal = v if instance.side(i) == ABOVE else -v
            leg = "#2a2" if true(literal) else colour
            body.append(f'<line x1="{x:.1f}" y1="{y0:.1f}" x2="{x:.1f}" y2="{y1:.1f}" stroke="{leg}" stroke-width="2"/>')
        label_y = y - 4 if instance.side(i) == ABOVE else y + 13
        body.append(f'<text x="{x1 + 3:.1f}" y="{label_y:.1f}" font-size="10" fill="#555">c{i + 1}</text>')
        parts.append(f'<g{tagged(clause_id(i))}>{"".join(body)}</g>')
    for v, x, width in g.boxes:
        fill = "#fff" if certificate is None else ("#bfe5bf" if certificate[v - 1] else "#ddd")
        value = "" if certificate is None else ("=1" if certificate[v - 1] else "=0")
        body = (f'<rect x="0" y="{-BOX / 2:.1f}" width="{width:.1f}" height="{BOX}" rx="4" fill="{fill}" '
                f'stroke="#333"/><text x="{width / 2:.1f}" y="4" text-anchor="middle">x{v}{value}</text>')
        parts.append(movable(var_id(v), round(x, 1), round(g.line_y, 1), body))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
