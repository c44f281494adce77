"""An overview drawing of a large Solo Chess board for the docs: every piece a dot, visible at
page size.

    python docs/solochess_overview.py BOARD.json OUT.svg [--width 700]

``npw render`` draws 40 px a square with chess glyphs: right for a board of a few dozen squares,
but a reduced board of 859 x 1,699 squares becomes a 34,360 x 67,960 px image whose glyphs vanish
when a browser shows it at page size. Here a square is ``width / board width`` px (under one) and
each piece a dot of at least 2.5 px, coloured by type, the special piece ringed; nothing else.
The board is read with npw's own reader (``load_instance``: the checks of any input file).
"""

from __future__ import annotations

import argparse
import sys
from html import escape

from npw.instances.io import load_instance, write_atomically

COLOURS = ("#1f4e9c", "#2e8b57", "#8b5a2b", "#6a3d9a", "#b15928", "#444444")


def overview_svg(board, width: float) -> str:
    """The board as dots, ``width`` px wide (the height follows the board's proportions)."""
    cell = width / board.width
    height = board.height * cell
    radius = max(2.5, cell * 0.45)
    kinds = sorted({p.kind for p in board.pieces})
    colour = {kind: COLOURS[i % len(COLOURS)] for i, kind in enumerate(kinds)}
    legend_height = 18 * (len(kinds) + 1) + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * radius:.0f}" '
             f'height="{height + 2 * radius + legend_height:.0f}" font-family="sans-serif" font-size="13">',
             f'<rect x="{radius:.1f}" y="{radius:.1f}" width="{width:.1f}" height="{height:.1f}" '
             'fill="#f0d9b5" stroke="#b58863"/>']
    for p in board.pieces:
        cx = radius + (p.x + 0.5) * cell
        cy = radius + (board.height - p.y - 0.5) * cell  # rank 0 at the bottom
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{colour[p.kind]}">'
                     f'<title>{escape(p.kind)} {p.square}</title></circle>')
    sx, sy = board.special
    parts.append(f'<circle cx="{radius + (sx + 0.5) * cell:.1f}" cy="{radius + (board.height - sy - 0.5) * cell:.1f}" '
                 f'r="{radius * 3:.1f}" fill="none" stroke="red" stroke-width="2"><title>special piece</title></circle>')
    top = height + 2 * radius + 4
    for i, kind in enumerate(kinds):
        y = top + 18 * i + 9
        count = sum(1 for p in board.pieces if p.kind == kind)
        parts.append(f'<circle cx="10" cy="{y:.1f}" r="5" fill="{colour[kind]}"/>'
                     f'<text x="22" y="{y + 4:.1f}">{escape(kind)}: {count:,}</text>')
    y = top + 18 * len(kinds) + 9
    parts.append(f'<circle cx="10" cy="{y:.1f}" r="6" fill="none" stroke="red" stroke-width="2"/>'
                 f'<text x="22" y="{y + 4:.1f}">the special piece, at {board.special}; the board is '
                 f'{board.width:,} x {board.height:,} squares</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board")
    parser.add_argument("output")
    parser.add_argument("--width", type=float, default=700.0)
    args = parser.parse_args()
    board = load_instance(args.board)
    if getattr(board, "problem", None) != "solochess":
        print(f"solochess_overview: {args.board} is not a Solo Chess board", file=sys.stderr)
        return 2
    write_atomically(args.output, overview_svg(board, args.width))
    return 0


if __name__ == "__main__":
    sys.exit(main())
