"""A constant-factor approximation for the (n^2-1)-puzzle after Ratner & Warmuth (1990),
Section 5 -- the paper's plan with our own cycle-fixing macro (read this first).

What follows the paper (Section 5.2):

1. Lemma 5: the blank first walks to its location in B2; from then on both boards
   have the blank at l_bt.
2. The permutation B1 -> B2 is split into cycles; one representative location per
   cycle (the one nearest to l_bt) and l_bt span a minimum spanning tree (networkx,
   Manhattan metric) -- the tree of Theorem 4 -- and the cycles are fixed in the
   depth-first order of that tree, the blank walking from one to the next. (Beyond
   400 cycles the tree is the MST of each point's 12 nearest neighbours, components
   joined by nearest pairs: a spanning tree, nearly always the minimum one.)
3. A cycle is fixed by carrying its tiles one place forward along the cycle, from
   one cycle location to the next, with constant work per unit of distance.
4. Even cycles can only be fixed up to a swap (Theorem 1); the swap is kept pending
   and resolved together with the next even cycle's (their number is even).

Where we differ (and why it is still constant-factor):

* The paper's macros carry the blank with a tile along an "edge" and shift the edge's
  tiles back by two, and need care for "early" nodes (Figures 11, 12). We use one
  macro instead: a *conjugated 3-cycle* X = S . M . S^-1 on three locations p, q, r:
  S carries the tiles of q and r next to p (a tile step = the blank goes round the
  tile, <= 5 moves), M is the 4-move loop of the blank round the 2 x 2 block holding
  the three tiles, S^-1 undoes S. Every tile other than the three ends where it was,
  so no bookkeeping of shifted edges and no early nodes; |X| = 2|S| + 4 with |S| =
  O(d(blank, q) + d(q, p) + d(r, p)).
* A cycle (l_0, ..., l_{c-1}) (the tile at l_i belongs at l_{i+1}) is fixed backwards:
  the tile t that belongs at l_0 travels from l_{c-1} down the cycle two locations
  per 3-cycle on (l_{k-1}, l_k, l_{k+1}), each placing two tiles for good. Each
  3-cycle spans two consecutive cycle edges, so the cycle costs O(d(C) + c).
* The blank moves between macros by plain walks applied to *both* boards (a change of
  frame: the pair (current, target) is conjugated, cycles keep their tiles, fixed
  tiles stay fixed); at the end the sum F of all frame walks is played backwards, so
  the walks cost twice their length, which is O(MST + sum d(C)).
* A pending swap (x y) is resolved with the next even cycle's swap (u v) as the two
  3-cycles (x, y, u), (u, x, v).

So the length is O(d(B1, B2) + MST + #cycles) = O(Theorem 4's bound) (each moving
cycle has d(C) >= 2). The constant is large (see BENCHMARKS.md for the measured
ratio to the bound per side); the paper's own constant is not stated either.

Issue 20 (the constant; BENCHMARKS.md, "Issue 20: approximation"):

* Section 5.3 item 1: :func:`cheapest_cycle_tree` chooses the representatives together
  with the tree (Prim over whole cycles), and a cycle is entered at its representative.
* Each 3-cycle is gathered at whichever of its three locations the other two are
  nearest (the macro costs about 12 moves per unit of those two distances).
* Items 2-5 of Section 5.3 (splitting cycles at intersections, embedding edges to make
  intersections, fixing a cycle by two blank-only rounds and one carrying round) save
  moves of the paper's edge macros, which shift the tiles of an edge by two and need a
  second traversal to restore them. This module has no edges: a conjugated 3-cycle
  restores everything itself, so there is nothing for an intersection to share. They are
  not implemented.
* :func:`approximate` also runs the greedy row-by-row solver
  (:mod:`npw.solvers.npuz.greedy`) with the Section 5 length as its budget and keeps the
  shorter sequence (on uniformly random boards the greedy one, about 3x shorter; on
  boards with few tiles out of place the Section 5 one), then improves it locally
  (:mod:`npw.solvers.npuz.improve`) and replays it on B1.
* ``method="section5", tree="nearest", local=False`` is the first version, move for move
  (the benchmark's "before").

Issue 36 (BENCHMARKS.md, "Issue 36 (session 5): the approximation at 1000 x 1000"): by
default (``engine="auto"`` with numba installed) :func:`approximate` runs the guided greedy
sequence compiled (:mod:`npw.solvers.npuz.approx_kernel`, move for move the Python one, 2 bits
a move) under a budget of 25x the bound, and falls back to the Python Section 5 sequence past
it; ``engine="python"`` is the code above, unchanged, and the reference the tests compare with.

Boards where no room exists for the macro (n = 2, some 3 x 3 corners) fall back to the
region solver (:mod:`npw.instances.npuz.region`); ``stats["fallback"]`` says when.
Moves name the direction the blank travels (U/D/L/R).
"""

from __future__ import annotations

import math
import time

import networkx as nx

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board, apply_moves, blank_path
from npw.solvers.npuz.bounds import theorem4_lower_bound
from npw.instances.npuz.reach import reachable
from npw.solvers.npuz.greedy import OverBudget, greedy_moves
from npw.solvers.npuz.improve import cancel_inverse_pairs, improve
from npw.solvers.npuz.tiles import OPP, NoRoom, TileBoard, dist, neighbour, route

__all__ = ["COMPILED_BUDGET_RATIO", "COMPILED_IMPROVE_LIMIT", "Approximation", "approximate", "approximate_and_check", "cheapest_cycle_tree", "three_cycle"]

# the shared moving parts, under the names this module has always used
_OPP = OPP
_NoRoom = NoRoom
_Board = TileBoard
_neighbour = neighbour
_dist = dist
_route = route


def _carry(board: _Board, tile: int, dest: int, avoid: set[int]) -> None:
    """Moves ``tile`` to ``dest`` one cell at a time (blank ahead of it, then swap),
    never entering ``avoid``. The tile's path: straight lines, the order chosen to miss
    the avoided cells (a search over tile positions if both L-shapes are blocked)."""
    n = board.n
    path = _tile_path(board.pos[tile], dest, avoid, n)
    for cell in path:
        here = board.pos[tile]
        _route(board, cell, avoid | {here})
        # the blank is now at ``cell``, next to the tile: swap
        if cell == here - n:
            board.step("D")
        elif cell == here + n:
            board.step("U")
        elif cell == here - 1:
            board.step("R")
        else:
            board.step("L")


def _tile_path(start: int, dest: int, avoid: set[int], n: int) -> list[int]:
    (r1, c1), (r2, c2) = divmod(start, n), divmod(dest, n)
    for horizontal_first in (True, False):
        cells = []
        r, c = r1, c1
        legs = [("c", c2), ("r", r2)] if horizontal_first else [("r", r2), ("c", c2)]
        for axis, goal in legs:
            while (c if axis == "c" else r) != goal:
                if axis == "c":
                    c += 1 if goal > c else -1
                else:
                    r += 1 if goal > r else -1
                cells.append(r * n + c)
        if not any(cell in avoid for cell in cells):
            return cells
    # both L-shapes blocked: breadth-first search over tile positions
    previous = {start: None}
    frontier = [start]
    while frontier and dest not in previous:
        nxt = []
        for cell in frontier:
            for m in "UDLR":
                other = _neighbour(cell, m, n)
                if other is not None and other not in previous and other not in avoid:
                    previous[other] = cell
                    nxt.append(other)
        frontier = nxt
    if dest not in previous:
        raise _NoRoom()
    cells = []
    cell = dest
    while previous[cell] is not None:
        cells.append(cell)
        cell = previous[cell]
    return cells[::-1]


def _blocks_containing(p: int, n: int) -> list[tuple[int, int, int, int]]:
    """2 x 2 blocks (top-left, top-right, bottom-right, bottom-left) that contain p."""
    r, c = divmod(p, n)
    blocks = []
    for top in (r - 1, r):
        for left in (c - 1, c):
            if 0 <= top and top + 1 < n and 0 <= left and left + 1 < n:
                tl = top * n + left
                blocks.append((tl, tl + 1, tl + n + 1, tl + n))
    blocks.sort(key=lambda b: (b[0] != p, b))
    return blocks


def _loop(block: tuple[int, int, int, int], blank_at: int, clockwise: bool) -> list[str]:
    """The blank's 4 moves round the block, starting and ending at ``blank_at``."""
    ring = list(block) if clockwise else list(reversed(block))
    i = ring.index(blank_at)
    moves = []
    for k in range(4):
        a, b = ring[(i + k) % 4], ring[(i + k + 1) % 4]
        d = b - a
        moves.append("R" if d == 1 else "L" if d == -1 else "D" if d > 0 else "U")
    return moves


def _nearest_tree(home: int, reps: list[int], n: int) -> tuple[list[int], int]:
    """The first version's tree: an MST over the blank's location and the given
    representatives (networkx; beyond 400 points over each point's 12 nearest
    neighbours, components joined by nearest pairs); its depth-first order and cost."""
    if not reps:
        return [], 0
    graph = nx.Graph()
    points = [home] + reps
    if len(points) <= 400:
        for i, a in enumerate(points):
            for b in points[i + 1:]:
                graph.add_edge(a, b, weight=_dist(a, b, n))
        tree = nx.minimum_spanning_tree(graph, algorithm="prim")
    else:  # a sparse candidate graph keeps networkx fast: each point with its 12 nearest
        import numpy as np

        rows = np.array([p // n for p in points])
        cols = np.array([p % n for p in points])
        for i, a in enumerate(points):
            d = np.abs(rows - rows[i]) + np.abs(cols - cols[i])
            for j in np.argsort(d)[1:13]:
                graph.add_edge(a, points[int(j)], weight=int(d[j]))
        tree = nx.minimum_spanning_tree(graph, algorithm="prim")
        if not nx.is_connected(tree):  # join the components by nearest pairs
            components = list(nx.connected_components(tree))
            for comp in components[1:]:
                a = min(comp)
                b = min(components[0], key=lambda x: _dist(x, a, n))
                tree.add_edge(a, b, weight=_dist(a, b, n))
    order = [v for v in nx.dfs_preorder_nodes(tree, home) if v != home]
    return order, int(tree.size(weight="weight"))


def cheapest_cycle_tree(home: int, cycles: list[list[int]], n: int) -> tuple[list[int], int]:
    """Section 5.3, item 1: the representatives chosen together with the tree. Prim's
    algorithm where a cycle, once reached, brings *all* its locations into the tree (the
    cheapest edge into a cycle may land on any of its locations: that location becomes
    its representative). The tree is never dearer than the MST over any fixed choice of
    representatives (each such tree is a spanning tree of the cycles with every edge at
    least the cheapest one between its two cycles). Returns the representatives in the
    depth-first order of the tree (from ``home``, the blank) and the tree's cost.

    On a 4 x 4 board with the blank at 0, the representatives nearest the blank (1 and
    12) span a tree of cost 4; entering the second cycle at 7, next to 11, costs 2:

    >>> cheapest_cycle_tree(0, [[1, 11], [12, 7]], 4)
    ([1, 7], 2)
    >>> _nearest_tree(0, [1, 12], 4)[1]
    4
    """
    import numpy as np

    if not cycles:
        return [], 0
    locs = np.array([loc for cycle in cycles for loc in cycle], dtype=np.int64)
    owner = np.repeat(np.arange(len(cycles)), [len(c) for c in cycles])
    rows, cols = locs // n, locs % n
    hr, hc = divmod(home, n)
    key = np.abs(rows - hr) + np.abs(cols - hc)
    parent = np.full(len(locs), -1, dtype=np.int64)  # -1: the blank's location
    taken = np.zeros(len(locs), dtype=bool)
    big = np.iinfo(np.int64).max
    children: dict[int, list[int]] = {-1: []}
    rep_of: dict[int, int] = {}
    total = 0
    for _ in range(len(cycles)):
        j = int(np.where(taken, big, key).argmin())
        c = int(owner[j])
        total += int(key[j])
        rep_of[c] = int(locs[j])
        p = int(parent[j])
        children.setdefault(-1 if p < 0 else int(owner[p]), []).append(c)
        members = np.flatnonzero(owner == c)
        taken[members] = True
        for m in members:
            d = np.abs(rows - rows[m]) + np.abs(cols - cols[m])
            better = d < key
            key = np.where(better, d, key)
            parent = np.where(better, m, parent)
    order: list[int] = []
    stack = list(reversed(children[-1]))
    while stack:
        c = stack.pop()
        order.append(rep_of[c])
        stack.extend(reversed(children.get(c, [])))
    return order, total


def three_cycle(board: _Board, p: int, q: int, r: int) -> None:
    """Moves the tile at p to q, the tile at q to r, the tile at r to p; every other tile
    and the blank end where they were. Raises _NoRoom if no block/order works."""
    n = board.n
    tp, tq, tr = board.cells[p], board.cells[q], board.cells[r]
    assert 0 not in (tp, tq, tr) and len({p, q, r}) == 3
    mark = len(board.moves)
    blank_home = board.blank
    for block in _blocks_containing(p, n):
        others = [cell for cell in block if cell != p]
        for c1, c2 in ((others[0], others[1]), (others[1], others[0]), (others[0], others[2]),
                       (others[2], others[0]), (others[1], others[2]), (others[2], others[1])):
            c3 = next(cell for cell in others if cell not in (c1, c2))
            try:
                start = len(board.moves)
                _carry(board, tq, c1, {p})
                _carry(board, tr, c2, {p, c1})
                _route(board, c3, {p, c1, c2})
                gather = board.moves[start:]
            except _NoRoom:
                board.undo_to(mark)
                continue
            if board.cells[p] != tp or board.cells[c1] != tq or board.cells[c2] != tr:
                board.undo_to(mark)
                continue
            # M must take p -> c1 -> c2 -> p (S^-1 then sends c1 to q and c2 to r)
            for clockwise in (True, False):
                loop = _loop(block, c3, clockwise)
                loop_mark = len(board.moves)
                board.run(loop)
                if board.cells[c1] == tp and board.cells[c2] == tq and board.cells[p] == tr:
                    break
                board.undo_to(loop_mark)
            else:
                board.undo_to(mark)
                continue
            for m in reversed(gather):
                board.step(_OPP[m])
            assert board.blank == blank_home
            assert board.cells[q] == tp and board.cells[r] == tq and board.cells[p] == tr
            return
    raise _NoRoom()


class Approximation:
    """Moves B1 -> B2, Theorem 4's bound (generalised to different blank locations, see
    :mod:`npw.solvers.npuz.bounds`) and what the run measured (``stats``).

    ``moves`` is a string of U/D/L/R; the compiled engine keeps the sequence packed (2 bits a
    move, ``packed``) and makes the string only when ``moves`` is read (1 byte a move: 2.4 GB
    for a random 1000 x 1000 board, whose packed form takes 0.6 GB).
    """

    def __init__(self, moves, lower_bound: float, stats: dict | None = None) -> None:
        self._moves: str | None = moves if isinstance(moves, str) else None
        self.packed = None if isinstance(moves, str) else moves  # approx_kernel.PackedMoves
        self.lower_bound = lower_bound
        self.stats = {} if stats is None else stats

    @property
    def moves(self) -> str:
        if self._moves is None:
            self._moves = self.packed.to_str()
        return self._moves

    @property
    def length(self) -> int:
        return len(self._moves) if self._moves is not None else len(self.packed)

    @property
    def ratio(self) -> float:
        return self.length / self.lower_bound if self.lower_bound else 1.0

    def __repr__(self) -> str:
        return f"Approximation(length={self.length}, lower_bound={self.lower_bound}, method={self.stats.get('method')!r})"


# The compiled engine's greedy sequence is kept when it is at most this many times Theorem 4's
# bound; past it the Section 5 sequence is built instead (measured 20-25x the bound on uniformly
# random boards, BENCHMARKS.md "Issue 20"), so the result stays a constant-factor approximation
# (greedy alone is not one: on a board with a few tiles out of place it can take ~n^3 moves).
COMPILED_BUDGET_RATIO = 25
# Local improvement (remove_repeated_states, resolve_windows: Python, ~10 us a move) runs on
# compiled sequences up to this length only; it removes 0.1-0.5% (BENCHMARKS.md, "Issue 20").
COMPILED_IMPROVE_LIMIT = 100_000


def approximate(b1: Board, b2: Board, *, method: str = "best", tree: str = "cheapest",
                local: bool = True, engine: str = "auto") -> Approximation:
    """Moves turning B1 into B2 (any reachable pair, any n >= 2), with the Theorem 4 bound;
    the moves are replayed on B1 before they are returned (AssertionError if they miss B2).

    ``engine``: "python" (the reference, described below), "compiled"
    (:mod:`npw.solvers.npuz.approx_kernel`: the same guided greedy sequence, compiled, its moves
    packed 2 bits each) or "auto" (compiled where numba is installed, for the methods "best"
    and "greedy"). The compiled engine, method "best": the greedy sequence under a budget of
    ``COMPILED_BUDGET_RATIO`` x the bound, inverse pairs cancelled, the local improvement
    when it is at most ``COMPILED_IMPROVE_LIMIT`` moves long (and ``local``), replayed by a
    compiled checker; past the budget (boards with few tiles out of place) the Python Section 5
    sequence instead (``stats["engine"]`` says which ran). Method "greedy": no budget.

    Python engine. ``method``: "section5" (the cycle-fixing sequence above), "greedy" (the row-by-row
    solver of :mod:`npw.solvers.npuz.greedy`) or "best" (Section 5 first, then the greedy
    solver under a budget of the Section 5 length, the shorter kept: the minimum of a
    constant-factor approximation and any other solution is one too). ``tree``: "cheapest"
    (Section 5.3 item 1: the representatives chosen with the tree) or "nearest" (one
    representative per cycle, the location nearest the blank, then the tree: the first
    version). ``local``: the local improvement of :mod:`npw.solvers.npuz.improve` after;
    without it only inverse pairs are cancelled (as the first version did).

    >>> from npw.instances.npuz.board import goal_board
    >>> result = approximate((1, 2, 3, 4, 0, 6, 7, 5, 8), goal_board(3), engine="python")
    >>> result.moves, result.stats["method"]
    ('DR', 'greedy')
    """
    began = time.perf_counter()
    n = math.isqrt(len(b1))
    if sorted(b1) != sorted(b2) or len(b1) != n * n:
        raise InvalidInstance("the two boards do not hold the same tiles")
    if method not in ("best", "section5", "greedy") or tree not in ("cheapest", "nearest"):
        raise InvalidInstance(f"unknown method {method!r} or tree {tree!r}")
    if engine not in ("auto", "compiled", "python"):
        raise InvalidInstance(f"unknown engine {engine!r} (auto, compiled or python)")
    if not reachable(b1, b2):
        raise InvalidInstance("B2 is not reachable from B1 (Theorem 1)")
    if engine == "auto":
        from npw.instances.lazy import have_numba

        engine = "compiled" if method != "section5" and have_numba() else "python"
    if engine == "compiled" and method == "section5":
        raise InvalidInstance("the compiled engine has no Section 5 sequence (engine='python')")
    bound = theorem4_lower_bound(b1, b2)
    if engine == "compiled":
        result = _approximate_compiled(b1, b2, n, bound, method, local, began)
        if result is not None:
            return result
        # the greedy sequence passed its budget: the Section 5 sequence (Python) instead
        result = approximate(b1, b2, method="section5", tree=tree, local=local, engine="python")
        result.stats.update(engine="python (the compiled greedy sequence passed its budget)", greedy_length=None,
                            time=time.perf_counter() - began)
        return result
    stats: dict = {"fallback": False, "engine": "python"}
    candidates: dict[str, str] = {}
    if method in ("best", "section5"):
        try:
            candidates["section5"] = _approximate(b1, b2, n, stats, tree)
        except _NoRoom:
            from npw.instances.npuz.region import solve_board

            stats["fallback"] = True
            candidates["section5"] = solve_board(b1, b2)
        stats["section5_length"] = len(candidates["section5"])
    if method in ("best", "greedy"):
        budget = len(candidates["section5"]) if "section5" in candidates else None
        try:
            candidates["greedy"] = greedy_moves(b1, b2, budget=budget)
            stats["greedy_length"] = len(candidates["greedy"])
        except OverBudget:
            stats["greedy_length"] = None  # stopped: longer than the Section 5 sequence
        except NoRoom:
            if "section5" not in candidates:
                raise AssertionError("the greedy solver found no room (a bug)") from None
            stats["greedy_length"] = None  # the Section 5 sequence stands
    chosen = min(candidates, key=lambda name: (len(candidates[name]), name))
    moves = candidates[chosen]
    stats["method"] = chosen
    stats["raw_length"] = len(moves)
    moves = improve(b1, moves) if local else cancel_inverse_pairs(moves)
    if apply_moves(b1, moves) != tuple(b2):
        raise AssertionError("the approximation's moves do not reach B2 (a bug)")
    stats["time"] = time.perf_counter() - began
    stats["length"] = len(moves)
    stats.update(manhattan=bound.cycle_distance, tree_cost=bound.tree_cost)
    return Approximation(moves, bound.bound, stats)


def _approximate(b1: Board, b2: Board, n: int, stats: dict, tree_kind: str = "cheapest") -> str:
    if n < 3:
        raise _NoRoom()
    # Lemma 5: the blank goes home first
    board = _Board(list(b1), n)
    board.run(blank_path(board.blank, b2.index(0), n))
    target = _Board(list(b2), n)  # the target, moved along with every frame walk
    frame: list[str] = []

    def walk_to(cell: int) -> None:
        """Frame walk: the blank to a cell next to ``cell`` on both boards."""
        path = blank_path(board.blank, cell, n)
        if path:
            path = path[:-1]
        board.run(path)
        target.run(path)
        frame.extend(path)

    # cycles, their representatives, the tree and its depth-first order
    home = board.blank
    seen = [False] * (n * n)
    cycles = []
    for start in range(n * n):
        if seen[start] or board.cells[start] == target.cells[start]:
            continue
        cycle = []
        loc = start
        while not seen[loc]:
            seen[loc] = True
            cycle.append(loc)
            loc = target.pos[board.cells[loc]]
        cycles.append(cycle)
    stats["cycles"] = len(cycles)
    if tree_kind == "cheapest":
        order, stats["walk_tree_cost"] = cheapest_cycle_tree(home, cycles, n)
    else:
        order, stats["walk_tree_cost"] = _nearest_tree(home, [min(c, key=lambda x: (_dist(x, home, n), x)) for c in cycles], n)
    rep_tiles = [board.cells[loc] for loc in order]
    pending: tuple[int, int] | None = None  # two tiles that sit on each other's target
    three_cycles = 0
    for rep_tile in rep_tiles:
        if board.pos[rep_tile] == target.pos[rep_tile]:
            continue  # its cycle was fixed already
        if tree_kind == "cheapest":
            # the cycle is entered where the tree reaches it: the traveller is chosen so
            # that the first 3-cycle is gathered at the representative itself
            traveller = board.cells[target.pos[rep_tile]]
        else:  # the first version: the tile that belongs where the representative is
            traveller = target.cells[board.pos[rep_tile]]
        while True:
            d = board.pos[traveller]
            b = board.pos[target.cells[d]]  # its tile belongs at d
            if b == d:
                break  # fixed
            a = board.pos[target.cells[b]]
            if a == d:  # a 2-cycle is left
                if pending is None:
                    pending = (traveller, board.cells[b])
                else:
                    x, y = pending
                    walk_to(board.pos[x])
                    xl, yl, ul = board.pos[x], board.pos[y], board.pos[traveller]
                    vl = board.pos[target.cells[ul]]  # the tile that belongs where the traveller is
                    three_cycle(board, xl, yl, ul)
                    three_cycle(board, ul, xl, vl)
                    three_cycles += 2
                    pending = None
                break
            walk_to(b)
            d = board.pos[traveller]  # the walk may have shifted the three by one cell
            b = board.pos[target.cells[d]]
            a = board.pos[target.cells[b]]
            # (a -> b -> d -> a) written from its middle location b: the macro gathers
            # the tiles next to its first location, and b is one cycle edge from each
            p, q, r = b, d, a
            if tree_kind == "cheapest":
                # the same 3-cycle from whichever location the other two are nearest
                p, q, r = min(((b, d, a), (d, a, b), (a, b, d)),
                              key=lambda t: (_dist(t[0], t[1], n) + _dist(t[0], t[2], n), t[0] != b))
            three_cycle(board, p, q, r)
            three_cycles += 1
    if pending is not None:
        raise AssertionError("a swap is left over: the parity argument of Theorem 1 failed (a bug)")
    board.run(_OPP[m] for m in reversed(frame))
    stats.update(three_cycles=three_cycles, frame_moves=len(frame))
    moves = "".join(board.moves)
    if tuple(board.cells) != tuple(b2):
        raise AssertionError("approximation did not reach B2 (a bug)")
    return moves


def _approximate_compiled(b1: Board, b2: Board, n: int, bound, method: str, local: bool,
                          began: float) -> Approximation | None:
    """The compiled engine (see :func:`approximate`); None when the greedy sequence passed
    its budget or found no room (the caller builds the Section 5 sequence)."""
    from npw.solvers.npuz import approx_kernel as kernel

    budget = None if method == "greedy" else max(64, math.ceil(COMPILED_BUDGET_RATIO * bound.bound))
    try:
        packed = kernel.greedy_packed(b1, b2, budget=budget)
    except (kernel.KernelOverBudget, kernel.KernelNoRoom):
        if method == "greedy":
            raise AssertionError("the greedy solver found no room (a bug)") from None
        return None
    stats: dict = {"fallback": False, "engine": "compiled", "method": "greedy", "greedy_length": len(packed),
                   "raw_length": len(packed), "budget": budget}
    packed = kernel.cancel_inverse_pairs_packed(packed)
    if local and len(packed) <= COMPILED_IMPROVE_LIMIT:
        packed = kernel.PackedMoves.from_str(improve(b1, packed.to_str()))
    if not kernel.replay_ok(b1, packed, b2):
        raise AssertionError("the approximation's moves do not reach B2 (a bug)")
    stats["time"] = time.perf_counter() - began
    stats["length"] = len(packed)
    stats["bytes_per_move"] = kernel.BYTES_PER_MOVE
    stats.update(manhattan=bound.cycle_distance, tree_cost=bound.tree_cost)
    return Approximation(packed, bound.bound, stats)


def approximate_and_check(b1: Board, b2: Board) -> Approximation:
    """:func:`approximate`, with the moves replayed on B1 by the independent checker."""
    result = approximate(b1, b2)
    assert apply_moves(b1, result.moves) == tuple(b2)
    return result
