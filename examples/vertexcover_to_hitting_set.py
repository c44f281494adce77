"""A problem of your own: Hitting Set (Garey & Johnson SP8), and Vertex Cover -> Hitting Set.

Hitting Set is not built in, so this file defines it: a frozen dataclass with a certificate
checker (``verify``), decorated with ``@problem``. Its ``to_cnf`` gives it a SAT decider for
free. Vertex cover is built in (``vertexcover``), so the reduction needs nothing else: each
edge becomes the 2-set of its ends, and a cover is exactly a set meeting every one of them.

    npw verify examples/vertexcover_to_hitting_set.py:REDUCTION --exhaustive 4 --random 300

``npw --problems examples/vertexcover_to_hitting_set.py solve hs.json`` (or the environment
variable ``NPW_PROBLEMS``) makes the problem known to every command.
"""

from __future__ import annotations

from dataclasses import dataclass

from pysat.card import CardEnc, EncType

from npw.api import InvalidInstance, Reduction, VertexCover, problem


@problem("hitting-set", certificate_doc="a list of at most k elements meeting every set")
@dataclass(frozen=True)
class HittingSet:
    """Hitting set: at most k of the elements 0..n-1 such that every set contains one of them."""

    num_elements: int
    sets: tuple[tuple[int, ...], ...]
    k: int

    def validate(self) -> None:
        if not 0 <= self.k <= self.num_elements:
            raise InvalidInstance(f"k = {self.k} is not in 0..{self.num_elements}")
        for subset in self.sets:
            if not all(0 <= e < self.num_elements for e in subset):
                raise InvalidInstance(f"set {list(subset)} names an element outside 0..{self.num_elements - 1}")

    def verify(self, elements) -> bool:
        chosen = set(elements)
        return (len(chosen) <= self.k and chosen <= set(range(self.num_elements))
                and all(chosen & set(subset) for subset in self.sets))

    def to_cnf(self):
        """Variable e+1 = element e chosen; each set has a chosen element; at most k chosen."""
        clauses = [tuple(e + 1 for e in subset) for subset in self.sets]
        at_most = CardEnc.atmost(range(1, self.num_elements + 1), bound=self.k, top_id=self.num_elements,
                                 encoding=EncType.seqcounter)
        clauses += at_most.clauses
        num_vars = max([self.num_elements] + [abs(l) for c in at_most.clauses for l in c])
        return num_vars, clauses, lambda model: tuple(e for e in range(self.num_elements) if model[e])


def reduce(graph: VertexCover) -> HittingSet:
    return HittingSet(graph.num_vertices, tuple(graph.edges), graph.k)


def forward(graph: VertexCover, cover) -> tuple[int, ...]:
    return tuple(cover)  # the same vertices hit the same edges


def backward(graph: VertexCover, hitting: HittingSet, elements) -> tuple[int, ...]:
    return tuple(elements)


REDUCTION = Reduction(
    id="vertexcover-to-hitting-set",
    source="vertexcover",
    target="hitting-set",
    reference="Garey & Johnson 1979, SP8 (HITTING SET), by restriction from VERTEX COVER",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=lambda graph: {"num_elements": graph.num_vertices, "sets": len(graph.edges), "k": graph.k},
)
