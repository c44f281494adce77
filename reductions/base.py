"""The reduction side of the contract (DESIGN.md section 3).

A :class:`Reduction` bundles the four maps of a Karp reduction proof:

* ``reduce(src) -> tgt``: the polynomial construction;
* ``forward(src, src_cert) -> tgt_cert``: the yes-direction of the proof;
* ``backward(src, tgt, tgt_cert) -> src_cert``: the extraction of the proof;
* ``size(src) -> dict``: the target's size by the paper's formulas, compared by the
  verifier with ``tgt.size()``.

Reductions compose with :meth:`Reduction.then`; the chain's certificates compose too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Reduction:
    id: str
    source: str
    target: str
    reference: str
    reduce: Callable[[Any], Any]
    forward: Callable[[Any, Any], Any]
    backward: Callable[[Any, Any, Any], Any]
    size: Callable[[Any], dict[str, int]] | None = None
    notes: str = ""

    def then(self, other: "Reduction", id: str | None = None) -> "Reduction":
        """The chain ``self`` followed by ``other`` (self.target must be other.source).

        >>> from npw.reductions.registry import get_reduction
        >>> chain = get_reduction("1in3sat-to-224sat").then(get_reduction("224sat-to-rel"))
        >>> chain.id, chain.notes
        ('1in3sat-to-rel', 'chain 1in3sat-to-224sat -> 224sat-to-rel')
        >>> get_reduction("224sat-to-rel").then(get_reduction("1in3sat-to-224sat"))
        Traceback (most recent call last):
            ...
        ValueError: cannot chain 224sat-to-rel (to rel) with 1in3sat-to-224sat (from 1in3sat)
        """
        if self.target != other.source:
            raise ValueError(f"cannot chain {self.id} (to {self.target}) with {other.id} (from {other.source})")
        first, second = self, other

        def reduce(src: Any) -> Any:
            return second.reduce(first.reduce(src))

        def forward(src: Any, certificate: Any) -> Any:
            middle = first.reduce(src)
            return second.forward(middle, first.forward(src, certificate))

        def backward(src: Any, tgt: Any, certificate: Any) -> Any:
            middle = first.reduce(src)
            return first.backward(src, middle, second.backward(middle, tgt, certificate))

        def size(src: Any) -> dict[str, int]:
            return second.size(first.reduce(src))

        return Reduction(
            id=id or f"{self.source}-to-{other.target}",
            source=self.source,
            target=other.target,
            reference=f"{self.reference}; then {other.reference}",
            reduce=reduce,
            forward=forward,
            backward=backward,
            size=size if second.size is not None else None,
            notes=f"chain {self.id} -> {other.id}",
        )
