"""Theorem 3, Section 4.2 *Forward*: a satisfying assignment -> at most k moves from B1 to B2.

Shift 1-4 of Theorem 2's Claim 1 as moves (:func:`forward_moves`): each node is rearranged
with the region solver (Fact 1) so that the chain or the blank sits at the next exit, the
chain is carried by S_u / S_d and turned by the ten-move corner
(:mod:`npw.reductions.npuz.moves`), zero-edges are shifted; the last exit from a node
through a two-edge rearranges the node enlarged by three once the chain is out (swapping x
and y if Theorem 1 demands), and if nc_j (j < m) cannot be left as in B2 the traversal
FC -> nc_j is redone with x and y swapped. The moves are simulated from B1 on a sparse board
and kept as compact segments (:class:`ForwardResult`), so this runs at the paper's scale too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from npw.instances.npuz.reach import reachable
from npw.instances.npuz.region import solve_region
from npw.reductions.rel import theorem2
from npw.reductions.npuz.instance import Theorem3Instance, p
from npw.reductions.npuz.layout import Cell, EdgeLayout, Node, add, distance
from npw.reductions.npuz.moves import (
    Run, SparseBoard, edge_program, expand, region_tiles, write_region,
)

__all__ = ["ForwardResult", "ParityFailure", "forward_moves"]


class ParityFailure(Exception):
    """nc_j cannot be left as in B2: the chain into it has to come with x and y swapped."""


@dataclass
class ForwardResult:
    segments: list
    moves: int
    seconds: float
    region_moves: int
    redone: int

    def text(self) -> str:
        return "".join(expand(self.segments))


def _board(instance: Theorem3Instance) -> SparseBoard:
    num = instance.numbering
    return SparseBoard(instance.layout, num.tile, num.tiles, instance.b2_leg, blank=num.cell(0), final=instance.b2)


def _solve(board: SparseBoard, row: int, col: int, side: int, target: list[int], stats: dict) -> None:
    """Fact 1 on the smallest square inside the region that holds every cell to change
    (the rest of the region already agrees with the target)."""
    current = region_tiles(board, row, col, side)
    changed = [k for k in range(side * side) if current[k] != target[k] or current[k] == 0 or target[k] == 0]
    rs = [k // side for k in changed]
    cs = [k % side for k in changed]
    s = max(2, max(rs) - min(rs) + 1, max(cs) - min(cs) + 1)
    r0 = max(0, min(min(rs), side - s))
    c0 = max(0, min(min(cs), side - s))
    sub = [current[(r0 + r) * side + c0 + c] for r in range(s) for c in range(s)]
    want = [target[(r0 + r) * side + c0 + c] for r in range(s) for c in range(s)]
    moves = solve_region(tuple(sub), tuple(want), s)
    if len(moves) > p(s):
        raise AssertionError("region solver above its bound")
    stats["region"] += len(moves)
    write_region(board, row + r0, col + c0, s, want, moves)


def _prepare_exit(board: SparseBoard, instance: Theorem3Instance, node: Node, arrived: EdgeLayout | None,
                  leaving: EdgeLayout | None, chain: tuple[int, int], last_exit: bool, stats: dict) -> None:
    """Rearranges the node enlarged by one (Fact 1): the stripe just traversed gets its B2
    tail (the designated tiles), the blank (and x, y) goes to the next exit, or the node
    is put as in B2 when it is left for good through a zero-edge (or is nc_m at the end)."""
    row, col, side = node.row - 1, node.col - 1, node.side + 2
    current = region_tiles(board, row, col, side)
    target = list(current)

    def idx(cell: Cell) -> int:
        return (cell[0] - row) * side + (cell[1] - col)

    pool = [current[idx(c)] for c in node.cells()]
    if arrived is not None:
        for j, cell in enumerate(arrived.last_column()):
            pool.append(current[idx(cell)])
            wanted = instance.designated[arrived.index][j]
            here, there = target.index(wanted), idx(cell)
            target[here], target[there] = target[there], target[here]
        for t in instance.designated[arrived.index]:
            pool.remove(t)
    pool.remove(0)
    node_cells = list(node.cells())
    if leaving is None or (last_exit and leaving.capacity == 0):
        want = {c: instance._node_b2[c] for c in node_cells}
        if leaving is not None:
            exit_cell = add(leaving.first, leaving.legs[0].heading, -1)
            want[exit_cell] = 0
        if sorted(pool) != sorted(t for t in want.values() if t):
            raise AssertionError(f"node {node.name} does not hold its B2 tiles at its last exit")
        for c, t in want.items():
            target[idx(c)] = t
        if not reachable(tuple(current), tuple(target)):
            if leaving is None:
                raise AssertionError("nc_m cannot be arranged as in B2: the parity fix of B2 is wrong")
            raise ParityFailure(node.name)
    else:
        # as little change as possible: the designated tiles and the chain swapped into place
        def put(tile: int, cell: Cell) -> None:
            here, there = target.index(tile), idx(cell)
            target[here], target[there] = target[there], target[here]

        a = leaving.legs[0].heading
        placed = []
        if leaving.capacity == 2:
            placed += [(chain[0], add(leaving.first, a, -3)), (chain[1], add(leaving.first, a, -2))]
        placed.append((0, add(leaving.first, a, -1)))
        for tile, cell in placed:
            put(tile, cell)
        if not reachable(tuple(current), tuple(target)):
            busy = {c for _, c in placed}
            exit_cell = placed[-1][1]
            free = sorted((c for c in node_cells if c not in busy), key=lambda c: (distance(c, exit_cell), c))
            a1, b1 = idx(free[0]), idx(free[1])
            target[a1], target[b1] = target[b1], target[a1]
    _solve(board, row, col, side, target, stats)


def _last_exit_region(board: SparseBoard, instance: Theorem3Instance, node: Node, edge: EdgeLayout,
                      stats: dict) -> None:
    """The last exit through a two-edge: the chain has just left the node (Figure 7); the
    node enlarged by three (node and chain) is arranged as in B2, the chain kept but for a
    possible swap of x and y (Theorem 1)."""
    a = edge.legs[0].heading
    s = node.side + 3
    if a == (0, 1):
        row, col = node.row - 1, node.col
    elif a == (0, -1):
        row, col = node.row - 1, node.col - 3
    elif a == (1, 0):
        row, col = node.row, node.col - 1
    else:
        row, col = node.row - 3, node.col - 1
    current = region_tiles(board, row, col, s)
    target = list(current)
    for c in node.cells():
        target[(c[0] - row) * s + (c[1] - col)] = instance._node_b2[c]
    if sorted(current) != sorted(target):
        raise AssertionError(f"node {node.name} does not hold its B2 tiles when left for the last time")
    if not reachable(tuple(current), tuple(target)):
        leg = edge.legs[0]
        x, y = leg.cell(1, 0), leg.cell(1, 1)
        ix, iy = (x[0] - row) * s + x[1] - col, (y[0] - row) * s + y[1] - col
        target[ix], target[iy] = target[iy], target[ix]
    _solve(board, row, col, s, target, stats)


def forward_moves(instance: Theorem3Instance, assignment) -> ForwardResult:
    """Section 4.2: the four Shift procedures of Claim 1 as moves, simulated from B1 on a
    sparse board; checks every stripe against B2 when its traversal ends and the whole
    board at the end. Returns the compact move sequence."""
    import time

    t0 = time.perf_counter()
    formula, layout = instance.formula, instance.layout
    elements = dict(instance.element_tiles)
    walk = theorem2.forward(formula, assignment)
    edges = layout.edges
    last_exit = {}
    for s, (e, tail, _) in enumerate(walk):
        last_exit[tail] = s
    last_exit.pop(edges[walk[-1][0]].head, None)  # nc_m is entered again after it is left
    board = _board(instance)
    stats = {"region": 0}
    swap = [False] * len(walk)
    snapshots: dict[int, Any] = {}
    redone = 0
    s = 0
    while s < len(walk):
        e, tail, shipped = walk[s]
        edge = edges[e]
        node = layout.node(tail)
        arrived = edges[walk[s - 1][0]] if s else None
        chain = tuple(elements[x] for x in shipped)
        if len(chain) == 2 and swap[s]:
            chain = chain[::-1]
        snapshots[s] = board.snapshot()
        snapshots.pop(s - 2, None)  # only the previous traversal may have to be redone
        try:
            _prepare_exit(board, instance, node, arrived, edge, chain, last_exit.get(tail) == s, stats)
        except ParityFailure:
            if swap[s - 1] or not arrived or arrived.capacity != 2:
                raise AssertionError(f"{tail} cannot be left as in B2 even with x and y swapped")
            board.restore(snapshots[s - 1])
            swap[s - 1] = True
            redone += 1
            s -= 1
            continue
        if arrived is not None:
            board.finish_edge(arrived)
        board.start_edge(edge)
        ops = edge_program(edge)
        if edge.capacity == 2 and last_exit.get(tail) == s:
            first = ops[0]
            board.run_program(edge, [Run(first.leg, first.first, 3, first.start)])
            _last_exit_region(board, instance, node, edge, stats)
            ops = [Run(first.leg, (first.first + 3) % 2, first.count - 3, first.start + 3)] + ops[1:]
        board.run_program(edge, ops)
        s += 1
    last = edges[walk[-1][0]]
    _prepare_exit(board, instance, layout.node(last.head), last, None, (), True, stats)
    board.finish_edge(last)
    _check_final(board, instance)
    return ForwardResult(board.segments, board.moves, time.perf_counter() - t0, stats["region"], redone)


def _check_final(board: SparseBoard, instance: Theorem3Instance) -> None:
    """Every changed cell holds its B2 tile, every stripe was checked, the blank is home."""
    if board.blank != instance.blank_goal:
        raise AssertionError(f"the blank ends at {board.blank}, not {instance.blank_goal}")
    if len(board.done) != len(instance.layout.edges):
        raise AssertionError("some edge was never traversed")
    for cell, tile in board.cells.items():
        if cell != board.blank and tile != instance.b2(cell):
            raise AssertionError(f"cell {cell} holds {tile}, B2 has {instance.b2(cell)}")
    for cell, tile in instance.node_b2:
        if board.get(cell) != tile:
            raise AssertionError(f"node cell {cell} holds {board.get(cell)}, B2 has {tile}")
