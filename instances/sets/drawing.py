"""SVG drawing of 3DM (``npw render``): W, X and Y as three columns of circles, each element the
movable group ``data-el="w:I"`` (``x:I``, ``y:I``), and each triple a polyline through its three
elements, ``data-el="triple:T"`` (T = the index a certificate uses). With a matching (checked
first) its triples are drawn thick in colours and the others faint.

>>> from npw.instances.sets.model import ThreeDM
>>> svg = render_3dm(ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 0))), [0, 1])
>>> svg.count('data-el="triple:'), svg.count('data-el="w:'), svg.count('stroke-width="3"')
(3, 2, 2)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.svg import movable, tagged

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
