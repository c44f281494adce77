"""3-SAT -> Independent Set (Karp 1972), written the way a student would write it.

Each clause becomes a triangle of its three literal occurrences; occurrences of
complementary literals are joined; k is the number of clauses. An independent set
of size k picks one occurrence per clause, never both x and ~x, so it reads as a
satisfying assignment, and every satisfying assignment gives one.

Both problems are built in (``3sat`` and ``indset``), so this file defines no problem and
no solver: the workbench decides both sides with its own deciders.

    npw verify examples/sat3_to_independent_set.py:REDUCTION --exhaustive 2 --random 300

(The workbench's own version, with the proof's claims and the element map for
``npw explore``, is the registered ``3sat-to-indset``.)
"""

from __future__ import annotations

import itertools

from npw.api import IndependentSet, Reduction, ThreeSat


def occurrences(formula: ThreeSat) -> list[int]:
    """Vertex 3i+j is the j-th literal occurrence of clause i."""
    return [literal for clause in formula.clauses for literal in clause]


def reduce(formula: ThreeSat) -> IndependentSet:
    literals = occurrences(formula)
    edges = set()
    for i in range(len(formula.clauses)):  # a triangle per clause
        edges.update({(3 * i, 3 * i + 1), (3 * i, 3 * i + 2), (3 * i + 1, 3 * i + 2)})
    for a, b in itertools.combinations(range(len(literals)), 2):  # complementary occurrences
        if literals[a] == -literals[b]:
            edges.add((a, b))
    return IndependentSet(len(literals), tuple(sorted(edges)), len(formula.clauses))


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """In every clause, the first occurrence that the assignment makes true."""
    literals = occurrences(formula)
    chosen = []
    for i in range(len(formula.clauses)):
        for j in range(3):
            literal = literals[3 * i + j]
            if assignment[abs(literal) - 1] == (literal > 0):
                chosen.append(3 * i + j)
                break
    return tuple(chosen)


def backward(formula: ThreeSat, graph: IndependentSet, vertices) -> tuple[bool, ...]:
    """A chosen occurrence makes its literal true; variables no chosen vertex mentions are false."""
    literals = occurrences(formula)
    values = [False] * formula.num_vars
    for vertex in vertices:
        values[abs(literals[vertex]) - 1] = literals[vertex] > 0
    return tuple(values)


REDUCTION = Reduction(
    id="3sat-to-independent-set",
    source="3sat",
    target="indset",
    reference="Karp 1972; the textbook triangle construction",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=lambda formula: {"vertices": 3 * len(formula.clauses), "k": len(formula.clauses)},
)
