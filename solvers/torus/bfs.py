"""Exhaustive search for the torus puzzle (seed 001, Section 3 and the Discussion).

* :func:`distance_distribution`: breadth-first search over every configuration
  reachable from the initial one, in either metric. States are numpy arrays of
  pieces; each is ranked by its Lehmer code (a perfect hash into 0..(mn)!-1), so the
  visited set is one int8 array of (mn)! entries (3x3: 362,880; only the 181,440
  even ones are reachable, Lemma 2). The puzzle graph is a Cayley graph (every
  move's inverse is a move), hence vertex-transitive: the eccentricity of the
  initial configuration is the diameter over all pairs.
* :func:`optimal_moves`: bidirectional BFS between a board and the initial
  configuration, level by level; the shortest path through any meeting state of the
  first level that meets is optimal.
* :func:`solve`: the ``torus`` decider ("bfs"): optimal cost against the bound.

Metrics: *drag*, one step = one line shifted by any amount (1..n-1 for a row);
*push*, one step = one line shifted by one place.
"""

from __future__ import annotations

import math
import operator
import time
from typing import Iterator

import numpy as np

from npw.instances.base import InvalidInstance
from npw.instances.torus.puzzle import TorusBoard, TorusPuzzle
from npw.instances.torus.moves import METRICS, Move, cost, shift
from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "MAX_CELLS_DIAMETER", "all_distances", "distance_distribution", "generators", "optimal_moves",
           "solve"]

MAX_CELLS_DIAMETER = 10  # 10! ranks = 3.6 MB of distances; 11! would be 40 MB and hours of Python-side work


def generators(rows: int, cols: int, metric: str) -> list[tuple[Move, np.ndarray]]:
    """(move, source index array): ``new = old[index]`` applies the move; duplicates dropped."""
    if metric not in METRICS:
        raise InvalidInstance(f"unknown metric {metric!r} (use drag or push)")
    moves: list[Move] = []
    for axis, lines, length in (("R", rows, cols), ("C", cols, rows)):
        amounts = range(1, length) if metric == "drag" else (1, -1)
        # shift() writes each as its shortest direction (R0W1 rather than R0E2 on 3 columns)
        moves += [m for line in range(lines if length > 1 else 0) for k in amounts
                  if (m := shift(axis, line, k, length)) is not None]
    identity = TorusBoard.initial(rows, cols)
    result, seen = [], set()
    for move in moves:
        # apply to the board of indices 1..mn: the piece now at cell i came from cell index[i]
        index = np.array(identity.apply((move,)).cells, dtype=np.intp) - 1
        key = index.tobytes()
        if key not in seen:
            seen.add(key)
            result.append((move, index))
    return result


def _rank(states: np.ndarray) -> np.ndarray:
    """Lehmer rank of each row (a permutation of 0..N-1) in 0..N!-1."""
    count, size = states.shape
    ranks = np.zeros(count, dtype=np.int64)
    for i in range(size - 1):
        smaller_after = (states[:, i + 1:] < states[:, i:i + 1]).sum(axis=1)
        ranks += smaller_after * math.factorial(size - 1 - i)
    return ranks


def distance_distribution(rows: int, cols: int, metric: str = "drag") -> dict:
    """BFS from the initial configuration: {"rows","cols","metric","states","diameter","distribution"}."""
    size = rows * cols
    if size > MAX_CELLS_DIAMETER or rows < 1 or cols < 1:
        raise InvalidInstance(f"diameter by BFS is limited to boards of at most {MAX_CELLS_DIAMETER} cells "
                              f"({rows} x {cols} has {size})")
    gens = generators(rows, cols, metric)
    seen = np.zeros(math.factorial(size), dtype=bool)
    frontier = np.arange(size, dtype=np.int8).reshape(1, size)
    seen[_rank(frontier)] = True
    distribution = [1]
    while True:
        candidates = np.concatenate([frontier[:, index] for _, index in gens]) if gens else frontier[:0]
        ranks = _rank(candidates)
        ranks, first = np.unique(ranks, return_index=True)
        fresh = ~seen[ranks]
        if not fresh.any():
            break
        seen[ranks[fresh]] = True
        frontier = candidates[first[fresh]]
        distribution.append(int(fresh.sum()))
    return {"rows": rows, "cols": cols, "metric": metric, "states": int(sum(distribution)),
            "diameter": len(distribution) - 1, "distribution": distribution}


def optimal_moves(board: TorusBoard, metric: str = "drag", deadline: Deadline | None = None,
                  max_states: int = 5_000_000) -> list[Move] | None:
    """A shortest sequence from ``board`` to the initial configuration, or None if unreachable.

    Raises TimeoutError when the deadline passes or more than ``max_states`` states are stored.
    """
    rows, cols = board.rows, board.cols
    goal = tuple(range(1, rows * cols + 1))
    start = board.cells
    if start == goal:
        return []
    gens = [(move, operator.itemgetter(*index.tolist())) for move, index in generators(rows, cols, metric)]
    inverse = {move: move.inverse() for move, _ in gens}
    # parent maps: state -> (previous state, move taking previous to state)
    forward: dict[tuple, tuple | None] = {start: None}
    backward: dict[tuple, tuple | None] = {goal: None}
    front_f, front_b = [start], [goal]
    while front_f and front_b:
        expand_forward = len(front_f) <= len(front_b)
        frontier, mine, other = (front_f, forward, backward) if expand_forward else (front_b, backward, forward)
        next_level, meetings = [], []
        for state in frontier:
            if deadline is not None and deadline.expired():
                raise TimeoutError
            for move, take in gens:
                child = take(state)
                if child in mine:
                    continue
                mine[child] = (state, move)
                next_level.append(child)
                if child in other:
                    meetings.append(child)
        if len(forward) + len(backward) > max_states:
            raise TimeoutError
        if meetings:
            def depth(state: tuple, parents: dict) -> int:
                d = 0
                while parents[state] is not None:
                    state = parents[state][0]
                    d += 1
                return d

            meet = min(meetings, key=lambda s: depth(s, forward) + depth(s, backward))
            path: list[Move] = []
            state = meet
            while forward[state] is not None:
                state, move = forward[state]
                path.append(move)
            path.reverse()
            state = meet
            while backward[state] is not None:
                # the backward tree applies moves from the goal side: walking towards the goal inverts them
                previous, move = backward[state]
                path.append(inverse[move])
                state = previous
            return path
        if expand_forward:
            front_f = next_level
        else:
            front_b = next_level
    return None


def solve(instance: TorusPuzzle, timeout: float | None = None, max_states: int = 5_000_000) -> Result:
    """Optimal cost by bidirectional BFS against the bound; UNKNOWN past the deadline or state budget.

    >>> from npw.instances.torus.puzzle import TorusBoard
    >>> from npw.instances.torus.moves import moves_to_json, parse_moves
    >>> board = TorusBoard.initial(2, 3).apply(parse_moves("R0E1 C2S1"))
    >>> result = solve(TorusPuzzle(board.rows, board.cols, board.cells, bound=2))
    >>> result.answer, moves_to_json(result.certificate), result.stats["optimal"]
    (<Answer.YES: 'YES'>, ['C2S1', 'R0W1'], 2)
    >>> solve(TorusPuzzle(board.rows, board.cols, board.cells, bound=1)).answer
    <Answer.NO: 'NO'>
    """
    start = time.perf_counter()
    board = instance.board
    ok, reason = board.solvable()
    if not ok:
        return Result(Answer.NO, None, "bfs", {"time": time.perf_counter() - start, "reason": reason})
    try:
        moves = optimal_moves(board, instance.metric, Deadline(timeout), max_states)
    except TimeoutError:
        return Result(Answer.UNKNOWN, None, "bfs", {"time": time.perf_counter() - start})
    stats = {"time": time.perf_counter() - start}
    if moves is None:
        return Result(Answer.NO, None, "bfs", stats)
    stats["optimal"] = cost(moves, instance.metric)
    if instance.bound is not None and stats["optimal"] > instance.bound:
        return Result(Answer.NO, None, "bfs", stats)
    return Result(Answer.YES, tuple(moves), "bfs", stats)


def all_distances(rows: int, cols: int, metric: str) -> Iterator[tuple[tuple[int, ...], int]]:
    """(board cells, distance) for every reachable board of a small puzzle (plain dict BFS;
    for tests that compare the bidirectional search against a full one)."""
    gens = [operator.itemgetter(*index.tolist()) for _, index in generators(rows, cols, metric)]
    goal = tuple(range(1, rows * cols + 1))
    distance = {goal: 0}
    frontier = [goal]
    while frontier:
        next_level = []
        for state in frontier:
            for take in gens:
                child = take(state)
                if child not in distance:
                    distance[child] = distance[state] + 1
                    next_level.append(child)
        frontier = next_level
    yield from distance.items()


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("torus", "bfs", solve),
)
