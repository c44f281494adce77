"""3-SAT -> 3-Colouring (Karp 1972; the textbook gadget proof), written as a student would.

Nodes: a palette triangle TRUE, FALSE, BASE; for every variable a triangle
(x, ~x, BASE), so x and ~x take the colours of TRUE and FALSE in some order; for
every clause (a, b, c) two OR-gadgets: OR(u, v) is a triangle (p, q, r) with u-p
and v-q, whose output r can take TRUE's colour iff u or v has it; the clause's
output OR(OR(a, b), c) is joined to FALSE and BASE, so it must be TRUE.

    npw verify examples/sat3_to_three_colouring.py:REDUCTION --random 300
"""

from __future__ import annotations

from dataclasses import dataclass

from npw.api import InvalidInstance, Reduction, ThreeSat, problem

TRUE, FALSE, BASE = 0, 1, 2


@problem("3-colouring")
@dataclass(frozen=True)
class ThreeColouring:
    """3-Colouring: colour the nodes 0, 1, 2 so that no edge joins two nodes of one colour."""

    num_nodes: int
    edges: tuple[tuple[int, int], ...]

    def validate(self) -> None:
        for u, v in self.edges:
            if not (0 <= u < self.num_nodes and 0 <= v < self.num_nodes):
                raise InvalidInstance(f"edge ({u}, {v}) leaves the nodes 0..{self.num_nodes - 1}")

    def verify(self, colours) -> bool:
        return (len(colours) == self.num_nodes and all(c in (0, 1, 2) for c in colours)
                and all(colours[u] != colours[v] for u, v in self.edges))

    def to_cnf(self):
        """Variable 3n+c+1: node n has colour c. Exactly one colour a node, none shared on an edge."""
        def var(node, colour):
            return 3 * node + colour + 1
        clauses = []
        for n in range(self.num_nodes):
            clauses.append([var(n, c) for c in range(3)])
            clauses += [[-var(n, a), -var(n, b)] for a in range(3) for b in range(a + 1, 3)]
        clauses += [[-var(u, c), -var(v, c)] for u, v in self.edges for c in range(3)]
        decode = lambda model: tuple(next(c for c in range(3) if model[var(n, c) - 1]) for n in range(self.num_nodes))
        return 3 * self.num_nodes, clauses, decode


def literal_node(literal: int) -> int:
    """x_v is node 3 + 2(v-1), ~x_v the node after it."""
    return 3 + 2 * (abs(literal) - 1) + (0 if literal > 0 else 1)


class Builder:
    def __init__(self, num_vars: int) -> None:
        self.count = 3 + 2 * num_vars
        self.edges: set[tuple[int, int]] = {(TRUE, FALSE), (TRUE, BASE), (FALSE, BASE)}
        for v in range(1, num_vars + 1):
            x, not_x = literal_node(v), literal_node(-v)
            self.edges |= {(x, not_x), (x, BASE), (not_x, BASE)}

    def node(self) -> int:
        self.count += 1
        return self.count - 1

    def or_gadget(self, u: int, v: int) -> int:
        p, q, r = self.node(), self.node(), self.node()
        self.edges |= {(u, p), (v, q), (p, q), (p, r), (q, r)}
        return r


def reduce(formula: ThreeSat, join_output_to=(FALSE, BASE)) -> ThreeColouring:
    builder = Builder(formula.num_vars)
    for a, b, c in formula.clauses:
        output = builder.or_gadget(builder.or_gadget(literal_node(a), literal_node(b)), literal_node(c))
        builder.edges |= {(output, colour) for colour in join_output_to}
    return ThreeColouring(builder.count, tuple(sorted(builder.edges)))


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """Colour literals by truth; colour each OR-gadget by trying the 3^3 colourings of its triangle."""
    graph = reduce(formula)
    colours = [None] * graph.num_nodes
    colours[TRUE], colours[FALSE], colours[BASE] = TRUE, FALSE, BASE
    for v in range(1, formula.num_vars + 1):
        colours[literal_node(v)] = TRUE if assignment[v - 1] else FALSE
        colours[literal_node(-v)] = FALSE if assignment[v - 1] else TRUE
    neighbours = {n: set() for n in range(graph.num_nodes)}
    for u, v in graph.edges:
        neighbours[u].add(v)
        neighbours[v].add(u)
    for first in range(3 + 2 * formula.num_vars, graph.num_nodes, 3):  # gadgets in creation order
        p, q, r = first, first + 1, first + 2
        for cp in range(3):
            for cq in range(3):
                for cr in range(3):
                    trial = {p: cp, q: cq, r: cr}
                    if all(trial[n] != (trial.get(m) if m in trial else colours[m])
                           for n in trial for m in neighbours[n] if m in trial or colours[m] is not None):
                        colours[p], colours[q], colours[r] = cp, cq, cr
                        break
                else:
                    continue
                break
            else:
                continue
            break
    return tuple(colours)


def backward(formula: ThreeSat, graph: ThreeColouring, colours) -> tuple[bool, ...]:
    """x is true iff its node has the colour of the palette's TRUE node."""
    return tuple(colours[literal_node(v)] == colours[TRUE] for v in range(1, formula.num_vars + 1))


REDUCTION = Reduction(
    id="3sat-to-3-colouring",
    source="3sat",
    target="3-colouring",
    reference="Karp 1972; gadget proof as in Kleinberg & Tardos, Section 8.7",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=lambda formula: {"num_nodes": 3 + 2 * formula.num_vars + 6 * len(formula.clauses)},
)
