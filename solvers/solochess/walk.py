"""Solo Chess with a special *leaper* and villains of one symmetric type, decided by the special
piece's walk (our lemmas, written for the SAT reductions of Theorems 3.9 and 3.10 of Brunner et
al., "Complexity of Solo Chess with Unlimited Moves"; not results of the paper).

The class: a special (uncapturable) piece whose type only leaps (king, knight, pawn or a fairy
leaper), every other piece of one type T, no capture limit, and either T only leaps with offsets
closed under negation (knight, king), or T only rides, unbounded, with directions closed under
negation (bishop, rook, queen) and the *line condition* below holds.

**Lemma (villains first).** Every solution can be reordered so that all villain captures come
before the special piece's first capture. Squares only ever empty, so a square occupied when a
capture was made was occupied at every earlier time; moving a villain capture earlier keeps its
two squares occupied (the special piece still stands on its first square, which no villain ever
captures on), and leapers (and riders on sparse lines) are never blocked. A square the special piece captures on is occupied
when it arrives in the original order, hence never vacated by a villain before (after the
special piece has left it, it is empty, so no villain leaves it later either).

**Consequence.** Let the *villain components* be the connected components of the T-move graph
on the initial villain squares (moves of T are symmetric). The board is solvable iff the special
piece has a walk W (a simple path of its moves over initially occupied squares, from its own
square) meeting every villain component. Necessity: villains only capture within their own
component, and the special piece captures only on W, so a component W misses keeps a piece.
Sufficiency: in each component take a forest of shortest paths to the squares of W in it (a
multi-source breadth-first search), let every other piece capture its parent, deepest first (the
children of a square are done before it moves, roots never move), then let the special piece
walk W capturing the one villain left on each of its squares.

**Lemma (rider villains).** Let T ride. Two villains are *in line* when they share a line of
T (whatever stands between), and *see each other* when they are consecutive pieces on such a
line in the initial position (the special piece counts as a piece). Line condition: the
components of "in line" equal those of "see each other" (:func:`~npw.instances.solochess.collapse.line_components`
against :func:`~npw.instances.solochess.collapse.villain_components`; they can differ only where
the special piece's square splits a line of villains). Then, with these components, the same
consequence holds. Necessity needs no reordering: a villain captures only a villain in line
with it, so pieces never leave their "in line" component, and the special piece captures only on
its walk (squares never refill, so the squares it takes form a simple path of its moves from its
first square); a component the walk misses keeps a piece. Sufficiency: collapse along the "see
each other" forest first while the special piece stands still: the squares between a child and
its parent were empty initially and stay empty, so every such capture is legal; then walk.

:func:`solve` searches the simple walks depth first, pruning a walk when some component it has
not met has no square left that the special piece can still reach; boards outside the class
raise :class:`~npw.instances.base.InvalidInstance` (the exhaustive ``search`` decider takes them).

>>> from npw.instances.solochess.board import Piece
>>> board = SoloChess(4, 3, (Piece(0, 0, "king"), Piece(1, 1, "knight"), Piece(3, 2, "knight"),
...                          Piece(2, 0, "knight")), special=(0, 0))
>>> result = solve(board)
>>> result.answer.value, board.verify(result.certificate)
('YES', True)
>>> solve(SoloChess(4, 1, (Piece(0, 0, "king"), Piece(3, 0, "knight")), special=(0, 0))).answer.value
'NO'
"""

from __future__ import annotations

import random
import sys
import time
from collections import deque
from typing import Callable, Mapping

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk, line_components, neighbours, villain_components
from npw.solvers.result import Answer, Deadline, OutOfTime, Result

__all__ = ["applies", "find_walk", "solve"]


def applies(instance: SoloChess) -> str | None:
    """None if the lemma covers the board, else why not.

    >>> from npw.instances.solochess.board import Piece
    >>> applies(SoloChess(2, 2, (Piece(0, 0, "king"), Piece(1, 1, "rook")), special=(0, 0))) is None
    True
    >>> applies(SoloChess(3, 3, (Piece(1, 1, "king"), Piece(0, 0, "bishop"), Piece(2, 2, "bishop")), special=(1, 1)))
    'the special piece splits a line of bishops: the villains in line with (0, 0) fall apart into more than one component'
    """
    if instance.special is None:
        return "the walk decider needs a special piece"
    if instance.capture_limit is not None:
        return "the walk decider covers unlimited captures only"
    special_type = instance.piece_type(instance.special_kind() or "")
    if special_type.rides:
        return f"the special piece must only leap ({special_type.name} rides)"
    villains = {p.kind for p in instance.pieces if p.square != instance.special}
    if len(villains) > 1:
        return f"the walk decider needs villains of one type; the board has {', '.join(sorted(villains))}"
    for kind in villains:
        vtype = instance.piece_type(kind)
        if vtype.rides and vtype.leaps:
            return f"the villains must only leap or only ride ({kind} does both)"
        if vtype.rides and vtype.max_range:
            return f"rider villains must have unbounded range ({kind}'s is {vtype.max_range})"
        moves = vtype.leaps + vtype.rides
        if {(-dx, -dy) for dx, dy in moves} != set(moves):
            return f"the villains' moves must be symmetric ({kind}'s are not)"
        if vtype.rides:
            seen = set(villain_components(instance))
            for part in line_components(instance):
                if part not in seen:
                    return (f"the special piece splits a line of {kind}s: the villains in line with "
                            f"{min(part)} fall apart into more than one component")
    return None


def find_walk(instance: SoloChess, deadline: Deadline | None = None,
              shuffle: Callable[[list], None] | None = None) -> tuple[list[Point] | None, int]:
    """(a walk of the special piece meeting every villain component, or None; nodes searched);
    ``shuffle`` permutes the order in which each square's moves are tried."""
    squares = {p.square for p in instance.pieces}
    start = instance.special
    assert start is not None
    moves = neighbours(instance.piece_type(instance.special_kind() or "").leaps, squares)
    component_of: Mapping[Point, int] = {q: i for i, part in enumerate(villain_components(instance)) for q in part}
    total = len(set(component_of.values()))
    walk, on_walk = [start], {start}
    hit: dict[int, int] = {}  # component -> squares of the walk in it
    nodes = 0

    def reachable_components(here: Point) -> set[int]:
        seen, queue = {here}, deque([here])
        while queue:
            for r in moves[queue.popleft()]:
                if r not in seen and r not in on_walk:
                    seen.add(r)
                    queue.append(r)
        return {component_of[q] for q in seen if q in component_of}

    def extend(here: Point) -> bool:
        nonlocal nodes
        nodes += 1
        if deadline is not None and nodes & 63 == 0 and deadline.expired():
            raise OutOfTime
        if len(hit) == total:
            return True
        if not set(range(total)) - set(hit) <= reachable_components(here) | set(hit):
            return False
        options = list(moves[here])
        if shuffle is not None:
            shuffle(options)
        for r in options:
            if r in on_walk:
                continue
            c = component_of[r]
            walk.append(r)
            on_walk.add(r)
            hit[c] = hit.get(c, 0) + 1
            if extend(r):
                return True
            hit[c] -= 1
            if not hit[c]:
                del hit[c]
            on_walk.discard(r)
            walk.pop()
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * len(squares) + 1000))
    return (list(walk) if extend(start) else None), nodes


def solve(instance: SoloChess, timeout: float | None = None, order_seed: int | None = None) -> Result:
    """Decides a board of the lemma's class (see the module docstring); other boards raise
    InvalidInstance with the reason. ``order_seed``: try moves and build the villains' forest in
    a seeded random order, and interleave the special piece's steps with the villains' captures
    (other solutions; the answer does not depend on it)."""
    reason = applies(instance)
    if reason:
        raise InvalidInstance(reason)
    started = time.perf_counter()
    rng = None if order_seed is None else random.Random(order_seed)
    try:
        walk, nodes = find_walk(instance, Deadline(timeout), None if rng is None else rng.shuffle)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "walk", {"time": time.perf_counter() - started})
    stats = {"time": time.perf_counter() - started, "nodes": nodes}
    if walk is None:
        return Result(Answer.NO, None, "walk", stats)
    return Result(Answer.YES, captures_for_walk(instance, walk, rng), "walk", stats)
