"""Solo Chess boards whose villains can never capture: the special piece must capture every
villain on its own square, so a solution is a *tour* of the special piece through all of them.

The class (:func:`applies`): a special (uncapturable) piece, no capture limit, and no villain that
could capture on another villain's square even if nothing blocked it (no leap of its type lands on
one, no ray of its type within range passes over one). The boards of Theorem 3.2 of Brunner et
al., "Complexity of Solo Chess with Unlimited Moves" (rook^1 and pawns none of which has a
capture) and of its Corollaries 3.3 and 3.4 (rook^1 or queen^1 with pawns, bishops, kings or
knights spread out so that none of them has one) are in it. The decider reads nothing else off
the board: not the graph a reduction built it from, nor its rectangles.

**Lemma (frozen villains).** On such a board no villain ever captures. Captures only empty
squares, so every square a villain could ever capture on was occupied at the start; it held a
villain then (which the villain cannot reach by the class's condition) or the special piece (which
may never be captured). So villains never move, every villain is captured by the special piece on
its own square, and a solution is exactly an order v_1, ..., v_m of all villain squares such that
each capture special -> v_k is a move of the special piece's type on the position where v_k, ...,
v_m still hold their villains and v_1, ..., v_(k-1) are empty: its *tour*.

**The relaxed graph** R joins two occupied squares when the special piece's type could move from
one to the other if nothing blocked it (a leap, or a ride within range), either way. Every capture
of a tour is such a move, so a tour is a Hamiltonian path of R starting at the special piece's
square. Its two uses:

1. **Search** (:func:`find_tour`). The tour is extended depth first, trying at each step the moves
   legal now. A position is the special piece's square c and the set S of villains left; it fixes
   everything that can still happen, so a position shown dead is remembered (the memo of
   failures). *Pruning*, each a necessary condition for a tour from c through S, on H = R
   restricted to S + {c} (the rest of the tour is a Hamiltonian path of H from c): (a) H - c is
   connected (the path leaves c and never comes back); (b) for every other square a, H - a has at
   most two components (the path before a, which holds c, and the path after a); (c) a component
   of H - a without c holds the path's end (the path enters it through a and cannot leave again),
   so all such components, over all such a, share a square. One depth-first search of H from c
   tests the three (Tarjan's articulation points: each separated subtree of the search tree is
   such a component, and they share a square iff they are nested), at every position with two
   legal moves or more (at a forced move it would only say what the next branching position or
   dead end says too). Exhaustive: a NO from it is a proof.
2. **Exact SAT with lazy cuts** (:func:`sat_tour`). One variable per move u -> v of R's directed
   version (the special piece's type's moves ignoring blocking, never onto its start) and per
   u -> z, z -> start (z a vertex closing the tour into a cycle): every vertex has exactly one
   move out and one in, so a model is z, start, ..., end, z plus disjoint cycles. Clauses true
   of every tour, added before solving: no two-cycle u -> v -> u, no three-cycle, and no u -> v
   followed by v -> b where b stands between u and v on the ray (b must be empty before u moves
   to v, hence captured earlier). Then, lazily (:func:`npw.solvers.sat.decide_by_lazy_sat`):
   for each cycle S without z, "some move leaves S" (every tour leaves S); for each move
   u -> v of the path from the start that is blocked, the square b between them that the path
   takes soonest after u, "not all of the moves from u to b along this path" (any tour making
   those moves in a row moves u -> v while b is still occupied). Each round's clauses exclude
   its model and are true of every tour, so the rounds end; no model left is a proof of NO, a
   model with one cycle and no blocked move is a tour.

:func:`solve` runs the search with a budget of :data:`SEARCH_NODES_PER_SQUARE` nodes a square
first (about half the yes-boards of the 3-SAT chain need a little more than one node a square),
then the SAT decision. YES comes with the tour's capture sequence, which :meth:`SoloChess.verify`
must accept; NO from the exhaustive search or from SAT (``stats["method"]`` says which).
Boards outside the class raise :class:`~npw.instances.base.InvalidInstance` with the reason.

>>> from npw.instances.solochess.board import Piece
>>> board = SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(2, 2, "pawn"), Piece(2, 0, "pawn")),
...                   special=(0, 0))
>>> result = solve(board)
>>> result.answer.value, board.verify(result.certificate)
('YES', True)
>>> solve(SoloChess(3, 3, (Piece(1, 1, "rook"), Piece(0, 0, "pawn"), Piece(2, 2, "pawn")), special=(1, 1))).answer.value
'NO'
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Move, Point, SoloChess, ray_squares
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.solvers.limits import ClauseBuffer, remember
from npw.solvers.registry import Decider
from npw.solvers.result import Answer, Deadline, OutOfTime, Result
from npw.solvers.sat import SatEncoding, decide_by_lazy_sat

__all__ = ["DECIDERS", "SEARCH_NODES_PER_SQUARE", "TRIANGLE_CLAUSES", "applies", "find_tour", "first_targets", "in_class", "relaxed_graph",
           "sat_tour", "solve"]

SEARCH_NODES_PER_SQUARE = 1.25
"""The first search's budget, in nodes a square, before SAT is asked."""


class _OutOfNodes(Exception):
    """The search's node budget is spent."""


def applies(instance: SoloChess) -> str | None:
    """None if the board is in the class (see the module docstring), else why not.

    >>> from npw.instances.solochess.board import Piece
    >>> applies(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(2, 2, "pawn")), special=(0, 0)))
    >>> applies(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(1, 1, "pawn"), Piece(2, 2, "pawn")), special=(0, 0)))
    'the villain on (1, 1) could capture on (2, 2)'
    """
    if instance.special is None:
        return "the tour decider needs a special piece"
    if instance.capture_limit is not None:
        return "the tour decider covers unlimited captures only"
    villains = [p for p in instance.pieces if p.square != instance.special]
    squares = [p.square for p in villains]
    for kind in dict.fromkeys(p.kind for p in villains):
        found = first_targets(instance.piece_type(kind), squares, [i for i, p in enumerate(villains) if p.kind == kind])
        if found:
            i = min(found)
            return f"the villain on {squares[i]} could capture on {squares[found[i]]}"
    return None


def in_class(instance: SoloChess) -> bool:
    """Whether :func:`solve` takes the board (:func:`applies` finds no reason against): the
    decider's ``fast`` declaration, so that the default decider of such a board is this one
    (the exhaustive search does not finish on the 3-SAT chain's 1,000-piece boards).

    >>> from npw.instances.solochess.board import Piece
    >>> in_class(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn")), special=(0, 0)))
    True
    """
    if instance.special is None or instance.capture_limit is not None:
        return False
    if _two_on_a_line(instance):
        return False
    return applies(instance) is None


def _two_on_a_line(instance: SoloChess) -> bool:
    """A quick and exact reason against the class, stopping at the first piece that shows it
    (a default decider's choice must not cost as much as a decision: :func:`applies` reads the
    whole board, 18 s on 887,000 pieces): a villain that leaps onto another, or two villains on
    one line of a kind that rides both ways along it one step at a time without limit (a rook's
    row, a bishop's diagonal), one of them of that kind. The nearer one is then a whole number
    of steps from it, within range."""
    villains = [p for p in instance.pieces if p.square != instance.special]
    occupied = {p.square for p in villains}
    both_ways: dict[str, list[tuple[int, int]]] = {}
    for kind in dict.fromkeys(p.kind for p in villains):
        ptype = instance.piece_type(kind)
        both_ways[kind] = [(dx, dy) for dx, dy in ptype.rides if (-dx, -dy) in ptype.rides and not ptype.max_range
                           and max(abs(dx), abs(dy)) == 1 and (dx, dy) > (-dx, -dy)]
    seen: dict[tuple[int, int, int], bool] = {}  # (dx, dy, line) -> whether a rider of it stands there
    for p in villains:
        ptype = instance.piece_type(p.kind)
        x, y = p.square
        if any((x + dx, y + dy) in occupied and (dx, dy) != (0, 0) for dx, dy in ptype.leaps):
            return True
        for dx, dy in {d for lines in both_ways.values() for d in lines}:
            key = (dx, dy, dy * x - dx * y)
            rides_it = (dx, dy) in both_ways[p.kind]
            if key in seen:
                if rides_it or seen[key]:
                    return True
            seen[key] = seen.get(key, False) or rides_it
    return False


def first_targets(ptype, squares: Sequence[Point], capturers: Sequence[int]) -> dict[int, int]:
    """For each of ``capturers`` (indices into ``squares``) that a piece of ``ptype`` could
    capture from if nothing blocked it, the square (index) :func:`~npw.instances.solochess.board.ray_squares`
    lists first for it: its first leap that lands on one of ``squares``, else the nearest square
    on its first ride that has one within range. The same answer as reading ``ray_squares``, in
    O(n log n): each line is sorted once and a ride looks only at the squares ahead of it up to
    the first whole number of steps away (``ray_squares`` lists every square of the ray, which on
    a 45,000-piece board of bishops took a second, and 18 s on 887,000 pieces).

    >>> from npw.instances.solochess.board import STANDARD_TYPES
    >>> sorted(first_targets(STANDARD_TYPES["rook"], [(0, 0), (0, 2), (0, 5), (3, 0)], [0, 1, 3]).items())
    [(0, 3), (1, 2), (3, 0)]
    """
    wanted = set(capturers)
    index = {q: i for i, q in enumerate(squares)}
    rays: dict[int, list] = {}  # capturer -> (ray number, target) of each ray that has one
    for number, (dx, dy) in enumerate(ptype.leaps):
        for i in capturers:
            x, y = squares[i]
            j = index.get((x + dx, y + dy))
            if j is not None and j != i:
                rays.setdefault(i, []).append((number, j))
    for number, (dx, dy) in enumerate(ptype.rides, start=len(ptype.leaps)):
        lines: dict[int, list[int]] = {}
        for i, (x, y) in enumerate(squares):
            lines.setdefault(dy * x - dx * y, []).append(i)
        for members in lines.values():
            if len(members) < 2 or not wanted.intersection(members):
                continue
            members.sort(key=lambda i: dx * squares[i][0] + dy * squares[i][1])
            for position, i in enumerate(members):
                if i not in wanted:
                    continue
                x, y = squares[i]
                for ahead in range(position + 1, len(members)):  # no slice: a line may hold thousands
                    j = members[ahead]
                    ex, ey = squares[j][0] - x, squares[j][1] - y
                    step = ex // dx if dx else ey // dy
                    if (step * dx, step * dy) != (ex, ey):
                        continue  # on the line but not a whole number of steps away: not on the ray
                    if not ptype.max_range or step <= ptype.max_range:
                        rays.setdefault(i, []).append((number, j))
                    break  # the nearest square on the ray decides: nearer is out of range, farther too
    return {i: min(found)[1] for i, found in rays.items()}


def relaxed_graph(instance: SoloChess) -> tuple[list[Point], list[list[list[int]]], list[list[int]]]:
    """(the occupied squares, sorted; the special piece's type's rays from each, by index, as
    :func:`~npw.instances.solochess.board.ray_squares`; the relaxed graph R as neighbour lists).

    >>> from npw.instances.solochess.board import Piece
    >>> squares, _, near = relaxed_graph(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"),
    ...                                                   Piece(2, 2, "pawn")), special=(0, 0)))
    >>> squares, near
    ([(0, 0), (0, 2), (2, 2)], [[1], [0, 2], [1]])
    """
    squares = sorted(p.square for p in instance.pieces)
    rays = ray_squares(instance.piece_type(instance.special_kind() or ""), squares)
    joined: list[set[int]] = [set() for _ in squares]
    for u, rays_u in enumerate(rays):
        for ray in rays_u:
            for v in ray:
                joined[u].add(v)
                joined[v].add(u)
    return squares, rays, [sorted(s) for s in joined]


TRIANGLE_CLAUSES = 200_000
"""The most three-cycle clauses added before solving (a board with long lines of pieces has many
three-cycles; the lazy subtour cuts exclude the rest)."""


def sat_tour(instance: SoloChess, timeout: float | None = None, solver: str | None = None) -> Result:
    """Use 2 of the module docstring: the tour as a capture sequence (YES), NO, or UNKNOWN out of
    time, for a board of the class (not checked here).

    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(2, 2, "pawn")), special=(0, 0))
    >>> sat_tour(board).certificate
    (((0, 0), (0, 2)), ((0, 2), (2, 2)))
    >>> sat_tour(SoloChess(3, 3, (Piece(1, 1, "rook"), Piece(0, 0, "pawn"), Piece(2, 2, "pawn")),
    ...                    special=(1, 1))).answer.value
    'NO'
    """
    squares, rays, _ = relaxed_graph(instance)
    n = len(squares)
    start = squares.index(instance.special)
    z = n
    arcs: list[tuple[int, int]] = []
    blockers: dict[tuple[int, int], list[int]] = {}
    for u in range(n):
        for ray in rays[u]:
            for k, v in enumerate(ray):
                if v != start and (u, v) not in blockers:
                    arcs.append((u, v))
                    blockers[(u, v)] = ray[:k]
    arcs += [(z, start)] + [(u, z) for u in range(n) if u != start]
    var = {arc: i + 1 for i, arc in enumerate(arcs)}
    outs: list[list[int]] = [[] for _ in range(n + 1)]
    for u, v in arcs:
        outs[u].append(v)

    def encode(deadline: Deadline) -> SatEncoding:
        if n == 1:
            return SatEncoding.decided(True, ())
        pool = IDPool(start_from=len(arcs) + 1)
        clauses: list[list[int]] = ClauseBuffer(deadline)
        into: list[list[int]] = [[] for _ in range(n + 1)]
        for (u, v), i in var.items():
            into[v].append(i)
        for literals in [[var[(u, v)] for v in outs[u]] for u in range(n + 1)] + into:
            if not literals:
                return SatEncoding.decided(False, reason="a square no move reaches or leaves")
            clauses.extend(CardEnc.equals(literals, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
        triangles = 0
        for (u, v), i in var.items():
            if v == z or u == z:
                continue
            if u < v and (v, u) in var:
                clauses.append([-i, -var[(v, u)]])
            for b in blockers[(u, v)]:
                if (v, b) in var:
                    clauses.append([-i, -var[(v, b)]])
            for w in outs[v]:
                if triangles < TRIANGLE_CLAUSES and w not in (z, u) and u < v and u < w and (w, u) in var:
                    clauses.append([-i, -var[(v, w)], -var[(w, u)]])
                    triangles += 1

        def decode(model: tuple[bool, ...]) -> tuple[Move, ...]:
            path = _path(model)
            return tuple((squares[a], squares[b]) for a, b in zip(path, path[1:]))

        return SatEncoding(pool.top, clauses, decode, shown=list(range(1, len(arcs) + 1)))

    def _successors(model: tuple[bool, ...]) -> dict[int, int]:
        return {u: v for (u, v), i in var.items() if model[i - 1]}

    def _path(model: tuple[bool, ...]) -> list[int]:
        after = _successors(model)
        path, v = [start], after[start]
        while v != z:
            path.append(v)
            v = after[v]
        return path

    def refine(model: tuple[bool, ...]) -> list[list[int]]:
        after = _successors(model)
        seen = bytearray(n + 1)
        cuts = []
        for first in range(n + 1):
            if seen[first]:
                continue
            cycle, v = [], first
            while not seen[v]:
                seen[v] = 1
                cycle.append(v)
                v = after[v]
            if z not in cycle:  # a subtour: some move must leave it
                inside = set(cycle)
                cuts.append([var[(u, w)] for u in cycle for w in outs[u] if w not in inside])
        path = _path(model)
        position = {v: i for i, v in enumerate(path)}
        for i in range(len(path) - 1):
            later = [position[b] for b in blockers[(path[i], path[i + 1])] if position.get(b, -1) > i]
            if later:  # blocked: not these moves in a row up to the blocker taken soonest
                cuts.append([-var[(path[k], path[k + 1])] for k in range(i, min(later))])
        return cuts

    result = decide_by_lazy_sat(encode, refine, backend="tour", solver=solver, timeout=timeout)
    return Result(result.answer, result.certificate, "tour", result.stats)


def find_tour(instance: SoloChess, deadline: Deadline | None = None,
              shuffle: Callable[[list], None] | None = None, order: Sequence[Point] | None = None,
              budget: int | None = None) -> tuple[list[Point] | None, dict[str, int]]:
    """(the special piece's tour, its start first, or None if there is none; search counts) for a
    board of the class (:func:`applies`, not checked here): use 1 of the module docstring.
    ``shuffle`` permutes the moves tried at each position, ``order`` (squares) tries those earlier
    in it first (other tours; the answer does not depend on either); without them, the squares
    with the fewest relaxed neighbours left come first. ``budget``: the most nodes; past it,
    :class:`_OutOfNodes`.

    >>> from npw.instances.solochess.board import Piece
    >>> find_tour(SoloChess(3, 3, (Piece(0, 0, "rook"), Piece(0, 2, "pawn"), Piece(2, 2, "pawn")), special=(0, 0)))[0]
    [(0, 0), (0, 2), (2, 2)]
    """
    squares, special_rays, near = relaxed_graph(instance)
    n = len(squares)
    start = squares.index(instance.special)
    rank = None
    if order is not None:
        where = {q: i for i, q in enumerate(order)}
        rank = [where.get(q, n) for q in squares]
    alive = bytearray(b"\x01") * n  # a square still occupied (the special piece's included)
    alive_near = [len(near[u]) for u in range(n)]  # relaxed neighbours still occupied
    failed: set[tuple[int, int]] = set()
    counts = {"nodes": 0, "tests": 0, "pruned": 0}
    disc = [0] * n
    low = [0] * n

    def structure_ok(c: int, left: int) -> bool:
        """Tests (a)-(c) of the module docstring on H (the occupied squares, c among them)."""
        counts["tests"] += 1
        for u in range(n):
            disc[u] = 0
        clock = 1
        disc[c] = low[c] = 1
        root_children = 0
        # the separated subtrees: (discovery, finish, the square they hang from)
        separated: list[tuple[int, int, int]] = []
        stack = [(c, -1, iter(near[c]))]
        while stack:
            u, parent, neighbours = stack[-1]
            descended = False
            for v in neighbours:
                if not alive[v]:
                    continue
                if disc[v] == 0:
                    clock += 1
                    disc[v] = low[v] = clock
                    stack.append((v, u, iter(near[v])))
                    descended = True
                    break
                if v != parent and disc[v] < low[u]:
                    low[u] = disc[v]
            if descended:
                continue
            stack.pop()
            if parent < 0:
                continue
            if low[u] < low[parent]:
                low[parent] = low[u]
            if parent == c:
                root_children += 1
                if root_children > 1:
                    return False  # (a)
            elif low[u] >= disc[parent]:
                separated.append((disc[u], clock, parent))
        if clock != left + 1:
            return False  # H is not connected
        hanging = set()
        for _discovered, _finished, a in separated:
            if a in hanging:
                return False  # (b)
            hanging.add(a)
        separated.sort()
        for (d1, f1, _), (d2, f2, _) in zip(separated, separated[1:]):
            if not (d1 <= d2 and f2 <= f1):
                return False  # (c): two of them are disjoint
        return True

    tour = [start]
    occupied = (1 << n) - 1  # the memo's key: the occupied squares as a bitmask

    def extend(c: int, left: int) -> bool:
        nonlocal occupied
        if left == 0:
            return True
        counts["nodes"] += 1
        if counts["nodes"] & 63 == 0 and deadline is not None and deadline.expired():
            raise OutOfTime
        if budget is not None and counts["nodes"] > budget:
            raise _OutOfNodes
        options = []
        for ray in special_rays[c]:
            for v in ray:
                if alive[v]:  # a leap's target, or a ride's nearest occupied square
                    options.append(v)
                    break
        if not options:
            return False
        key = (c, occupied)
        if key in failed:
            return False
        if len(options) >= 2 and not structure_ok(c, left):
            counts["pruned"] += 1
            remember(failed, key)
            return False
        if shuffle is not None:
            shuffle(options)
        if rank is not None:
            options.sort(key=lambda v: rank[v])
        elif shuffle is None:
            options.sort(key=lambda v: alive_near[v])
        alive[c] = 0
        occupied &= ~(1 << c)
        for w in near[c]:
            alive_near[w] -= 1
        for v in options:
            tour.append(v)
            if extend(v, left - 1):
                return True
            tour.pop()
        alive[c] = 1
        occupied |= 1 << c
        for w in near[c]:
            alive_near[w] += 1
        remember(failed, key)
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 1000))
    found = extend(start, n - 1)
    counts["dead_positions"] = len(failed)
    return ([squares[i] for i in tour] if found else None), counts


def solve(instance: SoloChess, timeout: float | None = None, order_seed: int | None = None) -> Result:
    """Decides a board of the class (module docstring); other boards raise InvalidInstance with
    the reason. ``order_seed``: try the moves in a seeded random order (another tour, when there
    are several; the answer does not depend on it)."""
    reason = applies(instance)
    if reason:
        raise InvalidInstance(reason)
    started = time.perf_counter()
    deadline = Deadline(timeout)
    rng = None if order_seed is None else random.Random(order_seed)
    shuffle = None if rng is None else rng.shuffle
    stats: dict = {}
    try:
        tour, counts = find_tour(instance, deadline, shuffle,
                                 budget=int(SEARCH_NODES_PER_SQUARE * len(instance.pieces)) + 16)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "tour", {"time": time.perf_counter() - started})
    except _OutOfNodes:
        result = sat_tour(instance, deadline.remaining())
        stats = {**result.stats, "method": "sat", "time": time.perf_counter() - started}
        if result.answer is Answer.YES and not instance.verify(result.certificate):
            stats["unproven"] = "the model's capture sequence was rejected by the board"
            return Result(Answer.UNKNOWN, None, "tour", stats)
        return Result(result.answer, result.certificate, "tour", stats)
    stats = {"method": "search", **counts, "time": time.perf_counter() - started}
    if tour is None:
        return Result(Answer.NO, None, "tour", stats)
    certificate: tuple[Move, ...] = tuple(zip(tour, tour[1:]))
    if not instance.verify(certificate):  # the lemma says it cannot happen; never answer YES unchecked
        stats["unproven"] = "the tour's capture sequence was rejected by the board"
        return Result(Answer.UNKNOWN, None, "tour", stats)
    return Result(Answer.YES, certificate, "tour", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("solochess", "tour", solve, fast=in_class),
)
