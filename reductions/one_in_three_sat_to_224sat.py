"""1-in-3-SAT -> 2/2/4-SAT: Theorem 6 (Appendix) of Ratner & Warmuth,
"The (n^2-1)-puzzle and related relocation problems", J. Symbolic Computation 1990.

From p clauses over variables u_1..u_n the proof builds 7p clauses over 7p
variables, every variable twice unnegated and twice negated:

* Step 1: every literal occurrence j of clause c_i gets its own variable v_{i,j};
  clause i becomes (v_{i,1}, v_{i,2}, v_{i,3}, w_i) with a new variable w_i.
* Step 2: for every u_k a cyclic chain over Occur(u_k) = x_1..x_a followed by
  Occur(~u_k) = y_1..y_b, one clause (first, second, z, ~z) per occurrence: the pair
  (z, ~z) holds one true literal, so exactly one of the other two is true, which
  makes equal the occurrences of the same literal and opposite those of
  complementary ones. The cases a = 0 and b = 0 are the same cycle, shorter.
* Step 3: the w-chain (w_i, ~w_{i+1}, z_i, ~z_i), cyclic, makes all w equal.
* Step 4: C_{4,1} repeats C_1 negated; C_{4,2} pairs z_{p+i} with z_{2p+i}.

Variables of the target: v_{i,j} = 3(i-1)+j, w_i = 3p+i, z_j = 4p+j.

Where care is needed (each tested): a variable that occurs only unnegated (b = 0)
or only negated (a = 0); a variable with a single occurrence, whose chain clause
is (x, ~x, z, ~z); a variable occurring twice in one clause (its two v's are
chained like any others); source variables that do not occur (they get no chain
and ``backward`` sets them false). The construction is array code (numpy) so
that a 10^6-clause source reduces in about a second.

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> target = reduce(OneInThreeSat(3, [(1, 2, 3)]))
>>> target.num_vars, target.clause_list()[0]
(7, [1, 2, 3, 4])
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import Reduction

ClauseBlock = np.ndarray  # shape (count, 4), target literals


def _v(p: int) -> np.ndarray:
    """Target variables v_{i,j} as a (p, 3) array."""
    return np.arange(1, 3 * p + 1, dtype=np.int64).reshape(p, 3)


def _w(p: int) -> np.ndarray:
    return np.arange(3 * p + 1, 4 * p + 1, dtype=np.int64)


def _z(p: int, first: int, last: int) -> np.ndarray:
    """Target variables z_first..z_last (1-based, inclusive)."""
    return np.arange(4 * p + first, 4 * p + last + 1, dtype=np.int64)


def step1_rename(source: OneInThreeSat) -> ClauseBlock:
    """C_1 = {(v_{i,1}, v_{i,2}, v_{i,3}, w_i)}."""
    p = source.num_clauses
    return np.column_stack([_v(p), _w(p)])


def chain_order(source: OneInThreeSat) -> tuple[np.ndarray, np.ndarray]:
    """The occurrences in chain order and, for each, the next occurrence of its cycle.

    Occurrences are numbered 0..3p-1 (clause-major); the chain of u_k lists its
    unnegated occurrences x_1..x_a, then its negated ones y_1..y_b, each in order of
    appearance, and closes back to its first element.
    """
    literals = source.clauses.ravel()
    # one stable sort on 2|u| + [negated] keeps appearance order inside each (u, sign) group
    order = np.argsort(2 * np.abs(literals) + (literals < 0), kind="stable")
    variable = np.abs(literals[order])
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = variable[1:] != variable[:-1]
    group_start = np.maximum.accumulate(np.where(starts, np.arange(len(order)), 0))
    ends = np.ones(len(order), dtype=bool)
    ends[:-1] = starts[1:]
    successor_position = np.where(ends, group_start, np.arange(len(order)) + 1)
    return order, order[successor_position]


def step2_chains(source: OneInThreeSat) -> ClauseBlock:
    """C_2: per occurrence e in chain position g, (first(e), second(next e), z_{g+1}, ~z_{g+1}).

    first(x) = x and second(x) = ~x for an unnegated occurrence x; first(y) = ~y and
    second(y) = y for a negated occurrence y. This is exactly the paper's C^(1)..C^(4)
    (and its a = 0 / b = 0 cases): consecutive x's or y's must agree, an x next to a
    y must differ.
    """
    p = source.num_clauses
    literals = source.clauses.ravel()
    occurrence, successor = chain_order(source)
    sign = np.where(literals < 0, -1, 1)
    first = sign[occurrence] * (occurrence + 1)
    second = -sign[successor] * (successor + 1)
    z = _z(p, 1, 3 * p)
    return np.column_stack([first, second, z, -z])


def step3_w_chain(source: OneInThreeSat) -> ClauseBlock:
    """C_3 = {(w_i, ~w_{i+1}, z_i, ~z_i)}, cyclic: all w_i equal."""
    p = source.num_clauses
    w = _w(p)
    z = _z(p, 1, p)
    return np.column_stack([w, -np.roll(w, -1), z, -z])


def step4_complements(source: OneInThreeSat) -> ClauseBlock:
    """C_4 = C_{4,1} (C_1 negated) and C_{4,2} = {(z_{p+i}, ~z_{p+i}, z_{2p+i}, ~z_{2p+i})}."""
    p = source.num_clauses
    negated = -step1_rename(source)
    low, high = _z(p, p + 1, 2 * p), _z(p, 2 * p + 1, 3 * p)
    return np.vstack([negated, np.column_stack([low, -low, high, -high])])


STEPS: tuple[Callable[[OneInThreeSat], ClauseBlock], ...] = (
    step1_rename, step2_chains, step3_w_chain, step4_complements,
)


def reduce(source: OneInThreeSat, steps: tuple[Callable[[OneInThreeSat], ClauseBlock], ...] = STEPS) -> TwoTwoFourSat:
    """C* = C_1 u C_2 u C_3 u C_4 over 7p variables (validated on construction)."""
    p = source.num_clauses
    clauses = np.concatenate([step(source).reshape(-1, 4) for step in steps]).astype(np.int64, copy=False)
    clauses.setflags(write=False)  # immutable from here on, so the instance can share it
    return TwoTwoFourSat(7 * p, clauses)


def forward(source: OneInThreeSat, assignment: tuple[bool, ...]) -> tuple[bool, ...]:
    """Occur(l) gets l's value; every w_i and z_j is true."""
    p = source.num_clauses
    values = np.asarray(assignment, dtype=bool)
    literals = source.clauses.ravel()
    occurrence_values = values[np.abs(literals) - 1] ^ (literals < 0)
    return tuple(np.concatenate([occurrence_values, np.ones(4 * p, dtype=bool)]).tolist())


def backward(source: OneInThreeSat, target: TwoTwoFourSat, assignment: tuple[bool, ...]) -> tuple[bool, ...]:
    """Claim of the Appendix: take the solution with w_1 true (complement it otherwise); then
    every w is true, C_1 leaves exactly one true v per clause, and u_k is read off any
    of its occurrences (an unnegated occurrence's value, or a negated one's complement)."""
    p = source.num_clauses
    values = np.asarray(assignment, dtype=bool)
    if p and not values[3 * p]:  # w_1
        values = ~values
    literals = source.clauses.ravel()
    result = np.zeros(source.num_vars, dtype=bool)
    # later occurrences overwrite earlier ones; the chains make them all agree on a solution
    result[np.abs(literals) - 1] = values[: 3 * p] ^ (literals < 0)
    return tuple(result.tolist())


def size(source: OneInThreeSat) -> dict[str, int]:
    p = source.num_clauses
    return {"variables": 7 * p, "clauses": 7 * p}


REDUCTION = Reduction(
    id="1in3sat-to-224sat",
    source="1in3sat",
    target="224sat",
    reference="Ratner & Warmuth 1990, Appendix, Theorem 6",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)
