"""SVG drawing of a 3-PARTITION instance (``npw render``): each number a bar of its length on a
scale where the bound B is a dashed line; with a partition (a certificate, checked first) the
bars are stacked group by group, each group filling B exactly.

Every bar is the movable group ``data-el="number:I"`` (I = the index a certificate uses), so a
page can carry a number from its row into its group.

>>> from npw.instances.numbers.three_partition import ThreePartition
>>> svg = render_svg(ThreePartition((2, 2, 3), 7), ((0, 1, 2),))
>>> svg.count('data-el="number:'), "B = 7" in svg
(3, True)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import number_id
from npw.instances.svg import check_drawable, movable

__all__ = ["COLOURS", "LEFT", "ROW", "SCALE_WIDTH", "draw_bars", "render_svg"]

ROW = 24
LEFT = 60
SCALE_WIDTH = 600  # pixels for the bound B
COLOURS = ("#4a7fd4", "#f0a030", "#3aa35a", "#c44", "#8e5bc4", "#2aa")


def render_svg(instance: Any, certificate: Sequence[Sequence[int]] | None = None) -> str:
    """The numbers as bars (one row each), or stacked in their groups when a partition is given."""
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the groups are not a 3-partition of these numbers")
    numbers, bound = instance.numbers, instance.bound
    title = f"3-PARTITION: {len(numbers)} numbers, m = {len(numbers) // 3}, B = {bound}"
    return draw_bars(numbers, bound, title, certificate)


def draw_bars(numbers: Sequence[int], line_at: int, title: str, groups: Sequence[Sequence[int]] | None = None,
              group_names: Sequence[str] | None = None, element: Callable[[int], str] = number_id,
              labels: Sequence[str] | None = None) -> str:
    """Bars of the numbers' lengths (each the movable ``number:I``) on a scale with a dashed line at
    ``line_at``: one row a number, or one row a group, the group's bars end to end. Shared by
    3-PARTITION and the number problems (``npw.instances.numbers.render``); ``element`` names bar
    I's element id (``number:I`` by default), ``labels`` its text (the number by default).

    >>> svg = draw_bars((3, 4), 7, "two bars", [(0, 1)], ["side"])
    >>> svg.count('data-el="number:'), ">side<" in svg
    (2, True)
    """
    check_drawable(len(numbers), "numbers")
    place: dict[int, tuple[float, int]] = {}  # index -> (x offset in units, row)
    if groups is None:
        place = {i: (0, i) for i in range(len(numbers))}
    else:
        for row, group in enumerate(groups):
            offset = 0
            for i in group:
                place[int(i)] = (offset, row)
                offset += numbers[int(i)]
    rows = max([r for _, r in place.values()], default=0) + 1
    longest = max([offset + numbers[i] for i, (offset, _) in place.items()], default=0)  # the longest row
    unit = SCALE_WIDTH / max(line_at, longest, 1)
    width = int(LEFT + max(line_at, longest) * unit + 40)
    height = 50 + rows * ROW + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="18" font-size="13">{title}</text>',
             f'<line x1="{LEFT + line_at * unit:.1f}" y1="30" x2="{LEFT + line_at * unit:.1f}" y2="{height - 10}" '
             f'stroke="#a00" stroke-dasharray="5,4"/>']
    if groups is not None:
        for row in range(rows):
            name = group_names[row] if group_names is not None else f"group {row}"
            parts.append(f'<text x="10" y="{50 + row * ROW + 15}" fill="#666">{name}</text>')
    for i, a in enumerate(numbers):
        offset, row = place[i]
        colour = COLOURS[i % len(COLOURS)]
        body = (f'<rect width="{a * unit:.1f}" height="{ROW - 4}" fill="{colour}" stroke="#fff"/>'
                f'<text x="4" y="{ROW - 9}" fill="#fff">{a if labels is None else labels[i]}</text>')
        parts.append(movable(element(i), round(LEFT + offset * unit, 1), 50 + row * ROW, body))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
