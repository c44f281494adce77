"""3-PARTITION -> BWP: Theorem 2 (Section 4) of the torus-puzzle paper (seed 001),
as reconstructed in spec/bwp.md (the paper's Figures 6-8 and numbers are lost).

From a_1..a_3m and B (coordinates 1-based in the comments, 0-based in the code):

* board R x C with C = (2m+1)(B+1); special row s. Layout ``padded`` (default):
  R = 9m-1, s = 6m; layout ``compact``: R = 3m+1, s = 3m+1, right under the
  element rows;
* start: element row i black in columns 1..a_i; row s black at the separators
  t(B+1), t = 1..m+1;
* goal: row s black in every column B+1..(m+1)(B+1) (separators and the m blocks
  t(B+1)+1..t(B+1)+B); everything else white;
* k = 3m + mB drag steps.

``forward`` is Figure 8: for block t with triple {x, y, z}, shift row x east by
t(B+1), row y by t(B+1)+a_x, row z by t(B+1)+a_x+a_y, then each block column south
until its black piece is in row s. ``backward`` replays a target certificate with the
element pieces labelled and reads each element's group off the block its run ended
in (the proof's steps 4-6).

The compact layout is WRONG: step 5 of the proof (at most one black piece per block
column) needs the padding rows. With s right under the element rows, a column
operation that brings one element piece to row s drops a second piece of the same
column into another *element* row, whose single row operation can still carry it
into the other block. :func:`compact_shortcut` builds such a solution within k = 32
steps for the no-instance a = (4, 4, 4, 4, 4, 6), B = 13 (block 1 gets 4 + 6 + 4
pieces with one column shared; the shared column's op drops the row-6 piece into row
5, whose shift puts its own run in block 1 and the dropped piece in block 2:
13 + 13). In the padded layout the dropped piece lands in a padding row (3m+1..9m-1,
never moved) and stays on a goal-white cell, which is what the padding is for.

>>> source = ThreePartition((2, 2, 3, 2, 2, 3), 7)
>>> target = reduce(source)
>>> target.size()
{'rows': 17, 'cols': 40, 'black': 17, 'bound': 20}
>>> moves = forward(source, ((0, 1, 2), (3, 4, 5)))
>>> len(moves), target.verify(moves), backward(source, target, moves)
(20, True, ((0, 1, 2), (3, 4, 5)))
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from npw.instances.torus.bwp import BWP
from npw.instances.three_partition import ThreePartition
from npw.instances.torus.moves import Move, apply_inplace, shift
from npw.reductions.base import Reduction

LAYOUTS = ("padded", "compact")


def board_shape(source: ThreePartition, layout: str = "padded") -> tuple[int, int, int]:
    """(R, C, s) with s 0-based."""
    m, B = source.m, source.bound
    if layout == "padded":
        return 9 * m - 1, (2 * m + 1) * (B + 1), 6 * m - 1
    if layout == "compact":
        return 3 * m + 1, (2 * m + 1) * (B + 1), 3 * m
    raise ValueError(f"unknown layout {layout!r} (use {', '.join(LAYOUTS)})")


def start_configuration(source: ThreePartition, layout: str = "padded") -> list[int]:
    """Figure 6: element rows black in their first a_i columns; row s black at the separators."""
    R, C, s = board_shape(source, layout)
    B = source.bound
    cells = [0] * (R * C)
    for i, a in enumerate(source.numbers):
        for c in range(a):
            cells[i * C + c] = 1
    for t in range(1, source.m + 2):
        cells[s * C + t * (B + 1) - 1] = 1
    return cells


def goal_configuration(source: ThreePartition, layout: str = "padded") -> list[int]:
    """Figure 7: row s black from column B+1 to (m+1)(B+1)."""
    R, C, s = board_shape(source, layout)
    B = source.bound
    cells = [0] * (R * C)
    for c in range(B, (source.m + 1) * (B + 1)):
        cells[s * C + c] = 1
    return cells


def reduce(source: ThreePartition, layout: str = "padded") -> BWP:
    R, C, _ = board_shape(source, layout)
    k = 3 * source.m + source.m * source.bound
    return BWP(R, C, tuple(start_configuration(source, layout)), tuple(goal_configuration(source, layout)), k)


def forward(source: ThreePartition, triples: Sequence[Sequence[int]], layout: str = "padded") -> tuple[Move, ...]:
    """Figure 8, block by block: three row shifts tile block t, then B column shifts."""
    R, C, s = board_shape(source, layout)
    B, a = source.bound, source.numbers
    moves: list[Move] = []
    for t, triple in enumerate(triples, start=1):
        offset = t * (B + 1)
        owner = {}
        for i in triple:
            moves.append(shift("R", i, offset, C))
            for c in range(offset, offset + a[i]):
                owner[c] = i
            offset += a[i]
        for c in sorted(owner):
            moves.append(shift("C", c, s - owner[c], R))
    return tuple(m for m in moves if m is not None)


def final_columns(source: ThreePartition, target: BWP, moves: Sequence[Move]) -> dict[int, list[int]]:
    """Replays ``moves`` with each element piece labelled: element index -> final columns of its pieces."""
    R, C = target.rows, target.cols
    labels = [-1] * (R * C)
    for i, a in enumerate(source.numbers):
        for c in range(a):
            labels[i * C + c] = i
    for move in moves:
        apply_inplace(labels, R, C, move)
    columns: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        if label >= 0:
            columns.setdefault(label, []).append(cell % C)
    return columns


def backward(source: ThreePartition, target: BWP, moves: Sequence[Move]) -> tuple[tuple[int, ...], ...]:
    """Group t = the elements whose run ended in block t (by the majority of its pieces)."""
    B = source.bound
    groups: dict[int, list[int]] = {t: [] for t in range(1, source.m + 1)}
    for element, columns in sorted(final_columns(source, target, moves).items()):
        block = Counter(c // (B + 1) for c in columns).most_common(1)[0][0]
        groups.setdefault(block, []).append(element)
    return tuple(tuple(groups[t]) for t in range(1, source.m + 1))


def size(source: ThreePartition, layout: str = "padded") -> dict[str, int]:
    m, B = source.m, source.bound
    R, C, _ = board_shape(source, layout)
    return {"rows": R, "cols": C, "black": m * B + m + 1, "bound": 3 * m + m * B}


def compact_shortcut() -> tuple[ThreePartition, BWP, tuple[Move, ...]]:
    """The counterexample to the compact layout: a no-instance whose compact target has a
    solution with exactly k = 32 steps (see the module docstring). 0-based rows/columns:
    element rows 0..5 (a = 4, 4, 4, 4, 4, 6), s = 6, block 1 = columns 14..26, block 2 = 28..40."""
    source = ThreePartition((4, 4, 4, 4, 4, 6), 13)
    target = reduce(source, "compact")
    R, C = target.rows, target.cols
    plan = [("R", 0, 14), ("R", 5, 17),  # rows 0 and 5 into block 1, sharing column 17
            ("C", 17, 6),  # row 0's piece to s = 6; row 5's piece drops into row 4 (5 + 6 = 11 = 4 mod 7)
            ("R", 4, 23),  # row 4: its run to 23..26 (block 1), the dropped piece to 40 (block 2)
            ("R", 1, 28), ("R", 2, 32), ("R", 3, 36)]  # the other three runs tile block 2 up to 39
    plan += [("C", c, 6) for c in (14, 15, 16)] + [("C", c, 1) for c in range(18, 23)]
    plan += [("C", c, 2) for c in range(23, 27)]
    plan += [("C", c, 5) for c in range(28, 32)] + [("C", c, 4) for c in range(32, 36)]
    plan += [("C", c, 3) for c in range(36, 40)] + [("C", 40, 2)]
    moves = tuple(shift(axis, index, amount, C if axis == "R" else R) for axis, index, amount in plan)
    return source, target, moves


REDUCTION = Reduction(
    id="3partition-to-bwp",
    source="3partition",
    target="bwp",
    reference="torus puzzle paper (seed 001), Section 4, Theorem 2; layout reconstructed in spec/bwp.md (padded)",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
)

COMPACT = Reduction(
    id="3partition-to-bwp-compact",
    source="3partition",
    target="bwp",
    reference="seed 001, Theorem 2, compact layout (3m+1 rows): UNSOUND, see compact_shortcut()",
    reduce=lambda src: reduce(src, "compact"),
    forward=lambda src, cert: forward(src, cert, "compact"),
    backward=backward,
    size=lambda src: size(src, "compact"),
    notes="admits a 32-step solution of the no-instance (4,4,4,4,4,6), B=13",
)
