"""The claims of Theorem 3.9 of Brunner et al., "Complexity of Solo Chess with Unlimited Moves"
(Planar Monotone 3SAT -> Solo Chess {T^1, knight}, T in {king, pawn}), as checks the verifier runs
on every case, on the board of :mod:`npw.reductions.solochess.pm3sat_knight`.

The proof's statements, one function each:

* "at each variable gadget, it is presented with a choice of two paths ... but not both", and
  "a final knight at the top of the construction": the special piece's moves, from its square,
  reach exactly the junctions, both paths of every gadget and the top, along exactly the ladder's
  steps (:func:`special_moves_form_the_ladder`);
* "these literal knights are connected together by noncrossing paths of knights corresponding to
  the 3SAT clauses": each clause's knights form one knight component that meets the paths only at
  its own literal knights (:func:`clauses_meet_paths_only_at_literals`);
* "all other knights ... are connected to both sides of the gadget, so that they may be captured
  regardless of which path is taken": every other knight component holds a junction or squares of
  both paths of one gadget, and the final knight is a component of its own
  (:func:`other_knights_reach_both_paths`);
* forward: knights first, then the special piece walks the true literals' paths
  (:func:`forward_walks_true_paths`);
* any solution: "at least one literal knight from each clause must be visited by the pawn or
  king", along one path per gadget up to the final knight (:func:`solution_visits_a_literal_per_clause`).

>>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ
>>> from npw.reductions.solochess.pm3sat_knight import KING_KNIGHT
>>> f = PlanarMonotone3Sat2Occ(2, [(1, 2), (-1,)], order=(1, 2))
>>> board = KING_KNIGHT.reduce(f)
>>> [claim.check(f, board) for claim in KING_KNIGHT.claims if claim.stage == "target"]
[True, True, True]
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

from npw.instances.solochess.board import Point, SoloChess
from npw.instances.solochess.collapse import villain_components
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim

__all__ = ["LayoutOf", "PAPER", "clauses_meet_paths_only_at_literals", "forward_walks_true_paths",
           "other_knights_reach_both_paths", "solution_visits_a_literal_per_clause", "special_moves_form_the_ladder",
           "theorem_3_9_claims"]

PAPER = "Brunner et al., Complexity of Solo Chess with Unlimited Moves, Theorem 3.9"


LayoutOf = Callable[[Any], Any]  # source -> the board's Layout


def _ladder_steps(lay) -> set[tuple[Point, Point]]:
    """The special piece's intended steps (upward): junction -> each path's foot, along each
    path, each path's head -> its wire (if any) -> the next junction, then up the top."""
    steps: set[tuple[Point, Point]] = set()
    for p, (left, right) in enumerate(lay.paths):
        for path in (left, right):
            chain = (lay.junctions[p],) + path + lay.wire(p) + (lay.junctions[p + 1],)
            steps |= set(zip(chain, chain[1:]))
    chain = (lay.junctions[-1],) + lay.top
    return steps | set(zip(chain, chain[1:]))


def special_moves_form_the_ladder(special: str, layout_of: LayoutOf,
                                  villain: str = "knight") -> Callable[[Any, SoloChess], bool | str]:
    layout_for = layout_of

    def check(source: Any, board: SoloChess) -> bool | str:
        lay = layout_for(source)
        occupied = {p.square for p in board.pieces}
        offsets = board.piece_type(special).leaps
        moves = {q: {(q[0] + dx, q[1] + dy) for dx, dy in offsets} & occupied for q in occupied}
        seen, queue = {board.special}, deque([board.special])
        while queue:
            for r in moves[queue.popleft()]:
                if r not in seen:
                    seen.add(r)
                    queue.append(r)
        steps = {(lay.to_board(a), lay.to_board(b)) for a, b in _ladder_steps(lay)}
        ladder = {q for step in steps for q in step}
        if seen != ladder:
            extra = sorted(seen - ladder) or sorted(ladder - seen)
            return f"the {special} reaches {len(seen)} squares, the ladder has {len(ladder)} (first difference {extra[0]})"
        if set(offsets) == {(-dx, -dy) for dx, dy in offsets}:  # a king or knight steps both ways
            steps |= {(b, a) for a, b in steps}
        actual = {(a, b) for a in seen for b in moves[a]}
        if actual != steps:
            odd = sorted(actual ^ steps)[0]
            return f"the {special}'s step {odd[0]} -> {odd[1]} is {'extra' if odd in actual else 'missing'}"
        return True

    check.__name__ = "special_moves_form_the_ladder"
    return check


def clauses_meet_paths_only_at_literals(special: str, layout_of: LayoutOf,
                                        villain: str = "knight") -> Callable[[Any, SoloChess], bool | str]:
    layout_for = layout_of

    def check(source: Any, board: SoloChess) -> bool | str:
        lay = layout_for(source)
        on_paths = {lay.to_board(q) for left, right in lay.paths for q in left + right}
        on_paths |= {lay.to_board(q) for q in lay.junctions[1:] + lay.top + sum(lay.wires, ())}
        component = {q: part for part in villain_components(board) for q in part}
        for c, literals in enumerate(lay.literal_squares):
            squares = {lay.to_board(q) for q in literals} | {lay.to_board(q) for q in lay.connectors[c]}
            part = component[lay.to_board(literals[0])]
            if part != squares:
                return (f"clause c{c + 1}'s {villain} component has {len(part)} squares, its literals and connectors "
                        f"{len(squares)}")
            touching = part & on_paths
            if touching != {lay.to_board(q) for q in literals}:
                return f"clause c{c + 1}'s {villain}s reach the paths at {sorted(touching - set(map(lay.to_board, literals)))[0]}"
        return True

    check.__name__ = "clauses_meet_paths_only_at_literals"
    return check


def other_knights_reach_both_paths(special: str, layout_of: LayoutOf,
                                   villain: str = "knight") -> Callable[[Any, SoloChess], bool | str]:
    layout_for = layout_of

    def check(source: Any, board: SoloChess) -> bool | str:
        lay = layout_for(source)
        literal = {lay.to_board(q) for squares in lay.literal_squares for q in squares}
        always = {lay.to_board(q) for q in lay.junctions[1:] + lay.top + sum(lay.wires, ())}
        sides = [({lay.to_board(q) for q in left}, {lay.to_board(q) for q in right}) for left, right in lay.paths]
        final = lay.to_board(lay.final)
        for part in villain_components(board):
            if part & literal:
                continue
            if final in part and part != {final}:
                return f"the final {villain} is in one component with {sorted(part - {final})[0]}"
            if part & always or any(part & left and part & right for left, right in sides):
                continue
            return f"the {villain}s on {sorted(part)[0]} and {len(part) - 1} more reach neither a junction nor both paths"
        return True

    check.__name__ = "other_knights_reach_both_paths"
    return check


def _special_squares(board: SoloChess, captures) -> tuple[list[Point], list[int]]:
    """(squares the special piece captures on, indices of its captures)."""
    at, taken, when = board.special, [], []
    for i, (a, b) in enumerate(captures):
        a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        if a == at:
            at = b
            taken.append(b)
            when.append(i)
    return taken, when


def forward_walks_true_paths(special: str, layout_of: LayoutOf,
                             villain: str = "knight") -> Callable[..., bool | str]:
    layout_for = layout_of

    def check(source: Any, board: SoloChess, assignment: Any, captures: Any) -> bool | str:
        lay = layout_for(source)
        taken, when = _special_squares(board, captures)
        if when and when[0] != len(captures) - len(when):
            return f"a {villain} captures (capture {len(captures)}) after the {special} has moved"
        route = [lay.to_board(q) for q in lay.route(assignment)][1:]
        if taken != route:
            return f"the {special} captures {len(taken)} times, its route for the assignment has {len(route)} squares"
        return True

    check.__name__ = "forward_walks_true_paths"
    return check


def solution_visits_a_literal_per_clause(special: str, layout_of: LayoutOf,
                                         villain: str = "knight") -> Callable[..., bool | str]:
    layout_for = layout_of

    def check(source: Any, board: SoloChess, captures: Any, _assignment: Any = None) -> bool | str:
        lay = layout_for(source)
        taken = set(_special_squares(board, captures)[0])
        if lay.to_board(lay.final) not in taken:
            return f"the {special} never takes the final {villain}"
        for p, (left, right) in enumerate(lay.paths):
            on_left = any(lay.to_board(q) in taken for q in left)
            on_right = any(lay.to_board(q) in taken for q in right)
            if on_left == on_right:
                return f"the {special} takes {'both' if on_left else 'neither'} of x{lay.variables[p]}'s paths"
        for c, literals in enumerate(lay.literal_squares):
            if not any(lay.to_board(q) in taken for q in literals):
                return f"the {special} visits no literal {villain} of clause c{c + 1}"
        return True

    check.__name__ = "solution_visits_a_literal_per_clause"
    return check


def theorem_3_9_claims(special: str, layout_of: LayoutOf, paper: str = PAPER,
                       villain: str = "knight") -> tuple[Claim, ...]:
    """The five claims, reading the board's layout through ``layout_of`` (source -> ``Layout``):
    Theorem 3.9's module passes its own, and Theorems 3.10 and 3.11 (king^1 + bishops, knight^1 +
    riders) reuse the claims with their layouts, citations and villain names (their proofs are
    "similar to Theorem 3.9")."""
    v = villain
    return (
        Claim(f"two paths per gadget, final {v} at the top", f"{paper}: at each variable gadget the {special} "
              f"is presented with a choice of two paths, allowing it to visit either the positive literal {v}s "
              f"or the negative ones, but not both, and must reach a final {v} at the top",
              special_moves_form_the_ladder(special, layout_of, v)),
        Claim(f"clause {v}s meet the paths only at their literals", f"{paper}: the literal {v}s are connected "
              f"together by noncrossing paths of {v}s corresponding to the 3SAT clauses",
              clauses_meet_paths_only_at_literals(special, layout_of, v)),
        Claim(f"other {v}s reach both paths", f"{paper}: all other {v}s, including literal {v}s not used "
              "in a clause, are connected to both sides of the gadget, so that they may be captured regardless of "
              "which path is taken", other_knights_reach_both_paths(special, layout_of, v)),
        Claim(f"forward: {v}s first, then the walk of the true literals", f"{paper}: the {special} traverses the "
              "board from bottom to top, visiting each variable gadget in turn by the path of its value",
              forward_walks_true_paths(special, layout_of, v), stage=FORWARD_CLAIM),
        Claim("any solution: one path per gadget, a literal of every clause", f"{paper}: in order to capture the "
              f"{v}s used in clauses, at least one literal {v} from each clause must be visited by the "
              f"{special}", solution_visits_a_literal_per_clause(special, layout_of, v), stage=BACKWARD_CLAIM),
    )
