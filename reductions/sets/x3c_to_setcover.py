"""X3C -> SET COVER: Karp (1972), "Reducibility among combinatorial problems" (EXACT COVER ->
SET COVERING, here from its 3-set form); Garey & Johnson (1979) [SP5], "transformation from
X3C".

The universe and the sets stay; the bound is k = q. A cover of the 3q elements by at most q
3-sets has 3q element slots for 3q elements, so it uses exactly q sets and no two of them meet:
an exact cover; an exact cover is q sets, within k. Certificates map to themselves both ways.

The step the short proofs leave out: SET COVER asks for 0 <= k <= the number of sets (as the
graph problems do), so with fewer than q sets the bound is that number; then 3 * (sets) < 3q
elements can be covered by no choice, and both sides say NO.

>>> from npw.instances.sets.model import X3C
>>> source = X3C(2, ((0, 1, 2), (3, 4, 5), (2, 3, 4)))
>>> target = reduce(source)
>>> target.universe, target.sets, target.k, backward(source, target, forward(source, (1, 0)))
(6, ((0, 1, 2), (3, 4, 5), (2, 3, 4)), 2, (1, 0))
"""

from __future__ import annotations

from npw.instances.elements import element_id, set_id
from npw.instances.sets.model import X3C
from npw.instances.sets.setcover import SetCover
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "PROOF", "REDUCTION", "backward", "bound", "claim_exact_cover_fits", "claim_same_family",
           "claim_small_cover_is_exact", "forward", "provenance", "reduce", "size"]

PROOF = "Karp 1972 (EXACT COVER -> SET COVERING); Garey & Johnson 1979, SP5 (from X3C)"


def bound(source: X3C) -> int:
    """k = q, or the number of sets where there are fewer (SET COVER's k <= number of sets)."""
    return min(source.q, len(source.sets))


def reduce(source: X3C) -> SetCover:
    return SetCover(source.universe, source.sets, bound(source))


def forward(source: X3C, cover) -> tuple[int, ...]:
    """The exact cover itself."""
    return tuple(int(t) for t in cover)


def backward(source: X3C, target: SetCover, cover) -> tuple[int, ...]:
    """The set cover itself (the claim ``small-cover-is-exact`` says why it is exact)."""
    return tuple(int(t) for t in cover)


def size(source: X3C) -> dict[str, int]:
    """3q elements, the same sets, k = min(q, sets)."""
    return {"universe": source.universe, "sets": len(source.sets), "k": bound(source)}


def provenance(source: X3C, target: SetCover) -> dict[str, list[str]]:
    """Every element and every set to itself."""
    made = {element_id(str(e)): [element_id(str(e))] for e in range(source.universe)}
    made.update({set_id(t): [set_id(t)] for t in range(len(source.sets))})
    return made


def claim_same_family(source: X3C, target: SetCover) -> bool | str:
    if target.universe != 3 * source.q or target.sets != source.sets:
        return "the universe or the sets differ"
    return target.k == bound(source) or f"k = {target.k}, not min(q, sets) = {bound(source)}"


def claim_exact_cover_fits(source, target, exact, cover) -> bool | str:
    return len(set(cover)) <= target.k or f"the exact cover has {len(set(cover))} sets, more than k = {target.k}"


def claim_small_cover_is_exact(source, target, cover, exact) -> bool | str:
    chosen = [target.sets[int(t)] for t in cover]
    elements = [e for s in chosen for e in s]
    if len(chosen) != source.q:
        return f"the cover has {len(chosen)} sets, not q = {source.q}"
    return len(set(elements)) == len(elements) or "two of the cover's sets meet"


CLAIMS = (
    Claim("same-family", f"the universe and the sets stay, k = q ({PROOF}; k = the number of sets where fewer)",
          claim_same_family, TARGET_CLAIM),
    Claim("exact-cover-fits", f"an exact cover is q sets, within k ({PROOF})", claim_exact_cover_fits, FORWARD_CLAIM),
    Claim("small-cover-is-exact", f"at most q 3-sets covering 3q elements are exactly q, pairwise disjoint ({PROOF})",
          claim_small_cover_is_exact, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="x3c-to-setcover", source="x3c", target="setcover",
    reference=PROOF,
    checked="every X3C instance of q <= 2 up to renaming (2,139), 300 random",
)
