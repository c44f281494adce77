"""The public Python API, for scripts, notebooks and a user's own problem or reduction file.

Everything here is typed and stable; the command line is a thin layer over the same calls.

* the built-in instance types: ``CNF``, ``ThreeSat``, ``PlanarMonotone3Sat``, ``PlanarMonotone3Sat2Occ``,
  ``OneInThreeSat``, ``TwoTwoFourSat``, ``Nae3Sat``, ``Nae4Sat``,
  ``Relocation``, ``NPuz``, ``TorusPuzzle``, ``BWP``, ``ThreePartition``, ``HamPath``,
  ``HamPathGridStart``, ``HamPathEnds``, ``HamCycle``, ``DirectedHamCycle``, ``SoloChess``, and the
  classic graph problems
  ``IndependentSet``, ``VertexCover``, ``Clique``, ``DominatingSet``, ``Coloring``, and the number problems
  ``SubsetSum``, ``Partition``, ``Knapsack``, ``FourPartition``, ``BinPacking``, and the set problems
  ``ThreeDM``, ``X3C``;
  ``SubsetSum``, ``Partition``, directed ``FeedbackVertexSet`` and ``SetCover``;
* looking things up: :func:`get_problem`, :func:`get_reduction`;
* files: :func:`load`, :func:`save`;
* the workbench's verbs: :func:`generate`, :func:`reduce`, :func:`solve`, :func:`verify`,
  :func:`render`;
* defining your own: :func:`problem` (a frozen dataclass becomes a workbench problem, see
  :mod:`npw.custom`) and :class:`Reduction` (``reduce``, ``forward``, ``backward``, an
  optional ``size``; ``reference`` says where the proof is).

Examples
--------
>>> from npw.api import OneInThreeSat, reduce, solve
>>> formula = OneInThreeSat(3, [(1, 2, 3), (-1, -2, 3)])
>>> target = reduce("1in3sat-to-224sat", formula)
>>> target.problem, solve(target).answer.value
('224sat', 'YES')
"""

from __future__ import annotations

import os
from typing import Any, Iterable

from npw.custom import problem
from npw.instances.base import InvalidInstance, Problem
from npw.instances.graphs import Clique, Coloring, DominatingSet, IndependentSet, VertexCover
from npw.instances.graphs.digraph import FeedbackVertexSet
from npw.instances.sets.setcover import SetCover
from npw.instances.hampath import HamPath, HamPathEnds, HamPathGridStart
from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
from npw.instances.io import load_instance, save_instance
from npw.instances.npuz.board import NPuz
from npw.instances.discovery import load_index
from npw.instances.registry import get_problem, rendered_problems, renderer_for, resolve
from npw.instances.rel.relocation import Relocation
from npw.instances.numbers.binpacking import BinPacking
from npw.instances.numbers.four_partition import FourPartition
from npw.instances.numbers.knapsack import Knapsack
from npw.instances.numbers.model import Partition, SubsetSum
from npw.instances.sets.model import X3C, ThreeDM
from npw.instances.sat.cnf import CNF
from npw.instances.sat.nae_sat import Nae3Sat, Nae4Sat
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat, PlanarMonotone3Sat2Occ
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.instances.solochess import SoloChess
from npw.instances.numbers.three_partition import ThreePartition
from npw.instances.torus.bwp import BWP
from npw.instances.torus.puzzle import TorusPuzzle
from npw.reductions.base import Bound, BuiltTarget, Claim, Reduction, ReductionOption
from npw.reductions.registry import get_reduction
from npw.solvers import Answer, Result
from npw.solvers import solve as _solve
from npw.verify import Report, certified_no_stream, exhaustive, planted_stream, random_stream, verify_reduction
from npw.verify.cases import source_problem

__all__ = [
    # instance types
    "BWP", "BinPacking", "CNF", "Clique", "Coloring", "DirectedHamCycle", "DominatingSet", "FourPartition", "HamCycle",
    "HamPath", "HamPathEnds", "HamPathGridStart", "IndependentSet",
    "Knapsack", "Nae3Sat", "Nae4Sat", "NPuz", "OneInThreeSat", "Partition", "PlanarMonotone3Sat", "PlanarMonotone3Sat2Occ", "Relocation", "SoloChess", "SubsetSum", "ThreePartition", "ThreeSat", "TorusPuzzle",
    "TwoTwoFourSat", "VertexCover",
    "ThreeDM", "X3C",
    "FeedbackVertexSet", "SetCover",
    # the contract's types
    "Answer", "Bound", "BuiltTarget", "Claim", "InvalidInstance", "Problem", "Reduction", "ReductionOption", "Report",
    "Result",
    # functions
    "generate", "get_problem", "get_reduction", "load", "problem", "reduce", "render", "save", "solve", "verify",
]
# every other problem's instance type, by its class name: the index's (a problem added since the
# types above were written here, npw index), resolved when first asked for (``__getattr__``)
_MORE_TYPES = {name: spec for name, spec in load_index("npw.instances").get("TYPES", {}).items()
               if name not in __all__}
__all__ += sorted(_MORE_TYPES)


def __getattr__(name: str) -> Any:
    """An instance type of the index not imported above (PEP 562), or of a problem a plugin or a
    user's file defined."""
    if name in _MORE_TYPES:
        return resolve(_MORE_TYPES[name])
    from npw.instances.registry import problem_ids

    for problem_id in problem_ids():
        kind = get_problem(problem_id).instance_type
        if kind.__name__ == name:
            return kind
    raise AttributeError(f"module 'npw.api' has no attribute {name!r}")


def load(path: str | os.PathLike) -> Any:
    """Reads and validates an instance file (JSON; ``.cnf`` as DIMACS; ``.hcp`` as TSPLIB).

    Raises :class:`InvalidInstance` naming what is wrong.

    >>> import tempfile, os
    >>> from npw.api import CNF, load, save
    >>> path = os.path.join(tempfile.mkdtemp(), "f.cnf")
    >>> save(CNF(2, [(1, -2), (2,)]), path)
    >>> load(path).clauses
    ((1, -2), (2,))
    """
    return load_instance(path)


def save(instance: Any, path: str | os.PathLike) -> None:
    """Writes an instance whole or not at all: JSON, or DIMACS for a CNF saved as ``.cnf``,
    TSPLIB for a Hamiltonian path saved as ``.hcp``.

    >>> import tempfile, os
    >>> from npw.api import ThreePartition, save
    >>> path = os.path.join(tempfile.mkdtemp(), "p.json")
    >>> save(ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4)), path)
    >>> open(path).read().startswith('{"problem":"3partition"')
    True
    """
    save_instance(instance, path)


def generate(problem_id: str, generator: str | None = None, seed: int = 0, **params: Any) -> Any:
    """A seeded instance from one of the problem's generators (``npw list`` shows them).

    >>> from npw.api import generate
    >>> formula = generate("1in3sat", "planted", seed=7, num_vars=12)
    >>> formula.problem, formula.num_vars
    ('1in3sat', 12)
    """
    return get_problem(problem_id).generate(generator, seed, **params)


def _as_reduction(reduction: str | Reduction) -> Reduction:
    return get_reduction(reduction) if isinstance(reduction, str) else reduction


def reduce(reduction: str | Reduction, instance: Any, **options: Any) -> Any:
    """The target instance of ``reduction`` (an id, ``file.py:NAME``, or a :class:`Reduction`).

    ``options`` are the reduction's declared options (``ReductionOption``), e.g. Theorem 3's
    ``unit``. A target too large to store is refused: use ``get_reduction(id).build(...)``
    for its compact summary.

    >>> from npw.api import TwoTwoFourSat, reduce
    >>> board = reduce("224sat-to-npuz", TwoTwoFourSat(1, [(1, 1, -1, -1)]), unit=1)
    >>> board.problem, board.n
    ('npuz', 58)
    """
    reduction = _as_reduction(reduction)
    if instance.problem != reduction.source:
        raise InvalidInstance(f"{reduction.id} takes a {reduction.source} instance, not {instance.problem}")
    built = reduction.build(instance, **options)
    if built.target is None:
        raise InvalidInstance(f"the target of {reduction.id} is too large to store; "
                              f"get_reduction({reduction.id!r}).build(...) gives its compact summary")
    return built.target


def solve(instance: Any, backend: str | None = None, timeout: float | None = None, **options: Any) -> Result:
    """Decides an instance: YES with a certificate its problem's checker accepted, NO, or
    UNKNOWN when ``timeout`` seconds were not enough (never a guess).

    >>> from npw.api import ThreePartition, solve
    >>> result = solve(ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4)), backend="dp")
    >>> result.answer.value, result.backend
    ('YES', 'dp')
    """
    return _solve(instance, backend=backend, timeout=timeout, **options)


def verify(reduction: str | Reduction, exhaustive_up_to: int | None = None, random: int = 0, seed: int = 0,
           planted: int = 0, certified_no: int = 0, timeout: float | None = None, fail_fast: bool = False) -> Report:
    """Checks ``reduction`` on every source up to a size and/or on seeded random, planted-yes
    and certified-no sources: yes maps to yes, no to no, certificates both ways, sizes.

    ``report.to_json()`` is what ``npw verify --json`` prints; ``report.summary.passed``
    says whether anything failed.

    >>> from npw.api import verify
    >>> report = verify("1in3sat-to-224sat", exhaustive_up_to=1)
    >>> report.summary.passed, report.to_json()["cases"]
    (True, 5)
    """
    reduction = _as_reduction(reduction)
    source = source_problem(reduction)  # the reduction's bounded random sources, where it declares them
    streams: list[Iterable[Any]] = []
    if exhaustive_up_to is not None:
        streams.append(exhaustive(source, exhaustive_up_to))
    if random:
        streams.append(random_stream(source, random, seed))
    if planted:
        streams.append(planted_stream(source, planted, seed))
    if certified_no:
        streams.append(certified_no_stream(source, certified_no, seed))
    if not streams:
        raise InvalidInstance("give exhaustive_up_to, random, planted or certified_no")
    cases = (case for stream in streams for case in stream)
    return verify_reduction(reduction, cases, timeout=timeout, fail_fast=fail_fast)


def render(instance: Any, certificate: Any = None) -> str:
    """The instance (and, where its renderer draws one, a certificate) as SVG text.

    >>> from npw.api import ThreePartition, render
    >>> svg = render(ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4)), ((0, 1, 2), (3, 4, 5)))
    >>> svg.count('data-el="number:')  # each number a bar, tagged with its element id
    6
    >>> from npw.api import NPuz
    >>> render(NPuz(2, (1, 2, 0, 3), (1, 2, 3, 0), 1)).startswith("<svg")
    True
    """
    renderer = renderer_for(instance.problem)
    if renderer is None:
        raise InvalidInstance(f"no renderer for {instance.problem} (renderers: {', '.join(rendered_problems())})")
    return renderer(instance) if certificate is None else renderer(instance, certificate=certificate)
