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

The proof's statements that can be observed on an instance are declared as claims
(``CLAIMS``: each step's clauses, the occurrences, the forward values, what every target
solution satisfies); ``npw verify`` checks them on every case.

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> target = reduce(OneInThreeSat(3, [(1, 2, 3)]))
>>> target.num_vars, target.clause_list()[0]
(7, [1, 2, 3, 4])
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING, Callable, Sequence

from npw.instances.elements import clause_id, var_id
from npw.instances.lazy import lazy_import
from npw.instances.memo import remember_last
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim, Reduction

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_import("numpy")  # imported at first use: npw list reads this module for names only

__all__ = ["APPENDIX", "CLAIMS", "Clause", "ClauseBlock", "REDUCTION", "STEPS", "backward", "chain_order",
           "claim_complement", "claim_forward_values", "claim_occurrences_agree", "claim_one_true_v", "claim_step1",
           "claim_step2", "claim_step3", "claim_step4", "claim_step4_premise", "claim_two_and_two", "claim_w_equal",
           "forward", "paper_c1", "paper_c2", "paper_c3", "paper_c4", "provenance", "reduce", "size", "step1_rename",
           "step2_chains", "step3_w_chain", "step4_complements"]

ClauseBlock = "np.ndarray"  # shape (count, 4), target literals (a name: numpy is imported at first use)


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
    return np.column_stack([w, -np.concatenate([w[1:], w[:1]]), z, -z])  # w_{i+1}, cyclic


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


def provenance(source: OneInThreeSat, target: TwoTwoFourSat) -> dict[str, list[str]]:
    """Which target variables and clauses each source element produced (``npw explore``).

    A clause c_i: its Step 1 clause, its negated copy in C_{4,1}, its three occurrence variables
    v_{i,j} and w_i. A variable u_k: the v's of its occurrences (Step 1) and the clauses of its
    chain (Step 2). A variable that occurs nowhere produces nothing (the proof builds no chain).

    >>> provenance(OneInThreeSat(2, [(1, -1, 1)]), reduce(OneInThreeSat(2, [(1, -1, 1)])))
    {'var:1': ['var:1', 'var:2', 'var:3', 'clause:1', 'clause:2', 'clause:3'], 'var:2': [], \
'clause:0': ['clause:0', 'clause:5', 'var:1', 'var:2', 'var:3', 'var:4']}
    """
    p = source.num_clauses
    literals = source.clauses.ravel()
    made: dict[str, list[str]] = {var_id(u): [] for u in range(1, source.num_vars + 1)}
    for occurrence, literal in enumerate(literals.tolist()):
        made[var_id(abs(literal))].append(var_id(occurrence + 1))
    order, _ = chain_order(source)
    for position, occurrence in enumerate(order.tolist()):
        made[var_id(abs(int(literals[occurrence])))].append(clause_id(p + position))
    for i in range(p):
        made[clause_id(i)] = [clause_id(i), clause_id(5 * p + i)] + [var_id(3 * i + j) for j in (1, 2, 3)] \
            + [var_id(3 * p + i + 1)]
    return made


def size(source: OneInThreeSat) -> dict[str, int]:
    p = source.num_clauses
    return {"variables": 7 * p, "clauses": 7 * p}


# -- the proof's claims, checked on every case (issue 16) --------------------------------------
#
# Each check re-derives what the Appendix says from the source alone (the paper's formulas,
# not this module's arrays), so a change to the construction that the paper does not allow
# shows up as a failing claim even when the answers stay right. The target's clauses come in
# the order C_1 (p), C_2 (3p), C_3 (p), C_4 (2p): that order is this module's, and the step
# claims read each step's block from it.

Clause = tuple[int, ...]


@remember_last  # five claims read them per case
def _blocks(source: OneInThreeSat, target: TwoTwoFourSat) -> dict[str, list[Clause]] | str:
    """The target's clauses cut into the steps' blocks, or why they cannot be."""
    return _cut(source, target)


def _cut(source: OneInThreeSat, target: TwoTwoFourSat) -> dict[str, list[Clause]] | str:
    p = source.num_clauses
    clauses = [tuple(c) for c in target.clause_list()]
    if len(clauses) != 7 * p:
        return f"{len(clauses)} clauses, the proof builds 7p = {7 * p}"
    return {"C1": clauses[:p], "C2": clauses[p:4 * p], "C3": clauses[4 * p:5 * p], "C4": clauses[5 * p:]}


def _same_clauses(name: str, built: Sequence[Clause], paper: Sequence[Clause]) -> bool | str:
    """True when ``built`` is ``paper`` as a multiset of clauses (a clause is an ordered tuple).

    >>> _same_clauses("C_1", [(1, 2), (3, 4)], [(3, 4), (1, 2)])
    True
    >>> _same_clauses("C_1", [(1, 2), (1, 2)], [(1, 2), (3, 4)])
    "C_1 differs from the paper's: missing (3, 4), unexpected (1, 2)"
    """
    if sorted(built) == sorted(paper):  # equal multisets: the common case, without counting
        return True
    missing = Counter(paper) - Counter(built)
    extra = Counter(built) - Counter(paper)
    detail = []
    if missing:
        detail.append(f"missing {sorted(missing)[0]}")
    if extra:
        detail.append(f"unexpected {sorted(extra)[0]}")
    return f"{name} differs from the paper's: " + ", ".join(detail)


@remember_last  # Step 2's claim and every backward certificate's read them
def _occurrences(source: OneInThreeSat) -> dict[int, tuple[list[int], list[int]]]:
    """u -> (Occur(u), Occur(~u)) as target variables v_{i,j} = 3(i-1)+j, in order of appearance."""
    found: dict[int, tuple[list[int], list[int]]] = {}
    for i, clause in enumerate(source.clause_list()):
        for j, literal in enumerate(clause):
            positive, negative = found.setdefault(abs(literal), ([], []))
            (positive if literal > 0 else negative).append(3 * i + j + 1)
    return found


def paper_c1(p: int) -> list[Clause]:
    """Step 1: C_1 = {(v_{i,1}, v_{i,2}, v_{i,3}, w_i)}."""
    return [(3 * i + 1, 3 * i + 2, 3 * i + 3, 3 * p + i + 1) for i in range(p)]


def paper_c2(source: OneInThreeSat) -> list[Clause]:
    """Step 2: the chains C_{2,i} = C^(1) .. C^(4) with their a_i = 0 and b_i = 0 cases, z_{s_i+j}.

    For (u1, ~u1, u2): u1's chain is x_1 = v_11 then y_1 = v_12 (C^(2), C^(4)); u2's, with
    b = 0, is the single clause (x_1, ~x_1, z_3, ~z_3):

    >>> paper_c2(OneInThreeSat(2, [(1, -1, 2)]))
    [(1, 2, 5, -5), (-2, -1, 6, -6), (3, -3, 7, -7)]
    """
    p = source.num_clauses
    found = _occurrences(source)
    chains: list[Clause] = []
    s = 0
    for u in sorted(found):
        xs, ys = found[u]
        a, b = len(xs), len(ys)

        def z(j: int) -> int:
            return 4 * p + s + j

        chains += [(xs[j - 1], -xs[j], z(j), -z(j)) for j in range(1, a)]  # C^(1)
        if a and b:
            chains.append((xs[a - 1], ys[0], z(a), -z(a)))  # C^(2)
            chains += [(-ys[j - 1], ys[j], z(a + j), -z(a + j)) for j in range(1, b)]  # C^(3)
            chains.append((-ys[b - 1], -xs[0], z(a + b), -z(a + b)))  # C^(4)
        elif a:  # b_i = 0: C^(2) closes the x-cycle
            chains.append((xs[a - 1], -xs[0], z(a), -z(a)))
        else:  # a_i = 0: C^(3), and C^(4) closes the y-cycle
            chains += [(-ys[j - 1], ys[j], z(j), -z(j)) for j in range(1, b)]
            chains.append((-ys[b - 1], ys[0], z(b), -z(b)))
        s += a + b
    return chains


def paper_c3(p: int) -> list[Clause]:
    """Step 3: C_3 = {(w_i, ~w_{i+1}, z_i, ~z_i)}, with (w_p, ~w_1, z_p, ~z_p)."""
    return [(3 * p + i + 1, -(3 * p + (i + 1) % p + 1), 4 * p + i + 1, -(4 * p + i + 1)) for i in range(p)]


def paper_c4(p: int) -> list[Clause]:
    """Step 4: C_{4,1} (C_1 with every literal negated) and C_{4,2} = {(z_{p+i}, ~z_{p+i}, z_{2p+i}, ~z_{2p+i})}."""
    negated = [tuple(-literal for literal in clause) for clause in paper_c1(p)]
    pairs = [(4 * p + p + i, -(4 * p + p + i), 4 * p + 2 * p + i, -(4 * p + 2 * p + i)) for i in range(1, p + 1)]
    return negated + pairs


def claim_step1(source: OneInThreeSat, target: TwoTwoFourSat) -> bool | str:
    blocks = _blocks(source, target)
    return blocks if isinstance(blocks, str) else _same_clauses("C_1", blocks["C1"], paper_c1(source.num_clauses))


def claim_step2(source: OneInThreeSat, target: TwoTwoFourSat) -> bool | str:
    blocks = _blocks(source, target)
    return blocks if isinstance(blocks, str) else _same_clauses("C_2", blocks["C2"], paper_c2(source))


def claim_step3(source: OneInThreeSat, target: TwoTwoFourSat) -> bool | str:
    blocks = _blocks(source, target)
    return blocks if isinstance(blocks, str) else _same_clauses("C_3", blocks["C3"], paper_c3(source.num_clauses))


def claim_step4(source: OneInThreeSat, target: TwoTwoFourSat) -> bool | str:
    blocks = _blocks(source, target)
    return blocks if isinstance(blocks, str) else _same_clauses("C_4", blocks["C4"], paper_c4(source.num_clauses))


def _literal_counts(clauses: Sequence[Sequence[int]]) -> Counter[int]:
    return Counter(itertools.chain.from_iterable(clauses))


def claim_step4_premise(source: OneInThreeSat, target: TwoTwoFourSat) -> bool | str:
    """After Steps 1-3: v_{i,j}, w_i, z_i, ~z_i (i <= p) twice; ~v_{i,j}, ~w_i once; z_i, ~z_i (p < i <= 3p) once."""
    blocks = _blocks(source, target)
    if isinstance(blocks, str):
        return blocks
    p = source.num_clauses
    counts = _literal_counts(blocks["C1"] + blocks["C2"] + blocks["C3"])
    expected = {}
    for variable in range(1, 4 * p + 1):  # the v's and w's
        expected[variable], expected[-variable] = 2, 1
    for j in range(1, 3 * p + 1):
        expected[4 * p + j] = expected[-(4 * p + j)] = 2 if j <= p else 1
    if expected.items() <= counts.items():  # every count as the proof says (none is 0): no search needed
        return True
    for literal, count in sorted(expected.items(), key=lambda item: (abs(item[0]), item[0])):
        if counts[literal] != count:
            return f"literal {literal} appears {counts[literal]} times in C_1..C_3, the proof says {count}"
    return True


def claim_two_and_two(source: OneInThreeSat, target: TwoTwoFourSat) -> bool | str:
    """Each v in V appears exactly twice unnegated and twice negated in C*."""
    counts = _literal_counts(target.clause_list())
    for variable in range(1, target.num_vars + 1):
        if (counts[variable], counts[-variable]) != (2, 2):
            return f"x{variable} appears {counts[variable]} times unnegated, {counts[-variable]} negated"
    return True


def claim_forward_values(source: OneInThreeSat, target: TwoTwoFourSat, assignment: Sequence[bool],
                         values: Sequence[bool]) -> bool | str:
    """Occur(l) gets l's value; every w_i and z_j is true."""
    p = source.num_clauses
    if len(values) != 7 * p:
        return f"{len(values)} values for 7p = {7 * p} variables"
    for i, clause in enumerate(source.clause_list()):
        for j, literal in enumerate(clause):
            wanted = bool(assignment[abs(literal) - 1]) != (literal < 0)
            if bool(values[3 * i + j]) != wanted:
                return f"v_{i + 1},{j + 1} (an occurrence of {literal}) is {bool(values[3 * i + j])}, " \
                       f"the literal is {wanted}"
    false = [v + 1 for v in range(3 * p, 7 * p) if not values[v]]
    return f"x{false[0]} (a w or z) is false" if false else True


def claim_complement(source: OneInThreeSat, target: TwoTwoFourSat, values: Sequence[bool],
                     extracted: Sequence[bool]) -> bool | str:
    """The complementary truth setting also has exactly two true literals per clause."""
    return target.verify(tuple(not v for v in values)) or "the complement of the target solution is not a solution"


def claim_w_equal(source: OneInThreeSat, target: TwoTwoFourSat, values: Sequence[bool],
                  extracted: Sequence[bool]) -> bool | str:
    """The clauses of C_3 make all w_i equal."""
    p = source.num_clauses
    w = [bool(values[3 * p + i]) for i in range(p)]
    return len(set(w)) <= 1 or f"w = {''.join('1' if x else '0' for x in w)}"


def _normalised(source: OneInThreeSat, values: Sequence[bool]) -> list[bool]:
    """The solution with w_1 true (its complement where w_1 is false), as the proof picks it."""
    p = source.num_clauses
    flip = bool(p) and not values[3 * p]
    return [bool(v) != flip for v in values]


def claim_one_true_v(source: OneInThreeSat, target: TwoTwoFourSat, values: Sequence[bool],
                     extracted: Sequence[bool]) -> bool | str:
    """With w_1 true, exactly one of v_{i,1}, v_{i,2}, v_{i,3} is true in each clause of C_1."""
    chosen = _normalised(source, values)
    for i in range(source.num_clauses):
        true = sum(chosen[3 * i:3 * i + 3])
        if true != 1:
            return f"clause {i + 1} of C_1 has {true} true v's"
    return True


def claim_occurrences_agree(source: OneInThreeSat, target: TwoTwoFourSat, values: Sequence[bool],
                            extracted: Sequence[bool]) -> bool | str:
    """C_2 forces every variable of Occur(l) to the same value and Occur(~l) to the opposite one."""
    for u, (xs, ys) in sorted(_occurrences(source).items()):
        seen = {bool(values[x - 1]) for x in xs} | {not values[y - 1] for y in ys}
        if len(seen) > 1:
            return f"the occurrences of u{u} disagree"
    return True


APPENDIX = "Ratner & Warmuth, Appendix, proof of Theorem 6"
CLAIMS = (
    Claim("two-and-two", f"each v in V appears exactly twice negated and twice unnegated in C* ({APPENDIX}, "
          "first paragraph and after Step 4)", claim_two_and_two),
    Claim("step-1", f"C_1 = {{(v_i1, v_i2, v_i3, w_i)}}: every appearance renamed, w_i added ({APPENDIX}, Step 1)",
          claim_step1),
    Claim("step-2-chains", f"C_2 is the chains C^(1)..C^(4) per variable, z_(s_i+j) numbered by s_i, with the "
          f"a_i = 0 and b_i = 0 cases ({APPENDIX}, Step 2)", claim_step2),
    Claim("step-3-w-chain", f"C_3 = {{(w_i, ~w_i+1, z_i, ~z_i)}} closed by (w_p, ~w_1, z_p, ~z_p) ({APPENDIX}, Step 3)",
          claim_step3),
    Claim("step-4-premise", f"after Steps 1-3, v_ij, w_i, z_i, ~z_i (i <= p) have appeared twice, ~v_ij and ~w_i "
          f"once, z_i and ~z_i (p < i <= 3p) once ({APPENDIX}, Step 4)", claim_step4_premise),
    Claim("step-4", f"C_4 = C_4,1 (C_1 negated) and C_4,2 = {{(z_p+i, ~z_p+i, z_2p+i, ~z_2p+i)}} ({APPENDIX}, Step 4)",
          claim_step4),
    Claim("forward-values", f"the yes-direction assigns every member of Occur(l) the value of l and sets all w_i "
          f"and z_j true ({APPENDIX}, \"Given a truth setting ... 1/3-SAT\")", claim_forward_values,
          stage=FORWARD_CLAIM),
    Claim("complement", f"the complementary truth setting also has exactly two true literals per clause "
          f"({APPENDIX}, last paragraph)", claim_complement, stage=BACKWARD_CLAIM),
    Claim("w-equal", f"the clauses of C_3 assure that all the w_i are equal ({APPENDIX}, Step 3 and last paragraph)",
          claim_w_equal, stage=BACKWARD_CLAIM),
    Claim("one-true-v", f"with w_1 true, exactly one of v_i1, v_i2, v_i3 is true in each clause of C_1 "
          f"({APPENDIX}, last paragraph)", claim_one_true_v, stage=BACKWARD_CLAIM),
    Claim("occurrences-agree", f"C_2 forces all of Occur(l) to one value and all of Occur(~l) to the opposite "
          f"({APPENDIX}, Step 2 and last paragraph)", claim_occurrences_agree, stage=BACKWARD_CLAIM),
)


REDUCTION = Reduction.of_module(
    globals(),
    id="1in3sat-to-224sat", source="1in3sat", target="224sat",
    reference="Ratner & Warmuth 1990, Appendix, Theorem 6",
    checked="every instance up to 3 clauses; 10,000 random",
)
