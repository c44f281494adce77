"""SVG drawing of a Solo Chess board (``npw render``, the registry's renderer for ``solochess``):
the squares, the pieces as chess glyphs, the special piece ringed, and a capture sequence as
numbered arrows.

Every piece is one movable group ``<g data-el="piece:X,Y" transform="translate(CX,CY)">``
named by its starting square (``npw.instances.elements``), drawn around its square's centre, so
a page plays a capture by moving the capturer's group and hiding the captured one's."""

from __future__ import annotations

from html import escape
from typing import Sequence

from npw.instances.arrangement import Arrangement
from npw.instances.base import InvalidInstance
from npw.instances.elements import piece_id
from npw.instances.solochess.board import Move, SoloChess
from npw.instances.svg import check_drawable, movable

__all__ = ["LARGE_SIDE", "render_svg"]

LARGE_SIDE = 100
"""A board with more squares than this on a side is *large*: shown whole on a page, a square is
a pixel or less, so the glyphs vanish and the checkered squares blur. Its squares are then one
plain colour and every piece also carries a dot that keeps its size on screen at any zoom
(``vector-effect="non-scaling-stroke"``): the reduced boards of the SAT chains (859 x 1,699
squares for the smallest 3-SAT formula) stay readable at page size, glyphs appearing as one
zooms in."""

DOT_COLOURS = ("#1f4e9c", "#2e8b57", "#8b5a2b", "#6a3d9a", "#b15928", "#444444")


def render_svg(instance: SoloChess, certificate: Sequence[Move] | None = None, cell: int = 40, *,
               arrangement: Arrangement | None = None) -> str:
    """The board as SVG, any size: the squares as one checkered pattern (a1 = (0, 0) dark, rank 0
    at the bottom), Unicode chess glyphs (fairy pieces: their declared glyph), the special piece
    ringed in red. With a capture sequence (a certificate, checked first), every capture is drawn
    as an arrow from the capturing square to the captured one, numbered in order at its
    destination; the captures made on one square (a captor taken where it captured) share one
    line there ("2,5"), so numbers never sit on each other; the special piece's captures are
    red, the others blue. A board of more than :data:`LARGE_SIDE` squares on a side is drawn
    plain, each piece with a dot of fixed screen size too (coloured by type, the special one red).

    >>> from npw.instances.solochess.board import Piece
    >>> svg = render_svg(SoloChess(2, 1, (Piece(0, 0, "rook"), Piece(1, 0, "pawn")), (0, 0)), (((0, 0), (1, 0)),))
    >>> svg.count("<text"), 'stroke="red"' in svg
    (3, True)
    >>> three = SoloChess(3, 1, (Piece(0, 0, "rook"), Piece(1, 0, "rook"), Piece(2, 0, "pawn")))
    >>> svg = render_svg(three, (((1, 0), (2, 0)), ((0, 0), (2, 0))))
    >>> svg.count("<tspan"), svg.count("<text") - 3, ">1</tspan>,<tspan" in svg
    (2, 1, True)
    """
    check_drawable(len(instance.pieces), "solochess pieces")
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the capture sequence is not a solution of this board")
    w, h = instance.width * cell, instance.height * cell
    # the legend's type grows with the board: a 75-file board is shown a fifth of its size
    scale = max(1.0, w / 800)
    legend, legend_width, legend_height = (arrangement.legend_svg(w + 12 * scale, 8, scale) if arrangement is not None
                                           else ("", 0.0, 0.0))
    total = w + (legend_width + 24 * scale if legend else 0)
    total_h = max(h, legend_height + 16)

    def centre(x: int, y: int) -> tuple[float, float]:
        return x * cell + cell / 2, (instance.height - 1 - y) * cell + cell / 2

    # the pattern's origin is the top-left corner; square (0, height-1) is drawn there, and it is
    # dark when height-1 is even
    dark_first = (instance.height - 1) % 2 == 0
    dark, light = "#b58863", "#f0d9b5"
    tl, tr = (dark, light) if dark_first else (light, dark)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:.0f}" height="{total_h:.0f}" '
             f'viewBox="0 0 {total:.0f} {total_h:.0f}" font-family="sans-serif">',
             "<defs>",
             f'<pattern id="squares" width="{2 * cell}" height="{2 * cell}" patternUnits="userSpaceOnUse">',
             f'<rect width="{cell}" height="{cell}" fill="{tl}"/>',
             f'<rect x="{cell}" width="{cell}" height="{cell}" fill="{tr}"/>',
             f'<rect y="{cell}" width="{cell}" height="{cell}" fill="{tr}"/>',
             f'<rect x="{cell}" y="{cell}" width="{cell}" height="{cell}" fill="{tl}"/>',
             "</pattern>"]
    for colour in ("red", "blue"):
        parts.append(f'<marker id="head-{colour}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
                     f'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    large = max(instance.width, instance.height) > LARGE_SIDE
    parts += ["</defs>", f'<rect width="{w}" height="{h}" fill="{light if large else "url(#squares)"}"/>', legend]
    kinds = sorted({p.kind for p in instance.pieces})
    dot_colour = {kind: DOT_COLOURS[i % len(DOT_COLOURS)] for i, kind in enumerate(kinds)}
    for p in instance.pieces:
        cx, cy = centre(p.x, p.y)
        body = dot = ""
        tint = arrangement.tints.get(piece_id(p.square)) if arrangement is not None else None
        if large:  # a dot of 5 screen pixels (the special piece's 13, red) whatever the zoom,
            # in the colour of the source element that made the piece where a page gives one
            special_piece = p.square == instance.special
            dot = (f'<line x2="{cell * 0.01:.2f}" stroke="{"red" if special_piece else tint or dot_colour[p.kind]}" '
                     f'stroke-width="{13 if special_piece else 5}" stroke-linecap="round" '
                     f'vector-effect="non-scaling-stroke"/>')
        if tint:  # the disc of the source element that made the piece: it moves with the piece
            label = escape(arrangement.labels.get(piece_id(p.square), ""))
            ring = arrangement.rings.get(piece_id(p.square))
            edge = f' stroke="{ring}" stroke-width="{cell * 0.12:.1f}"' if ring else ""
            body += f'<circle r="{cell * 0.42}" fill="{tint}" fill-opacity="0.75"{edge}><title>{label}</title></circle>'
        if p.square == instance.special:  # the ring rides with the special piece's group
            body = (f'<circle r="{cell * 0.46}" fill="none" stroke="red" '
                    f'stroke-width="{max(2, cell // 13)}"><title>special piece (T^1)</title></circle>')
        glyph = escape(instance.piece_type(p.kind).glyph)  # fairy glyphs may hold < or &
        body += (f'<text y="{cell * 0.28}" font-size="{cell * 0.8}" '
                 f'text-anchor="middle"><title>{escape(p.kind)} {p.square}</title>{glyph}</text>')
        parts.append(movable(piece_id(p.square), cx, cy, dot + body))
    special = instance.special
    numbers: dict[tuple[int, int], list[tuple[int, str]]] = {}  # square -> the captures made on it
    for number, (a, b) in enumerate(certificate or (), 1):
        colour = "red" if a == special else "blue"
        if a == special:
            special = b
        (ax, ay), (bx, by) = centre(*a), centre(*b)
        parts.append(f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{colour}" stroke-width="2" '
                     f'stroke-opacity="0.7" marker-end="url(#head-{colour})"/>')
        numbers.setdefault(tuple(b), []).append((number, colour))
    for square, made in numbers.items():
        # a captor stays on the square it took and may be taken there later: every capture made
        # on one square in one line in its top-left corner ("2,5"), each number in its colour
        bx, by = centre(*square)
        spans = (str(made[0][0]) if len(made) == 1 else
                 ",".join(f'<tspan fill="{colour}">{number}</tspan>' for number, colour in made))
        parts.append(f'<text x="{bx - cell * 0.47}" y="{by - cell * 0.22}" font-size="{cell * 0.3}" '
                     f'font-weight="bold" fill="{made[0][1]}">{spans}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
