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

from npw.instances.base import InvalidInstance

__all__ = ["MAX_DRAWN_ELEMENTS", "check_drawable", "movable", "tagged"]

MAX_DRAWN_ELEMENTS = 50_000
"""The most elements (vertices and edges, variables and literals, cells, pieces, numbers, sets) a
drawing holds. Far past what anyone reads in one picture, and about 5 MB of SVG; an instance
with more is refused before any of it is drawn (a 10^7-variable formula drew for minutes)."""


def check_drawable(count: int, what: str) -> None:
    """Refuses, in one line naming MAX_DRAWN_ELEMENTS, a drawing of more than that many elements.

    >>> check_drawable(120, "3sat variables and literals")
    >>> check_drawable(10**7 + 3, "3sat variables and literals")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: a drawing of 10,000,003 3sat variables and literals is past the limit of 50,000 drawn elements (MAX_DRAWN_ELEMENTS)
    """
    if count > MAX_DRAWN_ELEMENTS:
        raise InvalidInstance(f"a drawing of {count:,} {what} is past the limit of "
                              f"{MAX_DRAWN_ELEMENTS:,} drawn elements (MAX_DRAWN_ELEMENTS)")


def tagged(element: str) -> str:
    """The attribute (with its leading space) that names what a node draws."""
    return f' data-el="{escape(element, quote=True)}"'


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def movable(element: str, x: float, y: float, body: str) -> str:
    """``body`` (drawn around the origin) as one group placed at (x, y) and named ``element``."""
    return f'<g{tagged(element)} transform="translate({_number(x)},{_number(y)})">{body}</g>'
