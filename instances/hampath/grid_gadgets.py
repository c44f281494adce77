"""The grid gadgets of Lemma A.1 (Brunner et al., "Complexity of Solo Chess with Unlimited Moves",
Appendix A; after Papadimitriou & Vazirani 1984, whose figures the seed does not carry), each a
set of grid cells with its *ports* (a cell and the outside grid point its one edge to the rest of
the graph goes to), and the exhaustive check of every way a Hamiltonian path can cross it.

A Hamiltonian path of a graph that contains the gadget (joined to the rest by its port edges
only) meets the gadget's cells in vertex-disjoint *segments* that together cover every cell; each
segment has two ends, and each end either leaves through a port edge or is an end of the whole
path. :func:`traversals` enumerates these *boundary patterns* by brute force (every path cover of
the gadget's cells), so a claim about "every way a path can enter and leave" is a finite check.

The gadgets (drawn in ``docs/lemma_a1.md``; x to the right, y up):

* :data:`RING8`: the length-8 cycle, the 3 x 3 block without its centre;
* :func:`dumbbell`: Figure 8(a): two length-8 cycles A and B joined by a path of 6 edges from
  a (middle of A's right side) to b (middle of B's left side), and the pin connection from
  p = A's lower right corner down to the rest of the graph; v and v' are b's neighbours on B;
* :func:`dumbbell_with_pendant`: Figure 8(b): the same with the degree-1 vertex l below v;
* :func:`tentacle`: a 2 x k rectangle joined at both ends (four ports), the "tentacle" that the
  pin hangs on;
* :data:`TURN`: a length-8 cycle where a tentacle turns through 90 degrees;
* the thickening of session 9 (:mod:`npw.reductions.hampath.dhamcycle21_to_thick`):
  :data:`OUT_BLOCK`, the length-8 cycle as a vertex of out-degree 2, :func:`one_sided_tentacle`,
  an optional arc, and :data:`ZIGZAG_TURN`, a turn that a single zigzag can cross (and
  :data:`ZIGZAG_TURN_SHIFTED`, session 10, the same with its lanes one cell further along).

>>> len(dumbbell().cells), len(dumbbell_with_pendant().cells)
(21, 22)
>>> sorted(pattern_ends(p) for p in traversals(dumbbell()) if uses_ports(p))
[(('end', (8, 0)), ('port', 0)), (('end', (8, 2)), ('port', 0))]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping

from npw.instances.hampath.graph import STEPS, Point

__all__ = ["Gadget", "OUT_BLOCK", "RING8", "TURN", "ZIGZAG_TURN", "ZIGZAG_TURN_SHIFTED", "dumbbell", "dumbbell_with_pendant", "End",
           "Pattern", "Segment", "covers", "dumbbell_path", "one_sided_tentacle", "pattern_ends", "ring8", "tentacle",
           "transform", "traversals", "uses_ports"]

End = tuple  # ("port", index) or ("end", cell): how a segment's end leaves the gadget
Segment = tuple  # (end, end), sorted
Pattern = frozenset  # of segments


@dataclass(frozen=True)
class Gadget:
    """Grid cells, the ports (cell, outside point) through which the gadget is joined to the rest,
    and named cells.

    Parameters
    ----------
    name : str
        What the proof calls it.
    cells : tuple of (int, int)
        Its grid points.
    ports : tuple of ((int, int), (int, int))
        Each port: a cell of the gadget and the neighbouring grid point outside it that the rest of
        the graph occupies.
    marks : mapping of str to (int, int)
        Named cells (``p``, ``a``, ``b``, ``v``, ``l`` ...).
    clear : tuple of (int, int)
        Grid points that the rest of the graph must leave empty (no vertex there), besides the
        gadget's own neighbourhood, for the gadget to do its job (l's place and its surroundings).

    Examples
    --------
    >>> g = tentacle(2)
    >>> g.cells, g.ports
    (((0, 0), (0, 1), (1, 0), (1, 1)), (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((1, 0), (2, 0)), ((1, 1), (2, 1))))
    """

    name: str
    cells: tuple[Point, ...]
    ports: tuple[tuple[Point, Point], ...] = ()
    marks: Mapping[str, Point] = field(default_factory=dict)
    clear: tuple[Point, ...] = ()

    def neighbours(self, cell: Point) -> list[Point]:
        """The gadget's cells next to ``cell`` (the induced grid graph)."""
        cells = set(self.cells)
        return [(cell[0] + dx, cell[1] + dy) for dx, dy in STEPS if (cell[0] + dx, cell[1] + dy) in cells]

    def max_degree(self) -> int:
        """The largest degree of a cell, its port edges counted."""
        ports = [c for c, _ in self.ports]
        return max(len(self.neighbours(c)) + ports.count(c) for c in self.cells)


def ring8(x: int = 0, y: int = 0) -> tuple[Point, ...]:
    """The length-8 cycle: the 3 x 3 block at (x, y) .. (x + 2, y + 2) without its centre, sorted.

    >>> len(ring8()), (1, 1) in ring8()
    (8, False)
    """
    return tuple(sorted((x + i, y + j) for i in range(3) for j in range(3) if (i, j) != (1, 1)))


RING8 = Gadget("length-8 cycle", ring8())

PATH_EDGES = 6  # the path between the dumbbell's two cycles ("a length-6 path")


def dumbbell() -> Gadget:
    """Figure 8(a): cycles A (x 0..2) and B (x 8..10), the path a = (2, 1), (3, 1) .. (7, 1),
    b = (8, 1) between them (6 edges), the pin from p = (2, 0) down to (2, -1); v = (8, 0) and
    v' = (8, 2) are b's neighbours on B. l's place (8, -1) and its other neighbours must stay empty.

    >>> d = dumbbell()
    >>> d.marks["v"], d.ports, d.max_degree()
    ((8, 0), (((2, 0), (2, -1)),), 3)
    """
    bridge = tuple((x, 1) for x in range(3, 2 + PATH_EDGES))
    cells = tuple(sorted(ring8(0, 0) + bridge + ring8(2 + PATH_EDGES, 0)))
    b = (2 + PATH_EDGES, 1)
    marks = {"p": (2, 0), "a": (2, 1), "b": b, "v": (b[0], 0), "v'": (b[0], 2), "l": (b[0], -1)}
    clear = ((b[0], -1), (b[0] - 1, -1), (b[0] + 1, -1), (b[0], -2))
    return Gadget("dumbbell with a pin connection (Figure 8(a))", cells, (((2, 0), (2, -1)),), marks, clear)


def dumbbell_path() -> tuple[Point, ...]:
    """Figure 8(c)'s path through the dumbbell, from v to p: around B from v the long way to b,
    along the bridge to a, around A the long way to p (then out through the pin).

    >>> path = dumbbell_path()
    >>> path[0], path[7], path[-1], len(path) == len(dumbbell().cells)
    ((8, 0), (8, 1), (2, 0), True)
    """
    b = 2 + PATH_EDGES
    ring_b = ((b, 0), (b + 1, 0), (b + 2, 0), (b + 2, 1), (b + 2, 2), (b + 1, 2), (b, 2), (b, 1))
    bridge = tuple((x, 1) for x in range(b - 1, 2, -1))
    ring_a = ((2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0))
    return ring_b + bridge + ring_a


def dumbbell_with_pendant() -> Gadget:
    """Figure 8(b): the dumbbell with the degree-1 vertex l = (8, -1) below v = (8, 0).

    >>> g = dumbbell_with_pendant()
    >>> g.marks["l"] in g.cells, len(g.neighbours(g.marks["l"])), len(g.neighbours(g.marks["v"]))
    (True, 1, 3)
    """
    d = dumbbell()
    return Gadget("dumbbell with a pin connection and the pendant l (Figure 8(b))",
                  tuple(sorted(d.cells + (d.marks["l"],))), d.ports, d.marks, d.clear[1:])


def tentacle(k: int) -> Gadget:
    """The 2 x k rectangle (x 0..k-1, y 0..1) joined at both short ends: ports 0, 1 on the left
    (rows 0, 1), 2, 3 on the right."""
    cells = tuple((x, y) for x in range(k) for y in range(2))
    ports = (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((k - 1, 0), (k, 0)), ((k - 1, 1), (k, 1)))
    return Gadget(f"tentacle 2 x {k}", cells, ports)


# a turn: a 2-wide tentacle comes in from the left onto the ring's cells (0, 0), (0, 1) and leaves
# upwards from (1, 2), (2, 2)
TURN = Gadget("tentacle turn (length-8 cycle)", ring8(),
              (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((1, 2), (1, 3)), ((2, 2), (2, 3))))


# -- the thickening of session 9: a digraph of in/out degrees (2, 1) / (1, 2) as a max-degree-3 graph --

OUT_BLOCK = Gadget(
    "out-block (length-8 cycle with its in-corridor below and a tentacle on each side)", ring8(),
    (((1, 0), (1, -1)), ((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((2, 0), (3, 0)), ((2, 1), (3, 1))),
    marks={"F": (1, 0), "A1": (0, 0), "A2": (0, 1), "B1": (2, 0), "B2": (2, 1)},
)
"""A vertex of in/out degree (1, 2): the 3 x 3 ring, its in-arc's corridor at F (port 0, below the
middle of the bottom row), its out-arcs' tentacles on the left (ports 1, 2: A1 and A2) and on the
right (ports 3, 4: B1 and B2). Entered at F, it is covered either way (checked exhaustively,
``tests/test_dhamcycle21_to_thick.py``): F, A1, a U-turn through the left tentacle, A2 and round the top
to B2, B1, out into the right tentacle; or the mirror image. Its other covers leave a tentacle
untouched, which a one-sided tentacle cannot survive (:func:`one_sided_tentacle`)."""


def one_sided_tentacle(k: int, row: int) -> Gadget:
    """An optional arc: the 2 x k tentacle (x 0..k-1, y 0..1) joined at its out-end by both rows
    (ports 0, 1: to an :data:`OUT_BLOCK`'s side) and at its in-end by the one cell (k - 1, ``row``)
    (port 2: to the in-cell of the arc's head). With no path end inside it is covered in exactly two
    ways (checked): a U-turn from the out-end, or one zigzag from the out-end's corner on row 0 (k
    even, ``row`` 0; k odd, ``row`` 1) or row 1 (otherwise) to the in-end. No U-turn from the in-end,
    no two rows through: the tentacle's in-end has one port.

    >>> g = one_sided_tentacle(1, 1)
    >>> g.cells, g.ports
    (((0, 0), (0, 1)), (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((0, 1), (1, 1))))
    """
    cells = tuple((x, y) for x in range(k) for y in range(2))
    ports = (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((k - 1, row), (k, row)))
    return Gadget(f"one-sided tentacle 2 x {k} (in-end on row {row})", cells, ports)


ZIGZAG_TURN = Gadget("zigzag turn (length-8 cycle)", ring8(),
                     (((0, 0), (-1, 0)), ((0, 1), (-1, 1)), ((0, 2), (0, 3)), ((1, 2), (1, 3))))
"""A one-sided tentacle turning through 90 degrees: in from the left on (0, 0), (0, 1), out upwards
from (0, 2), (1, 2) (the ports of :data:`TURN` moved to the inner corner). Unlike :data:`TURN` it is
crossed by one segment (port 1 to port 2, round the ring the long way) as well as by two nested
ones (0 - 3 and 1 - 2), so both of a tentacle's ways go round it (checked)."""


ZIGZAG_TURN_SHIFTED = Gadget("zigzag turn, its lanes one cell further along (length-8 cycle)", ring8(),
                             (((0, 1), (-1, 1)), ((0, 2), (-1, 2)), ((1, 2), (1, 3)), ((2, 2), (2, 3))))
""":data:`ZIGZAG_TURN` with the lane coming in on rows 1, 2 and going out on columns 1, 2: crossed
by one segment (port 1 to port 2, the long way round) or two nested ones, like it (checked). A
lane takes whichever of the two makes its zigzag reach the turn on the inner line: they end the
run before them one cell apart and start the run after them one cell apart
(:func:`npw.instances.hampath.expansion.lane`). Of the four ways to put two lanes on two sides of
the ring at its inner corner, these are the two crossed once at max degree 3 (rows 0, 1 with
columns 1, 2 is never crossed once; rows 1, 2 with columns 0, 1 gives (0, 2) degree 4)."""


def transform(point: Point, rotation: int, mirror: bool, offset: Point = (0, 0)) -> Point:
    """``point`` mirrored (x -> -x) if asked, turned ``rotation`` quarter turns anticlockwise,
    then shifted by ``offset``: the eight placements of a gadget.

    >>> transform((1, 0), 1, False), transform((1, 0), 0, True, (5, 5))
    ((0, 1), (4, 5))
    """
    x, y = point
    if mirror:
        x = -x
    for _ in range(rotation % 4):
        x, y = -y, x
    return x + offset[0], y + offset[1]


def traversals(gadget: Gadget, free_ends: int = 2, with_paths: bool = False) -> Iterator:
    """Every boundary pattern of the gadget: each way to cover all its cells by vertex-disjoint
    paths whose ends each leave through a distinct port edge or end the whole Hamiltonian path (at
    most ``free_ends`` of those). Brute force; a pattern may come several times (once per cover).

    Parameters
    ----------
    gadget : Gadget
        The gadget.
    free_ends : int
        How many ends of the whole path may lie inside the gadget (0, 1 or 2).
    with_paths : bool
        Yield ``(pattern, segments as cell lists)`` instead of the pattern alone.

    Yields
    ------
    frozenset of segments
        A segment is its two ends, sorted; an end is ``("port", i)`` or ``("end", cell)``.

    Examples
    --------
    >>> sorted(sorted(p) for p in set(traversals(tentacle(1), free_ends=0)))
    [[(('port', 0), ('port', 1))], [(('port', 0), ('port', 2)), (('port', 1), ('port', 3))], \
[(('port', 0), ('port', 3))], [(('port', 1), ('port', 2))], [(('port', 2), ('port', 3))]]
    """
    for pattern, paths in covers(gadget, free_ends):
        yield (pattern, paths) if with_paths else pattern


def covers(gadget: Gadget, free_ends: int = 2) -> Iterator[tuple[frozenset, tuple[tuple[Point, ...], ...]]]:
    """Every cover of the gadget's cells by boundary segments (see :func:`traversals`), once each:
    ``(pattern, segments)``, each segment its cells in order from its smaller end.

    The next segment is always the one through the first cell (in the gadget's order) not yet
    covered, so each cover is produced once.

    >>> len(list(covers(RING8, free_ends=2)))  # a Hamiltonian path of the 8-cycle: 8 ways to cut it
    8
    """
    cells = list(gadget.cells)
    adjacent = {c: [n for n in gadget.neighbours(c)] for c in cells}
    ports_at: dict[Point, list[int]] = {c: [] for c in cells}
    for i, (c, _) in enumerate(gadget.ports):
        ports_at[c].append(i)

    def first_uncovered(covered: set) -> Point | None:
        return next((c for c in cells if c not in covered), None)

    def end_options(cell: Point, used: frozenset, budget: int):
        for i in ports_at[cell]:
            if i not in used:
                yield ("port", i), used | {i}, budget
        if budget > 0:
            yield ("end", cell), used, budget - 1

    def grow(walk: list[Point], covered: set, start: End, used: frozenset, budget: int, target: Point,
             done: list):
        here = walk[-1]
        if target in walk:
            for end, used2, budget2 in end_options(here, used, budget):
                ends = (start, end)
                key = tuple(sorted(ends, key=repr))
                path = tuple(walk) if key[0] == start else tuple(reversed(walk))
                yield from step(covered, used2, budget2, done + [(key, path)])
        for nxt in adjacent[here]:
            if nxt not in covered:
                covered.add(nxt)
                walk.append(nxt)
                yield from grow(walk, covered, start, used, budget, target, done)
                walk.pop()
                covered.discard(nxt)

    def step(covered: set, used: frozenset, budget: int, done: list):
        target = first_uncovered(covered)
        if target is None:
            yield frozenset(key for key, _ in done), tuple(path for _, path in done)
            return
        for start_cell in cells:
            if start_cell in covered:
                continue
            for start, used1, budget1 in end_options(start_cell, used, budget):
                covered.add(start_cell)
                yield from grow([start_cell], covered, start, used1, budget1, target, done)
                covered.discard(start_cell)

    seen = set()
    for pattern, paths in step(set(), frozenset(), free_ends, []):
        # a segment is found from either end: keep one of the two
        canonical = (pattern, frozenset(min(p, tuple(reversed(p))) for p in paths))
        if canonical in seen:
            continue
        seen.add(canonical)
        yield pattern, paths


def uses_ports(pattern: frozenset) -> bool:
    """Whether a segment of the pattern leaves through a port (the gadget is not the whole graph)."""
    return any(end[0] == "port" for segment in pattern for end in segment)


def pattern_ends(pattern: frozenset) -> tuple:
    """The ends of a one-segment pattern, or of all segments flattened, sorted."""
    return tuple(sorted((end for segment in pattern for end in segment), key=repr))
