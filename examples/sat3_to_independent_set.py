"""3-SAT -> Independent Set (Karp 1972), written the way a student would write it.

Each clause becomes a triangle of its three literal occurrences; occurrences of
complementary literals are joined; k is the number of clauses. An independent set
of size k picks one occurrence per clause, never both x and ~x, so it reads as a
satisfying assignment, and every satisfying assignment gives one.

    npw verify examples/sat3_to_independent_set.py:REDUCTION --exhaustive 2 --random 300
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from pysat.card import CardEnc, EncType

from npw.api import InvalidInstance, Reduction, ThreeSat, problem


@problem("independent-set")
@dataclass(frozen=True)
class IndependentSet:
    """Independent set: k nodes of a graph, no two adjacent."""

    num_nodes: int
    edges: tuple[tuple[int, int], ...]
    k: int

    def validate(self) -> None:
        for u, v in self.edges:
            if not (0 <= u < self.num_nodes and 0 <= v < self.num_nodes) or u == v:
                raise InvalidInstance(f"edge ({u}, {v}) is not between two distinct nodes of 0..{self.num_nodes - 1}")

    def verify(self, nodes) -> bool:
        chosen = set(nodes)
        return (len(chosen) >= self.k and chosen <= set(range(self.num_nodes))
                and not any(u in chosen and v in chosen for u, v in self.edges))

    def to_cnf(self):
        """Variable i+1 = node i chosen; no edge inside; at least k chosen (sequential counter)."""
        clauses = [(-(u + 1), -(v + 1)) for u, v in self.edges]
        at_least = CardEnc.atleast(range(1, self.num_nodes + 1), bound=self.k, top_id=self.num_nodes,
                                   encoding=EncType.seqcounter)
        clauses += at_least.clauses
        num_vars = max([self.num_nodes] + [abs(l) for c in at_least.clauses for l in c])
        return num_vars, clauses, lambda model: tuple(i for i in range(self.num_nodes) if model[i])


def occurrences(formula: ThreeSat) -> list[int]:
    """Node 3i+j is the j-th literal occurrence of clause i."""
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


def backward(formula: ThreeSat, graph: IndependentSet, nodes) -> tuple[bool, ...]:
    """A chosen occurrence makes its literal true; variables no chosen node mentions are false."""
    literals = occurrences(formula)
    values = [False] * formula.num_vars
    for node in nodes:
        values[abs(literals[node]) - 1] = literals[node] > 0
    return tuple(values)


REDUCTION = Reduction(
    id="3sat-to-independent-set",
    source="3sat",
    target="independent-set",
    reference="Karp 1972; the textbook triangle construction",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=lambda formula: {"num_nodes": 3 * len(formula.clauses), "k": len(formula.clauses)},
)
