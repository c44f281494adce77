"""Planar 3-SAT -> Planar Monotone 3SAT with a rectilinear layout: de Berg & Khosravi,
"Optimal binary space partitions in the plane" (COCOON 2010; Int. J. Comput. Geom. Appl.
22(3), 2012), the NP-hardness of Planar Monotone 3-SAT, with the layout carried through.

The source is drawn with its variables on a line and each clause above or below it
(``planar3sat``); a clause may mix signs. The target must have every clause above positive
and every clause below negative. De Berg & Khosravi replace each variable by a row of new
variables on the line, each equal or opposite to it, tied by monotone clauses, so that every
occurrence finds a variable of the right value on the side its clause is drawn:

* Step 1 (:func:`legs`): x's occurrences on each side in the order their legs reach x
  (:func:`~npw.instances.sat.planar_monotone.attachment_order`). An occurrence wants a variable equal to x ("P") or opposite ("N"):
  above, x wants P and ~x wants N (the clause becomes positive); below, x wants N and ~x
  wants P (the clause becomes negative: ~y with y = ~x is x).
* Step 2 (:func:`row`): the row of x: its variables take the legs above in their order and
  those below in theirs (one leg of each side on one variable where both want its parity),
  with a filler of the other parity between two neighbours of the same parity, so that
  neighbours always differ (a variable that occurs nowhere: one P).
* Step 3 (:func:`reduce`): neighbours y, z of a row get (y or z) above and (~y or ~z) below,
  both spanning only the two (they cross nothing): together y = ~z, so the row alternates
  x, ~x, ... as the parities say. Each source clause keeps its side, its literals replaced by
  the row variables of its occurrences, all positive above and all negative below.

The rows keep each side's legs in their order at x, so a drawing without crossings stays
one (the target's levels are the lowest that fit; the target validates its own layout).

forward: y = v(x) for a P variable, ~v(x) for an N one. backward: v(x) = the first variable
of x's row (negated if it is N).

>>> from npw.instances.sat.planar3sat import PlanarThreeSat
>>> source = PlanarThreeSat(2, [(1, -2), (-1, 2)], sides=("above", "below"))
>>> target = reduce(source)
>>> target.clauses, target.order
(((1, 2), (-1, -2)), (1, 2))
>>> backward(source, target, forward(source, (True, False)))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from npw.instances.base import MAX_VARIABLES
from npw.instances.elements import clause_id, var_id
from npw.instances.memo import remember_last
from npw.instances.sat.planar3sat import PlanarThreeSat
from npw.instances.sat.planar_monotone import ABOVE, BELOW, PlanarMonotone3Sat, attachment_order, find_crossing
from npw.reductions.base import (BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction,
                                 refuse_target_size)

__all__ = ["CLAIMS", "P", "N", "PROOF", "REDUCTION", "Row", "backward", "claim_alternates", "claim_forward_values",
           "claim_layout", "claim_literal_values", "claim_monotone_clauses", "claim_rows", "forward", "legs",
           "provenance", "reduce", "row", "rows", "size"]

PROOF = "de Berg & Khosravi 2010, Planar Monotone 3-SAT is NP-complete"
P, N = True, False  # a row variable's parity: equal to x, or opposite


def legs(source: PlanarThreeSat, variable: int) -> dict[str, list[tuple[int, bool]]]:
    """Step 1: side -> (clause index, parity wanted) for each occurrence of ``variable`` there,
    in the order the legs reach it (left to right).

    >>> legs(PlanarThreeSat(2, [(1, -2), (-1, 2)], sides=("above", "below")), 2)
    {'above': [(0, False)], 'below': [(1, False)]}
    """
    order = attachment_order(source)
    found: dict[str, list[tuple[int, bool]]] = {}
    for side in (ABOVE, BELOW):
        found[side] = [(i, (variable in source.clauses[i]) == (side == ABOVE))
                       for i in order.get((variable, side), ())]
    return found


@dataclass(frozen=True)
class Row:
    """The row of source variable ``variable``: its target variables ``first``.. with their
    parities, and for each occurrence (clause index) its position in the row."""

    variable: int
    first: int
    parities: tuple[bool, ...]
    at: tuple[tuple[int, int], ...]  # (clause index, position in the row)

    @property
    def variables(self) -> range:
        return range(self.first, self.first + len(self.parities))

    def of(self, clause: int) -> int:
        """The target variable standing for this variable in source clause ``clause``."""
        return self.first + dict(self.at)[clause]


def row(source: PlanarThreeSat, variable: int, first: int) -> Row:
    """Step 2: the row, left to right. Each variable of it takes the next leg above, the next
    leg below, or both where they want the same parity (the sides do not meet); a filler of the
    other parity goes between two neighbours that would be equal.

    >>> row(PlanarThreeSat(1, [(1,), (-1,), (1,)], sides=("above", "above", "above")), 1, 1).parities
    (True, False, True)
    >>> row(PlanarThreeSat(1, [(1,), (1,), (-1,)], sides=("above", "above", "below")), 1, 1).parities
    (True, False, True)
    """
    wanted = legs(source, variable)
    above, below = list(wanted[ABOVE]), list(wanted[BELOW])
    parities: list[bool] = []
    at = []
    while above or below:
        if above and below and above[0][1] == below[0][1]:
            taken = [above.pop(0), below.pop(0)]
        elif above and (not below or not parities or above[0][1] != parities[-1]):
            taken = [above.pop(0)]
        else:
            taken = [below.pop(0)]
        parity = taken[0][1]
        if parities and parities[-1] == parity:
            parities.append(not parity)  # the filler
        at += [(clause, len(parities)) for clause, _ in taken]
        parities.append(parity)
    return Row(variable, first, tuple(parities) or (P,), tuple(at))


@remember_last  # reduce, backward and three claims read the rows of the same source
def rows(source: PlanarThreeSat) -> tuple[Row, ...]:
    """Every variable's row, in line order (the target's variables are numbered along the line)."""
    found = []
    first = 1
    for v in source.order:
        made = row(source, v, first)
        found.append(made)
        first += len(made.parities)
    return tuple(found)


def _count(source: PlanarThreeSat) -> int:
    """Target variables, counted before anything is built."""
    return sum(len(r.parities) for r in rows(source))


def reduce(source: PlanarThreeSat) -> PlanarMonotone3Sat:
    """Step 3: the rows' clauses (neighbours differ) in line order, then the source's clauses on
    the row variables, positive above and negative below."""
    refuse_target_size("planar3sat-to-pm3sat", "variables", _count(source), MAX_VARIABLES, "MAX_VARIABLES")
    found = rows(source)
    clauses: list[tuple[int, ...]] = []
    for r in found:
        for y in r.variables[:-1]:
            clauses += [(y, y + 1), (-y, -y - 1)]
    of = {r.variable: r for r in found}
    for i, clause in enumerate(source.clauses):
        sign = 1 if source.side(i) == ABOVE else -1
        clauses.append(tuple(sign * of[abs(l)].of(i) for l in clause))
    num_vars = sum(len(r.parities) for r in found)
    return PlanarMonotone3Sat(num_vars, tuple(clauses), tuple(range(1, num_vars + 1)))


def forward(source: PlanarThreeSat, assignment: Sequence[bool]) -> tuple[bool, ...]:
    """y = v(x) for a P variable of x's row, ~v(x) for an N one."""
    values: list[bool] = []
    for r in rows(source):
        value = bool(assignment[r.variable - 1])
        values += [value if parity else not value for parity in r.parities]
    return tuple(values)


def backward(source: PlanarThreeSat, target: PlanarMonotone3Sat, assignment: Sequence[bool]) -> tuple[bool, ...]:
    """v(x) = the first variable of x's row, negated if it is an N."""
    values = [False] * source.num_vars
    for r in rows(source):
        first = bool(assignment[r.first - 1])
        values[r.variable - 1] = first if r.parities[0] else not first
    return tuple(values)


def size(source: PlanarThreeSat) -> dict[str, int]:
    """A row of k variables for each variable (counted by :func:`row`: at most one per
    occurrence plus a filler between two), 2(k - 1) clauses along it, and the source's clauses:
    O(n + m) in all."""
    lengths = [len(r.parities) for r in rows(source)]
    return {"variables": sum(lengths), "clauses": len(source.clauses) + sum(2 * (k - 1) for k in lengths)}


def provenance(source: PlanarThreeSat, target: PlanarMonotone3Sat) -> dict[str, list[str]]:
    """A variable made its row and the row's clauses; a clause made its monotone copy.

    >>> s = PlanarThreeSat(1, [(1,), (-1,)], sides=("above", "above"))
    >>> provenance(s, reduce(s))
    {'var:1': ['var:1', 'var:2', 'clause:0', 'clause:1'], 'clause:0': ['clause:2'], 'clause:1': ['clause:3']}
    """
    made: dict[str, list[str]] = {}
    start = 0
    for r in rows(source):
        chain = 2 * (len(r.parities) - 1)
        made[var_id(r.variable)] = [var_id(y) for y in r.variables] + [clause_id(start + i) for i in range(chain)]
        start += chain
    made = dict(sorted(made.items(), key=lambda item: int(item[0].split(":")[1])))
    for i in range(len(source.clauses)):
        made[clause_id(i)] = [clause_id(start + i)]
    return made


# -- the proof's claims ---------------------------------------------------------------------------


def claim_layout(source: PlanarThreeSat, target: PlanarMonotone3Sat) -> bool | str:
    """The target is monotone, positive clauses above and negative below, drawn without a
    crossing (checked afresh, not trusted to the constructor)."""
    if any(len({l > 0 for l in c}) != 1 for c in target.clauses):
        return "a target clause mixes signs"
    return find_crossing(target.order, target.clauses, target.levels) or True


def claim_rows(source: PlanarThreeSat, target: PlanarMonotone3Sat) -> bool | str:
    """Besides the source's clauses, the target holds exactly (y or z) and (~y or ~z) for
    neighbours y, z of each row."""
    expected = sorted(c for r in rows(source) for y in r.variables[:-1] for c in ((y, y + 1), (-y, -y - 1)))
    built = sorted(target.clauses[:len(target.clauses) - len(source.clauses)])
    return built == expected or "the rows' clauses differ from the neighbours' pairs"


def claim_monotone_clauses(source: PlanarThreeSat, target: PlanarMonotone3Sat) -> bool | str:
    """Each source clause keeps its side and its variables' rows: positive above, negative below."""
    of = {}
    for r in rows(source):
        for y in r.variables:
            of[y] = r.variable
    offset = len(target.clauses) - len(source.clauses)
    for i, clause in enumerate(source.clauses):
        made = target.clauses[offset + i]
        if sorted(of[abs(l)] for l in made) != sorted(abs(l) for l in clause):
            return f"clause c{i + 1} became {made}, not over its variables' rows"
        if (made[0] > 0) != (source.side(i) == ABOVE):
            return f"clause c{i + 1} is drawn {source.side(i)} but became {made}"
    return True


def claim_forward_values(source: PlanarThreeSat, target: PlanarMonotone3Sat, assignment: Sequence[bool],
                         values: Sequence[bool]) -> bool | str:
    """Each row reads v(x), ~v(x), ... by its parities, and the values satisfy the target."""
    for r in rows(source):
        v = bool(assignment[r.variable - 1])
        if any(bool(values[y - 1]) != (v == parity) for y, parity in zip(r.variables, r.parities)):
            return f"the row of x{r.variable} does not follow its parities"
    return target.verify(tuple(values)) or "the forward values do not satisfy the target"


def claim_alternates(source: PlanarThreeSat, target: PlanarMonotone3Sat, values: Sequence[bool],
                     extracted: Sequence[bool]) -> bool | str:
    """In any satisfying assignment each row alternates: (y or z) and (~y or ~z) make z = ~y."""
    for r in rows(source):
        line = [bool(values[y - 1]) for y in r.variables]
        if any(a == b for a, b in zip(line, line[1:])):
            return f"the row of x{r.variable} reads {''.join('1' if b else '0' for b in line)}, not alternating"
    return True


def claim_literal_values(source: PlanarThreeSat, target: PlanarMonotone3Sat, values: Sequence[bool],
                         extracted: Sequence[bool]) -> bool | str:
    """Each occurrence's row variable, read with its clause's side, is the literal's value under
    the extracted assignment (so each source clause is satisfied where its copy is)."""
    for r in rows(source):
        for clause, position in r.at:
            literal = next(l for l in source.clauses[clause] if abs(l) == r.variable)
            seen = bool(values[r.first + position - 1]) == (source.side(clause) == ABOVE)
            if seen != (bool(extracted[r.variable - 1]) == (literal > 0)):
                return f"the occurrence of x{r.variable} in clause c{clause + 1} reads the wrong value"
    return True


CLAIMS = (
    Claim("layout", f"the formula built is monotone, positive clauses above the variables and negative below, "
          f"drawn without crossings ({PROOF})", claim_layout, TARGET_CLAIM),
    Claim("rows", f"each variable becomes a row of variables, neighbours tied by (y or z) above and (~y or ~z) "
          f"below ({PROOF})", claim_rows, TARGET_CLAIM),
    Claim("monotone-clauses", f"each clause keeps its side, made positive above and negative below over the rows "
          f"({PROOF})", claim_monotone_clauses, TARGET_CLAIM),
    Claim("forward-values", f"a row takes x's value where its variable is equal to x and the opposite elsewhere, "
          f"satisfying the new formula ({PROOF})", claim_forward_values, FORWARD_CLAIM),
    Claim("alternates", f"in any satisfying assignment neighbours of a row differ ({PROOF})", claim_alternates,
          BACKWARD_CLAIM),
    Claim("literal-values", f"each occurrence reads its literal's value, so the extracted assignment satisfies the "
          f"source ({PROOF})", claim_literal_values, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="planar3sat-to-pm3sat", source="planar3sat", target="pm3sat",
    reference="de Berg & Khosravi, Optimal binary space partitions in the plane, COCOON 2010 (IJCGA 22(3), 2012): "
              "Planar Monotone 3-SAT is NP-complete",
    checked=("every planar 3-SAT layout up to 3 variables and 3 clauses up to symmetry (684), 300 random, 20 "
             "planted, 20 certified-no (both answers: 154 no of 984 on the first two); every output layout validated"),
    notes="each variable a row of alternating copies tied by monotone 2-clauses; the legs of each side keep their "
          "order along the row",
)
