"""Theorem 2.16 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves": Solo Chess
with one special (uncapturable) hero of type S and villains of one type T, where S is a subset
of T and T is symmetric, is decided in polynomial time (Section 2.3).

Notation follows the paper, on the set L of initially occupied squares, p_0 the hero's square:

* ICG(V, B): villain moves between squares of V whose inside meets no square of V or B;
* a hero path p_0..p_k: hero captures valid on the initial board with villains standing still;
* H_i = ICG(L - {p_0..p_i}, {p_i}),  G_k = ICG(L - {p_0..p_k}, {});
* v is *strongly capturable* by p_0..p_k if some i < k has a walk v ~> p_{i+1} in H_i;
* v is *weakly capturable after* p_0..p_k if some extension p_0..p_k..p_k' (k' > k) is a hero
  path with a walk v ~> p_k' in G_k. The possible ends p_k' are the squares reachable from p_k
  by hero moves that ignore blocking (blockers are villains, which the hero can capture on its
  way: the Split argument; a shortest such route never jumps over its own later squares);
* a path is *interesting* if some villain is weakly but not strongly capturable (Section 2.4).

The search walks the tree of interesting hero paths (Corollary 2.12: every proper prefix of a
minimal solution is interesting; Lemma 2.14 bounds the tree) and stops at a hero path that makes
every villain strongly capturable (Lemmas 2.7-2.9). The captures are then built as in the proof
of Lemma 2.8: villains by decreasing rank, each walking its simple path in H_rank until it
meets a square already used, all of it written in reverse.

Boards outside the theorem (no special piece, villains of two types, a hero type that is not a
subset of the villain type, an asymmetric villain type such as the pawn, a capture limit) raise
InvalidInstance. The subset and symmetry conditions are checked on the board itself.
"""

from __future__ import annotations

import time
from collections import deque

from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import SoloChess
from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.solochess.moves import CompiledBoard, compile_board
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "applies", "solve"]


def _move_shapes(instance: SoloChess, kind: str) -> tuple[frozenset, dict]:
    """The moves of ``kind`` that fit on the board, by shape: ``(steps, rides)``.

    A move's shape is its displacement and the squares strictly between, taken relative to its
    origin. The shape does not depend on where the move starts, and it fits on a W x H board
    exactly when its displacement does, since the squares between lie in the same box. So two
    pieces have the same moves on the board iff they have the same shapes. Shapes are kept in
    closed form, never listed:

    * ``steps`` holds the displacements of the moves with nothing between: every leap, and the
      first step of every ride;
    * ``rides[d]`` is the longest ride in direction ``d`` that fits, at least 2 steps. A ride of
      ``k`` steps has the squares ``d, 2d, ..., (k-1)d`` between, so it equals no other piece's
      move but a ride of ``k`` steps in the same direction.

    Listing moves instead did not scale. One listing per square meant 600 million squares between
    for rooks on the 229 x 125 board of a hampath-to-solochess target, and even one listing from
    the centre took minutes for the queen on a 7,525-wide board.

    >>> from npw.instances.solochess.board import Piece
    >>> board = SoloChess(3, 1, (Piece(0, 0, "rook"), Piece(2, 0, "rook")))
    >>> steps, rides = _move_shapes(board, "rook")
    >>> sorted(steps), rides
    ([(-1, 0), (1, 0)], {(1, 0): 2, (-1, 0): 2})
    """
    ptype = instance.piece_type(kind)
    width, height = instance.width, instance.height

    def fits(dx: int, dy: int) -> bool:
        return (dx, dy) != (0, 0) and abs(dx) < width and abs(dy) < height

    steps = {d for d in ptype.leaps if fits(*d)} | {d for d in ptype.rides if fits(*d)}
    rides: dict = {}
    for dx, dy in ptype.rides:
        if (dx, dy) == (0, 0):
            continue
        longest = min((width - 1) // abs(dx) if dx else width * height,
                      (height - 1) // abs(dy) if dy else width * height)
        if ptype.max_range:
            longest = min(longest, ptype.max_range)
        if longest >= 2:
            rides[(dx, dy)] = max(rides.get((dx, dy), 0), longest)
    return frozenset(steps), rides


def applies(instance: SoloChess) -> str | None:
    """None if Theorem 2.16 covers the board, else the reason it does not."""
    if instance.special is None:
        return "Theorem 2.16 needs a special (hero) piece"
    if instance.capture_limit is not None:
        return "Theorem 2.16 covers unlimited captures only"
    hero = instance.special_kind()
    villains = {p.kind for p in instance.pieces if p.square != instance.special}
    if len(villains) > 1:
        return f"Theorem 2.16 needs villains of one type; the board has {', '.join(sorted(villains))}"
    if not villains:
        return None
    villain = villains.pop()
    (hero_steps, hero_rides), (villain_steps, villain_rides) = _move_shapes(instance, hero), _move_shapes(instance, villain)
    if not hero_steps <= villain_steps or any(villain_rides.get(d, 0) < k for d, k in hero_rides.items()):
        return f"Theorem 2.16 needs the hero type ({hero}) to be a subset of the villain type ({villain})"
    if any((-dx, -dy) not in villain_steps for dx, dy in villain_steps) or \
            any(villain_rides.get((-dx, -dy), 0) != k for (dx, dy), k in villain_rides.items()):
        return f"Theorem 2.16 needs a symmetric villain type; {villain} is not"
    return None


class _Hero:
    def __init__(self, board: CompiledBoard) -> None:
        self.board = board
        self.n = board.size
        self.hero = board.special
        kinds = {board.start[u] for u in range(self.n) if u != self.hero}
        self.villain_kind = kinds.pop() if kinds else board.start[self.hero]
        self.hero_kind = board.start[self.hero]
        self.all = (1 << self.n) - 1

    def icg_reverse_reach(self, vertices: int, blocked: int, goals: int) -> int:
        """Bitmask of vertices of ICG(vertices, blocked) with a walk into ``goals``."""
        moves = self.board.moves[self.villain_kind]
        wall = vertices | blocked
        reached = goals & vertices
        frontier = reached
        # reverse search: u joins when it has an edge u -> w with w reached
        changed = True
        while changed:
            changed = False
            rest = vertices & ~reached
            while rest:
                low = rest & -rest
                rest ^= low
                u = low.bit_length() - 1
                for w, block in moves[u]:
                    if (reached >> w) & 1 and not block & wall:
                        reached |= low
                        changed = True
                        break
        _ = frontier
        return reached

    def icg_path(self, vertices: int, blocked: int, source: int, goal: int) -> list[int]:
        """A shortest walk source ~> goal in ICG(vertices, blocked) (a simple path)."""
        moves = self.board.moves[self.villain_kind]
        wall = vertices | blocked
        parent = {source: None}
        queue = deque([source])
        while queue:
            u = queue.popleft()
            if u == goal:
                break
            for w, block in moves[u]:
                if (vertices >> w) & 1 and not block & wall and w not in parent:
                    parent[w] = u
                    queue.append(w)
        path = [goal]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        return path[::-1]

    def hero_steps(self, path: list[int], visited: int) -> list[int]:
        """Hero captures valid from the path's end with villains standing still."""
        remaining = self.all & ~visited
        return [v for v, block in self.board.moves[self.hero_kind][path[-1]]
                if (remaining >> v) & 1 and not block & remaining]

    def weakly(self, path: list[int], visited: int) -> int:
        """Villains weakly capturable after the path."""
        vertices = self.all & ~visited
        ends, frontier = 0, [path[-1]]
        while frontier:
            u = frontier.pop()
            for v, _block in self.board.moves[self.hero_kind][u]:
                if (vertices >> v) & 1 and not (ends >> v) & 1:
                    ends |= 1 << v
                    frontier.append(v)
        return self.icg_reverse_reach(vertices, 0, ends)

    def strong_increment(self, path: list[int], visited_before_next: int, i: int) -> int:
        """Villains with a walk to p_{i+1} in H_i (visited_before_next = {p_0..p_i})."""
        return self.icg_reverse_reach(self.all & ~visited_before_next, 1 << path[i], 1 << path[i + 1])

    def captures(self, path: list[int]) -> list[tuple[int, int]]:
        """The capture sequence of Lemma 2.8 for a hero path making every villain strongly capturable."""
        k = len(path) - 1
        rank: dict[int, int] = {}
        visited = 0
        for i in range(k):
            visited |= 1 << path[i]
            reach = self.strong_increment(path, visited, i)
            rest = reach
            while rest:
                low = rest & -rest
                rest ^= low
                rank.setdefault(low.bit_length() - 1, i)
        on_path = set(path)
        output: list[tuple[int, int]] = []  # reversed
        involved: set[int] = set()
        prefix = [0] * (k + 1)
        acc = 0
        for i in range(k + 1):
            acc |= 1 << path[i]
            prefix[i] = acc
        for i in range(k - 1, -1, -1):
            output.append((path[i], path[i + 1]))
            involved.update((path[i], path[i + 1]))
            for v in sorted(u for u, r in rank.items() if r == i and u not in on_path):
                walk = self.icg_path(self.all & ~prefix[i], 1 << path[i], v, path[i + 1])
                j = next(index for index, w in enumerate(walk) if w in involved)
                for a in range(j - 1, -1, -1):
                    output.append((walk[a], walk[a + 1]))
                involved.update(walk[: j + 1])
        return output[::-1]


def solve(instance: SoloChess, timeout: float | None = None) -> Result:
    start = time.perf_counter()
    deadline = Deadline(timeout)
    reason = applies(instance)
    if reason:
        raise InvalidInstance(reason)
    board = compile_board(instance)
    hero = _Hero(board)
    villains = hero.all & ~(1 << hero.hero)
    if not villains:
        return Result(Answer.YES, (), "theorem2.16", {"time": 0.0, "paths": 0})
    explored = 0
    # depth-first over interesting hero paths; each entry: (path, visited mask, strong mask)
    stack = [([hero.hero], 1 << hero.hero, 0)]
    while stack:
        path, visited, strong = stack.pop()
        explored += 1
        if deadline.expired():
            return Result(Answer.UNKNOWN, None, "theorem2.16", {"time": time.perf_counter() - start, "paths": explored})
        for step in hero.hero_steps(path, visited):
            new_path = path + [step]
            new_visited = visited | (1 << step)
            new_strong = strong | hero.strong_increment(new_path, visited, len(path) - 1)
            if villains & ~new_strong == 0:
                moves = hero.captures(new_path)
                certificate = tuple(board.move(u, v) for u, v in moves)
                return Result(Answer.YES, certificate, "theorem2.16",
                              {"time": time.perf_counter() - start, "paths": explored})
            weak = hero.weakly(new_path, new_visited)
            if villains & weak & ~new_strong:
                stack.append((new_path, new_visited, new_strong))
    return Result(Answer.NO, None, "theorem2.16", {"time": time.perf_counter() - start, "paths": explored})


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("solochess", "theorem2.16", solve),
)
