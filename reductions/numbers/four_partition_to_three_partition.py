"""4-PARTITION -> 3-PARTITION: Garey & Johnson, "Computers and Intractability" (1979),
Theorem 4.4 (Section 4.2.2).

From 4m numbers a_1..a_4m with bound B (B/5 < a_i < B/3) the proof builds 24m^2 - 3m numbers with
bound B' = 64B + 4, of four kinds, told apart by their residue mod 4:

* w_i = 4(5B + a_i) + 1, one a number (residue 1);
* u[i,j] = 4(6B - a_i - a_j) + 2 and ubar[i,j] = 4(5B + a_i + a_j) + 2, for every pair i < j
  (residue 2);
* u*_k = 20B, the fillers, 8m^2 - 3m of them (residue 0).

Every number lies in (B'/4, B'/2), so a group of sum B' is a triple, and as B' = 0 mod 4 a triple
is {w_i, w_j, u or ubar} or {u or ubar, u or ubar, u*} (three fillers make 60B, not B').
Yes-direction: a quadruple {i, j, k, l} of sum B gives {w_i, w_j, u[i,j]} and {w_k, w_l,
ubar[i,j]}; every other pair p (C(4m, 2) - m = 8m^2 - 3m of them, one a filler) gives {u[p],
ubar[p], u*}. Extraction: give u[i,j] the value tau = a_i + a_j and ubar[i,j] tau = B - a_i - a_j;
then a w-triple {w_i, w_j, y} sums to B' exactly when a_i + a_j = tau(y), and a filler triple
{y, z, u*} exactly when tau(y) + tau(z) = B. The taus of all u and ubar pair up as tau, B - tau
(each pair {i, j} gives one of each), the filler triples remove such pairs, so the 2m w-triples'
taus pair up too: two w-triples with tau + tau' = B hold four distinct numbers summing to B, a
group of the 4-partition. (The book closes the converse with the same residue count; the tau
pairing is its last step spelled out.)

Indices in the target: w_i at i, then u[i,j] for the pairs in lexicographic order, then
ubar[i,j] in the same order, then the fillers.

>>> from npw.instances.numbers.four_partition import FourPartition
>>> source = FourPartition((5, 5, 5, 7), 22)
>>> t = reduce(source)
>>> len(t.numbers), t.bound, t.m
(21, 1412, 7)
>>> t.verify(forward(source, ((0, 1, 2, 3),))), backward(source, t, forward(source, ((0, 1, 2, 3),)))
(True, ((0, 1, 2, 3),))
"""

from __future__ import annotations

import itertools
from collections import defaultdict

from npw.instances.elements import number_id
from npw.instances.numbers.four_partition import FourPartition
from npw.instances.numbers.three_partition import ThreePartition
from npw.instances.numbers.model import MAX_NUMBERS
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["CLAIMS", "Layout", "PROOF", "REDUCTION", "backward", "claim_backward_kinds", "claim_forward_kinds",
           "claim_pairs_close", "claim_residues", "claim_taus_pair_up", "fillers", "forward", "pairs", "provenance",
           "reduce", "size", "tau", "u", "ubar", "w", "w_triples"]

PROOF = "Garey & Johnson Theorem 4.4"


def pairs(source: FourPartition) -> list[tuple[int, int]]:
    return list(itertools.combinations(range(len(source.numbers)), 2))


def fillers(m: int) -> int:
    """8m^2 - 3m: one for every pair that is not the first pair of a group."""
    return 8 * m * m - 3 * m


def w(source: FourPartition, i: int) -> int:
    return 4 * (5 * source.bound + source.numbers[i]) + 1


def u(source: FourPartition, i: int, j: int) -> int:
    return 4 * (6 * source.bound - source.numbers[i] - source.numbers[j]) + 2


def ubar(source: FourPartition, i: int, j: int) -> int:
    return 4 * (5 * source.bound + source.numbers[i] + source.numbers[j]) + 2


class Layout:
    """Where each kind of number sits in the target (see the module docstring)."""

    def __init__(self, source: FourPartition) -> None:
        self.n = len(source.numbers)
        self.pairs = pairs(source)
        self.pair_index = {p: k for k, p in enumerate(self.pairs)}

    def w(self, i: int) -> int:
        return i

    def u(self, pair: tuple[int, int]) -> int:
        return self.n + self.pair_index[pair]

    def ubar(self, pair: tuple[int, int]) -> int:
        return self.n + len(self.pairs) + self.pair_index[pair]

    def filler(self, k: int) -> int:
        return self.n + 2 * len(self.pairs) + k

    def kind(self, index: int) -> tuple[str, object]:
        """("w", i), ("u", pair), ("ubar", pair) or ("filler", k)."""
        if index < self.n:
            return "w", index
        index -= self.n
        if index < len(self.pairs):
            return "u", self.pairs[index]
        index -= len(self.pairs)
        if index < len(self.pairs):
            return "ubar", self.pairs[index]
        return "filler", index - len(self.pairs)


def reduce(source: FourPartition) -> ThreePartition:
    # 24 m^2 - 3 m numbers (a number for each pair): refused before they are built
    refuse_target_size("4partition-to-3partition", "numbers", 24 * source.m ** 2 - 3 * source.m, MAX_NUMBERS,
                       "MAX_NUMBERS")
    B, all_pairs = source.bound, pairs(source)
    numbers = [w(source, i) for i in range(len(source.numbers))]
    numbers += [u(source, i, j) for i, j in all_pairs]
    numbers += [ubar(source, i, j) for i, j in all_pairs]
    numbers += [20 * B] * fillers(source.m)
    return ThreePartition(tuple(numbers), 64 * B + 4)


def forward(source: FourPartition, groups) -> tuple[tuple[int, int, int], ...]:
    """{w_i, w_j, u[i,j]} and {w_k, w_l, ubar[i,j]} a group {i, j, k, l}; {u[p], ubar[p], u*} for
    every other pair p."""
    layout = Layout(source)
    triples, used = [], set()
    for group in groups:
        i, j, k, l = sorted(int(x) for x in group)
        triples += [(layout.w(i), layout.w(j), layout.u((i, j))), (layout.w(k), layout.w(l), layout.ubar((i, j)))]
        used.add((i, j))
    rest = [p for p in layout.pairs if p not in used]
    triples += [(layout.u(p), layout.ubar(p), layout.filler(k)) for k, p in enumerate(rest)]
    return tuple(tuple(sorted(t)) for t in triples)  # type: ignore[misc]


def tau(source: FourPartition, layout: Layout, index: int) -> int:
    """a_i + a_j for u[i,j], B - a_i - a_j for ubar[i,j]."""
    kind, pair = layout.kind(index)
    i, j = pair  # type: ignore[misc]
    both = source.numbers[i] + source.numbers[j]
    return both if kind == "u" else source.bound - both


def w_triples(source: FourPartition, triples) -> list[tuple[int, int, int]]:
    """The triples holding two w's, as (i, j, the index of the third)."""
    layout = Layout(source)
    found = []
    for triple in triples:
        ws = sorted(int(t) for t in triple if layout.kind(int(t))[0] == "w")
        if len(ws) == 2:
            found.append((ws[0], ws[1], next(int(t) for t in triple if layout.kind(int(t))[0] != "w")))
    return found


def backward(source: FourPartition, target: ThreePartition, triples) -> tuple[tuple[int, ...], ...]:
    """Pair the w-triples {w_i, w_j, y} whose a_i + a_j add up to B, by value; each pair is a group."""
    waiting: dict[int, list[tuple[int, int]]] = defaultdict(list)
    groups = []
    for i, j, _ in w_triples(source, triples):
        value = source.numbers[i] + source.numbers[j]
        if waiting[source.bound - value]:
            k, l = waiting[source.bound - value].pop()
            groups.append(tuple(sorted((i, j, k, l))))
        else:
            waiting[value].append((i, j))
    return tuple(sorted(groups))


def size(source: FourPartition) -> dict[str, int]:
    """24m^2 - 3m numbers in 8m^2 - m triples, B' = 64B + 4."""
    m = source.m
    return {"numbers": 24 * m * m - 3 * m, "m": 8 * m * m - m, "bound": 64 * source.bound + 4}


def provenance(source: FourPartition, target: ThreePartition) -> dict[str, list[str]]:
    """Number i to w_i and to u[i,j], ubar[i,j] of every pair holding it (the fillers come from m alone)."""
    layout = Layout(source)
    made: dict[str, list[str]] = {number_id(i): [number_id(layout.w(i))] for i in range(layout.n)}
    for p in layout.pairs:
        for i in p:
            made[number_id(i)] += [number_id(layout.u(p)), number_id(layout.ubar(p))]
    return made


# -- the proof's claims -------------------------------------------------------------------------

def claim_residues(source: FourPartition, target: ThreePartition) -> bool | str:
    layout = Layout(source)
    want = {"w": 1, "u": 2, "ubar": 2, "filler": 0}
    for index, a in enumerate(target.numbers):
        kind = layout.kind(index)[0]
        if a % 4 != want[kind]:
            return f"{kind} number {index} = {a} is {a % 4} mod 4, not {want[kind]}"
    return target.bound % 4 == 0 or f"B' = {target.bound} is not 0 mod 4"


def claim_pairs_close(source: FourPartition, target: ThreePartition) -> bool | str:
    layout = Layout(source)
    for p in layout.pairs:
        filler = 20 * source.bound
        if target.numbers[layout.u(p)] + target.numbers[layout.ubar(p)] + filler != target.bound:
            return f"u{p} + ubar{p} + u* != B'"
        i, j = p
        if target.numbers[layout.w(i)] + target.numbers[layout.w(j)] + target.numbers[layout.u(p)] != target.bound:
            return f"w_{i} + w_{j} + u{p} != B'"
    return True


def claim_forward_kinds(source: FourPartition, target: ThreePartition, groups, triples) -> bool | str:
    return _kinds(source, triples)


def _kinds(source: FourPartition, triples) -> bool | str:
    layout = Layout(source)
    for triple in triples:
        kinds = sorted(layout.kind(int(t))[0] for t in triple)
        if kinds.count("w") == 2 and kinds.count("filler") == 0:
            continue
        if kinds.count("filler") == 1 and kinds.count("w") == 0:
            continue
        return f"triple {tuple(triple)} holds {kinds}: neither two w's and a u/ubar nor a filler and two u/ubar"
    return True


def claim_backward_kinds(source: FourPartition, target: ThreePartition, triples, groups) -> bool | str:
    return _kinds(source, triples)


def claim_taus_pair_up(source: FourPartition, target: ThreePartition, triples, groups) -> bool | str:
    layout = Layout(source)
    for i, j, y in w_triples(source, triples):
        if source.numbers[i] + source.numbers[j] != tau(source, layout, y):
            return f"w-triple {(i, j, y)}: a_i + a_j != tau of its third number"
    found = w_triples(source, triples)
    return len(groups) == len(found) // 2 == source.m or f"{len(found)} w-triples paired into {len(groups)} groups"


CLAIMS = (
    Claim("residues", f"w = 1, u and ubar = 2, u* = 0 and B' = 0 (mod 4) ({PROOF})", claim_residues, TARGET_CLAIM),
    Claim("pairs-close", f"u[i,j] + ubar[i,j] + u* = w_i + w_j + u[i,j] = B' for every pair ({PROOF})",
          claim_pairs_close, TARGET_CLAIM),
    Claim("forward-kinds", f"the yes-direction's triples are {{w, w, u/ubar}} or {{u, ubar, u*}} ({PROOF}, first "
          f"direction)", claim_forward_kinds, FORWARD_CLAIM),
    Claim("kinds-mod-4", f"every triple of sum B' is {{w, w, u/ubar}} or {{u/ubar, u/ubar, u*}}, by residues mod 4 "
          f"({PROOF}, second direction)", claim_backward_kinds, BACKWARD_CLAIM),
    Claim("taus-pair-up", f"each w-triple's a_i + a_j is its third number's tau, and the 2m w-triples pair into m "
          f"groups by tau + tau' = B ({PROOF}, second direction)", claim_taus_pair_up, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="4partition-to-3partition", source="4partition", target="3partition",
    reference="Garey & Johnson 1979, Theorem 4.4 (4-PARTITION -> 3-PARTITION)",
    checked="every instance with m <= 2 and B <= 50 (892), 300 random",
)
