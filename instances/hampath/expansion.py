"""The grid geometry of Lemma A.1's step 3b (docs/lemma_a1.md, "Step 3b"): an orthogonal drawing's
routes made into the pieces of step 3a. Three tools, each small, each checked by the caller's
exact comparison of the grid graph it gets with the graph it meant:

* :func:`hook`: a route that leaves a vertex on the wrong side is led round to the vertex's free
  side (in a drawing scaled by 4, whose points at distance 1 from a vertex are free);
* :func:`compress`: the coordinates that points use, each axis sorted and spread ``spacing``
  apart (an order-preserving map keeps a planar orthogonal drawing planar);
* :func:`lane`: a one-sided tentacle (:func:`~npw.instances.hampath.grid_gadgets.one_sided_tentacle`)
  along a polyline, bent at each corner by a
  :data:`~npw.instances.hampath.grid_gadgets.ZIGZAG_TURN`, and :func:`corridor`: a 1-wide path.

A lane's two *lines* are its *main* line, which follows the polyline, and its *side* line, one step
to one side; the side (left or right of the way it runs) never changes, as a turn turns both. At a
corner the line on the turn's inside takes the ring's short way, the outer one its long way.

>>> ln = lane((0, 0), (0, -1), [(0, 0), (13, 0)], (13, 0), (0, 1))  # block centre even, in-cell odd
>>> len(ln.cells), ln.start, ln.q, ln.zigzag[-1] == ln.q, len(set(ln.uturn))
(22, ((2, 0), (2, -1)), (12, 0), True, 22)
"""

from __future__ import annotations

from dataclasses import dataclass

from npw.instances.hampath.grid_gadgets import ring8

__all__ = ["Lane", "Point", "add", "compress", "corridor", "hook", "lane", "simplify", "step", "walk"]

Point = tuple[int, int]


def add(p: Point, q: Point, k: int = 1) -> Point:
    """p + k q."""
    return p[0] + k * q[0], p[1] + k * q[1]


def step(a: Point, b: Point) -> Point:
    """The unit step from a towards b (on a common axis)."""
    return (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])


def _left(d: Point) -> Point:
    return -d[1], d[0]


def _right(d: Point) -> Point:
    return d[1], -d[0]


def _along(p: Point, d: Point) -> int:
    return p[0] if d[0] else p[1]


def _perp(p: Point, d: Point) -> int:
    """p's coordinate across direction d (y for a horizontal d, x for a vertical one)."""
    return p[1] if d[0] else p[0]


def _on(line: int, along: int, d: Point) -> Point:
    return (along, line) if d[0] else (line, along)


def simplify(points) -> list[Point]:
    """The polyline without repeated points and without points in the middle of a straight run.

    >>> simplify([(0, 0), (0, 0), (1, 0), (3, 0), (3, 2)])
    [(0, 0), (3, 0), (3, 2)]
    """
    out: list[Point] = []
    for p in points:
        if out and out[-1] == p:
            continue
        if len(out) >= 2 and step(out[-2], out[-1]) == step(out[-1], p):
            out[-1] = p
        else:
            out.append(p)
    return out


def walk(points) -> list[Point]:
    """Every grid point along an axis-parallel polyline, in order.

    >>> walk([(0, 0), (2, 0), (2, 1)])
    [(0, 0), (1, 0), (2, 0), (2, 1)]
    """
    cells = [tuple(points[0])]
    for a, b in zip(points, points[1:]):
        d = step(a, b)
        while cells[-1] != tuple(b):
            cells.append(add(cells[-1], d))
    return cells


def hook(points, free: Point) -> list[Point]:
    """The route ``points`` (from a vertex P) led out of P on its ``free`` side instead: P, P +
    free, P + free + d, P + d and on, d its first direction (unit steps: meant for a drawing scaled
    by 4, whose points at distance 1 from a vertex carry no other route).

    >>> hook([(0, 0), (0, 8)], (1, 0))
    [(0, 0), (1, 0), (1, 1), (0, 1), (0, 8)]
    """
    p = tuple(points[0])
    d = step(p, points[1])
    return simplify([p, add(p, free), add(add(p, free), d), add(p, d), *points[1:]])


def compress(values, spacing: int) -> dict[int, int]:
    """Each used coordinate to its rank times ``spacing``.

    >>> compress([0, 8, 9, 40], 5)
    {0: 0, 8: 5, 9: 10, 40: 15}
    """
    return {v: i * spacing for i, v in enumerate(sorted(set(values)))}


def _lines(points, first_line: int, last_line: int) -> tuple[list[Point], list[int]]:
    """The segments' directions and the lines they run on: the first on ``first_line``, the last on
    ``last_line``, the others on the polyline's own."""
    dirs = [step(a, b) for a, b in zip(points, points[1:])]
    lines = [_perp(points[k], d) for k, d in enumerate(dirs)]
    lines[0] = first_line
    if len(dirs) > 1:
        lines[-1] = last_line
    elif first_line != last_line:
        raise ValueError("a straight run cannot change its line")
    return dirs, lines


def _corner(d: Point, line: int, next_line: int) -> Point:
    """Where a run in direction d on ``line`` meets the next run (on ``next_line``)."""
    return _on(line, next_line, d)


def corridor(first: Point, points, last: Point) -> list[Point]:
    """A 1-wide path from the cell ``first`` to the cell ``last`` along the polyline ``points``
    (from near ``first`` to near ``last``): its first run on ``first``'s line, its last on
    ``last``'s, a jog in the middle of a straight run whose ends are on different lines.

    >>> corridor((0, 1), [(0, 0), (10, 0)], (9, 0))
    [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0)]
    """
    points = simplify(points)
    dirs = [step(a, b) for a, b in zip(points, points[1:])]
    first_line, last_line = _perp(first, dirs[0]), _perp(last, dirs[-1])
    if len(dirs) == 1:
        d = dirs[0]
        if first_line == last_line:
            return walk([first, last])
        middle = (_along(first, d) + _along(last, d)) // 2
        return walk([first, _on(first_line, middle, d), _on(last_line, middle, d), last])
    _, lines = _lines(points, first_line, last_line)
    corners = [_corner(d, lines[k], lines[k + 1]) for k, d in enumerate(dirs[:-1])]
    return walk(simplify([first, *corners, last]))


@dataclass(frozen=True)
class Lane:
    """A one-sided tentacle on the grid. ``cells``: all of them; ``parts``: its straight 2-wide
    runs and its rings, in order; ``start``: (main, side) cells of its first column (next to the
    block's X2 and X1); ``q``: its in-end (next to the in-cell); ``uturn`` and ``zigzag``: its two
    covers, from ``start``'s side cell (the U-turn to ``start``'s main cell, the zigzag to ``q``)."""

    cells: tuple[Point, ...]
    parts: tuple[tuple[Point, ...], ...]
    ports: tuple[tuple[Point, Point], ...]
    start: tuple[Point, Point]
    q: Point
    uturn: tuple[Point, ...]
    zigzag: tuple[Point, ...]


# The two turns a lane may take at a corner, each in its own frame (in along +x, out along +y):
# ZIGZAG_TURN (in on rows 0, 1, out on columns 0, 1) and ZIGZAG_TURN_SHIFTED, the same ring with
# the lanes one further along each side (rows 1, 2 and columns 1, 2; of the four placements, the
# two crossed once at max degree 3: tests/test_planar_to_grid.py). Both are crossed once, round the long way from the inner line to the inner line, or by
# two nested segments. Per turn: where the main line turns (outer main, inner main), the outer
# line's way round, the inner line's, and the long way (inner to inner).
_TURNS = (
    {"corner": {True: (1, 0), False: (0, 1)},
     "outer": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2)), "inner": ((0, 1), (0, 2)),
     "long": ((0, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2))},
    {"corner": {True: (2, 1), False: (1, 2)},
     "outer": ((0, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2)), "inner": ((0, 2), (1, 2)),
     "long": ((0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2))},
)


def _last_line(entry: int, length: int) -> int:
    """The line (0 main, 1 side) of the last cell a snake visits: in on ``entry``, ``length`` columns."""
    return 1 - entry if length % 2 else entry


def lane(block: Point, f: Point, points, cell: Point, stem: Point) -> Lane:
    """The tentacle from the out-block centred at ``block`` (its F side towards ``f``) to the
    in-cell ``cell`` (its stem towards ``stem``), along the polyline ``points`` (from near the
    block to near the cell). Its first column is next to the block's side (two cells from the
    centre, the side line towards f), its last column next to the cell, the cell's side free.
    Each corner takes the turn of :data:`_TURNS` that the zigzag from the block's X1 reaches on its
    inner line (the two differ by one in where they end one run and start the next).

    Raises
    ------
    ValueError
        If a run is too short for its rings, or a straight lane's ends are on different lines.
    """
    points = simplify(points)
    d0 = step(points[0], points[1])
    dlast = step(points[-2], points[-1])
    normals = [f]
    dirs = [step(a, b) for a, b in zip(points, points[1:])]
    for a, b in zip(dirs, dirs[1:]):
        normals.append(_left(normals[-1]) if b == _left(a) else _right(normals[-1]))
    n_last = normals[-1]
    last_line = _perp(cell, dlast) if n_last == (-stem[0], -stem[1]) else _perp(add(cell, stem, -1), dlast)
    dirs, lines = _lines(points, _perp(block, d0), last_line)
    outer = [normals[k] == dirs[k + 1] for k in range(len(dirs) - 1)]
    corners = [_corner(d, lines[k], lines[k + 1]) for k, d in enumerate(dirs[:-1])]
    start = add(block, d0, 2)
    entry = 1  # the zigzag starts on the side line, next to X1
    runs: list[tuple[list[Point], list[Point]]] = []
    parts: list[tuple[Point, ...]] = []
    ports: list[tuple[Point, Point]] = []
    rings = []

    def run(k: int, first: Point, last: Point) -> tuple[list[Point], list[Point]]:
        d = dirs[k]
        if _perp(first, d) != lines[k] or _perp(last, d) != lines[k]:
            raise ValueError("a lane's run is off its line")
        length = (_along(last, d) - _along(first, d)) * (d[0] + d[1]) + 1
        if length < 1:
            raise ValueError("a lane's run is too short for its rings")
        main = [add(first, d, j) for j in range(length)]
        return main, [add(m, normals[k]) for m in main]

    for k, c in enumerate(corners):
        a, b = dirs[k], dirs[k + 1]
        inner = 1 if outer[k] else 0  # the inner line: the side line when the main one is outer
        for turn in _TURNS:
            frame = turn["corner"][outer[k]]
            end = add(c, a, -1 - frame[0])
            main, side = run(k, start, end)
            if _last_line(entry, len(main)) == inner:
                break

        def place(r: Point, c=c, a=a, b=b, frame=frame) -> Point:
            x, y = r[0] - frame[0], r[1] - frame[1]
            return c[0] + x * a[0] + y * b[0], c[1] + x * a[1] + y * b[1]

        runs.append((main, side))
        rings.append((place, turn))
        parts += [tuple(main + side), tuple(place(r) for r in ring8())]
        start = add(c, b, 3 - frame[1])
        side_start = add(start, normals[k + 1])
        ports += [(main[-1], add(main[-1], a)), (side[-1], add(side[-1], a)),
                  (add(start, b, -1), start), (add(side_start, b, -1), side_start)]
        entry = inner
    end = _on(lines[-1], _along(cell, dlast) - dlast[0] - dlast[1], dlast)
    runs.append(run(len(dirs) - 1, start, end))
    parts.append(tuple(runs[-1][0] + runs[-1][1]))
    q = add(cell, dlast, -1)
    # the two covers, line by line: in the U-turn each line keeps to itself (the outer one round
    # the ring's long side, the inner one its short side); the zigzag snakes through each run and
    # round each ring the long way, in and out on the inner line
    main_way, side_way = [], []
    for k, (main, side) in enumerate(runs):
        main_way += main
        side_way += side
        if k < len(rings):
            place, turn = rings[k]
            main_way += [place(r) for r in turn["outer" if outer[k] else "inner"]]
            side_way += [place(r) for r in turn["inner" if outer[k] else "outer"]]
    uturn = tuple(side_way + main_way[::-1])
    zigzag: list[Point] = []
    on = 1
    for k, (main, side) in enumerate(runs):
        for m, s in zip(main, side):
            zigzag += [(m, s)[on], (m, s)[1 - on]]
            on = 1 - on
        if k < len(rings):
            place, turn = rings[k]
            zigzag += [place(r) for r in turn["long"]]
            on = 1 if outer[k] else 0
    cells = tuple(c for part in parts for c in part)
    if zigzag[-1] != q:
        zigzag = []  # the colours are wrong: the lane cannot be crossed (the caller checks)
    return Lane(cells, tuple(parts), tuple(ports), (runs[0][0][0], runs[0][1][0]), q, uturn, tuple(zigzag))
