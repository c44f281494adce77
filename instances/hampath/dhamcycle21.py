"""Directed Hamiltonian cycle in digraphs whose every vertex has in/out degree (2, 1) or (1, 2)
(``dhamcycle-21``): the source of Papadimitriou & Vazirani (1984) as Lemma A.1 of Brunner et al.,
"Complexity of Solo Chess with Unlimited Moves" (Appendix A) cites it, NP-complete by Plesník
(1979) for *planar* such digraphs. Planarity is not required here: the step it feeds
(:mod:`npw.reductions.hampath.dhamcycle21_to_st`, PV84's Figure 2) does not use it; the grid
drawing after it would. :mod:`npw.reductions.hampath.pm3sat_to_dhamcycle21` makes planar ones
(:func:`is_planar`, its claim ``planar``), and PV84's step keeps planarity (its claim
``planar-kept``).

As many vertices have (2, 1) as (1, 2) (in-degrees and out-degrees both sum to the arc count), so
n is even and there are 3n / 2 arcs. No loops, no repeated arc; u -> v and v -> u may both be
present.

Generators, each ``fn(seed, num_vertices=)`` (num_vertices rounded up to an even number >= 4):

* ``random``: the degrees dealt at random (half of each kind) and the arcs a random matching of
  out-stubs to in-stubs (redrawn until simple);
* ``planted`` (yes): a random Hamiltonian cycle first, the remaining stubs matched at random;
* ``certified-no`` (no): two vertices of out-degree 1 both point to one vertex: both arcs are
  forced (a cycle leaves each vertex by one arc), so that vertex would be entered twice.

>>> g, cycle = planted_with_cycle(seed=3, num_vertices=6)
>>> g.num_vertices, len(g.edges), g.verify(cycle)
(6, 9, True)
>>> DirectedHamCycle21(2, ((0, 1), (1, 0)))
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: vertex 0 has in/out degree (1, 1); dhamcycle-21 needs (2, 1) or (1, 2)
"""

from __future__ import annotations

import itertools
import random as _random
from typing import ClassVar, Iterator

from npw.instances.base import InvalidInstance, Param, Problem, takes
from npw.instances.elements import digraph_elements
from npw.instances.hampath.cycle import DirectedHamCycle, relabel

__all__ = ["DirectedHamCycle21", "KINDS", "PROBLEM", "certified_no_instance", "degrees", "enumerate_instances", "is_planar",
           "planted_instance", "planted_with_cycle", "random_instance", "verification_sample"]

KINDS = ((2, 1), (1, 2))  # the allowed (in-degree, out-degree)


def is_planar(num_vertices: int, edges) -> bool:
    """Whether the graph (arcs taken as edges, directions ignored) has a drawing without
    crossings: Plesník's "planar digraph" (networkx's planarity test, linear time).

    >>> is_planar(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)])  # K4
    True
    >>> is_planar(5, [(u, v) for u in range(5) for v in range(u + 1, 5)])  # K5
    False
    """
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(num_vertices))
    graph.add_edges_from(edges)
    return nx.check_planarity(graph)[0]


def degrees(num_vertices: int, arcs) -> list[tuple[int, int]]:
    """(in-degree, out-degree) of each vertex.

    >>> degrees(2, [(0, 1)])
    [(0, 1), (1, 0)]
    """
    into, out = [0] * num_vertices, [0] * num_vertices
    for u, v in arcs:
        out[u] += 1
        into[v] += 1
    return list(zip(into, out))


class DirectedHamCycle21(DirectedHamCycle):
    """A digraph whose vertices all have (in, out) degree (2, 1) or (1, 2): has it a Hamiltonian cycle?

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The arcs (tail, head).

    Examples
    --------
    >>> g = DirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)])
    >>> g.verify((0, 1, 2, 3)), g.verify((0, 1, 3, 2))
    (True, False)
    """

    problem: ClassVar[str] = "dhamcycle-21"

    def validate(self) -> None:
        super().validate()
        for v, kind in enumerate(degrees(self.num_vertices, self.edges)):
            if kind not in KINDS:
                raise InvalidInstance(f"vertex {v} has in/out degree {kind}; dhamcycle-21 needs (2, 1) or (1, 2)")


def _even(num_vertices: int) -> int:
    return max(4, num_vertices + num_vertices % 2)


def _stubs(kinds: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    outs = [v for v, (_, o) in enumerate(kinds) for _ in range(o)]
    ins = [v for v, (i, _) in enumerate(kinds) for _ in range(i)]
    return outs, ins


def _matched(rng: _random.Random, outs: list[int], ins: list[int], arcs: set) -> set | None:
    """``arcs`` with the out-stubs matched to the in-stubs at random, or None where a try gives a
    loop or a repeated arc (100 tries)."""
    for _ in range(100):
        shuffled = ins[:]
        rng.shuffle(shuffled)
        new = set(zip(outs, shuffled))
        if len(new) == len(outs) and all(u != v for u, v in new) and not new & arcs:
            return arcs | new
    return None


def _kinds(rng: _random.Random, n: int) -> list[tuple[int, int]]:
    kinds = [KINDS[0]] * (n // 2) + [KINDS[1]] * (n // 2)
    rng.shuffle(kinds)
    return kinds


@takes(num_vertices=Param(4, help="vertices (rounded up to an even number)"))
def random_instance(seed: int, num_vertices: int = 8) -> DirectedHamCycle21:
    """Random degrees (half of each kind), the arcs a random stub matching."""
    rng = _random.Random(seed)
    n = _even(num_vertices)
    while True:
        outs, ins = _stubs(_kinds(rng, n))
        arcs = _matched(rng, outs, ins, set())
        if arcs is not None:
            return DirectedHamCycle21(n, tuple(sorted(arcs)))


def planted_with_cycle(seed: int, num_vertices: int = 8) -> tuple[DirectedHamCycle21, tuple[int, ...]]:
    """Yes by construction, with its cycle: the cycle 0 -> 1 -> ... -> n-1 -> 0 uses one in-stub and
    one out-stub of every vertex; the rest are matched at random; then the vertices renumbered."""
    rng = _random.Random(seed)
    n = _even(num_vertices)
    while True:
        kinds = _kinds(rng, n)
        cycle_arcs = {(v, (v + 1) % n) for v in range(n)}
        rest = [(i - 1, o - 1) for i, o in kinds]
        outs, ins = _stubs(rest)
        arcs = _matched(rng, outs, ins, cycle_arcs)
        if arcs is not None:
            break
    new_label = list(range(n))
    rng.shuffle(new_label)
    g = relabel(DirectedHamCycle21(n, tuple(sorted(arcs))), new_label)
    return g, tuple(new_label[v] for v in range(n))


@takes(num_vertices=Param(4, help="vertices (rounded up to an even number)"))
def planted_instance(seed: int, num_vertices: int = 8) -> DirectedHamCycle21:
    """Yes by construction (:func:`planted_with_cycle` without the cycle)."""
    return planted_with_cycle(seed, num_vertices)[0]


@takes(num_vertices=Param(6, help="vertices (rounded up to an even number)"))
def certified_no_instance(seed: int, num_vertices: int = 8) -> DirectedHamCycle21:
    """No by construction: vertices 0 and 1 of out-degree 1 both point to vertex 2 (in-degree 2),
    the other stubs matched at random, the vertices renumbered. A Hamiltonian cycle leaves 0 and 1
    by their only arcs and would enter 2 twice.

    >>> g = certified_no_instance(seed=2)
    >>> heads = [next(iter(g.successors(u))) for u in range(g.num_vertices) if len(g.successors(u)) == 1]
    >>> len(heads) > len(set(heads))  # two forced arcs into one vertex
    True
    """
    rng = _random.Random(seed)
    n = max(6, _even(num_vertices))
    while True:
        kinds = [KINDS[0]] * 3 + [KINDS[1]] * (n // 2) + [KINDS[0]] * (n // 2 - 3)
        fixed = {(0, 2), (1, 2)}
        rest = list(kinds)
        rest[0], rest[1], rest[2] = (2, 0), (2, 0), (0, 1)
        outs, ins = _stubs(rest)
        arcs = _matched(rng, outs, ins, fixed)
        if arcs is not None:
            break
    new_label = list(range(n))
    rng.shuffle(new_label)
    return relabel(DirectedHamCycle21(n, tuple(sorted(arcs))), new_label)


def _canonical(n: int, arcs: frozenset) -> tuple:
    # an isomorphism keeps the degrees: vertices 0..n/2-1 are (2, 1), the others (1, 2)
    half = n // 2
    return min(tuple(sorted((p[u], p[v]) for u, v in arcs))
               for a in itertools.permutations(range(half)) for b in itertools.permutations(range(half, n))
               for p in (a + b,))


def enumerate_instances(max_vertices: int) -> Iterator[DirectedHamCycle21]:
    """Every such digraph on 4 or 6 vertices (up to max_vertices; none on 2), once per
    isomorphism class: out-neighbour sets chosen vertex by vertex, kept where the in-degrees fit."""
    for n in range(4, min(max_vertices, 6) + 1, 2):
        seen = set()
        heads = [[(v, set(c)) for c in itertools.combinations([w for w in range(n) if w != v], o)]
                 for v, (_, o) in enumerate([KINDS[0]] * (n // 2) + [KINDS[1]] * (n // 2))]
        for choice in itertools.product(*[[c for _, c in options] for options in heads]):
            arcs = frozenset((v, w) for v, ws in enumerate(choice) for w in ws)
            if all(into == (2 if v < n // 2 else 1) for v, (into, _) in enumerate(degrees(n, arcs))):
                key = _canonical(n, arcs)
                if key not in seen:
                    seen.add(key)
                    yield DirectedHamCycle21(n, tuple(sorted(arcs)))


def verification_sample(seed: int) -> DirectedHamCycle21:
    """A small instance (4-8 vertices) for the verifier."""
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.choice((4, 6, 8)))


PROBLEM = Problem.of_module(
    globals(),
    id="dhamcycle-21",
    title="Hamiltonian cycle in a digraph with in/out degrees (2, 1) or (1, 2) (Plesník 1979, planarity not required)",
    instance_type=DirectedHamCycle21,
    certificate_doc="cycle: list of all vertices in the order the cycle visits them, along the arcs",
    generators={"random": random_instance, "planted": planted_instance, "certified-no": certified_no_instance},
    default_generator="random",
    # the edge encoding first, as hamcycle's: 3sat-to-dhamcycle-21's targets (44-132 vertices) take it
    # milliseconds, the position encoding 1-8 s and the DP longer; the DP second decides small sources
    verify_deciders=("sat-edges", "dp"),
    planted_certificates={"planted": lambda seed, **params: planted_with_cycle(seed, **params)[1]},
    deciders=("dp", "sat", "sat-edges"),
    renderer="npw.instances.hampath.render:render_cycle",
    elements=digraph_elements,
    file_model="npw.instances.models:DirectedHamCycle21File",
)
