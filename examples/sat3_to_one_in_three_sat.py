"""3-SAT -> 1-in-3-SAT (Schaefer 1978), as reduction libraries usually carry it: the construction
and the extraction only (no forward map), and a size formula that is a bound.

Each clause (x or y or z) becomes three 1-in-3 clauses over four new variables a, b, c, d:

    R(not x, a, b),  R(b, y, c),  R(c, d, not z)

If the 1-in-3 clauses hold, x, y, z are not all false (all false forces a = b = False by the first
clause, then y false forces c = True, and the third clause has c and not z both true). Conversely a
satisfying assignment extends to a, b, c, d. The extraction reads the first n variables.

    npw verify examples/sat3_to_one_in_three_sat.py:REDUCTION --exhaustive 1 --random 200
"""

from __future__ import annotations

from npw.api import Bound, Claim, OneInThreeSat, Reduction, ThreeSat


def gadgets(formula: ThreeSat, x_sign: int = -1) -> OneInThreeSat:
    """Three 1-in-3 clauses per clause over its four new variables; ``x_sign`` is the sign x
    takes in the first one (-1 in the construction)."""
    n = formula.num_vars
    clauses = []
    for index, clause in enumerate(formula.clauses):
        x, y, z = (int(literal) for literal in clause)
        a, b, c, d = (n + 4 * index + offset for offset in (1, 2, 3, 4))
        clauses += [(x_sign * x, a, b), (b, y, c), (c, d, -z)]
    return OneInThreeSat(n + 4 * len(formula.clauses), clauses)


def reduce(formula: ThreeSat) -> OneInThreeSat:
    return gadgets(formula)


def backward(formula: ThreeSat, target: OneInThreeSat, assignment: tuple[bool, ...]) -> tuple[bool, ...]:
    """The source's variables are the target's first n."""
    return tuple(assignment[: formula.num_vars])


def three_per_clause(formula: ThreeSat, target: OneInThreeSat) -> bool:
    return len(target.clauses) == 3 * len(formula.clauses)


REDUCTION = Reduction(
    id="3sat-to-1in3sat",
    source="3sat",
    target="1in3sat",
    reference="Schaefer 1978; the gadget R(-x,a,b), R(b,y,c), R(c,d,-z) per clause",
    reduce=reduce,
    forward=None,  # the library this is taken from has none: the verifier checks backward and both answers
    backward=backward,
    # as published: "at most n + 4m variables, 3m clauses"
    size=lambda formula: {"variables": Bound(high=formula.num_vars + 4 * len(formula.clauses)),
                          "clauses": 3 * len(formula.clauses)},
    claims=(Claim("three clauses per clause", "each source clause becomes three 1-in-3 clauses", three_per_clause),),
)


def reduce_sign_slip(formula: ThreeSat) -> OneInThreeSat:
    """The same gadget with the first clause's negation lost: R(x, a, b)."""
    return gadgets(formula, x_sign=+1)


SIGN_SLIP = Reduction(
    id="3sat-to-1in3sat-sign-slip",
    source="3sat",
    target="1in3sat",
    reference="a deliberately wrong copy of REDUCTION",
    reduce=reduce_sign_slip,
    forward=None,
    backward=backward,
    size=REDUCTION.size,
)
