"""Distances and lower bounds of Ratner & Warmuth (1990): Section 2 and Theorem 4.

* :func:`manhattan` -- d(B1, B2), the total Manhattan distance of the non-blank
  tiles: the number of *necessary moves*, a lower bound on opt (Section 2).
* :func:`theorem4_lower_bound` -- Theorem 4: with C the cycles of the permutation
  B1 -> B2, d(C) the sum over cycles of the distances between adjacent locations on
  the cycle (= d(B1, B2)) and T a minimum spanning tree (Manhattan metric) over the
  blank's location and one location from each cycle that moves,
  opt >= (d(C) + cost(T)) / 2.

  Reading of the statement: the paper says "half the sum of all distances of
  adjacent locations on the cycles plus the cost of a minimum cost spanning tree"
  and derives it by "combining" d(C) <= opt and cost(T) <= opt; the combination
  that follows from those two facts is half of (d(C) + cost(T)), which is what we
  compute (``bound``). The other reading, d(C)/2 + cost(T), is returned too
  (``literal_reading``) but is not claimed to be a bound: ``bench/npuz_bfs.py`` checks
  both against every 8-puzzle board (see BENCHMARKS.md).

  Boards whose blanks differ: the theorem assumes one blank location l_bt
  (Lemma 5 reduces to that case). We use the same argument for the general case:
  the blank walks from its location in B1 to its location in B2 and must visit one
  location of every non-trivial cycle of the location permutation (blank included),
  so that walk -- a tree over those points -- costs at least the MST over them plus
  both blank locations; d(C) counts the non-blank tiles only. With equal blank
  locations this is exactly Theorem 4.

  Representatives: any choice gives a valid bound; we take, per cycle, the location
  nearest to the blank (Section 5.3 item 1 notes that choosing them to minimise the
  tree is a further optimisation; a smaller tree only weakens the bound, and we
  want a bound, so any choice is sound).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import networkx as nx

from npw.instances.npuz.board import Board
from npw.instances.npuz.reach import cycles

__all__ = ["LowerBound", "manhattan", "minimum_spanning_tree_cost", "theorem4_lower_bound"]


def manhattan(b1: Board, b2: Board) -> int:
    """d(B1, B2): the sum over non-blank tiles of the Manhattan distance between their locations."""
    n = math.isqrt(len(b1))
    where = [0] * len(b2)
    for location, tile in enumerate(b2):
        where[tile] = location
    total = 0
    for location, tile in enumerate(b1):
        if tile:
            r1, c1 = divmod(location, n)
            r2, c2 = divmod(where[tile], n)
            total += abs(r1 - r2) + abs(c1 - c2)
    return total


@dataclass(frozen=True)
class LowerBound:
    bound: float  # (d(C) + MST) / 2, Theorem 4
    cycle_distance: int  # d(C) = d(B1, B2)
    tree_cost: int  # MST over blank location(s) and one location per moving cycle
    cycles: int  # moving cycles (length >= 2) of non-blank tiles
    literal_reading: float  # d(C)/2 + MST: NOT claimed to be a lower bound

    @property
    def best(self) -> int:
        """max(d(C), MST, ceil(bound)): each term is a lower bound on opt, so the max is one too."""
        return max(self.cycle_distance, self.tree_cost, math.ceil(self.bound))


def _dist(a: int, b: int, n: int) -> int:
    return abs(a // n - b // n) + abs(a % n - b % n)


def minimum_spanning_tree_cost(points: list[int], n: int) -> int:
    """Cost of a minimum spanning tree (Manhattan metric) over board locations: networkx
    (Prim) on the complete graph for up to 300 points, an O(V^2) numpy Prim beyond
    (networkx's complete graph would hold V^2/2 edge objects)."""
    if len(points) <= 1:
        return 0
    if len(points) <= 300:
        graph = nx.Graph()
        for i, a in enumerate(points):
            for b in points[i + 1:]:
                graph.add_edge(a, b, weight=_dist(a, b, n))
        return int(nx.minimum_spanning_tree(graph, algorithm="prim").size(weight="weight"))
    import numpy as np

    rows = np.array([p // n for p in points])
    cols = np.array([p % n for p in points])
    best = np.abs(rows - rows[0]) + np.abs(cols - cols[0])
    in_tree = np.zeros(len(points), dtype=bool)
    in_tree[0] = True
    best[0] = 0
    total = 0
    for _ in range(len(points) - 1):
        masked = np.where(in_tree, np.iinfo(best.dtype).max, best)
        j = int(masked.argmin())
        total += int(best[j])
        in_tree[j] = True
        best = np.minimum(best, np.abs(rows - rows[j]) + np.abs(cols - cols[j]))
    return total


def theorem4_lower_bound(b1: Board, b2: Board) -> LowerBound:
    n = math.isqrt(len(b1))
    blank1, blank2 = b1.index(0), b2.index(0)
    moving = [c for c in cycles(b1, b2) if len(c) >= 2]
    d = manhattan(b1, b2)
    points = {blank1, blank2}
    for cycle in moving:
        if blank1 in cycle or blank2 in cycle:
            continue  # the blank's own locations already represent it
        points.add(min(cycle, key=lambda loc: (_dist(loc, blank1, n), loc)))
    tree_cost = minimum_spanning_tree_cost(sorted(points), n)
    nonblank_cycles = sum(1 for c in moving if blank1 not in c)
    return LowerBound((d + tree_cost) / 2, d, tree_cost, nonblank_cycles, d / 2 + tree_cost)
