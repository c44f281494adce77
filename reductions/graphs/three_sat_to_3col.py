"""3-SAT -> 3-COLOURING: Kleinberg & Tardos, "Algorithm Design" (2005), Section 8.7 "Graph
Coloring" ("3-SAT <=_p 3-Coloring"); Sipser, "Introduction to the Theory of Computation",
Chapter 7's problem 3COLOR; Karp (1972)'s CHROMATIC NUMBER. The palette and variable gadgets are
the textbooks'; the clause gadget is written here as two chained OR-gadgets (six vertices a
clause), whose effect the proofs state: it is colourable iff a literal has TRUE's colour.

From n variables and m clauses the proof builds a graph on 3 + 2n + 6m vertices, k = 3:

* the palette: a triangle TRUE (vertex 0), FALSE (1), BASE (2); its three colours name
  "true", "false" and "neither";
* a variable x_v: vertices x_v = 3 + 2(v - 1) and ~x_v right after it, joined to each other
  and to BASE, so one takes TRUE's colour and the other FALSE's;
* a clause (a, b, c): two OR-gadgets. OR(u, w) is a triangle (p, q, r) with edges u-p and
  w-q: where u and w have FALSE's colour, p and q take TRUE's and BASE's and the output r
  FALSE's; where one has TRUE's colour, r may take TRUE's. The clause's vertices 6i.. are
  OR(a, b) = (p, q, r) and OR(r, c) = (p', q', r'), the output r' joined to FALSE and BASE,
  so it must take TRUE's colour: some literal of the clause is true.

Yes-direction: colour TRUE 0, FALSE 1, BASE 2, a true literal 0 and a false one 1; each
OR-gadget gets the colouring of its triangle (of six) that gives its output TRUE's colour
when an input has it. Extraction: x_v is true iff its vertex has TRUE's colour (whatever
numbers the colouring uses).

>>> from npw.instances.sat.three_sat import ThreeSat
>>> formula = ThreeSat(2, [(1, 2, 2), (-1, -2, 1)])
>>> g = reduce(formula)
>>> g.num_vertices, len(g.edges), g.k
(19, 33, 3)
>>> g.verify(forward(formula, (True, False))), backward(formula, g, forward(formula, (False, True)))
(True, (False, True))
"""

from __future__ import annotations

import itertools

from npw.instances.elements import clause_id, edge_id, var_id, vertex_id
from npw.instances.graphs.graph import Coloring
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.base import MAX_VERTICES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["BASE", "CLAIMS", "FALSE", "PALETTE", "PROOF", "REDUCTION", "TRUE", "backward", "claim_clause_outputs",
           "claim_each_clause_true", "claim_literals_true_false", "claim_literals_two_colours", "claim_palette",
           "claim_variables", "clause_edges", "forward", "gadget", "literal_vertex", "or_gate", "provenance", "reduce",
           "size", "variable_edges"]

PROOF = "Kleinberg & Tardos, Section 8.7"
TRUE, FALSE, BASE = 0, 1, 2  # the palette's vertices, and the colours the forward map gives them
PALETTE = ((TRUE, FALSE), (TRUE, BASE), (FALSE, BASE))


def literal_vertex(literal: int) -> int:
    """x_v is vertex 3 + 2(v - 1), ~x_v the vertex after it."""
    return 3 + 2 * (abs(literal) - 1) + (0 if literal > 0 else 1)


def variable_edges(v: int) -> tuple[tuple[int, int], ...]:
    """x_v - ~x_v, and each joined to BASE."""
    x = 3 + 2 * (v - 1)
    return (BASE, x), (BASE, x + 1), (x, x + 1)


def gadget(num_vars: int, i: int) -> tuple[int, ...]:
    """Clause i's six vertices: p, q, r of OR(a, b), then p', q', r' of OR(r, c)."""
    first = 3 + 2 * num_vars + 6 * i
    return tuple(range(first, first + 6))


def clause_edges(num_vars: int, i: int, clause) -> tuple[tuple[int, int], ...]:
    """The two OR-gadgets' 10 edges and the output's 2 to FALSE and BASE."""
    a, b, c = (literal_vertex(int(l)) for l in clause)
    p, q, r, p2, q2, r2 = gadget(num_vars, i)
    edges = [(a, p), (b, q), (p, q), (p, r), (q, r), (r, p2), (c, q2), (p2, q2), (p2, r2), (q2, r2),
             (FALSE, r2), (BASE, r2)]
    return tuple((min(u, w), max(u, w)) for u, w in edges)


def reduce(formula: ThreeSat) -> Coloring:
    n, m = formula.num_vars, len(formula.clauses)
    refuse_target_size("3sat-to-3col", "vertices", 3 + 2 * n + 6 * m, MAX_VERTICES, "MAX_VERTICES")
    edges = list(PALETTE)
    for v in range(1, n + 1):
        edges += variable_edges(v)
    for i, clause in enumerate(formula.clauses):
        edges += clause_edges(n, i, clause)
    return Coloring(3 + 2 * n + 6 * m, tuple(edges), 3)


def or_gate(u: int, w: int) -> tuple[int, int, int]:
    """Colours (p, q, r) of OR(u, w) for input colours u and w: r is TRUE's colour when it can be
    (a TRUE input), of the six proper colourings of the triangle tried in order."""
    options = [(p, q, r) for p, q, r in itertools.permutations((TRUE, FALSE, BASE)) if p != u and q != w]
    return min(options, key=lambda colours: colours[2] != TRUE)


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    n = formula.num_vars
    colour = [TRUE, FALSE, BASE]
    for v in range(1, n + 1):
        colour += [TRUE, FALSE] if assignment[v - 1] else [FALSE, TRUE]
    for clause in formula.clauses:
        a, b, c = (colour[literal_vertex(int(l))] for l in clause)
        first = or_gate(a, b)
        colour += first + or_gate(first[2], c)
    return tuple(colour)


def backward(formula: ThreeSat, graph: Coloring, colouring) -> tuple[bool, ...]:
    """x_v is true iff its vertex has TRUE's colour."""
    return tuple(int(colouring[literal_vertex(v)]) == int(colouring[TRUE])
                 for v in range(1, formula.num_vars + 1))


def size(formula: ThreeSat) -> dict[str, int]:
    """3 + 2n + 6m vertices, 3 + 3n + 12m edges, k = 3."""
    n, m = formula.num_vars, len(formula.clauses)
    return {"vertices": 3 + 2 * n + 6 * m, "edges": 3 + 3 * n + 12 * m, "k": 3}


def provenance(formula: ThreeSat, graph: Coloring) -> dict[str, list[str]]:
    """A variable to its two literal vertices and their three edges; a clause to its gadget's six
    vertices and twelve edges (the palette triangle comes from no element of the formula)."""
    n = formula.num_vars
    made: dict[str, list[str]] = {}
    for v in range(1, n + 1):
        made[var_id(v)] = [vertex_id(literal_vertex(v)), vertex_id(literal_vertex(-v))]
        made[var_id(v)] += [edge_id(e) for e in variable_edges(v)]
    for i, clause in enumerate(formula.clauses):
        made[clause_id(i)] = [vertex_id(u) for u in gadget(n, i)] + [edge_id(e) for e in clause_edges(n, i, clause)]
    return made


# -- the proof's claims -------------------------------------------------------------------------

def _missing(graph: Coloring, edges) -> list[tuple[int, int]]:
    return [e for e in edges if not graph.adjacent(*e)]


def claim_palette(formula: ThreeSat, graph: Coloring) -> bool | str:
    missing = _missing(graph, PALETTE)
    return (graph.k == 3 and not missing) or f"k = {graph.k}, palette edges missing: {missing}"


def claim_variables(formula: ThreeSat, graph: Coloring) -> bool | str:
    missing = [e for v in range(1, formula.num_vars + 1) for e in _missing(graph, variable_edges(v))]
    return not missing or f"variable-gadget edges {missing[:3]} missing"


def claim_clause_outputs(formula: ThreeSat, graph: Coloring) -> bool | str:
    for i, clause in enumerate(formula.clauses):
        missing = _missing(graph, clause_edges(formula.num_vars, i, clause))
        if missing:
            return f"clause {i}'s gadget lacks edges {missing[:3]}"
    return True


def claim_literals_true_false(formula: ThreeSat, graph: Coloring, assignment, colouring) -> bool | str:
    n = formula.num_vars
    for v in range(1, n + 1):
        want = (TRUE, FALSE) if assignment[v - 1] else (FALSE, TRUE)
        got = (colouring[literal_vertex(v)], colouring[literal_vertex(-v)])
        if tuple(got) != want:
            return f"x{v} = {bool(assignment[v - 1])} but its vertices have colours {got}, not {want}"
    return True


def claim_literals_two_colours(formula: ThreeSat, graph: Coloring, colouring, assignment) -> bool | str:
    n, palette = formula.num_vars, (colouring[TRUE], colouring[FALSE])
    for v in range(1, n + 1):
        pair = {colouring[literal_vertex(v)], colouring[literal_vertex(-v)]}
        if pair != set(palette):
            return f"x{v} and ~x{v} have colours {sorted(pair)}, not TRUE's and FALSE's {sorted(palette)}"
    return True


def claim_each_clause_true(formula: ThreeSat, graph: Coloring, colouring, assignment) -> bool | str:
    n = formula.num_vars
    for i, clause in enumerate(formula.clauses):
        if all(colouring[literal_vertex(int(l))] != colouring[TRUE] for l in clause):
            return f"clause {i}: no literal has TRUE's colour, yet its gadget is coloured"
    return True


CLAIMS = (
    Claim("palette", f"TRUE, FALSE and BASE form a triangle and k = 3 ({PROOF})", claim_palette, TARGET_CLAIM),
    Claim("variable-triangles", f"x, ~x and BASE form a triangle for every variable ({PROOF})",
          claim_variables, TARGET_CLAIM),
    Claim("clause-gadgets", f"each clause has its two OR-gadgets, the output joined to FALSE and BASE ({PROOF})",
          claim_clause_outputs, TARGET_CLAIM),
    Claim("literal-colours", f"the yes-direction colours a true literal as TRUE and a false one as FALSE "
          f"({PROOF}, first direction)", claim_literals_true_false, FORWARD_CLAIM),
    Claim("two-colours", f"in any 3-colouring x and ~x take TRUE's and FALSE's colours ({PROOF}, second direction)",
          claim_literals_two_colours, BACKWARD_CLAIM),
    Claim("clause-true", f"a coloured clause gadget has a literal of TRUE's colour ({PROOF}, second direction: "
          "OR of two FALSE inputs is FALSE)", claim_each_clause_true, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-3col", source="3sat", target="coloring",
    reference="Kleinberg & Tardos 2005, Section 8.7; Sipser, Chapter 7 (3COLOR); Karp 1972 (CHROMATIC NUMBER)",
    checked="every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
)
