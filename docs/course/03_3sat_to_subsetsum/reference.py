"""Assignment 3, reference solution: 3-SAT -> Subset Sum
(Sipser Theorem 7.56; CLRS Theorem 34.15), the digit construction.

The construction
----------------
Every number is written in base 10 with n + m digits: one digit per variable (the high
digits, variable 1 first) and one per clause (the low digits, clause 0 first).

* for every variable x_i two numbers, y_i (number 2(i-1)) and z_i (number 2(i-1)+1): a 1 in
  x_i's digit; in clause j's digit, how often x_i (for y_i) or ~x_i (for z_i) occurs in
  clause j;
* for every clause j two slack numbers g_j and h_j (numbers 2n+2j and 2n+2j+1): a 1 in
  clause j's digit;
* the target t: 1 in every variable digit, 3 in every clause digit.

Why it is right
---------------
No digit column sums to more than 5 (a clause has three literal occurrences, plus two
slacks), and 5 < 10: adding any subset never carries from one digit into the next. So a
subset sums to t exactly when it does so digit by digit.

Satisfiable => a subset: take y_i when x_i is true, else z_i. Every variable digit is 1;
clause j's digit holds c = the number of true occurrences in clause j, 1 <= c <= 3; add
3 - c of the slacks g_j, h_j.

A subset => satisfiable: a variable digit of 1 means exactly one of y_i, z_i is taken; set
x_i true iff y_i is. The slacks give a clause digit at most 2, so at least one occurrence
in every clause is true.

(Counting occurrences, not just 0/1, keeps this right when a clause repeats a literal or
holds both x and ~x.)

Check it with

    npw verify docs/course/03_3sat_to_subsetsum/reference.py:REDUCTION
"""

from __future__ import annotations

from npw.api import Reduction, SubsetSum, ThreeSat

BASE = 10  # larger than the biggest column sum (5): no carries


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
    id="course-3sat-to-subsetsum",
    source="3sat",
    target="subsetsum",
    reference="Sipser Theorem 7.56; CLRS Theorem 34.15",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)
