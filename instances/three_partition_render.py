"""SVG drawing of a 3-PARTITION instance (``npw render``): each number a bar of its length on a
scale where the bound B is a dashed line; with a partition (a certificate, checked first) the
bars are stacked group by group, each group filling B exactly.

Every bar is the movable group ``data-el="number:I"`` (I = the index a certificate uses), so a
page can carry a number from its row into its group.

>>> from npw.instances.three_partition import ThreePartition
>>> svg = render_svg(ThreePartition((2, 2, 3), 7), ((0, 1, 2),))
>>> svg.count('data-el="number:'), "B = 7" in svg
(3, True)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import number_id
from npw.instances.svg import movable

ROW = 24
LEFT = 60
SCALE_WIDTH = 600  # pixels for the bound B
COLOURS = ("#4a7fd4", "#f0a030", "#3aa35a", "#c44", "#8e5bc4", "#2aa")


def render_svg(instance: Any, certificate: Sequence[Sequence[int]] | None = None) -> str:
    """The numbers as bars (one row each), or stacked in their groups when a partition is given."""
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the groups are not a 3-partition of these numbers")
    numbers, bound = instance.numbers, instance.bound
    unit = SCALE_WIDTH / max(bound, max(numbers, default=1), 1)
    place: dict[int, tuple[float, int]] = {}  # index -> (x offset in units, row)
    if certificate is None:
        place = {i: (0, i) for i in range(len(numbers))}
    else:
        for row, group in enumerate(certificate):
            offset = 0
            for i in group:
                place[int(i)] = (offset, row)
                offset += numbers[int(i)]
    rows = max([r for _, r in place.values()], default=0) + 1
    width = int(LEFT + max(bound, max(numbers, default=0)) * unit + 40)
    height = 50 + rows * ROW + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="18" font-size="13">3-PARTITION: {len(numbers)} numbers, m = {len(numbers) // 3}, '
             f'B = {bound}</text>',
             f'<line x1="{LEFT + bound * unit:.1f}" y1="30" x2="{LEFT + bound * unit:.1f}" y2="{height - 10}" '
             f'stroke="#a00" stroke-dasharray="5,4"/>']
    if certificate is not None:
        for row in range(rows):
            parts.append(f'<text x="10" y="{50 + row * ROW + 15}" fill="#666">group {row}</text>')
    for i, a in enumerate(numbers):
        offset, row = place[i]
        colour = COLOURS[i % len(COLOURS)]
        body = (f'<rect width="{a * unit:.1f}" height="{ROW - 4}" fill="{colour}" stroke="#fff"/>'
                f'<text x="4" y="{ROW - 9}" fill="#fff">{a}</text>')
        parts.append(movable(number_id(i), round(LEFT + offset * unit, 1), 50 + row * ROW, body))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
