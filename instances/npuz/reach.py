"""Reachability of (n^2-1)-puzzle boards, two independent ways.

* :func:`reachable_by_cycles` -- Theorem 1 of Ratner & Warmuth (1990), after McCoy &
  Berger (1972): move the blank of B1 to its location in B2 (any path), then B1 and
  B2 are reachable iff the permutation pi (pi(t) = the tile of B2 at the location of
  t in B1) has an even number of even cycles.
* :func:`reachable_by_inversions` -- the inversion count of seed 004 (the classic
  rule): renumber the tiles so that B2 reads 1, 2, ..., n^2-1 in row-major order
  (blank skipped); for odd n, B1 is reachable iff its number of inversions is even;
  for even n, iff inversions + (row of the blank in B1) - (row of the blank in B2)
  is even. (For the blank-last goal this is seed 004's "inversions even when the
  blank is on an odd row from the bottom" rule for even n.) Why: a horizontal move
  changes no inversion; a vertical move jumps one tile over n-1 others, changing
  the count by an odd or even number as n is even or odd, and the blank row by 1.

Both are O(n^2) (the inversion count uses a Fenwick tree, O(n^2 log n)).
"""

from __future__ import annotations

import math

# a board: n^2 ints in row-major order, 0 the blank; the alias of npw.instances.npuz.board, repeated
# here so that board.py can import this module (its random_reachable_board) without a loop
Board = tuple[int, ...]

__all__ = ["cycles", "inversions", "reachable", "reachable_by_cycles", "reachable_by_inversions"]


def _locations(board: Board):
    """tile -> location (a list when the tiles are 0..len-1, else a dict: regions of a
    larger board carry arbitrary tile numbers)."""
    if max(board) == len(board) - 1:
        where = [0] * len(board)
        for location, tile in enumerate(board):
            where[tile] = location
        return where
    return {tile: location for location, tile in enumerate(board)}


def cycles(b1: Board, b2: Board) -> list[list[int]]:
    """The cycles of the location permutation of B1 -> B2, as lists of locations.

    A cycle (l_0, ..., l_{q-1}): the tile at l_i in B1 belongs at l_{i+1} in B2
    (indices mod q). Fixed points are cycles of length 1. Both boards as given
    (the blank is a tile like the others here)."""
    location_in_b2 = _locations(b2)
    seen = [False] * len(b1)
    result = []
    for start in range(len(b1)):
        if seen[start]:
            continue
        cycle = []
        location = start
        while not seen[location]:
            seen[location] = True
            cycle.append(location)
            location = location_in_b2[b1[location]]
        result.append(cycle)
    return result


def reachable_by_cycles(b1: Board, b2: Board) -> bool:
    """Theorem 1: blank moved home first (down/up, then across), then an even number of
    even cycles of the permutation B1 -> B2."""
    if len(b1) != len(b2) or sorted(b1) != sorted(b2):
        return False
    n = math.isqrt(len(b1))
    cells = list(b1)
    blank, home = cells.index(0), b2.index(0)
    while blank // n != home // n:
        step = n if home > blank else -n
        cells[blank], cells[blank + step] = cells[blank + step], 0
        blank += step
    while blank != home:
        step = 1 if home > blank else -1
        cells[blank], cells[blank + step] = cells[blank + step], 0
        blank += step
    where = _locations(b2)
    seen = [False] * len(cells)
    even = 0
    for start in range(len(cells)):
        if seen[start]:
            continue
        length = 0
        location = start
        while not seen[location]:
            seen[location] = True
            length += 1
            location = where[cells[location]]
        even += length % 2 == 0
    return even % 2 == 0


def inversions(sequence: list[int]) -> int:
    """Number of pairs i < j with sequence[i] > sequence[j] (values 1..m), by a Fenwick tree."""
    size = max(sequence, default=0) + 1
    tree = [0] * (size + 1)
    count = 0
    for seen, value in enumerate(sequence):
        # how many already seen values are <= value
        i, below = value, 0
        while i > 0:
            below += tree[i]
            i -= i & -i
        count += seen - below
        i = value
        while i <= size:
            tree[i] += 1
            i += i & -i
    return count


def reachable_by_inversions(b1: Board, b2: Board) -> bool:
    """Seed 004's inversion test, generalised to any goal board B2 (see module doc)."""
    if len(b1) != len(b2) or sorted(b1) != sorted(b2):
        return False
    n = math.isqrt(len(b1))
    rank = {}
    for tile in b2:
        if tile != 0:
            rank[tile] = len(rank) + 1
    sequence = [rank[t] for t in b1 if t != 0]
    if len(sequence) <= 48:  # plain counting beats the tree on small boards
        count = sum(1 for i, a in enumerate(sequence) for b in sequence[i + 1:] if a > b)
    else:
        count = inversions(sequence)
    if n % 2 == 1:
        return count % 2 == 0
    row1, row2 = b1.index(0) // n, b2.index(0) // n
    return (count + row1 - row2) % 2 == 0


def reachable(b1: Board, b2: Board) -> bool:
    """Reachability (Theorem 1)."""
    return reachable_by_cycles(b1, b2)
