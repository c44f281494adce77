"""3-SAT -> Planar 3-SAT with a rectilinear layout: Lichtenstein, "Planar formulae and their
uses" (SIAM J. Comput. 11(2), 1982), Lemma 1 and its crossover gadget (Figure 5), laid out on
one line of variables as ``planar3sat`` draws it.

Lichtenstein draws the variables on a line and each clause as a comb; where a clause's leg
crosses another edge, the crossing is replaced by the crossover gadget, a planar formula with
terminals a, b, a', b' in this cyclic order that forces a' = a and b' = b. We keep the gadget
(its 18 clauses, :data:`CROSSOVER_CLAUSES`) and route the wires so that every variable stays on
the one line and every clause is a bar above or below it (the layout ``planar3sat`` and
``pm3sat`` carry). The proof's steps, one function each:

* Step 1 (:func:`source_clauses`): each 3-SAT clause with its repeated literals merged (a
  ``planar3sat`` clause names a variable once: x and ~x in one clause are read from two
  copies of x).
* Step 2 (:func:`plan`), the wires: the line is cut into *layers*. Layer 0 holds x_1..x_n.
  Each layer holds one variable for every live wire; an equality arc (~u or v), (u or ~v)
  carries a wire from its variable u in layer t to its variable v in layer t+1, above the
  line for even t and below for odd t. The arcs between two layers join them in reversed
  order (a rainbow: nested bars, no crossing), and arcs of alternate layers lie on opposite
  sides, so no two arcs cross.
* Step 3, each clause in turn: a *fork* layer gives each of its literals a copy wire of its
  variable (a variable beside the wire's, both carrying it on); *crossover* layers move the copies
  together, one crossing of two neighbouring wires at a time; the next layer (the next
  clause's fork layer, or a last one) ends the copies with the clause itself over them, on
  the side no arc leaves from.
* Step 4 (:func:`crossover`), the crossing of two neighbouring wires a, b: the nine variables
  a, b, alpha, beta, xi, delta, gamma, b', a' on the line with the gadget's clauses, each on
  the side :data:`CROSSOVER_LINE` gives (IN: the side the incoming arcs reach a and b from;
  OUT: the side the outgoing arcs leave b', a' on). The wires come in as a, b and leave as
  b', a': with the reversal of the next rainbow the two wires have changed places, which a
  drawing without the gadget cannot do (a, b, a', b' alternate around it).

forward: every wire variable the value of its source variable, the gadget's inner variables
alpha = a & b, beta = a & ~b, gamma = ~a & ~b, delta = ~a & b, xi = gamma | delta.
backward: x_1..x_n, the target's first n variables (layer 0).

>>> from npw.instances.sat.three_sat import ThreeSat
>>> formula = ThreeSat(3, [(1, -3, 2), (-1, 2, 2)])
>>> target = reduce(formula)
>>> target.problem, size(formula) == target.size()
('planar3sat', True)
>>> backward(formula, target, forward(formula, (True, True, False)))
(True, True, False)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Sequence

from npw.instances.base import MAX_VARIABLES, InvalidInstance
from npw.instances.elements import clause_id, var_id
from npw.instances.sat.planar3sat import PlanarThreeSat, incidence_planar
from npw.instances.sat.planar_monotone import ABOVE, BELOW, find_crossing
from npw.instances.sat.three_sat import ThreeSat
from npw.reductions.base import (BACKWARD_CLAIM, FORWARD_CLAIM, MAX_TARGET_ELEMENTS, TARGET_CLAIM, Claim, Reduction,
                                 refuse_target_size)

__all__ = ["CLAIMS", "CROSSOVER_CLAUSES", "CROSSOVER_LINE", "Cell", "IN", "LEMMA", "Layer", "OUT", "Plan",
           "REDUCTION", "SAMPLE_VARIABLES", "arc_side", "backward", "claim_clauses_kept", "claim_crossovers", "claim_forward_values",
           "claim_layout", "claim_wires_carry", "crossover", "crossover_gadget", "crossover_values", "forward", "plan",
           "provenance", "reduce", "size", "small_source", "source_clauses", "wire_origins"]

LEMMA = "Lichtenstein 1982, Lemma 1 (Figure 5: the crossover)"

IN, OUT = "in", "out"  # a gadget clause's side: where the incoming arcs arrive, or where the outgoing leave

CROSSOVER_LINE = ("a", "b", "alpha", "beta", "xi", "delta", "gamma", "b'", "a'")
"""The crossover's nine variables left to right on the line (found by trying every order of
the five inner variables for one where each clause has a side that crosses nothing)."""

CROSSOVER_CLAUSES: tuple[tuple[tuple[str, ...], str], ...] = (
    # alpha <-> a & b
    (("-a", "-b", "alpha"), OUT), (("a", "-alpha"), OUT), (("b", "-alpha"), IN),
    # beta <-> a & ~b'
    (("-a", "b'", "beta"), OUT), (("a", "-beta"), OUT), (("-b'", "-beta"), OUT),
    # gamma <-> ~a' & ~b'
    (("a'", "b'", "gamma"), IN), (("-a'", "-gamma"), IN), (("-b'", "-gamma"), IN),
    # delta <-> ~a' & b
    (("a'", "-b", "delta"), IN), (("-a'", "-delta"), IN), (("b", "-delta"), IN),
    # alpha or beta or gamma or delta, split by xi
    (("alpha", "beta", "xi"), IN), (("gamma", "delta", "-xi"), OUT),
    # no two neighbours around the square both true
    (("-alpha", "-beta"), IN), (("-beta", "-gamma"), OUT), (("-gamma", "-delta"), IN), (("-delta", "-alpha"), IN),
)
"""Lichtenstein's crossover: its clauses over the names of :data:`CROSSOVER_LINE` ("-" negates),
each with its side relative to the wires (IN or OUT)."""


def arc_side(layer: int) -> str:
    """The side of the arcs from layer ``layer`` to the next: above for even layers, below for odd."""
    return ABOVE if layer % 2 == 0 else BELOW


@dataclass(frozen=True)
class Cell:
    """One piece of a layer, left to right on the line.

    ``kind``: ``"pass"`` (a wire's variable), ``"fork"`` (the wire's variable and its copies'
    beside it: ``wires`` = the wire then its copies, or the copies then the wire, in line order), ``"cross"`` (the crossover of
    ``wires`` = (a, b), leaving as b', a'), ``"clause"`` (the copies ``wires`` end in source
    clause ``clause``)."""

    kind: str
    wires: tuple[int, ...]
    clause: int = -1

    @property
    def width(self) -> int:
        """Variables the cell puts on the line."""
        return len(CROSSOVER_LINE) if self.kind == "cross" else len(self.wires)

    @property
    def outputs(self) -> tuple[int, ...]:
        """The wires leaving the cell, in line order."""
        if self.kind == "cross":
            return self.wires[::-1]
        return () if self.kind == "clause" else self.wires


@dataclass(frozen=True)
class Layer:
    """A layer's cells, left to right."""

    cells: tuple[Cell, ...]

    @property
    def outputs(self) -> list[int]:
        return [w for cell in self.cells for w in cell.outputs]


@dataclass
class Plan:
    """The layers, each wire's source variable (wires 1..n are x_1..x_n) and each copy's literal
    (the clause it ends in reads it with that sign)."""

    layers: list[Layer] = field(default_factory=list)
    origin: dict[int, int] = field(default_factory=dict)
    literal: dict[int, int] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        """Variables, clauses and crossovers the plan builds (what :func:`size` reports)."""
        variables = sum(cell.width for layer in self.layers for cell in layer.cells)
        arcs = sum(len(layer.outputs) for layer in self.layers[:-1])
        cells = [cell for layer in self.layers for cell in layer.cells]
        crossings = sum(cell.kind == "cross" for cell in cells)
        forks = sum(cell.width - 1 for cell in cells if cell.kind == "fork")
        clauses = (2 * arcs + 2 * forks + len(CROSSOVER_CLAUSES) * crossings
                   + sum(cell.kind == "clause" for cell in cells))
        return {"variables": variables, "clauses": clauses, "crossovers": crossings}


def source_clauses(formula: ThreeSat) -> list[tuple[int, tuple[int, ...]]]:
    """Step 1: (index, clause) with repeated literals merged (x and ~x stay: each gets its own
    copy of x, so the clause names distinct variables of the target).

    >>> source_clauses(ThreeSat(2, [(1, 1, -2), (1, -1, 2)]))
    [(0, (1, -2)), (1, (1, -1, 2))]
    """
    return [(index, tuple(dict.fromkeys(int(l) for l in clause))) for index, clause in enumerate(formula.clauses)]


def plan(formula: ThreeSat) -> Plan:
    """Steps 2-3: the layers. For each clause a fork layer, crossover layers until its
    copies are neighbours (the outer copies step towards the middle one, both in one layer);
    the copies end in the clause in the next layer (the next clause's fork layer, or a last one).

    >>> [[c.kind for c in layer.cells] for layer in plan(ThreeSat(3, [(1, 2, 3)])).layers]
    [['pass', 'pass', 'pass'], ['fork', 'fork', 'fork'], ['pass', 'pass', 'pass', 'cross', 'pass'], ['pass', 'pass', 'clause', 'pass']]
    """
    kept = len(formula.clauses)
    if formula.num_vars * (kept + 1) > MAX_TARGET_ELEMENTS:  # each layer holds every variable's wire
        raise InvalidInstance(f"3sat-to-planar3sat would build a target of at least {formula.num_vars * (kept + 1):,} "
                              f"variables ({formula.num_vars} wires in each of {kept + 1} layers or more), past the "
                              f"limit {MAX_TARGET_ELEMENTS:,} (MAX_TARGET_ELEMENTS)")
    result = Plan(origin={v: v for v in range(1, formula.num_vars + 1)})
    main = {v: v for v in range(1, formula.num_vars + 1)}
    line = list(range(1, formula.num_vars + 1))  # the wires entering the next layer, left to right
    result.layers.append(Layer(tuple(Cell("pass", (w,)) for w in line)))
    line.reverse()

    placed = 0  # variables so far: the plan stops as soon as the target passes the limit

    def add(cells: list[Cell]) -> None:
        nonlocal line, placed
        placed += sum(cell.width for cell in cells)
        if placed > MAX_TARGET_ELEMENTS:
            raise InvalidInstance(f"3sat-to-planar3sat would build a target of more than {MAX_TARGET_ELEMENTS:,} "
                                  f"variables from {formula.num_vars} variables and {len(formula.clauses)} clauses "
                                  f"(MAX_TARGET_ELEMENTS)")
        layer = Layer(tuple(cells))
        result.layers.append(layer)
        line = layer.outputs[::-1]  # the rainbow to the next layer reverses the order

    def ending(cells: list[Cell], p: int, pending: tuple[int, set[int]] | None) -> int:
        """Ends the previous clause's copies (neighbours on the line) in its clause where they
        start at ``p``: the number of line places taken."""
        if pending is None or line[p] not in pending[1]:
            return 0
        count = len(pending[1])
        cells.append(Cell("clause", tuple(line[p:p + count]), pending[0]))
        return count

    pending: tuple[int, set[int]] | None = None  # a clause whose copies end in the next layer
    for index, clause in source_clauses(formula):
        # the fork layer (where the previous clause ends): the copy beside its wire, towards
        # the middle of the clause's wires
        variables = sorted({abs(l) for l in clause}, key=lambda v: line.index(main[v]))
        copies: dict[int, int] = {}  # literal -> its copy
        cells: list[Cell] = []
        p = 0
        while p < len(line):
            taken = ending(cells, p, pending)
            if taken:
                p += taken
                continue
            w = line[p]
            v = result.origin[w]
            if v in variables and w == main[v]:
                made = []
                for literal in (l for l in clause if abs(l) == v):
                    copy = max(result.origin) + 1
                    result.origin[copy] = v
                    result.literal[copy] = literal
                    copies[literal] = copy
                    made.append(copy)
                last = len(variables) > 1 and v == variables[-1]
                cells.append(Cell("fork", (*made[::-1], w) if last else (w, *made)))
            else:
                cells.append(Cell("pass", (w,)))
            p += 1
        add(cells)
        wanted = set(copies.values())
        # crossover layers: the outer copies step towards the middle one until all are neighbours
        while True:
            places = sorted(line.index(w) for w in wanted)
            swaps = []
            if len(places) > 1 and places[1] - places[0] > 1:
                swaps.append(places[0])
            if len(places) > 2 and places[2] - places[1] > 1:
                swaps.append(places[2] - 1)
            if not swaps:
                break
            cells, p = [], 0
            while p < len(line):
                if p in swaps:
                    cells.append(Cell("cross", (line[p], line[p + 1])))
                    p += 2
                else:
                    cells.append(Cell("pass", (line[p],)))
                    p += 1
            add(cells)
        pending = (index, wanted)
    if pending is not None:  # the last clause layer
        cells, p = [], 0
        while p < len(line):
            taken = ending(cells, p, pending)
            if not taken:
                cells.append(Cell("pass", (line[p],)))
            p += taken or 1
        add(cells)
    return result


def crossover(first: int, side_in: str, side_out: str) -> tuple[list[int], list[tuple[int, ...]], list[str]]:
    """Step 4: the crossover's variables ``first``..``first+8`` (input a is ``first``), its 18
    clauses and their sides (IN is ``side_in``, OUT ``side_out``).

    >>> variables, clauses, sides = crossover(10, "below", "above")
    >>> variables[0], variables[-1], clauses[0], sides[:3]
    (10, 18, (-10, -11, 12), ['above', 'above', 'below'])
    """
    number = {name: first + i for i, name in enumerate(CROSSOVER_LINE)}
    clauses = [tuple(-number[t[1:]] if t.startswith("-") else number[t] for t in clause)
               for clause, _ in CROSSOVER_CLAUSES]
    sides = [side_in if side == IN else side_out for _, side in CROSSOVER_CLAUSES]
    return list(number.values()), clauses, sides


def crossover_gadget() -> PlanarThreeSat:
    """The crossover on its own: variables 1..9 in :data:`CROSSOVER_LINE`'s order, the wires'
    arcs arriving from below (IN) and leaving above (OUT), as in an odd layer.

    >>> gadget = crossover_gadget()
    >>> gadget.num_vars, len(gadget.clauses)
    (9, 18)
    """
    _, clauses, sides = crossover(1, BELOW, ABOVE)
    return PlanarThreeSat(9, clauses, tuple(range(1, 10)), tuple(sides))


@functools.lru_cache(maxsize=4)
def _built(formula: ThreeSat) -> tuple[Plan, int, list[tuple[int, ...]], list[str], dict]:
    """The plan, the target's variable count, clauses and sides, and where each wire, crossover
    and source clause sits: computed once for a formula's reduce, forward, size and claims."""
    layout = _limited_plan(formula)
    return (layout, *_build(formula, layout))


def _build(formula: ThreeSat, layout: Plan) -> tuple[int, list[tuple[int, ...]], list[str], dict]:
    """The target's variable count, clauses and sides and, for the claims, where each wire and
    crossover sits."""
    clauses: list[tuple[int, ...]] = []
    sides: list[str] = []
    variable_of: dict[int, list[int]] = {}  # wire -> its variable in each layer it passes
    crossings: list[tuple[int, int, int, str, str]] = []  # (first variable, wire a, wire b, IN, OUT)
    made_from: dict[int, int] = {}  # target clause index -> source clause index
    number = 0
    incoming: dict[int, int] = {}  # wire -> its variable in the previous layer
    for t, layer in enumerate(layout.layers):
        side_in, side_out = arc_side(t - 1), arc_side(t)
        arriving: dict[int, int] = {}  # wire -> its variable where it enters this layer
        leaving: dict[int, int] = {}
        for cell in layer.cells:
            if cell.kind == "cross":
                names, inner, inner_sides = crossover(number + 1, side_in, side_out)
                a, b = cell.wires
                arriving[a], arriving[b] = names[0], names[1]
                leaving[b], leaving[a] = names[7], names[8]
                crossings.append((number + 1, a, b, side_in, side_out))
                clauses += inner
                sides += inner_sides
                number += len(names)
                continue
            start = number + 1
            for w in cell.wires:
                number += 1
                arriving[w] = leaving[w] = number
            if cell.kind == "fork":
                # each copy is born beside its wire, (~u or v) and (u or ~v) over neighbours
                # u, v; it arrives by no arc (it is not in ``incoming``)
                for u in range(start, number):
                    clauses += [(-u, u + 1), (u, -u - 1)]
                    sides += [side_out, side_out]
            if cell.kind == "clause":
                made_from[len(clauses)] = cell.clause
                clauses.append(tuple(arriving[w] if layout.literal[w] > 0 else -arriving[w] for w in cell.wires))
                sides.append(side_out)
                for w in cell.wires:
                    leaving.pop(w)
        for w, v in arriving.items():
            variable_of.setdefault(w, []).append(v)
            if w in incoming:
                u = incoming[w]
                clauses += [(-u, v), (u, -v)]
                sides += [side_in, side_in]
        incoming = leaving
    return number, clauses, sides, {"variables": variable_of, "crossings": crossings, "clauses": made_from}


def _limited_plan(formula: ThreeSat) -> Plan:
    """:func:`plan`, refused in one line where the target would pass the limits (counted
    from the plan, which is small beside the target: one cell a variable of a wire)."""
    layout = plan(formula)
    counts = layout.counts()
    refuse_target_size("3sat-to-planar3sat", "variables", counts["variables"], MAX_VARIABLES, "MAX_VARIABLES")
    refuse_target_size("3sat-to-planar3sat", "clauses", counts["clauses"], MAX_TARGET_ELEMENTS)
    return layout


def reduce(formula: ThreeSat) -> PlanarThreeSat:
    """Steps 1-4: the layers built left to right on the line (the target's variables are
    numbered along it; layer 0's are x_1..x_n)."""
    return _target(formula)


@functools.lru_cache(maxsize=4)
def _target(formula: ThreeSat) -> PlanarThreeSat:
    """The target, built (and validated, networkx's planarity test included) once for a formula:
    a chain's claims reduce the same source again for each claim and certificate."""
    _, number, clauses, sides, _ = _built(formula)
    return PlanarThreeSat(number, clauses, tuple(range(1, number + 1)), tuple(sides))


def wire_origins(formula: ThreeSat) -> dict[int, int]:
    """Target variable -> the source variable its wire carries, for every variable of a wire
    (the crossovers' inner variables carry none).

    >>> sorted(wire_origins(ThreeSat(1, [(1, 1, 1)])).items())
    [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    """
    layout, _, _, _, info = _built(formula)
    return {v: layout.origin[w] for w, found in info["variables"].items() for v in found}


def crossover_values(a: bool, b: bool) -> dict[str, bool]:
    """The gadget's nine values when its wires carry a and b (a' = a, b' = b).

    >>> sorted(k for k, v in crossover_values(True, False).items() if v)
    ['a', "a'", 'beta']
    """
    alpha, beta, gamma, delta = a and b, a and not b, not a and not b, not a and b
    return {"a": a, "b": b, "alpha": alpha, "beta": beta, "xi": gamma or delta, "delta": delta, "gamma": gamma,
            "b'": b, "a'": a}


def forward(formula: ThreeSat, assignment: Sequence[bool]) -> tuple[bool, ...]:
    """Every wire variable its source variable's value; each crossover's inner variables by
    :func:`crossover_values`."""
    layout, number, _, _, info = _built(formula)
    values = [False] * number
    for w, found in info["variables"].items():
        for v in found:
            values[v - 1] = bool(assignment[layout.origin[w] - 1])
    for first, a, b, _, _ in info["crossings"]:
        inner = crossover_values(bool(assignment[layout.origin[a] - 1]), bool(assignment[layout.origin[b] - 1]))
        for offset, name in enumerate(CROSSOVER_LINE):
            values[first + offset - 1] = inner[name]
    return tuple(values)


def backward(formula: ThreeSat, target: PlanarThreeSat, assignment: Sequence[bool]) -> tuple[bool, ...]:
    """x_1..x_n: the target's first n variables (layer 0)."""
    return tuple(bool(v) for v in assignment[:formula.num_vars])


def size(formula: ThreeSat) -> dict[str, int]:
    """Counted from the plan (:meth:`Plan.counts`): one variable per wire per layer, nine per
    crossover; two clauses per arc and per copy, 18 per crossover, one per source clause.
    In the source's measures, with n variables and m clauses: at most m(n + 5) + 1 layers of at
    most n + 3 wires, so O(m n^2) variables and clauses."""
    counts = _built(formula)[0].counts()
    return {"variables": counts["variables"], "clauses": counts["clauses"]}


def provenance(formula: ThreeSat, target: PlanarThreeSat) -> dict[str, list[str]]:
    """A variable made every variable of its wires (and copies); a clause made the clause over
    its copies.

    >>> provenance(ThreeSat(1, [(1, 1, 1)]), reduce(ThreeSat(1, [(1, 1, 1)])))
    {'var:1': ['var:1', 'var:2', 'var:3', 'var:4', 'var:5'], 'clause:0': ['clause:4']}
    """
    layout, _, _, _, info = _built(formula)
    made: dict[str, list[str]] = {var_id(v): [] for v in range(1, formula.num_vars + 1)}
    for w, found in sorted(info["variables"].items()):
        made[var_id(layout.origin[w])] += [var_id(v) for v in found]
    for key in made:
        made[key].sort(key=lambda e: int(e.split(":")[1]))
    for j in range(len(formula.clauses)):
        made[clause_id(j)] = [clause_id(i) for i, source in info["clauses"].items() if source == j]
    return made


SAMPLE_VARIABLES = 700
"""The most variables of a random source's target (``source_sample``): 3 variables and 10-20
clauses (a no-instance where all eight sign patterns are drawn), or 4 and 4-18, keep the
target under it (about 1 s to build and check); the 3-SAT sample's own
sources (up to 6 variables, 48 clauses) give targets of several thousand variables, each
seconds of networkx's planarity test."""


def small_source(seed: int) -> ThreeSat:
    """The random stream's source: 3 variables and 10-20 clauses (six cases in ten) or 4 and
    4-18, three distinct variables a clause (both answers common), redrawn while its target
    would pass ``SAMPLE_VARIABLES``.

    >>> formula = small_source(7)
    >>> 3 <= formula.num_vars <= 4 and size(formula)["variables"] <= SAMPLE_VARIABLES
    True
    """
    import random

    from npw.instances.sat.three_sat import random_instance

    rng = random.Random(seed)
    while True:
        n = 3 if rng.random() < 0.6 else 4
        m = rng.randint(10, 20) if n == 3 else rng.randint(4, 18)
        formula = random_instance(rng.randrange(2**31), n, m / n)
        if _limited_plan(formula).counts()["variables"] <= SAMPLE_VARIABLES:
            return formula


# -- the proof's claims ---------------------------------------------------------------------------


def claim_layout(formula: ThreeSat, target: PlanarThreeSat) -> bool | str:
    """The target's drawing has no crossing and its incidence graph with the variable path is
    planar (both checked afresh, not trusted to the constructor)."""
    crossing = find_crossing(target.order, target.clauses, target.levels, target.sides)
    if crossing:
        return crossing
    return incidence_planar(target.num_vars, target.clauses, target.order) or "the incidence graph is not planar"


def claim_clauses_kept(formula: ThreeSat, target: PlanarThreeSat) -> bool | str:
    """Each source clause appears once in the target, over copies of its variables with its
    signs (one copy per distinct literal)."""
    origin = wire_origins(formula)
    info = _built(formula)[4]
    for i, j in info["clauses"].items():
        seen = tuple(sorted((origin[abs(l)], l > 0) for l in target.clauses[i]))
        wanted = tuple(sorted({(abs(l), l > 0) for l in formula.clauses[j]}))  # repeats merged
        if seen != wanted:
            return f"source clause {j} became {target.clauses[i]}, over copies of the wrong literals"
    return sorted(info["clauses"].values()) == list(range(len(formula.clauses))) or \
        "a source clause is missing or doubled"


def claim_crossovers(formula: ThreeSat, target: PlanarThreeSat) -> bool | str:
    """Each crossing of two wires is Lichtenstein's gadget: its nine variables side by side on
    the line, its 18 clauses among the target's, each on its side (IN: the side the wires
    arrive from, OUT: the side they leave on)."""
    info = _built(formula)[4]
    present = set(zip(target.clauses, target.sides))
    for first, _, _, side_in, side_out in info["crossings"]:
        if side_in == side_out:
            return f"the crossover at x{first} has its wires arrive and leave on one side"
        for clause, side in zip(*crossover(first, side_in, side_out)[1:]):
            if (clause, side) not in present:
                return f"the crossover at x{first} lacks {clause} {side} the line"
    return True


def claim_forward_values(formula: ThreeSat, target: PlanarThreeSat, assignment: Sequence[bool],
                         values: Sequence[bool]) -> bool | str:
    """Every wire variable holds its source variable's value, and the values satisfy the target."""
    for v, x in wire_origins(formula).items():
        if bool(values[v - 1]) != bool(assignment[x - 1]):
            return f"x{v} on the wire of x{x} does not hold its value"
    return target.verify(tuple(values)) or "the forward values do not satisfy the target"


def claim_wires_carry(formula: ThreeSat, target: PlanarThreeSat, values: Sequence[bool],
                      extracted: Sequence[bool]) -> bool | str:
    """In every satisfying assignment of the target, every variable of x's wires (through
    forks, arcs and crossovers) equals x in layer 0: the crossover forces a' = a and b' = b."""
    for v, x in wire_origins(formula).items():
        if bool(values[v - 1]) != bool(values[x - 1]):
            return f"x{v} on the wire of x{x} differs from x{x}"
    return True


CLAIMS = (
    Claim("layout", f"the formula built is planar, drawn with the variables on a line and each clause above or "
          f"below it without crossing ({LEMMA})", claim_layout, TARGET_CLAIM),
    Claim("clauses-kept", f"each clause of the formula is a clause of the planar formula, over copies of its "
          f"variables ({LEMMA})", claim_clauses_kept, TARGET_CLAIM),
    Claim("crossovers", f"each crossing is replaced by the crossover gadget ({LEMMA})", claim_crossovers,
          TARGET_CLAIM),
    Claim("forward-values", f"the copies of a variable take its value and the gadgets' inner variables can be set "
          f"to satisfy them ({LEMMA})", claim_forward_values, FORWARD_CLAIM),
    Claim("wires-carry", f"in any satisfying assignment the crossover forces a' = a and b' = b, so every copy of x "
          f"equals x ({LEMMA})", claim_wires_carry, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-planar3sat", source="3sat", target="planar3sat",
    reference="Lichtenstein, Planar formulae and their uses, SIAM J. Comput. 11(2), 1982, Lemma 1 (the crossover "
              "gadget); laid out on one line as Knuth & Raghunathan 1992",
    source_sample=small_source,
    checked=("every 3-SAT instance of one clause (24), 100 random by source_sample (77 yes, 23 no; targets up to "
             "559 variables); every target validated planar twice (the drawing and networkx)"),
    notes="wires routed in layers with rainbows of equality arcs; repeated literals merged, x and ~x in one clause "
          "read from two copies of x",
)
