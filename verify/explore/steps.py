"""The language of a played certificate: per step, changes to drawn elements by their id.

A page (``npw explore``) holds two drawings, the source (side ``"s"``) and the target (side
``"t"``), whose renderers tag what they draw with element ids (``data-el="ID"``, movable things
as ``<g data-el="ID" transform="translate(X,Y)">``; see ``npw.reductions.base.Provenance``).
Python works out, per step of a certificate, what changes (:class:`Change`); the page's one
generic script applies them. So the per-problem logic lives here in Python, where it is tested
without a browser, and the script knows no problem.

Operations of a change:

* ``at`` (x, y): place the element's group at (x, y) (its ``transform``);
* ``hide`` / ``show``: take it off the board (a captured piece) or put it back;
* ``mark`` NAME / ``unmark`` NAME: add or remove the CSS class ``npw-NAME`` (``true``,
  ``false``, ``sat``, ``path``, ``walked``, ``riding``, ``moved``...).

A :class:`Layout` reads where the renderer put each element (so the step logic needs no copy of
the renderer's geometry), and :class:`Lattice` turns a board's logical cells into those
coordinates from the elements' starting places.

>>> layout = Layout.of_svg('<svg><g data-el="tile:1" transform="translate(10,20)"/>'
...                        '<g data-el="tile:2" transform="translate(50,20)"/>'
...                        '<g data-el="tile:3" transform="translate(10,60)"/></svg>')
>>> layout.position("tile:2"), layout.position("tile:9")
((50.0, 20.0), None)
>>> lattice = Lattice.fit({"tile:1": (0, 0), "tile:2": (0, 1), "tile:3": (1, 0)}, layout)
>>> lattice.point(2, 2)
(90.0, 100.0)
>>> Change("t", "tile:1", "at", (90.0, 100.0)).as_json()
['t', 'tile:1', 'at', 90.0, 100.0]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

__all__ = ["Change", "Lattice", "Layout", "OPERATIONS", "Play", "SOURCE", "Step", "TARGET", "marks"]

SOURCE = "s"
TARGET = "t"
OPERATIONS = ("at", "hide", "show", "mark", "unmark")

# one opening tag that carries data-el (attributes in any order)
_TAGGED = re.compile(r'<(?:[a-zA-Z]+)\s([^>]*?\bdata-el="([^"]*)"[^>]*)>')
_TRANSLATE = re.compile(r'\btransform="\s*translate\(\s*(-?[\d.eE+-]+)[\s,]+(-?[\d.eE+-]+)\s*\)')
_ATTRIBUTE = re.compile(r'\b(cx|cy|x|y)="(-?[\d.eE+-]+)"')


@dataclass(frozen=True)
class Change:
    """One change to the element ``element`` of side ``side`` (``"s"`` or ``"t"``).

    >>> Change("s", "var:1", "mark", "true").as_json()
    ['s', 'var:1', 'mark', 'true']
    >>> Change("t", "x", "spin")
    Traceback (most recent call last):
        ...
    ValueError: unknown change 'spin' (known: at, hide, show, mark, unmark)
    """

    side: str
    element: str
    operation: str
    value: Any = None

    def __post_init__(self) -> None:
        if self.operation not in OPERATIONS:
            raise ValueError(f"unknown change {self.operation!r} (known: {', '.join(OPERATIONS)})")
        if self.side not in (SOURCE, TARGET):
            raise ValueError(f"a change's side is {SOURCE!r} or {TARGET!r}, not {self.side!r}")

    def as_json(self) -> list[Any]:
        head: list[Any] = [self.side, self.element, self.operation]
        if self.operation == "at":
            x, y = self.value
            return head + [round(float(x), 2), round(float(y), 2)]
        if self.operation in ("mark", "unmark"):
            return head + [self.value]
        return head


@dataclass(frozen=True)
class Step:
    """One step of a played certificate: what it is called and what it changes."""

    caption: str
    changes: tuple[Change, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"caption": self.caption, "changes": [c.as_json() for c in self.changes]}


@dataclass(frozen=True)
class Play:
    """A certificate played out: its steps, and the state the last step must reach, worked out
    from the target instance's goal (not from the steps), so the page (and its browser test)
    can compare the drawing after the last step with it:

    * ``goal_positions``: element id -> (x, y) where it must be drawn (within ``tolerance``);
    * ``goal_occupied``: the places the ``movers`` must cover, as a set (alike pieces);
    * ``goal_marks``: element id -> the mark it must carry;
    * ``survivors``: how many of the ``movers`` may remain shown (Solo Chess: one);
    * ``hidden_at_end``: what the steps take off the board.
    """

    steps: tuple[Step, ...]
    goal_positions: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    goal_occupied: tuple[tuple[float, float], ...] = ()
    goal_marks: Mapping[str, str] = field(default_factory=dict)
    movers: tuple[str, ...] = ()
    survivors: int | None = None
    hidden_at_end: tuple[str, ...] = ()
    tolerance: float = 0.5

    def goal_json(self) -> dict[str, Any]:
        """The goal as the page embeds it (``data.goal``)."""
        return {"positions": {k: [round(x, 2), round(y, 2)] for k, (x, y) in self.goal_positions.items()},
                "occupied": [[round(x, 2), round(y, 2)] for x, y in self.goal_occupied],
                "marks": dict(self.goal_marks), "movers": list(self.movers), "survivors": self.survivors,
                "tolerance": self.tolerance}


@dataclass(frozen=True)
class Layout:
    """Where a drawing put each element: the first tagged node of each id, by its
    ``translate`` (a movable group) or its ``cx``/``cy`` (a circle) or ``x``/``y``."""

    positions: Mapping[str, tuple[float, float]]
    ids: frozenset[str]

    @staticmethod
    def of_svg(svg: str) -> "Layout":
        positions: dict[str, tuple[float, float]] = {}
        ids: set[str] = set()
        for match in _TAGGED.finditer(svg):
            attributes, element = match.group(1), match.group(2)
            ids.add(element)
            if element in positions:
                continue
            translate = _TRANSLATE.search(attributes)
            if translate:
                positions[element] = (float(translate.group(1)), float(translate.group(2)))
                continue
            found = {name: float(value) for name, value in _ATTRIBUTE.findall(attributes)}
            x, y = found.get("cx", found.get("x")), found.get("cy", found.get("y"))
            if x is not None and y is not None:
                positions[element] = (x, y)
        return Layout(positions, frozenset(ids))

    def position(self, element: str) -> tuple[float, float] | None:
        return self.positions.get(element)


@dataclass(frozen=True)
class Lattice:
    """A board's cell (row, col) -> the drawing's (x, y): ``x = x0 + col * dx``,
    ``y = y0 + row * dy``, fitted from where the elements start (rows may grow upwards: a
    negative ``dy``). Where the elements span a single column (or row), the other pitch is used
    (square cells)."""

    x0: float
    y0: float
    dx: float
    dy: float

    @staticmethod
    def fit(cells: Mapping[str, tuple[int, int]], layout: Layout, default_pitch: float = 40.0) -> "Lattice":
        placed = [(cell, layout.positions[e]) for e, cell in cells.items() if e in layout.positions]
        if not placed:
            return Lattice(0.0, 0.0, default_pitch, default_pitch)

        def pitch(axis: int) -> float | None:
            low = min(placed, key=lambda item: item[0][axis])
            high = max(placed, key=lambda item: item[0][axis])
            if high[0][axis] == low[0][axis]:
                return None
            # (row, col) against (y, x): the cell's axis 0 is the drawing's axis 1
            return (high[1][1 - axis] - low[1][1 - axis]) / (high[0][axis] - low[0][axis])

        dy, dx = pitch(0), pitch(1)
        if dx is None and dy is None:
            dx = dy = default_pitch
        elif dx is None:
            dx = abs(dy)  # type: ignore[arg-type]
        elif dy is None:
            dy = dx
        (row, col), (x, y) = placed[0]
        return Lattice(x - col * dx, y - row * dy, dx, dy)  # type: ignore[operator]

    def point(self, row: int, col: int) -> tuple[float, float]:
        return (self.x0 + col * self.dx, self.y0 + row * self.dy)


def marks(side: str, elements: Iterable[str], name: str) -> tuple[Change, ...]:
    """``mark`` changes for each element.

    >>> [c.as_json() for c in marks("s", ["var:1", "var:2"], "true")]
    [['s', 'var:1', 'mark', 'true'], ['s', 'var:2', 'mark', 'true']]
    """
    return tuple(Change(side, e, "mark", name) for e in elements)
