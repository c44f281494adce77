"""Directed Hamiltonian cycle in *planar* digraphs whose every vertex has in/out degree (2, 1) or
(1, 2) (``dhamcycle-21-planar``): Plesník's (1979) NP-complete problem itself, the source of
Papadimitriou & Vazirani (1984) as Lemma A.1 of Brunner et al., "Complexity of Solo Chess with
Unlimited Moves" (Appendix A) cites it. It is :mod:`npw.instances.hampath.dhamcycle21` with the
underlying graph planar (networkx's planarity test, checked on every instance): what Lemma A.1's
grid drawing (:mod:`npw.reductions.hampath.planar_to_grid`) needs, and what
:mod:`npw.reductions.hampath.pm3sat_to_dhamcycle21_planar` makes from planar monotone 3-SAT.

Generators: those of ``dhamcycle-21``, redrawn (with other seeds) until planar. Below 12
vertices most draws are planar; past 40 tries ``random`` and ``planted`` give the planar *ladder*
of :func:`ladder` (a Hamiltonian cycle with each second arc doubled back: yes), ``certified-no``
draws on 6 vertices.

>>> g = random_instance(seed=1, num_vertices=8)
>>> g.problem, is_planar(g.num_vertices, g.edges)
('dhamcycle-21-planar', True)
>>> PlanarDirectedHamCycle21(6, [(u, v) for u in range(3) for v in range(3, 6)] + [(3, 0), (4, 1), (5, 2)])
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: vertex 0 has in/out degree (1, 3); dhamcycle-21 needs (2, 1) or (1, 2)
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from npw.instances.base import InvalidInstance, Param, Problem, takes
from npw.instances.elements import digraph_elements
from npw.instances.hampath import dhamcycle21 as general
from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21, is_planar

__all__ = ["PROBLEM", "PlanarDirectedHamCycle21", "certified_no_instance", "enumerate_instances", "ladder",
           "planted_instance", "planted_with_cycle", "random_instance", "verification_sample"]

TRIES = 40


class PlanarDirectedHamCycle21(DirectedHamCycle21):
    """A ``dhamcycle-21`` digraph whose underlying graph is planar.

    Parameters
    ----------
    num_vertices : int
        The vertices are 0..num_vertices-1.
    edges : sequence of (int, int)
        The arcs (tail, head).

    Examples
    --------
    >>> PlanarDirectedHamCycle21(4, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (3, 1)]).verify((0, 1, 2, 3))
    True
    """

    problem: ClassVar[str] = "dhamcycle-21-planar"

    def validate(self) -> None:
        super().validate()
        if not is_planar(self.num_vertices, self.edges):
            raise InvalidInstance("the digraph is not planar; dhamcycle-21-planar needs a planar one")


def _planar(g: DirectedHamCycle21) -> PlanarDirectedHamCycle21:
    return PlanarDirectedHamCycle21(g.num_vertices, g.edges)


def ladder(num_vertices: int) -> PlanarDirectedHamCycle21:
    """The cycle 0 -> 1 -> ... -> n-1 -> 0 with each even vertex's second arc back to the vertex
    before it (2k -> 2k - 1, and 0 -> n - 1): planar (each chord beside its cycle arc), Hamiltonian.

    >>> ladder(6).verify((0, 1, 2, 3, 4, 5))
    True
    """
    n = max(4, num_vertices + num_vertices % 2)
    arcs = {(v, (v + 1) % n) for v in range(n)} | {(2 * k, (2 * k - 1) % n) for k in range(n // 2)}
    return PlanarDirectedHamCycle21(n, tuple(sorted(arcs)))


def _redrawn(make, seed: int, num_vertices: int):
    for attempt in range(TRIES):
        g = make(seed + attempt * 7919, num_vertices)
        if is_planar(g.num_vertices, g.edges):
            return g
    return None


@takes(num_vertices=Param(4, help="vertices (rounded up to an even number)"))
def random_instance(seed: int, num_vertices: int = 8) -> PlanarDirectedHamCycle21:
    """A random ``dhamcycle-21`` digraph, redrawn until planar (the ladder past 40 tries)."""
    g = _redrawn(general.random_instance, seed, num_vertices)
    return ladder(num_vertices) if g is None else _planar(g)


def planted_with_cycle(seed: int, num_vertices: int = 8) -> tuple[PlanarDirectedHamCycle21, tuple[int, ...]]:
    """Yes by construction, with its cycle (``dhamcycle-21``'s planted, redrawn until planar)."""
    for attempt in range(TRIES):
        g, cycle = general.planted_with_cycle(seed + attempt * 7919, num_vertices)
        if is_planar(g.num_vertices, g.edges):
            return _planar(g), cycle
    g = ladder(num_vertices)
    return g, tuple(range(g.num_vertices))


@takes(num_vertices=Param(4, help="vertices (rounded up to an even number)"))
def planted_instance(seed: int, num_vertices: int = 8) -> PlanarDirectedHamCycle21:
    """Yes by construction (:func:`planted_with_cycle` without the cycle)."""
    return planted_with_cycle(seed, num_vertices)[0]


@takes(num_vertices=Param(6, help="vertices (rounded up to an even number)"))
def certified_no_instance(seed: int, num_vertices: int = 8) -> PlanarDirectedHamCycle21:
    """No by construction (``dhamcycle-21``'s: two forced arcs into one vertex), redrawn until
    planar."""
    for size in (num_vertices, 6):  # past 40 tries at the size asked, 6 vertices (planar but K3,3)
        g = _redrawn(general.certified_no_instance, seed, size)
        if g is not None:
            return _planar(g)
    raise InvalidInstance("no planar certified-no digraph drawn")


def enumerate_instances(max_vertices: int) -> Iterator[PlanarDirectedHamCycle21]:
    """Every planar such digraph on 4 or 6 vertices, once per isomorphism class."""
    for g in general.enumerate_instances(max_vertices):
        if is_planar(g.num_vertices, g.edges):
            yield _planar(g)


def verification_sample(seed: int) -> PlanarDirectedHamCycle21:
    """A small planar instance (4-8 vertices) for the verifier."""
    g = general.verification_sample(seed)
    return _planar(g) if is_planar(g.num_vertices, g.edges) else random_instance(seed, g.num_vertices)


PROBLEM = Problem.of_module(
    globals(),
    id="dhamcycle-21-planar",
    title="Hamiltonian cycle in a planar digraph with in/out degrees (2, 1) or (1, 2) (Plesník 1979)",
    instance_type=PlanarDirectedHamCycle21,
    certificate_doc="cycle: list of all vertices in the order the cycle visits them, along the arcs",
    generators={"random": random_instance, "planted": planted_instance, "certified-no": certified_no_instance},
    default_generator="random",
    verify_deciders=("sat-edges", "dp"),
    planted_certificates={"planted": lambda seed, **params: planted_with_cycle(seed, **params)[1]},
    deciders=("dp", "sat", "sat-edges"),
    renderer="npw.instances.hampath.render:render_cycle",
    elements=digraph_elements,
    file_model="npw.instances.models:DirectedHamCycle21PlanarFile",
)
