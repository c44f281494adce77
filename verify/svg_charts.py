"""Small hand-written SVG charts for the HTML report (no plotting library needed): a
horizontal bar chart and a predicted-against-built scatter with its diagonal."""

from __future__ import annotations

from html import escape
from typing import Sequence

__all__ = ["bar_chart", "scatter"]


def _number(value: float) -> str:
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def bar_chart(items: Sequence[tuple[str, float]], unit: str, width: int = 640) -> str:
    """One bar per (label, value), longest value = full width; values printed at the bar's end."""
    if not items:
        return "<p>(nothing measured)</p>"
    label_width, bar_height, gap = 190, 18, 6
    top = max(value for _, value in items) or 1.0
    room = width - label_width - 90
    height = len(items) * (bar_height + gap) + gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12" role="img">']
    for row, (label, value) in enumerate(items):
        y = gap + row * (bar_height + gap)
        length = max(1.0, room * value / top)
        parts.append(f'<text x="{label_width - 6}" y="{y + 13}" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{label_width}" y="{y}" width="{length:.1f}" height="{bar_height}" fill="#4c78a8"/>')
        parts.append(f'<text x="{label_width + length + 4:.1f}" y="{y + 13}">{_number(value)} {escape(unit)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def scatter(points: Sequence[tuple[float, float]], x_label: str, y_label: str, title: str, side: int = 260) -> str:
    """Points (x, y) with the diagonal y = x; points off the diagonal are drawn red and larger."""
    margin = 44
    values = [v for point in points for v in point] or [0, 1]
    low, high = min(values), max(values)
    if high == low:
        low, high = low - 1, high + 1
    span = high - low

    def px(v: float) -> float:
        return margin + (v - low) / span * (side - 2 * margin)

    def py(v: float) -> float:
        return side - margin - (v - low) / span * (side - 2 * margin)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" font-family="sans-serif" '
             f'font-size="11" role="img">',
             f'<text x="{side / 2}" y="14" text-anchor="middle" font-weight="bold">{escape(title)}</text>',
             f'<rect x="{margin}" y="{margin}" width="{side - 2 * margin}" height="{side - 2 * margin}" '
             f'fill="none" stroke="#999"/>',
             f'<line x1="{px(low):.1f}" y1="{py(low):.1f}" x2="{px(high):.1f}" y2="{py(high):.1f}" '
             f'stroke="#bbb" stroke-dasharray="4 3"/>',
             f'<text x="{margin}" y="{side - margin + 14}">{_number(low)}</text>',
             f'<text x="{side - margin}" y="{side - margin + 14}" text-anchor="end">{_number(high)}</text>',
             f'<text x="{side / 2}" y="{side - 10}" text-anchor="middle">{escape(x_label)}</text>',
             f'<text x="12" y="{side / 2}" text-anchor="middle" transform="rotate(-90 12 {side / 2})">'
             f'{escape(y_label)}</text>']
    # draw each distinct point once (many cases share a size)
    for x, y in sorted(set(points)):
        off = x != y
        parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="{4.5 if off else 3}" '
                     f'fill="{"#d62728" if off else "#4c78a8"}" fill-opacity="0.8"/>')
    parts.append("</svg>")
    return "\n".join(parts)
