"""The reduction graph: problems as nodes, registered reductions as arrows (issue 19, item 3).

``npw path``, ``npw show`` and ``npw list --graph`` read the registry through this module.
Only single registered reductions are arrows (a registered chain of ``Chain`` records is already a
path through them). networkx is imported inside the functions that need it, so that
``npw list`` and ``npw --help`` never load it.

>>> [r.id for r in reductions_between("1in3sat", "224sat")]
['1in3sat-to-224sat']
>>> chain = compose(["3sat-to-indset", "indset-to-vertexcover"])
>>> chain.id, chain.source, chain.target
('3sat-to-indset,indset-to-vertexcover', '3sat', 'vertexcover')
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from npw.instances.base import InvalidInstance
from npw.reductions.base import Bound, Reduction

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["MAX_LISTED_PATHS", "MAX_PATH_STEPS", "MAX_SIZED_PATHS", "Path", "chain_steps", "compose", "draw_graph",
           "find_paths", "parse_via", "predicted_size", "reduction_graph", "reductions_between",
           "registered_reductions"]

# how many chains ``npw path`` lists at most, and how many it builds to rank them by size (each
# ranked chain builds its intermediate instances, so this bounds the work of --size-of)
MAX_LISTED_PATHS = 50
MAX_SIZED_PATHS = 500
# the longest chain searched, in steps
MAX_PATH_STEPS = 8


def registered_reductions() -> list[Reduction]:
    """Every single registered reduction (chains of ``Chain`` records are paths, not arrows), in the
    registry's order (the first between two problems is the primary one)."""
    from npw.reductions.registry import get_reduction, reduction_specs

    return [get_reduction(rid) for rid in reduction_specs()]


def reduction_graph() -> nx.MultiDiGraph:
    """A ``networkx.MultiDiGraph``: a node per problem (every registered one, even without
    reductions), an edge per registered reduction keyed by its id, with the ``reduction``.

    >>> graph = reduction_graph()
    >>> graph.has_edge("indset", "vertexcover", key="indset-to-vertexcover")
    True
    """
    import networkx as nx

    from npw.instances.registry import problem_ids

    graph = nx.MultiDiGraph()
    graph.add_nodes_from(problem_ids())
    for reduction in registered_reductions():
        graph.add_edge(reduction.source, reduction.target, key=reduction.id, reduction=reduction)
    return graph


def reductions_between(source: str, target: str) -> list[Reduction]:
    """The registered reductions from ``source`` straight to ``target``, primary first."""
    return [r for r in registered_reductions() if r.source == source and r.target == target]


def chain_steps(ids: Sequence[str]) -> tuple[Reduction, ...]:
    """The reductions ``ids`` names, in order, each step's target the next one's source (else
    ``InvalidInstance`` naming the mismatched ends).

    >>> chain_steps(["224sat-to-rel", "1in3sat-to-224sat"])
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: 224sat-to-rel gives rel instances but 1in3sat-to-224sat takes 1in3sat
    """
    from npw.reductions.registry import get_reduction

    if not ids:
        raise InvalidInstance("name a reduction (npw list shows them)")
    steps = tuple(get_reduction(i) for i in ids)
    for first, second in zip(steps, steps[1:]):
        if first.target != second.source:
            raise InvalidInstance(f"{first.id} gives {first.target} instances but {second.id} takes {second.source}")
    return steps


def compose(ids: Sequence[str]) -> Reduction:
    """The chain ``ids`` as one Reduction (``Reduction.then`` step by step: certificates,
    sizes, claims and provenance compose there), named by its ids joined with commas; one id
    is that reduction itself."""
    import dataclasses

    steps = chain_steps(ids)
    chain = steps[0]
    for step in steps[1:]:
        chain = chain.then(step)
    return chain if len(steps) == 1 else dataclasses.replace(chain, id=",".join(r.id for r in steps))


def parse_via(spec: str) -> list[str]:
    """The ids of a ``--via R1,R2,...`` spec (blanks around commas ignored)."""
    return [part.strip() for part in str(spec).split(",") if part.strip()]


@dataclass(frozen=True)
class Path:
    """A chain of registered reductions found in the graph; ``size`` is the predicted target size
    (the last step's size formula on the built intermediate instance) when a source was given."""

    steps: tuple[str, ...]
    problems: tuple[str, ...]
    size: Mapping[str, Any] | None = None

    @property
    def total(self) -> int | None:
        """The predicted size as one number (the sum of its measures; a bound counts by its upper
        end, else its lower end): what ``--size-of`` ranks by."""
        if self.size is None:
            return None
        return sum(_measure(v) for v in self.size.values())

    def to_json(self) -> dict[str, Any]:
        return {"via": ",".join(self.steps), "steps": list(self.steps), "problems": list(self.problems),
                "size": None if self.size is None else {k: _measure(v) for k, v in self.size.items()},
                "total": self.total}


def _measure(value: int | Bound) -> int:
    if isinstance(value, Bound):
        return value.high if value.high is not None else value.low or 0
    return int(value)


def _check_problem(graph: nx.MultiDiGraph, problem_id: str) -> None:
    if problem_id not in graph:
        raise InvalidInstance(f"unknown problem {problem_id!r} (known: {', '.join(sorted(graph.nodes))})")


def _expanded(graph: nx.MultiDiGraph, problems: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Every chain of reductions along a path of problems (one per choice of parallel arrows),
    primary reductions first."""
    choices = [list(graph[a][b]) for a, b in zip(problems, problems[1:])]
    return itertools.product(*choices)


def find_paths(source: str, target: str, source_instance: Any = None,
               limit: int = MAX_LISTED_PATHS) -> list[Path]:
    """Chains of registered reductions from ``source`` to ``target``: shortest by steps first
    (the primary reduction of each arrow first); with ``source_instance``, every chain up to
    ``MAX_PATH_STEPS`` steps ranked by its predicted target size on that instance instead.

    >>> [p.steps for p in find_paths("3sat", "domset")]
    [('3sat-to-indset', 'indset-to-vertexcover', 'vertexcover-to-domset')]
    >>> find_paths("rel", "3sat")
    []
    """
    import networkx as nx

    graph = reduction_graph()
    _check_problem(graph, source)
    _check_problem(graph, target)
    if source == target:
        raise InvalidInstance(f"path: source and target are both {source}")
    if source_instance is None:
        found: list[Path] = []
        try:
            for problems in nx.shortest_simple_paths(nx.DiGraph(graph), source, target):
                for steps in _expanded(graph, problems):
                    found.append(Path(tuple(steps), tuple(problems)))
                    if len(found) >= limit:
                        return found
        except nx.NetworkXNoPath:
            return found
        return found
    if source_instance.problem != source:
        raise InvalidInstance(f"--size-of: the file holds a {source_instance.problem} instance, not {source}")
    sized: list[Path] = []
    for problems in nx.all_simple_paths(nx.DiGraph(graph), source, target, cutoff=MAX_PATH_STEPS):
        for steps in _expanded(graph, problems):
            if len(sized) >= MAX_SIZED_PATHS:
                raise InvalidInstance(f"--size-of: more than {MAX_SIZED_PATHS} chains to build; "
                                      f"rank fewer (npw path without --size-of lists them by steps)")
            sized.append(Path(tuple(steps), tuple(problems), predicted_size(steps, source_instance)))
    sized.sort(key=lambda p: (p.total, len(p.steps)))
    return sized[:limit]


def predicted_size(ids: Sequence[str], source_instance: Any) -> Mapping[str, int | Bound]:
    """The target size the chain's last size formula predicts on ``source_instance`` (the
    intermediate instances are built; a last step without a formula gives its built size).

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> predicted_size(["1in3sat-to-224sat", "224sat-to-rel"], OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)]))
    {'vertices': 72, 'edges': 165, 'elements': 112}
    """
    steps = chain_steps(ids)
    instance = source_instance
    for step in steps[:-1]:
        instance = step.reduce(instance)
    last = steps[-1]
    return dict(last.size(instance)) if last.size is not None else last.reduce(instance).size()


def draw_graph() -> str:
    """The reduction graph as a hand-written SVG (no graphviz): problems on a circle, one arrow
    per pair of problems with a reduction, labelled with how many registered reductions it
    stands for; each arrow's ``<title>`` lists their ids (a browser shows it on hover).

    >>> svg = draw_graph()
    >>> svg.startswith("<svg") and 'data-el="problem:3sat"' in svg and "3sat-to-indset" in svg
    True
    """
    import math
    from html import escape

    graph = reduction_graph()
    nodes = sorted(graph.nodes)
    radius, margin, node_r = 60.0 + 22.0 * len(nodes), 90.0, 28.0
    centre = radius + margin
    at = {n: (centre + radius * math.cos(2 * math.pi * i / len(nodes) - math.pi / 2),
              centre + radius * math.sin(2 * math.pi * i / len(nodes) - math.pi / 2)) for i, n in enumerate(nodes)}
    side = 2 * centre
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side:.0f}" height="{side:.0f}" '
           f'viewBox="0 0 {side:.0f} {side:.0f}" font-family="sans-serif" font-size="12">',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>']
    for a, b in sorted({(a, b) for a, b in graph.edges()}):
        ids = list(graph[a][b])
        (x1, y1), (x2, y2) = at[a], at[b]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        # a pair with arrows both ways: each drawn a little to its own side, so both show
        shift = 5.0 if graph.has_edge(b, a) else 0.0
        sx, sy = -uy * shift, ux * shift
        start = (x1 + ux * node_r + sx, y1 + uy * node_r + sy)
        end = (x2 - ux * node_r + sx, y2 - uy * node_r + sy)
        label = f"{len(ids)}" if len(ids) > 1 else ""
        out.append(f'<g data-el="arrow:{escape(a)}-{escape(b)}"><title>{escape(", ".join(ids))}</title>'
                   f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" '
                   f'stroke="#555" stroke-width="1.5" marker-end="url(#arrow)"/>'
                   + (f'<text x="{(start[0] + end[0]) / 2:.1f}" y="{(start[1] + end[1]) / 2:.1f}" '
                      f'fill="#a33">{label}</text>' if label else "") + "</g>")
    for n in nodes:
        x, y = at[n]
        out.append(f'<g data-el="problem:{escape(n)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{node_r:.0f}" '
                   f'fill="#eef" stroke="#336"/><text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle">'
                   f'{escape(n)}</text></g>')
    out.append("</svg>\n")
    return "\n".join(out)
