"""Issue 34 (session 5): the search that found the tap cell of 3sat-to-dhamcycle-21
(:data:`npw.instances.hampath.dhamcycle21_gadgets.TAP_CELL`).

    python bench/dhamcycle21_cell_search.py [MAX_VERTICES [MIN_VERTICES]] [--planar]   # default 6 2

(--planar: also count the cells that are planar with their L ports on the left, t ports on top
and R ports on right, :func:`planar_with_ports`.)

A tap cell is a digraph on vertices 0..n-1 with in-ports L, R, t and out-ports L, R, t (an arc
each), every vertex of in- and out-degree 1 or 2 with its ports and never (1, 1), whose covers
(:func:`npw.instances.hampath.dhamcycle21_gadgets.patterns`) are exactly THROUGH (L -> R), DETOUR
(L -> t, t -> R) and BACK (R -> L). Such a cell holds the three routes' arcs, so the search
numbers the vertices along the through route (0 .. n-1, L in at 0, R out from n-1), tries every
detour (a path from 0 to x, then one from y to n-1, t out from x and t in at y) and every back
route (a Hamiltonian path from r to l, R in at r and L out from l), keeps the unions within the
degrees, and adds to a vertex left at (1, 1) arcs to or from vertices with room, one for each such
vertex at most (a minimal cell needs no more: an added arc that no vertex needs could be left out,
and leaving out arcs only removes covers). It prints each cell found, with its split size (a
vertex of in and out degree 2 counts two). Found: none of up to five vertices, one of six (up to
the numbering), all six vertices (2, 2): 12 split vertices.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.hampath.dhamcycle21_gadgets import BACK, DETOUR, THROUGH, DigraphGadget, patterns  # noqa: E402

WANT = {THROUGH, DETOUR, BACK}


def _steps(path):
    return set(zip(path, path[1:]))


def search(n: int) -> list[DigraphGadget]:
    """Every tap cell of n vertices the search reaches (see the module's text)."""
    found, seen = [], set()
    through = _steps(range(n))
    for order in itertools.permutations(range(1, n)):
        order = (0, *order)
        for cut in range(1, n):
            first, second = order[:cut], order[cut:]
            if second[-1] != n - 1:
                continue
            x, y = first[-1], second[0]
            detour = _steps(first) | _steps(second)
            for back in itertools.permutations(range(n)):
                r, l = back[0], back[-1]
                arcs = through | detour | _steps(back)
                into = Counter(w for _, w in arcs) + Counter([0, r, y])
                out = Counter(u for u, _ in arcs) + Counter([n - 1, l, x])
                if any(into[v] > 2 or out[v] > 2 for v in range(n)):
                    continue
                lacking = [v for v in range(n) if into[v] + out[v] < 3]
                room = [(u, w) for u in range(n) for w in range(n) if u != w and (u, w) not in arcs
                        and (u in lacking or w in lacking) and out[u] < 2 and into[w] < 2]
                for count in range((len(lacking) + 1) // 2, len(lacking) + 1):  # an arc may serve two
                    for extra in itertools.combinations(room, count):
                        more_in = into + Counter(w for _, w in extra)
                        more_out = out + Counter(u for u, _ in extra)
                        if any(more_in[v] > 2 or more_out[v] > 2 or more_in[v] + more_out[v] < 3 for v in range(n)):
                            continue
                        key = (tuple(sorted(arcs | set(extra))), r, l, x, y)
                        if key in seen:
                            continue
                        seen.add(key)
                        cell = DigraphGadget(f"cell {len(found)}", n, key[0], {"L": 0, "R": r, "t": y},
                                             {"L": l, "R": n - 1, "t": x})
                        if patterns(cell) == WANT:
                            found.append(cell)
    return found


def planar_with_ports(cell: DigraphGadget) -> bool:
    """Whether the cell can be drawn without crossings with its L ports on the left, its t ports on
    top and its R ports on the right (each pair in either order): the cell's arcs as edges, a
    terminal per port joined to its vertex, and the terminals joined in a cycle in that order."""
    import networkx as nx

    for left, top, right in itertools.product(((("in", "L"), ("out", "L")), (("out", "L"), ("in", "L"))),
                                              ((("out", "t"), ("in", "t")), (("in", "t"), ("out", "t"))),
                                              ((("in", "R"), ("out", "R")), (("out", "R"), ("in", "R")))):
        graph = nx.Graph(list(cell.arcs))
        ring = [*left, *top, *right]
        for kind, name in ring:
            graph.add_edge((kind, name), (cell.in_ports if kind == "in" else cell.out_ports)[name])
        graph.add_edges_from(zip(ring, ring[1:] + ring[:1]))
        if nx.check_planarity(graph)[0]:
            return True
    return False


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    largest = int(args[0]) if args else 6
    smallest = int(args[1]) if len(args) > 1 else 2
    for n in range(smallest, largest + 1):
        start = time.process_time()
        cells = search(n)
        if "--planar" in sys.argv:
            print(f"n={n}: {len(cells)} cells, planar with the ports in place: "
                  f"{sum(planar_with_ports(c) for c in cells)}")
        for cell in cells:
            split_size = sum(1 for (a, b) in _degrees(cell) for _ in range(2 if (a, b) == (2, 2) else 1))
            print(f"n={n}: arcs {cell.arcs}, in {dict(cell.in_ports)}, out {dict(cell.out_ports)}, split {split_size}")
        print(f"n={n}: {len(cells)} cells, {time.process_time() - start:.1f} s CPU", flush=True)


def _degrees(cell: DigraphGadget):
    from npw.instances.hampath.dhamcycle21_gadgets import degrees

    return degrees(cell)


if __name__ == "__main__":
    main()
