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
* files: :func:`load`, :func:`save`; graphs: :func:`from_networkx`, :func:`to_networkx`;
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

import typing as _typing

from npw.custom import problem
from npw.instances.base import InvalidInstance, Problem
from npw.instances.graphs import Clique, Coloring, DominatingSet, IndependentSet, VertexCover
from npw.instances.graphs.digraph import FeedbackVertexSet
from npw.instances.sets.setcover import SetCover
from npw.instances.hampath import HamPath, HamPathEnds, HamPathGridStart
from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
from npw.instances.io import load_instance as _load_instance, save_instance as _save_instance
from npw.instances.npuz.board import NPuz
from npw.instances.discovery import load_index as _load_index
from npw.instances.display import SVG as _SVG, add_notebook_reprs as _add_notebook_reprs
from npw.instances.registry import get_problem, rendered_problems as _rendered_problems, resolve as _resolve
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
from npw.reductions.asymptotic import O, Order
from npw.reductions.base import Bound, BuiltTarget, Claim, Reduction, ReductionOption
from npw.reductions.registry import get_reduction
from npw.solvers import Answer, Result
from npw.solvers import solve as _solve
from npw.verify import Report
from npw.verify import certified_no_stream as _certified_no_stream, exhaustive as _exhaustive
from npw.verify import planted_stream as _planted_stream, random_stream as _random_stream
from npw.verify import verify_reduction as _verify_reduction
from npw.verify.cases import source_problem as _source_problem

if _typing.TYPE_CHECKING:  # names for the annotations only: what the module exports is __all__, nothing else
    import os
    from typing import Any, Iterable

__all__ = [
    # instance types
    "BWP", "BinPacking", "CNF", "Clique", "Coloring", "DirectedHamCycle", "DominatingSet", "FourPartition", "HamCycle",
    "HamPath", "HamPathEnds", "HamPathGridStart", "IndependentSet",
    "Knapsack", "Nae3Sat", "Nae4Sat", "NPuz", "OneInThreeSat", "Partition", "PlanarMonotone3Sat", "PlanarMonotone3Sat2Occ", "Relocation", "SoloChess", "SubsetSum", "ThreePartition", "ThreeSat", "TorusPuzzle",
    "TwoTwoFourSat", "VertexCover",
    "ThreeDM", "X3C",
    "FeedbackVertexSet", "SetCover",
    # the contract's types
    "Answer", "Bound", "BuiltTarget", "Claim", "InvalidInstance", "O", "Order", "Problem", "Reduction", "ReductionOption",
    "Report", "Result",
    # functions
    "from_networkx", "generate", "get_problem", "get_reduction", "load", "problem", "reduce", "render", "save", "solve",
    "to_networkx", "verify",
]
# every other problem's instance type, by its class name: the index's (a problem added since the
# types above were written here, npw index), resolved when first asked for (``__getattr__``)
_MORE_TYPES = {name: spec for name, spec in _load_index("npw.instances").get("TYPES", {}).items()
               if name not in __all__}
__all__ += sorted(_MORE_TYPES)

# a notebook draws the instances of every type exported here (``_repr_svg_``, ``_repr_html_``), also
# of a type whose problem record (which adds them, ``Problem.__post_init__``) is not imported yet
for _name in __all__:
    if isinstance(globals().get(_name), type) and hasattr(globals()[_name], "problem"):
        _add_notebook_reprs(globals()[_name])
del _name


def __getattr__(name: str) -> Any:
    """An instance type of the index not imported above (PEP 562), or of a problem a plugin or a
    user's file defined."""
    if name in _MORE_TYPES:
        return _add_notebook_reprs(_resolve(_MORE_TYPES[name]))
    from npw.instances.registry import problem_ids

    for problem_id in problem_ids():
        kind = get_problem(problem_id).instance_type
        if kind.__name__ == name:
            return kind
    raise AttributeError(f"module 'npw.api' has no attribute {name!r}")


def load(path: str | os.PathLike, problem: str | None = None, **params: Any) -> Any:
    """Reads and validates an instance file.

    Any format :func:`save` writes (JSON; ``.cnf`` as DIMACS CNF; ``.hcp`` as TSPLIB; the graph
    formats: DIMACS ``p edge``, edge lists, adjacency lists, GraphML, GML), compressed or not
    (``.gz``, ``.xz``, ``.bz2``, told by their magic bytes); ``"-"`` is standard input.

    Parameters
    ----------
    path : str or os.PathLike
        The file to read.
    problem : str, optional
        The problem a graph file is read as when it does not say (``"3col"``, ``"clique"``...), as
        ``npw solve --problem``; a file of another kind must hold an instance of it.
    **params : Any
        That problem's numbers where the file does not give them (``k=4``; ``s``, ``t``: vertices
        as the file names them), as ``-p``.

    Returns
    -------
    Any
        The instance, of its problem's instance type (``CNF``, ``OneInThreeSat``, ...).

    Raises
    ------
    InvalidInstance
        The file cannot be read, or its contents are not a valid instance (the message names
        what is wrong).

    Examples
    --------
    >>> import tempfile, os
    >>> from npw.api import CNF, load, save
    >>> path = os.path.join(tempfile.mkdtemp(), "f.cnf")
    >>> save(CNF(2, [(1, -2), (2,)]), path)
    >>> load(path).clauses
    ((1, -2), (2,))
    >>> graph = os.path.join(os.path.dirname(path), "g.col")
    >>> _ = open(graph, "w").write("p edge 3 3\\ne 1 2\\ne 2 3\\ne 1 3\\n")
    >>> load(graph, "coloring", k=3).k, load(graph, "clique", k=3).verify([0, 1, 2])
    (3, True)
    """
    from npw.instances.io import ReadAs

    return _load_instance(path, ReadAs(None, problem, params))


def save(instance: Any, path: str | os.PathLike) -> None:
    """Writes an instance whole or not at all (a temporary file, then renamed).

    JSON, or DIMACS for a CNF saved as ``.cnf``, the DIMACS graph format for a classic graph
    problem saved as ``.dimacs``, ``.clq`` or ``.col``, TSPLIB for a Hamiltonian path saved as
    ``.hcp``; a ``.gz``, ``.xz`` or ``.bz2`` suffix after it writes it compressed.

    Parameters
    ----------
    instance : Any
        An instance of any problem.
    path : str or os.PathLike
        Where to write it; its suffix chooses the format.

    Returns
    -------
    None

    Raises
    ------
    OSError
        The path cannot be written; ``npw.instances.io.NotRegularFile`` (an ``OSError``) when
        it is a folder, a device or a link, which a file must not replace.

    Examples
    --------
    >>> import tempfile, os
    >>> from npw.api import ThreePartition, save
    >>> path = os.path.join(tempfile.mkdtemp(), "p.json")
    >>> save(ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4)), path)
    >>> open(path).read().startswith('{"problem":"3partition"')
    True
    """
    _save_instance(instance, path)


def generate(problem_id: str, generator: str | None = None, seed: int = 0, **params: Any) -> Any:
    """A seeded instance from one of the problem's generators (``npw list`` shows them).

    Parameters
    ----------
    problem_id : str
        The problem (``"1in3sat"``, ``"hampath"``, ...).
    generator : str, optional
        The generator's name (``"planted"``, ``"certified-no"``, ...); None for the problem's
        default generator.
    seed : int, default 0
        The same seed and parameters give the same instance.
    **params : Any
        The generator's parameters (``num_vars=12``, ``ratio=0.62``, ...).

    Returns
    -------
    Any
        An instance of the problem's instance type.

    Raises
    ------
    InvalidInstance
        An unknown problem or generator, or a parameter value the generator refuses (out of
        its limits).
    TypeError
        A parameter the generator does not take.

    Examples
    --------
    >>> from npw.api import generate
    >>> formula = generate("1in3sat", "planted", seed=7, num_vars=12)
    >>> formula.problem, formula.num_vars
    ('1in3sat', 12)
    >>> formula == generate("1in3sat", "planted", seed=7, num_vars=12)
    True
    """
    return get_problem(problem_id).generate(generator, seed, **params)


def _as_reduction(reduction: str | Reduction) -> Reduction:
    return get_reduction(reduction) if isinstance(reduction, str) else reduction


def reduce(reduction: str | Reduction, instance: Any, **options: Any) -> Any:
    """The target instance of ``reduction`` applied to ``instance``.

    A target too large to store is refused: ``get_reduction(id).build(...)`` gives its compact
    summary.

    Parameters
    ----------
    reduction : str or Reduction
        A registered reduction's id (``npw list``), ``path/to/file.py:NAME`` (a user's file),
        or a :class:`Reduction`.
    instance : Any
        An instance of the reduction's source problem.
    **options : Any
        The reduction's declared options (its ``ReductionOption`` records), e.g. Theorem 3's
        ``unit``.

    Returns
    -------
    Any
        The target instance.

    Raises
    ------
    InvalidInstance
        An unknown reduction, an instance of another problem than the reduction's source, an
        option it does not declare, or a target too large to store.

    Examples
    --------
    >>> from npw.api import OneInThreeSat, TwoTwoFourSat, reduce
    >>> reduce("1in3sat-to-224sat", OneInThreeSat(3, [(1, 2, 3)])).problem
    '224sat'
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

    Parameters
    ----------
    instance : Any
        An instance of any problem.
    backend : str, optional
        The decider (``npw list`` shows each problem's; ``"sat"``, ``"sat:cadical"``, ``"dp"``,
        ``"brute"``, ...); None for the problem's default.
    timeout : float, optional
        Seconds the decider may take, building included; None for no limit.
    **options : Any
        Options the decider takes (e.g. ``solver`` for the SAT backends).

    Returns
    -------
    Result
        ``answer`` (an :class:`Answer`), ``certificate`` (for YES), ``backend`` (the decider
        that answered) and ``stats`` (time, and the effort the decider measures).

    Raises
    ------
    InvalidInstance
        An unknown backend for the instance's problem.
    npw.solvers.result.SolverError
        A decider answered YES with a certificate the problem's checker rejects (a bug in
        the decider, never returned as an answer).

    Examples
    --------
    >>> from npw.api import ThreePartition, solve
    >>> result = solve(ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4)), backend="dp")
    >>> result.answer.value, result.backend, result.certificate
    ('YES', 'dp', ((0, 1, 2), (3, 4, 5)))
    >>> solve(ThreePartition(bound=15, numbers=(4, 4, 4, 6, 6, 6))).answer.value
    'NO'
    """
    return _solve(instance, backend=backend, timeout=timeout, **options)


def verify(reduction: str | Reduction, exhaustive_up_to: int | None = None, random: int = 0, seed: int = 0,
           planted: int = 0, certified_no: int = 0, timeout: float | None = None, fail_fast: bool = False) -> Report:
    """Checks ``reduction`` on many source instances: yes maps to yes and no to no, certificates
    map both ways, the target's size is the one predicted, the proof's claims hold.

    The sources are every instance up to a size and/or seeded random, planted-yes and
    certified-no ones; each source is decided by its problem's verification deciders.

    Parameters
    ----------
    reduction : str or Reduction
        A registered reduction's id, ``path/to/file.py:NAME``, or a :class:`Reduction`.
    exhaustive_up_to : int, optional
        Every source instance up to this size (what "size" means is the source problem's
        ``enumerate_doc``).
    random : int, default 0
        This many seeded random sources.
    seed : int, default 0
        The seed of the random, planted and certified-no sources.
    planted : int, default 0
        This many sources that are yes by construction.
    certified_no : int, default 0
        This many sources that are no by construction.
    timeout : float, optional
        Seconds each decider may take on a case; None for no limit.
    fail_fast : bool, default False
        Stop at the first failing case.

    Returns
    -------
    Report
        ``report.summary.passed`` says whether anything failed; ``report.to_json()`` is what
        ``npw verify --json`` prints (the confusion matrix, the first counterexample shrunk).

    Raises
    ------
    InvalidInstance
        No source was asked for (none of ``exhaustive_up_to``, ``random``, ``planted``,
        ``certified_no``), or an unknown reduction.

    Examples
    --------
    >>> from npw.api import verify
    >>> report = verify("1in3sat-to-224sat", exhaustive_up_to=1)
    >>> report.summary.passed, report.to_json()["cases"]
    (True, 5)
    """
    reduction = _as_reduction(reduction)
    source = _source_problem(reduction)  # the reduction's bounded random sources, where it declares them
    streams: list[Iterable[Any]] = []
    if exhaustive_up_to is not None:
        streams.append(_exhaustive(source, exhaustive_up_to))
    if random:
        streams.append(_random_stream(source, random, seed))
    if planted:
        streams.append(_planted_stream(source, planted, seed))
    if certified_no:
        streams.append(_certified_no_stream(source, certified_no, seed))
    if not streams:
        raise InvalidInstance("give exhaustive_up_to, random, planted or certified_no")
    cases = (case for stream in streams for case in stream)
    return _verify_reduction(reduction, cases, timeout=timeout, fail_fast=fail_fast)


def render(instance: Any, certificate: Any = None) -> str:
    """The instance (and, where its renderer draws one, a certificate) as SVG text.

    Every drawn element is tagged with its id (``data-el``), the ids a reduction's provenance
    map uses. The text is a ``str`` that a notebook draws (it has ``_repr_svg_``): the last line
    of a cell ``render(instance, certificate)`` shows the drawing; written, compared or searched
    it is the plain SVG string.

    Parameters
    ----------
    instance : Any
        An instance of a problem with a renderer.
    certificate : Any, optional
        A certificate of the instance, drawn over it where the renderer can.

    Returns
    -------
    str
        An SVG document (a ``str`` subclass with ``_repr_svg_``).

    Raises
    ------
    InvalidInstance
        The instance's problem has no renderer.

    Examples
    --------
    >>> from npw.api import ThreePartition, render
    >>> svg = render(ThreePartition(bound=10, numbers=(3, 3, 4, 3, 3, 4)), ((0, 1, 2), (3, 4, 5)))
    >>> svg.count('data-el="number:')  # each number a bar, tagged with its element id
    6
    >>> from npw.api import NPuz
    >>> drawing = render(NPuz(2, (1, 2, 0, 3), (1, 2, 3, 0), 1))
    >>> drawing.startswith("<svg"), drawing._repr_svg_() == drawing  # a notebook draws it
    (True, True)
    """
    from npw.instances.registry import renderer_for

    renderer = renderer_for(instance.problem)
    if renderer is None:
        raise InvalidInstance(f"no renderer for {instance.problem} (renderers: {', '.join(_rendered_problems())})")
    return _SVG(renderer(instance) if certificate is None else renderer(instance, certificate=certificate))


def from_networkx(problem_id: str, graph: Any, **params: Any) -> Any:
    """The instance of a graph problem on a networkx graph.

    Parameters
    ----------
    problem_id : str
        A graph problem: ``indset``, ``vertexcover``, ``clique``, ``domset``, ``coloring`` (or
        ``3col``, any ``Ncol``: k = N), ``hampath``, ``hampath-st``, ``hamcycle``, ``dhamcycle``,
        ``fvs``.
    graph : networkx.Graph or networkx.DiGraph
        The graph. Vertex i of the instance is the i-th node in increasing order when every node
        is an integer, else in the graph's order. A directed graph's arcs are edges for an
        undirected problem; an undirected graph's edge is both arcs for a directed one. A
        multigraph's repeated edge counts once; a self-loop is refused.
    **params : Any
        The problem's numbers: ``k`` (the set's size, the colours); ``s`` and ``t`` (the ends of
        a Hamiltonian path, as nodes of ``graph``). Where not given, the graph's own attributes
        ``graph.graph["k"]``... (as :func:`to_networkx` writes them) are used.

    Returns
    -------
    Any
        The instance (``IndependentSet``, ``Coloring``, ``HamPath``, ...).

    Raises
    ------
    InvalidInstance
        Not a graph problem, a parameter missing or out of range, or a graph the problem
        refuses (a loop, more vertices than MAX_VERTICES).

    Examples
    --------
    >>> import networkx as nx
    >>> from npw.api import from_networkx, solve
    >>> petersen = from_networkx("3col", nx.petersen_graph())
    >>> petersen.problem, petersen.k, solve(petersen).answer.value
    ('coloring', 3, 'YES')
    >>> solve(from_networkx("hamcycle", nx.petersen_graph())).answer.value
    'NO'
    >>> from_networkx("hampath", nx.path_graph(["a", "b", "c"]), s="b").s
    1
    """
    from npw.instances.graphs.question import networkx_instance

    attributes = getattr(graph, "graph", {}) or {}
    own = {name: attributes[name] for name in ("k", "s", "t")
           if name not in params and attributes.get(name) is not None and attributes.get("problem") == problem_id}
    return networkx_instance(graph, problem_id, {**own, **params}, "a networkx graph")


def to_networkx(instance: Any) -> Any:
    """The graph of a graph problem's instance, as a networkx graph.

    Parameters
    ----------
    instance : Any
        An instance of a graph problem (``IndependentSet``, ``Coloring``, ``HamPath``,
        ``HamCycle``, ``DirectedHamCycle``, ``FeedbackVertexSet``, ...).

    Returns
    -------
    networkx.Graph or networkx.DiGraph
        Nodes 0..n-1 and the instance's edges (arcs: a ``DiGraph``); ``graph.graph`` holds the
        question: ``problem`` and its numbers (``k``; ``s``, ``t`` where given), which
        :func:`from_networkx` reads back.

    Raises
    ------
    InvalidInstance
        Not an instance of a graph problem.

    Examples
    --------
    >>> from npw.api import Clique, from_networkx, to_networkx
    >>> triangle = Clique(3, ((0, 1), (1, 2), (0, 2)), 3)
    >>> graph = to_networkx(triangle)
    >>> graph.number_of_edges(), graph.graph
    (3, {'problem': 'clique', 'k': 3})
    >>> from_networkx("clique", graph) == triangle
    True
    """
    from npw.instances.graphs.question import to_networkx_graph

    return to_networkx_graph(instance)
