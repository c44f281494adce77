"""The search behind Theorem 3.11's ladders (npw.reductions.solochess.pm3sat_knight_rider.STEPS):
gadgets whose left path is k1 knight's moves s1 then k2 moves s2 and whose right path is the same
moves in reverse order (1 <= k1, k2 <= 6), kept when, on a ladder of five gadgets with the final
piece a (1, 2) move above the last junction:

* the knight's moves between the pieces are exactly the ladder's steps;
* no line of the villain (rows and columns for a rook, diagonals for a bishop, all four for a
  queen) holds three pieces;
* each path of the middle gadget has two pieces alone on all their lines on the junctions' colour
  (the literal slots).

Prints the shortest ladders found per villain (none for the queen).

    python bench/solochess_rider_ladders.py [bishop queen]

``--wide`` (queens, the walk decider's wider line condition): crowded lines allowed, the right
path any sequence of 1-3 straight segments (k <= 9, 9, 6) with the left's total, not only its
reverse; kept when the knight's moves are the ladder's and each path of the middle gadget has two
pieces alone on all four lines (no colour needed). Prints how many pairs were tried, how many
passed the knight-move test, and the best slot counts (2026-11-24: none with a slot on both paths).

    python bench/solochess_rider_ladders.py --wide

The queen gadget that was built came from an exact search with a wire between gadgets
(bench/solochess_queen_gadgets.py).
"""

from __future__ import annotations

import itertools
import sys

from npw.reductions.solochess.links import FAMILIES, LINE_KEYS
from npw.reductions.solochess.pm3sat_knight_rider import KNIGHT_MOVES

Point = tuple[int, int]


def slots(left: list[Point], villain: str, n: int = 5, right: list[Point] | None = None,
          sparse: bool = True) -> list[int] | None:
    right = list(reversed(left)) if right is None else list(right)
    vx, vy = sum(s[0] for s in left), sum(s[1] for s in left)
    junctions = [(vx * p, vy * p) for p in range(n + 1)]
    paths = []
    for p in range(n):
        pair = []
        for seq in (left, right):
            q, squares = junctions[p], []
            for s in seq[:-1]:
                q = (q[0] + s[0], q[1] + s[1])
                squares.append(q)
            pair.append(squares)
        paths.append(pair)
    final = (junctions[-1][0] + 1, junctions[-1][1] + 2)
    pieces = junctions + [q for pair in paths for path in pair for q in path] + [final]
    if len(set(pieces)) != len(pieces):
        return None
    steps = {(junctions[-1], final)}
    for p, pair in enumerate(paths):
        for path in pair:
            chain = [junctions[p]] + path + [junctions[p + 1]]
            steps |= set(zip(chain, chain[1:]))
    steps |= {(b, a) for a, b in steps}
    occupied = set(pieces)
    moves = {(a, (a[0] + dx, a[1] + dy)) for a in occupied for dx, dy in KNIGHT_MOVES if (a[0] + dx, a[1] + dy) in occupied}
    if moves != steps:
        return None
    lines: dict[tuple[str, int], int] = {}
    for q in pieces:
        for f in FAMILIES[villain]:
            lines[(f, LINE_KEYS[f](q))] = lines.get((f, LINE_KEYS[f](q)), 0) + 1
    if sparse and max(lines.values()) > 2:
        return None
    return [sum(1 for q in path if (villain != "bishop" or (q[0] + q[1]) % 2 == 0) and all(lines[(f, LINE_KEYS[f](q))] == 1 for f in FAMILIES[villain]))
            for path in paths[n // 2]]


def wide() -> None:
    """The queen search under the wider line condition (see the module docstring)."""
    from collections import defaultdict

    by_total: dict[Point, list[tuple[Point, ...]]] = defaultdict(list)
    for segs, kmax in ((1, 12), (2, 9), (3, 6)):
        for ss in itertools.product(KNIGHT_MOVES, repeat=segs):
            if any(a == b for a, b in zip(ss, ss[1:])):
                continue
            for ks in itertools.product(range(1, kmax + 1), repeat=segs):
                path = tuple(s for s, k in zip(ss, ks) for _ in range(k))
                total = (sum(s[0] for s in path), sum(s[1] for s in path))
                if total[1] > 0 and len(path) >= 3:
                    by_total[total].append(path)
    tried = passed = 0
    best: list[int] = []
    for paths in by_total.values():
        for left, right in itertools.combinations(paths, 2):
            tried += 1
            counts = slots(list(left), "queen", right=list(right), sparse=False)
            if counts is not None:
                passed += 1
                best = max(best, sorted(counts))
    print(f"queen, wide: {tried} pairs, {passed} with the ladder's knight moves, best slots {best}")


def main() -> None:
    if sys.argv[1:] == ["--wide"]:
        wide()
        return
    for villain in sys.argv[1:] or ["bishop", "queen"]:
        found = []
        for s1, s2 in itertools.permutations(KNIGHT_MOVES, 2):
            for k1, k2 in itertools.product(range(1, 7), repeat=2):
                left = [s1] * k1 + [s2] * k2
                vx, vy = sum(s[0] for s in left), sum(s[1] for s in left)
                if vy <= 0 or (vx + vy) % 2:
                    continue
                counts = slots(left, villain)
                if counts and min(counts) >= 2:
                    found.append((k1 + k2, s1, k1, s2, k2, counts))
        found.sort()
        print(f"{villain}: {len(found)} ladders; shortest: {found[:4]}")


if __name__ == "__main__":
    main()
