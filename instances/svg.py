"""The two SVG fragments every renderer uses to tag what it draws with an element id
(``npw.instances.elements``): ``data-el`` on a drawn thing, and a movable group
``<g data-el="ID" transform="translate(X,Y)">`` whose contents are drawn around (0, 0), so a page
moves, hides or highlights an element by changing one attribute of one node.

>>> movable("tile:3", 10, 20.5, '<rect width="5" height="5"/>')
'<g data-el="tile:3" transform="translate(10,20.5)"><rect width="5" height="5"/></g>'
>>> tagged("clause:0")
' data-el="clause:0"'
"""

from __future__ import annotations

from html import escape

__all__ = ["movable", "tagged"]


def tagged(element: str) -> str:
    """The attribute (with its leading space) that names what a node draws."""
    return f' data-el="{escape(element, quote=True)}"'


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def movable(element: str, x: float, y: float, body: str) -> str:
    """``body`` (drawn around the origin) as one group placed at (x, y) and named ``element``."""
    return f'<g{tagged(element)} transform="translate({_number(x)},{_number(y)})">{body}</g>'
