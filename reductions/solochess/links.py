"""Lines of riding pieces and the links that tie them together, shared by the Theorem 3.11
boards (:mod:`~npw.reductions.solochess.pm3sat_knight_rider` for rooks and bishops,
:mod:`~npw.reductions.solochess.pm3sat_knight_queen` for queens).

A *line* is a (family, key) pair: a row, a column, a diagonal or an antidiagonal
(:data:`LINE_KEYS`). Villains of one type capture along their :data:`FAMILIES`; two villains are
in one *component* when a chain of shared lines joins them (:func:`component`). A *link* joins
two pieces by two new villains far from the ladder, one on a free line of each piece and both on
one empty line (:meth:`Lines.link`).

Issue 34: the boards grow by one link at a time, so :class:`Lines` keeps its components by a
union-find, :class:`Ties` follows which are tied and :class:`Anchors` finds the nearest usable
piece by row, and a link's least key is found by jumping over runs of filled lines; the searches
these replaced (each quadratic in the gadgets: 281 s for the 80-variable queen board, now 1 s)
are kept in ``tests/test_solochess_links.py``, which checks the boards are the same.

>>> lines = Lines("rook", {(0, 0), (0, 3)})
>>> sorted(component(lines, (0, 0)))
[(0, 0), (0, 3)]
>>> lines.free((0, 0))
['row']
"""

from __future__ import annotations

import bisect
from typing import Any, Callable, Iterable

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Point

__all__ = ["Anchors", "FAMILIES", "LINE_KEYS", "Lines", "Ties", "component", "tied"]

LINE_KEYS: dict[str, Callable[[Point], int]] = {
    "row": lambda q: q[1], "column": lambda q: q[0], "diagonal": lambda q: q[0] - q[1],
    "antidiagonal": lambda q: q[0] + q[1]}
"""Per line family, the key of a square's line: two squares share a line iff their keys agree."""

FAMILIES: dict[str, tuple[str, ...]] = {
    "rook": ("row", "column"), "bishop": ("diagonal", "antidiagonal"),
    "queen": ("row", "column", "diagonal", "antidiagonal")}
"""Per villain, the line families it rides along."""


def _meet(f: str, a: int, g: str, b: int) -> Point | None:
    """The square where line (f, a) meets line (g, b), if it is a square."""
    eq = {"row": (0, 1), "column": (1, 0), "diagonal": (1, -1), "antidiagonal": (1, 1)}
    (p, q), (r, s) = eq[f], eq[g]
    det = p * s - q * r
    if det == 0:
        return None
    x_num, y_num = a * s - q * b, p * b - a * r
    if x_num % det or y_num % det:
        return None
    return (x_num // det, y_num // det)


class Lines:
    """The pieces on each line of the villain's families, and links between free lines: a line
    is free for a piece when the piece is alone on it.

    The pieces' components (:func:`component`) are kept by a union-find as pieces are added
    (pieces are never removed), so a component is read in its size and a :class:`Ties` follows
    which components are tied without searching the board again after every link (issue 34: the
    search made the Theorem 3.11 boards quadratic in the gadgets).

    Parameters
    ----------
    villain : str
        ``"rook"``, ``"bishop"`` or ``"queen"``: whose :data:`FAMILIES` count.
    squares : set of Point
        The ladder's squares; links are placed beyond their bounding box (grown by 3, out of
        the knight's reach).
    """

    def __init__(self, villain: str, squares: set[Point]) -> None:
        self._special: Point | None = None
        self.families = FAMILIES[villain]
        self.on: dict[tuple[str, int], set[Point]] = {}
        self._pieces: list[Point] = []               # in the order added
        self._seen: set[Point] = set()
        self._parent: dict[Point, Point] = {}
        self._members: dict[Point, list[Point]] = {}  # per union-find root: its component's pieces
        self._grouped = False    # the union-find is built when first asked for (after the special is set)
        self._watchers: list[Ties] = []
        self._filled = {f: _Filled() for f in self.families}  # per family: its lines holding a piece
        for q in squares:
            self.add(q)
        xs, ys = [q[0] for q in squares], [q[1] for q in squares]
        self.box = (min(xs) - 3, min(ys) - 3, max(xs) + 3, max(ys) + 3)  # beyond: out of the knight's reach

    @property
    def special(self) -> Point | None:
        """The knight: it counts on lines, but joins no villains (set it before any
        :class:`Ties` follows the components)."""
        return self._special

    @special.setter
    def special(self, q: Point | None) -> None:
        if self._watchers:
            raise ValueError("the special piece is set before its components' ties are followed")
        self._special = q
        self._parent, self._members, self._grouped = {}, {}, False

    def _group(self) -> None:
        """Build the union-find of the components, once: later pieces join it as added."""
        if not self._grouped:
            self._grouped = True
            for r in self._pieces:
                self._join(r)

    def add(self, q: Point) -> None:
        """Put a piece on ``q``'s lines."""
        for f in self.families:
            line = (f, LINE_KEYS[f](q))
            if line not in self.on:
                self.on[line] = set()
                self._filled[f].fill(line[1])
            self.on[line].add(q)
        if q not in self._seen:
            self._seen.add(q)
            self._pieces.append(q)
            if self._grouped:
                self._join(q)

    def _join(self, q: Point) -> None:
        """Make ``q`` a component and merge it with the components on its lines (the special
        piece joins none)."""
        self._parent[q] = q
        self._members[q] = [q]
        for watcher in self._watchers:
            watcher.added(q)
        if q == self._special:
            return
        for f in self.families:
            for s in self.on[(f, LINE_KEYS[f](q))]:
                if s != q and s != self._special and s in self._parent:
                    self._union(q, s)
                    break  # a line's other pieces are one component already

    def _find(self, q: Point) -> Point:
        parent = self._parent
        while parent[q] != q:
            parent[q] = parent[parent[q]]  # path halving
            q = parent[q]
        return q

    def _union(self, a: Point, b: Point) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return
        if len(self._members[ra]) < len(self._members[rb]):
            ra, rb = rb, ra
        for watcher in self._watchers:
            watcher.merged(ra, rb)
        self._parent[rb] = ra
        self._members[ra].extend(self._members.pop(rb))

    def free(self, q: Point) -> list[str]:
        """The families whose line through ``q`` holds ``q`` alone."""
        return [f for f in self.families if self.on[(f, LINE_KEYS[f](q))] == {q}]

    def chain(self, squares: list[Point]) -> frozenset[Point]:
        """The villains linking consecutive ``squares`` (a clause's literal pieces) into one
        component."""
        return frozenset(q for a, b in zip(squares, squares[1:]) for q in self.link(a, b))

    def link(self, a: Point, b: Point) -> tuple[Point, Point]:
        """Two villains joining ``a`` and ``b``: one on a free line of each, both on one empty
        line, far from the ladder; the lowest such line is taken.

        Precisely: the least key k in 1..99999, then the first (fa, fb, g) in family order, with
        fa a free family of ``a``, fb one of ``b``, g neither, the line (g, k) empty, and the
        squares p (where a's fa-line meets (g, k)) and q (b's fb-line) distinct, outside the box
        and with every line but those two empty. Each (fa, fb, g) gets its least key from
        :func:`_least_key`, which jumps over runs of filled lines instead of trying every key (a
        scan from 1 costs the board's width a link: issue 34); ``tests/test_solochess_links.py``
        keeps the scan and checks both agree.
        """
        best: tuple[int, int, Point, Point] | None = None
        combos = [(fa, fb, g) for fa in self.free(a) for fb in self.free(b) for g in self.families
                  if g not in (fa, fb)]
        for index, (fa, fb, g) in enumerate(combos):
            found = _least_key(self, (fa, LINE_KEYS[fa](a)), (fb, LINE_KEYS[fb](b)), g,
                               _LINK_KEYS if best is None else best[0])
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], index, found[1], found[2])
        if best is None:
            raise InvalidInstance(f"no line left to link {a} and {b}")
        p, q = best[2], best[3]
        self.add(p)
        self.add(q)
        return p, q


_LINK_KEYS = 100_000  # keys 1 .. _LINK_KEYS - 1 are tried for a link's shared line


class _Filled:
    """The filled keys of one line family, and for each (step, direction) asked a union-find
    pointing a filled key on to the next key step further that way (so the first empty key is
    found in amortised constant time: keys are only ever filled)."""

    def __init__(self) -> None:
        self.keys: set[int] = set()
        self.next: dict[int, dict[int, int]] = {}   # signed step -> key -> a key further on

    def fill(self, v: int) -> None:
        self.keys.add(v)
        for step, table in self.next.items():
            table[v] = v + step

    def empty_from(self, v: int, step: int) -> int:
        """The first empty key among v, v + step, v + 2 step, ..."""
        table = self.next.get(step)
        if table is None:
            table = self.next[step] = {u: u + step for u in self.keys}
        path = []
        while v in table:
            path.append(v)
            v = table[v]
        for u in path:
            table[u] = v
        return v


def _least_key(lines: Lines, line_a: tuple[str, int], line_b: tuple[str, int], g: str,
               limit: int) -> tuple[int, Point, Point] | None:
    """The least key k < ``limit`` for which (g, k) links ``line_a`` and ``line_b`` as
    :meth:`Lines.link` requires, with its two squares; None when there is none.

    The squares p(k), q(k) move along ``line_a`` and ``line_b`` by a fixed vector per step of k (in
    steps of 2 where a diagonal meets an antidiagonal: only every other key meets on a square),
    so each condition alone has a least k >= any given one: the next empty g-line, the first step
    out of the box (a box is convex: a point moving on a line leaves it once), the next empty
    line of each other family through p or q (its key moves by a fixed step too). Jumping to each
    in turn until none moves k gives the least k meeting them all."""
    fa, ka = line_a
    fb, kb = line_b
    start = step = None
    for k in (1, 2):
        if _meet(fa, ka, g, k) is not None and _meet(fb, kb, g, k) is not None:
            if start is None:
                start, step = k, 2
            else:
                step = 1
    if start is None:
        return None
    p0, q0 = _meet(fa, ka, g, start), _meet(fb, kb, g, start)
    p1, q1 = _meet(fa, ka, g, start + step), _meet(fb, kb, g, start + step)
    assert p0 is not None and q0 is not None and p1 is not None and q1 is not None
    moving = ((p0, (p1[0] - p0[0], p1[1] - p0[1])), (q0, (q1[0] - q0[0], q1[1] - q0[1])))
    others = [(f, LINE_KEYS[f](r0), LINE_KEYS[f](r1) - LINE_KEYS[f](r0))
              for (r0, r1, own) in ((p0, p1, fa), (q0, q1, fb)) for f in lines.families if f not in (own, g)]
    filled = lines._filled
    x0, y0, x1, y1 = lines.box
    k = start
    while k < limit:
        t = (k - start) // step
        # the shared line (g, k) empty
        k_next = filled[g].empty_from(k, step)
        if k_next != k:
            k = k_next
            continue
        # p and q outside the box
        for (r0, (dx, dy)) in moving:
            x, y = r0[0] + t * dx, r0[1] + t * dy
            if x0 <= x <= x1 and y0 <= y <= y1:
                out = min(((x1 - x) // dx + 1 if dx > 0 else (x - x0) // -dx + 1) if dx else _LINK_KEYS,
                          ((y1 - y) // dy + 1 if dy > 0 else (y - y0) // -dy + 1) if dy else _LINK_KEYS)
                k_next = k + out * step
                break
        if k_next != k:
            k = k_next
            continue
        # every other line through p and q empty
        for f, v0, dv in others:
            v = v0 + t * dv
            w = filled[f].empty_from(v, dv)
            if w != v:
                k_next = k + (w - v) // dv * step
                break
        if k_next != k:
            k = k_next
            continue
        p = (p0[0] + t * moving[0][1][0], p0[1] + t * moving[0][1][1])
        q = (q0[0] + t * moving[1][1][0], q0[1] + t * moving[1][1][1])
        if p == q:
            k += step
            continue
        return k, p, q
    return None


def component(lines: Lines, q: Point) -> set[Point]:
    """The pieces joined to ``q`` by chains of shared lines (the special piece joins none).

    Parameters
    ----------
    lines : Lines
        The board's lines.
    q : Point
        A piece's square.

    Returns
    -------
    set of Point
        ``q``'s component, ``q`` included.
    """
    lines._group()
    if q != lines.special:
        return set(lines._members[lines._find(q)])
    part = {q}  # the special piece reaches the pieces on its lines, and they their components
    for f in lines.families:
        for s in lines.on[(f, LINE_KEYS[f](q))]:
            if s != q:
                part.update(lines._members[lines._find(s)])
    return part


def tied(lines: Lines, q: Point, roots: set[Point],
         paths: Iterable[tuple[Iterable[Point], Iterable[Point]]]) -> bool:
    """Whether ``q``'s component holds one of ``roots`` or squares of both paths of one gadget
    (one question; :class:`Ties` answers many as the board grows).

    Parameters
    ----------
    lines : Lines
        The board's lines.
    q : Point
        A piece's square.
    roots : set of Point
        Squares that tie a component by themselves (junctions, the final piece).
    paths : iterable of (left, right)
        Per gadget its two paths' squares.

    Returns
    -------
    bool
        True when every walk of the special piece meets ``q``'s component.
    """
    part = component(lines, q)
    return bool(part & roots) or any(part & set(left) and part & set(right) for left, right in paths)


class Ties:
    """Which components are tied (:func:`tied`), kept up to date as links join components: per
    component the gadgets whose left path and whose right path it meets, merged smaller into
    larger, so following n links costs about n log n set operations, not a search per question.

    Parameters
    ----------
    lines : Lines
        The board's lines, its special piece set; every later :meth:`Lines.add` is followed.
    roots : set of Point
        Squares that tie a component by themselves.
    paths : iterable of (left, right)
        Per gadget its two paths' squares.
    on_tied : callable, optional
        Called with the pieces of each component (or part of one) as it becomes tied, and with
        each piece added to a tied component: every tied piece is passed exactly once.

    Examples
    --------
    >>> lines = Lines("rook", {(0, 0), (0, 5), (7, 5), (9, 9)})
    >>> ties = Ties(lines, {(9, 9)}, [([(0, 0)], [(7, 5)])])
    >>> ties.tied((0, 0)), ties.tied((9, 9))
    (True, True)
    >>> ties = Ties(Lines("rook", {(0, 0), (7, 5), (9, 9)}), set(), [([(0, 0)], [(7, 5)])])
    >>> ties.tied((0, 0))
    False
    """

    def __init__(self, lines: Lines, roots: set[Point], paths: Iterable[tuple[Iterable[Point], Iterable[Point]]],
                 on_tied: Callable[[Iterable[Point]], None] | None = None) -> None:
        self.lines, self.roots, self.on_tied = lines, set(roots), on_tied
        lines._group()
        self.left: dict[Point, set[int]] = {}   # square -> the gadgets whose left path holds it
        self.right: dict[Point, set[int]] = {}
        for i, (left, right) in enumerate(paths):
            for q in left:
                self.left.setdefault(q, set()).add(i)
            for q in right:
                self.right.setdefault(q, set()).add(i)
        # per union-find root of a component with a tagged piece: [tied, left gadgets, right gadgets]
        self.state: dict[Point, list[Any]] = {}
        for q in lines._pieces:
            if q != lines.special and self._tagged(q):
                r = lines._find(q)
                state = self.state.setdefault(r, [False, set(), set()])
                state[0] = state[0] or q in self.roots
                state[1] |= self.left.get(q, set())
                state[2] |= self.right.get(q, set())
        for r, state in self.state.items():
            state[0] = state[0] or bool(state[1] & state[2])
            if state[0] and on_tied:
                on_tied(list(lines._members[r]))
        lines._watchers.append(self)

    def _tagged(self, q: Point) -> bool:
        return q in self.roots or q in self.left or q in self.right

    def tied(self, q: Point) -> bool:
        """Whether ``q``'s component holds a root or squares of both paths of one gadget."""
        if q == self.lines.special:
            return tied(self.lines, q, self.roots, self._paths())
        state = self.state.get(self.lines._find(q))
        return bool(state and state[0])

    def _paths(self) -> list[tuple[set[Point], set[Point]]]:
        count = 1 + max((i for tags in (*self.left.values(), *self.right.values()) for i in tags), default=-1)
        return [({q for q, tags in self.left.items() if i in tags}, {q for q, tags in self.right.items() if i in tags})
                for i in range(count)]

    def added(self, q: Point) -> None:
        """A new piece, a component of its own (before it is merged with its lines')."""
        if q == self.lines.special or not self._tagged(q):
            return
        left, right = set(self.left.get(q, ())), set(self.right.get(q, ()))
        self.state[q] = [q in self.roots or bool(left & right), left, right]
        if self.state[q][0] and self.on_tied:
            self.on_tied([q])

    def merged(self, keep: Point, gone: Point) -> None:
        """Component ``gone`` joins ``keep`` (both still hold their own members)."""
        a, b = self.state.get(keep), self.state.pop(gone, None)
        was_a, was_b = bool(a and a[0]), bool(b and b[0])
        if b is None:
            now = was_a
        elif a is None:
            self.state[keep] = b
            now = was_b
        else:
            small, large = (a, b) if len(a[1]) + len(a[2]) < len(b[1]) + len(b[2]) else (b, a)
            now = was_a or was_b or any(i in large[2] for i in small[1]) or any(i in large[1] for i in small[2])
            large[1] |= small[1]
            large[2] |= small[2]
            large[0] = now
            self.state[keep] = large
        if now and self.on_tied:
            if not was_a:
                self.on_tied(list(self.lines._members[keep]))
            if not was_b:
                self.on_tied(list(self.lines._members[gone]))


class Anchors:
    """Squares offered as anchors of links, asked for the one nearest a row: the usable square
    minimising (distance in rows, square). Usability may only ever be lost (a free line filled);
    a square found unusable is dropped for good.

    Parameters
    ----------
    usable : callable
        Whether a square may still be taken.
    squares : iterable of Point
        The first squares offered (:meth:`add` offers more).

    Examples
    --------
    >>> anchors = Anchors(lambda t: t != (5, 3), [(5, 3), (1, 8), (4, 0), (0, 6)])
    >>> anchors.nearest(2), anchors.nearest(3), anchors.nearest(7)
    ((4, 0), (0, 6), (0, 6))
    """

    def __init__(self, usable: Callable[[Point], bool], squares: Iterable[Point] = ()) -> None:
        self.usable = usable
        self.rows: list[int] = []              # sorted: the rows with a square offered
        self.at: dict[int, list[int]] = {}     # row -> its squares' columns, sorted
        for q in squares:
            self.add(q)

    def add(self, q: Point) -> None:
        """Offer ``q``."""
        if q[1] not in self.at:
            bisect.insort(self.rows, q[1])
            self.at[q[1]] = []
        bisect.insort(self.at[q[1]], q[0])

    def _first(self, y: int) -> Point | None:
        """Row ``y``'s usable square of least column (the unusable before it dropped)."""
        xs = self.at[y]
        i = 0
        while i < len(xs) and not self.usable((xs[i], y)):
            i += 1
        del xs[:i]
        return (xs[0], y) if xs else None

    def nearest(self, y: int) -> Point | None:
        """The usable square minimising (|its row - y|, square); None when there is none."""
        rows = self.rows
        i = bisect.bisect_left(rows, y)
        below = above = None
        while i > 0 and below is None:      # the nearest row below y with a usable square
            below = self._first(rows[i - 1])
            if below is None:               # row i - 1 is spent: drop it, row i moves down
                del self.at[rows[i - 1]], rows[i - 1]
                i -= 1
        while i < len(rows) and above is None:  # the nearest row at or above y
            above = self._first(rows[i])
            if above is None:
                del self.at[rows[i]], rows[i]
        found = [t for t in (below, above) if t is not None]
        return min(found, key=lambda t: (abs(t[1] - y), t)) if found else None
