"""Planar 3-SAT with a rectilinear layout (Lichtenstein 1982; the layout of Knuth &
Raghunathan 1992): the problem between 3-SAT and Planar Monotone 3SAT (``pm3sat``).

A clause has one to three literals over distinct variables, of any signs. The instance carries
its layout in ``pm3sat``'s representation (:mod:`npw.instances.sat.planar_monotone`): the
variables on a horizontal line in the order ``order``, each clause a horizontal segment at
height ``levels[i]`` on its side ``sides[i]`` (``"above"`` or ``"below"``) with a vertical leg
to each of its variables. Signs no longer say the side (a clause may mix them), so the side is
given; omitted, it is pm3sat's rule (all-negative clauses below, every other above).

``validate()`` checks two things, each with one message:

* the drawing is free of crossings: pm3sat's test
  (:func:`~npw.instances.sat.planar_monotone.find_crossing`, with the sides given);
* the graph of the formula (a vertex per variable and per clause, an edge from each clause to
  each of its variables, and the variable path along ``order``) is planar: checked on its own
  by networkx's planarity test (:func:`incidence_planar`), not inferred from the drawing.

>>> f = PlanarThreeSat(3, [(1, -2), (-1, 3), (2, -3)], order=(1, 2, 3), sides=("above", "below", "above"))
>>> f.levels, f.verify((True, True, True))
((1, 1, 1), True)
>>> PlanarThreeSat(4, [(1, -3), (2, 4)], order=(1, 2, 3, 4), sides=("above", "above"))
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: clauses c1 and c2 cross at any levels (each has a variable strictly inside the other's span), above the line
"""

from __future__ import annotations

import itertools
import random as _random
from dataclasses import dataclass
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from npw.instances.base import InvalidInstance, Param, Problem, takes
from npw.instances.elements import sat_elements
from npw.instances.sat.cnf import CNF
from npw.instances.sat.planar_monotone import (ABOVE, BELOW, MAX_WIDTH, PlanarMonotone3Sat, assign_levels,
                                               find_crossing, side_of)
from npw.instances.sat import planar_monotone

__all__ = ["PROBLEM", "PlanarThreeSat", "SIDES", "certified_no_instance", "default_sides", "enumerate_instances",
           "incidence_planar", "planted_assignment", "planted_instance", "random_instance", "shrink",
           "verification_sample"]

SIDES = (ABOVE, BELOW)


def _name(literal: int) -> str:
    return f"x{literal}" if literal > 0 else f"~x{-literal}"


def default_sides(clauses: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """pm3sat's rule where no side is given: all-negative clauses below, every other above.

    >>> default_sides([(1, -2), (-1, -2), (3,)])
    ('above', 'below', 'above')
    """
    return tuple(BELOW if clause and all(l < 0 for l in clause) else ABOVE for clause in clauses)


def _check_clauses(clauses: Sequence[Sequence[int]]) -> None:
    for index, clause in enumerate(clauses, 1):
        if not 1 <= len(clause) <= MAX_WIDTH:
            raise InvalidInstance(f"clause c{index} has {len(clause)} literals; planar 3-SAT needs 1 to 3")
        if len({abs(l) for l in clause}) != len(clause):
            raise InvalidInstance(f"clause c{index} names a variable twice: ({', '.join(map(_name, clause))}); "
                                  f"each variable has one leg to its clause")


def _check_order(num_vars: int, order: Sequence[int]) -> None:
    if len(order) == num_vars and sorted(order) == list(range(1, num_vars + 1)) and \
            all(type(v) is int for v in order):
        return
    for v in order:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= num_vars:
            raise InvalidInstance(f"order holds {v!r}: the line lists the variables 1..{num_vars}")
    missing = sorted(set(range(1, num_vars + 1)) - set(order))
    detail = f"x{missing[0]} is missing" if missing else "a variable appears twice"
    raise InvalidInstance(f"order must list each of the {num_vars} variables once ({detail})")


def incidence_planar(num_vars: int, clauses: Sequence[Sequence[int]], order: Sequence[int]) -> bool:
    """Whether the variable-clause incidence graph plus the path through the variables in
    ``order`` is planar (networkx's planarity test; the drawing is not consulted).

    >>> incidence_planar(3, [(1, 2, 3), (-1, -2)], (1, 2, 3))
    True
    >>> k33 = [(1, 2, 3), (1, 2, 3), (1, 2, 3)]  # three clauses on three variables: K3,3
    >>> incidence_planar(3, k33, (1, 2, 3))
    False
    """
    import networkx as nx  # on first use: `npw list` does not load it

    # a one-literal clause is a pendant vertex and a two-literal one a vertex of degree two on an
    # edge between its variables: neither changes planarity, so the graph tested leaves them out
    # (an edge for the second); the reductions' targets are mostly such clauses (4x faster)
    graph = nx.Graph()
    graph.add_nodes_from(range(1, num_vars + 1))
    graph.add_edges_from(zip(order, order[1:]))
    for i, clause in enumerate(clauses):
        if len(clause) == 2:
            graph.add_edge(abs(clause[0]), abs(clause[1]))
        elif len(clause) > 2:
            graph.add_edges_from((("c", i), abs(l)) for l in clause)
    planar, _ = nx.check_planarity(graph)
    return bool(planar)


@dataclass(frozen=True)
class PlanarThreeSat(CNF):
    """A planar 3-SAT formula with its rectilinear layout (see the module docstring).

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        Clauses of one to three literals over distinct variables, signs mixed at will.
    order : sequence of int, optional
        The variables left to right (default 1..n).
    sides : sequence of str, optional
        Each clause's side, ``"above"`` or ``"below"`` (default: :func:`default_sides`).
    levels : sequence of int, optional
        Each clause's height on its side (default: the lowest that fit).

    Examples
    --------
    >>> from npw.instances.sat.planar3sat import PlanarThreeSat
    >>> f = PlanarThreeSat(3, [(1, -2, 3), (-1, 2)], sides=("below", "above"))
    >>> f.order, f.levels, f.side(0)
    ((1, 2, 3), (1, 1), 'below')
    """

    problem: ClassVar[str] = "planar3sat"

    order: tuple[int, ...] = ()
    sides: tuple[str, ...] = ()
    levels: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "clauses", tuple(tuple(c) for c in self.clauses))
        CNF.validate(self)
        _check_clauses(self.clauses)
        order = tuple(self.order) if self.order else tuple(range(1, self.num_vars + 1))
        object.__setattr__(self, "order", order)
        _check_order(self.num_vars, order)
        sides = tuple(self.sides) if self.sides or not self.clauses else default_sides(self.clauses)
        object.__setattr__(self, "sides", sides)
        self._check_sides()
        if self.levels or not self.clauses:
            object.__setattr__(self, "levels", tuple(self.levels))
        else:
            object.__setattr__(self, "levels", assign_levels(order, self.clauses, sides))
        self.validate()

    def _check_sides(self) -> None:
        if len(self.sides) != len(self.clauses):
            raise InvalidInstance(f"sides gives {len(self.sides)} sides for {len(self.clauses)} clauses")
        for index, side in enumerate(self.sides, 1):
            if side not in SIDES:
                raise InvalidInstance(f"clause c{index} has side {side!r}; a side is 'above' or 'below'")

    def validate(self) -> None:
        CNF.validate(self)
        _check_clauses(self.clauses)
        _check_order(self.num_vars, self.order)
        self._check_sides()
        if len(self.levels) != len(self.clauses):
            raise InvalidInstance(f"levels gives {len(self.levels)} heights for {len(self.clauses)} clauses")
        for index, level in enumerate(self.levels, 1):
            if not isinstance(level, int) or isinstance(level, bool) or level < 1:
                raise InvalidInstance(f"clause c{index} has level {level!r}; levels are integers >= 1")
        crossing = find_crossing(self.order, self.clauses, self.levels, self.sides)
        if crossing:
            raise InvalidInstance(crossing)
        if not incidence_planar(self.num_vars, self.clauses, self.order):
            # not reached while find_crossing is right (a drawing without crossings is planar):
            # the second, independent check of the definition
            raise InvalidInstance("the incidence graph with the variable path is not planar")

    def side(self, index: int) -> str:
        """``"above"`` or ``"below"``: clause ``index``'s side, as given."""
        return self.sides[index]

    def to_dict(self) -> dict:
        return {**super().to_dict(), "order": list(self.order), "sides": list(self.sides),
                "levels": list(self.levels)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "PlanarThreeSat":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)
        return cls(model.num_vars, tuple(tuple(c) for c in model.clauses), tuple(model.order or ()),
                   tuple(model.sides or ()), tuple(model.levels or ()))

    def __repr__(self) -> str:
        shown = list(self.clauses[:4])
        more = "" if len(self.clauses) <= 4 else f", ... {len(self.clauses)} clauses"
        return (f"PlanarThreeSat(num_vars={self.num_vars}, clauses={shown}{more}, order={self.order}, "
                f"sides={self.sides[:4]}, levels={self.levels[:4]})")


# -- generators: pm3sat's layouts, signs redrawn (a layout does not depend on them) --------------


def _mixed(layout: PlanarMonotone3Sat, rng: _random.Random,
           hidden: Sequence[bool] | None = None) -> PlanarThreeSat:
    """``layout``'s clauses on their sides with each literal's sign drawn by a coin; with
    ``hidden``, a clause the hidden assignment falsifies has one literal turned."""
    clauses = []
    for clause in layout.clauses:
        signed = [abs(l) if rng.random() < 0.5 else -abs(l) for l in clause]
        if hidden is not None and not any(hidden[abs(l) - 1] == (l > 0) for l in signed):
            k = rng.randrange(len(signed))
            signed[k] = -signed[k]
        clauses.append(tuple(signed))
    return PlanarThreeSat(layout.num_vars, clauses, layout.order, tuple(side_of(c) for c in layout.clauses),
                          layout.levels)


@takes(
    num_vars=Param(1, help="variables"),
    num_clauses=Param(0, help="clauses (default: 3 a variable)"),
    reach=Param(0.01, 1000.0, help="mean extra line positions a clause spans"),
)
def random_instance(seed: int, num_vars: int = 20, num_clauses: int | None = None,
                    reach: float = 2.0) -> PlanarThreeSat:
    """pm3sat's random layout (:func:`npw.instances.sat.planar_monotone.random_instance`) with
    every literal's sign drawn anew: mixed clauses on both sides.

    >>> f = random_instance(seed=3, num_vars=6, num_clauses=9)
    >>> f.size(), len(set(f.sides))
    ({'variables': 6, 'clauses': 9}, 2)
    """
    rng = _random.Random(seed)
    layout = planar_monotone.random_instance(rng.randrange(2**31), num_vars, num_clauses, reach)
    return _mixed(layout, rng)


def planted_assignment(seed: int, num_vars: int = 20, **_: Any) -> tuple[bool, ...]:
    """The hidden assignment :func:`planted_instance` satisfies (drawn first from the seed)."""
    rng = _random.Random(seed)
    return tuple(rng.random() < 0.5 for _ in range(num_vars))


@takes(
    num_vars=Param(1, help="variables"),
    num_clauses=Param(0, help="clauses (default: 3 a variable)"),
    reach=Param(0.01, 1000.0, help="mean extra line positions a clause spans"),
)
def planted_instance(seed: int, num_vars: int = 20, num_clauses: int | None = None,
                     reach: float = 2.0) -> PlanarThreeSat:
    """Yes by construction: a random layout whose clauses the hidden assignment all satisfies
    (a clause it falsifies has one literal turned).

    >>> f = planted_instance(seed=4, num_vars=6, num_clauses=10)
    >>> f.verify(planted_assignment(seed=4, num_vars=6))
    True
    """
    rng = _random.Random(seed)
    hidden = tuple(rng.random() < 0.5 for _ in range(num_vars))  # as planted_assignment draws it
    layout = planar_monotone.random_instance(rng.randrange(2**31), num_vars, num_clauses, reach)
    return _mixed(layout, rng, hidden)


@takes(
    num_vars=Param(2, help="variables"),
    num_clauses=Param(0, help="clauses (default: 3 a variable)"),
    reach=Param(0.01, 1000.0, help="mean extra line positions a clause spans"),
)
def certified_no_instance(seed: int, num_vars: int = 20, num_clauses: int | None = None,
                          reach: float = 2.0) -> PlanarThreeSat:
    """No by construction: pm3sat's certified-no instance (its core (a or b), (~a), (~b) is
    unsatisfiable) with a random set of variables negated everywhere, which keeps the answer.

    >>> from npw.solvers import solve
    >>> solve(certified_no_instance(seed=1, num_vars=6), backend="brute").answer.value
    'NO'
    """
    rng = _random.Random(seed)
    layout = planar_monotone.certified_no_instance(rng.randrange(2**31), num_vars, num_clauses, reach)
    turned = {v for v in range(1, num_vars + 1) if rng.random() < 0.5}
    clauses = [tuple(-l if abs(l) in turned else l for l in c) for c in layout.clauses]
    return PlanarThreeSat(layout.num_vars, clauses, layout.order, tuple(side_of(c) for c in layout.clauses),
                          layout.levels)


def verification_sample(seed: int) -> PlanarThreeSat:
    """pm3sat's sample (3-7 variables at 1.2-3.2 clauses a variable) with the signs redrawn:
    small, with both answers common."""
    rng = _random.Random(seed)
    return _mixed(planar_monotone.verification_sample(rng.randrange(2**31)), rng)


# -- exhaustive enumeration ----------------------------------------------------------------------


def enumerate_instances(size: int) -> Iterator[PlanarThreeSat]:
    """Every instance with at most ``size`` variables and clauses (up to 3), up to symmetry.

    "Every" means: every layout pm3sat enumerates (:func:`npw.instances.sat.planar_monotone.
    enumerate_instances`: distinct clause sets on the line 1..n with a planar layout, up to the
    mirror image; the side a clause's signs gave it kept as its side) with every choice of signs
    for its literals, up to negating a variable everywhere (each variable's first literal is
    positive), which changes neither the layout nor the answer.

    >>> [f.clauses for f in enumerate_instances(1)]
    [((1,),)]
    >>> sum(1 for _ in enumerate_instances(2)), sum(1 for _ in enumerate_instances(3))
    (14, 684)
    """
    if size > 3:
        raise InvalidInstance("exhaustive planar 3-SAT enumeration goes up to 3 (variables and clauses)")
    seen: set[tuple] = set()
    for layout in planar_monotone.enumerate_instances(size):
        sides = tuple(side_of(c) for c in layout.clauses)
        literals = [(i, k) for i, c in enumerate(layout.clauses) for k in range(len(c))]
        for signs in itertools.product((1, -1), repeat=len(literals)):
            clauses = [list(map(abs, c)) for c in layout.clauses]
            for (i, k), s in zip(literals, signs):
                clauses[i][k] *= s
            first: dict[int, int] = {}
            for clause in clauses:
                for literal in clause:
                    first.setdefault(abs(literal), literal)
            if any(l < 0 for l in first.values()):
                continue
            key = (layout.num_vars, tuple(sorted(zip(sides, map(tuple, clauses)))))
            if key in seen:
                continue
            seen.add(key)
            yield PlanarThreeSat(layout.num_vars, [tuple(c) for c in clauses], layout.order, sides, layout.levels)


def shrink(instance: PlanarThreeSat) -> Iterator[PlanarThreeSat]:
    """Drop one clause; drop one literal of a clause with two or three (a narrower span never
    adds a crossing); unused variables leave the line. Each result is strictly smaller."""
    rows = list(zip(instance.clauses, instance.sides, instance.levels))

    def compact(kept: list[tuple[tuple[int, ...], str, int]]) -> PlanarThreeSat:
        used = sorted({abs(l) for c, _, _ in kept for l in c})
        if not used:
            return PlanarThreeSat(1, (), (1,), (), ())
        rename = {v: i + 1 for i, v in enumerate(used)}
        return PlanarThreeSat(len(used), [tuple(rename[abs(l)] * (1 if l > 0 else -1) for l in c) for c, _, _ in kept],
                              tuple(rename[v] for v in instance.order if v in rename),
                              tuple(s for _, s, _ in kept), tuple(lv for _, _, lv in kept))

    for index in range(len(rows)):
        yield compact(rows[:index] + rows[index + 1:])
    for index, (clause, side, level) in enumerate(rows):
        for position in range(len(clause) if len(clause) > 1 else 0):
            yield compact(rows[:index] + [(clause[:position] + clause[position + 1:], side, level)] + rows[index + 1:])


PROBLEM = Problem(
    id="planar3sat",
    title="Planar 3-SAT with a rectilinear layout (variable order, clause sides and levels)",
    instance_type=PlanarThreeSat,
    certificate_doc="assignment: list of num_vars booleans (entry i-1 is variable i)",
    generators={"random": random_instance, "planted": planted_instance, "certified-no": certified_no_instance},
    default_generator="random",
    enumerate=enumerate_instances,
    enumerate_doc=(enumerate_instances.__doc__ or "").split(">>>")[0].strip(),
    shrink=shrink,
    sample=verification_sample,
    verify_deciders=("sat", "brute"),
    planted_certificates={"planted": planted_assignment},
    # the layout does not change the formula: the SAT family's deciders read the clauses
    deciders=("sat", "brute", "smt"),
    renderer="npw.instances.sat.render:render_svg",
    elements=sat_elements,
    file_model="npw.instances.models:PlanarThreeSatFile",
    known_answers={"certified-no": "NO"},
)
