"""Community formats of problems whose encoders live in their decider modules.

Each function takes an instance and returns the file's text; ``EXPORTS`` at the end of this
module declares them per problem (``npw.solvers.registry.Export``). DIMACS comments record where the encoding comes from, so a CNF
handed to another solver can be traced back.

Every problem with a SAT decider exports its encoding as DIMACS, every problem with an SMT
decider its model as SMT-LIB2. Exports are bounded: :func:`check_export_size` refuses, with
one line naming :data:`MAX_EXPORT_CLAUSES`, an export that would hold more clauses (SMT-LIB2:
assertions) than the limit, first from a lower bound computed from the instance's sizes
before anything is built (:func:`clause_lower_bound`; a 50 x 50 sliding-tile board's
planning CNF would be tens of billions of clauses), then from the finished text, so no file
over the limit is ever written.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from npw.instances.base import InvalidInstance
from npw.solvers.limits import ENCODING_LIMIT, LIMIT_NAME, clauses_of_formula, encoding_limit
from npw.instances.graphs.adjlist import to_adjlist
from npw.instances.graphs.dimacs import to_dimacs_graph
from npw.instances.graphs.edgelist import to_edgelist
from npw.instances.graphs.gml import to_gml
from npw.instances.graphs.graphml import to_graphml
from npw.instances.graphs.question import GRAPH_FILE_PROBLEMS
from npw.instances.hampath.hcp import cycle_to_hcp
from npw.instances.hampath.hcp import to_hcp
from npw.solvers.registry import Export

__all__ = ["EXPORTS", "MAX_EXPORT_CLAUSES", "binpacking_dimacs", "bwp_clauses", "bwp_dimacs", "check_export_size",
           "clause_lower_bound", "clauses_of_formula", "coloring_clauses", "coloring_dimacs", "dimacs_text",
           "edge_clauses", "element_clauses", "four_partition_dimacs", "fvs_clauses", "fvs_dimacs", "graph_dimacs",
           "hamcycle_dimacs", "hamiltonian_clauses", "hampath_dimacs", "knapsack_dimacs", "non_edge_clauses",
           "npuz_clauses", "npuz_oneline", "numbers_dimacs", "rel_clauses", "setcover_clauses", "setcover_dimacs",
           "sets_dimacs", "solochess_clauses", "solochess_dimacs", "three_partition_assertions",
           "three_partition_clauses", "three_partition_dimacs", "three_partition_smt2", "to_smt2", "vertex_clauses"]

MAX_EXPORT_CLAUSES = ENCODING_LIMIT
"""The most clauses (DIMACS) or assertions (SMT-LIB2) an export may hold: the deciders' own
encoding limit (:mod:`npw.solvers.limits`, 5 million by default, some 100 MB of DIMACS and about
a gigabyte of Python lists while it is built; ``NPW_ENCODING_LIMIT`` sets another), so what a
decider refuses to build, an export refuses to write."""


def _exactly_one_lower(count: int) -> int:
    # the at-least-one clause, and at-most-one needs >= count - 1 clauses in any encoding we use
    return 1 + max(0, count - 1)


# Lower bounds of the clause count of an export, from the instance's sizes alone (cheap): each
# export names its own (``Export.clause_bound``).

def npuz_clauses(instance: Any) -> int:
    cells = instance.n * instance.n  # every layer: exactly one tile per cell and one cell per tile, pairwise
    return (instance.k + 1) * 2 * cells * (1 + cells * (cells - 1) // 2)


def rel_clauses(instance: Any) -> int:
    edges = len(instance.edges)  # the order's transitivity: one per ordered triple of edges
    return edges * (edges - 1) * (edges - 2)


def hamiltonian_clauses(instance: Any) -> int:
    n = instance.num_vertices  # the position encoding: a non-edge's clauses and exactly-one per row and column
    return n * (n - 1) + 2 * _exactly_one_lower(n)


def edge_clauses(instance: Any) -> int:
    """The property's clauses alone (the counter adds more): one an edge (indset, vertexcover)."""
    return len(instance.edges)


def non_edge_clauses(instance: Any) -> int:
    """clique: one a non-edge (the counter adds more)."""
    return instance.num_vertices * (instance.num_vertices - 1) // 2 - len(instance.edges)


def vertex_clauses(instance: Any) -> int:
    """domset: one a vertex (the counter adds more)."""
    return instance.num_vertices


def coloring_clauses(instance: Any) -> int:
    return instance.k * len(instance.edges)  # the edges' clauses alone


def solochess_clauses(instance: Any) -> int:
    return 2 * len(instance.pieces) * max(0, len(instance.pieces) - 1)


def three_partition_clauses(instance: Any) -> int:
    return 2 * instance.m * len(instance.numbers) * (instance.bound + 1)


def three_partition_assertions(instance: Any) -> int:
    return len(instance.numbers) + instance.m


def bwp_clauses(instance: Any) -> int:
    rows, cols = instance.rows, instance.cols  # per step and cell: two frame clauses, two per selectable shift
    shifts = (cols - 1 if cols > 1 else 0) + (rows - 1 if rows > 1 else 0)
    return 2 * instance.bound * rows * cols * (1 + shifts)


def element_clauses(instance: Any) -> int:
    """3dm, x3c: one at-least-one clause an element (its at-most-one adds more)."""
    return 3 * instance.q


def fvs_clauses(instance: Any) -> int:
    n = instance.num_vertices  # the transitivity clauses alone: one per ordered triple
    return n * (n - 1) * max(n - 2, 0)


def setcover_clauses(instance: Any) -> int:
    return instance.universe  # the elements' clauses alone


def clause_lower_bound(instance: Any, fmt: str) -> int | None:
    """At least how many clauses (assertions) the ``fmt`` export of ``instance`` holds, from its
    sizes alone; None where no bound is known (formats without clauses, user problems).

    >>> from npw.instances.npuz.board import NPuz
    >>> big = NPuz(50, tuple(range(1, 2500)) + (0,), tuple(range(1, 2500)) + (0,), 100)
    >>> f"{clause_lower_bound(big, 'dimacs'):,}"
    '1,577,494,255,000'
    """
    from npw.solvers.registry import get_export

    export = get_export(instance.problem, fmt)
    return None if export is None or export.clause_bound is None else export.clause_bound(instance)


def _clauses_in(text: str, fmt: str) -> int | None:
    if fmt == "dimacs":
        header = re.search(r"^p cnf \d+ (\d+)", text, flags=re.M)
        return int(header.group(1)) if header else None
    if fmt == "smt2":
        return text.count("(assert ")
    return None


def check_export_size(instance: Any, fmt: str, text: str | None = None, limit: int | None = None) -> None:
    """Refuses (InvalidInstance, one line naming the limit) an export of more than ``limit``
    clauses (default :data:`MAX_EXPORT_CLAUSES`): before building from
    :func:`clause_lower_bound`, or, given the finished ``text``, from the text itself.

    >>> from npw.instances.sat.cnf import CNF
    >>> check_export_size(CNF(2, [(1, 2), (-1,), (2,)]), "dimacs", limit=2)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: the dimacs export of this cnf instance would hold at least 3 clauses, more than the limit of 2 (MAX_EXPORT_CLAUSES; the environment variable NPW_ENCODING_LIMIT sets another)
    """
    limit = encoding_limit() if limit is None else limit
    count = clause_lower_bound(instance, fmt) if text is None else _clauses_in(text, fmt)
    if count is not None and count > limit:
        what = "assertions" if fmt == "smt2" else "clauses"
        raise InvalidInstance(f"the {fmt} export of this {instance.problem} instance would hold "
                              f"{'at least ' if text is None else ''}{count:,} {what}, more than the limit of {limit:,} "
                              f"(MAX_EXPORT_CLAUSES; the environment variable {LIMIT_NAME} sets another)")


def dimacs_text(num_vars: int, clauses: Sequence[Sequence[int]], description: str) -> str:
    from npw.instances.sat.cnf import CNF

    return CNF(num_vars, [tuple(c) for c in clauses]).to_dimacs(comments=(description,))


def hampath_dimacs(instance) -> str:
    """The position encoding of :mod:`npw.solvers.hampath.sat` (x[i][v]: vertex v at position i)."""
    from npw.solvers.hampath.sat import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, f"Hamiltonian path ({instance.problem}) position encoding by npw")


def hamcycle_dimacs(instance) -> str:
    """The cyclic position encoding of :mod:`npw.solvers.hampath.sat` (x[i][v]: vertex v at position i,
    vertex 0 at position 0), for hamcycle and dhamcycle."""
    from npw.solvers.hampath.sat import encode_cycle

    num_vars, clauses, _ = encode_cycle(instance)
    return dimacs_text(num_vars, clauses, f"Hamiltonian cycle ({instance.problem}) position encoding by npw")


def graph_dimacs(instance) -> str:
    """The vertex-choice encoding of :mod:`npw.solvers.graphs.sat` (variable v + 1: vertex v chosen)."""
    from npw.solvers.graphs.sat import encode

    num_vars, clauses = encode(instance)
    return dimacs_text(num_vars, clauses, f"{instance.problem} encoding (k = {instance.k}) by npw")


def fvs_dimacs(instance) -> str:
    """The order encoding of :mod:`npw.solvers.graphs.fvs` (variable v + 1: vertex v deleted)."""
    from npw.solvers.graphs.fvs import encode

    num_vars, clauses = encode(instance)
    return dimacs_text(num_vars, clauses, f"fvs order encoding (k = {instance.k}) by npw")


def setcover_dimacs(instance) -> str:
    """The encoding of :mod:`npw.solvers.sets.setcover` (variable j + 1: set j chosen)."""
    from npw.solvers.sets.setcover import encode

    num_vars, clauses = encode(instance)
    return dimacs_text(num_vars, clauses, f"setcover encoding (k = {instance.k}) by npw")


def coloring_dimacs(instance) -> str:
    """The one-hot encoding of :mod:`npw.solvers.graphs.coloring` (variable v k + c + 1: vertex v has colour c)."""
    from npw.solvers.graphs.coloring import encode

    num_vars, clauses = encode(instance)
    return dimacs_text(num_vars, clauses, f"coloring encoding (k = {instance.k}) by npw")


def solochess_dimacs(instance) -> str:
    """The capture-sequence encoding of :mod:`npw.solvers.solochess.sat`."""
    from npw.solvers.solochess.sat import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, "Solo Chess capture-sequence encoding by npw")


def npuz_oneline(instance) -> str:
    """The sliding-tile puzzle's one-line format: B1's n^2 numbers in row-major order, 0 the
    blank (what ``npw puzzle solve FILE`` and Korf-style solvers read). The format has no room
    for the goal or the bound k: those stay in the instance's JSON file."""
    from npw.instances.npuz.board import format_board

    return format_board(instance.start) + "\n"


def three_partition_dimacs(instance) -> str:
    """The encoding of :mod:`npw.solvers.numbers.three_partition.sat` (x[i][j]: number i in group j is
    variable i * m + j + 1; the unary partial-sum chains follow)."""
    from npw.solvers.numbers.three_partition.sat import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, f"3-PARTITION ({len(instance.numbers)} numbers, B = {instance.bound}) "
                                          f"by npw: x(i, j) = number i in group j = variable i*{instance.m}+j+1")


def numbers_dimacs(instance) -> str:
    """The encoding of :mod:`npw.solvers.numbers.sat` (number i chosen = variable i + 1; the
    adder's gates follow); PARTITION with an odd total is one empty clause."""
    from npw.solvers.numbers.sat import encode

    if instance.problem == "partition" and instance.total % 2:
        return dimacs_text(0, [[]], "PARTITION with an odd total by npw: no partition")
    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, f"{instance.problem} ({len(instance.numbers)} numbers, target "
                                          f"{instance.target}) by npw: number i chosen = variable i+1")


def knapsack_dimacs(instance) -> str:
    """The encoding of :mod:`npw.solvers.numbers.knapsack` (item i packed = variable i + 1; the
    two adders' gates and slack bits follow)."""
    from npw.solvers.numbers.knapsack import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(max(num_vars, 1), clauses, f"knapsack ({len(instance.weights)} items, W = {instance.capacity}, "
                                                  f"V = {instance.goal}) by npw: item i packed = variable i+1")


def four_partition_dimacs(instance) -> str:
    """The encoding of :mod:`npw.solvers.numbers.groups` (x(i, j) = number i in group j)."""
    from npw.solvers.numbers.groups import encode_groups

    num_vars, clauses, _ = encode_groups(instance.numbers, instance.bound, 4)
    return dimacs_text(num_vars, clauses, f"4-PARTITION ({len(instance.numbers)} numbers, B = {instance.bound}) "
                                          f"by npw: x(i, j) = number i in group j = variable i*{instance.m}+j+1")


def binpacking_dimacs(instance) -> str:
    """The encoding of :mod:`npw.solvers.numbers.binpacking` (x(i, b) = item i in bin b)."""
    from npw.solvers.numbers.binpacking import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(max(num_vars, 1), clauses, f"bin packing ({len(instance.sizes)} items, C = {instance.capacity}, "
                                                  f"k = {instance.bins}) by npw: x(i, b) = item i in bin b")


def sets_dimacs(instance) -> str:
    """The exactly-one encoding of :mod:`npw.solvers.sets.sat` (triple or set i chosen = variable
    i + 1; the at-most-one counters' variables follow); an element in no set is one empty clause.

    >>> from npw.instances.sets.model import ThreeDM
    >>> sets_dimacs(ThreeDM(1, ((0, 0, 0),))).splitlines()[-4:]
    ['p cnf 1 3', '1 0', '1 0', '1 0']
    """
    from npw.solvers.sets.sat import encode

    built = encode(instance)
    if built is None:
        return dimacs_text(0, [[]], f"{instance.problem} by npw: an element lies in no set, no cover")
    num_vars, clauses = built
    family = "triple" if instance.problem == "3dm" else "set"
    return dimacs_text(num_vars, clauses, f"{instance.problem} (q = {instance.q}) exactly-one encoding by npw: "
                                          f"{family} i chosen = variable i+1")


def to_smt2(instance) -> str:
    """SMT-LIB2 text of the model of :mod:`npw.solvers.smt`, written by hand so that the text is a function of the
    instance alone (z3's own ``Solver.to_smt2`` numbers its ``let`` bindings and orders the
    declarations by internal ids that change within one process) and uses only standard
    theories: ``(or ...)`` per clause for CNF (QF_UF), and for exactly-k SAT the count
    ``(= (+ (ite l 1 0) ...) k)`` (QF_LIA) instead of z3's own ``pbeq``.

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> text = to_smt2(OneInThreeSat(3, [(1, 2, -3)]))
    >>> "(set-logic QF_LIA)" in text, "(check-sat)" in text
    (True, True)
    """
    exactly = getattr(instance, "TRUE_PER_CLAUSE", None)

    def literal(l: int) -> str:
        return f"x{l}" if l > 0 else f"(not x{-l})"

    lines = [f"; {instance.problem} instance by npw: {instance.num_vars} variables, {len(instance.clauses)} clauses",
             f"(set-logic {'QF_UF' if exactly is None else 'QF_LIA'})"]
    lines += [f"(declare-fun x{i} () Bool)" for i in range(1, instance.num_vars + 1)]
    for clause in (instance.clauses if exactly is None else instance.clauses.tolist()):
        if exactly is None:
            body = f"(or {' '.join(literal(l) for l in clause)})" if clause else "false"
        else:
            body = f"(= (+ {' '.join(f'(ite {literal(l)} 1 0)' for l in clause)}) {exactly})"
        lines.append(f"(assert {body})")
    lines += ["(check-sat)", "(exit)"]
    return "\n".join(lines) + "\n"


def three_partition_smt2(instance) -> str:
    """The model of :mod:`npw.solvers.numbers.three_partition.smt` in SMT-LIB2 (QF_LIA): g_i, the group of
    number i, in 0..min(i, m-1) (groups numbered by their first member), each group's sum B.
    Written by hand, so the text is a function of the instance alone.

    >>> from npw.instances.numbers.three_partition import ThreePartition
    >>> print(three_partition_smt2(ThreePartition((1, 1, 1), 3)), end="")  # doctest: +ELLIPSIS
    ; 3partition instance by npw: 3 numbers, bound B = 3, m = 1 groups; g_i is the group of number i
    (set-logic QF_LIA)
    (declare-fun g0 () Int)
    ...
    (assert (and (<= 0 g2) (<= g2 0)))
    (assert (= (+ (ite (= g0 0) 1 0) (ite (= g1 0) 1 0) (ite (= g2 0) 1 0)) 3))
    (check-sat)
    (exit)
    """
    n, m = len(instance.numbers), instance.m
    lines = [f"; 3partition instance by npw: {n} numbers, bound B = {instance.bound}, m = {m} groups; "
             f"g_i is the group of number i", "(set-logic QF_LIA)"]
    lines += [f"(declare-fun g{i} () Int)" for i in range(n)]
    lines += [f"(assert (and (<= 0 g{i}) (<= g{i} {min(i, m - 1)})))" for i in range(n)]
    for j in range(m):
        terms = " ".join(f"(ite (= g{i} {j}) {a} 0)" for i, a in enumerate(instance.numbers))
        lines.append(f"(assert (= (+ {terms}) {instance.bound}))")
    lines += ["(check-sat)", "(exit)"]
    return "\n".join(lines) + "\n"


def bwp_dimacs(instance) -> str:
    """The time-indexed encoding of :mod:`npw.solvers.torus.bwp.sat` (k steps of the drag metric, with
    its implied constraints)."""
    from npw.solvers.torus.bwp.sat import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, f"BWP {instance.rows}x{instance.cols}, at most k = {instance.bound} drag "
                                          f"steps, time-indexed encoding by npw (solvers/torus/bwp/sat.py)")


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

EXPORTS = (
    *(Export(problem, "dimacs", hampath_dimacs, clause_bound=hamiltonian_clauses)
      for problem in ("hampath", "hampath-grid-s", "hampath-st", "hampath-dumbbells")),
    *(Export(problem, "hcp", to_hcp) for problem in ("hampath", "hampath-grid-s", "hampath-st", "hampath-dumbbells")),
    *(Export(problem, "dimacs", hamcycle_dimacs, clause_bound=hamiltonian_clauses)
      for problem in ("hamcycle", "dhamcycle", "dhamcycle-21", "dhamcycle-21-planar")),
    Export("hamcycle", "hcp", cycle_to_hcp),
    *(Export(problem, "dimacs", graph_dimacs, clause_bound=edge_clauses) for problem in ("indset", "vertexcover")),
    # every graph problem's graph in each graph file format, its question in a comment or attribute:
    # ``--format NAME`` reads each back (npw.instances.graphs.question)
    *(Export(problem, "edge", to_dimacs_graph, read_as="dimacs") for problem in GRAPH_FILE_PROBLEMS),
    *(Export(problem, name, writer) for problem in GRAPH_FILE_PROBLEMS
      for name, writer in (("edgelist", to_edgelist), ("adjlist", to_adjlist), ("graphml", to_graphml), ("gml", to_gml))),
    Export("clique", "dimacs", graph_dimacs, clause_bound=non_edge_clauses),
    Export("domset", "dimacs", graph_dimacs, clause_bound=vertex_clauses),
    Export("coloring", "dimacs", coloring_dimacs, clause_bound=coloring_clauses),
    Export("solochess", "dimacs", solochess_dimacs, clause_bound=solochess_clauses),
    Export("npuz", "oneline", npuz_oneline),
    Export("3partition", "dimacs", three_partition_dimacs, clause_bound=three_partition_clauses),
    *(Export(problem, "smt2", to_smt2, clause_bound=clauses_of_formula)
      for problem in ("cnf", "3sat", "1in3sat", "224sat", "pm3sat", "pm3sat-2occ", "planar3sat")),
    Export("3partition", "smt2", three_partition_smt2, clause_bound=three_partition_assertions),
    Export("bwp", "dimacs", bwp_dimacs, clause_bound=bwp_clauses),
    *(Export(problem, "dimacs", numbers_dimacs) for problem in ("subsetsum", "partition")),
    Export("knapsack", "dimacs", knapsack_dimacs),
    Export("4partition", "dimacs", four_partition_dimacs),
    Export("binpacking", "dimacs", binpacking_dimacs),
    *(Export(problem, "dimacs", sets_dimacs, clause_bound=element_clauses) for problem in ("3dm", "x3c")),
    Export("fvs", "dimacs", fvs_dimacs, clause_bound=fvs_clauses),
    Export("setcover", "dimacs", setcover_dimacs, clause_bound=setcover_clauses),
)
