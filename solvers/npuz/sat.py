"""A SAT planner for npuz (small boards): is there a plan of at most k moves?

Encoding (a classic linear planning encoding, k + 1 time layers):

* ``at(t, cell, tile)``: the tile (0 = blank) lies on the cell at time t; exactly one
  tile per cell and one cell per tile at every t;
* ``move(t, cell, d)``: at step t the blank, on ``cell``, travels in direction d
  (U/D/L/R, to an existing cell), or ``idle(t)``; exactly one action per step, and
  idle steps only at the end (idle(t) -> idle(t+1)), so a model reads as a plan of
  at most k moves;
* effects: move(t, c, d) -> at(t, c, 0), at(t+1, c', 0), and for every tile v,
  at(t, c', v) -> at(t+1, c, v) (c' the cell in direction d);
* frame axioms: a cell keeps its tile unless an action of step t involves it;
* at(0, ., .) = B1 and at(k, ., .) = B2 as unit clauses.

Unreachable pairs are answered NO by Theorem 1 without building the formula.
:func:`to_dimacs` exports the formula (``npw solve --emit dimacs``), so hard planning
CNFs can go to any SAT solver; variable numbering is stated in its comment lines.
Sizes: about (k+1) n^4 ``at`` variables: 3 x 3 with k = 31 has 2,592 of them.
"""

from __future__ import annotations

import itertools

from npw.instances.npuz.board import NPuz
from npw.instances.npuz.reach import reachable
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.result import Answer, Deadline, Result
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.exports import npuz_clauses
from npw.solvers.registry import Decider, Export

__all__ = ["DECIDERS", "DIRECTIONS", "EXPORTS", "PlanEncoding", "clause_estimate", "solve", "to_dimacs"]

DIRECTIONS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def clause_estimate(n: int, k: int) -> int:
    """How many clauses the plan of at most k moves on an n x n board takes (within a few per
    cent): pairwise exactly-one per cell and per tile in k + 1 layers, the actions' effects and
    frame axioms in k steps. A 6 x 6 board needs about 55,000 clauses a move.

    >>> clause_estimate(3, 31) == len(PlanEncoding(NPuz(3, tuple(range(9)), tuple(range(9)), 31)).clauses)
    True
    """
    cells = n * n
    actions = 4 * n * (n - 1)  # the blank's moves between neighbouring cells
    per_step = actions + 1
    layer = 2 * cells * (1 + cells * (cells - 1) // 2)
    step = 1 + per_step * (per_step - 1) // 2 + 1 + actions * (cells + 1) + cells * cells
    return (k + 1) * layer + k * step + 2 * cells - 1


class PlanEncoding:
    def __init__(self, instance: NPuz, deadline: Deadline | None = None) -> None:
        """Builds the plan's clauses; Refused past the encoding limit (npw.solvers.limits),
        OutOfTime past ``deadline``."""
        self.instance = instance
        n, k = instance.n, instance.k
        refuse_above(clause_estimate(n, k), f"a plan of at most {k:,} moves on a {n} x {n} board")
        self.n, self.k, self.cells = n, k, n * n
        self.num_vars = 0
        self.at_base = self._block((k + 1) * self.cells * self.cells)
        self.actions: list[tuple[int, str, int]] = []  # (cell, direction, neighbour)
        for cell in range(self.cells):
            r, c = divmod(cell, n)
            for d, (dr, dc) in DIRECTIONS.items():
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    self.actions.append((cell, d, (r + dr) * n + c + dc))
        self.per_step = len(self.actions) + 1  # + idle
        self.act_base = self._block(k * self.per_step)
        self.clauses: list[tuple[int, ...]] = ClauseBuffer(deadline)
        self._build()

    def _block(self, size: int) -> int:
        base = self.num_vars + 1
        self.num_vars += size
        return base

    def at(self, t: int, cell: int, tile: int) -> int:
        return self.at_base + (t * self.cells + cell) * self.cells + tile

    def act(self, t: int, index: int) -> int:
        """index < len(actions): a move; index == len(actions): idle."""
        return self.act_base + t * self.per_step + index

    def _exactly_one(self, literals: list[int]) -> None:
        self.clauses.append(tuple(literals))
        self.clauses.extend((-a, -b) for a, b in itertools.combinations(literals, 2))

    def _build(self) -> None:
        inst, k, cells = self.instance, self.k, self.cells
        for t in range(k + 1):
            for cell in range(cells):
                self._exactly_one([self.at(t, cell, v) for v in range(cells)])
            for v in range(cells):
                self._exactly_one([self.at(t, cell, v) for cell in range(cells)])
        for cell, tile in enumerate(inst.start):
            self.clauses.append((self.at(0, cell, tile),))
        for cell, tile in enumerate(inst.goal):
            self.clauses.append((self.at(k, cell, tile),))
        idle = len(self.actions)
        for t in range(k):
            self._exactly_one([self.act(t, i) for i in range(self.per_step)])
            if t + 1 < k:
                self.clauses.append((-self.act(t, idle), self.act(t + 1, idle)))
            involving: dict[int, list[int]] = {cell: [] for cell in range(cells)}
            for i, (cell, _, other) in enumerate(self.actions):
                a = self.act(t, i)
                involving[cell].append(a)
                involving[other].append(a)
                self.clauses.append((-a, self.at(t, cell, 0)))
                self.clauses.append((-a, self.at(t + 1, other, 0)))
                for v in range(1, cells):
                    self.clauses.append((-a, -self.at(t, other, v), self.at(t + 1, cell, v)))
            for cell in range(cells):
                for v in range(cells):
                    # frame: the tile stays unless an action of step t involves the cell
                    self.clauses.append((-self.at(t, cell, v), self.at(t + 1, cell, v), *involving[cell]))

    def decode(self, values: tuple[bool, ...]) -> str:
        moves = []
        for t in range(self.k):
            for i, (_, d, _) in enumerate(self.actions):
                if values[self.act(t, i) - 1]:
                    moves.append(d)
                    break
        return "".join(moves)


def solve(instance: NPuz, timeout: float | None = None, solver: str | None = None, **_: object) -> Result:
    """Decides the npuz instance through the planning encoding (python-sat)."""
    def encode(deadline: Deadline) -> SatEncoding:
        if not reachable(instance.start, instance.goal):
            return SatEncoding.decided(False, unreachable=True)
        if instance.start == instance.goal:
            return SatEncoding.decided(True, "")
        if instance.k == 0:
            return SatEncoding.decided(False)
        plan = PlanEncoding(instance, deadline)
        return SatEncoding(plan.num_vars, plan.clauses, plan.decode)

    result = decide_by_sat(encode, backend="sat", solver=solver, timeout=timeout)
    if result.answer is Answer.YES:
        result.stats["length"] = len(result.certificate)
    return result


def to_dimacs(instance: NPuz) -> str:
    """The planning CNF as DIMACS, with the variable layout in comments."""
    from npw.instances.sat.cnf import CNF

    encoding = PlanEncoding(instance)
    n, k, cells = encoding.n, encoding.k, encoding.cells
    comments = (
        f"npw: npuz planning encoding, {n}x{n} board, plans of at most k = {k} moves",
        f"at(t, cell, tile) = {encoding.at_base} + (t * {cells} + cell) * {cells} + tile  (tile 0 = blank)",
        f"act(t, i) = {encoding.act_base} + t * {encoding.per_step} + i; i < {len(encoding.actions)}: the blank on "
        f"cell {{c}} moves {{d}} per the list below; i = {len(encoding.actions)}: idle",
        "actions: " + " ".join(f"{i}:{c}{d}" for i, (c, d, _) in enumerate(encoding.actions)),
    )
    return CNF(encoding.num_vars, encoding.clauses).to_dimacs(comments=comments)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("npuz", "sat", solve),
)

EXPORTS = (
    Export("npuz", "dimacs", to_dimacs, clause_bound=npuz_clauses),
)
