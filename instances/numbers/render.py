"""SVG drawing of SUBSET SUM and PARTITION (``npw render``): each number a bar of its length,
``data-el="number:I"``, on a scale with the target (half the total for PARTITION) as a dashed
line; with a certificate (checked first) the chosen numbers are stacked end to end on one row,
reaching the line exactly, and the rest on another. The bars are 3-PARTITION's
(:func:`npw.instances.numbers.render_bars.draw_bars`).

>>> from npw.instances.numbers.model import SubsetSum
>>> svg = render_svg(SubsetSum((3, 5, 2), 7), [1, 2])
>>> svg.count('data-el="number:'), "target 7" in svg
(3, True)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import item_id
from npw.instances.numbers.render_bars import draw_bars

__all__ = ["render_bins", "render_groups", "render_knapsack", "render_svg"]


def render_knapsack(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """KNAPSACK: each item a bar of its weight labelled weight/value (``data-el="item:I"``), the
    capacity W the dashed line; with a certificate (checked first) the packed items end to end on
    one row, within the line, and the rest on another.

    >>> from npw.instances.numbers.knapsack import Knapsack
    >>> svg = render_knapsack(Knapsack((3, 4, 5), (4, 5, 6), 7, 9), [0, 1])
    >>> svg.count('data-el="item:'), "W = 7, V = 9" in svg, ">3/4<" in svg
    (3, True, True)
    """
    title = f"KNAPSACK: {len(instance.weights)} items, W = {instance.capacity}, V = {instance.goal}"
    labels = [f"{w}/{v}" for w, v in zip(instance.weights, instance.values)]
    if certificate is None:
        return draw_bars(instance.weights, instance.capacity, title, element=item_id, labels=labels)
    if not instance.verify(certificate):
        raise InvalidInstance("render: the chosen items are not a certificate of this KNAPSACK instance")
    chosen = [int(i) for i in certificate]
    rest = [i for i in range(len(instance.weights)) if i not in set(chosen)]
    return draw_bars(instance.weights, instance.capacity, title, [chosen, rest], ["packed", "rest"],
                     element=item_id, labels=labels)


def render_groups(instance: Any, certificate: Sequence[Sequence[int]] | None = None) -> str:
    """4-PARTITION: the numbers as bars on a scale with B dashed (``data-el="number:I"``); with a
    certificate (checked first) one row a quadruple, each filling B.

    >>> from npw.instances.numbers.four_partition import FourPartition
    >>> svg = render_groups(FourPartition((5, 5, 5, 7, 5, 5, 6, 6), 22), ((0, 1, 2, 3), (4, 5, 6, 7)))
    >>> svg.count('data-el="number:'), "B = 22" in svg
    (8, True)
    """
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the groups are not a 4-partition of these numbers")
    title = f"4-PARTITION: {len(instance.numbers)} numbers, m = {instance.m}, B = {instance.bound}"
    return draw_bars(instance.numbers, instance.bound, title, certificate)


def render_bins(instance: Any, certificate: Sequence[int] | None = None) -> str:
    """BIN PACKING: each item a bar of its size (``data-el="item:I"``) on a scale with the capacity
    C dashed; with a certificate (checked first) one row a bin, its items end to end.

    >>> from npw.instances.numbers.binpacking import BinPacking
    >>> svg = render_bins(BinPacking((4, 3, 3, 2), 6, 2), [0, 1, 1, 0])
    >>> svg.count('data-el="item:'), ">bin 1<" in svg
    (4, True)
    """
    title = f"BIN PACKING: {len(instance.sizes)} items, C = {instance.capacity}, k = {instance.bins} bins"
    if certificate is None:
        return draw_bars(instance.sizes, instance.capacity, title, element=item_id)
    if not instance.verify(certificate):
        raise InvalidInstance("render: the bins given do not pack these items")
    used = sorted({int(b) for b in certificate})
    rows = [[i for i, b in enumerate(certificate) if int(b) == bin_] for bin_ in used]
    return draw_bars(instance.sizes, instance.capacity, title, rows, [f"bin {b}" for b in used], element=item_id)


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
