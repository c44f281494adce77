"""SET SPLITTING (Garey & Johnson SP4) and NAE-3-SAT -> SET SPLITTING, as an npw plugin.

SET SPLITTING: a universe ``0 .. universe-1`` and a collection of subsets of it; yes iff the
elements can be coloured 0 and 1 so that no subset gets one colour only. A certificate is the
colouring, a list of ``universe`` values 0 or 1.

Everything npw needs is declared here as module-level records, found through this package's
entry point (``[project.entry-points."npw.plugins"]`` in its ``pyproject.toml``): the problem
(``PROBLEM``, with a generator, an enumerator, a shrinker, a sample and a drawing), its
brute-force decider (``DECIDERS``) and a reduction into it from the built-in ``nae3sat``
(``REDUCTION``).

The reduction (the classic one): a variable v of the formula becomes two elements, its literals
``x_v`` (element v-1) and ``~x_v`` (element n+v-1), and one set ``{x_v, ~x_v}``, which a
splitting colours apart; a clause becomes the set of its literals' elements. A colouring is an
assignment (colour 1: the literal is true) that leaves every clause with a true and a false
literal, and back. A repeated literal counts once on both sides: (x, x, y) asks x != y.

>>> instance = SetSplitting(4, ((0, 1), (1, 2, 3), (0, 3)))
>>> instance.verify((0, 1, 0, 1)), instance.verify((0, 0, 1, 1))
(True, False)
>>> solve(instance).answer.value
'YES'
>>> from npw.instances.sat.nae_sat import Nae3Sat
>>> formula = Nae3Sat(3, [(1, 2, 3), (-1, 2, -3)])
>>> target = reduce(formula)
>>> target.sets
((0, 3), (1, 4), (2, 5), (0, 1, 2), (1, 3, 5))
>>> backward(formula, target, forward(formula, (True, False, False)))
(True, False, False)
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from npw.instances.base import InvalidInstance, Problem, check_header, require
from npw.instances.svg import tagged
from npw.reductions.base import Claim, Reduction
from npw.solvers.registry import Decider
from npw.solvers.result import Answer, Result

__all__ = ["DECIDERS", "PROBLEM", "REDUCTION", "SetSplitting", "backward", "elements", "enumerate_instances",
           "forward", "random_instance", "reduce", "render_svg", "sample", "shrink", "size", "solve"]

PROBLEM_ID = "setsplitting"


@dataclass(frozen=True)
class SetSplitting:
    """A universe ``0 .. universe-1`` and subsets of it (each a tuple of distinct elements).

    >>> SetSplitting(2, ((0, 2),))
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: set 0 holds 2: elements are 0 .. 1
    """

    problem: ClassVar[str] = PROBLEM_ID
    universe: int
    sets: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sets", tuple(tuple(s) for s in self.sets))
        self.validate()

    def validate(self) -> None:
        if not isinstance(self.universe, int) or isinstance(self.universe, bool) or self.universe < 0:
            raise InvalidInstance(f"universe must be a non-negative integer, not {self.universe!r}")
        for index, members in enumerate(self.sets):
            if not members:
                raise InvalidInstance(f"set {index} is empty")
            for element in members:
                if not isinstance(element, int) or isinstance(element, bool) or not 0 <= element < self.universe:
                    raise InvalidInstance(f"set {index} holds {element!r}: elements are 0 .. {self.universe - 1}")
            if len(set(members)) != len(members):
                raise InvalidInstance(f"set {index} repeats an element")

    def verify(self, certificate: Any) -> bool:
        """True iff ``certificate`` colours every element 0 or 1 and splits every set."""
        if not isinstance(certificate, (list, tuple)) or len(certificate) != self.universe:
            return False
        if any(isinstance(c, bool) or c not in (0, 1) for c in certificate):
            return False
        return all(len({certificate[e] for e in members}) == 2 for members in self.sets)

    def size(self) -> dict[str, int]:
        return {"elements": self.universe, "sets": len(self.sets)}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "universe": self.universe,
                "sets": [list(s) for s in self.sets]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SetSplitting:
        check_header(data, cls.problem)
        sets = require(data, "sets", list)
        if not all(isinstance(s, list) for s in sets):
            raise InvalidInstance("field 'sets' must be a list of lists")
        return cls(require(data, "universe", int), tuple(tuple(s) for s in sets))

    @staticmethod
    def certificate_to_json(certificate: Sequence[int]) -> list[int]:
        return [int(c) for c in certificate]

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple[int, ...]:
        if not isinstance(obj, list) or any(isinstance(c, bool) or c not in (0, 1) for c in obj):
            raise InvalidInstance("a SET SPLITTING certificate is a list of 0s and 1s")
        return tuple(obj)


def random_instance(seed: int, universe: int = 6, num_sets: int | None = None, set_size: int = 3) -> SetSplitting:
    """``num_sets`` (default ``universe``) random sets of ``set_size`` distinct elements; the same
    seed and parameters give the same instance.

    >>> random_instance(1) == random_instance(1), random_instance(1).size()
    (True, {'elements': 6, 'sets': 6})
    """
    if universe < set_size or set_size < 1:
        raise InvalidInstance(f"sets of {set_size} elements need a universe of at least {set_size}")
    rng = random.Random(seed)
    count = universe if num_sets is None else num_sets
    return SetSplitting(universe, tuple(tuple(sorted(rng.sample(range(universe), set_size))) for _ in range(count)))


def sample(seed: int) -> SetSplitting:
    """A small random instance for verification streams (both answers common).

    >>> sample(3).universe <= 7
    True
    """
    rng = random.Random(seed)
    universe = rng.randint(3, 7)
    return random_instance(rng.randrange(2**31), universe, rng.randint(1, 3 * universe), rng.randint(2, 3))


def enumerate_instances(n: int) -> Iterator[SetSplitting]:
    """Every instance with a universe of 1..n elements and 1..n distinct sets of at least two
    elements (not reduced up to renaming).

    >>> sum(1 for _ in enumerate_instances(2))
    1
    """
    for universe in range(1, n + 1):
        subsets = [s for k in range(2, universe + 1) for s in itertools.combinations(range(universe), k)]
        for count in range(1, n + 1):
            for chosen in itertools.combinations(subsets, count):
                yield SetSplitting(universe, chosen)


def shrink(instance: SetSplitting) -> Iterator[SetSplitting]:
    """Smaller instances: one set dropped; the last element dropped where no set holds it.

    >>> [s.sets for s in shrink(SetSplitting(3, ((0, 1), (1, 2))))]
    [((1, 2),), ((0, 1),)]
    """
    for index in range(len(instance.sets)):
        yield SetSplitting(instance.universe, instance.sets[:index] + instance.sets[index + 1:])
    if instance.universe and all(instance.universe - 1 not in s for s in instance.sets):
        yield SetSplitting(instance.universe - 1, instance.sets)


def elements(instance: SetSplitting) -> list[str]:
    """The element ids: ``element:I`` and ``set:J``.

    >>> elements(SetSplitting(2, ((0, 1),)))
    ['element:0', 'element:1', 'set:0']
    """
    return [f"element:{e}" for e in range(instance.universe)] + [f"set:{j}" for j in range(len(instance.sets))]


def render_svg(instance: SetSplitting, certificate: Sequence[int] | None = None) -> str:
    """The sets as rows, a dot where a set holds an element; a certificate colours the elements.

    >>> render_svg(SetSplitting(2, ((0, 1),))).count("data-el=")
    3
    """
    step, width = 24, 24 * (instance.universe + 2)
    height = 24 * (len(instance.sets) + 2)
    colours = ("#1f77b4", "#ff7f0e")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">']
    for e in range(instance.universe):
        fill = "#888" if certificate is None else colours[certificate[e]]
        parts.append(f'<circle{tagged(f"element:{e}")} cx="{step * (e + 1)}" cy="{step // 2}" r="7" fill="{fill}"/>')
    for j, members in enumerate(instance.sets):
        y = step * (j + 2)
        dots = "".join(f'<circle cx="{step * (e + 1)}" cy="{y}" r="4"/>' for e in members)
        parts.append(f'<g{tagged(f"set:{j}")}><line x1="{step * (min(members) + 1)}" y1="{y}" '
                     f'x2="{step * (max(members) + 1)}" y2="{y}" stroke="#444"/>{dots}</g>')
    return "".join(parts) + "</svg>"


def solve(instance: SetSplitting, timeout: float | None = None, **options: Any) -> Result:
    """Tries every colouring with element 0 coloured 0 (a splitting's complement is one too).

    >>> solve(SetSplitting(3, ((0, 1), (1, 2), (0, 2)))).answer.value
    'NO'
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    free = max(instance.universe - 1, 0)
    for count, tail in enumerate(itertools.product((0, 1), repeat=free)):
        if deadline is not None and count % 4096 == 0 and time.monotonic() > deadline:
            return Result(Answer.UNKNOWN, None, "brute", {"nodes": count})
        colouring = ((0,) + tail)[:instance.universe]
        if instance.verify(colouring):
            return Result(Answer.YES, colouring, "brute", {"nodes": count + 1})
    return Result(Answer.NO, None, "brute", {"nodes": 2 ** free})


PROBLEM = Problem(
    id=PROBLEM_ID,
    title="SET SPLITTING (SP4; plugin example): colour the elements so that no set is one colour",
    instance_type=SetSplitting,
    certificate_doc="a list of universe values 0 or 1 (element i's colour); its complement works too",
    generators={"random": random_instance},
    default_generator="random",
    enumerate=enumerate_instances,
    enumerate_doc=enumerate_instances.__doc__ or "",
    shrink=shrink,
    sample=sample,
    verify_deciders=("brute",),
    deciders=("brute",),
    renderer="npw_plugin_example.set_splitting:render_svg",
    elements=elements,
)

DECIDERS = (Decider(PROBLEM_ID, "brute", solve),)


# NAE-3-SAT -> SET SPLITTING


def _element(literal: int, num_vars: int) -> int:
    return literal - 1 if literal > 0 else num_vars - literal - 1


def reduce(formula: Any) -> SetSplitting:
    """Elements: the 2n literals; sets: one pair per variable, one set per clause."""
    n = int(formula.num_vars)
    pairs = tuple((v - 1, n + v - 1) for v in range(1, n + 1))
    clauses = tuple(tuple(sorted({_element(int(l), n) for l in clause})) for clause in formula.clause_list())
    return SetSplitting(2 * n, pairs + clauses)


def forward(formula: Any, assignment: Sequence[bool]) -> tuple[int, ...]:
    """Colour 1 for a true literal: ``x_v`` gets the value of v, ``~x_v`` its opposite."""
    values = tuple(1 if value else 0 for value in assignment)
    return values + tuple(1 - value for value in values)


def backward(formula: Any, target: SetSplitting, colouring: Sequence[int]) -> tuple[bool, ...]:
    """Variable v is true iff its literal ``x_v`` has colour 1."""
    return tuple(colouring[v] == 1 for v in range(int(formula.num_vars)))


def size(formula: Any) -> dict[str, int]:
    """2n elements and n + m sets."""
    n, m = int(formula.num_vars), len(formula.clause_list())
    return {"elements": 2 * n, "sets": n + m}


def provenance(formula: Any, target: SetSplitting) -> dict[str, list[str]]:
    """A variable made its two literal elements and their pair; a clause made its set."""
    n = int(formula.num_vars)
    made = {f"var:{v}": [f"element:{v - 1}", f"element:{n + v - 1}", f"set:{v - 1}"] for v in range(1, n + 1)}
    made.update({f"clause:{j}": [f"set:{n + j}"] for j in range(len(formula.clause_list()))})
    return made


def _literals_apart(formula: Any, target: SetSplitting, colouring: Sequence[int], assignment: Any) -> bool | str:
    n = int(formula.num_vars)
    return all(colouring[v] != colouring[n + v] for v in range(n)) or "a literal and its negation share a colour"


REDUCTION = Reduction(
    id="nae3sat-to-setsplitting",
    source="nae3sat",
    target=PROBLEM_ID,
    reference="Garey & Johnson 1979, SP4 (from NAE-3-SAT); npw plugin example",
    reduce=reduce,
    forward=forward,
    backward=backward,
    size=size,
    claims=(Claim("literals-apart", "every splitting colours x_v and ~x_v apart (their pair is a set)",
                  _literals_apart, stage="backward"),),
    provenance=provenance,
    # npw verify nae3sat-to-setsplitting --exhaustive 2 --random 100: 1,320 cases, passed
    # (tests/test_plugins.py runs --exhaustive 2 --random 30)
    checked="--exhaustive 2 (1,220 cases), --random 100",
)
