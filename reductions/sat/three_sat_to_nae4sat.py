"""3-SAT -> NAE-4-SAT: one new variable s added to every clause, as in Papadimitriou,
"Computational Complexity" (1994), the proof of Theorem 9.3 (NAESAT is NP-complete: "add the
same new variable z to every clause"); Garey & Johnson list the problem as LO3 (Schaefer 1978).

Clause (a, b, c) of the formula over x_1..x_n becomes (a, b, c, s) with s = x_(n+1).

Yes-direction: keep the assignment and set s false: each clause has a true literal among a, b,
c and the false s. Extraction: an assignment whose complement also works (true and false swap
in every clause) may be taken with s false; then each clause's true literal is among a, b, c,
so x_1..x_n (complemented where s was true) satisfy the formula.

>>> from npw.instances.sat.three_sat import ThreeSat
>>> formula = ThreeSat(2, [(1, 2, 2), (-1, -2, 1)])
>>> target = reduce(formula)
>>> target.num_vars, target.clause_list()
(3, [[1, 2, 2, 3], [-1, -2, 1, 3]])
>>> target.verify(forward(formula, (True, False))), backward(formula, target, (False, True, True))
(True, (True, False))
"""

from __future__ import annotations

from npw.instances.elements import clause_id, var_id
from npw.instances.sat.nae_sat import Nae4Sat
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.base import MAX_VARIABLES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_complement_works", "claim_s_false",
           "claim_shared_variable", "claim_true_literal_beside_s", "forward", "normalised", "provenance", "reduce",
           "shared_variable", "size"]

PROOF = "Papadimitriou 1994, Theorem 9.3"


def shared_variable(formula: ThreeSat) -> int:
    """s = x_(n+1), in every clause."""
    return formula.num_vars + 1


def reduce(formula: ThreeSat) -> Nae4Sat:
    refuse_target_size("3sat-to-nae4sat", "variables", formula.num_vars + 1, MAX_VARIABLES, "MAX_VARIABLES")
    s = shared_variable(formula)
    return Nae4Sat(s, [tuple(int(l) for l in clause) + (s,) for clause in formula.clauses])


def forward(formula: ThreeSat, assignment) -> tuple[bool, ...]:
    """The assignment, and s false."""
    return tuple(bool(v) for v in assignment) + (False,)


def normalised(assignment) -> tuple[bool, ...]:
    """The assignment, or its complement where s is true: s false either way."""
    values = tuple(bool(v) for v in assignment)
    return tuple(not v for v in values) if values[-1] else values


def backward(formula: ThreeSat, target: Nae4Sat, assignment) -> tuple[bool, ...]:
    """x_1..x_n of the assignment taken with s false (complemented if s is true)."""
    return normalised(assignment)[: formula.num_vars]


def size(formula: ThreeSat) -> dict[str, int]:
    """n + 1 variables, m clauses."""
    return {"variables": formula.num_vars + 1, "clauses": len(formula.clauses)}


def provenance(formula: ThreeSat, target: Nae4Sat) -> dict[str, list[str]]:
    """A variable to itself, a clause to its clause (s comes from no element of the formula)."""
    made = {var_id(v): [var_id(v)] for v in range(1, formula.num_vars + 1)}
    made.update({clause_id(j): [clause_id(j)] for j in range(len(formula.clauses))})
    return made


# -- the proof's claims -------------------------------------------------------------------------

def claim_shared_variable(formula: ThreeSat, target: Nae4Sat) -> bool | str:
    s = shared_variable(formula)
    rows = target.clause_list()
    if len(rows) != len(formula.clauses):
        return f"{len(rows)} clauses for the formula's {len(formula.clauses)}"
    for j, (row, clause) in enumerate(zip(rows, formula.clauses)):
        if row != [int(l) for l in clause] + [s]:
            return f"clause {j} is {row}, not {list(clause)} with s = x{s} added"
    return True


def claim_s_false(formula: ThreeSat, target: Nae4Sat, assignment, extended) -> bool | str:
    return (tuple(extended[:-1]) == tuple(bool(v) for v in assignment) and not extended[-1]) or \
        "the forward assignment is not the source's with s false"


def claim_complement_works(formula: ThreeSat, target: Nae4Sat, target_assignment, assignment) -> bool | str:
    """The complement of a NAE assignment is one: so an extraction may assume s false."""
    return target.verify(tuple(not v for v in target_assignment)) or "the complement of the target assignment fails"


def claim_true_literal_beside_s(formula: ThreeSat, target: Nae4Sat, target_assignment, assignment) -> bool | str:
    """With s false, each clause's true literal is one of a, b, c."""
    values = normalised(target_assignment)
    for j, clause in enumerate(formula.clauses):
        if not any(values[abs(int(l)) - 1] == (int(l) > 0) for l in clause):
            return f"clause {j}: with s false no literal of {list(clause)} is true"
    return True


CLAIMS = (
    Claim("shared-variable", f"each clause is the 3-SAT clause with the one new variable s added ({PROOF})",
          claim_shared_variable, TARGET_CLAIM),
    Claim("s-false", f"the yes-direction keeps the assignment and sets s false ({PROOF})", claim_s_false, FORWARD_CLAIM),
    Claim("complement", f"the complement of a not-all-equal assignment is one too ({PROOF})",
          claim_complement_works, BACKWARD_CLAIM),
    Claim("true-beside-s", f"with s false every clause has a true literal among its three ({PROOF})",
          claim_true_literal_beside_s, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-nae4sat", source="3sat", target="nae4sat",
    reference="Papadimitriou 1994, Theorem 9.3 (one new variable in every clause); Garey & Johnson LO3; Schaefer 1978",
    checked="every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
)
