"""Issue 34 (sessions 5 and 8): the search that found the tap cell of 3sat-to-dhamcycle-21
(:data:`npw.instances.hampath.dhamcycle21_gadgets.TAP_CELL`), and the search for a *ladder* cell
that would make that step planar.

    python bench/dhamcycle21_cell_search.py [MAX_VERTICES [MIN_VERTICES]] [--planar] [--ladder [--relaxed] [--crossing]]
    python bench/dhamcycle21_cell_search.py 6 --plain            # the ladder cell of pm3sat-to-dhamcycle-21
    python bench/dhamcycle21_cell_search.py 7 --clause 3         # its clause gadgets (--clause 2: two channels)

(--planar: also count the cells that are planar with their L ports on the left, t ports on top
and R ports on right, :func:`planar_with_ports`.)

A tap cell is a digraph on vertices 0..n-1 with in-ports L, R, t and out-ports L, R, t (an arc
each), every vertex of in- and out-degree 1 or 2 with its ports and never (1, 1), whose covers
(:func:`npw.instances.hampath.dhamcycle21_gadgets.patterns`) are exactly THROUGH (L -> R), DETOUR
(L -> t, t -> R) and BACK (R -> L). Such a cell holds the three routes' arcs, so the search
numbers the vertices along the through route (0 .. n-1, L in at 0, R out from n-1), tries every
detour (a path from 0 to x, then one from y to n-1, t out from x and t in at y) and every back
route (a Hamiltonian path from r to l, R in at r and L out from l, grown vertex by vertex while
the degrees allow: :func:`back_routes`), keeps the unions within the degrees, and adds to a
vertex left at (1, 1) arcs to or from vertices with room, one for each such vertex at most (a
minimal cell needs no more: an added arc that no vertex needs could be left out, and leaving out
arcs only removes covers). It prints each cell found, with its split size (a vertex of in and
out degree 2 counts two). Found: none of up to five vertices, one of six (up to the numbering),
all six vertices (2, 2): 12 split vertices.

**The ladder cell (session 8).** docs/lemma_a1.md shows why the textbook rows cannot be drawn
planar: a row entered at one end for true and at the other for false makes a theta graph with its
top and bottom vertices. A *ladder* avoids it: two lanes, both crossed left to right, the variable
entered once on the left and left once on the right, its value which lane it enters. A chain of
cells, each with an upper lane (in-port R at its upper left, out-port L at its upper right: the
tap cell's BACK route relabelled) and a lower lane (L in at its lower left, R out at its lower
right: THROUGH, with the DETOUR to a clause above), would make 3-SAT -> ``dhamcycle-21`` planar
on a planar monotone layout (positive clauses above, negative ones below on cells turned upside
down). ``--ladder`` keeps the cells whose split form (:func:`~npw.instances.hampath.dhamcycle21_gadgets.split`)
is planar with the ports in that ring, t on top or on the bottom, in either order, and either lane
above (:func:`ladder_rings`); ``--relaxed`` also accepts cells with further patterns that use
both lanes' in-ports (never met in a chain entered on one lane); ``--crossing`` lets each lane
leave on the other side's other level (the chain turns every other cell over). Found: none of up
to 8 vertices, strict or relaxed (8 vertices: 225 s CPU); crossing, none of up to 7 (64 s CPU).

**What was built instead.** ``--plain`` finds the ladder cells without a tap (both lanes left to
right, split planar): none below 6 vertices, one of 6 (the hexagon), 6 of 7. The hexagon's top arc
is used by its lower lane only, so that lane can carry a *mandatory* clause channel
(:data:`~npw.instances.hampath.dhamcycle21_gadgets.LADDER_CELL`); ``--clause K`` then finds clause
gadgets that any nonempty set of their K channels can cover, each channel back out of its own
exit: for K = 3 none below 7 vertices and three of 7 (194 s CPU); for K = 2 one of 4 vertices
(:data:`~npw.instances.hampath.dhamcycle21_gadgets.CHANNEL_CLAUSES`).
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.hampath.dhamcycle21_gadgets import (  # noqa: E402
    BACK, DETOUR, THROUGH, DigraphGadget, degrees, patterns, split,
)

WANT = {THROUGH, DETOUR, BACK}


def _steps(path):
    return set(zip(path, path[1:]))


def back_routes(n: int, into: list[int], out: list[int], arcs: set):
    """Every Hamiltonian path r .. l of the complete digraph on 0..n-1 whose arcs not in ``arcs``
    keep every in- and out-degree at most 2, the R in-port counted at r and the L out-port at l.
    ``into`` and ``out`` (the degrees so far) are changed while it runs and restored."""
    def grow(path: list[int], seen: set[int]):
        if len(path) == n:
            if out[path[-1]] < 2:
                yield tuple(path)
            return
        a = path[-1]
        for b in range(n):
            if b in seen:
                continue
            new = (a, b) not in arcs
            if new and (out[a] >= 2 or into[b] >= 2):
                continue
            if new:
                out[a] += 1
                into[b] += 1
            seen.add(b)
            path.append(b)
            yield from grow(path, seen)
            path.pop()
            seen.discard(b)
            if new:
                out[a] -= 1
                into[b] -= 1

    for r in range(n):
        if into[r] < 2:
            into[r] += 1
            yield from grow([r], {r})
            into[r] -= 1


def relaxed(found: set[frozenset]) -> bool:
    """The three routes, and any other pattern only with both lanes' in-ports (L and R) used."""
    return WANT <= found and all(p in WANT or {a for a, _ in p} >= {"L", "R"} for p in found)


def search(n: int, keep=None, accept=WANT.__eq__) -> list[DigraphGadget]:
    """Every tap cell of n vertices the search reaches (see the module's text) whose patterns
    ``accept`` takes and, if ``keep`` is given, that ``keep`` takes (tried first on the cell
    before its extra arcs: ``keep`` must be a property that arcs can only lose)."""
    found, seen = [], set()
    through = _steps(range(n))
    for order in itertools.permutations(range(1, n)):
        order = (0, *order)
        for cut in range(1, n):
            first, second = order[:cut], order[cut:]
            if second[-1] != n - 1:
                continue
            x, y = first[-1], second[0]
            base = through | _steps(first) | _steps(second)
            into = Counter(w for _, w in base) + Counter([0, y])
            out = Counter(u for u, _ in base) + Counter([n - 1, x])
            if any(into[v] > 2 or out[v] > 2 for v in range(n)):
                continue
            if keep and not keep(DigraphGadget("", n, tuple(base), {"L": 0, "t": y}, {"R": n - 1, "t": x})):
                continue
            for back in back_routes(n, [into[v] for v in range(n)], [out[v] for v in range(n)], base):
                r, l = back[0], back[-1]
                arcs = base | _steps(back)
                ports = ({"L": 0, "R": r, "t": y}, {"L": l, "R": n - 1, "t": x})
                if keep and not keep(DigraphGadget("", n, tuple(arcs), *ports)):
                    continue
                for completed in _minimal_completions(n, arcs, *ports):
                    key = (completed, r, l, x, y)
                    if key in seen:
                        continue
                    seen.add(key)
                    cell = DigraphGadget(f"cell {len(found)}", n, completed, *ports)
                    if accept(patterns(cell)) and (keep is None or keep(split(cell))):
                        found.append(cell)
    return found


def _planar_in_ring(cell: DigraphGadget, ring) -> bool:
    """The cell's arcs as edges, a terminal per port joined to its vertex, the terminals joined in
    a cycle in the order of ``ring`` ((kind, name) pairs): planar? (A necessary condition for
    every cell with more arcs.)"""
    import networkx as nx

    graph = nx.Graph(list(cell.arcs))
    for kind, name in ring:
        vertex = (cell.in_ports if kind == "in" else cell.out_ports).get(name)
        if vertex is not None:  # a port not placed yet (the search's partial cells) stays a bare terminal
            graph.add_edge((kind, name), vertex)
    graph.add_edges_from(zip(ring, ring[1:] + ring[:1]))
    return nx.check_planarity(graph)[0]


def planar_with_ports(cell: DigraphGadget) -> bool:
    """Whether the cell can be drawn without crossings with its L ports on the left, its t ports on
    top and its R ports on the right (each pair in either order)."""
    return any(_planar_in_ring(cell, [*left, *top, *right])
               for left, top, right in itertools.product(((("in", "L"), ("out", "L")), (("out", "L"), ("in", "L"))),
                                                         ((("out", "t"), ("in", "t")), (("in", "t"), ("out", "t"))),
                                                         ((("in", "R"), ("out", "R")), (("out", "R"), ("in", "R")))))


def ladder_rings(crossing: bool = False) -> list[list[tuple[str, str]]]:
    """The port rings (clockwise) of a ladder cell: the upper lane R in -> L out and the lower lane
    L in -> R out, either lane above, t on top or on the bottom, the t ports in either order.
    ``crossing``: the lanes cross inside the cell instead (each enters on one side's upper port and
    leaves by the other side's lower one; a chain turns every other cell over)."""
    upper, lower = (("in", "R"), ("out", "L")), (("in", "L"), ("out", "R"))
    rings = []
    for (a_in, a_out), (b_in, b_out) in ((upper, lower), (lower, upper)):
        right = (b_out, a_out) if crossing else (a_out, b_out)
        for t in ((("in", "t"), ("out", "t")), (("out", "t"), ("in", "t"))):
            rings.append([a_in, *t, *right, b_in])
            rings.append([a_in, *right, *t, b_in])
    return rings


def planar_as_ladder(cell: DigraphGadget, crossing: bool = False) -> bool:
    """Whether the cell can be drawn without crossings in one of the :func:`ladder_rings`."""
    return any(_planar_in_ring(cell, ring) for ring in ladder_rings(crossing))


def _minimal_completions(n: int, arcs: set, ins: dict, outs: dict):
    """The cells on ``arcs`` with arcs added to vertices left below three arcs (ports counted),
    each at most once (see the module's text): (arcs, in-ports, out-ports)."""
    into = Counter(w for _, w in arcs) + Counter(ins.values())
    out = Counter(u for u, _ in arcs) + Counter(outs.values())
    if any(into[v] > 2 or out[v] > 2 for v in range(n)):
        return
    lacking = [v for v in range(n) if into[v] + out[v] < 3]
    room = [(u, w) for u in range(n) for w in range(n) if u != w and (u, w) not in arcs
            and (u in lacking or w in lacking) and out[u] < 2 and into[w] < 2]
    for count in range((len(lacking) + 1) // 2, len(lacking) + 1):
        for extra in itertools.combinations(room, count):
            more_in = into + Counter(w for _, w in extra)
            more_out = out + Counter(u for u, _ in extra)
            if all(more_in[v] <= 2 and more_out[v] <= 2 and more_in[v] + more_out[v] >= 3 for v in range(n)):
                yield tuple(sorted(arcs | set(extra)))


def plain_ladder_cells(n: int) -> list[DigraphGadget]:
    """Cells with two lanes and no tap, both crossed left to right: the lower lane L in -> R out
    numbered 0..n-1, the upper lane R in -> L out any Hamiltonian path; patterns the two lanes
    (and others only with both lanes entered); split, planar with the lanes in a ladder's ring.
    ``LADDER_CELL`` is the 6-vertex one with its top arc cut into the clause channel."""
    lower, upper = frozenset({("L", "R")}), frozenset({("R", "L")})
    ring = [("in", "R"), ("out", "L"), ("out", "R"), ("in", "L")]
    found, seen = [], set()
    base = _steps(range(n))
    into = [int(v > 0) + int(v == 0) for v in range(n)]
    out = [int(v < n - 1) + int(v == n - 1) for v in range(n)]
    for back in back_routes(n, into, out, base):
        ins, outs = {"L": 0, "R": back[0]}, {"L": back[-1], "R": n - 1}
        for arcs in _minimal_completions(n, base | _steps(back), ins, outs):
            if (arcs, back[0], back[-1]) in seen:
                continue
            seen.add((arcs, back[0], back[-1]))
            cell = DigraphGadget(f"ladder {len(found)}", n, arcs, ins, outs)
            found_patterns = patterns(cell)
            if {lower, upper} <= found_patterns and all(p in (lower, upper) or {a for a, _ in p} >= {"L", "R"}
                                                         for p in found_patterns) \
                    and _planar_in_ring(split(cell), ring):
                found.append(cell)
    return found


def channel_clauses(n: int, channels: int) -> list[DigraphGadget]:
    """Clause gadgets of n vertices with ``channels`` channels j (in-port a_j, out-port b_j): for
    every nonempty set of channels a cover in which each leaves by its own exit; split, planar
    with the ports in the ring a0 b0 a1 b1 ... Searched over unions of such covers: the cover by
    all channels (channel j's path on consecutive numbers) and one Hamiltonian path per channel."""
    found, seen = [], set()
    ring = [port for j in range(channels) for port in (("in", f"a{j}"), ("out", f"b{j}"))]
    wanted = [frozenset((f"a{j}", f"b{j}") for j in chosen) for r in range(1, channels + 1)
              for chosen in itertools.combinations(range(channels), r)]
    for cuts in itertools.combinations(range(1, n), channels - 1):
        bounds = (0, *cuts, n)
        paths = [tuple(range(bounds[j], bounds[j + 1])) for j in range(channels)]
        entry, exit_ = [p[0] for p in paths], [p[-1] for p in paths]
        if any(a == b for a, b in zip(entry, exit_)):
            continue
        base = set().union(*(_steps(p) for p in paths))
        alone = [[(entry[j], *middle, exit_[j]) for middle in itertools.permutations(
            [v for v in range(n) if v not in (entry[j], exit_[j])])] for j in range(channels)]
        ins = {f"a{j}": entry[j] for j in range(channels)}
        outs = {f"b{j}": exit_[j] for j in range(channels)}
        for routes in itertools.product(*alone):
            arcs = base.union(*(_steps(r) for r in routes))
            into = Counter(w for _, w in arcs) + Counter(entry)
            out = Counter(u for u, _ in arcs) + Counter(exit_)
            key = tuple(sorted(arcs))
            if key in seen or any(into[v] > 2 or out[v] > 2 or into[v] + out[v] < 3 for v in range(n)):
                continue
            seen.add(key)
            gadget = DigraphGadget(f"clause {len(found)}", n, key, ins, outs)
            if all(w in patterns(gadget) for w in wanted) and _planar_in_ring(split(gadget), ring):
                found.append(gadget)
    return found


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    largest = int(args[0]) if args else 6
    smallest = int(args[1]) if len(args) > 1 else 2
    ladder = "--ladder" in sys.argv
    if "--plain" in sys.argv or "--clause" in sys.argv:
        for n in range(smallest, largest + 1):
            start = time.process_time()
            if "--plain" in sys.argv:
                found, kind = plain_ladder_cells(n), "plain ladder cells"
            else:
                k = int(sys.argv[sys.argv.index("--clause") + 1])
                found, kind = channel_clauses(n, k), f"clause gadgets of {k} channels"
            for gadget in found[:3]:
                print(f"n={n}: arcs {gadget.arcs}, in {dict(gadget.in_ports)}, out {dict(gadget.out_ports)}")
            print(f"n={n}: {len(found)} {kind}, {time.process_time() - start:.1f} s CPU", flush=True)
        return
    for n in range(smallest, largest + 1):
        start = time.process_time()
        crossing = "--crossing" in sys.argv
        cells = search(n, keep=(lambda cell: planar_as_ladder(cell, crossing)) if ladder else None,
                       accept=relaxed if "--relaxed" in sys.argv else WANT.__eq__)
        if "--planar" in sys.argv:
            print(f"n={n}: {len(cells)} cells, planar with the ports in place: "
                  f"{sum(planar_with_ports(c) for c in cells)}")
        for cell in cells:
            split_size = sum(1 for (a, b) in degrees(cell) for _ in range(2 if (a, b) == (2, 2) else 1))
            print(f"n={n}: arcs {cell.arcs}, in {dict(cell.in_ports)}, out {dict(cell.out_ports)}, split {split_size}")
        kind = "ladder cells" if ladder else "cells"
        print(f"n={n}: {len(cells)} {kind}, {time.process_time() - start:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
