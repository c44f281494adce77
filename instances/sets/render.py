"""SVG drawings of 3DM and X3C (``npw render``). 3DM: W, X and Y as three columns of circles, each element the
movable group ``data-el="w:I"`` (``x:I``, ``y:I``), and each triple a polyline through its three
elements, ``data-el="triple:T"`` (T = the index a certificate uses). With a matching (checked
first) its triples are drawn thick in colours and the others faint. X3C: :func:`render_x3c`.

>>> from npw.instances.sets.model import ThreeDM
>>> svg = render_3dm(ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 0))), [0, 1])
>>> svg.count('data-el="triple:'), svg.count('data-el="w:'), svg.count('stroke-width="3"')
(3, 2, 2)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import element_id, set_id
from npw.instances.svg import check_drawable, movable, tagged

__all__ = ["CELL", "COLOURS", "COLUMN_GAP", "LEFT", "RADIUS", "ROW", "TOP", "render_3dm", "render_setcover",
           "render_x3c"]

ROW = 26
TOP = 50
COLUMN_GAP = 200
LEFT = 50
RADIUS = 10
COLOURS = ("#d22", "#4a7fd4", "#3aa35a", "#f0a030", "#8e5bc4", "#2aa")


def _header(width: int, height: int, title: str) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
            '<rect width="100%" height="100%" fill="white"/>', f'<text x="10" y="18" font-size="13">{title}</text>']


def _element(element: str, x: float, y: float, label: str) -> str:
    body = (f'<circle r="{RADIUS}" fill="#fff" stroke="#000"/>'
            f'<text y="4" text-anchor="middle" font-size="9">{label}</text>')
    return movable(element, x, y, body)


def render_3dm(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """The three columns and the triples between them, or the matching drawn over the rest."""
    check_drawable(3 * instance.q + len(instance.triples), "3dm elements and triples")
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the chosen triples are not a matching of this 3DM instance")
    q = instance.q
    chosen = {int(t): n for n, t in enumerate(certificate or ())}
    width, height = LEFT * 2 + 2 * COLUMN_GAP, TOP + max(q, 1) * ROW + 10
    parts = _header(width, height, f"3DM: q = {q}, {len(instance.triples)} triples")
    for column, name in enumerate("WXY"):
        parts.append(f'<text x="{LEFT + column * COLUMN_GAP}" y="{TOP - 18}" text-anchor="middle">{name}</text>')
    y_at = [TOP + i * ROW for i in range(q)]
    for t, (w, x, y) in enumerate(instance.triples):
        points = f"{LEFT},{y_at[w]} {LEFT + COLUMN_GAP},{y_at[x]} {LEFT + 2 * COLUMN_GAP},{y_at[y]}"
        if t in chosen:
            style = f'stroke="{COLOURS[chosen[t] % len(COLOURS)]}" stroke-width="3"'
        else:
            style = 'stroke="#999" stroke-width="1" stroke-opacity="0.6"' if chosen else 'stroke="#555" stroke-width="1"'
        parts.append(f'<polyline{tagged(f"triple:{t}")} points="{points}" fill="none" {style}>'
                     f'<title>t{t} = ({w}, {x}, {y})</title></polyline>')
    for column, kind in enumerate("wxy"):
        parts.extend(_element(f"{kind}:{i}", LEFT + column * COLUMN_GAP, y_at[i], f"{kind}{i}") for i in range(q))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_x3c(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """The universe as a row of circles (``data-el="element:I"``) and each set a row below it, a bar
    with a dot under each of its three elements (``data-el="set:T"``); with an exact cover
    (checked first) its sets are coloured, listed first, and the rest faint.

    >>> from npw.instances.sets.model import X3C
    >>> svg = render_x3c(X3C(2, ((0, 1, 2), (3, 4, 5), (2, 3, 4))), [1, 0])
    >>> svg.count('data-el="element:'), svg.count('data-el="set:'), svg.count('fill-opacity="0.25"')
    (6, 3, 1)
    """
    check_drawable(instance.universe + len(instance.sets), "x3c elements and sets")
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the chosen sets are not an exact cover of this X3C instance")
    chosen = {int(t): n for n, t in enumerate(certificate or ())}
    order = [int(t) for t in certificate or ()] + [t for t in range(len(instance.sets)) if t not in chosen]
    step = 2 * RADIUS + 8
    x_at = [LEFT + e * step for e in range(instance.universe)]
    width = LEFT + max(instance.universe, 1) * step + 60
    height = TOP + (len(order) + 1) * ROW
    parts = _header(width, height, f"X3C: q = {instance.q}, {len(instance.sets)} sets")
    parts.extend(_element(f"element:{e}", x_at[e], TOP, str(e)) for e in range(instance.universe))
    for row, t in enumerate(order, 1):
        s = instance.sets[t]
        colour = COLOURS[chosen[t] % len(COLOURS)] if t in chosen else "#555"
        faint = ' fill-opacity="0.25" stroke-opacity="0.25"' if chosen and t not in chosen else ""
        dots = "".join(f'<circle cx="{x_at[e]}" cy="0" r="5" fill="{colour}"/>' for e in s)
        body = (f'<line x1="{x_at[s[0]]}" y1="0" x2="{x_at[s[2]]}" y2="0" stroke="{colour}" stroke-width="2"/>{dots}'
                f'<text x="{LEFT - 30}" y="4" font-size="10">s{t}</text>')
        parts.append(f'<g{tagged(f"set:{t}")} transform="translate(0,{TOP + row * ROW})"{faint}>'
                     f'<title>s{t} = {{{s[0]}, {s[1]}, {s[2]}}}</title>{body}</g>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# -- SET COVER  -------------------------------------------------------------------------------------

CELL = 22


def render_setcover(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """The membership matrix: a row per set (the group ``data-el="set:J"``), a column per element
    (its header ``data-el="element:I"``), a dot where the set holds the element; with a
    certificate, the chosen rows filled red.

    >>> from npw.instances.sets.setcover import SetCover
    >>> svg = render_setcover(SetCover(3, ((0, 1), (2,)), 2), [0, 1])
    >>> svg.count('data-el="set:'), svg.count('data-el="element:'), svg.count('fill="#f99"')
    (2, 3, 2)
    """
    # a row a set, a column an element: the matrix's cells are drawn as rows of the grid
    check_drawable(instance.universe + len(instance.sets) + sum(len(s) for s in instance.sets),
                   "setcover elements, sets and memberships")
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the list is not a cover of this setcover instance with at most k sets")
    chosen = {int(j) for j in certificate} if certificate is not None else set()
    left, top = 60, 50
    width = left + CELL * max(instance.universe, 1) + 20
    height = top + CELL * max(len(instance.sets), 1) + 20
    title = (f"setcover: {instance.universe} elements, {len(instance.sets)} sets, k = {instance.k}"
             + (f"; a cover of {len(chosen)}" if certificate is not None else ""))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="white"/>', f'<text x="10" y="16" font-size="13">{title}</text>']
    for e in range(instance.universe):
        x = left + CELL * e
        parts.append(f'<g{tagged(element_id(str(e)))}><rect x="{x}" y="{top - CELL}" width="{CELL - 2}" '
                     f'height="{CELL - 2}" fill="#eee" stroke="#999"/><text x="{x + CELL / 2 - 1}" '
                     f'y="{top - 7}" text-anchor="middle">{e}</text></g>')
    for j, subset in enumerate(instance.sets):
        y = top + CELL * j
        fill = "#f99" if j in chosen else "#fff"
        dots = "".join(f'<circle cx="{left + CELL * e + CELL / 2 - 1}" cy="{y + CELL / 2 - 1}" r="6" fill="#333"/>'
                       for e in subset)
        parts.append(f'<g{tagged(set_id(j))}><rect x="8" y="{y}" width="{left - 10 + CELL * instance.universe}" '
                     f'height="{CELL - 2}" fill="{fill}" stroke="#999"/><text x="12" y="{y + 15}">s{j}</text>{dots}</g>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
