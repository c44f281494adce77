"""SVG drawing of SUBSET SUM and PARTITION (``npw render``): each number a bar of its length,
``data-el="number:I"``, on a scale with the target (half the total for PARTITION) as a dashed
line; with a certificate (checked first) the chosen numbers are stacked end to end on one row,
reaching the line exactly, and the rest on another. The bars are 3-PARTITION's
(:func:`npw.instances.three_partition_render.draw_bars`).

>>> from npw.instances.numbers.model import SubsetSum
>>> svg = render_svg(SubsetSum((3, 5, 2), 7), [1, 2])
>>> svg.count('data-el="number:'), "target 7" in svg
(3, True)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.three_partition_render import draw_bars


def render_svg(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """The bars one a row, or the certificate's side and the rest on two rows."""
    name = "SUBSET SUM" if instance.problem == "subsetsum" else "PARTITION"
    title = f"{name}: {len(instance.numbers)} numbers, target {instance.target}"
    if certificate is None:
        return draw_bars(instance.numbers, instance.target, title)
    if not instance.verify(certificate):
        raise InvalidInstance(f"render: the chosen indices are not a certificate of this {name} instance")
    chosen = [int(i) for i in certificate]
    rest = [i for i in range(len(instance.numbers)) if i not in set(chosen)]
    names = ["chosen", "rest"] if instance.problem == "subsetsum" else ["side A", "side B"]
    return draw_bars(instance.numbers, instance.target, title, [chosen, rest], names)
