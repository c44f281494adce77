"""The gadgets of our 3-SAT -> ``dhamcycle-21`` reduction
(:mod:`npw.reductions.hampath.three_sat_to_dhamcycle21`), each a small digraph with *ports*, and
the exhaustive check of every way a Hamiltonian cycle can meet it.

A port is an arc between a gadget vertex and the rest of the digraph: an *in-port* enters the
gadget at a vertex, an *out-port* leaves it from one. A Hamiltonian cycle of any digraph that
contains the gadget, joined to the rest by its ports only, meets the gadget in vertex-disjoint
*segments* that cover all its vertices, each entering through an in-port and leaving through an
out-port (a segment cannot end inside: the cycle goes on, and it cannot close inside, the gadget
being less than the whole digraph). The *pattern* of such a cover is the set of (in-port,
out-port) pairs of its segments. :func:`covers` enumerates every cover by brute force, so "the
cell is crossed in one of three ways" is a finite check (``tests/test_dhamcycle21_gadgets.py``).

Why these gadgets: in a digraph whose vertices have in/out degree (2, 1) or (1, 2), a vertex of
in and out degree 2 is a pair (2, 1) -> (1, 2) joined by a forced arc (:func:`split`); so any
construction whose vertices all have in- and out-degree 1 or 2, and never both 1, becomes a
``dhamcycle-21`` instance. The textbook 3-SAT -> directed Hamiltonian cycle construction has
rows of vertices of in and out degree 2 that the clause taps push to 3; splitting a degree-3
vertex into a tree does not work (the tree's vertices must be visited, which forces the path
through all of them). :data:`TAP_CELL` is a row cell that has room for its tap: six vertices of
in/out degree 2, crossed left to right with or without the detour through its clause, or right
to left without it, and in no other way.

>>> sorted(sorted(p) for p in patterns(TAP_CELL))
[[('L', 'R')], [('L', 't'), ('t', 'R')], [('R', 'L')]]
>>> sorted(sorted(p) for p in patterns(split(TAP_CELL))) == sorted(sorted(p) for p in patterns(TAP_CELL))
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator, Mapping

__all__ = ["BACK", "CHANNEL_CLAUSES", "CLAUSE_CYCLE", "DETOUR", "DigraphGadget", "LADDER_CELL", "LADDER_CELL_ROUTES",
           "LOWER", "THROUGH", "TAP_CELL", "TAP_CELL_ROUTES", "UPPER", "channel_covers", "covers", "crossing_pattern",
           "degrees", "patterns", "split"]


@dataclass(frozen=True)
class DigraphGadget:
    """A digraph on vertices 0..num_vertices-1 with named in-ports and out-ports.

    Parameters
    ----------
    name : str
        What the proof calls it.
    num_vertices : int
        The vertices are 0..num_vertices-1.
    arcs : tuple of (int, int)
        The arcs inside the gadget.
    in_ports : mapping of str to int
        Each in-port's name and the vertex its arc enters.
    out_ports : mapping of str to int
        Each out-port's name and the vertex its arc leaves.

    Examples
    --------
    >>> g = DigraphGadget("2-cycle", 2, ((0, 1), (1, 0)), {"a": 0, "b": 1}, {"a": 1, "b": 0})
    >>> sorted(sorted(p) for p in patterns(g))
    [[('a', 'a')], [('a', 'b'), ('b', 'a')], [('b', 'b')]]
    """

    name: str
    num_vertices: int
    arcs: tuple[tuple[int, int], ...]
    in_ports: Mapping[str, int] = field(default_factory=dict)
    out_ports: Mapping[str, int] = field(default_factory=dict)


def degrees(gadget: DigraphGadget) -> list[tuple[int, int]]:
    """(in-degree, out-degree) of each vertex, its ports counted.

    >>> degrees(TAP_CELL)
    [(2, 2), (2, 2), (2, 2), (2, 2), (2, 2), (2, 2)]
    """
    into, out = [0] * gadget.num_vertices, [0] * gadget.num_vertices
    for u, w in gadget.arcs:
        out[u] += 1
        into[w] += 1
    for v in gadget.in_ports.values():
        into[v] += 1
    for v in gadget.out_ports.values():
        out[v] += 1
    return list(zip(into, out))


def split(gadget: DigraphGadget) -> DigraphGadget:
    """Every vertex of in and out degree 2 (ports counted) made two, 2v -> 2v + 1: the first takes
    its in-arcs (kind (2, 1)), the second its out-arcs (kind (1, 2)); every other vertex v is 2v.
    A Hamiltonian cycle uses the arc 2v -> 2v + 1 (the first has no other out-arc), so the covers
    are the same, each split vertex's visit made two steps.

    >>> g = split(TAP_CELL)
    >>> g.num_vertices, sorted(set(degrees(g)))
    (12, [(1, 2), (2, 1)])
    """
    kinds = degrees(gadget)
    two = [kind == (2, 2) for kind in kinds]
    first = {v: 2 * v for v in range(gadget.num_vertices)}
    last = {v: 2 * v + 1 if two[v] else 2 * v for v in range(gadget.num_vertices)}
    # number the vertices used 0..k-1 in order (a vertex not split keeps one number)
    used = sorted(set(first.values()) | set(last.values()))
    number = {old: new for new, old in enumerate(used)}
    arcs = tuple((number[last[u]], number[first[w]]) for u, w in gadget.arcs)
    arcs += tuple((number[first[v]], number[last[v]]) for v in range(gadget.num_vertices) if two[v])
    return DigraphGadget(gadget.name + ", split", len(used), arcs,
                         {name: number[first[v]] for name, v in gadget.in_ports.items()},
                         {name: number[last[v]] for name, v in gadget.out_ports.items()})


def covers(gadget: DigraphGadget) -> Iterator[tuple[frozenset, tuple[tuple[int, ...], ...]]]:
    """Every cover of the gadget's vertices by vertex-disjoint directed paths, each beginning where
    an in-port enters and ending where an out-port leaves (a port used once): (pattern, paths), the
    pattern the set of (in-port, out-port) names of the paths. A vertex with two ports of a kind
    gives one cover per choice. Brute force: each vertex's successor (an arc or an out-port) chosen
    every way, so 2^n choices at out-degree 2.

    >>> [(sorted(p), paths) for p, paths in covers(DigraphGadget("arc", 2, ((0, 1),), {"a": 0}, {"b": 1}))]
    [([('a', 'b')], ((0, 1),))]
    """
    n = gadget.num_vertices
    outs: list[list] = [[] for _ in range(n)]
    for u, w in gadget.arcs:
        outs[u].append(w)
    for name, v in gadget.out_ports.items():
        outs[v].append(("port", name))
    entries: dict[int, list[str]] = {}
    for name, v in gadget.in_ports.items():
        entries.setdefault(v, []).append(name)
    for choice in itertools.product(*outs):
        after = {v: w for v, w in enumerate(choice) if not isinstance(w, tuple)}
        heads = list(after.values())
        if len(set(heads)) != len(heads):
            continue  # a vertex entered twice
        starts = [v for v in range(n) if v not in set(heads)]
        paths = []
        for v in starts:
            path = [v]
            while path[-1] in after:
                path.append(after[path[-1]])
            paths.append(tuple(path))
        if sum(map(len, paths)) != n or any(p[0] not in entries for p in paths):
            continue  # a cycle inside, or a path that begins where no in-port enters
        for names in itertools.product(*[entries[p[0]] for p in paths]):
            yield (frozenset((a, choice[p[-1]][1]) for a, p in zip(names, paths)), tuple(paths))


def crossing_pattern(cycle, inside: set[int], port_in: Mapping[int, str], port_out: Mapping[int, str]) -> frozenset:
    """How a Hamiltonian ``cycle`` of a whole digraph meets a placed gadget: the (in-port,
    out-port) names of its segments in ``inside`` (the gadget's target vertices), ``port_in`` and
    ``port_out`` naming the target vertices where ports enter and leave; a segment that begins or
    ends elsewhere is named by its vertex (the proof's lemma then fails, and the claims say so).

    >>> sorted(crossing_pattern((0, 1, 2, 3), {1, 2}, {1: "a"}, {2: "b"}))
    [('a', 'b')]
    """
    order = [int(v) for v in cycle]
    after = dict(zip(order, order[1:] + order[:1]))
    before = {w: u for u, w in after.items()}
    segments = []
    for w in sorted(inside):
        if before.get(w) in inside:
            continue
        start, steps = w, 0
        while after[w] in inside and steps <= len(inside):
            w, steps = after[w], steps + 1
        segments.append((port_in.get(start, f"vertex {start}"), port_out.get(w, f"vertex {w}")))
    return frozenset(segments)


def patterns(gadget: DigraphGadget) -> set[frozenset]:
    """The patterns of :func:`covers`, each once.

    >>> len(patterns(CLAUSE_CYCLE))
    7
    """
    return {pattern for pattern, _ in covers(gadget)}


TAP_CELL = DigraphGadget(
    "tap cell",
    6,
    # the row path 0 -> 1 -> ... -> 5 and two back 2-cycles, 0 <-> 3 and 2 <-> 5
    ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (0, 3), (3, 0), (2, 5), (5, 2)),
    {"L": 0, "R": 4, "t": 1},  # entered from the left, from the right, back from the clause
    {"L": 1, "R": 5, "t": 4},  # left to the left, to the right, out to the clause
)
"""The row cell with a clause tap: the one cell (up to numbering) that the search of
``bench/dhamcycle21_cell_search.py`` finds among digraphs of up to six vertices. Its three patterns:

* :data:`THROUGH` ``L -> R``: 0 1 2 3 4 5;
* :data:`DETOUR` ``L -> t``, ``t -> R``: 0 3 4, out to the clause and back, 1 2 5;
* :data:`BACK` ``R -> L``: 4 5 2 3 0 1.

Crossed right to left, the cell cannot be left for the clause: the cycle's literal is false."""

TAP_CELL_ROUTES = {"through": (0, 1, 2, 3, 4, 5), "detour": ((0, 3, 4), (1, 2, 5)), "back": (4, 5, 2, 3, 0, 1)}
"""The vertex orders of :data:`TAP_CELL`'s three patterns (the detour's two segments)."""

THROUGH = frozenset({("L", "R")})
DETOUR = frozenset({("L", "t"), ("t", "R")})
BACK = frozenset({("R", "L")})

CLAUSE_CYCLE = DigraphGadget(
    "clause cycle",
    3,
    ((0, 1), (1, 2), (2, 0)),
    {"t0": 0, "t1": 1, "t2": 2},  # tap k enters q_k
    {"t0": 2, "t1": 0, "t2": 1},  # and returns from q_{k-1}: around the cycle from q_k
)
"""A clause's three vertices q_0 -> q_1 -> q_2 -> q_0, in and out degree 2 with the ports: the tap of
literal k enters q_k, and q_{k-1} returns to literal k's cell. Entered at q_k alone, the cycle is
covered by q_k q_{k+1} q_{k+2} back to the same cell ({(tk, tk)}); its other covers mix the taps,
and the proof needs no more than that every cover enters through at least one tap."""


# -- the planar construction (pm3sat-to-dhamcycle-21): a ladder cell and clauses with channels ----

LADDER_CELL = DigraphGadget(
    "ladder cell",
    6,
    # a hexagon 0 1 2 | 3 4 5: both sides two 2-cycles, the bottom arc 0 -> 5; the top arc 2 -> 3 is
    # cut into the clause channel (out of 2, back into 3)
    ((0, 1), (1, 0), (1, 2), (2, 1), (3, 4), (4, 3), (4, 5), (5, 4), (0, 5)),
    {"B": 0, "T": 2, "t": 3},
    {"B": 5, "T": 3, "t": 2},
)
"""A variable's cell in the planar construction (the 6-vertex cell that
``bench/dhamcycle21_cell_search.py 6 --plain`` finds, its top arc cut into the clause channel;
session 8, docs/lemma_a1.md). Both lanes cross it left to right: the *lower*
lane (in at 0, lower left; out from 5, lower right) and the *upper* lane (in at 2, upper left; out
from 3, upper right). Its two patterns, each by one route:

* :data:`LOWER` ``B -> t``, ``t -> B``: 0 1 2, out to the clause and back, 3 4 5 (the channel is
  taken: this lane cannot pass the clause by);
* :data:`UPPER` ``T -> T``: 2 1 0 5 4 3.

All six vertices have in- and out-degree 2; split, the cell is planar with its ports in the ring
upper-in, t out, t in, upper-out, lower-out, lower-in (the t ports on top)."""

LADDER_CELL_ROUTES = {"lower": ((0, 1, 2), (3, 4, 5)), "upper": (2, 1, 0, 5, 4, 3)}
"""The vertex orders of :data:`LADDER_CELL`'s two patterns (the lower lane's two segments)."""

LOWER = frozenset({("B", "t"), ("t", "B")})
UPPER = frozenset({("T", "T")})

CHANNEL_CLAUSES = {
    1: DigraphGadget("clause of 1 channel", 2, ((0, 1), (1, 0)), {"a0": 0}, {"b0": 1}),
    2: DigraphGadget("clause of 2 channels", 4, ((0, 1), (0, 3), (1, 0), (2, 1), (2, 3), (3, 2)),
                     {"a0": 0, "a1": 2}, {"b0": 1, "b1": 3}),
    3: DigraphGadget("clause of 3 channels", 7,
                     ((0, 1), (0, 6), (1, 0), (2, 3), (2, 5), (3, 2), (4, 3), (4, 5), (5, 1), (5, 6), (6, 4)),
                     {"a0": 0, "a1": 2, "a2": 4}, {"b0": 1, "b1": 3, "b2": 6}),
}
"""A clause of k literals in the planar construction: channel j enters at a_j (from the t exit of
literal j's cell, left to right) and leaves at b_j (back into the same cell). Every nonempty set
of channels has a cover in which each channel comes back out of its own exit
(:func:`channel_covers`); with no channel there is none. Other covers exchange exits; the proof
needs only that a covered clause has a channel taken, i.e. a cell crossed on its lower lane.
Split, each is planar with its ports in the ring a0 b0 a1 b1 .. (the first that
``bench/dhamcycle21_cell_search.py N --clause K`` finds, a search over the unions of such covers;
session 8)."""


def channel_covers(gadget: DigraphGadget) -> dict[frozenset, tuple[tuple[int, ...], ...]]:
    """For each set of channels j (a_j -> b_j), the first cover whose paths each leave by their own
    channel's exit: {set of j: paths, path j's first}.

    >>> sorted(sorted(s) for s in channel_covers(CHANNEL_CLAUSES[2]))
    [[0], [0, 1], [1]]
    """
    found: dict[frozenset, tuple[tuple[int, ...], ...]] = {}
    for pattern, paths in covers(gadget):
        if all(a[1:] == b[1:] for a, b in pattern):
            channels = frozenset(int(a[1:]) for a, _ in pattern)
            start = {gadget.in_ports[f"a{j}"]: j for j in channels}
            found.setdefault(channels, tuple(sorted(paths, key=lambda path: start[path[0]])))
    return found
