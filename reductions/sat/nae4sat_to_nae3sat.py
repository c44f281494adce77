"""NAE-4-SAT -> NAE-3-SAT: each 4-clause split in two with a new variable, the link negated in
the second half: the clause splitting of Garey & Johnson's Theorem 3.1 (3SAT), done for
not-all-equal clauses (as in Papadimitriou 1994, Theorem 9.3, where NAESAT's clauses are made
of width three).

Clause j, (a, b, c, d), becomes (a, b, y_j), (~y_j, c, d) with y_j = x_(n+1+j).

* Yes-direction: if a = b, y_j takes the other value, so ~y_j equals a and (~y_j, c, d) is
  (a, c, d), not all equal since the four were not; if a != b the first half holds and y_j is
  chosen for the second: the value of c when c = d (then ~y_j differs from both), else false.
* Extraction: the assignment restricted to x_1..x_n: were a, b, c, d all equal, y_j would
  have to differ from a and b, and then ~y_j equals c and d.

>>> from npw.instances.sat.nae_sat import Nae4Sat
>>> formula = Nae4Sat(4, [(1, 2, 3, 4), (1, 1, -2, -2)])
>>> target = reduce(formula)
>>> target.num_vars, target.clause_list()
(6, [[1, 2, 5], [-5, 3, 4], [1, 1, 6], [-6, -2, -2]])
>>> target.verify(forward(formula, (True, True, False, True))), backward(formula, target, (True,) * 4 + (False, False))
(True, (True, True, True, True))
"""

from __future__ import annotations

from npw.instances.elements import clause_id, var_id
from npw.instances.sat.nae_sat import Nae3Sat, Nae4Sat
from npw.instances.base import MAX_VARIABLES
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_extends", "claim_halves", "claim_halves_force_clause",
           "forward", "halves", "link", "provenance", "reduce", "size"]

PROOF = "Garey & Johnson, Theorem 3.1's splitting, for not-all-equal clauses"


def link(formula: Nae4Sat, j: int) -> int:
    """y_j = x_(n+1+j), clause j's new variable."""
    return formula.num_vars + 1 + j


def halves(formula: Nae4Sat, j: int, clause) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    a, b, c, d = (int(l) for l in clause)
    y = link(formula, j)
    return (a, b, y), (-y, c, d)


def reduce(formula: Nae4Sat) -> Nae3Sat:
    # one new variable a clause: past MAX_VARIABLES the written file could not be read back
    refuse_target_size("nae4sat-to-nae3sat", "variables", formula.num_vars + formula.num_clauses, MAX_VARIABLES,
                       "MAX_VARIABLES")
    clauses = [half for j, clause in enumerate(formula.clause_list()) for half in halves(formula, j, clause)]
    return Nae3Sat(formula.num_vars + formula.num_clauses, clauses)


def forward(formula: Nae4Sat, assignment) -> tuple[bool, ...]:
    values = [bool(v) for v in assignment]

    def value(literal: int) -> bool:
        return values[abs(literal) - 1] == (literal > 0)

    links = []
    for a, b, c, d in formula.clause_list():
        if value(a) == value(b):
            links.append(not value(a))  # ~y_j = a, and (a, c, d) is not all equal
        else:
            links.append(value(c) if value(c) == value(d) else False)  # ~y_j differs from c = d
    return tuple(values + links)


def backward(formula: Nae4Sat, target: Nae3Sat, assignment) -> tuple[bool, ...]:
    """The assignment restricted to x_1..x_n."""
    return tuple(bool(v) for v in assignment[: formula.num_vars])


def size(formula: Nae4Sat) -> dict[str, int]:
    """n + m variables, 2m clauses."""
    return {"variables": formula.num_vars + formula.num_clauses, "clauses": 2 * formula.num_clauses}


def provenance(formula: Nae4Sat, target: Nae3Sat) -> dict[str, list[str]]:
    """A variable to itself; clause j to its two halves and its link y_j."""
    made = {var_id(v): [var_id(v)] for v in range(1, formula.num_vars + 1)}
    made.update({clause_id(j): [clause_id(2 * j), clause_id(2 * j + 1), var_id(link(formula, j))]
                 for j in range(formula.num_clauses)})
    return made


# -- the proof's claims -------------------------------------------------------------------------

def claim_halves(formula: Nae4Sat, target: Nae3Sat) -> bool | str:
    rows = target.clause_list()
    if len(rows) != 2 * formula.num_clauses:
        return f"{len(rows)} clauses for the formula's {formula.num_clauses} (two a clause)"
    for j, clause in enumerate(formula.clause_list()):
        want = [list(h) for h in halves(formula, j, clause)]
        if rows[2 * j: 2 * j + 2] != want:
            return f"clause {j} became {rows[2 * j: 2 * j + 2]}, not {want}"
    return True


def claim_extends(formula: Nae4Sat, target: Nae3Sat, assignment, extended) -> bool | str:
    n = formula.num_vars
    return tuple(extended[:n]) == tuple(bool(v) for v in assignment) or "the forward assignment changes x_1..x_n"


def claim_halves_force_clause(formula: Nae4Sat, target: Nae3Sat, target_assignment, assignment) -> bool | str:
    """Both halves not-all-equal leave the 4-clause not-all-equal."""
    values = [bool(v) for v in target_assignment]
    for j, clause in enumerate(formula.clause_list()):
        seen = {values[abs(l) - 1] == (l > 0) for l in clause}
        if seen != {True, False}:
            return f"clause {j} {clause} is all {seen.pop()} though both its halves hold"
    return True


CLAIMS = (
    Claim("halves", f"clause (a, b, c, d) becomes (a, b, y), (~y, c, d) with its own y ({PROOF})", claim_halves,
          TARGET_CLAIM),
    Claim("extends", f"the yes-direction keeps x_1..x_n and only sets the links ({PROOF})", claim_extends, FORWARD_CLAIM),
    Claim("halves-force-clause", f"both halves not-all-equal make the 4-clause not-all-equal ({PROOF}: all four "
          "equal would leave y no value)", claim_halves_force_clause, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="nae4sat-to-nae3sat", source="nae4sat", target="nae3sat",
    reference="Garey & Johnson 1979, Theorem 3.1's clause splitting; Papadimitriou 1994, Theorem 9.3 (NAESAT)",
    checked="every NAE-4-SAT instance up to 2 clauses over 3 variables (6,837), 300 random",
)
