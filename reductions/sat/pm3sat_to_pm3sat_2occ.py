"""Planar Monotone 3SAT -> Planar Monotone 3SAT with each literal at most twice: Lemma B.1 of
Brunner, Demaine, Hendrickson, Hoffmann, Lynch, "Solo Chess with unlimited moves" (Appendix B,
Figure 9), with the rectilinear layout carried through.

The proof replaces each variable x, with n negative occurrences in clauses N_1..N_n and m
positive ones in P_1..P_m, by variables x_1..x_{n+m} and y_1..y_{n+m-1}:

* Step 1 (the chain): for 1 <= i <= n+m-1 a positive clause (x_i or y_i) and a negative clause
  (~y_i or ~x_{i+1}); together they say x_{i+1} -> x_i.
* Step 2 (the occurrences): ~x in N_k becomes ~x_k (k <= n), x in P_j becomes x_{n+j} (j <= m).
* The layout (Figure 9): x's place on the line becomes x_1, y_1, x_2, ..., y_{n+m-1}, x_{n+m};
  the chain's clauses are the lowest on each side (level 1: each joins two neighbours), every
  source clause one level higher than it was. N_1..N_n and P_1..P_m are x's legs below and
  above in :func:`~npw.instances.sat.planar_monotone.attachment_order` (left to right), so a
  leg that passed outside another clause's span at x still does at x's copy.
* forward: w(x_i) = v(x), w(y_i) = ~v(x). backward: v(x) = w(x_n), as the proof reads it.

Two cases the proof sets aside ("we assume each variable has at least one occurrence of each
sign; any variable which doesn't can be deleted"): we keep such variables rather than delete
them, with the same chain. With n = 0 the proof's w(x_n) does not exist and backward reads
w(x_1) (the chain is decreasing, so x_1 is the largest value: every P_j's x_{n+j} <= it, which
is all (B.1) needs); a variable that occurs nowhere keeps one variable x_1 and no clause.
Target variables are numbered along the line (the target's order is 1..N).

The proof's reading is one of two: (B.1) holds as well for v(x) = w(x_{n+1}) (the chain
decreases, so x_{n+1} lies between every x_k, k <= n, and every x_{n+j}); x_1 or x_{n+2} do
not (tests/test_lemma_b1.py has the verifier show both).

>>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
>>> source = PlanarMonotone3Sat(1, [(1,), (-1,)])
>>> target = reduce(source)
>>> target.clauses, target.order, target.levels
(((1, 2), (-2, -3), (3,), (-1,)), (1, 2, 3), (1, 1, 2, 2))
>>> backward(source, target, forward(source, (True,)))
(True,)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from npw.instances.elements import clause_id, var_id
from npw.instances.sat.planar_monotone import (ABOVE, BELOW, PlanarMonotone3Sat, PlanarMonotone3Sat2Occ,
                                               attachment_order, find_crossing)
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "Chain", "LEMMA", "REDUCTION", "attachment_order", "backward", "chains", "claim_b1",
           "claim_chain_clauses", "claim_decreasing", "claim_forward_values", "claim_occurrences", "claim_planar",
           "forward", "provenance", "reduce", "size", "step1_chain_clauses", "step2_occurrence"]


@dataclass(frozen=True)
class Chain:
    """The replacement of one source variable x: its target variables x_1..x_k (k = max(1, n+m))
    and y_1..y_{k-1} interleaved from ``first`` on, its negative clauses N_1..N_n and positive
    clauses P_1..P_m (source clause indices, left to right)."""

    variable: int
    first: int
    negatives: tuple[int, ...]
    positives: tuple[int, ...]

    @property
    def length(self) -> int:
        """k = n + m, or 1 for a variable that occurs nowhere."""
        return max(1, len(self.negatives) + len(self.positives))

    def x(self, i: int) -> int:
        """The target variable x_i (1 <= i <= k)."""
        return self.first + 2 * (i - 1)

    def y(self, i: int) -> int:
        """The target variable y_i (1 <= i <= k - 1)."""
        return self.first + 2 * i - 1

    @property
    def read_from(self) -> int:
        """The x_i backward reads: x_n, or x_1 when x has no negative occurrence."""
        return self.x(max(1, len(self.negatives)))


def chains(source: PlanarMonotone3Sat) -> list[Chain]:
    """One :class:`Chain` per source variable, in line order (its target variables consecutive).

    >>> [(c.variable, c.first, c.negatives, c.positives) for c in chains(PlanarMonotone3Sat(2, [(1, 2), (-2,)]))]
    [(1, 1, (), (0,)), (2, 2, (1,), (0,))]
    """
    legs = attachment_order(source)
    result = []
    first = 1
    for v in source.order:
        chain = Chain(v, first, tuple(legs.get((v, BELOW), ())), tuple(legs.get((v, ABOVE), ())))
        result.append(chain)
        first += 2 * chain.length - 1
    return result


def step1_chain_clauses(chain: Chain) -> list[tuple[int, ...]]:
    """(x_i or y_i) and (~y_i or ~x_{i+1}) for 1 <= i <= n+m-1, in the line's order."""
    clauses: list[tuple[int, ...]] = []
    for i in range(1, chain.length):
        clauses += [(chain.x(i), chain.y(i)), (-chain.y(i), -chain.x(i + 1))]
    return clauses


def step2_occurrence(chain: Chain, clause_index: int, literal: int) -> int:
    """~x in N_k becomes ~x_k; x in P_j becomes x_{n+j}."""
    if literal < 0:
        return -chain.x(chain.negatives.index(clause_index) + 1)
    return chain.x(len(chain.negatives) + chain.positives.index(clause_index) + 1)


def reduce(source: PlanarMonotone3Sat) -> PlanarMonotone3Sat2Occ:
    """Each chain's clauses (level 1), in line order, then the source's clauses renamed, one level up.

    The chains come first so that a decider assigning variables in order of first occurrence
    (the brute-force oracle) walks along each chain and prunes a non-decreasing one at once; with
    the source's clauses first it would try every value of the x_i before any y_i and take
    hours on 7 source variables.
    """
    found = chains(source)
    of = {c.variable: c for c in found}
    clauses = [c for chain in found for c in step1_chain_clauses(chain)]
    levels = [1] * len(clauses)
    clauses += [tuple(step2_occurrence(of[abs(l)], i, l) for l in clause) for i, clause in enumerate(source.clauses)]
    levels += [level + 1 for level in source.levels]
    num_vars = sum(2 * c.length - 1 for c in found)
    return PlanarMonotone3Sat2Occ(num_vars, tuple(clauses), tuple(range(1, num_vars + 1)), tuple(levels))


def forward(source: PlanarMonotone3Sat, assignment: Sequence[bool]) -> tuple[bool, ...]:
    """w(x_i) = v(x) and w(y_i) = ~v(x) for each source variable x."""
    values: list[bool] = []
    for chain in chains(source):
        value = bool(assignment[chain.variable - 1])
        values += [value, not value] * (chain.length - 1) + [value]
    return tuple(values)


def backward(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ, assignment: Sequence[bool]) -> tuple[bool, ...]:
    """v(x) = w(x_n), n the number of x's negative occurrences (x_1 when n = 0)."""
    values = [False] * source.num_vars
    for chain in chains(source):
        values[chain.variable - 1] = bool(assignment[chain.read_from - 1])
    return tuple(values)


def size(source: PlanarMonotone3Sat) -> dict[str, int]:
    """2(n+m) - 1 variables and 2(n+m-1) new clauses per variable x (one variable, no clause,
    for a variable that occurs nowhere)."""
    occurrences = [0] * (source.num_vars + 1)
    for clause in source.clauses:
        for literal in clause:
            occurrences[abs(literal)] += 1
    k = [max(1, occurrences[v]) for v in range(1, source.num_vars + 1)]
    return {"variables": sum(2 * t - 1 for t in k), "clauses": len(source.clauses) + sum(2 * (t - 1) for t in k)}


def provenance(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ) -> dict[str, list[str]]:
    """A variable x made its chain's variables and clauses; a clause made its renamed copy.

    >>> from npw.instances.sat.planar_monotone import PlanarMonotone3Sat
    >>> s = PlanarMonotone3Sat(1, [(1,), (-1,)])
    >>> provenance(s, reduce(s))
    {'var:1': ['var:1', 'var:2', 'var:3', 'clause:0', 'clause:1'], 'clause:0': ['clause:2'], 'clause:1': ['clause:3']}
    """
    made: dict[str, list[str]] = {}
    next_clause = 0
    start = {}
    for chain in chains(source):  # the chains' clauses come first, in line order
        start[chain.variable] = next_clause
        next_clause += 2 * (chain.length - 1)
    for chain in sorted(chains(source), key=lambda c: c.variable):
        made[var_id(chain.variable)] = [var_id(v) for v in range(chain.first, chain.first + 2 * chain.length - 1)] + \
            [clause_id(start[chain.variable] + i) for i in range(2 * (chain.length - 1))]
    for i in range(len(source.clauses)):
        made[clause_id(i)] = [clause_id(next_clause + i)]
    return made


# -- the proof's claims ---------------------------------------------------------------------------

LEMMA = "Brunner et al., Appendix B, proof of Lemma B.1"


def claim_occurrences(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ) -> bool | str:
    """Each new variable occurs at most three times, at most twice with the same sign."""
    counts: dict[int, list[int]] = {}
    for clause in target.clauses:
        for literal in clause:
            counts.setdefault(abs(literal), [0, 0])[literal < 0] += 1
    for v, (positive, negative) in sorted(counts.items()):
        if positive + negative > 3 or max(positive, negative) > 2:
            return f"x{v} occurs {positive} times positive, {negative} negative"
    return True


def claim_planar(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ) -> bool | str:
    """The output's layout has no crossing (checked afresh, not trusted to the constructor)."""
    return find_crossing(target.order, target.clauses, target.levels) or True


def claim_chain_clauses(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ) -> bool | str:
    """Besides the source's clauses, the target holds exactly the chains' (x_i or y_i), (~y_i or ~x_{i+1})."""
    expected = sorted(c for chain in chains(source) for c in step1_chain_clauses(chain))
    built = sorted(target.clauses[:len(target.clauses) - len(source.clauses)])
    return built == expected or f"{len(built)} chain clauses, the proof adds {len(expected)} (or they differ)"


def claim_forward_values(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ, assignment: Sequence[bool],
                         values: Sequence[bool]) -> bool | str:
    """w(x_i) = v(x) and w(y_i) = ~v(x), and w satisfies the new instance."""
    for chain in chains(source):
        v = bool(assignment[chain.variable - 1])
        for i in range(1, chain.length + 1):
            if bool(values[chain.x(i) - 1]) != v or (i < chain.length and bool(values[chain.y(i) - 1]) == v):
                return f"the chain of x{chain.variable} is not v, ~v, v, ...: position {i}"
    return target.verify(tuple(values)) or "w does not satisfy the new instance"


def claim_decreasing(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ, values: Sequence[bool],
                     extracted: Sequence[bool]) -> bool | str:
    """w is weakly decreasing on x_1, ..., x_{n+m} (the clauses require x_{i+1} -> x_i)."""
    for chain in chains(source):
        row = [bool(values[chain.x(i) - 1]) for i in range(1, chain.length + 1)]
        if any(later and not earlier for earlier, later in zip(row, row[1:])):
            return f"the chain of x{chain.variable} is {''.join('1' if b else '0' for b in row)}, not decreasing"
    return True


def claim_b1(source: PlanarMonotone3Sat, target: PlanarMonotone3Sat2Occ, values: Sequence[bool],
             extracted: Sequence[bool]) -> bool | str:
    """(B.1): w(x_k) >= v(x) for k <= n and w(x_{n+j}) <= v(x) for j <= m."""
    for chain in chains(source):
        v = bool(extracted[chain.variable - 1])
        n = len(chain.negatives)
        for k in range(1, n + 1):
            if v and not values[chain.x(k) - 1]:
                return f"w(x_{k}) < v(x{chain.variable})"
        for j in range(1, len(chain.positives) + 1):
            if values[chain.x(n + j) - 1] and not v:
                return f"w(x_{n + j}) > v(x{chain.variable})"
    return True


CLAIMS = (
    Claim("occurrences", f"each new variable x_i or y_i occurs at most three times and at most twice with the same "
          f"sign ({LEMMA}, after the construction)", claim_occurrences),
    Claim("planar", f"the construction preserves the sided planarity property ({LEMMA}, \"It can be seen from "
          f"Figure 9\"): the output's layout has no crossing", claim_planar),
    Claim("chain-clauses", f"for each 1 <= i <= m+n-1 a new positive clause x_i or y_i and a new negative clause "
          f"~y_i or ~x_i+1 ({LEMMA})", claim_chain_clauses),
    Claim("forward-values", f"w(x_i) = v(x) and w(y_i) = ~v(x) is a satisfying assignment for the new instance "
          f"({LEMMA}, \"In one direction\")", claim_forward_values, stage=FORWARD_CLAIM),
    Claim("decreasing", f"w is weakly monotonically decreasing on x_1, ..., x_n+m ({LEMMA}, last paragraph)",
          claim_decreasing, stage=BACKWARD_CLAIM),
    Claim("b1", f"(B.1): w(x_k) >= v(x) for k <= n and w(x_n+j) <= v(x) for j <= m ({LEMMA}, \"In the other "
          f"direction\")", claim_b1, stage=BACKWARD_CLAIM),
)


REDUCTION = Reduction.of_module(
    globals(),
    id="pm3sat-to-pm3sat-2occ", source="pm3sat", target="pm3sat-2occ",
    reference="Brunner et al., Solo Chess with unlimited moves, Appendix B, Lemma B.1 (Figure 9)",
    notes="variables with occurrences of one sign only are kept (the proof deletes them); backward reads x_1 "
          "where x has no negative occurrence",
    checked=("every planar layout up to 4 variables and 4 clauses up to symmetry (3,746: 3,521 yes, 225 "
             "no), 1,000 random (both answers); every output layout validated planar"),
)
