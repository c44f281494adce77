"""SVG pictures of (n^2-1)-puzzle boards and move sequences.

* :func:`render_svg` -- a board, then (if moves are given) the board after each move
  in a grid of frames, the tile that just moved highlighted; long sequences are
  sampled (at most ``max_frames`` frames, first and last always drawn). Tiles that are
  already on their goal cell are drawn pale when a goal is given.
* :func:`render_instance` -- an npuz instance: B1 and B2 side by side (``npw render``).
  Every tile of B1 is one movable group ``<g data-el="tile:N" transform="translate(X,Y)">``
  (``npw.instances.elements``: a tile keeps its number wherever it slides); B2's tiles carry
  ``data-goal="tile:N"``.

>>> from npw.instances.npuz.board import NPuz
>>> svg = render_instance(NPuz(2, (1, 2, 0, 3), (1, 2, 3, 0), 1))
>>> svg.count('data-el="tile:'), svg.count('data-goal="tile:')
(3, 3)
"""

from __future__ import annotations

import math
from html import escape

from npw.instances.base import InvalidInstance
from npw.instances.elements import tile_id
from npw.instances.npuz.board import Board, apply_moves
from npw.instances.svg import movable

__all__ = ["CELL", "MAX_RENDER_SIDE", "render_instance", "render_scatter", "render_svg"]

CELL = 28
# npw render draws every tile: a 300 x 300 board is 90,000 tiles (about 10 MB of SVG); a
# 1000 x 1000 board took 10 s for an SVG no viewer opens, so larger boards are refused
MAX_RENDER_SIDE = 300


def _board_group(board: Board, x: float, y: float, cell: float, goal: Board | None, moved: int | None,
                 title: str, tag: str = "") -> list[str]:
    """One board at (x, y); ``tag`` "el": each tile a movable group named ``tile:N``, "goal": each
    tile marked ``data-goal``, "": untagged (the frames of a move sequence repeat every tile)."""
    n = math.isqrt(len(board))
    font = max(6.0, cell * (0.45 if n * n < 100 else 0.36 if n * n < 1000 else 0.3))
    parts = [f'<g transform="translate({x:.1f},{y:.1f})">',
             f'<text x="0" y="-6" font-size="12" font-family="sans-serif">{escape(title)}</text>',
             f'<rect x="0" y="0" width="{n * cell:.1f}" height="{n * cell:.1f}" fill="#333"/>']
    for location, tile in enumerate(board):
        if tile == 0:
            continue
        r, c = divmod(location, n)
        home = goal is not None and goal[location] == tile
        fill = "#f4c542" if tile == moved else "#dfe8f5" if home else "#7aa6d8"
        if tag == "el":  # drawn around the cell's corner, placed by the group's translation
            body = (f'<rect x="1" y="1" width="{cell - 2:.1f}" height="{cell - 2:.1f}" rx="3" fill="{fill}" '
                    f'stroke="#234"/>')
            if cell >= 10:
                body += (f'<text x="{cell / 2:.1f}" y="{cell / 2 + font / 3:.1f}" font-size="{font:.1f}" '
                         f'text-anchor="middle" font-family="sans-serif">{tile}</text>')
            parts.append(movable(tile_id(tile), round(c * cell, 1), round(r * cell, 1), body))
            continue
        mark = f' data-goal="{tile_id(tile)}"' if tag == "goal" else ""
        parts.append(f'<rect{mark} x="{c * cell + 1:.1f}" y="{r * cell + 1:.1f}" width="{cell - 2:.1f}" '
                     f'height="{cell - 2:.1f}" rx="3" fill="{fill}" stroke="#234"/>')
        if cell >= 10:
            parts.append(f'<text x="{c * cell + cell / 2:.1f}" y="{r * cell + cell / 2 + font / 3:.1f}" '
                         f'font-size="{font:.1f}" text-anchor="middle" font-family="sans-serif">{tile}</text>')
    parts.append("</g>")
    return parts


def render_svg(board: Board, moves: str = "", goal: Board | None = None, max_frames: int = 48) -> str:
    """The board and the boards after each move (sampled to ``max_frames``), as one SVG."""
    n = math.isqrt(len(board))
    cell = max(4.0, min(CELL, 360.0 / n))
    steps = len(moves)
    if steps + 1 <= max_frames:
        shown = list(range(steps + 1))
    else:
        shown = sorted({round(i * steps / (max_frames - 1)) for i in range(max_frames)})
    frames = []
    current = tuple(board)
    done = 0
    for index in shown:
        if index > done:
            current = apply_moves(current, moves[done:index], n)
            done = index
        moved = None
        if index > 0:
            # the tile that moved last sits where the blank was before the last move
            before = apply_moves(board, moves[:index - 1], n) if index - 1 <= 2000 else None
            if before is not None:
                moved = current[before.index(0)]
        label = "start" if index == 0 else f"after {index} move{'s' if index > 1 else ''}: {moves[index - 1]}"
        frames.append((current, moved, label))
    columns = min(len(frames), max(1, int(1000 // (n * cell + 20))))
    rows = math.ceil(len(frames) / columns)
    width = columns * (n * cell + 20) + 20
    height = rows * (n * cell + 30) + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}">', '<rect width="100%" height="100%" fill="white"/>']
    for k, (frame, moved, label) in enumerate(frames):
        x = 20 + (k % columns) * (n * cell + 20)
        y = 30 + (k // columns) * (n * cell + 30)
        parts += _board_group(frame, x, y, cell, goal, moved, label)
    if moves:
        parts.append(f'<desc>moves (the blank\'s directions): {escape(moves[:5000])}</desc>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_instance(instance) -> str:
    """B1 and B2 of an npuz instance side by side, with k in the titles (n <= MAX_RENDER_SIDE)."""
    n = instance.n
    if n > MAX_RENDER_SIDE:
        raise InvalidInstance(f"boards beyond {MAX_RENDER_SIDE} x {MAX_RENDER_SIDE} are not drawn "
                              f"(limit MAX_RENDER_SIDE); this one is {n} x {n}")
    cell = max(4.0, min(CELL, 360.0 / n))
    width = 2 * (n * cell + 20) + 20
    height = n * cell + 50
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}">',
             '<rect width="100%" height="100%" fill="white"/>']
    parts += _board_group(instance.start, 20, 30, cell, instance.goal, None, f"B1 (k = {instance.k})", tag="el")
    parts += _board_group(instance.goal, 40 + n * cell, 30, cell, None, None, "B2", tag="goal")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_scatter(points: list[tuple[float, float, int]], x_label: str, y_label: str, title: str) -> str:
    """A log-log scatter of (x effort, y effort, optimal length) with the diagonal; colour = length."""
    width, height, pad = 560, 520, 60
    xs = [max(1.0, p[0]) for p in points] or [1.0]
    ys = [max(1.0, p[1]) for p in points] or [1.0]
    hi = math.log10(max(max(xs), max(ys)) * 1.2)
    span = max(hi, 1.0)

    def sx(v: float) -> float:
        return pad + math.log10(max(1.0, v)) / span * (width - 2 * pad)

    def sy(v: float) -> float:
        return height - pad - math.log10(max(1.0, v)) / span * (height - 2 * pad)

    lengths = [p[2] for p in points] or [0]
    lo_len, hi_len = min(lengths), max(lengths)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="{width / 2}" y="24" font-size="14" text-anchor="middle" font-family="sans-serif">{escape(title)}</text>',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="black"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
             f'<line x1="{sx(1)}" y1="{sy(1)}" x2="{sx(10 ** span)}" y2="{sy(10 ** span)}" stroke="#aaa" stroke-dasharray="4"/>',
             f'<text x="{width / 2}" y="{height - 18}" font-size="12" text-anchor="middle" font-family="sans-serif">'
             f'{escape(x_label)} (nodes expanded, log scale)</text>',
             f'<text x="16" y="{height / 2}" font-size="12" text-anchor="middle" font-family="sans-serif" '
             f'transform="rotate(-90 16 {height / 2})">{escape(y_label)} (nodes expanded, log scale)</text>']
    for e in range(int(span) + 1):
        parts.append(f'<text x="{sx(10 ** e)}" y="{height - pad + 16}" font-size="10" text-anchor="middle" '
                     f'font-family="sans-serif">1e{e}</text>')
        parts.append(f'<text x="{pad - 6}" y="{sy(10 ** e) + 3}" font-size="10" text-anchor="end" '
                     f'font-family="sans-serif">1e{e}</text>')
    for x, y, length in points:
        t = (length - lo_len) / (hi_len - lo_len) if hi_len > lo_len else 0.5
        colour = f"rgb({int(40 + 200 * t)},{int(80 + 60 * (1 - t))},{int(220 - 180 * t)})"
        parts.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{colour}" fill-opacity="0.7">'
                     f'<title>length {length}: {x:.0f} vs {y:.0f}</title></circle>')
    parts.append(f'<text x="{width - pad}" y="{pad - 8}" font-size="10" text-anchor="end" font-family="sans-serif">'
                 f'colour: optimal length {lo_len} (blue) .. {hi_len} (red)</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
