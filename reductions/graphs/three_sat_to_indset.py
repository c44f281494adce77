"""3-SAT -> INDEPENDENT SET: Kleinberg & Tardos, "Algorithm Design" (2005), Section 8.2,
(8.8) "3-SAT <=_p Independent Set"; the same graph as Sipser's 3SAT -> CLIQUE (Theorem 7.32)
complemented, and Karp (1972)'s SATISFIABILITY -> CLIQUE.

From m clauses the proof builds a graph on 3m vertices, k = m:

* the triangle: clause i's three literal occurrences are vertices 3i, 3i+1, 3i+2, joined
  pairwise ("an independent set takes at most one vertex of each triangle");
* the conflict edges: every two occurrences of complementary literals (x and ~x) are joined,
  in whatever clauses they are ("never both x and ~x").

Yes-direction: a satisfying assignment makes a literal of each clause true; the first true
occurrence of each clause is an independent set of size m (no conflict: all are true).
Extraction: an independent set of size m has exactly one vertex per triangle; its literals
hold no complementary pair, so making them true is consistent, and every clause has a true
literal; variables it does not mention are set false.

A clause may repeat a literal or hold x and ~x: occurrences are vertices either way, and a
conflict inside a clause is already a triangle edge.

>>> from npw.instances.sat.three_sat import ThreeSat
>>> formula = ThreeSat(2, [(1, 2, 2), (-1, -2, 1)])
>>> g = reduce(formula)
>>> g.num_vertices, g.k, len(g.edges)
(6, 2, 9)
>>> g.verify(forward(formula, (True, False))), backward(formula, g, (0, 4))
(True, (True, False))
"""

from __future__ import annotations

from collections import Counter

from npw.instances.elements import clause_id, edge_id, var_id, vertex_id
from npw.instances.graphs.graph import IndependentSet
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.base import MAX_VERTICES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_conflicts_only", "claim_consistent", "claim_forward_true",
           "claim_one_per_triangle", "claim_triangles", "conflict_edges", "forward", "occurrences", "provenance",
           "reduce", "size", "triangle", "triangle_edges"]

PROOF = "Kleinberg & Tardos, Section 8.2, (8.8)"


def occurrences(formula: ThreeSat) -> list[int]:
    """The literal at each vertex: vertex 3i + j is the j-th literal of clause i."""
    return [int(literal) for clause in formula.clauses for literal in clause]


def triangle(i: int) -> tuple[tuple[int, int], ...]:
    """The three edges of clause i's triangle."""
    return (3 * i, 3 * i + 1), (3 * i, 3 * i + 2), (3 * i + 1, 3 * i + 2)


def triangle_edges(m: int) -> list[tuple[int, int]]:
    """The edges of every clause's triangle."""
    return [e for i in range(m) for e in triangle(i)]


def conflict_edges(formula: ThreeSat) -> list[tuple[int, int]]:
    """Every pair of occurrences of complementary literals (inside a clause too: those are
    triangle edges already)."""
    where: dict[int, list[int]] = {}
    for vertex, literal in enumerate(occurrences(formula)):
        where.setdefault(literal, []).append(vertex)
    return sorted((min(a, b), max(a, b)) for literal, vertices in where.items() if literal > 0
                  for a in vertices for b in where.get(-literal, ()))


def reduce(formula: ThreeSat) -> IndependentSet:
    m = len(formula.clauses)
    refuse_target_size("3sat-to-indset", "vertices", 3 * m, MAX_VERTICES, "MAX_VERTICES")
    refuse_target_size("3sat-to-indset", "edges", size(formula)["edges"])  # quadratic in the occurrences
    edges = set(triangle_edges(m)) | set(conflict_edges(formula))
    return IndependentSet(3 * m, tuple(sorted(edges)), m)


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """The first occurrence each clause makes true."""
    literals = occurrences(formula)
    chosen = []
    for i in range(len(formula.clauses)):
        chosen.append(next(3 * i + j for j in range(3)
                           if bool(assignment[abs(literals[3 * i + j]) - 1]) == (literals[3 * i + j] > 0)))
    return tuple(chosen)


def backward(formula: ThreeSat, graph: IndependentSet, chosen) -> tuple[bool, ...]:
    """The chosen occurrences' literals made true; the variables they do not mention false."""
    literals = occurrences(formula)
    values = [False] * formula.num_vars
    for vertex in chosen:
        values[abs(literals[vertex]) - 1] = literals[vertex] > 0
    return tuple(values)


def size(formula: ThreeSat) -> dict[str, int]:
    """3m vertices, k = m; edges: 3 per triangle plus the complementary pairs of occurrences
    in different clauses (sum over x of #x #~x, less the pairs sharing a clause)."""
    m = len(formula.clauses)
    counts = Counter(occurrences(formula))
    pairs = sum(c * counts[-v] for v, c in counts.items() if v > 0)  # the variables that occur, not all n
    inside = sum(Counter(clause)[v] * Counter(clause)[-v] for clause in formula.clauses
                 for v in {abs(int(l)) for l in clause})
    return {"vertices": 3 * m, "edges": 3 * m + pairs - inside, "k": m}


def provenance(formula: ThreeSat, graph: IndependentSet) -> dict[str, list[str]]:
    """A clause to its triangle (vertices and edges); a variable to its occurrences and the
    conflict edges between them."""
    literals = occurrences(formula)
    made: dict[str, list[str]] = {var_id(v): [] for v in range(1, formula.num_vars + 1)}
    for i in range(len(formula.clauses)):
        made[clause_id(i)] = [vertex_id(3 * i + j) for j in range(3)] + [edge_id(e) for e in triangle(i)]
    for vertex, literal in enumerate(literals):
        made[var_id(abs(literal))].append(vertex_id(vertex))
    for a, b in conflict_edges(formula):
        if a // 3 != b // 3:
            made[var_id(abs(literals[a]))].append(edge_id((a, b)))
    return made


# -- the proof's claims -------------------------------------------------------------------------

def claim_triangles(formula: ThreeSat, graph: IndependentSet) -> bool | str:
    missing = [e for e in triangle_edges(len(formula.clauses)) if not graph.adjacent(*e)]
    return not missing or f"triangle edges {missing[:3]} missing"


def claim_conflicts_only(formula: ThreeSat, graph: IndependentSet) -> bool | str:
    literals = occurrences(formula)
    for u, v in graph.edges:
        if u // 3 != v // 3 and literals[u] != -literals[v]:
            return f"edge {u}-{v} joins {literals[u]} and {literals[v]}, not complementary"
    missing = [e for e in conflict_edges(formula) if not graph.adjacent(*e)]
    return not missing or f"conflict edges {missing[:3]} missing"


def claim_forward_true(formula: ThreeSat, graph: IndependentSet, assignment, chosen) -> bool | str:
    literals = occurrences(formula)
    false = [v for v in chosen if bool(assignment[abs(literals[v]) - 1]) != (literals[v] > 0)]
    return not false or f"chosen occurrences {false[:3]} are false under the assignment"


def claim_one_per_triangle(formula: ThreeSat, graph: IndependentSet, chosen, assignment) -> bool | str:
    per = Counter(int(v) // 3 for v in chosen)
    wrong = [i for i in range(len(formula.clauses)) if per[i] != 1]
    return not wrong or f"clauses {wrong[:3]} hold {[per[i] for i in wrong[:3]]} chosen vertices, not one"


def claim_consistent(formula: ThreeSat, graph: IndependentSet, chosen, assignment) -> bool | str:
    literals = {occurrences(formula)[int(v)] for v in chosen}
    clash = sorted(l for l in literals if l > 0 and -l in literals)
    return not clash or f"both x{clash[0]} and ~x{clash[0]} chosen"


CLAIMS = (
    Claim("triangles", f"each clause's three occurrences are joined pairwise ({PROOF}: \"a triangle\")",
          claim_triangles, TARGET_CLAIM),
    Claim("conflict-edges", f"the other edges join exactly the complementary occurrences x and ~x ({PROOF})",
          claim_conflicts_only, TARGET_CLAIM),
    Claim("forward-true", f"the yes-direction picks a true literal in each triangle ({PROOF}, first direction)",
          claim_forward_true, FORWARD_CLAIM),
    Claim("one-per-triangle", f"an independent set of size k = m holds exactly one vertex of each triangle "
          f"({PROOF}, second direction)", claim_one_per_triangle, BACKWARD_CLAIM),
    Claim("consistent", f"no two chosen vertices are x and ~x, so setting them true is consistent "
          f"({PROOF}, second direction)", claim_consistent, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-indset", source="3sat", target="indset",
    reference="Kleinberg & Tardos 2005, Section 8.2 (8.8); Sipser Theorem 7.32 complemented; Karp 1972",
    checked="every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
)
