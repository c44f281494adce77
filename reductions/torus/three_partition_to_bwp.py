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

The proof's claims (Figures 6-8, Observation 1's bound, Claims 1-2 and steps 4-6 of the "<="
direction on every solution found) are declared for both layouts: all hold in the padded one;
in the compact one step 5's premise fails on every target and steps 5-6 on some solutions.

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
from typing import Any, Callable, Sequence

from npw.instances.elements import cell_id, number_id
from npw.instances.torus.bwp import BWP
from npw.instances.numbers.three_partition import ThreePartition
from npw.instances.torus.moves import Move, apply_inplace, line_shift, shift
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim, Reduction, refuse_target_size

__all__ = ["COMPACT", "CheckResult", "LAYOUTS", "MAX_BUILT_CELLS", "REDUCTION", "across_then_down", "backward", "block_columns",
           "board_shape", "claim_1_span", "claim_2_fixed_lines", "claim_bound", "compact_shortcut", "drag_steps",
           "figure_8", "figures_6_7", "final_columns", "forward", "goal_configuration", "goal_span", "labelled_run",
           "observation_1_tight", "one_piece_per_block_column", "one_step_per_line", "operation_counts", "padding_rows",
           "provenance", "reduce", "runs_in_blocks", "size", "start_configuration", "theorem_2_claims"]

LAYOUTS = ("padded", "compact")

MAX_BUILT_CELLS = 200_000_000
"""The most cells of a target built: start and goal one byte a cell (and a replayed board),
about 600 MB at the limit, inside the command line's memory limit."""


def board_shape(source: ThreePartition, layout: str = "padded") -> tuple[int, int, int]:
    """(R, C, s) with s 0-based."""
    m, B = source.m, source.bound
    if layout == "padded":
        return 9 * m - 1, (2 * m + 1) * (B + 1), 6 * m - 1
    if layout == "compact":
        return 3 * m + 1, (2 * m + 1) * (B + 1), 3 * m
    raise ValueError(f"unknown layout {layout!r} (use {', '.join(LAYOUTS)})")


def start_configuration(source: ThreePartition, layout: str = "padded") -> bytes:
    """Figure 6: element rows black in their first a_i columns; row s black at the separators.
    Packed as :class:`BWP` holds a colouring (one byte a cell, row-major), joined from rows: the
    white rows are one shared object, so building costs the board once (issue 20)."""
    R, C, s = board_shape(source, layout)
    B = source.bound
    rows = [bytes(C)] * R
    for i, a in enumerate(source.numbers):
        rows[i] = b"\x01" * a + bytes(C - a)
    special = bytearray(C)
    for t in range(1, source.m + 2):
        special[t * (B + 1) - 1] = 1
    rows[s] = bytes(special)
    return b"".join(rows)


def goal_configuration(source: ThreePartition, layout: str = "padded") -> bytes:
    """Figure 7: row s black from column B+1 to (m+1)(B+1); packed like :func:`start_configuration`."""
    R, C, s = board_shape(source, layout)
    B = source.bound
    end = (source.m + 1) * (B + 1)
    return bytes(s * C + B) + b"\x01" * (end - B) + bytes(C - end + (R - s - 1) * C)


def reduce(source: ThreePartition, layout: str = "padded") -> BWP:
    R, C, _ = board_shape(source, layout)
    # (9m - 1) x (2m + 1)(B + 1) cells, one byte each: refused before a row is built. Not at the
    # file limit MAX_TORUS_CELLS: targets at scale are built in memory (bench/bwp_at_scale.py,
    # m = 100, B = 1,000: 181 M cells); ``npw reduce`` refuses to write what it could not read back
    refuse_target_size("3partition-to-bwp", "cells", R * C, MAX_BUILT_CELLS, "MAX_BUILT_CELLS")
    k = 3 * source.m + source.m * source.bound
    return BWP(R, C, start_configuration(source, layout), goal_configuration(source, layout), k)


def provenance(source: ThreePartition, target: BWP) -> dict[str, list[str]]:
    """a_i -> the a_i black pieces of element row i (Figure 6), which the proof carries into the
    block of a_i's group; the separators of row s belong to no number. Either layout.

    >>> provenance(ThreePartition((2, 2, 3), 7), reduce(ThreePartition((2, 2, 3), 7)))["number:2"]
    ['cell:2,0', 'cell:2,1', 'cell:2,2']
    """
    return {number_id(i): [cell_id(i, c) for c in range(a)] for i, a in enumerate(source.numbers)}


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
    """Replays ``moves`` with each element piece labelled: element index -> final columns of its pieces
    (in row-major order of their final cells).

    Only the mB element pieces are followed, each by its cell, with the pieces of every row and
    column indexed: a move costs the pieces on its line, and nothing is the size of the board
    (a labelled copy of an m = 100, B = 1,000 target would be 10^8 cells; issue 20)."""
    R, C = target.rows, target.cols
    cell: list[list[int]] = []  # piece -> [row, column]
    element: list[int] = []
    on_row: dict[int, set[int]] = {}
    on_column: dict[int, set[int]] = {}
    for i, a in enumerate(source.numbers):
        for c in range(a):
            on_row.setdefault(i, set()).add(len(cell))
            on_column.setdefault(c, set()).add(len(cell))
            cell.append([i, c])
            element.append(i)
    for move in moves:
        k = line_shift(move, R, C)  # refuses a line off the board, as the replay of the board does
        if not k:
            continue
        # a row move changes its pieces' columns (and the column index), a column move their rows
        moved, along, axis, length = ((on_row, on_column, 1, C) if move.axis == "R" else (on_column, on_row, 0, R))
        for piece in moved.get(move.index, ()):
            old = cell[piece][axis]
            new = (old + k) % length
            along[old].discard(piece)
            along.setdefault(new, set()).add(piece)
            cell[piece][axis] = new
    columns: dict[int, list[int]] = {}
    for piece in sorted(range(len(cell)), key=lambda p: cell[p][0] * C + cell[p][1]):
        columns.setdefault(element[piece], []).append(cell[piece][1])
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


# -- the proof's claims, checked on every case (issue 16) --------------------------------------
#
# The target claims read Figures 6-7 as spec/bwp.md restates them; the backward claims are the
# steps of the "<=" direction, observed on the run of every solution a decider finds (and of
# the forward certificate); the forward claim is Figure 8. A run is replayed step by step in
# the drag metric, with every black piece labelled: element pieces by their element's index,
# the separators by 3m + t, white cells -1.

CheckResult = bool | str | None


def block_columns(source: ThreePartition) -> list[list[int]]:
    """The m blocks' columns, 0-based: block t (1..m) is t(B+1) .. t(B+1)+B-1."""
    B = source.bound
    return [list(range(t * (B + 1), t * (B + 1) + B)) for t in range(1, source.m + 1)]


def drag_steps(moves: Sequence[Move]) -> list[Move]:
    """The run in steps of the drag metric: consecutive identical operations on one line merged.

    >>> from npw.instances.torus.moves import parse_moves
    >>> [str(step) for step in drag_steps(parse_moves("R0E1 R0E2 C3S1 R0E1"))]
    ['R0E3', 'C3S1', 'R0E1']
    """
    steps: list[Move] = []
    for move in moves:
        last = steps[-1] if steps else None
        if last is not None and (last.axis, last.index, last.direction) == (move.axis, move.index, move.direction):
            steps[-1] = Move(move.axis, move.index, move.direction, last.amount + move.amount)
        else:
            steps.append(move)
    return steps


def labelled_run(source: ThreePartition, target: BWP, moves: Sequence[Move], layout: str) -> list[list[int]]:
    """The labelled board before the first step and after each drag step."""
    R, C, s = board_shape(source, layout)
    labels = [-1] * (R * C)
    for i, a in enumerate(source.numbers):
        for c in range(a):
            labels[i * C + c] = i
    for t in range(1, source.m + 2):
        labels[s * C + t * (source.bound + 1) - 1] = 3 * source.m + t
    boards = [labels[:]]
    for step in drag_steps(moves):
        apply_inplace(labels, R, C, step)
        boards.append(labels[:])
    return boards


def _row(board: Sequence[int], r: int, C: int) -> Sequence[int]:
    return board[r * C:(r + 1) * C]


def _column(board: Sequence[int], c: int, C: int) -> Sequence[int]:
    return board[c::C]


def _cyclic(a: int, b: int, C: int) -> int:
    return min((a - b) % C, (b - a) % C)


def figures_6_7(layout: str) -> Callable[[ThreePartition, BWP], CheckResult]:
    def check(source: ThreePartition, target: BWP) -> CheckResult:
        """Figures 6-7 as restated: the board, the start's element rows and separators, the goal's row s."""
        m, B = source.m, source.bound
        R, C, s = board_shape(source, layout)
        if (target.rows, target.cols) != (R, C) or C != (2 * m + 1) * (B + 1):
            return f"board {target.rows} x {target.cols}, the layout is {R} x {C}"
        for r in range(R):
            start, goal = _row(target.start, r, C), _row(target.goal, r, C)
            if r < 3 * m:
                wanted_start = [1 if c < source.numbers[r] else 0 for c in range(C)]
            elif r == s:
                separators = {t * (B + 1) - 1 for t in range(1, m + 2)}
                wanted_start = [1 if c in separators else 0 for c in range(C)]
            else:
                wanted_start = [0] * C
            wanted_goal = [1 if r == s and B <= c < (m + 1) * (B + 1) else 0 for c in range(C)]
            if list(start) != wanted_start:
                return f"start row {r} differs from Figure 6"
            if list(goal) != wanted_goal:
                return f"goal row {r} differs from Figure 7"
        return True

    return check


def claim_bound(source: ThreePartition, target: BWP) -> CheckResult:
    """k = 3m + mB, which is Observation 1's bound: the first column loses 3m black pieces, row s gains mB."""
    m, B = source.m, source.bound
    if target.bound != 3 * m + m * B:
        return f"k = {target.bound}, the proof sets 3m + mB = {3 * m + m * B}"
    bound = target.lower_bound()
    return bound == target.bound or f"Observation 1's bound is {bound}, k = {target.bound}"


def goal_span(layout: str) -> Callable[[ThreePartition, BWP], CheckResult]:
    def check(source: ThreePartition, target: BWP) -> CheckResult:
        """Claim 1's premise: no two black pieces of row s are more than m(B+1) apart, in the start or the goal."""
        _, C, s = board_shape(source, layout)
        limit = source.m * (source.bound + 1)
        for name, cells in (("start", target.start), ("goal", target.goal)):
            black = [c for c, cell in enumerate(_row(cells, s, C)) if cell]
            widest = max((_cyclic(a, b, C) for a in black for b in black), default=0)
            if widest > limit:
                return f"{name}: two black pieces of row s are {widest} apart, more than m(B+1) = {limit}"
        return True

    return check


def padding_rows(layout: str) -> Callable[[ThreePartition, BWP], CheckResult]:
    def check(source: ThreePartition, target: BWP) -> CheckResult:
        """Step 5's premise: a column shift that brings one element row's piece to row s drops any
        other element row's piece into a row that is not an element row (a padding row)."""
        R, _, s = board_shape(source, layout)
        rows = 3 * source.m
        for r1 in range(rows):
            for r2 in range(rows):
                if r1 != r2 and (r2 + s - r1) % R < rows:
                    return f"shifting row {r1}'s piece to row s = {s} drops row {r2}'s into element row " \
                           f"{(r2 + s - r1) % R}"
        return True

    return check


def _steps(moves: Sequence[Move]) -> list[Move] | str:
    try:
        return drag_steps(moves)
    except Exception as error:  # not moves at all: the claim fails with why
        return f"not a sequence of moves: {error}"


def operation_counts(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
    """The solution has exactly 3m row operations and mB column operations."""
    steps = _steps(moves)
    if isinstance(steps, str):
        return steps
    rows = sum(step.axis == "R" for step in steps)
    columns = len(steps) - rows
    m, B = source.m, source.bound
    return (rows, columns) == (3 * m, m * B) or f"{rows} row and {columns} column operations, not {3 * m} and {m * B}"


def observation_1_tight(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
        """Each row operation sweeps a black piece out of the first column; each column operation brings
        one into row s; a black piece in row s stays there."""
        _, C, s = board_shape(source, layout)
        boards = labelled_run(source, target, moves, layout)
        for number, (step, before, after) in enumerate(zip(drag_steps(moves), boards, boards[1:]), 1):
            if step.axis == "R":
                lost = sum(x != -1 for x in _column(before, 0, C)) - sum(x != -1 for x in _column(after, 0, C))
                if lost != 1:
                    return f"step {number} ({step}) changes the first column's black count by {-lost}"
            else:
                # labels name elements, not pieces: compare the row's pieces as multisets
                in_before = Counter(x for x in _row(before, s, C) if x != -1)
                in_after = Counter(x for x in _row(after, s, C) if x != -1)
                if in_before - in_after or sum((in_after - in_before).values()) != 1:
                    return f"step {number} ({step}) does not add exactly one black piece to row s, keeping the others"
        return True

    return check


def claim_1_span(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
        """Claim 1: in every configuration, no two black pieces of row s are more than m(B+1) apart."""
        _, C, s = board_shape(source, layout)
        limit = source.m * (source.bound + 1)
        for number, board in enumerate(labelled_run(source, target, moves, layout)):
            black = [c for c, x in enumerate(_row(board, s, C)) if x != -1]
            widest = max((_cyclic(a, b, C) for a in black for b in black), default=0)
            if widest > limit:
                return f"after step {number}, two black pieces of row s are {widest} apart (> {limit})"
        return True

    return check


def claim_2_fixed_lines(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
        """Claim 2: no operation on the first column and none on row s."""
        _, _, s = board_shape(source, layout)
        steps = _steps(moves)
        if isinstance(steps, str):
            return steps
        wrong = [str(step) for step in steps if step.line in (("C", 0), ("R", s))]
        return f"{wrong[0]} moves a line Claim 2 fixes" if wrong else True

    return check


def one_step_per_line(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
    """Every block column gets exactly one column operation, every element row exactly one row
    operation, and no other line moves."""
    steps = _steps(moves)
    if isinstance(steps, str):
        return steps
    counts = Counter(step.line for step in steps)
    wanted = Counter({("R", r): 1 for r in range(3 * source.m)})
    wanted.update({("C", c): 1 for block in block_columns(source) for c in block})
    if counts != wanted:
        off = sorted(set(counts) ^ set(wanted)) or sorted(line for line in counts if counts[line] != 1)
        axis, index = off[0]
        return f"{'row' if axis == 'R' else 'column'} {index} moves {counts[off[0]]} times"
    return True


def across_then_down(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
        """Each element piece first moves horizontally into a block column, then vertically into row s,
        and moves no other time."""
        _, C, s = board_shape(source, layout)
        blocks = {c for block in block_columns(source) for c in block}
        # piece (by its start cell) -> its cells along the run
        paths = {i * C + c: [i * C + c] for i, a in enumerate(source.numbers) for c in range(a)}
        for step in drag_steps(moves):
            # where each cell's piece went: probe[new] is the cell whose piece the step put at new
            shifted = [-1] * (target.rows * C)
            probe = list(range(target.rows * C))
            apply_inplace(probe, target.rows, C, step)
            for new, old in enumerate(probe):
                shifted[old] = new
            for path in paths.values():
                path.append(shifted[path[-1]])
        for start, path in sorted(paths.items()):
            moves_of = [(a, b) for a, b in zip(path, path[1:]) if a != b]
            if len(moves_of) != 2:
                return f"the element piece starting at row {start // C}, column {start % C} moves {len(moves_of)} times"
            (a, b), (_, d) = moves_of
            if not (a // C == b // C and b % C in blocks and b % C == d % C and d // C == s):
                return f"the element piece starting at row {start // C}, column {start % C} does not go across " \
                       f"into a block column, then down into row s"
        return True

    return check


def one_piece_per_block_column(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
        """Step 5: in every configuration, each block column holds at most one black piece."""
        C = board_shape(source, layout)[1]
        for number, board in enumerate(labelled_run(source, target, moves, layout)):
            for block in block_columns(source):
                for c in block:
                    black = sum(x != -1 for x in _column(board, c, C))
                    if black > 1:
                        return f"after step {number}, block column {c} holds {black} black pieces"
        return True

    return check


def runs_in_blocks(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, moves: Sequence[Move], partition: Any) -> CheckResult:
        """Step 6: each run lands whole inside one block, and each block holds exactly three runs: the
        partition the extraction reads needs no majority vote."""
        B = source.bound
        placed: dict[int, list[int]] = {t: [] for t in range(1, source.m + 1)}
        for element, columns in sorted(final_columns(source, target, moves).items()):
            blocks = {c // (B + 1) for c in columns if c % (B + 1) != B}
            if len(blocks) != 1 or any(c % (B + 1) == B for c in columns) or blocks - set(placed):
                return f"the run of element {element} ends in columns {sorted(columns)}, not inside one block"
            placed[blocks.pop()].append(element)
        uneven = [t for t, elements in placed.items() if len(elements) != 3]
        return f"block {uneven[0]} holds {len(placed[uneven[0]])} runs" if uneven else True

    return check


def figure_8(layout: str) -> Callable[..., CheckResult]:
    def check(source: ThreePartition, target: BWP, triples: Any, moves: Sequence[Move]) -> CheckResult:
        """Figure 8: block by block, three row shifts whose runs tile the block's B columns, then one
        shift per block column bringing its piece to row s: 3 + B steps per block."""
        _, C, s = board_shape(source, layout)
        B = source.bound
        boards = labelled_run(source, target, moves, layout)
        steps = drag_steps(moves)
        if len(steps) != source.m * (3 + B):
            return f"{len(steps)} steps, Figure 8 takes m(3 + B) = {source.m * (3 + B)}"
        for t, (triple, block) in enumerate(zip(triples, block_columns(source)), 1):
            first = (t - 1) * (3 + B)
            rows, columns = steps[first:first + 3], steps[first + 3:first + 3 + B]
            if sorted(step.line for step in rows) != sorted(("R", i) for i in triple):
                return f"block {t} does not begin with one shift of each of its triple's rows {sorted(triple)}"
            tiled = boards[first + 3]
            owners = [[x for x in _column(tiled, c, C) if 0 <= x < 3 * source.m] for c in block]
            if any(len(owner) != 1 or owner[0] not in triple for owner in owners):
                return f"after its row shifts, block {t}'s columns are not tiled by its triple's runs"
            if sorted(step.line for step in columns) != [("C", c) for c in block]:
                return f"block {t}'s row shifts are not followed by one shift of each of its columns"
            after = boards[first + 3 + B]
            if any(_column(after, c, C)[s] == -1 for c in block):
                return f"after block {t}'s column shifts, row s is not black across the block"
        return True

    return check


def theorem_2_claims(layout: str) -> tuple[Claim, ...]:
    """The claims of the proof of Theorem 2 (seed 001) for the given row layout."""
    proof = "torus paper (seed 001), Section 4, proof of Theorem 2"
    spec = "spec/bwp.md"
    return (
        Claim("figures-6-7", f"the board of R x (2m+1)(B+1); start: element row i black in columns 1..a_i, row s "
              f"black at the separators t(B+1); goal: row s black from B+1 to (m+1)(B+1) ({proof}, Figures 6-7, "
              f"as restated in {spec})", figures_6_7(layout)),
        Claim("bound-equals-k", f"k = 3m + mB, the sum of Observation 1's bounds: the first column loses 3m black "
              f"pieces, the special row gains mB ({proof}, first paragraph of the <= direction)", claim_bound),
        Claim("goal-span", f"no two black pieces of the special row are more than m(B+1) apart in the goal (or the "
              f"start) ({proof}, Claim 1; {spec} step 2)", goal_span(layout)),
        Claim("step-5-padding", f"a column operation that brings one element piece to the special row drops a "
              f"second piece of its column into a row between 3m+1 and 9m-1 other than s, which never moves "
              f"({proof}, 'each column ... has at most one black piece'; {spec} step 5)", padding_rows(layout)),
        Claim("figure-8", f"the yes-direction, block by block: three row shifts tile block t with its triple's runs, "
              f"then B column shifts bring them into the special row; 3 + B steps per block ({proof}, Figure 8)",
              figure_8(layout), stage=FORWARD_CLAIM),
        Claim("operation-counts", f"a solution has exactly 3m row operations and mB column operations ({proof}, "
              f"<= direction, first paragraph)", operation_counts, stage=BACKWARD_CLAIM),
        Claim("observation-1-tight", f"each row operation sweeps a black piece out of the first column, each column "
              f"operation brings one into the special row, and a black piece there stays ({proof}, <= direction, "
              f"first paragraph)", observation_1_tight(layout), stage=BACKWARD_CLAIM),
        Claim("claim-1", f"in every configuration, no two black pieces of the special row are more than m(B+1) "
              f"apart ({proof}, Claim 1)", claim_1_span(layout), stage=BACKWARD_CLAIM),
        Claim("claim-2", f"no operation is applied to the first column and none to the special row ({proof}, "
              f"Claim 2)", claim_2_fixed_lines(layout), stage=BACKWARD_CLAIM),
        Claim("one-step-per-line", f"each block column gets exactly one column operation, each element row exactly "
              f"one row operation, no other line moves ({proof}, after Claim 2; {spec} step 4)", one_step_per_line,
              stage=BACKWARD_CLAIM),
        Claim("across-then-down", f"each element piece first moves horizontally to a block column, then vertically "
              f"into the special row ({proof}, after Claim 2)", across_then_down(layout), stage=BACKWARD_CLAIM),
        Claim("one-piece-per-block-column", f"in any configuration each block column has at most one black piece "
              f"({proof}, last paragraph; {spec} step 5)", one_piece_per_block_column(layout), stage=BACKWARD_CLAIM),
        Claim("runs-in-blocks", f"each run lands whole inside one block and each block holds exactly three runs, "
              f"so the extraction reads a 3-partition ({proof}, last paragraph; {spec} step 6)", runs_in_blocks(layout),
              stage=BACKWARD_CLAIM),
    )


REDUCTION = Reduction(
    id="3partition-to-bwp",
    source="3partition",
    target="bwp",
    reference="torus puzzle paper (seed 001), Section 4, Theorem 2; layout reconstructed in spec/bwp.md (padded)",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
    claims=theorem_2_claims("padded"),
    provenance=provenance,
    checked=("every instance with m <= 2 and B <= 16 (35 yes, 3 no: all targets decided, both answers; "
             "each no-target's NO by two deciders that agree, tight and phases), 100 random"),
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
    claims=theorem_2_claims("compact"),
    provenance=provenance,
    notes="admits a 32-step solution of the no-instance (4,4,4,4,4,6), B=13",
    checked=("**not a reduction** (`examples/bwp_compact_counterexample.py`): a 32-step solution of the "
             "no-instance (4,4,4,4,4,6), B = 13; `--exhaustive 16 --timeout 120` finds the mismatch by "
             "itself ((6,6,6,4,4,4), B = 15: NO->YES) in about 15 minutes"),
)
