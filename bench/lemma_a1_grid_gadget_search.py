"""Issue 34 (session 9): the searches behind Lemma A.1's step 3 (docs/lemma_a1.md, "Step 3a" and
"Step 3b"): which small grid gadgets exist, and which do not.

    python bench/lemma_a1_grid_gadget_search.py out-block 3 3     # found: the length-8 cycle
    python bench/lemma_a1_grid_gadget_search.py zigzag-turn 3 3   # found: the ring, ports at its inner corner
    python bench/lemma_a1_grid_gadget_search.py ring 5 4          # an alternating 6-ring: none
    python bench/lemma_a1_grid_gadget_search.py ring-algebra 15   # rings with inner chords, abstractly
    python bench/lemma_a1_grid_gadget_search.py cell 5 4          # a two-lane cell with a leg: none

Every candidate is a set of cells in a W x H box (an induced grid graph, max degree 3 with its
ports, every cell of degree at least 2); :func:`pair_patterns` lists every way to cover it by paths
whose ends all leave through distinct ports (no path end inside), as the sets of port pairs joined.
It is an edge-by-edge search (each cell gets exactly two path edges, a port counting as one, and no
cycle closes), faster than :func:`npw.instances.hampath.grid_gadgets.covers` for a search; the
gadgets kept are checked again with ``covers`` in ``tests/test_dhamcycle21_to_thick.py``.

**What was looked for.**

* ``out-block``: a vertex of out-degree 2 for the thickening: a port F below, a tentacle's two
  ports on the left and on the right; entered at F it must be able to U-turn through either side
  and leave through the other. The 3 x 3 ring does (none smaller).
* ``zigzag-turn``: a one-sided tentacle's bend: crossed by one segment and by two nested ones.
* ``ring``: the G2 route's obstacle. Drawing G2 itself (each forced edge a corridor, each optional
  edge one grid edge) needs its alternating cycles (optional edges, every vertex with a corridor)
  as gadgets whose covers pair the 2m ports in exactly the two alternating ways. m = 2 is the 2 x 2
  "pinwheel"; m = 3 has no induced 6-cycle, and no gadget in any box tried.
* ``ring-algebra``: the abstract form such a gadget must have (one cycle C whose cells all have a
  third edge, to a port or along a chord path of shared edges): the chord sets of C of length L
  that pair the 6 ports alternately. The shortest (L = 8, one chord over a port) needs a chord
  inside the 3 x 3 ring, where there is no room.
* ``cell``: a ladder cell in the grid itself (ports BI, TI on the left, the leg LL, LR on top, TO,
  BO on the right, anywhere on the box's edge in that order around it): entered on one lane, it
  must leave on the same lane, the B lane through the leg (or past it), the T lane never through
  it. None up to 5 x 4 and 4 x 5.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def pair_patterns(cells, ports) -> set[frozenset]:
    """Every cover of ``cells`` by paths whose ends leave through distinct ports (``ports``: (cell,
    outside point) pairs), as frozensets of frozensets of port indices joined by a path."""
    cells = sorted(cells)
    index = {c: i for i, c in enumerate(cells)}
    n = len(cells)
    edges = [(index[c], index[(c[0] + dx, c[1] + dy)]) for c in cells for dx, dy in ((1, 0), (0, 1))
             if (c[0] + dx, c[1] + dy) in index]
    edges += [(index[c], n + k) for k, (c, _) in enumerate(ports)]
    last = [max(e for e, (a, b) in enumerate(edges) if v in (a, b)) for v in range(n)]
    degree = [0] * n
    parent = list(range(n + len(ports)))
    chosen: list[int] = []
    found: set[frozenset] = set()

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    def settled(e: int, a: int, b: int) -> bool:
        return (last[a] != e or degree[a] == 2) and (b >= n or last[b] != e or degree[b] == 2)

    def grow(e: int) -> None:
        if e == len(edges):
            groups: dict[int, list[int]] = defaultdict(list)
            for x in chosen:
                if edges[x][1] >= n:
                    groups[root(edges[x][1])].append(edges[x][1] - n)
            found.add(frozenset(frozenset(g) for g in groups.values()))
            return
        a, b = edges[e]
        if degree[a] < 2 and (b >= n or degree[b] < 2):
            ra, rb = root(a), root(b)
            if ra != rb:
                parent[ra] = rb
                degree[a] += 1
                if b < n:
                    degree[b] += 1
                chosen.append(e)
                if settled(e, a, b):
                    grow(e + 1)
                chosen.pop()
                degree[a] -= 1
                if b < n:
                    degree[b] -= 1
                parent[ra] = ra
        if settled(e, a, b):
            grow(e + 1)

    grow(0)
    return found


def _pairs(*pairs) -> frozenset:
    return frozenset(frozenset(p) for p in pairs)


def _degrees_ok(cells: set, ports) -> bool:
    at = defaultdict(int)
    for c, _ in ports:
        at[c] += 1
    for c in cells:
        d = sum((c[0] + dx, c[1] + dy) in cells for dx, dy in STEPS) + at[c]
        if not 2 <= d <= 3:
            return False
    for c, o in ports:  # an outside point touches its own cell only
        if o in cells or any((o[0] + dx, o[1] + dy) in cells and (o[0] + dx, o[1] + dy) != c for dx, dy in STEPS):
            return False
    return True


def _touching(points) -> bool:
    return any(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1 for a, b in itertools.combinations(points, 2))


def _connected(cells: set) -> bool:
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for dx, dy in STEPS:
            q = (c[0] + dx, c[1] + dy)
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def _shapes(width: int, height: int, ports):
    """Every cell set of the box holding the ports' cells that passes the degree and
    connectivity tests, smallest first."""
    fixed = {c for c, _ in ports}
    free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in fixed]
    for r in range(len(free) + 1):
        for extra in itertools.combinations(free, r):
            cells = fixed | set(extra)
            if _degrees_ok(cells, ports) and _connected(cells):
                yield cells


def out_blocks(width: int, height: int):
    """Out-blocks: F below, a tentacle's two ports on the left and on the right; entered at F
    (port 0), a cover U-turning through each side (its ports not joined inside) and leaving by the
    other side's one port."""
    for fx, ay, by in itertools.product(range(width), range(height - 1), range(height - 1)):
        ports = [((fx, 0), (fx, -1)), ((0, ay), (-1, ay)), ((0, ay + 1), (-1, ay + 1)),
                 ((width - 1, by), (width, by)), ((width - 1, by + 1), (width, by + 1))]
        if len({c for c, _ in ports}) < 5:
            continue
        for cells in _shapes(width, height, ports):
            found = pair_patterns(cells, ports)
            ways = set()
            for p in found:
                used = {i for s in p for i in s}
                if 0 in used and len(used & {1, 2}) + len(used & {3, 4}) == 3:
                    if frozenset({1, 2}) not in p and frozenset({3, 4}) not in p:
                        ways.add("B" if len(used & {3, 4}) == 1 else "A")
            if ways == {"A", "B"}:
                yield cells, ports


def zigzag_turns(width: int, height: int):
    """Turns of a one-sided tentacle: two ports on the left, two on top; crossed by one segment
    (a left port to a top port) and by two."""
    for ay, bx in itertools.product(range(height - 1), range(width - 1)):
        ports = [((0, ay), (-1, ay)), ((0, ay + 1), (-1, ay + 1)),
                 ((bx, height - 1), (bx, height)), ((bx + 1, height - 1), (bx + 1, height))]
        if len({c for c, _ in ports}) < 4:
            continue
        for cells in _shapes(width, height, ports):
            found = pair_patterns(cells, ports)
            once = any(len(p) == 1 and len(next(iter(p)) & {0, 1}) == 1 for p in found)
            twice = any(len(p) == 2 and all(len(s & {0, 1}) == 1 for s in p) for p in found)
            if once and twice:
                yield cells, ports


def _clockwise(width: int, height: int):
    def key(outside):
        x, y = outside
        if x == -1:
            return (0, y)
        if y == height:
            return (1, x)
        if x == width:
            return (2, -y)
        return (3, -x)
    return key


def _polyominoes(width: int, height: int):
    box = [(x, y) for x in range(width) for y in range(height)]
    for mask in range(1, 1 << len(box)):
        cells = {box[i] for i in range(len(box)) if mask >> i & 1}
        degree = {c: sum((c[0] + dx, c[1] + dy) in cells for dx, dy in STEPS) for c in cells}
        if len(cells) >= 4 and max(degree.values()) <= 3 and _connected(cells):
            yield cells, degree


def _edge_ports(cells, degree, width, height):
    """Candidate ports: a cell of degree <= 2 and a neighbouring point outside the box."""
    found = [(c, (c[0] + dx, c[1] + dy)) for c in cells if degree[c] <= 2 for dx, dy in STEPS
             if not (0 <= c[0] + dx < width and 0 <= c[1] + dy < height)]
    return sorted(found, key=lambda p: _clockwise(width, height)(p[1]))


def alternating_rings(width: int, height: int, ports_wanted: int = 6):
    """Gadgets with ``ports_wanted`` ports on the box's edge, all used by every cover, whose covers
    pair them in exactly the two alternating ways of their order around the box."""
    for cells, degree in _polyominoes(width, height):
        candidates = _edge_ports(cells, degree, width, height)
        if len(candidates) < ports_wanted:
            continue
        by_used = defaultdict(set)
        for p in pair_patterns(cells, candidates):
            by_used[frozenset(i for s in p for i in s)].add(p)
        for used, found in by_used.items():
            if len(used) != ports_wanted or len(found) != 2:
                continue
            chosen = sorted(used)
            if len({candidates[i][0] for i in chosen}) < ports_wanted or _touching([candidates[i][1] for i in chosen]):
                continue  # a cell with two ports, or two corridors side by side
            k = len(chosen)
            first = frozenset(frozenset((chosen[2 * i], chosen[2 * i + 1])) for i in range(k // 2))
            second = frozenset(frozenset((chosen[2 * i + 1], chosen[(2 * i + 2) % k])) for i in range(k // 2))
            if found == {first, second}:
                yield cells, [candidates[i] for i in chosen]


def ring_algebra(longest: int):
    """Cycles C of length L <= ``longest`` whose positions are 6 ports and the ends of chords
    (non-crossing, inside C, never between neighbours), every position of C with its third edge
    shared by both covers: the chord sets whose two perfect matchings of C pair the ports in the
    two alternating ways. Yields (L, chords, ports)."""
    def matchings(points):
        if not points:
            yield []
            return
        for k in range(1, len(points), 2):
            for inner in matchings(points[1:k]):
                for outer in matchings(points[k + 1:]):
                    yield [(points[0], points[k])] + inner + outer

    def pairing(length, chords, shift):
        around = defaultdict(list)
        for i in range(length // 2):
            a = (2 * i + shift) % length
            around[a].append((a + 1) % length)
            around[(a + 1) % length].append(a)
        for a, b in chords:
            around[a].append(b)
            around[b].append(a)
        ends = [i for i in range(length) if len(around[i]) == 1]
        seen, pairs = set(), set()
        for end in ends:
            if end in seen:
                continue
            before, here = None, end
            seen.add(end)
            while True:
                ahead = [x for x in around[here] if x != before]
                if not ahead:
                    break
                before, here = here, ahead[0]
                seen.add(here)
            pairs.add(frozenset((end, here)))
        return (frozenset(pairs), ends) if len(seen) == length else (None, ends)

    for length in range(8, longest + 1, 2):
        for ends in itertools.combinations(range(length), length - 6):
            for chords in matchings(list(ends)):
                if any((b - a) % length in (1, length - 1) for a, b in chords):
                    continue
                first, ports = pairing(length, chords, 0)
                second, _ = pairing(length, chords, 1)
                if first is None or second is None:
                    continue
                alternate = {frozenset(frozenset((ports[2 * i], ports[2 * i + 1])) for i in range(3)),
                             frozenset(frozenset((ports[2 * i + 1], ports[(2 * i + 2) % 6])) for i in range(3))}
                if {first, second} == alternate:
                    yield length, chords, ports


ROLES = ("BI", "TI", "LL", "LR", "TO", "BO")
T_WAYS = {_pairs(("TI", "TO")), _pairs(("TI", "TO"), ("LL", "LR"))}
B_WAYS = {_pairs(("BI", "BO")), _pairs(("BI", "BO"), ("LL", "LR")), _pairs(("BI", "LL"), ("LR", "BO")),
          _pairs(("BI", "LR"), ("LL", "BO"))}


def ladder_cells(width: int, height: int):
    """Two-lane cells with a leg: six ports on the box's edge, clockwise BI, TI, LL, LR, TO, BO, BI
    and TI on the left side. Every cover entering on exactly one lane must be one of T_WAYS or
    B_WAYS (the lane kept, the leg taken only on the B lane), and TI - TO and a B way through the
    leg must both occur."""
    for cells, degree in _polyominoes(width, height):
        candidates = _edge_ports(cells, degree, width, height)
        if len(candidates) < 6:
            continue
        found = [(p, frozenset(i for s in p for i in s)) for p in pair_patterns(cells, candidates)]
        left = {i for i, (_, o) in enumerate(candidates) if o[0] == -1}
        for chosen in itertools.combinations(range(len(candidates)), 6):
            if chosen[0] not in left or chosen[1] not in left:
                continue
            if len({candidates[i][0] for i in chosen}) < 6:
                continue
            name = {i: ROLES[k] for k, i in enumerate(chosen)}
            # only a lane's two wires and the leg's two columns may lie side by side
            if any({name[i], name[j]} not in ({"BI", "TI"}, {"TO", "BO"}, {"LL", "LR"})
                   for i, j in itertools.combinations(chosen, 2) if _touching([candidates[i][1], candidates[j][1]])):
                continue
            ways, bad = set(), False
            for p, used in found:
                if not used <= set(chosen) or sum(name[i] in ("BI", "TI") for i in used) != 1:
                    continue
                named = frozenset(frozenset(name[i] for i in s) for s in p)
                if named in T_WAYS or named in B_WAYS:
                    ways.add(named)
                else:
                    bad = True
                    break
            if not bad and _pairs(("TI", "TO")) in ways and ways & {_pairs(("BI", "LL"), ("LR", "BO")),
                                                                     _pairs(("BI", "LR"), ("LL", "BO"))}:
                yield cells, [(ROLES[k], candidates[i]) for k, i in enumerate(chosen)]


def drawing(cells, ports) -> str:
    outs = {o for _, o in ports}
    xs = [c[0] for c in cells] + [o[0] for o in outs]
    ys = [c[1] for c in cells] + [o[1] for o in outs]
    def mark(x: int, y: int) -> str:
        return "#" if (x, y) in cells else "o" if (x, y) in outs else "."

    return "\n".join("".join(mark(x, y) for x in range(min(xs), max(xs) + 1)) for y in range(max(ys), min(ys) - 1, -1))


def main() -> None:
    mode, *sizes = sys.argv[1:]
    started = time.process_time()
    count = 0
    if mode == "ring-algebra":
        for length, chords, ports in ring_algebra(int(sizes[0])):
            count += 1
            if count <= 10:
                print(f"L = {length}: chords {chords}, ports {ports}")
    else:
        width, height = int(sizes[0]), int(sizes[1])
        search = {"out-block": out_blocks, "zigzag-turn": zigzag_turns, "ring": alternating_rings,
                  "cell": ladder_cells}[mode]
        for cells, ports in search(width, height):
            count += 1
            print(f"found ({len(cells)} cells): {ports}")
            print(drawing(cells, [p if len(p) == 2 and isinstance(p[0], tuple) else p[1] for p in ports]))
            if count >= 3:
                break
    print(f"{mode} {' '.join(sizes)}: {count} found, {time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
