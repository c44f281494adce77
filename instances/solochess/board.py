"""Solo Chess with unlimited moves (Brunner, Chung, Coulombe, Demaine, Gomez, Lynch,
"Complexity of Solo Chess with Unlimited Moves"), on the piece model of Section 2.1.

A *board* is a rectangle of ``width`` x ``height`` squares, square (x, y) with
0 <= x < width (files, left to right) and 0 <= y < height (ranks, bottom to top). Pieces
stand on distinct squares. A *move* is a sequence of squares l_0, ..., l_k; it is a valid
capture when l_0 and l_k hold pieces and l_1..l_{k-1} are empty, and it moves the piece at
l_0 to l_k, removing the piece there. Every move is a capture. The goal: a sequence of
captures leaving exactly one piece.

A piece type is a set of moves closed under submoves, given here by *patterns*:

* ``leaps``: offsets (dx, dy); the move is the two squares <(x, y), (x+dx, y+dy)>, never
  blocked (leapers: knight, king, pawn);
* ``rides``: directions (dx, dy); the moves are <(x, y), (x+dx, y+dy), ..., (x+i dx, y+i dy)>
  for 1 <= i <= ``max_range`` (unbounded when 0), blocked by any piece in between (riders:
  rook, bishop, queen). A rider's moves are closed under submoves because every stretch of
  a ray is again a ray.

The standard pieces are :data:`STANDARD_TYPES`. **Pawns capture upward**: a pawn on (x, y)
captures on (x - 1, y + 1) or (x + 1, y + 1) (Section 2.1; Theorem 3.7 and 3.9 assume the
same). Fairy pieces are declared per instance in ``custom_types``.

Options: one piece may be *special* (the T^1 notation of the paper): it may never be
captured, so it is the last piece standing (the paper's T^1 also makes it the only piece of its
type; the model allows others of that type, as Theorem 2.16 does with S = T, and the boards of
Section 3 have none); and an optional ``capture_limit`` k (the
Solo-Chess(S, k) of Aravind, Misra and Mittal; chess.com uses k = 2) bounds how many
captures each piece may make (counted per piece, following it as it moves).

Certificate: the capture sequence, a tuple of moves ((x0, y0), (x1, y1)): the piece on
(x0, y0) captures the piece on (x1, y1). The checker replays it on the board. JSON: a list
of [[x0, y0], [x1, y1]].

>>> board = SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(1, 2, "pawn")))
>>> board.verify((((0, 0), (0, 2)), ((0, 2), (1, 2))))
True
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem
from npw.instances.base import MAX_CHESS_SIDE, Param, takes
from npw.instances.elements import solochess_elements

__all__ = ["Move", "PROBLEM", "Piece", "PieceType", "Point", "SAMPLE_COMBINATIONS", "STANDARD_TYPES", "SoloChess",
           "THEOREM_2_16_PAIRS", "THEOREM_2_2_TYPES", "agreement_instance", "board_from_squares", "dense_instance",
           "random_instance", "ray_squares", "shrink", "verification_sample"]

Point = tuple[int, int]
Move = tuple[Point, Point]


@dataclass(frozen=True)
class PieceType:
    """A piece type given by leap offsets and rider directions (Section 2.1)."""

    name: str
    glyph: str
    leaps: tuple[Point, ...] = ()
    rides: tuple[Point, ...] = ()
    max_range: int = 0  # rider range in steps, 0 = unbounded

    def paths(self, origin: Point, width: int, height: int) -> Iterator[tuple[Point, tuple[Point, ...]]]:
        """Every move from ``origin`` on the board: (destination, squares strictly between)."""
        x, y = origin
        for dx, dy in self.leaps:
            p = (x + dx, y + dy)
            if 0 <= p[0] < width and 0 <= p[1] < height and p != origin:
                yield p, ()
        for dx, dy in self.rides:
            between: list[Point] = []
            step = 1
            while self.max_range == 0 or step <= self.max_range:
                p = (x + step * dx, y + step * dy)
                if not (0 <= p[0] < width and 0 <= p[1] < height):
                    break
                yield p, tuple(between)
                between.append(p)
                step += 1

    def to_dict(self) -> dict:
        return {"name": self.name, "glyph": self.glyph, "leaps": [list(d) for d in self.leaps],
                "rides": [list(d) for d in self.rides], "max_range": self.max_range}


_KING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))

STANDARD_TYPES: dict[str, PieceType] = {
    "pawn": PieceType("pawn", "\u2659", leaps=((-1, 1), (1, 1))),
    "king": PieceType("king", "\u2654", leaps=_KING),
    "knight": PieceType("knight", "\u2658", leaps=_KNIGHT),
    "rook": PieceType("rook", "\u2656", rides=_ORTHOGONAL),
    "bishop": PieceType("bishop", "\u2657", rides=_DIAGONAL),
    "queen": PieceType("queen", "\u2655", rides=_ORTHOGONAL + _DIAGONAL),
}


@dataclass(frozen=True, order=True)
class Piece:
    x: int
    y: int
    kind: str

    @property
    def square(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True)
class SoloChess:
    """A Solo Chess puzzle: can captures reduce the board to one piece (the special one, if any)?

    Every move is a capture; each piece captures at most ``capture_limit`` times.

    Parameters
    ----------
    width, height : int
        The board's size; square (x, y) has 0 <= x < width, 0 <= y < height.
    pieces : sequence of Piece
        The pieces, on distinct squares.
    special : (int, int), optional
        The square of the piece that may never be captured (the paper's T^1).
    capture_limit : int, optional
        The most captures each piece may make.
    custom_types : sequence of PieceType, optional
        Fairy pieces' types.

    Examples
    --------
    A certificate is the captures in order, (from square, to square) each:

    >>> from npw.api import SoloChess
    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(1, 2, "pawn")))
    >>> board.verify((((0, 0), (0, 2)), ((0, 2), (1, 2)))), board.verify((((0, 0), (1, 2)),))
    (True, False)
    """

    problem: ClassVar[str] = "solochess"
    width: int
    height: int
    pieces: tuple[Piece, ...]
    special: Point | None = None
    capture_limit: int | None = None
    custom_types: tuple[PieceType, ...] = ()
    _types: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # sorted by a key tuple, the dataclass order (x, y, kind): its generated __lt__ made sorting a
        # reduction's 600,000 pieces take most of a minute
        pieces = [Piece(int(p.x), int(p.y), str(p.kind)) for p in self.pieces]
        object.__setattr__(self, "pieces", tuple(sorted(pieces, key=lambda p: (p.x, p.y, p.kind))))
        if self.special is not None:
            object.__setattr__(self, "special", (int(self.special[0]), int(self.special[1])))
        types = dict(STANDARD_TYPES)
        for t in self.custom_types:
            if t.name in STANDARD_TYPES:
                raise InvalidInstance(f"custom piece type {t.name!r} would replace a standard piece")
            if t.name in types:
                raise InvalidInstance(f"custom piece type {t.name!r} is declared twice")
            types[t.name] = t
        object.__setattr__(self, "_types", types)
        self.validate()

    # -- definition ------------------------------------------------------------------------
    def validate(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InvalidInstance(f"board {name} must be a positive integer, got {value!r}")
        if not self.pieces:
            raise InvalidInstance("the board holds no piece")
        seen: set[Point] = set()
        for p in self.pieces:
            if not (0 <= p.x < self.width and 0 <= p.y < self.height):
                raise InvalidInstance(f"{p.kind} at {p.square} is off the {self.width}x{self.height} board")
            if p.square in seen:
                raise InvalidInstance(f"two pieces on square {p.square}")
            if p.kind not in self._types:
                raise InvalidInstance(f"piece at {p.square} has unknown type {p.kind!r} "
                                      f"(known: {', '.join(sorted(self._types))})")
            seen.add(p.square)
        if self.special is not None and self.special not in seen:
            raise InvalidInstance(f"the special piece's square {self.special} holds no piece")
        if self.capture_limit is not None and (not isinstance(self.capture_limit, int)
                                               or isinstance(self.capture_limit, bool) or self.capture_limit < 0):
            raise InvalidInstance(f"capture_limit must be a non-negative integer, got {self.capture_limit!r}")
        for t in self.custom_types:
            for d in t.leaps + t.rides:
                if d == (0, 0):
                    raise InvalidInstance(f"piece type {t.name!r} has the null offset (0, 0)")
            if not isinstance(t.max_range, int) or isinstance(t.max_range, bool) or t.max_range < 0:
                raise InvalidInstance(f"piece type {t.name!r}: max_range must be a non-negative integer "
                                      f"(0 = unbounded), got {t.max_range!r}")

    def piece_type(self, name: str) -> PieceType:
        return self._types[name]

    def kinds(self) -> list[str]:
        """The piece types on the board, in order of first appearance."""
        return list(dict.fromkeys(p.kind for p in self.pieces))

    def special_kind(self) -> str | None:
        if self.special is None:
            return None
        return next(p.kind for p in self.pieces if p.square == self.special)

    def legal(self, board: Mapping[Point, str], source: Point, target: Point) -> bool:
        """Is source -> target a valid capture for the piece on source, on this position? (A leap
        by one of the type's offsets, or a ride along one of its directions, within its range,
        over empty squares only; the squares are on the board since both hold pieces.) Computed
        from the offset, not by walking every ray to the board's edge: boards of Corollary 3.4
        are thousands of squares wide."""
        if source not in board or target not in board or source == target:
            return False
        ptype = self.piece_type(board[source])
        dx, dy = target[0] - source[0], target[1] - source[1]
        if (dx, dy) in ptype.leaps:
            return True
        for rx, ry in ptype.rides:
            if rx * dy != ry * dx:
                continue
            step = dx // rx if rx else dy // ry
            if step < 1 or (step * rx, step * ry) != (dx, dy):
                continue
            if ptype.max_range and step > ptype.max_range:
                continue
            if not any((source[0] + i * rx, source[1] + i * ry) in board for i in range(1, step)):
                return True
        return False

    def verify(self, certificate: Any) -> bool:
        """Replays the capture sequence from the definition (Section 2.1)."""
        try:
            moves = [((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))) for a, b in certificate]
        except (TypeError, ValueError, IndexError):
            return False
        board = {p.square: p.kind for p in self.pieces}
        captures = {p.square: 0 for p in self.pieces}
        special = self.special
        for source, target in moves:
            if not self.legal(board, source, target):
                return False
            if target == special:
                return False  # the special piece is uncapturable
            if self.capture_limit is not None and captures[source] >= self.capture_limit:
                return False
            board[target] = board.pop(source)
            captures[target] = captures.pop(source) + 1
            if source == special:
                special = target
        if len(board) != 1:
            return False
        return special is None or special in board

    def size(self) -> dict[str, int]:
        return {"pieces": len(self.pieces), "width": self.width, "height": self.height}

    # -- JSON --------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        data: dict[str, Any] = {"problem": self.problem, "version": FORMAT_VERSION, "width": self.width,
                                "height": self.height, "pieces": [[p.x, p.y, p.kind] for p in self.pieces]}
        if self.special is not None:
            data["special"] = list(self.special)
        if self.capture_limit is not None:
            data["capture_limit"] = self.capture_limit
        if self.custom_types:
            data["custom_types"] = [t.to_dict() for t in self.custom_types]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "SoloChess":
        from npw.instances.validation import checked

        # types first (custom_types a list of objects, sides within MAX_CHESS_SIDE), then the definition
        model = checked(data, cls.problem)
        custom = tuple(PieceType(t.name, t.glyph if t.glyph is not None else t.name[:1].upper(), tuple(t.leaps),
                                 tuple(t.rides), t.max_range) for t in model.custom_types)
        return cls(model.width, model.height, tuple(Piece(x, y, kind) for x, y, kind in model.pieces),
                   model.special, model.capture_limit, custom)

    @staticmethod
    def certificate_to_json(certificate: Sequence[Move]) -> list:
        return [[list(a), list(b)] for a, b in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[Move, ...]:
        from npw.instances.models import SoloChessCertificate
        from npw.instances.validation import check_certificate

        captures = check_certificate(obj, SoloChessCertificate,
                                     "a solochess certificate is a list of [[x0, y0], [x1, y1]] captures")
        return tuple((tuple(a), tuple(b)) for a, b in captures)


def ray_squares(ptype: PieceType, squares: Sequence[Point]) -> list[list[list[int]]]:
    """For each square of ``squares`` (by index), the others a piece of ``ptype`` standing there
    could capture on if nothing blocked it: one list per leap offset (its target, if among
    ``squares``) and one per ride direction (the squares of ``squares`` on that ray within range,
    nearest first). With ``squares`` the occupied squares, a ride can capture on the first of its
    list that is still occupied, a leap on its target if occupied. The squares are grouped by line,
    so the cost does not grow with the board's width (Corollary 3.4's boards are thousands of
    squares wide), only with the pieces on each line.

    >>> ray_squares(STANDARD_TYPES["rook"], [(0, 0), (0, 2), (0, 5), (3, 0)])[0]
    [[3], [], [1, 2], []]
    >>> ray_squares(STANDARD_TYPES["knight"], [(0, 0), (1, 2)])[0][0]
    [1]
    """
    index = {q: i for i, q in enumerate(squares)}
    out: list[list[list[int]]] = [[] for _ in squares]
    for dx, dy in ptype.leaps:
        for i, (x, y) in enumerate(squares):
            j = index.get((x + dx, y + dy))
            out[i].append([] if j is None or j == i else [j])
    for dx, dy in ptype.rides:
        lines: dict[int, list[int]] = {}
        for i, (x, y) in enumerate(squares):
            lines.setdefault(dy * x - dx * y, []).append(i)
        for members in lines.values():
            members.sort(key=lambda i: dx * squares[i][0] + dy * squares[i][1])
            for position, i in enumerate(members):
                x, y = squares[i]
                ray = []
                for j in members[position + 1:]:
                    ex, ey = squares[j][0] - x, squares[j][1] - y
                    step = ex // dx if dx else ey // dy
                    if (step * dx, step * dy) != (ex, ey):
                        continue  # on the line but not a whole number of steps away: not on the ray
                    if ptype.max_range and step > ptype.max_range:
                        break
                    ray.append(j)
                out[i].append(ray)
    return out


def board_from_squares(squares: Mapping[Point, str], special: Point | None = None,
                       capture_limit: int | None = None, margin: int = 0) -> SoloChess:
    """A board just large enough for ``squares`` (translated to start at (margin, margin))."""
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    dx, dy = margin - min(xs), margin - min(ys)
    pieces = tuple(Piece(x + dx, y + dy, k) for (x, y), k in squares.items())
    sp = None if special is None else (special[0] + dx, special[1] + dy)
    return SoloChess(max(xs) + dx + 1 + margin, max(ys) + dy + 1 + margin, pieces, sp, capture_limit)


# -- generators ---------------------------------------------------------------------------------

# the piece types a generator may be told to draw (STANDARD_TYPES' names)
_PIECE_NAMES = tuple(sorted(STANDARD_TYPES))


@takes(
    width=Param(1, MAX_CHESS_SIDE, help="board width"),
    height=Param(1, MAX_CHESS_SIDE, help="board height"),
    num_pieces=Param(1, help="pieces (at most width x height)"),
    kinds=Param(choices=_PIECE_NAMES, help="piece types to draw from"),
    special=Param(choices=_PIECE_NAMES, help="type of the special piece (none by default)"),
    capture_limit=Param(0, help="captures each piece may make (none by default)"),
)
def random_instance(seed: int, width: int = 4, height: int = 4, num_pieces: int = 6,
                    kinds: Sequence[str] = ("rook", "pawn"), special: str | None = None,
                    capture_limit: int | None = None) -> SoloChess:
    """Pieces on distinct random squares, types drawn from ``kinds``; with ``special`` one extra
    piece of that type is the special piece (T^1)."""
    rng = _random.Random(seed)
    count = min(num_pieces, width * height)
    squares = rng.sample([(x, y) for x in range(width) for y in range(height)], count)
    pieces = [Piece(x, y, rng.choice(list(kinds))) for x, y in squares]
    sp = None
    if special is not None:
        pieces[0] = Piece(pieces[0].x, pieces[0].y, special)
        sp = pieces[0].square
    return SoloChess(width, height, tuple(pieces), sp, capture_limit)


@takes(
    width=Param(1, MAX_CHESS_SIDE, help="board width"),
    height=Param(1, MAX_CHESS_SIDE, help="board height"),
    num_pieces=Param(1, help="pieces (at most width x height)"),
    kinds=Param(choices=_PIECE_NAMES, help="piece types to draw from"),
    special=Param(choices=_PIECE_NAMES, help="type of the special piece (none by default)"),
)
def dense_instance(seed: int, width: int = 4, height: int = 4, num_pieces: int = 7,
                   kinds: Sequence[str] = ("rook", "pawn"), special: str | None = None) -> SoloChess:
    """Like ``random`` but pieces packed into a random connected blob (more captures possible)."""
    rng = _random.Random(seed)
    cells = [(rng.randrange(width), rng.randrange(height))]
    while len(cells) < min(num_pieces, width * height):
        x, y = rng.choice(cells)
        p = (x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1)))
        if 0 <= p[0] < width and 0 <= p[1] < height and p not in cells:
            cells.append(p)
    pieces = [Piece(x, y, rng.choice(list(kinds))) for x, y in cells]
    sp = None
    if special is not None:
        pieces[0] = Piece(pieces[0].x, pieces[0].y, special)
        sp = pieces[0].square
    return SoloChess(width, height, tuple(pieces), sp)


# the piece combinations the polynomial algorithms of Section 2 cover, among standard pieces:
# Theorem 2.2, one type; Theorem 2.16, a hero S^1 and villains T with S a subset of T, T symmetric
THEOREM_2_2_TYPES: tuple[str, ...] = ("pawn", "king", "knight", "rook", "bishop", "queen")
THEOREM_2_16_PAIRS: tuple[tuple[str, str], ...] = (
    ("pawn", "king"), ("pawn", "bishop"), ("pawn", "queen"), ("king", "queen"), ("rook", "queen"),
    ("bishop", "queen"),
    ("king", "king"), ("knight", "knight"), ("rook", "rook"), ("bishop", "bishop"), ("queen", "queen"),
)


@takes(
    villain=Param(choices=_PIECE_NAMES, help="type of every piece"),
    hero=Param(choices=_PIECE_NAMES, help="type of the special piece (none by default)"),
    max_pieces=Param(2, help="the most pieces"),
    max_side=Param(2, help="the longest board side"),
)
def agreement_instance(seed: int, villain: str = "queen", hero: str | None = None, max_pieces: int = 7,
                       max_side: int = 5) -> SoloChess:
    """A small board for checking the polynomial algorithms against the exhaustive search: 2 to
    ``max_pieces`` pieces of type ``villain`` (plus, with ``hero``, one special piece of that type)
    packed into a random blob of a board of side 2..``max_side``. Both answers must be common, so
    pieces that only ever meet squares of one colour (bishops, and pawns among bishops) are put on
    one colour most of the time, and pawns, which only move up, on a blob grown mostly sideways."""
    rng = _random.Random(seed)
    width, height = rng.randint(2, max_side), rng.randint(2, max_side)
    squares = [(x, y) for x in range(width) for y in range(height)]
    diagonal = villain == "bishop" or (villain == "pawn" and hero in (None, "pawn", "bishop"))
    if diagonal and rng.random() < 0.85:
        colour = rng.randrange(2)
        squares = [q for q in squares if (q[0] + q[1]) % 2 == colour] or squares
    count = rng.randint(2, min(max_pieces, len(squares)))
    # grow by the villain's own move vectors (so captures exist), with a share of pieces thrown
    # anywhere (so some boards fall apart); the share is larger for far-reaching types
    vectors = STANDARD_TYPES[villain].leaps + tuple((dx * r, dy * r) for dx, dy in STANDARD_TYPES[villain].rides
                                                    for r in (1, 2))
    spread = {"king": 0.45, "queen": 0.6, "rook": 0.3}.get(villain, 0.1)
    chosen = [rng.choice(squares)]
    allowed = set(squares)
    while len(chosen) < count:
        free = [q for q in squares if q not in chosen]
        if rng.random() < spread:
            chosen.append(rng.choice(free))
            continue
        x, y = rng.choice(chosen)
        dx, dy = rng.choice(vectors)
        q = (x + dx, y + dy) if rng.random() < 0.5 else (x - dx, y - dy)
        if q in allowed and q not in chosen:
            chosen.append(q)
        elif rng.random() < 0.05:
            chosen.append(rng.choice(free))
    pieces = [Piece(x, y, villain) for x, y in chosen]
    special = None
    if hero is not None:
        pieces[0] = Piece(chosen[0][0], chosen[0][1], hero)
        special = chosen[0]
    return SoloChess(width, height, tuple(pieces), special)


SAMPLE_COMBINATIONS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("rook",), None), (("knight",), None), (("pawn",), None), (("king",), None), (("queen",), None),
    (("rook", "pawn"), None), (("knight", "king"), None), (("bishop", "rook"), None),
    (("pawn",), "rook"), (("queen",), "king"), (("pawn", "knight"), "king"), (("bishop",), "pawn"),
)


def verification_sample(seed: int) -> SoloChess:
    """A small random board (3x3 to 4x4, 2-7 pieces), piece mix and special piece drawn from
    :data:`SAMPLE_COMBINATIONS`, a capture limit of 2 one time in six."""
    rng = _random.Random(seed)
    kinds, special = rng.choice(SAMPLE_COMBINATIONS)
    maker = rng.choice((random_instance, dense_instance))
    w, h = rng.randint(3, 4), rng.randint(3, 4)
    board = maker(rng.randrange(2**31), w, h, rng.randint(2, 7), kinds, special)
    if rng.random() < 1 / 6:
        board = SoloChess(board.width, board.height, board.pieces, board.special, 2)
    return board


def shrink(instance: SoloChess) -> Iterator[SoloChess]:
    """Drop the capture limit; remove one non-special piece (the special marking is kept: without
    it the puzzle is a different one)."""
    if instance.capture_limit is not None:
        yield SoloChess(instance.width, instance.height, instance.pieces, instance.special, None, instance.custom_types)
    if len(instance.pieces) > 1:
        for i, p in enumerate(instance.pieces):
            if p.square == instance.special:
                continue
            rest = instance.pieces[:i] + instance.pieces[i + 1:]
            yield SoloChess(instance.width, instance.height, rest, instance.special, instance.capture_limit,
                            instance.custom_types)


PROBLEM = Problem(
    id="solochess",
    title="Solo Chess with unlimited moves (general piece model, optional special piece and capture limit)",
    instance_type=SoloChess,
    certificate_doc="captures: list of [[x0, y0], [x1, y1]], the piece on the first square captures the second",
    generators={"random": random_instance, "dense": dense_instance, "agreement": agreement_instance},
    default_generator="random",
    shrink=shrink,
    sample=verification_sample,
    # tour first where it takes the board (its declared fast: no villain can ever capture, as on
    # Theorem 3.2's boards, where the exhaustive search does not finish past a few hundred pieces)
    verify_deciders=("tour", "search", "sat"),
    deciders=("tour", "search", "sat", "theorem2.2", "theorem2.16"),
    renderer="npw.instances.solochess.render:render_svg",
    elements=solochess_elements,
    file_model="npw.instances.models:SoloChessFile",
)
