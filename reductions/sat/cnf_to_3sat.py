"""SAT -> 3-SAT: Garey & Johnson, "Computers and Intractability" (1979), Theorem 3.1 (3SAT is
NP-complete), the transformation from SATISFIABILITY; Sipser, "Introduction to the Theory of
Computation", Corollary 7.42 splits the same way (and pads short clauses by repeating a literal).

Clause c_j = (z_1, ..., z_k) of the formula over U becomes a set C'_j of 3-literal clauses over U
and fresh variables U'_j used in C'_j only:

* k = 1: U'_j = {y1, y2}; (z1, y1, y2), (z1, ~y1, y2), (z1, y1, ~y2), (z1, ~y1, ~y2);
* k = 2: U'_j = {y1}; (z1, z2, y1), (z1, z2, ~y1);
* k = 3: the clause itself;
* k > 3: U'_j = {y1, ..., y_(k-3)}; (z1, z2, y1), (~y_i, z_(i+2), y_(i+1)) for 1 <= i <= k - 4,
  (~y_(k-3), z_(k-1), z_k): a chain that some z must break;
* k = 0 (our addition; the proof assumes non-empty clauses): the empty clause, never satisfied,
  becomes the eight clauses over three fresh variables (every sign pattern), never all satisfied.

The fresh variables are numbered after U, clause by clause. Yes-direction: keep the assignment
on U; a fresh variable of a short clause is false (any value works), and in the chain y_i is
true iff none of z_1 .. z_(i+1) is (true up to the first true z_l, the proof's y_i = T for
i <= l - 2). Extraction: the assignment restricted to U (a satisfied C'_j
leaves some z of c_j true: the proof's second direction).

>>> from npw.instances.sat.cnf import CNF
>>> formula = CNF(5, [(1, 2, 3, 4, 5), (-1,)])
>>> target = reduce(formula)
>>> target.num_vars, target.clauses
(9, ((1, 2, 6), (-6, 3, 7), (-7, 4, 5), (-1, 8, 9), (-1, -8, 9), (-1, 8, -9), (-1, -8, -9)))
>>> target.verify(forward(formula, (False, False, False, True, False))), size(formula)
(True, {'variables': 9, 'clauses': 7})
>>> backward(formula, target, forward(formula, (False, True, False, False, False)))
(False, True, False, False, False)
"""

from __future__ import annotations

import itertools

from npw.instances.elements import clause_id, var_id
from npw.instances.sat.cnf import CNF
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.base import MAX_VARIABLES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "SHORT", "backward", "block", "block_size", "blocks",
           "claim_blocks_force_clauses", "claim_extends", "claim_fresh_local", "forward", "fresh_variables",
           "provenance", "reduce", "size"]

PROOF = "Garey & Johnson, Theorem 3.1"
SHORT = {0: (3, 8), 1: (2, 4), 2: (1, 2), 3: (0, 1)}  # width -> (fresh variables, clauses) of C'_j


def block_size(width: int) -> tuple[int, int]:
    """(fresh variables, clauses) of a clause of this width: k - 3 and k - 2 beyond 3."""
    return SHORT.get(width, (width - 3, width - 2))


def block(clause: tuple[int, ...], fresh: list[int]) -> list[tuple[int, int, int]]:
    """C'_j from c_j and its fresh variables, as the proof's four cases (and the empty clause)."""
    z, y = list(clause), fresh
    k = len(z)
    if k == 0:
        return [tuple(s * v for s, v in zip(signs, y)) for signs in itertools.product((1, -1), repeat=3)]
    if k == 1:
        return [(z[0], s1 * y[0], s2 * y[1]) for s2 in (1, -1) for s1 in (1, -1)]
    if k == 2:
        return [(z[0], z[1], y[0]), (z[0], z[1], -y[0])]
    if k == 3:
        return [(z[0], z[1], z[2])]
    return ([(z[0], z[1], y[0])] + [(-y[i], z[i + 2], y[i + 1]) for i in range(k - 4)]
            + [(-y[k - 4], z[k - 2], z[k - 1])])


def fresh_variables(formula: CNF) -> list[list[int]]:
    """U'_j for every clause: numbered after the formula's variables, clause by clause."""
    made, next_var = [], formula.num_vars + 1
    for clause in formula.clauses:
        count = block_size(len(clause))[0]
        made.append(list(range(next_var, next_var + count)))
        next_var += count
    return made


def blocks(formula: CNF) -> list[list[tuple[int, int, int]]]:
    """C'_j for every clause, in order (the target's clauses are their concatenation)."""
    return [block(tuple(c), y) for c, y in zip(formula.clauses, fresh_variables(formula))]


def reduce(formula: CNF) -> ThreeSat:
    # counted first: a target past MAX_VARIABLES would be a file npw cannot read back
    counts = size(formula)
    refuse_target_size("cnf-to-3sat", "variables", counts["variables"], MAX_VARIABLES, "MAX_VARIABLES")
    refuse_target_size("cnf-to-3sat", "clauses", counts["clauses"])
    fresh = sum(len(y) for y in fresh_variables(formula))
    return ThreeSat(formula.num_vars + fresh, [c for b in blocks(formula) for c in b])


def forward(formula: CNF, assignment) -> tuple[bool, ...]:
    """The assignment on U; in a chain y_i = not (z_1 or ... or z_(i+1)); other fresh variables false."""
    values = [bool(v) for v in assignment]

    def true(literal: int) -> bool:
        return values[abs(literal) - 1] == (literal > 0)

    for clause, fresh in zip(formula.clauses, fresh_variables(formula)):
        if len(clause) <= 3:
            values += [False] * len(fresh)
            continue
        values += [not any(true(z) for z in clause[: i + 2]) for i in range(len(fresh))]
    return tuple(values)


def backward(formula: CNF, target: ThreeSat, assignment) -> tuple[bool, ...]:
    """The assignment restricted to U."""
    return tuple(bool(v) for v in assignment[: formula.num_vars])


def size(formula: CNF) -> dict[str, int]:
    """n + sum of fresh variables (3, 2, 1, 0, k - 3 for widths 0, 1, 2, 3, k > 3); clauses 8, 4, 2,
    1, k - 2."""
    # the proof's counts in closed form, not block_size: a size written apart from the construction
    # tells when the construction allocates more (the mutation table's cnf-to-3sat survivor #194)
    widths = [len(c) for c in formula.clauses]
    return {"variables": formula.num_vars + sum(abs(k - 3) for k in widths),
            "clauses": sum(2 ** (3 - k) if k <= 3 else k - 2 for k in widths)}


def provenance(formula: CNF, target: ThreeSat) -> dict[str, list[str]]:
    """A variable to itself; a clause to the clauses of C'_j and its fresh variables U'_j."""
    made: dict[str, list[str]] = {var_id(v): [var_id(v)] for v in range(1, formula.num_vars + 1)}
    first = 0
    for j, (clause, fresh) in enumerate(zip(formula.clauses, fresh_variables(formula))):
        count = block_size(len(clause))[1]
        made[clause_id(j)] = [clause_id(i) for i in range(first, first + count)] + [var_id(y) for y in fresh]
        first += count
    return made


# -- the proof's claims -------------------------------------------------------------------------

def _spans(formula: CNF) -> list[tuple[int, int]]:
    """(first, end) of each C'_j among the target's clauses."""
    spans, first = [], 0
    for clause in formula.clauses:
        count = block_size(len(clause))[1]
        spans.append((first, first + count))
        first += count
    return spans


def claim_fresh_local(formula: CNF, target: ThreeSat) -> bool | str:
    """Each y of U'_j occurs in C'_j only, and C'_j holds c_j's literals and nothing of U else."""
    spans, fresh = _spans(formula), fresh_variables(formula)
    if spans and spans[-1][1] != len(target.clauses):
        return f"the blocks hold {spans[-1][1]} clauses, the target {len(target.clauses)}"
    owner = {y: j for j, ys in enumerate(fresh) for y in ys}
    for j, (first, end) in enumerate(spans):
        literals = [int(l) for c in target.clauses[first:end] for l in c]
        strangers = {abs(l) for l in literals if abs(l) in owner and owner[abs(l)] != j}
        if strangers:
            return f"C'_{j} uses fresh variables {sorted(strangers)} of other clauses"
        kept = {l for l in literals if abs(l) <= formula.num_vars}
        if kept != set(formula.clauses[j]):
            return f"C'_{j} holds the literals {sorted(kept)} of U, c_{j} has {sorted(set(formula.clauses[j]))}"
    return True


def claim_extends(formula: CNF, target: ThreeSat, assignment, extended) -> bool | str:
    n = formula.num_vars
    return tuple(extended[:n]) == tuple(assignment) or "the forward assignment changes a variable of U"


def claim_blocks_force_clauses(formula: CNF, target: ThreeSat, target_assignment, assignment) -> bool | str:
    """The second direction, block by block: C'_j satisfied leaves a literal of c_j true."""
    values = list(target_assignment)

    def true(literal: int) -> bool:
        return values[abs(literal) - 1] == (int(literal) > 0)

    for j, (first, end) in enumerate(_spans(formula)):
        block_satisfied = all(any(true(l) for l in c) for c in target.clauses[first:end])
        if block_satisfied and not any(true(z) for z in formula.clauses[j]):
            return f"C'_{j} is satisfied but no literal of c_{j} = {formula.clauses[j]} is true"
    return True


CLAIMS = (
    Claim("fresh-local", f"each fresh variable of U'_j occurs in C'_j only, and C'_j keeps exactly the literals "
          f"of c_j ({PROOF})", claim_fresh_local, TARGET_CLAIM),
    Claim("extends", f"the yes-direction keeps the assignment on U and only sets the fresh variables ({PROOF})",
          claim_extends, FORWARD_CLAIM),
    Claim("block-forces-clause", f"an assignment satisfying C'_j makes a literal of c_j true ({PROOF}, second "
          "direction: the chain of y's cannot satisfy every clause alone)", claim_blocks_force_clauses, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="cnf-to-3sat", source="cnf", target="3sat",
    reference="Garey & Johnson 1979, Theorem 3.1 (SATISFIABILITY -> 3SAT); Sipser, Corollary 7.42",
    checked=("every CNF over up to 3 variables with up to 3 clauses of width 1-2 (809), 300 random of "
             "widths 1-5"),
)
