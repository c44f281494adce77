"""3-SAT -> SUBSET SUM: Sipser, "Introduction to the Theory of Computation" (3rd ed.),
Theorem 7.56; CLRS (3rd ed.) Section 34.5.5, Theorem 34.15. Numbers written in base 10 with
one digit per variable (the high digits) and one per clause (the low digits):

* y_i and z_i (numbers 2(i-1) and 2(i-1)+1): a 1 in variable i's digit; in clause j's digit,
  how often x_i (for y_i) or ~x_i (for z_i) occurs in clause j;
* g_j and h_j (numbers 2n+2j and 2n+2j+1), the slack: a 1 in clause j's digit;
* the target t: 1 in every variable digit, 3 in every clause digit.

No digit column sums to more than 3 + 2 = 5, so no carry ever crosses a digit ("no carries"
in both proofs) and a subset sums to t exactly when it does digit by digit. Yes-direction: take
y_i if x_i is true, else z_i; clause j's digit then holds its c true occurrences (1 to 3) and
3 - c slacks fill it. Extraction: the variable digit makes exactly one of y_i, z_i chosen (set
x_i true iff y_i is); the slacks give at most 2 to a clause digit, so a literal of each clause
is true. Counting occurrences (rather than Sipser's 0/1) keeps this right when a clause repeats a
literal or holds x and ~x.

Numbers have n + m digits, so files hold formulas with n + m <= 18 (MAX_INTEGER = 2^62); a
larger formula is refused naming the limit.

>>> from npw.instances.sat.three_sat import ThreeSat
>>> formula = ThreeSat(2, [(1, 2, -1), (-1, -2, -2)])
>>> s = reduce(formula)
>>> s.numbers, s.target
((1010, 1011, 110, 102, 10, 10, 1, 1), 1133)
>>> s.verify(forward(formula, (True, False))), backward(formula, s, (0, 3, 4, 5, 6))
(True, (True, False))
"""

from __future__ import annotations

from collections import Counter

from npw.instances.elements import clause_id, number_id, var_id
from npw.instances.numbers.model import SubsetSum
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.numbers.model import MAX_NUMBER_BITS, MAX_NUMBERS
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_clause_digits_reach_three", "claim_digits",
           "claim_literal_in_each_clause", "claim_no_carries", "claim_one_of_each_pair", "clause_digit", "clauses_of",
           "forward", "provenance", "reduce", "size", "variable_digit"]

PROOF = "Sipser Theorem 7.56; CLRS Theorem 34.15"


def clauses_of(formula: ThreeSat) -> list[tuple[int, ...]]:
    return [tuple(int(literal) for literal in clause) for clause in formula.clauses]


def variable_digit(formula: ThreeSat, i: int) -> int:
    """The place value of variable i's digit (1-based i; variable 1 the highest)."""
    return 10 ** (len(formula.clauses) + formula.num_vars - i)


def clause_digit(formula: ThreeSat, j: int) -> int:
    """The place value of clause j's digit (0-based j; clause 0 the highest of them)."""
    return 10 ** (len(formula.clauses) - 1 - j)


def reduce(formula: ThreeSat) -> SubsetSum:
    n, clauses = formula.num_vars, clauses_of(formula)
    # refused before any number is built: n + m decimal digits each (10^(n + m) for n = 10^7 ran on)
    refuse_target_size("3sat-to-subsetsum", "numbers", 2 * n + 2 * len(clauses), MAX_NUMBERS, "MAX_NUMBERS")
    refuse_target_size("3sat-to-subsetsum", "bits a number", (n + len(clauses)) * 3322 // 1000 + 1, MAX_NUMBER_BITS,
                       "MAX_NUMBER_BITS")
    numbers = []
    for i in range(1, n + 1):
        for literal in (i, -i):  # y_i, then z_i
            numbers.append(variable_digit(formula, i)
                           + sum(clause.count(literal) * clause_digit(formula, j) for j, clause in enumerate(clauses)))
    for j in range(len(clauses)):
        numbers += [clause_digit(formula, j)] * 2  # g_j, h_j
    target = sum(variable_digit(formula, i) for i in range(1, n + 1)) + 3 * sum(
        clause_digit(formula, j) for j in range(len(clauses)))
    return SubsetSum(tuple(numbers), target)


def _true(assignment, literal: int) -> bool:
    return bool(assignment[abs(literal) - 1]) == (literal > 0)


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """y_i or z_i by x_i's value, then 3 - c slacks for a clause with c true occurrences."""
    n = formula.num_vars
    chosen = [2 * (i - 1) + (0 if assignment[i - 1] else 1) for i in range(1, n + 1)]
    for j, clause in enumerate(clauses_of(formula)):
        true = sum(_true(assignment, literal) for literal in clause)
        chosen += [2 * n + 2 * j + k for k in range(3 - true)]
    return tuple(chosen)


def backward(formula: ThreeSat, target: SubsetSum, chosen) -> tuple[bool, ...]:
    """x_i true exactly when y_i is chosen."""
    picked = {int(c) for c in chosen}
    return tuple(2 * (i - 1) in picked for i in range(1, formula.num_vars + 1))


def size(formula: ThreeSat) -> dict[str, int]:
    """2n + 2m numbers; the target is n ones then m threes in base 10:
    (10^(n+m) - 10^m) / 9 + 3 (10^m - 1) / 9."""
    n, m = formula.num_vars, len(formula.clauses)
    target = (10 ** (n + m) - 10**m) // 9 + 3 * (10**m - 1) // 9
    return {"numbers": 2 * n + 2 * m, "target": target, "bits": target.bit_length()}


def provenance(formula: ThreeSat, target: SubsetSum) -> dict[str, list[str]]:
    """A variable to y_i and z_i (nothing for a variable in no clause: its two numbers only
    carry the variable digit, no constraint), a clause to its slacks g_j, h_j and the numbers
    with a digit in its column."""
    clauses, n = clauses_of(formula), formula.num_vars
    used = {abs(literal) for clause in clauses for literal in clause}
    made = {var_id(i): ([number_id(2 * (i - 1)), number_id(2 * (i - 1) + 1)] if i in used else [])
            for i in range(1, n + 1)}
    for j, clause in enumerate(clauses):
        made[clause_id(j)] = [number_id(2 * (abs(l) - 1) + (l < 0)) for l in dict.fromkeys(clause)] + [
            number_id(2 * n + 2 * j), number_id(2 * n + 2 * j + 1)]
    return made


# -- the proof's claims -------------------------------------------------------------------------

def _digits(formula: ThreeSat, value: int) -> list[int]:
    """The n + m digits of ``value``, the highest first (variable 1 first, clause m-1 last)."""
    width = formula.num_vars + len(formula.clauses)
    if width == 0:  # the empty formula: no digits ("0".zfill(0) is still "0"); a nonzero value has no place
        return [] if value == 0 else [10]
    return [int(d) for d in str(value).zfill(width)] if value < 10**width else [10] * width


def claim_no_carries(formula: ThreeSat, target: SubsetSum) -> bool | str:
    columns = [sum(column) for column in zip(*(_digits(formula, a) for a in target.numbers))] or []
    worst = max(columns, default=0)
    return worst <= 9 or f"a digit column sums to {worst}: a carry could cross digits"


def claim_digits(formula: ThreeSat, target: SubsetSum) -> bool | str:
    n = formula.num_vars
    for index, a in enumerate(target.numbers):
        digits = _digits(formula, a)
        variables = [k for k in range(n) if digits[k]]
        wanted = [index // 2] if index < 2 * n else []
        if variables != wanted or any(d > 1 for d in digits[:n]):
            return f"number {index} = {a} has variable digits {digits[:n]}, not a single 1 at {wanted}"
    wanted_target = [1] * n + [3] * len(formula.clauses)
    return _digits(formula, target.target) == wanted_target or f"target {target.target} is not 1...13...3"


def claim_clause_digits_reach_three(formula: ThreeSat, target: SubsetSum, assignment, chosen) -> bool | str:
    total = [sum(column) for column in zip(*(_digits(formula, target.numbers[c]) for c in chosen))]
    return total == _digits(formula, target.target) or f"the chosen numbers' digits sum to {total}"


def claim_one_of_each_pair(formula: ThreeSat, target: SubsetSum, chosen, assignment) -> bool | str:
    picked = Counter(int(c) // 2 for c in chosen if int(c) < 2 * formula.num_vars)
    wrong = [i + 1 for i in range(formula.num_vars) if picked[i] != 1]
    return not wrong or f"variables {wrong[:3]} have {[picked[i - 1] for i in wrong[:3]]} of y_i, z_i chosen"


def claim_literal_in_each_clause(formula: ThreeSat, target: SubsetSum, chosen, assignment) -> bool | str:
    n, m = formula.num_vars, len(formula.clauses)
    literal_digits = [sum(column) for column in zip(*(_digits(formula, target.numbers[int(c)])[n:]
                                                      for c in chosen if int(c) < 2 * n))] or [0] * m
    wrong = [j for j in range(m) if literal_digits[j] < 1]
    return not wrong or f"clauses {wrong[:3]} reach 3 by slack alone, no literal chosen"


CLAIMS = (
    Claim("no-carries", f"no digit column sums to 10 or more, so sums add digit by digit ({PROOF})",
          claim_no_carries, TARGET_CLAIM),
    Claim("digits", f"y_i, z_i carry a 1 in variable i's digit only, the slacks none, and the target is "
          f"1...1 3...3 ({PROOF})", claim_digits, TARGET_CLAIM),
    Claim("clause-digits-three", f"the yes-direction's subset reaches exactly the target in every digit "
          f"({PROOF}, first direction)", claim_clause_digits_reach_three, FORWARD_CLAIM),
    Claim("one-of-each-pair", f"a subset of sum t holds exactly one of y_i, z_i ({PROOF}, second direction)",
          claim_one_of_each_pair, BACKWARD_CLAIM),
    Claim("literal-per-clause", f"the two slacks give at most 2 to a clause digit, so a literal of each clause "
          f"is chosen ({PROOF}, second direction)", claim_literal_in_each_clause, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-subsetsum", source="3sat", target="subsetsum",
    reference="Sipser Theorem 7.56; CLRS 3rd ed. Section 34.5.5, Theorem 34.15",
    checked="every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
)
