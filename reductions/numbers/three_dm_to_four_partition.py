"""3DM -> 4-PARTITION: Garey & Johnson, "Computers and Intractability" (1979), Theorem 4.3
(Section 4.2.2), the first step of 3DM -> 4-PARTITION -> 3-PARTITION (Theorem 4.4 is
``four_partition_to_three_partition``).

With W, X, Y = {1..q} (our 0-based coordinate c is c + 1 here), M the triples, N(a) the number of
triples holding a, and r = 32q, the numbers are written in base r with digits (r^4, r^3, r^2,
r, 1):

* u_l = 10r^4 - k r^3 - j r^2 - i r + 8 for the triple t_l = (w_i, x_j, y_k);
* for each w_i one *real* copy 10r^4 + i r + 1 and N(w_i) - 1 *dummies* 11r^4 + i r + 1;
* for each x_j: real 10r^4 + j r^2 + 2, dummies 11r^4 + j r^2 + 2;
* for each y_k: real 10r^4 + k r^3 + 4, dummies 8r^4 + k r^3 + 4;
* B = 40r^4 + 15, m = |M| groups of four.

Each number lies in (B/5, B/3). The units digits 8, 1, 2, 4 can reach 15 (mod r, with r >= 32)
only as 8 + 1 + 2 + 4: a group holds one u, one w, one x and one y copy; the r, r^2 and r^3 digits
then make them copies of the triple's own w_i, x_j, y_k, and the r^4 digits 10 + (10, 10, 10) or
10 + (11, 11, 8): all real or all dummies. The triples whose u sits with real copies cover every
element exactly once: a matching. Yes-direction: a matching's triples take the real copies, every
other triple dummies of its elements (each element has N(a) - 1 of them, one a triple not in the
matching).

The proof assumes every element lies in some triple (G&J: "otherwise the 3DM instance is trivially
a no"). Here a source with an element in no triple maps to the fixed no-instance
:data:`NO_TARGET` (the parity certified-no), and q = 0 (the empty matching) to :data:`YES_TARGET`.

>>> from npw.instances.sets.model import ThreeDM
>>> source = ThreeDM(1, ((0, 0, 0),))
>>> p = reduce(source)
>>> p.numbers, p.bound
((10451944, 10485793, 10486786, 10518532), 41943055)
>>> p.verify(forward(source, (0,))), backward(source, p, ((0, 1, 2, 3),))
(True, (0,))
"""

from __future__ import annotations

from npw.instances.elements import number_id, triple_id
from npw.instances.numbers.four_partition import FourPartition
from npw.instances.sets.model import ThreeDM
from npw.instances.numbers.model import MAX_NUMBERS
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "DUMMY", "Layout", "NO_TARGET", "PLACE", "PROOF", "REAL", "REDUCTION", "UNITS", "YES_TARGET",
           "backward", "base", "claim_backward_real_or_dummy", "claim_dummy_counts", "claim_forward_real_or_dummy",
           "claim_units_tell_kinds", "forward", "number", "provenance", "reduce", "size", "trivial", "u"]

PROOF = "Garey & Johnson Theorem 4.3"
# the trivial cases: a 4-PARTITION no-instance (B odd, every number even; 6 + 6 + 6 + 6 + 6 + 6 + 6 + 8 = 2 * 25)
# and a yes-instance (four numbers always make one group)
NO_TARGET = FourPartition((6, 6, 6, 6, 6, 6, 6, 8), 25)
YES_TARGET = FourPartition((1, 1, 1, 1), 4)
# the r^4 digit of a real copy, of a dummy per coordinate (w, x, y), the units digit per coordinate
REAL, DUMMY, UNITS = 10, {"w": 11, "x": 11, "y": 8}, {"w": 1, "x": 2, "y": 4}
PLACE = {"w": 1, "x": 2, "y": 3}  # the coordinate's digit: r^1, r^2, r^3


def base(source: ThreeDM) -> int:
    return 32 * source.q


def trivial(source: ThreeDM) -> bool:
    """q = 0, or an element of W, X or Y in no triple: the proof's construction does not apply."""
    if source.q == 0:
        return True
    return any(len({t[c] for t in source.triples}) < source.q for c in range(3))


class Layout:
    """Where each number sits: u_l at l; then for each coordinate (w, x, y) and each element a,
    its real copy followed by its dummies."""

    def __init__(self, source: ThreeDM) -> None:
        self.source = source
        self.copies: dict[tuple[str, int], list[int]] = {}
        position = len(source.triples)
        for c, kind in enumerate("wxy"):
            for a in range(source.q):
                count = sum(1 for t in source.triples if t[c] == a)
                self.copies[(kind, a)] = list(range(position, position + count))
                position += count
        self.count = position


def number(source: ThreeDM, kind: str, a: int, real: bool) -> int:
    """A copy of element a (0-based) of coordinate ``kind``."""
    r = base(source)
    return (REAL if real else DUMMY[kind]) * r**4 + (a + 1) * r ** PLACE[kind] + UNITS[kind]


def u(source: ThreeDM, triple: tuple[int, int, int]) -> int:
    r = base(source)
    i, j, k = (c + 1 for c in triple)
    return 10 * r**4 - k * r**3 - j * r**2 - i * r + 8


def reduce(source: ThreeDM) -> FourPartition:
    if trivial(source):
        return YES_TARGET if source.q == 0 else NO_TARGET
    # four numbers a triple: refused before the layout is built (100,000 triples ran past 20 s)
    refuse_target_size("3dm-to-4partition", "numbers", 4 * len(source.triples), MAX_NUMBERS, "MAX_NUMBERS")
    layout = Layout(source)
    numbers = [0] * layout.count
    for l, t in enumerate(source.triples):
        numbers[l] = u(source, t)
    for (kind, a), places in layout.copies.items():
        for n, place in enumerate(places):
            numbers[place] = number(source, kind, a, real=(n == 0))
    return FourPartition(tuple(numbers), 40 * base(source) ** 4 + 15)


def forward(source: ThreeDM, matching) -> tuple[tuple[int, int, int, int], ...]:
    """u_l with the real copies for a triple of the matching, with the next dummies otherwise."""
    if trivial(source):
        return ((0, 1, 2, 3),) if source.q == 0 else ()
    layout = Layout(source)
    chosen = {int(l) for l in matching}
    next_dummy = {key: 1 for key in layout.copies}
    groups = []
    for l, t in enumerate(source.triples):
        group = [l]
        for kind, a in zip("wxy", t):
            if l in chosen:
                group.append(layout.copies[(kind, a)][0])
            else:
                group.append(layout.copies[(kind, a)][next_dummy[(kind, a)]])
                next_dummy[(kind, a)] += 1
        groups.append(tuple(group))
    return tuple(groups)  # type: ignore[return-value]


def backward(source: ThreeDM, target: FourPartition, groups) -> tuple[int, ...]:
    """The triples whose u_l sits with a real copy (r^4 digit 10 of the w in its group)."""
    if trivial(source):
        return ()
    r4 = base(source) ** 4
    triples = len(source.triples)
    matching = []
    for group in groups:
        members = [int(g) for g in group]
        us = [g for g in members if g < triples]
        if len(us) == 1 and any(g >= triples and target.numbers[g] // r4 == REAL
                                and target.numbers[g] % base(source) == UNITS["w"] for g in members):
            matching.append(us[0])
    return tuple(sorted(matching))


def size(source: ThreeDM) -> dict[str, int]:
    """4|M| numbers in |M| groups, B = 40r^4 + 15 (r = 32q); the trivial cases' fixed targets."""
    if trivial(source):
        fixed = YES_TARGET if source.q == 0 else NO_TARGET
        return fixed.size()
    m = len(source.triples)
    return {"numbers": 4 * m, "m": m, "bound": 40 * base(source) ** 4 + 15}


def provenance(source: ThreeDM, target: FourPartition) -> dict[str, list[str]]:
    """Triple t_l to u_l; element a of W, X or Y to its copies (nothing in a trivial case but the
    whole target from every element)."""
    if trivial(source):
        everything = [number_id(i) for i in range(len(target.numbers))]
        return {**{f"{kind}:{a}": everything for kind in "wxy" for a in range(source.q)},
                **{triple_id(l): everything for l in range(len(source.triples))}}
    layout = Layout(source)
    made = {triple_id(l): [number_id(l)] for l in range(len(source.triples))}
    made.update({f"{kind}:{a}": [number_id(p) for p in places] for (kind, a), places in layout.copies.items()})
    return made


# -- the proof's claims -------------------------------------------------------------------------

def _digits(source: ThreeDM, value: int) -> list[int]:
    """Base-r digits (r^4, r^3, r^2, r, 1) of ``value``, u's written with borrows undone."""
    r = base(source)
    return [value // r**4] + [value // r**p % r for p in (3, 2, 1)] + [value % r]


def claim_units_tell_kinds(source: ThreeDM, target: FourPartition) -> bool | str:
    if trivial(source):
        return True
    r, layout = base(source), Layout(source)
    if r < 32:
        return f"r = {r} < 32: four units digits could carry"
    for l in range(len(source.triples)):
        if target.numbers[l] % r != 8:
            return f"u_{l} has units digit {target.numbers[l] % r}, not 8"
    for (kind, a), places in layout.copies.items():
        for p in places:
            if target.numbers[p] % r != UNITS[kind]:
                return f"a copy of {kind}_{a} has units digit {target.numbers[p] % r}, not {UNITS[kind]}"
    return True


def claim_dummy_counts(source: ThreeDM, target: FourPartition) -> bool | str:
    if trivial(source):
        return True
    layout, r4 = Layout(source), base(source) ** 4
    for (kind, a), places in layout.copies.items():
        real = [p for p in places if target.numbers[p] // r4 == REAL]
        if len(real) != 1 or len(places) != sum(1 for t in source.triples if t["wxy".index(kind)] == a):
            return f"{kind}_{a} has {len(real)} real copies among {len(places)}, not one among N({kind}_{a})"
    return True


def claim_forward_real_or_dummy(source: ThreeDM, target: FourPartition, matching, groups) -> bool | str:
    return _real_or_dummy(source, target, groups)


def _real_or_dummy(source: ThreeDM, target: FourPartition, groups) -> bool | str:
    if trivial(source):
        return True
    r4, triples = base(source) ** 4, len(source.triples)
    for group in groups:
        members = sorted(int(g) for g in group)
        if members[0] >= triples or members[1] < triples:
            return f"group {members} does not hold exactly one u"
        copies = [target.numbers[g] // r4 for g in members[1:]]
        kinds = sorted(target.numbers[g] % base(source) for g in members[1:])
        if kinds != [1, 2, 4] or (copies.count(REAL) not in (0, 3)):
            return f"group {members}: units {kinds}, r^4 digits {copies}: not one real w, x, y or three dummies"
    return True


def claim_backward_real_or_dummy(source: ThreeDM, target: FourPartition, groups, matching) -> bool | str:
    return _real_or_dummy(source, target, groups)


CLAIMS = (
    Claim("units-tell-kinds", f"r = 32q and units digits 8 (u), 1 (w), 2 (x), 4 (y): only 8 + 1 + 2 + 4 reaches 15 "
          f"mod r ({PROOF})", claim_units_tell_kinds, TARGET_CLAIM),
    Claim("one-real-copy", f"each element has one real copy and N(a) - 1 dummies ({PROOF})", claim_dummy_counts,
          TARGET_CLAIM),
    Claim("forward-real-or-dummy", f"the yes-direction's groups are u with three real copies or three dummies "
          f"({PROOF}, first direction)", claim_forward_real_or_dummy, FORWARD_CLAIM),
    Claim("real-or-dummy", f"every group of sum B is one u, one w, x, y copy each, all real or all dummies "
          f"({PROOF}, second direction)", claim_backward_real_or_dummy, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3dm-to-4partition", source="3dm", target="4partition",
    reference="Garey & Johnson 1979, Theorem 4.3 (3DM -> 4-PARTITION, base r = 32q)",
    checked=("every 3DM instance with q <= 3 and at most 6 triples up to renaming (2,243; 540 of the "
             "no-instances reach the construction, the rest have an element in no triple), 300 random"),
)
