"""The claims of Theorem 3 (Ratner & Warmuth 1990, Section 4) that can be observed on the boards
the verifier builds, at its small unit l = 1, as checks run on every case
(:class:`npw.reductions.base.Claim`).

Section 4.1 lays the REL graph out (pieces disjoint, stripes at least 5l long, nodes 5l apart,
12m two-stripes with 4m corners) and defines B1, B2 and k = d(B1, B2) + u; Section 4.2 bounds
the forward moves by k; Lemmas 1-4 (Section 4.3) say what a solution within k does: the blank
stays in the vicinities, never crosses an entry backwards, traverses every edge once and
carries exactly c element tiles through a capacity-c edge. At l = 1 the lemmas are not
guaranteed (they need l > u + 16m) for every solution; what they assert is checked on the
solutions at hand (the forward one, and any a decider finds).

Every check reads the dense boards (the target) and takes from the construction only the
geometry (where the nodes and stripes are: :func:`instance_of`), so a wrong board fails it.

>>> from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
>>> from npw.reductions.npuz.reduction import reduce
>>> formula = TwoTwoFourSat(1, [(1, -1, 1, -1)])
>>> board = reduce(formula)
>>> k_is_d_plus_u(formula, board), boards_encode_theorem2(formula, board)
(True, True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from npw.instances.npuz.board import NPuz
from npw.instances.npuz.reach import reachable
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.rel import theorem2
from npw.reductions.rel.figures import clause_vertex, diamond_top
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, Claim
from npw.reductions.npuz.backward import DecodeError, decode_walk, read_back, same_rel
from npw.reductions.npuz.instance import SMALL_UNIT, Theorem3Instance, build_instance, p, paper_u
from npw.reductions.npuz.layout import Cell, Layout

__all__ = ["CLAIMS", "CORNER", "ENLARGED", "PAPER", "SCALE", "b2_reachable", "blank_from_top1_to_ncm",
           "blank_in_vicinities", "boards_encode_theorem2", "edges_once_with_capacity", "every_stripe_rearranged",
           "forward_budget", "instance_of", "k_is_d_plus_u", "layout_as_stated", "layout_rules",
           "unchanged_off_the_graph", "vicinities", "within_k"]

PAPER = "Ratner & Warmuth 1990, Theorem 3"
SCALE = "checked at the verifier's unit l = 1"


@lru_cache(maxsize=4)
def instance_of(formula: TwoTwoFourSat, n: int) -> Theorem3Instance:
    """The construction at the unit l = 1 whose board side is ``n`` (the registered scale)."""
    instance = build_instance(formula, SMALL_UNIT)
    if instance.n != n:
        raise ValueError(f"the board is {n} x {n}, the construction at l = {SMALL_UNIT} is {instance.n} x {instance.n}")
    return instance


def _board(tiles: tuple[int, ...], n: int):
    return lambda cell: tiles[cell[0] * n + cell[1]]


def _stripe_cells(layout: Layout) -> dict[Cell, int]:
    return {c: e.index for e in layout.edges for c in e.cells()}


def _node_cells(layout: Layout) -> set[Cell]:
    return {c for node in layout.nodes for c in node.cells()}


# -- Section 4.1: the layout ----------------------------------------------------------------------


def layout_rules(layout: Layout, m: int) -> bool | str:
    """The layout's rules (Section 4.1, Definition 1's premise): pieces disjoint and on the
    board, every stripe at least 5l long, every two nodes at least 5l apart, each edge from
    next to its tail to next to its head; 12m two-stripes and 4m corners of two-edges (the
    counts u is made of)."""
    problems = layout.check()
    if problems:
        return problems[0]
    counts = layout.counts()
    if (counts["two_stripes"], counts["two_corners"]) != (12 * m, 4 * m):
        return f"{counts['two_stripes']} two-stripes and {counts['two_corners']} corners, not 12m = {12 * m} and 4m = {4 * m}"
    return True


def layout_as_stated(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    return layout_rules(instance_of(formula, board.n).layout, formula.num_vars)


def k_is_d_plus_u(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    """k = d(B1, B2) + u, d the Manhattan distance of every non-blank tile (read off the dense
    boards) and u = 508m + 29m p(6) + 9m p(4m+3) (Section 4.1)."""
    n = board.n
    where = {tile: i for i, tile in enumerate(board.goal)}
    d = sum(abs(i // n - where[t] // n) + abs(i % n - where[t] % n) for i, t in enumerate(board.start) if t)
    u = paper_u(formula.num_vars)
    return True if board.k == d + u else f"k = {board.k}, d(B1, B2) + u = {d} + {u} = {d + u}"


def b2_reachable(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    """B2 is reachable from B1 (Theorem 1; two tiles of nc_m swapped in B2 where needed)."""
    return True if reachable(board.start, board.goal) else "B2 is not reachable from B1 (Theorem 1)"


def blank_from_top1_to_ncm(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    """B1 numbers the tiles row by row with the blank in the first diamond (top_1's centre); in
    B2 the blank is in nc_m (Section 4.1)."""
    layout = instance_of(formula, board.n).layout
    n = board.n
    start_blank, goal_blank = divmod(board.start.index(0), n), divmod(board.goal.index(0), n)
    if start_blank != layout.node(diamond_top(1)).local(4):
        return f"the blank starts at {start_blank}, not in top_1's centre"
    if not layout.node(clause_vertex(formula.num_vars)).contains(goal_blank):
        return f"the blank ends at {goal_blank}, not in nc_m"
    ordered = [t for t in board.start if t]
    return True if ordered == sorted(ordered) else "B1 does not number the tiles row by row"


def unchanged_off_the_graph(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    """All locations outside the edges and the nodes hold the same tiles in B1 and B2 (the
    premise of Lemma 1)."""
    layout = instance_of(formula, board.n).layout
    inside = _node_cells(layout) | set(_stripe_cells(layout))
    n = board.n
    for i, (a, b) in enumerate(zip(board.start, board.goal)):
        if a != b and divmod(i, n) not in inside:
            return f"cell {divmod(i, n)}, off every node and stripe, holds {a} in B1 and {b} in B2"
    return True


CORNER = 2  # the last columns of a leg before a turn: the corner's arrangement (Figure 5, lost)


def every_stripe_rearranged(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    """Every tile of every stripe is moved in B2 (Figures 4, 6-8: one step back along the
    edge), so every edge must be traversed (Lemma 3's first step). Not counted: the last two
    columns of a leg before a turn, which the ten-move corner may leave as they are."""
    layout = instance_of(formula, board.n).layout
    n = board.n
    for edge in layout.edges:
        for k, leg in enumerate(edge.legs):
            turns = k + 1 < len(edge.legs)
            for j in range(leg.width):
                for i in range(leg.length - (CORNER if turns else 0)):
                    r, c = leg.cell(j, i)
                    if board.start[r * n + c] == board.goal[r * n + c]:
                        return f"edge e{edge.index}: cell {(r, c)} holds tile {board.goal[r * n + c]} in both B1 and B2"
    return True


def boards_encode_theorem2(formula: TwoTwoFourSat, board: NPuz) -> bool | str:
    """The REL instance read off B1 and B2 (stripe widths = capacity + 1, directions, element
    tiles: those that start in one node and end in another) is Theorem 2's for the formula
    ("the instance of nPUZ corresponds to the instance of REL", Section 4.3)."""
    instance = instance_of(formula, board.n)
    try:
        rel = read_back(instance, _board(board.start, board.n), _board(board.goal, board.n))
    except AssertionError as error:
        return f"the boards do not read back as a REL instance: {error}"
    return True if same_rel(rel, theorem2.reduce(formula)) else "the boards encode another REL instance than Theorem 2's"


# -- Section 4.2: forward, and Lemmas 1-4 on a solution ------------------------------------------


def within_k(formula: TwoTwoFourSat, board: NPuz, assignment: Any, moves: str) -> bool | str:
    """The modified procedures Shift take at most k = d(B1, B2) + u moves (Section 4.2)."""
    return True if len(moves) <= board.k else f"{len(moves)} moves, k = {board.k}"


def forward_budget(formula: TwoTwoFourSat, board: NPuz, assignment: Any, moves: str) -> bool | str:
    """Section 4.2's accounting: the rearrangements of corners and nodes (Fact 1) take at most
    29m p(6) + 9m p(4m+3) moves, the rest (zero-edges, seven-step sequences) at most
    d(B1, B2) + 508m."""
    from npw.reductions.npuz.forward import forward_moves

    instance = instance_of(formula, board.n)
    run = forward_moves(instance, assignment)
    if run.text() != moves:
        return None  # another certificate than the construction's own run: its parts are unknown
    m = formula.num_vars
    regions, rest = run.region_moves, run.moves - run.region_moves
    if regions > 29 * m * p(6) + 9 * m * p(4 * m + 3):
        return f"{regions} moves rearranging regions, above 29m p(6) + 9m p(4m+3)"
    if rest > instance.d + 508 * m:
        return f"{rest} moves outside the rearrangements, above d + 508m = {instance.d} + {508 * m}"
    return True


ENLARGED = 3  # Section 4.2 rearranges nodes enlarged by up to three locations


def vicinities(layout: Layout, unit: int) -> set[Cell]:
    """Definition 1 (without TC' and FC', so a little narrower there): every node enlarged by
    ``unit`` on each side, every stripe widened by ``unit`` on each side."""
    cells: set[Cell] = set()
    for node in layout.nodes:
        for r in range(node.row - unit, node.row + node.side + unit):
            for c in range(node.col - unit, node.col + node.side + unit):
                cells.add((r, c))
    for edge in layout.edges:
        for leg in edge.legs:
            side = leg.side
            for j in range(leg.width):
                for i in range(leg.length):
                    r, c = leg.cell(j, i)
                    for o in range(-unit, unit + 1):
                        cells.add((r + o * side[0], c + o * side[1]))
    return cells


def blank_in_vicinities(formula: TwoTwoFourSat, board: NPuz, moves: str, _other: Any = None) -> bool | str:
    """Lemma 1: during a solution the blank is always in the vicinity of a node or an edge,
    the vicinities of width max(l, 3): at l = 1 the forward run's own rearrangements of nodes
    enlarged by three (Section 4.2) reach 3 locations off a node, which the paper's vicinities
    (l >= u + 16m + 1) contain."""
    instance = instance_of(formula, board.n)
    allowed = vicinities(instance.layout, max(instance.unit, ENLARGED))
    n = board.n
    r, c = divmod(board.start.index(0), n)
    step = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    for number, ch in enumerate(moves, 1):
        dr, dc = step.get(ch, (0, 0))
        r, c = r + dr, c + dc
        if (r, c) not in allowed:
            return f"move {number} takes the blank to {(r, c)}, outside every vicinity"
    return True


def edges_once_with_capacity(formula: TwoTwoFourSat, board: NPuz, moves: str, _other: Any = None) -> bool | str:
    """Lemmas 2-4: the blank never crosses an edge's centre backwards for good, traverses every
    edge exactly once, and exactly c element tiles travel through the centre of a capacity-c
    edge with it; the traversals form a solution of Theorem 2's REL instance (Section 4.3)."""
    instance = instance_of(formula, board.n)
    try:
        walk = decode_walk(instance, moves)
    except DecodeError as error:
        return str(error)
    edges = instance.layout.edges
    seen = [e for e, _, _ in walk]
    twice = sorted(e for e in set(seen) if seen.count(e) > 1)
    if twice:
        return f"edge e{twice[0]} is traversed {seen.count(twice[0])} times"
    missing = sorted(set(range(len(edges))) - set(seen))
    if missing:
        return f"edge e{missing[0]} is never traversed"
    for e, _, shipped in walk:
        if len(shipped) != edges[e].capacity:
            return f"edge e{e} of capacity {edges[e].capacity} carries {len(shipped)} element tiles"
    if not theorem2.reduce(formula).verify(walk):
        return "the traversals are not a solution of Theorem 2's REL instance"
    return True


def _forward(check):
    """A backward-ordered check (target certificate first) for the forward stage."""

    def on_forward(formula: TwoTwoFourSat, board: NPuz, assignment: Any, moves: str) -> bool | str | None:
        return check(formula, board, moves, assignment)

    on_forward.__name__ = f"forward_{check.__name__}"
    return on_forward


CLAIMS = (
    Claim("layout rules", f"{PAPER}, Section 4.1 ({SCALE}): nodes and stripes disjoint, stripes >= 5l, nodes "
          ">= 5l apart, 12m two-stripes and 4m corners", layout_as_stated),
    Claim("k = d(B1, B2) + u", f"{PAPER}, Section 4.1 ({SCALE}): k = d(B1, B2) + u, "
          "u = 508m + 29m p(6) + 9m p(4m+3)", k_is_d_plus_u),
    Claim("B2 reachable", f"{PAPER}, Section 4.1 ({SCALE}): B2 reachable from B1 (Theorem 1, swap in nc_m)",
          b2_reachable),
    Claim("blank from top_1 to nc_m", f"{PAPER}, Section 4.1 ({SCALE}): B1 row by row, the blank in the first "
          "diamond; in B2 in nc_m", blank_from_top1_to_ncm),
    Claim("unchanged off the graph", f"{PAPER}, Lemma 1's proof ({SCALE}): all locations outside the edges and "
          "the nodes contain the same tiles in B1 and B2", unchanged_off_the_graph),
    Claim("every stripe rearranged", f"{PAPER}, Lemma 3's proof, Figures 4-8 ({SCALE}): the stripes of the edges "
          "are rearranged in B2 (every tile but at a corner)", every_stripe_rearranged),
    Claim("boards encode Theorem 2's REL", f"{PAPER}, Section 4.3 ({SCALE}): the instance of nPUZ corresponds to "
          "the instance of REL of Theorem 2", boards_encode_theorem2),
    Claim("forward within k", f"{PAPER}, Section 4.2 ({SCALE}): the modified procedures Shift take at most "
          "k = d(B1, B2) + u moves", within_k, stage=FORWARD_CLAIM),
    Claim("forward budget", f"{PAPER}, Section 4.2 ({SCALE}): zero-edges and seven-step sequences at most "
          "d(B1, B2) + 508m moves; corner and node rearrangements at most 29m p(6) + 9m p(4m+3)",
          forward_budget, stage=FORWARD_CLAIM),
    Claim("forward: Lemma 1", f"{PAPER}, Lemma 1 on the forward moves ({SCALE}, vicinities of width 3, the "
          "reach of Section 4.2's enlarged nodes): the blank stays in the vicinities",
          _forward(blank_in_vicinities), stage=FORWARD_CLAIM),
    Claim("forward: Lemmas 2-4", f"{PAPER}, Lemmas 2-4 on the forward moves ({SCALE}): every edge traversed "
          "once, forwards, with exactly c element tiles", _forward(edges_once_with_capacity), stage=FORWARD_CLAIM),
    Claim("solution: Lemma 1", f"{PAPER}, Lemma 1 on each solution decoded ({SCALE}, vicinities of width 3; "
          "the lemma needs l > u + 16m)", blank_in_vicinities, stage=BACKWARD_CLAIM),
    Claim("solution: Lemmas 2-4", f"{PAPER}, Lemmas 2-4 on each solution decoded ({SCALE}; the lemmas need "
          "l > u + 16m): every edge once with exactly c element tiles", edges_once_with_capacity,
          stage=BACKWARD_CLAIM),
)
