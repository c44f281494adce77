"""Assignment 3, a wrong submission: the numbers are written in base 3, so digits carry into each other."""

from __future__ import annotations

from npw.api import Reduction, SubsetSum, ThreeSat

# MISTAKE: base 3, "no digit of the target is more than 3"; a column sums to up to 5, so digits carry
BASE = 3


def variable_place(formula: ThreeSat, i: int) -> int:
    """The place value of variable i's digit (i = 1..n; variable 1 the highest)."""
    return BASE ** (len(formula.clauses) + formula.num_vars - i)


def clause_place(formula: ThreeSat, j: int) -> int:
    """The place value of clause j's digit (j = 0..m-1; clause 0 the highest of them)."""
    return BASE ** (len(formula.clauses) - 1 - j)


def reduce(formula: ThreeSat) -> SubsetSum:
    numbers = []
    for i in range(1, formula.num_vars + 1):
        for literal in (i, -i):  # y_i, then z_i
            number = variable_place(formula, i)
            for j, clause in enumerate(formula.clauses):
                number += list(clause).count(literal) * clause_place(formula, j)
            numbers.append(number)
    for j in range(len(formula.clauses)):
        numbers += [clause_place(formula, j), clause_place(formula, j)]  # g_j, h_j
    target = sum(variable_place(formula, i) for i in range(1, formula.num_vars + 1))
    target += sum(3 * clause_place(formula, j) for j in range(len(formula.clauses)))
    return SubsetSum(tuple(numbers), target)


def is_true(assignment, literal: int) -> bool:
    return bool(assignment[abs(literal) - 1]) == (literal > 0)


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """y_i or z_i by the value of x_i, then 3 - c slacks for a clause with c true occurrences."""
    n = formula.num_vars
    chosen = [2 * (i - 1) + (0 if assignment[i - 1] else 1) for i in range(1, n + 1)]
    for j, clause in enumerate(formula.clauses):
        true_occurrences = sum(is_true(assignment, literal) for literal in clause)
        chosen += [2 * n + 2 * j + s for s in range(3 - true_occurrences)]
    return tuple(chosen)


def backward(formula: ThreeSat, target: SubsetSum, subset) -> tuple[bool, ...]:
    """x_i is true exactly when y_i is in the subset."""
    picked = {int(index) for index in subset}
    return tuple(2 * (i - 1) in picked for i in range(1, formula.num_vars + 1))


def size(formula: ThreeSat) -> dict[str, int]:
    """2n + 2m numbers; the target's digits are n ones followed by m threes."""
    n, m = formula.num_vars, len(formula.clauses)
    target = sum(BASE ** (m + n - i) for i in range(1, n + 1)) + sum(3 * BASE ** (m - 1 - j) for j in range(m))
    return {"numbers": 2 * n + 2 * m, "target": target}


REDUCTION = Reduction(
    id="wrong_base_too_small-course-3sat-to-subsetsum",
    source="3sat",
    target="subsetsum",
    reference="Sipser Theorem 7.56; CLRS Theorem 34.15",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)
