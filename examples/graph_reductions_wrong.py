"""Wrong versions of the textbook graph reductions, one per reduction, each a mistake students
make; the verifier rejects every one with a counterexample of a few vertices or clauses
(``tests/test_graph_reductions.py``). They carry no claims, as a student's first version would
not: the answers, certificates and sizes alone find the fault.

* NO_CONFLICT_EDGES (3sat-to-indset): the clause triangles without the edges between x and ~x,
  so an independent set may choose both;
* K_NOT_N_MINUS_K (indset-to-vertexcover): the cover asked of size k instead of n - k;
* COMPLEMENTED_COVER (vertexcover-to-indset): the complement graph taken as for clique;
* SELF_LOOPS (indset-to-clique): the complement built over all pairs (u, v), u == v included;
* NOT_COMPLEMENTED (clique-to-indset): the same graph, "a clique is an independent set";
* ISOLATED_FORGOTTEN (vertexcover-to-domset): k' = k, forgetting that an isolated vertex must
  dominate itself;
* OUTPUT_NOT_FALSE (3sat-to-3col): each clause's output joined to BASE only, not to FALSE, so
  a clause of three false literals is coloured too (its output takes FALSE's colour);
* ONE_ARC_PER_EDGE (vertexcover-to-fvs): each edge made one arc u -> v (u < v) instead of two
  opposite ones, so the digraph is acyclic and every target says yes.

    npw verify examples/graph_reductions_wrong.py:ISOLATED_FORGOTTEN --exhaustive 3
"""

from __future__ import annotations

import dataclasses
import itertools

from npw.api import Clique, IndependentSet, ThreeSat, VertexCover, get_reduction
from npw.instances.graphs.digraph import FeedbackVertexSet
from npw.instances.graphs.graph import Coloring, DominatingSet
from npw.reductions.graphs import three_sat_to_3col, three_sat_to_indset, vertexcover_to_domset


def _wrong(reduction_id: str, name: str, reduce) -> object:
    return dataclasses.replace(get_reduction(reduction_id), id=name, reduce=reduce, claims=())


def no_conflict_edges(formula: ThreeSat) -> IndependentSet:
    m = len(formula.clauses)
    return IndependentSet(3 * m, tuple(three_sat_to_indset.triangle_edges(m)), m)  # bug: no x / ~x edges


def k_not_n_minus_k(graph: IndependentSet) -> VertexCover:
    return VertexCover(graph.num_vertices, graph.edges, graph.k)  # bug: k instead of n - k


def complemented_cover(graph: VertexCover) -> IndependentSet:
    return IndependentSet(graph.num_vertices, graph.non_edges(), graph.num_vertices - graph.k)  # bug: complement


def self_loops(graph: IndependentSet) -> Clique:
    pairs = itertools.combinations_with_replacement(range(graph.num_vertices), 2)  # bug: (v, v) included
    return Clique(graph.num_vertices, tuple(p for p in pairs if p not in set(graph.edges)), graph.k)


def not_complemented(graph: Clique) -> IndependentSet:
    return IndependentSet(graph.num_vertices, graph.edges, graph.k)  # bug: the complement forgotten


def isolated_forgotten(graph: VertexCover) -> DominatingSet:
    built = vertexcover_to_domset.reduce(graph)
    return DominatingSet(built.num_vertices, built.edges, graph.k)  # bug: isolated vertices not counted


def one_arc_per_edge(graph: VertexCover) -> FeedbackVertexSet:
    return FeedbackVertexSet(graph.num_vertices, graph.edges, graph.k)  # bug: u -> v only, no v -> u


def output_not_false(formula: ThreeSat) -> Coloring:
    built = three_sat_to_3col.reduce(formula)
    n = formula.num_vars
    outputs = {(three_sat_to_3col.FALSE, three_sat_to_3col.gadget(n, i)[-1]) for i in range(len(formula.clauses))}
    return Coloring(built.num_vertices, tuple(e for e in built.edges if e not in outputs), 3)  # bug: no r'-FALSE


NO_CONFLICT_EDGES = _wrong("3sat-to-indset", "3sat-to-indset-no-conflict-edges", no_conflict_edges)
K_NOT_N_MINUS_K = _wrong("indset-to-vertexcover", "indset-to-vertexcover-k", k_not_n_minus_k)
COMPLEMENTED_COVER = _wrong("vertexcover-to-indset", "vertexcover-to-indset-complemented", complemented_cover)
SELF_LOOPS = _wrong("indset-to-clique", "indset-to-clique-self-loops", self_loops)
NOT_COMPLEMENTED = _wrong("clique-to-indset", "clique-to-indset-not-complemented", not_complemented)
ISOLATED_FORGOTTEN = _wrong("vertexcover-to-domset", "vertexcover-to-domset-isolated", isolated_forgotten)
OUTPUT_NOT_FALSE = _wrong("3sat-to-3col", "3sat-to-3col-output-not-false", output_not_false)
ONE_ARC_PER_EDGE = _wrong("vertexcover-to-fvs", "vertexcover-to-fvs-one-arc", one_arc_per_edge)

WRONG = {"3sat-to-indset": NO_CONFLICT_EDGES, "indset-to-vertexcover": K_NOT_N_MINUS_K,
         "vertexcover-to-indset": COMPLEMENTED_COVER, "indset-to-clique": SELF_LOOPS,
         "clique-to-indset": NOT_COMPLEMENTED, "vertexcover-to-domset": ISOLATED_FORGOTTEN,
         "3sat-to-3col": OUTPUT_NOT_FALSE, "vertexcover-to-fvs": ONE_ARC_PER_EDGE}
