"""3DM -> X3C: Garey & Johnson, "Computers and Intractability" (1979), Section 3.2.1 (proof by
restriction): X3C "contains 3DM as a special case", the universe being the disjoint union
W + X + Y and each triple (w, x, y) the 3-set {w, x, y}.

Here W, X, Y are 0..q-1 each, so the union numbers w as w, x as q + x and y as 2q + y
(:meth:`~npw.instances.sets.model.ThreeDM.universe_sets`); the sets keep the triples' order, so
a certificate (a list of indices) is the same list on both sides. q triples pairwise disjoint in
every coordinate are exactly q 3-sets pairwise disjoint in the union, and q of them cover its 3q
elements.

>>> from npw.instances.sets.model import ThreeDM
>>> source = ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1)))
>>> x = reduce(source)
>>> x.sets, x.verify(forward(source, (0, 1))), backward(source, x, (1, 0))
(((0, 2, 4), (1, 3, 5), (0, 3, 5)), True, (1, 0))
"""

from __future__ import annotations

from npw.instances.elements import element_id, set_id, triple_id
from npw.instances.sets.model import X3C, ThreeDM
from npw.reductions.base import BACKWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "claim_cover_is_matching", "claim_one_per_block", "forward",
           "provenance", "reduce", "size"]

PROOF = "Garey & Johnson Section 3.2.1, restriction"


def reduce(source: ThreeDM) -> X3C:
    return X3C(source.q, tuple(source.universe_sets()))


def forward(source: ThreeDM, matching) -> tuple[int, ...]:
    """The same triples, now sets."""
    return tuple(int(t) for t in matching)


def backward(source: ThreeDM, target: X3C, cover) -> tuple[int, ...]:
    """The same sets, now triples."""
    return tuple(int(t) for t in cover)


def size(source: ThreeDM) -> dict[str, int]:
    """q stays (a universe of 3q), one set a triple."""
    return {"q": source.q, "sets": len(source.triples)}


def provenance(source: ThreeDM, target: X3C) -> dict[str, list[str]]:
    """w_i to element i, x_j to element q + j, y_k to element 2q + k; triple t to set t."""
    q = source.q
    made = {f"{kind}:{i}": [element_id(str(offset * q + i))] for offset, kind in enumerate("wxy") for i in range(q)}
    made.update({triple_id(t): [set_id(t)] for t in range(len(source.triples))})
    return made


def claim_one_per_block(source: ThreeDM, target: X3C) -> bool | str:
    """Each set holds one element of each block W, X, Y of the union (and is its triple)."""
    q = source.q
    for t, (s, triple) in enumerate(zip(target.sets, source.triples)):
        if [e // q for e in s] != [0, 1, 2] or (s[0], s[1] - q, s[2] - 2 * q) != triple:
            return f"set s{t} = {s} is not triple t{t} = {triple} in the union"
    return len(target.sets) == len(source.triples) or "sets and triples differ in number"


def claim_cover_is_matching(source: ThreeDM, target: X3C, cover, matching) -> bool | str:
    """A cover's sets, read as triples, share no coordinate: one triple for each w, x and y."""
    chosen = [source.triples[int(t)] for t in cover]
    for c, name in enumerate("wxy"):
        if sorted(t[c] for t in chosen) != list(range(source.q)):
            return f"the cover's triples do not use each {name} once"
    return True


CLAIMS = (
    Claim("one-per-block", f"each triple becomes a 3-set with one element in each of W, X, Y ({PROOF})",
          claim_one_per_block, TARGET_CLAIM),
    Claim("cover-is-matching", f"an exact cover of W + X + Y by triples uses each w, x, y once: a matching "
          f"({PROOF})", claim_cover_is_matching, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3dm-to-x3c", source="3dm", target="x3c",
    reference="Garey & Johnson (1979), Section 3.2.1: X3C contains 3DM (the union W + X + Y)",
    checked="every 3DM instance of q <= 3 with up to 6 triples, up to renaming (2,243), 300 random",
)
