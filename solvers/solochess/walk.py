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

import array
import hashlib
import random
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from npw.instances.base import InvalidInstance
from npw.instances.lazy import have_numba, lazy_njit
from npw.instances.solochess.board import Point, SoloChess
from npw.instances.solochess.collapse import captures_for_walk, line_components, neighbours, villain_components
from npw.solvers.limits import remember
from npw.solvers.result import Answer, Deadline, OutOfTime, Result

__all__ = ["Chains", "applies", "contract", "find_walk", "solve"]


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
    hit = array.array("i", bytes(4 * max(total, 1)))
    met = 0
    failed: set[tuple[int, bytes, bytes]] = set()
    nodes = 0
    chains = contract(moves, here0, component_of)
    survey = _compiled_survey(chains, on_walk, component_of, hit, total) if have_numba() else \
        _python_survey(chains, on_walk, component_of, hit)

    junction_of, square, incidence, route, first = (chains.junction_of, chains.square, chains.incidence,
                                                    chains.route, chains.first)

    def extend(here: int) -> bool:
        """From the junction square ``here``, the walk's last square: each way on is a chain,
        taken whole (its interior squares are forced steps), then the junction at its far end."""
        nonlocal nodes, met
        nodes += 1
        if deadline is not None and deadline.expired():
            raise OutOfTime
        if met == total:
            return True
        j = junction_of[here]
        options = [(square[v], route[j][k]) for k, (c, v) in enumerate(incidence[j])
                   if (not on_walk[first[c]] if first[c] >= 0 else not on_walk[square[v]])]
        key = None
        if len(options) >= 2 or len(walk) == 1:
            reach, unmet_in_reach, met_in_reach = survey(here)
            if met + unmet_in_reach < total:
                return False  # some component not met has no square left in reach
            key = (here, hashlib.blake2b(reach, digest_size=32).digest(), met_in_reach)
            if key in failed:
                return False
        if shuffle is not None:
            shuffle(options)
        for end, interior in options:
            steps = list(interior)
            if not on_walk[end]:
                steps.append(end)  # else the chain is a dead end: the walk can only stop in it
            done = False
            for r in steps:
                c = component_of[r]
                walk.append(r)
                on_walk[r] = 1
                hit[c] += 1
                if hit[c] == 1:
                    met += 1
                if met == total:
                    done = True
                    break
            nodes += len(interior)
            if done or (steps[-1] == end and extend(end)):
                return True
            for r in reversed(walk[len(walk) - len(steps):]):
                c = component_of[r]
                hit[c] -= 1
                if not hit[c]:
                    met -= 1
                on_walk[r] = 0
            del walk[len(walk) - len(steps):]
        if key is not None:
            remember(failed, key)
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * size + 1000))
    return ([squares[i] for i in walk] if extend(here0) else None), nodes


Survey = Callable[[int], tuple[bytes, int, bytes]]


@dataclass(frozen=True)
class Chains:
    """The special piece's move graph with its paths contracted. *Junctions* are the squares whose
    degree is not 2, the start, and one square of each cycle of degree-2 squares; a *chain* joins
    two junctions (or one to itself) through squares of degree 2, its *interior* (possibly none).
    A walk that stands on a junction has taken each chain's interior whole or not at all (an
    interior square has only its two neighbours, and the walk neither starts nor stands inside
    one), so from a junction R is the junctions reached plus the interiors of the chains reached:
    the survey is a search over junctions, not squares. The ladders of the SAT reductions are
    almost all path: 902 junctions of degree 4 against 27,092 squares of degree 2 on a board of
    29,033 pieces.

    ``incidence[j]``: (chain, the junction at its other end) for each chain at junction ``j``
    (twice for a chain from ``j`` to itself); ``route[j][k]``: the interior squares in the order
    a walk leaving ``j`` along ``incidence[j][k]`` takes them; ``first[c]``: a square of chain ``c``'s interior or
    -1; ``components[c]``: the villain components of its interior; ``square``, ``junction_of``:
    junction -> square and square -> junction (or -1).
    """

    square: tuple[int, ...]
    junction_of: tuple[int, ...]
    incidence: tuple[tuple[tuple[int, int], ...], ...]
    route: tuple[tuple[tuple[int, ...], ...], ...]
    first: tuple[int, ...]
    components: tuple[tuple[int, ...], ...]


def contract(moves: list[list[int]], start: int, component_of: list[int]) -> Chains:
    """The :class:`Chains` of a move graph (``moves``, squares numbered from 0). Where some move
    goes one way only (a pawn's), every square is a junction and every move a chain.

    >>> path = [[1], [0, 2], [1, 3], [2]]  # 0 - 1 - 2 - 3
    >>> chains = contract(path, 0, [0, 0, 1, 1])
    >>> chains.square, chains.incidence, chains.first, chains.components
    ((0, 3), (((0, 1),), ((0, 0),)), (1,), ((0, 1),))
    """
    size = len(moves)
    if any(q not in moves[r] for q in range(size) for r in moves[q]):
        # moves one way only (a pawn's): nothing is contracted, every move is a chain of its own
        incidence, count = [], 0
        for u in range(size):
            incidence.append(tuple((count + k, r) for k, r in enumerate(moves[u])))
            count += len(moves[u])
        return Chains(tuple(range(size)), tuple(range(size)), tuple(incidence),
                      tuple(((),) * len(row) for row in moves), (-1,) * count, ((),) * count)
    junction_of = [-1] * size
    square: list[int] = []

    def add_junction(q: int) -> None:
        junction_of[q] = len(square)
        square.append(q)

    for q in range(size):
        if len(moves[q]) != 2 or q == start:
            add_junction(q)
    incidence: list[list[tuple[int, int]]] = [[] for _ in square]
    route: list[list[tuple[int, ...]]] = [[] for _ in square]
    first: list[int] = []
    parts: list[tuple[int, ...]] = []
    taken = [False] * size  # interior squares already on a chain

    def trace(u: int, r: int) -> None:
        """The chain leaving junction square u through its neighbour r."""
        interior = []
        previous, current = u, r
        while junction_of[current] < 0:
            interior.append(current)
            taken[current] = True
            a, b = moves[current]
            previous, current = current, (b if a == previous else a)
        chain = len(first)
        first.append(interior[0] if interior else -1)
        parts.append(tuple(sorted({component_of[q] for q in interior})))
        incidence[junction_of[u]].append((chain, junction_of[current]))
        route[junction_of[u]].append(tuple(interior))
        incidence[junction_of[current]].append((chain, junction_of[u]))
        route[junction_of[current]].append(tuple(reversed(interior)))

    for j in range(len(square)):
        u = square[j]
        for r in moves[u]:
            if junction_of[r] >= 0:
                if u < r:  # a junction-junction move: a chain without interior, once
                    trace(u, r)
            elif not taken[r]:
                trace(u, r)
    for q in range(size):  # cycles of degree-2 squares that meet no junction: one square becomes one
        if junction_of[q] < 0 and not taken[q]:
            add_junction(q)
            incidence.append([])
            route.append([])
            trace(q, moves[q][0])
    return Chains(tuple(square), tuple(junction_of), tuple(tuple(i) for i in incidence),
                  tuple(tuple(r) for r in route), tuple(first), tuple(parts))


def _python_survey(chains: Chains, on_walk: bytearray, component_of: list[int], hit: array.array) -> Survey:
    """:func:`find_walk`'s survey from a junction, in Python: ``survey(here)`` is (R as the
    bitmap of the junctions and chains reached; how many components with a square in R the walk
    has not met; the sorted components with a square in R that it has met, as bytes)."""
    square, incidence, first, parts = chains.square, chains.incidence, chains.first, chains.components
    junctions, links = len(square), len(first)

    def survey(here: int) -> tuple[bytes, int, bytes]:
        seen = bytearray(junctions + links)
        queue = [chains.junction_of[here]]
        found: set[int] = set()
        for u in queue:
            for c, v in incidence[u]:
                if not seen[junctions + c] and (first[c] < 0 or not on_walk[first[c]]):
                    seen[junctions + c] = 1
                    found.update(parts[c])
                    if not seen[v] and not on_walk[square[v]]:
                        seen[v] = 1
                        queue.append(v)
                        found.add(component_of[square[v]])
        met = sorted(c for c in found if hit[c])
        return seen, len(found) - len(met), array.array("i", met).tobytes()

    return survey


def _compiled_survey(chains: Chains, on_walk: bytearray, component_of: list[int], hit: array.array,
                     total: int) -> Survey:
    """The same survey compiled by numba (the ``puzzles`` extra), about ten times faster than
    :func:`_python_survey`. The kernel reads ``on_walk`` and ``hit`` through numpy views of the
    caller's buffers, so the search's own bookkeeping stays in plain Python."""
    import numpy as np

    def flat(rows: Any) -> tuple[Any, Any]:
        pointer = np.zeros(len(rows) + 1, dtype=np.int64)
        pointer[1:] = np.cumsum([len(row) for row in rows])
        return pointer, np.array([x for row in rows for x in row] or [0], dtype=np.int64)

    incidence_at, incidence = flat([[x for pair in row for x in pair] for row in chains.incidence])
    parts_at, parts = flat(chains.components)
    square = np.array(chains.square, dtype=np.int64)
    junction_of = np.array(chains.junction_of, dtype=np.int64)
    first = np.array(chains.first or (0,), dtype=np.int64)
    on_walk_view = np.frombuffer(on_walk, dtype=np.uint8)
    hit_view = np.frombuffer(hit, dtype=np.int32)
    component_view = np.asarray(component_of, dtype=np.int64)
    seen = np.zeros(len(chains.square) + len(chains.first), dtype=np.uint8)
    found = np.zeros(max(total, 1), dtype=np.uint8)
    met = np.zeros(max(total, 1), dtype=np.int32)
    queue = np.zeros(len(chains.square) + 1, dtype=np.int64)

    def survey(here: int) -> tuple[bytes, int, bytes]:
        unmet, count = _survey_kernel(junction_of[here], incidence_at, incidence, first, parts_at, parts,
                                      square, on_walk_view, component_view, hit_view, seen, found, met, queue)
        return seen.tobytes(), unmet, met[:count].tobytes()

    return survey


@lazy_njit(cache=True)
def _survey_kernel(start, incidence_at, incidence, first, parts_at, parts, square, on_walk, component_of,  # type: ignore[no-untyped-def]
                   hit, seen, found, met, queue):
    """:func:`_python_survey`'s search: (components not met with a square in R, components met
    with one, written to ``met`` in increasing order); R's bitmap is left in ``seen``."""
    junctions = square.shape[0]
    seen[:] = 0
    found[:] = 0
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        for k in range(incidence_at[u], incidence_at[u + 1], 2):
            c = incidence[k]
            v = incidence[k + 1]
            if seen[junctions + c] == 0 and (first[c] < 0 or on_walk[first[c]] == 0):
                seen[junctions + c] = 1
                for i in range(parts_at[c], parts_at[c + 1]):
                    found[parts[i]] = 1
                if seen[v] == 0 and on_walk[square[v]] == 0:
                    seen[v] = 1
                    queue[tail] = v
                    tail += 1
                    found[component_of[square[v]]] = 1
    unmet = 0
    count = 0
    for c in range(found.shape[0]):
        if found[c]:
            if hit[c]:
                met[count] = c
                count += 1
            else:
                unmet += 1
    return unmet, count


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
