"""Assignment 1, a wrong submission: k is one less than the number of clauses ("vertices are numbered from 0")."""

from __future__ import annotations

from npw.api import IndependentSet, Reduction, ThreeSat


def literal_of(formula: ThreeSat, vertex: int) -> int:
    """The literal (+v or -v, DIMACS style) that ``vertex`` stands for."""
    return formula.clauses[vertex // 3][vertex % 3]


def reduce(formula: ThreeSat) -> IndependentSet:
    m = len(formula.clauses)
    n_vertices = 3 * m
    edges = set()
    # a triangle per clause
    for i in range(m):
        a, b, c = 3 * i, 3 * i + 1, 3 * i + 2
        edges |= {(a, b), (a, c), (b, c)}
    # complementary occurrences, within a clause or across clauses
    for u in range(n_vertices):
        for v in range(u + 1, n_vertices):
            if literal_of(formula, u) == -literal_of(formula, v):
                edges.add((u, v))
    # MISTAKE: k = m - 1, "vertices are numbered from 0"; an unsatisfiable formula now says yes
    return IndependentSet(n_vertices, tuple(sorted(edges)), m - 1)


def is_true(assignment, literal: int) -> bool:
    return bool(assignment[abs(literal) - 1]) == (literal > 0)


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """A satisfying assignment -> one true occurrence from every clause."""
    chosen = []
    for i, clause in enumerate(formula.clauses):
        j = next(j for j in range(3) if is_true(assignment, clause[j]))
        chosen.append(3 * i + j)
    return tuple(chosen)


def backward(formula: ThreeSat, graph: IndependentSet, independent_set) -> tuple[bool, ...]:
    """An independent set of size >= m -> make every chosen literal true (the rest false)."""
    values = [False] * formula.num_vars
    for vertex in independent_set:
        literal = literal_of(formula, int(vertex))
        values[abs(literal) - 1] = literal > 0
    return tuple(values)


def size(formula: ThreeSat) -> dict[str, int]:
    """3m vertices and k = m."""
    m = len(formula.clauses)
    return {"vertices": 3 * m, "k": m - 1}


REDUCTION = Reduction(
    id="wrong_k_off_by_one-course-3sat-to-indset",
    source="3sat",
    target="indset",
    reference="Karp 1972; Sipser Theorem 7.32 (via Clique); Kleinberg & Tardos 8.8",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)
