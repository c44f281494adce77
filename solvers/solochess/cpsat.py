"""Solo Chess with a special piece, through OR-Tools CP-SAT: the special piece's path under a
relaxation that ignores blocking. This decider was written to give a second opinion on the
knight^1 + queen NO boards of ``pm3sat-to-solochess-knight-queen`` (issue 34, part 4), where the
exhaustive search times out. Its NO argument is its own, below. It does not rest on the walk
lemma of :mod:`npw.solvers.solochess.walk`, nor on that module's components or search.

The boards: a special piece (never captured), villains of one type, and any capture limit.

**NO (the relaxation).** Join two villain squares when a villain on one could capture on the
other *if nothing blocked*: a leap, or a ride within range along one of the type's directions.
Join them both ways (an asymmetric type such as a pawn included). Call the connected
components of this graph the *relaxed components*. Three facts:

1. Every occupied square is a square occupied at the start, because captures only empty squares.
2. A villain on a square of component C captures only on a square joined to its own, so it
   stays on the squares of C. A square of C is therefore only ever held by C's villains or by
   the special piece.
3. The special piece is never captured, so it is the last piece left. Every villain of C must
   go, and C's last villain can only be taken by the special piece. C's villains cannot take it,
   because each capture keeps one of them on the board, and other villains never reach C's
   squares. So the special piece captures on some square of C.

The special piece's captures happen at consecutive moves of its own (ignoring blocking, a
superset again), each on a square still occupied, so never on a square it has left: its squares
form a simple path from its start in the graph of its relaxed moves over the occupied squares.
So if no such path meets every relaxed component, the board is NO. CP-SAT decides whether such a
path exists. The model is an ``AddCircuit`` over the occupied squares plus a depot: the depot
leads to the start, each square may lead back to the depot (the path ends there), a square off
the path takes its self-loop, and every relaxed component needs a square on the path. An
INFEASIBLE answer is the NO.

**YES (checked, not argued).** From a path CP-SAT finds, :func:`capture_sequence` builds a
complete capture sequence. While a villain not on the path can capture another villain now (the
board's own move rules: blocking and the capture limit), it does so, the deepest first towards
the path's squares. Then the special piece walks the path. The decider answers YES only if
:meth:`SoloChess.verify` accepts the whole sequence. Otherwise the answer is UNKNOWN: the
relaxation may be too generous, for example where riders block.

On the boards of Theorems 3.9-3.11 (special leaper, villains on sparse lines or leapers) the
relaxed components are the real ones, so the model is exact and both answers come.

OR-Tools is an optional dependency (``pip install "npw[cp]"``); without it this decider reports
itself unavailable.

>>> from npw.instances.solochess.board import Piece
>>> board = SoloChess(4, 3, (Piece(0, 0, "king"), Piece(1, 1, "knight"), Piece(3, 2, "knight"),
...                          Piece(2, 0, "knight")), special=(0, 0))
>>> result = solve(board, timeout=30)
>>> result.answer.value, board.verify(result.certificate)
('YES', True)
>>> solve(SoloChess(4, 1, (Piece(0, 0, "king"), Piece(3, 0, "knight")), special=(0, 0)), timeout=30).answer.value
'NO'
"""

from __future__ import annotations

import time
from collections import deque
from typing import Sequence

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Move, PieceType, Point, SoloChess
from npw.instances.solochess.collapse import components_of
from npw.solvers.registry import Decider
from npw.solvers.child import warm_up
from npw.solvers.cp_sat import solve_within
from npw.solvers.result import Answer, Deadline, Result

__all__ = ["DECIDERS", "capture_sequence", "relaxed_components", "relaxed_reach", "solve"]


def _cp_model():
    try:
        from ortools.sat.python import cp_model
    except ImportError as error:  # optional extra
        raise InvalidInstance('the cpsat decider needs OR-Tools: pip install "npw[cp]"') from error
    return cp_model


def relaxed_reach(ptype: PieceType, origin: Point, squares: set[Point], width: int, height: int) -> list[Point]:
    """The squares of ``squares`` a piece of ``ptype`` on ``origin`` could capture on if nothing
    blocked it (leaps, and rides within range).

    >>> from npw.instances.solochess.board import STANDARD_TYPES
    >>> relaxed_reach(STANDARD_TYPES["rook"], (0, 0), {(0, 3), (1, 0), (2, 2), (0, 1)}, 4, 4)
    [(1, 0), (0, 1), (0, 3)]
    """
    found: list[Point] = []
    for target, _between in ptype.paths(origin, width, height):
        if target in squares and target not in found:
            found.append(target)
    return found


def relaxed_components(instance: SoloChess) -> list[frozenset[Point]]:
    """The relaxed components of the villains (see the module docstring): villain squares joined
    when a villain on one could capture on the other, ignoring blocking, either way.

    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(3, 3, (Piece(1, 1, "king"), Piece(0, 0, "bishop"), Piece(2, 2, "bishop"),
    ...                          Piece(0, 2, "bishop")), special=(1, 1))
    >>> sorted(sorted(part) for part in relaxed_components(board))
    [[(0, 0), (2, 2)], [(0, 2)]]
    """
    villains = {p.square for p in instance.pieces if p.square != instance.special}
    joined: dict[Point, set[Point]] = {q: set() for q in villains}
    for p in instance.pieces:
        if p.square == instance.special:
            continue
        for r in relaxed_reach(instance.piece_type(p.kind), p.square, villains, instance.width, instance.height):
            joined[p.square].add(r)
            joined[r].add(p.square)
    return components_of(villains, joined)


def capture_sequence(instance: SoloChess, path: Sequence[Point]) -> tuple[Move, ...] | None:
    """Villains not on ``path`` capture, by the board's own rules, towards the path's squares
    (the farthest from them first, as measured in legal captures of the initial position), until
    none can; then the special piece walks ``path``. The sequence if the board accepts it, else
    None."""
    kinds = {p.square: p.kind for p in instance.pieces}
    on_path = set(path[1:])
    captures = {q: 0 for q in kinds}
    limit = instance.capture_limit

    def legal(u: Point, occupied: dict[Point, str]) -> list[Point]:
        ptype = instance.piece_type(occupied[u])
        return [v for v, between in ptype.paths(u, instance.width, instance.height)
                if v in occupied and v != instance.special and v != u and not any(b in occupied for b in between)]

    # distance (in captures of the initial position, reversed) from the path's villain squares
    villains = {q for q in kinds if q != instance.special}
    into: dict[Point, list[Point]] = {q: [] for q in villains}
    for u in villains:
        for v in legal(u, kinds):
            into[v].append(u)
    depth = {q: 0 for q in on_path if q in villains}
    queue = deque(depth)
    while queue:
        v = queue.popleft()
        for u in into[v]:
            if u not in depth:
                depth[u] = depth[v] + 1
                queue.append(u)
    occupied = dict(kinds)
    moves: list[Move] = []
    progress = True
    while progress:
        progress = False
        for u in sorted((q for q in occupied if q in villains and q not in on_path),
                        key=lambda q: (-depth.get(q, 0), q)):
            if u not in occupied or (limit is not None and captures[u] >= limit):
                continue
            targets = [v for v in legal(u, occupied) if depth.get(v, 10**9) < depth.get(u, 10**9)]
            if not targets:
                continue
            v = min(targets, key=lambda t: (depth.get(t, 10**9), t))
            occupied[v] = occupied.pop(u)
            captures[v] = captures.pop(u) + 1
            moves.append((u, v))
            progress = True
    moves += list(zip(path, path[1:]))
    certificate = tuple(moves)
    return certificate if instance.verify(certificate) else None


def solve(instance: SoloChess, timeout: float | None = None, workers: int = 1) -> Result:
    """Decides a board with a special piece and villains of one type (see the module
    docstring): NO when no relaxed path of the special piece meets every relaxed component
    (CP-SAT INFEASIBLE), YES with a capture sequence the board accepts, else UNKNOWN."""
    start_time = time.perf_counter()
    if instance.special is None:
        raise InvalidInstance("the cpsat decider needs a special piece")
    kinds = {p.kind for p in instance.pieces if p.square != instance.special}
    if len(kinds) > 1:
        raise InvalidInstance(f"the cpsat decider needs villains of one type; the board has {', '.join(sorted(kinds))}")
    if len(instance.pieces) == 1:
        return Result(Answer.YES, (), "cpsat", {"time": 0.0})
    deadline = Deadline(timeout)
    loaded, cp_model = warm_up("ortools", _cp_model, deadline.remaining())
    if not loaded:
        return Result(Answer.UNKNOWN, None, "cpsat", {"time": time.perf_counter() - start_time,
                                                      "timed_out_while": "loading OR-Tools"})
    squares = sorted(p.square for p in instance.pieces)
    index = {q: i + 1 for i, q in enumerate(squares)}  # node 0 is the depot
    occupied = set(squares)
    start = index[instance.special]
    special_type = instance.piece_type(instance.special_kind() or "")
    model = cp_model.CpModel()
    arcs = [(0, start, model.NewConstant(1))]
    visited = {start: model.NewConstant(1)}
    into: dict[int, list] = {}
    for q in squares:
        i = index[q]
        end = model.NewBoolVar(f"end{i}")
        arcs.append((i, 0, end))
        if i != start:
            skip = model.NewBoolVar(f"skip{i}")
            arcs.append((i, i, skip))
            visited[i] = skip.Not()
        for r in relaxed_reach(special_type, q, occupied, instance.width, instance.height):
            j = index[r]
            if j == start:
                continue
            arc = model.NewBoolVar(f"a{i}_{j}")
            arcs.append((i, j, arc))
            into.setdefault(j, []).append(arc)
    for i in range(1, len(squares) + 1):
        if i != start and i not in into:
            model.Add(visited[i] == 0)  # no way in
    model.AddCircuit(arcs)
    components = relaxed_components(instance)
    for part in components:
        model.AddBoolOr([visited[index[q]] for q in part])
    encode_seconds = time.perf_counter() - start_time
    solver, status = solve_within(cp_model, model, deadline, timeout, workers)
    stats = {"time": time.perf_counter() - start_time, "encode_seconds": encode_seconds,
             "components": len(components), "branches": solver.NumBranches(), "conflicts": solver.NumConflicts()}
    if status == cp_model.INFEASIBLE:
        return Result(Answer.NO, None, "cpsat", stats)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        stats["timed_out_while"] = "solving"
        return Result(Answer.UNKNOWN, None, "cpsat", stats)
    successor = {i: j for i, j, lit in arcs if i != j and solver.Value(lit)}
    path, node = [instance.special], successor[start]
    while node != 0:
        path.append(squares[node - 1])
        node = successor[node]
    certificate = capture_sequence(instance, path)
    stats["time"] = time.perf_counter() - start_time
    if certificate is None:
        stats["unproven"] = "the relaxed path's capture sequence is not legal on the board"
        return Result(Answer.UNKNOWN, None, "cpsat", stats)
    return Result(Answer.YES, certificate, "cpsat", stats)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("solochess", "cpsat", solve),
)
