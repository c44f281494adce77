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

import hashlib
import random
import sys
import time
from typing import Callable, Mapping

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk, line_components, neighbours, villain_components
from npw.solvers.limits import remember
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
    return _applies(instance)[0]


def _applies(instance: SoloChess) -> tuple[str | None, list[frozenset[Point]] | None]:
    """(why the lemma does not cover the board or None, the villain components where computed)."""
    if instance.special is None:
        return ("the walk decider needs a special piece", None)
    if instance.capture_limit is not None:
        return ("the walk decider covers unlimited captures only", None)
    special_type = instance.piece_type(instance.special_kind() or "")
    if special_type.rides:
        return (f"the special piece must only leap ({special_type.name} rides)", None)
    villains = {p.kind for p in instance.pieces if p.square != instance.special}
    if len(villains) > 1:
        return (f"the walk decider needs villains of one type; the board has {', '.join(sorted(villains))}", None)
    components = None
    for kind in villains:
        vtype = instance.piece_type(kind)
        if vtype.rides and vtype.leaps:
            return (f"the villains must only leap or only ride ({kind} does both)", None)
        if vtype.rides and vtype.max_range:
            return (f"rider villains must have unbounded range ({kind}'s is {vtype.max_range})", None)
        moves = vtype.leaps + vtype.rides
        if {(-dx, -dy) for dx, dy in moves} != set(moves):
            return (f"the villains' moves must be symmetric ({kind}'s are not)", None)
        if vtype.rides:
            components = villain_components(instance)
            seen = set(components)
            for part in line_components(instance):
                if part not in seen:
                    return (f"the special piece splits a line of {kind}s: the villains in line with "
                            f"{min(part)} fall apart into more than one component"), None
    return None, components


def find_walk(instance: SoloChess, deadline: Deadline | None = None,
              shuffle: Callable[[list], None] | None = None,
              components: list[frozenset[Point]] | None = None) -> tuple[list[Point] | None, int]:
    """(a walk of the special piece meeting every villain component, or None; nodes searched);
    ``shuffle`` permutes the order in which each square's moves are tried; ``components``: the
    villain components when the caller has them already.

    Depth first over simple walks. Where the walk can go on in two ways or more (a *branch*), a
    breadth-first search finds R, the squares still reachable (not on the walk); the walk is
    dead if some component it has not met has no square in R. Only branches pay for the search:
    a forced step changes nothing a search could cut that the next branch or dead end does not.

    **Memo of failures.** What can still happen from a branch depends only on its square, on R
    (the walk's future squares lie in R, and the moves among them are fixed), and on which
    components with a square in R the walk has met (a component without one is met already, or
    the walk is dead). So a branch that failed fails again under the same three: they are the
    memo's key, R as the digest (BLAKE2b, 32 bytes) of its bitmap, not the set. On the ladders of
    the SAT reductions this makes a no-board's search polynomial in practice: at a junction the
    past matters only through the clauses still open across it.
    """
    squares = sorted({p.square for p in instance.pieces})
    start = instance.special
    assert start is not None
    index = {q: i for i, q in enumerate(squares)}
    size = len(squares)
    near = neighbours(instance.piece_type(instance.special_kind() or "").leaps, set(squares))
    moves = [[index[r] for r in near[q]] for q in squares]
    parts = villain_components(instance) if components is None else components
    component_of = [-1] * size
    for i, part in enumerate(parts):
        for q in part:
            component_of[index[q]] = i
    total = len(parts)
    here0 = index[start]
    on_walk = bytearray(size)
    on_walk[here0] = 1
    walk = [here0]
    hit = [0] * total
    met = 0
    failed: set[tuple[int, bytes, tuple[int, ...]]] = set()
    nodes = 0

    def survey(here: int) -> tuple[bytearray, set[int]]:
        """R's bitmap (one byte a square) and the components with a square in R."""
        seen = bytearray(size)
        queue = [here]
        found: set[int] = set()
        for u in queue:
            for r in moves[u]:
                if not seen[r] and not on_walk[r]:
                    seen[r] = 1
                    queue.append(r)
                    found.add(component_of[r])
        return seen, found

    def extend(here: int) -> bool:
        nonlocal nodes, met
        nodes += 1
        if deadline is not None and nodes & 63 == 0 and deadline.expired():
            raise OutOfTime
        if met == total:
            return True
        options = [r for r in moves[here] if not on_walk[r]]
        key = None
        if len(options) >= 2 or len(walk) == 1:
            reach, found = survey(here)
            if met + sum(1 for c in found if not hit[c]) < total:
                return False  # some component not met has no square left in reach
            key = (here, hashlib.blake2b(reach, digest_size=32).digest(),
                   tuple(sorted(c for c in found if hit[c])))
            if key in failed:
                return False
        if shuffle is not None:
            shuffle(options)
        for r in options:
            c = component_of[r]
            walk.append(r)
            on_walk[r] = 1
            hit[c] += 1
            if hit[c] == 1:
                met += 1
            if extend(r):
                return True
            hit[c] -= 1
            if not hit[c]:
                met -= 1
            on_walk[r] = 0
            walk.pop()
        if key is not None:
            remember(failed, key)
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * size + 1000))
    return ([squares[i] for i in walk] if extend(here0) else None), nodes


def solve(instance: SoloChess, timeout: float | None = None, order_seed: int | None = None) -> Result:
    """Decides a board of the lemma's class (see the module docstring); other boards raise
    InvalidInstance with the reason. ``order_seed``: try moves and build the villains' forest in
    a seeded random order, and interleave the special piece's steps with the villains' captures
    (other solutions; the answer does not depend on it)."""
    reason, components = _applies(instance)
    if reason:
        raise InvalidInstance(reason)
    started = time.perf_counter()
    rng = None if order_seed is None else random.Random(order_seed)
    try:
        walk, nodes = find_walk(instance, Deadline(timeout), None if rng is None else rng.shuffle, components)
    except OutOfTime:
        return Result(Answer.UNKNOWN, None, "walk", {"time": time.perf_counter() - started})
    stats = {"time": time.perf_counter() - started, "nodes": nodes}
    if walk is None:
        return Result(Answer.NO, None, "walk", stats)
    return Result(Answer.YES, captures_for_walk(instance, walk, rng), "walk", stats)
