"""The claims of the Solo Chess constructions (Brunner, Chung, Coulombe, Demaine, Gomez, Lynch,
"Complexity of Solo Chess with Unlimited Moves", Section 3), as checks the verifier runs on every
case (:class:`npw.reductions.base.Claim`).

Each proof states which pieces can move or capture on its board, how many captures the special
piece makes, and what the forward capture sequence does. One function per statement; the
reductions that share a construction share its claims (:func:`theorem_3_2_claims` for Theorem
3.2 and every board Corollaries 3.3-3.6 transform from it, :data:`THEOREM_3_1` for both blocker
types of Theorem 3.1, :data:`THEOREM_3_7`), and the unrestricted variants carry their
restricted construction's claims (the piece of the odd type plays the special one there).

>>> from npw.instances.hampath.graph import HamPathEnds
>>> from npw.reductions.solochess import rook_pawn
>>> path3 = HamPathEnds(3, ((0, 1), (1, 2)), s=0, t=2)
>>> board = rook_pawn.reduce(path3)
>>> blockers_have_no_capture(path3, board), columns_hold_zero_or_two(path3, board)
(True, True)
>>> captures = rook_pawn.forward(path3, (0, 1, 2))
>>> only_special_captures(path3, board, captures, (0, 1, 2))
True
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from contextvars import ContextVar
from typing import Any, Callable, Iterable

from npw.instances.hampath.graph import HamPath
from npw.instances.solochess.board import Point, SoloChess, ray_squares
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim
from npw.reductions.solochess import king_pawn_squares
from npw.reductions.solochess.knight_pawn_squares import square_of
from npw.reductions.solochess.rook_pawn_squares import board_squares, labels

__all__ = ["BISHOP_PAWN_DEVIATION", "Mapping", "PAPER", "THEOREM_3_1", "THEOREM_3_7", "blockers_have_no_capture",
           "capture_options", "columns_hold_zero_or_two", "enters_each_vertex_once", "forward_only_special_captures",
           "green_pawns_immobile_others_mobile", "grid_pawns_on_one_colour", "immobility_claims", "in_role",
           "king_takes_every_green_pawn", "knight_moves_are_grid_edges", "moves_preserved", "only_special_captures",
           "original_squares", "pawns_first_then_king", "pieces_between", "replay", "rows_hold_at_most_five",
           "special_square", "theorem_3_2_claims", "vertex_blocks"]

PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves"
Mapping = Callable[[Point, int], Point]  # a corollary's map of Theorem 3.2's squares (h = height)


# -- the board, read as the proofs read it ---------------------------------------------------


# on an unrestricted board (no special piece) the square of the piece in the special role, set
# by :func:`in_role` while its claims run: with two pieces on the board nothing else tells which
_ROLE: ContextVar[Point | None] = ContextVar("special_role", default=None)


def special_square(board: SoloChess) -> Point | None:
    """The special piece's square: the board's own; on an unrestricted board the square
    :func:`in_role` names, else the square of the one piece whose type occurs once.

    >>> from npw.instances.solochess.board import Piece
    >>> special_square(SoloChess(3, 1, (Piece(0, 0, "rook"), Piece(1, 0, "pawn"), Piece(2, 0, "pawn"))))
    (0, 0)
    """
    if board.special is not None:
        return board.special
    if _ROLE.get() is not None:
        return _ROLE.get()
    counts = Counter(p.kind for p in board.pieces)
    single = [p.square for p in board.pieces if counts[p.kind] == 1]
    return single[0] if len(single) == 1 else None


def _occupied(board: SoloChess) -> dict[Point, str]:
    return {p.square: p.kind for p in board.pieces}


def capture_options(board: SoloChess, position: dict[Point, str], square: Point) -> list[Point]:
    """The squares the piece on ``square`` can capture on in ``position`` (the special piece is
    never a victim: it is uncapturable, unless the board has none)."""
    return [q for q in position if q != board.special and board.legal(position, square, q)]


def pieces_between(kind: Any, a: Point, b: Point, occupied: Iterable[Point]) -> frozenset[Point] | None:
    """The occupied squares strictly between ``a`` and ``b`` along a move of the piece type
    ``kind`` (a :class:`~npw.instances.solochess.board.PieceType`), or None when no move of
    that type goes from a to b: what decides whether a can capture b once any set of pieces
    is gone.

    >>> from npw.instances.solochess.board import STANDARD_TYPES
    >>> sorted(pieces_between(STANDARD_TYPES["rook"], (0, 0), (0, 3), {(0, 1), (1, 1)}))
    [(0, 1)]
    >>> pieces_between(STANDARD_TYPES["rook"], (0, 0), (1, 1), set()) is None
    True
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) in kind.leaps:
        return frozenset()
    occupied = set(occupied)
    for rx, ry in kind.rides:
        if rx * dy != ry * dx:
            continue
        step = dx // rx if rx else dy // ry
        if step < 1 or (step * rx, step * ry) != (dx, dy) or (kind.max_range and step > kind.max_range):
            continue
        if step <= len(occupied):  # walk the squares between, or (wide boards) test the pieces
            return frozenset(q for q in ((a[0] + i * rx, a[1] + i * ry) for i in range(1, step)) if q in occupied)
        return frozenset(q for q in occupied if _strictly_between(a, b, q, rx, ry))
    return None


def _strictly_between(a: Point, b: Point, q: Point, rx: int, ry: int) -> bool:
    dx, dy = q[0] - a[0], q[1] - a[1]
    if rx * dy != ry * dx:
        return False
    t = dx // rx if rx else dy // ry
    total = (b[0] - a[0]) // rx if rx else (b[1] - a[1]) // ry
    return (t * rx, t * ry) == (dx, dy) and 0 < t < total


def replay(board: SoloChess, captures) -> list[tuple[bool, Point, Point]]:
    """The captures as (made by the special piece?, from, to), following the special piece
    (on an unrestricted board: the piece of the odd type) as it moves; stops at an illegal move.
    On an unrestricted board a piece may capture the special one: the special *role* then passes
    to the capturer, as ``backward`` reads it
    (:func:`npw.reductions.solochess.unrestricted.role_captures`), and the capture itself is not
    the role's."""
    position = _occupied(board)
    special = special_square(board)
    out = []
    for a, b in captures:
        a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        if not board.legal(position, a, b):
            break
        position[b] = position.pop(a)
        out.append((a == special, a, b))
        if a == special:
            special = b
        # else if b == special: the capturer, now on b, takes the role over (unrestricted boards
        # only; in king-pawn's a pawn takes the king and goes on to capture a top vertex's pawn)
    return out


def in_role(claims: tuple[Claim, ...], special_of: Callable[[Any], Point | None]) -> tuple[Claim, ...]:
    """The claims of a restricted construction for its unrestricted variant: each check runs
    with ``special_of(source)`` (the restricted board's special square) as the special role's
    square, the piece there still capturable (the unrestricted game's rules)."""

    def lift(claim: Claim) -> Claim:
        check = claim.check

        def in_special_role(source: Any, *rest: Any) -> bool | str | None:
            token = _ROLE.set(special_of(source))
            try:
                return check(source, *rest)
            finally:
                _ROLE.reset(token)

        return dataclasses.replace(claim, check=in_special_role)

    return tuple(lift(claim) for claim in claims)


# -- claims every "special piece against immobile blockers" construction makes ----------------


def blockers_have_no_capture(source: HamPath, board: SoloChess) -> bool | str:
    """No piece but the special one has a capture on the initial board (Theorems 3.1, 3.2,
    Corollaries 3.3-3.6: "the pawns or kings cannot make any captures, so they are immobile")."""
    position = _occupied(board)
    special = special_square(board)
    squares = sorted(position)
    # each type's unblocked reach, grouped by line (capture_options square by square tried every
    # pair, a million legality tests on the 1,172-piece boards of the 3-SAT chain); a capture is
    # a leap onto a piece, or a ride onto the nearest piece of its ray, never onto the special piece
    reach = {kind: ray_squares(board.piece_type(kind), squares) for kind in set(position.values())}
    for i, square in enumerate(squares):
        if square == special:
            continue
        kind = position[square]
        options = [squares[ray[0]] for ray in reach[kind][i] if ray and squares[ray[0]] != board.special]
        if options:
            return f"the {kind} on {square} can capture on {min(options)}"
    return True


def only_special_captures(source: HamPath, board: SoloChess, captures, _other: Any = None) -> bool | str:
    """Every capture of a solution is the special piece's, so it makes all |pieces| - 1 of them
    ("only the rook can ever move"; "the knight must capture all of the other pieces")."""
    moves = replay(board, captures)
    if len(moves) < len(captures):
        return f"capture {len(moves) + 1} is not a legal capture"
    for number, (by_special, a, b) in enumerate(moves, 1):
        if not by_special:
            return f"capture {number} is made by the {_occupied(board).get(a, 'piece')} from {a}, not the special piece"
    if len(moves) != len(board.pieces) - 1:
        return f"the special piece makes {len(moves)} captures, not |pieces| - 1 = {len(board.pieces) - 1}"
    return True


def forward_only_special_captures(source: HamPath, board: SoloChess, path: Any, captures) -> bool | str:
    """:func:`only_special_captures` on the forward capture sequence (a forward claim's order of
    arguments: the path, then the captures)."""
    return only_special_captures(source, board, captures)


# -- Theorem 3.1 (knight + pawns or kings) -------------------------------------------------------


def knight_moves_are_grid_edges(source: HamPath, board: SoloChess) -> bool | str:
    """One piece per grid vertex, the knight on s, and two pieces are a knight's move apart
    exactly when their vertices are adjacent (Theorem 3.1: "rotate the grid graph by
    arctan 1/2 and scale it so that adjacent vertices form valid knight moves")."""
    squares = [square_of(source, v) for v in range(source.num_vertices)]
    position = _occupied(board)
    if sorted(squares) != sorted(position):
        return "the pieces do not stand one on each vertex's square"
    if position[squares[source.s]] != "knight" or special_square(board) != squares[source.s]:
        return f"the knight does not stand on s's square {squares[source.s]}"
    edges = {frozenset(e) for e in source.edges}
    knight = board.piece_type("knight")
    for u in range(source.num_vertices):
        for v in range(u + 1, source.num_vertices):
            jump = (squares[v][0] - squares[u][0], squares[v][1] - squares[u][1]) in knight.leaps
            if jump != (frozenset((u, v)) in edges):
                return f"vertices {u} and {v}: {'a' if jump else 'no'} knight's move, {'an' if not jump else 'no'} edge"
    return True


THEOREM_3_1 = (
    Claim("blockers immobile", f"{PAPER}, Theorem 3.1: the pawns or kings cannot make any captures, so they "
          "are immobile", blockers_have_no_capture),
    Claim("knight moves = grid edges", f"{PAPER}, Theorem 3.1: rotated by arctan 1/2 and scaled, adjacent "
          "vertices (and only they) are a knight's move apart; the knight on s", knight_moves_are_grid_edges),
    Claim("forward: the knight makes every capture", f"{PAPER}, Theorem 3.1: the knight captures the other "
          "pieces along the Hamiltonian path", forward_only_special_captures, stage=FORWARD_CLAIM),
    Claim("any solution: only the knight captures", f"{PAPER}, Theorem 3.1: the knight must capture all of "
          "the other pieces", only_special_captures, stage=BACKWARD_CLAIM),
)


# -- Theorem 3.2 (rook + pawns) and the boards Corollaries 3.3-3.6 transform from it ------------


def columns_hold_zero_or_two(source: HamPath, board: SoloChess) -> bool | str:
    """Theorem 3.2: "every column has zero or two pawns" (the rook counted in its edge's column,
    where it stands for s's missing edge pawn)."""
    counts = Counter(p.x for p in board.pieces)
    wrong = sorted(x for x, c in counts.items() if c != 2)
    return True if not wrong else f"column {wrong[0]} holds {counts[wrong[0]]} pieces"


def rows_hold_at_most_five(source: HamPath, board: SoloChess) -> bool | str:
    """Theorem 3.2: "each row has between zero and five pawns"."""
    counts = Counter(p.y for p in board.pieces if p.kind == "pawn")
    wrong = sorted(y for y, c in counts.items() if c > 5)
    return True if not wrong else f"row {wrong[0]} holds {counts[wrong[0]]} pawns"


def original_squares(source: HamPath, board: SoloChess, mapping: Mapping | None) -> dict[Point, Point]:
    """Target square -> Theorem 3.2 square: through ``mapping`` then the translation to (0, 0)
    (:func:`npw.reductions.solochess.rook_pawn.transformed`); None: Theorem 3.2's own board."""
    squares, _ = board_squares(source)
    if mapping is None:
        return {p: p for p in squares}
    h = max(y for _, y in squares) + 1
    moved = {p: mapping(p, h) for p in squares}
    mx = min(x for x, _ in moved.values())
    my = min(y for _, y in moved.values())
    return {(x - mx, y - my): p for p, (x, y) in moved.items()}


def moves_preserved(mapping: Mapping | None) -> Callable[[HamPath, SoloChess], bool | str]:
    """A check that the special piece's moves on the transformed board are exactly the rook's
    on Theorem 3.2's: for every two pieces, the special piece could go from one to the other
    over the same pieces (images of those) as the rook, or neither can move there."""

    def special_moves_are_rook_moves(source: HamPath, board: SoloChess) -> bool | str:
        back = original_squares(source, board, mapping)
        position = _occupied(board)
        if set(back) != set(position):
            return "the pieces are not the images of Theorem 3.2's squares"
        _, rook = board_squares(source)
        special = special_square(board)
        if special is None or back.get(special) != rook:
            return "the special piece does not stand on the image of the rook's square"
        s_type = board.piece_type(position[special])
        rook_type = board.piece_type("rook")
        originals = set(back.values())
        for a in position:
            for b in position:
                if a == b:
                    continue
                here = pieces_between(s_type, a, b, position)
                there = pieces_between(rook_type, back[a], back[b], originals)
                if (here is None) != (there is None) or (here is not None and {back[q] for q in here} != there):
                    return (f"from {back[a]} to {back[b]} (here {a} to {b}): the {position[special]} "
                            f"{'can' if here is not None else 'cannot'} go, the rook {'can' if there is not None else 'cannot'}")
        return True

    return special_moves_are_rook_moves


def vertex_blocks(source: HamPath, board: SoloChess, captures, mapping: Mapping | None) -> list[int] | str:
    """The inner vertices in the order the special piece's captures enter their rectangles,
    checking that each rectangle (rows 3i, 3i + 1 of Theorem 3.2's board) is entered once and
    emptied of all its pieces in that one visit."""
    back = original_squares(source, board, mapping)
    vertex_label, _ = labels(source)
    by_label = {i: v for v, i in vertex_label.items()}
    route = [back.get(b) for by_special, _, b in replay(board, captures) if by_special]
    rows = Counter(q[1] for q in back.values())
    order: list[int] = []
    finished: set[int] = set()
    taken: Counter = Counter()
    for q in route + [None]:
        v = by_label.get(q[1] // 3) if q is not None and q[1] >= 3 else None
        if order and order[-1] != v and order[-1] not in finished:
            last = order[-1]
            i = vertex_label[last]
            if taken[i] != rows[3 * i] + rows[3 * i + 1]:
                return (f"the special piece leaves vertex {last}'s rectangle after {taken[i]} of its "
                        f"{rows[3 * i] + rows[3 * i + 1]} pieces")
            finished.add(last)
        if v is None:
            continue
        if v in finished:
            return f"the special piece enters vertex {v}'s rectangle a second time"
        if not order or order[-1] != v:
            order.append(v)
        taken[vertex_label[v]] += 1
    missing = sorted(set(vertex_label) - set(order))
    if missing:
        return f"vertex {missing[0]}'s rectangle is never entered"
    return order


def enters_each_vertex_once(mapping: Mapping | None, forward: bool) -> Callable[..., bool | str]:
    """Theorem 3.2: the rook enters and exits each vertex other than s and t exactly once, and
    takes all its pawns then; on the forward sequence also in the order of the path."""

    def check(source: HamPath, board: SoloChess, first: Any, second: Any) -> bool | str:
        captures = second if forward else first
        order = vertex_blocks(source, board, captures, mapping)
        if isinstance(order, str):
            return order
        if forward:
            path = [v for v in first if v not in (source.s, source.t)]
            if order != path:
                return f"the rectangles are visited in the order {order}, the path is {path}"
        return True

    check.__name__ = "forward_follows_path" if forward else "enters_each_vertex_once"
    return check


def immobility_claims(name: str) -> tuple[Claim, ...]:
    """Only the statements about who can capture (for Theorem 3.2's board as the extracted text
    places its terminals, whose squares the other claims do not describe)."""
    return (
        Claim("blockers immobile", f"{PAPER}, {name}: none of the pawns can make any captures",
              blockers_have_no_capture),
        Claim("forward: the special piece makes every capture", f"{PAPER}, {name}: the rook's capture "
              "sequence along the Hamiltonian path", forward_only_special_captures, stage=FORWARD_CLAIM),
        Claim("any solution: only the special piece captures", f"{PAPER}, {name}: only the rook can ever move",
              only_special_captures, stage=BACKWARD_CLAIM),
    )


def theorem_3_2_claims(mapping: Mapping | None = None, name: str = "Theorem 3.2", deviation: str = "") -> tuple[Claim, ...]:
    """The claims of Theorem 3.2's board, transformed by ``mapping`` (a corollary) or not.
    ``deviation`` declares the blockers' immobility false for that construction (Corollary 3.5
    with pawns)."""
    claims = [
        Claim("blockers immobile", f"{PAPER}, {name} (from Theorem 3.2): none of the blockers can make any "
              "captures, so only the special piece can ever move", blockers_have_no_capture, deviation=deviation),
        Claim("forward: the special piece makes every capture", f"{PAPER}, {name}: the rook's capture sequence "
              "along the Hamiltonian path", forward_only_special_captures, stage=FORWARD_CLAIM),
        Claim("forward: each rectangle once, in path order", f"{PAPER}, Theorem 3.2: going clockwise or "
              "counterclockwise around each vertex rectangle, the rook leaves along the next edge",
              enters_each_vertex_once(mapping, True), stage=FORWARD_CLAIM),
        Claim("any solution: only the special piece captures", f"{PAPER}, {name}: only the rook (its image) "
              "can ever move", only_special_captures, stage=BACKWARD_CLAIM, deviation=deviation),
        Claim("any solution: each rectangle entered once and emptied", f"{PAPER}, Theorem 3.2: the rook must "
              "enter and exit each vertex other than s and t exactly once, visiting all pawns of the vertex",
              enters_each_vertex_once(mapping, False), stage=BACKWARD_CLAIM, deviation=deviation),
    ]
    if mapping is None:
        claims[1:1] = [
            Claim("columns hold 0 or 2", f"{PAPER}, Theorem 3.2: every column has zero or two pawns (the rook in "
                  "its edge's column)", columns_hold_zero_or_two),
            Claim("rows hold at most 5 pawns", f"{PAPER}, Theorem 3.2: each row has between zero and five pawns",
                  rows_hold_at_most_five),
        ]
    else:
        claims[1:1] = [
            Claim("special moves = rook moves", f"{PAPER}, {name}: the transformation keeps the rook's moves "
                  "(as the special piece's) and adds none", moves_preserved(mapping)),
        ]
    return tuple(claims)


# -- Theorem 3.7 (king + pawns) ------------------------------------------------------------------


def _king_squares(source: HamPath, board: SoloChess) -> tuple[Point, dict[Point, int], set[Point]]:
    """(offset, green square -> vertex, grid squares: vertex and edge pawns), in board coordinates."""
    mx, my = king_pawn_squares.offset(source)
    coords = king_pawn_squares.grid_coords(source)  # as the construction orients the grid
    greens = {}
    grid = set()
    for v in range(source.num_vertices):
        p = king_pawn_squares.vertex_square(coords[v])
        grid.add((p[0] - mx, p[1] - my))
        g = king_pawn_squares.green_square(source, v)
        greens[(g[0] - mx, g[1] - my)] = v
    for u, v in source.edges:
        lower, upper = king_pawn_squares.lower_upper(source, u, v)
        for q in king_pawn_squares.edge_squares(source, lower, upper):
            grid.add((q[0] - mx, q[1] - my))
    return (mx, my), greens, grid


def green_pawns_immobile_others_mobile(source: HamPath, board: SoloChess) -> bool | str:
    """Theorem 3.7: "every vertex has exactly one green pawn, which has no legal captures, while
    all other pawns have legal captures" (the king replaces s's green pawn)."""
    _, greens, _ = _king_squares(source, board)
    position = _occupied(board)
    if len(greens) != source.num_vertices:
        return f"{len(greens)} green squares for {source.num_vertices} vertices"
    king = special_square(board)
    if king is None or greens.get(king) != source.s or position[king] != "king":
        return "the king does not stand on s's green square"
    for square, kind in sorted(position.items()):
        if kind != "pawn":
            continue
        options = capture_options(board, position, square)
        if square in greens and options:
            return f"the green pawn of vertex {greens[square]} on {square} can capture on {options[0]}"
        if square not in greens and not options:
            return f"the pawn on {square} (not green) has no capture"
    return True


def grid_pawns_on_one_colour(source: HamPath, board: SoloChess) -> bool | str:
    """Theorem 3.7: vertex and edge pawns, three apart diagonally with two between, all on the
    light squares; a green pawn on an adjacent dark square (unless the vertex pawn is green)."""
    _, greens, grid = _king_squares(source, board)
    position = _occupied(board)
    if set(position) != grid | set(greens):
        return "the pieces do not stand on the vertex, edge and green squares"
    colours = {(x + y) % 2 for x, y in grid}
    if len(colours) != 1:
        return "the vertex and edge pawns stand on squares of both colours"
    light = colours.pop()
    for g, v in greens.items():
        if g not in grid and (g[0] + g[1]) % 2 == light:
            return f"vertex {v}'s green square {g} is light"
    return True


def pawns_first_then_king(source: HamPath, board: SoloChess, path, captures) -> bool | str:
    """Theorem 3.7, forward: first the pawns off the path capture upward (two captures for each
    edge the path does not use: its lower pawn takes the upper one, then the vertex above), then
    the king walks the path taking all the rest: 2(|E| - |V| + 1) pawn captures, then
    |pieces| - 1 - 2(|E| - |V| + 1) king captures."""
    moves = replay(board, captures)
    unused = len(source.edges) - (source.num_vertices - 1)
    kings = [i for i, (by_king, _, _) in enumerate(moves) if by_king]
    pawns = [i for i, (by_king, _, _) in enumerate(moves) if not by_king]
    if pawns and kings and max(pawns) > min(kings):
        return f"a pawn captures (capture {max(pawns) + 1}) after the king has moved"
    if len(pawns) != 2 * unused:
        return f"{len(pawns)} pawn captures, not 2 x {unused} (the edges off the path)"
    if len(kings) != len(board.pieces) - 1 - 2 * unused:
        return f"the king makes {len(kings)} captures, not {len(board.pieces) - 1 - 2 * unused}"
    return True


def king_takes_every_green_pawn(source: HamPath, board: SoloChess, captures, _path: Any = None) -> bool | str:
    """Theorem 3.7, any solution: "because the green pawns can never move, the king must at some
    point capture every green pawn"."""
    _, greens, _ = _king_squares(source, board)
    taken = {b for by_king, _, b in replay(board, captures) if by_king}
    king = special_square(board)
    missed = sorted(g for g in greens if g != king and g not in taken)
    return True if not missed else f"the king never captures vertex {greens[missed[0]]}'s green pawn on {missed[0]}"


THEOREM_3_7 = (
    Claim("green pawns immobile, others mobile", f"{PAPER}, Theorem 3.7: every vertex has exactly one green "
          "pawn, which has no legal captures, while all other pawns have legal captures",
          green_pawns_immobile_others_mobile),
    Claim("grid pawns light, green dark", f"{PAPER}, Theorem 3.7: vertex pawns three apart diagonally with a "
          "chain of two pawns between, all on the light squares; green pawns on adjacent dark squares",
          grid_pawns_on_one_colour),
    Claim("forward: pawns off the path first, then the king", f"{PAPER}, Theorem 3.7: pawns not on the "
          "Hamiltonian path capture a pawn above them, bottommost first; then the king walks the path taking "
          "all remaining pawns", pawns_first_then_king, stage=FORWARD_CLAIM),
    Claim("any solution: the king takes every green pawn", f"{PAPER}, Theorem 3.7: the green pawns can never "
          "move, so the king must capture every green pawn", king_takes_every_green_pawn, stage=BACKWARD_CLAIM),
)

# Corollary 3.5 with pawns: the rotated board has pawn captures (see corollaries.py); the answers
# stay right in every case checked, so the claim is declared, not "fixed"
BISHOP_PAWN_DEVIATION = (
    "the 45-degree rotation sends orthogonal neighbours to diagonal ones, and a pawn captures "
    "diagonally: each vertex's corner pawns (i, 3i), (i, 3i+1) and edge pawns in adjacent columns "
    "become capture pairs (no rotation or reflection avoids it). A pawn capture only removes a "
    "square of a vertex rectangle or an edge column and leaves the bishop no new way in or out; "
    "the verifier finds no wrong answer (BENCHMARKS.md, Findings), so the theorem's statement "
    "survives on every case checked, though its proof's premise does not")
