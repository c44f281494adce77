"""Exhaustive search for Solo Chess with memoisation of dead positions (never SAT).

A position is the piece type on every initially occupied square (or none), the capture counts
when a capture limit is set, and the special piece's square. Every capture removes a piece,
so positions form a DAG and remembering the positions already shown dead is enough.

Sound pruning (a position is dead if): some piece is *stuck*, i.e. it can never move (no
square still occupied is a target of its type from its square, ignoring blocking; or it has
used up its captures) and can never be captured (no type still on the board moves from an
occupied square onto it, ignoring blocking; or it is the special piece), and either it is
not the special piece while a special piece exists, or two pieces are stuck: a piece that
never moves and is never captured stays to the end, and only one piece may. With a special
piece, also :func:`special_prune` (pieces only the special piece can remove must lie within its
reach, and at most one of them may be a dead end); without one, :func:`unique_prune` (the same
argument for a type carried by a single piece, allowing one piece to stay forever).

Fast path: a board with a special leaper and villains of one symmetric leaping type (king^1 or
pawn^1 with knights: the boards of Theorem 3.9) is decided by the special piece's walk
(:mod:`npw.solvers.solochess.walk`, exact for that class by its lemma; ``stats["method"]`` says
"walk"). The exhaustive search never finishes on those boards' no-instances: their knights can
be collapsed in exponentially many orders. ``method="exhaustive"`` forces the search.
"""

from __future__ import annotations

import random
import sys
import time

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Point, SoloChess
from npw.solvers.limits import remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Result, shuffled_certificates
from npw.solvers.solochess import walk
from npw.solvers.solochess.moves import compile_board
from npw.solvers.registry import Decider, Sampler

__all__ = ["DECIDERS", "SAMPLERS", "last_piece", "sample_certificates", "solve"]


def solve(instance: SoloChess, timeout: float | None = None, order_seed: int | None = None,
          method: str = "auto", doomed: Point | None = None) -> Result:
    """``order_seed``: try the captures of each position in a seeded random order (for sampling
    different solutions; the answer does not depend on the order). ``method``: "auto" (the walk
    of :mod:`~npw.solvers.solochess.walk` where its lemma applies, else the exhaustive search) or
    "exhaustive". ``doomed``: a square whose piece must be captured, so that another piece is the
    last (a solution of that kind or NO; always the exhaustive search): what
    :func:`sample_certificates` asks for to vary the last piece.

    >>> from npw.instances.solochess.board import Piece
    >>> solve(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(1, 2, "pawn")))).certificate
    (((0, 0), (0, 2)), ((0, 2), (1, 2)))
    >>> solve(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(2, 2, "pawn")))).answer
    <Answer.NO: 'NO'>
    >>> solve(SoloChess(3, 3, (Piece(0, 0, "king"), Piece(1, 1, "pawn"))), doomed=(1, 1)).certificate
    (((0, 0), (1, 1)),)
    >>> solve(SoloChess(3, 3, (Piece(0, 0, "king"), Piece(1, 1, "pawn"))), doomed=(0, 0)).answer
    <Answer.NO: 'NO'>
    """
    if method == "auto" and doomed is None:
        try:  # walk.solve checks its lemma's class once (the components it computes are reused)
            result = walk.solve(instance, timeout, order_seed)
        except InvalidInstance:
            pass  # outside the walk lemma's class: the exhaustive search below
        else:
            return Result(result.answer, result.certificate, "search", {**result.stats, "method": "walk"})
    start_time = time.perf_counter()
    shuffle = None if order_seed is None else random.Random(order_seed).shuffle
    board = compile_board(instance)
    deadline = Deadline(timeout)
    n = board.size
    limit = instance.capture_limit
    dead: set = set()
    nodes = 0
    moves, reach, into = board.moves, board.reach, board.into

    unions: dict[frozenset, list[int]] = {}

    def into_union(kinds_present: frozenset) -> list[int]:
        """For each square u, the squares from which some type of ``kinds_present`` reaches u
        (cached: boards carry few types, so few distinct sets occur)."""
        table = unions.get(kinds_present)
        if table is None:
            table = [0] * n
            for j in kinds_present:
                for u in range(n):
                    table[u] |= into[j][u]
            unions[kinds_present] = table
        return table

    def stuck_prune(kinds: list[int], occ: int, caps: list[int] | None, special: int | None) -> bool:
        present = frozenset(k for k in kinds if k >= 0)
        capturers = into_union(present)
        stuck = 0
        special_bit = 0 if special is None else 1 << special
        for u in range(n):
            k = kinds[u]
            if k < 0:
                continue
            if (caps is None or caps[u] < limit) and reach[k][u] & occ & ~special_bit:
                continue  # it can still move
            if u != special and capturers[u] & occ & ~(1 << u):
                continue  # it can still be captured
            if special is not None and u != special:
                return True
            stuck += 1
            if stuck >= 2:
                return True
        return False

    def special_prune(kinds: list[int], occ: int, caps: list[int] | None, special: int) -> bool:
        """Pieces only the special piece can ever remove (they never move, and no other piece's
        type reaches them from a square still occupied) must be captured by the special piece,
        which moves through squares occupied now (a square once empty stays empty). Dead if one of
        them is out of its reach, or if two are dead ends (no way out once taken: no exit, or one
        exit that is also the only way in), since only the special piece's last square may be."""
        sk = kinds[special]
        special_bit = 1 << special
        capturers = into_union(frozenset(kinds[u] for u in range(n) if u != special and kinds[u] >= 0))
        must = 0
        dead_ends = 0
        for u in range(n):
            k = kinds[u]
            if k < 0 or u == special:
                continue
            if (caps is None or caps[u] < limit) and reach[k][u] & occ & ~special_bit:
                continue
            if capturers[u] & occ & ~(1 << u) & ~special_bit:
                continue
            must |= 1 << u
            exits = reach[sk][u] & occ & ~(1 << u)
            entries = into[sk][u] & occ & ~(1 << u)
            if exits == 0 or (exits & (exits - 1) == 0 and entries & ~exits == 0):
                dead_ends += 1
                if dead_ends >= 2:
                    return True
        if not must:
            return False
        seen = frontier = special_bit
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = reach[sk][low.bit_length() - 1] & occ & ~seen
            seen |= new
            frontier |= new
        return bool(must & ~seen)

    def unique_prune(kinds: list[int], occ: int, caps: list[int] | None) -> bool:
        """Without a special piece: a type X carried by a single piece (types never change) plays
        its part for the pieces only it can remove (they never move, and no other type reaches
        them from a square still occupied). Each of them the X piece does not capture stays
        forever: those out of its reach, and all dead ends (no way out once taken) but the one it
        may stop in. At most one piece can stay forever (the last one): dead if more would."""
        count: dict[int, int] = {}
        where: dict[int, int] = {}
        for u in range(n):
            k = kinds[u]
            if k >= 0:
                count[k] = count.get(k, 0) + 1
                where[k] = u
        if len(count) < 2:
            return False
        for x_kind, c in count.items():
            if c != 1:
                continue
            x = where[x_kind]
            x_bit = 1 << x
            capturers = into_union(frozenset(k for k in count if k != x_kind))
            must = 0
            for u in range(n):
                k = kinds[u]
                if k < 0 or u == x:
                    continue
                if (caps is None or caps[u] < limit) and reach[k][u] & occ:
                    continue
                if capturers[u] & occ & ~(1 << u) & ~x_bit:
                    continue
                must |= 1 << u
            if not must:
                continue
            seen = frontier = x_bit
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new = reach[x_kind][low.bit_length() - 1] & occ & ~seen
                seen |= new
                frontier |= new
            forever = bin(must & ~seen).count("1")
            dead_ends = 0
            rest = must & seen
            while rest:
                low = rest & -rest
                rest ^= low
                u = low.bit_length() - 1
                exits = reach[x_kind][u] & occ & ~low
                entries = into[x_kind][u] & occ & ~low
                if exits == 0 or (exits & (exits - 1) == 0 and entries & ~exits == 0):
                    dead_ends += 1
            if forever + max(0, dead_ends - 1) >= 2:
                return True
        return False

    def search(kinds: list[int], occ: int, caps: list[int] | None, special: int | None, left: int,
               doomed: int | None) -> list | None:
        nonlocal nodes
        if left == 1:
            return [] if doomed is None else None
        key = (tuple(kinds), None if caps is None else tuple(caps), special, doomed)
        if key in dead:
            return None
        nodes += 1
        if nodes & 255 == 0 and deadline.expired():
            raise OutOfTime
        if stuck_prune(kinds, occ, caps, special) or (special_prune(kinds, occ, caps, special) if special is not None
                                                        else unique_prune(kinds, occ, caps)):
            remember(dead, key)
            return None
        candidates = [(u, v) for u in range(n) if kinds[u] >= 0 and (caps is None or caps[u] < limit)
                      for v, block in moves[kinds[u]][u]
                      if (occ >> v) & 1 and not occ & block and v != special]
        if shuffle is not None:
            shuffle(candidates)
        for u, v in candidates:
            k = kinds[u]
            captured = kinds[v]
            kinds[v], kinds[u] = k, -1
            if caps is not None:
                old_u, old_v = caps[u], caps[v]
                caps[v], caps[u] = old_u + 1, 0
            found = search(kinds, occ & ~(1 << u), caps, v if u == special else special, left - 1,
                           None if v == doomed else v if u == doomed else doomed)
            kinds[u], kinds[v] = k, captured
            if caps is not None:
                caps[u], caps[v] = old_u, old_v
            if found is not None:
                found.append((u, v))
                return found
        remember(dead, key)
        return None

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 1000))
    try:
        found = search(list(board.start), (1 << n) - 1, [0] * n if limit is not None else None, board.special, n,
                       None if doomed is None else board.squares.index(tuple(doomed)))
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "search", {"time": time.perf_counter() - start_time, "nodes": nodes})
    stats = {"time": time.perf_counter() - start_time, "nodes": nodes, "dead_positions": len(dead)}
    if found is None:
        return Result(Answer.NO, None, "search", stats)
    certificate = tuple(board.move(u, v) for u, v in reversed(found))
    return Result(Answer.YES, certificate, "search", stats)


def last_piece(certificate) -> Point:
    """The starting square of the piece a capture sequence leaves (the last capturer's, followed
    back through its captures).

    >>> last_piece((((0, 0), (1, 1)), ((2, 0), (1, 1))))
    (2, 0)
    """
    origin: dict[Point, Point] = {}
    for a, b in certificate:
        a, b = tuple(a), tuple(b)
        origin[b] = origin.pop(a, a)
    a, b = certificate[-1]
    return origin[tuple(b)]


def sample_certificates(instance: SoloChess, count: int, seed: int = 0, budget: float = 5.0) -> list:
    """Up to ``count`` different capture sequences of a yes-board, from searches whose capture
    order is shuffled by seeds derived from ``seed`` (each search at most ``budget`` seconds);
    for checking a reduction's backward map on solutions other than the first one found.

    On a board with no special piece, the first is a solution in which the last piece of the first
    shuffled one is captured, where the search finds one within ``budget``: a backward map that
    follows one piece (the role of a special piece that may now be captured) is then checked on
    a solution where another piece takes that role over. Shuffled searches alone rarely find one
    (hampath-to-solochess-king-pawn-unrestricted: a pawn taking the king in 18 of 65 yes-boards of
    the default stream's random and planted parts, and in none of 30 shuffled solutions each of the
    four smallest such boards; docs/mutation.md, "Session 6: king-pawn-unrestricted"). A board
    in :mod:`~npw.solvers.solochess.tour`'s class (villains that never capture) is sampled by its
    decider, whose search tries the moves in the seeded order too.

    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(3, 3, (Piece(0, 0, "pawn"), Piece(1, 1, "king")))
    >>> sorted(sample_certificates(board, 2))
    [(((0, 0), (1, 1)),), (((1, 1), (0, 0)),)]
    """
    from npw.solvers.solochess import tour  # pysat: imported only where a board asks for it

    # a board whose villains never capture is sampled by tour's shuffled search and SAT: the
    # exhaustive search rarely finds even one solution of a 1,000-piece board of that class
    sampler = tour.solve if tour.in_class(instance) else solve
    found = shuffled_certificates(sampler, instance, count, seed, budget)
    if instance.special is None and found and count > 0:
        other = solve(instance, timeout=budget, order_seed=seed, doomed=last_piece(found[0]))
        if other.answer is Answer.YES:
            found = [other.certificate, *(c for c in found if c != other.certificate)][:count]
    return found


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("solochess", "search", solve),
)

SAMPLERS = (
    Sampler("solochess", sample_certificates),
)
