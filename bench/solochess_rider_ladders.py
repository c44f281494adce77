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
"""

from __future__ import annotations

import itertools
import sys

from npw.reductions.solochess.pm3sat_knight_rider import FAMILIES, KNIGHT_MOVES, LINE_KEYS

Point = tuple[int, int]


def slots(left: list[Point], villain: str, n: int = 5) -> list[int] | None:
    right = list(reversed(left))
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
    if max(lines.values()) > 2:
        return None
    return [sum(1 for q in path if (q[0] + q[1]) % 2 == 0 and all(lines[(f, LINE_KEYS[f](q))] == 1 for f in FAMILIES[villain]))
            for path in paths[n // 2]]


def main() -> None:
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
