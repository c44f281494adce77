"""Where a drawing puts its elements when someone other than its renderer decides: an
:class:`Arrangement` (positions by element id, a label per element, boxed groups).

``npw explore`` works one out from a reduction's provenance
(:mod:`npw.verify.explore.layout`: what each source element produced drawn together, in a box
captioned with that element, and every target element labelled with where it came from, ``x1 in
C0``) and hands it to the target's renderer (its ``arrangement`` keyword); a renderer given none
draws as it always did. It lives here, below the renderers, because renderers may import only
``npw.instances``.

>>> arrangement = Arrangement({"vertex:0": (40.0, 60.0)}, {"vertex:0": "x1 in C0"},
...                           (Group("C0", (20.0, 30.0, 120.0, 100.0)),), (200.0, 150.0))
>>> arrangement.at("vertex:0", (0.0, 0.0)), arrangement.at("vertex:9", (1.0, 2.0))
((40.0, 60.0), (1.0, 2.0))
>>> print(arrangement.backdrop())
<g class="npw-groups"><rect x="20.0" y="30.0" width="100.0" height="70.0" rx="8" fill="#f4f6fb" stroke="#99a" stroke-dasharray="4,3"/><text x="26.0" y="44.0" font-size="12" font-weight="bold" fill="#446">C0</text></g>
>>> arrangement.label("vertex:0", 40.0, 84.0)
'<text x="40.0" y="84.0" font-size="10" text-anchor="middle" fill="#335" stroke="#fff" stroke-width="3" paint-order="stroke">x1 in C0</text>'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Mapping

__all__ = ["Arrangement", "GROUP_COLOURS", "Group", "LABEL_FONT", "text_width"]

GROUP_COLOURS = ("#4a7fd4", "#f0a030", "#3aa35a", "#cc4444", "#8e5bc4", "#22aaaa", "#d46fb0", "#8c6d31",
                 "#7f7f7f", "#bcbd22", "#17becf", "#e377c2")
"""A board's groups, in order (the first six are the number bars' colours, so a 3-PARTITION
source's bar and the pieces it made share one)."""

LABEL_FONT = 10
"""The font size of an element's provenance label (SVG user units)."""


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of a sans-serif text's drawn width (no font metrics in Python): the
    layouts leave this much room, so labels placed apart by it do not touch in a browser.

    >>> text_width("x1 in C0", 10)
    52.0
    """
    return round(0.65 * font_size * len(text), 1)


@dataclass(frozen=True)
class Group:
    """A boxed group: its caption (drawn in the box's top-left corner) and its box
    ``(x0, y0, x1, y1)``."""

    caption: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Arrangement:
    """Positions (element id -> the element's centre), labels (element id -> text) and the
    groups' boxes, in a drawing of ``size`` (width, height)."""

    positions: Mapping[str, tuple[float, float]]
    labels: Mapping[str, str] = field(default_factory=dict)
    groups: tuple[Group, ...] = ()
    size: tuple[float, float] = (640.0, 640.0)
    # a board's own squares fix its pieces: there a group is a colour (element id -> colour) and
    # a legend (caption, colour) beside the board
    tints: Mapping[str, str] = field(default_factory=dict)
    legend: tuple[tuple[str, str], ...] = ()
    rings: Mapping[str, str] = field(default_factory=dict)  # element id -> a second source's colour

    def at(self, element: str, default: tuple[float, float]) -> tuple[float, float]:
        """Where ``element`` goes, or ``default`` where the arrangement does not say."""
        return self.positions.get(element, default)

    def backdrop(self) -> str:
        """The groups' boxes and captions (drawn first, under everything)."""
        parts = []
        for group in self.groups:
            x0, y0, x1, y1 = group.box
            parts.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" rx="8" '
                         'fill="#f4f6fb" stroke="#99a" stroke-dasharray="4,3"/>'
                         f'<text x="{x0 + 6:.1f}" y="{y0 + 14:.1f}" font-size="12" font-weight="bold" '
                         f'fill="#446">{escape(group.caption)}</text>')
        return f'<g class="npw-groups">{"".join(parts)}</g>' if parts else ""

    def legend_svg(self, x: float, y: float, scale: float = 1.0) -> tuple[str, float, float]:
        """The legend as a column of swatches and captions from (x, y), ``scale`` times the
        usual 12-unit type (a board drawn thousands of units wide is shown shrunk), and its
        width and height.

        >>> svg, width, height = Arrangement({}, legend=(("x1", "#4a7fd4"),)).legend_svg(10, 20)
        >>> svg.count("<rect"), svg.count(">x1</text>"), width, height
        (1, 1, 100.0, 36.0)
        """
        if not self.legend:
            return "", 0.0, 0.0
        font, line = 12 * scale, 18 * scale
        parts = [f'<text x="{x:.1f}" y="{y + font:.1f}" font-size="{font:.1f}" font-weight="bold">made by</text>']
        for row, (caption, colour) in enumerate(self.legend, 1):
            top = y + row * line
            parts.append(f'<rect x="{x:.1f}" y="{top + 2 * scale:.1f}" width="{font:.1f}" height="{font:.1f}" '
                         f'fill="{colour}"/><text x="{x + 1.5 * font:.1f}" y="{top + font:.1f}" '
                         f'font-size="{font:.1f}">{escape(caption)}</text>')
        width = max([text_width(c, font) for c, _ in self.legend] + [text_width("made by", font)]) + 2.5 * font
        return "".join(parts), max(width, 100.0 * scale), line * (len(self.legend) + 1)

    def label(self, element: str, x: float, y: float) -> str:
        """``element``'s label as an SVG text centred at (x, y), or '' where it has none."""
        text = self.labels.get(element)
        if not text:
            return ""
        # a white halo: a label over an edge stays readable
        return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{LABEL_FONT}" text-anchor="middle" fill="#335" '
                f'stroke="#fff" stroke-width="3" paint-order="stroke">{escape(text)}</text>')
