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
from npw.instances.display import SVG
from npw.reductions.base import Bound, Reduction

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["MAX_LISTED_PATHS", "MAX_PATH_STEPS", "MAX_SIZED_PATHS", "FAMILIES", "Path", "SEED_PAPERS", "chain_steps", "compose",
           "draw_chain", "draw_graph", "find_paths", "graph_layers", "label_width", "parse_via", "predicted_size",
           "problem_family", "reduction_graph", "reductions_between", "registered_reductions", "seed_paper"]

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
    sizes, claims and provenance compose there), with the claim ``closed-size`` where
    :mod:`npw.reductions.chain_sizes` knows a closed formula for the steps, named by its ids
    joined with commas; one id is that reduction itself."""
    import dataclasses

    from npw.reductions.chain_sizes import with_closed_size

    steps = chain_steps(ids)
    chain = steps[0]
    for step in steps[1:]:
        chain = chain.then(step)
    # a chain whose target has a closed size formula in its source's size also checks that
    return chain if len(steps) == 1 else dataclasses.replace(with_closed_size(chain), id=",".join(r.id for r in steps))


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
    from npw.instances.io import as_source

    try:  # a DIMACS file is read as cnf: a chain from 3-SAT takes it as 3-SAT
        source_instance = as_source(source_instance, source)
    except InvalidInstance as error:  # "holds a ... instance, not ...", or which clause is not 3-SAT's
        said = str(error)
        raise InvalidInstance(f"--size-of: {'the file ' if said.startswith('holds a') else ''}{said}") from None
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


# -- the drawings (issue 32, item 3): the graph in layers, sources at the top, and one chain --

SEED_PAPERS: tuple[tuple[str, str], ...] = (
    ("Ratner & Warmuth", "Ratner & Warmuth 1990 (REL, nPUZ)"),
    ("seed 001", "the torus puzzle paper (seed 001: BWP)"),
    ("Brunner et al", "Brunner et al. (seed 003: Solo Chess)"),
)
"""(what a reference cites, the paper as the legend names it): a reduction whose ``reference``
cites one of them is a construction of the seed papers this workbench was built to check; the
others are the textbooks' classics."""

FAMILIES: tuple[tuple[str, str, str, str], ...] = (
    # (family, legend, fill, stroke), in the order the drawing puts them left to right
    ("sat", "satisfiability", "#dbe9f6", "#2b6cb0"),
    ("graphs", "graphs", "#e0f2e0", "#2f855a"),
    ("hampath", "Hamiltonian paths", "#dcf2f2", "#2c7a7b"),
    ("sets", "sets", "#ece4f7", "#6b46c1"),
    ("numbers", "numbers", "#fdebd3", "#c05621"),
    ("puzzles", "puzzles", "#fbe0e6", "#b83280"),
    ("other", "other", "#eeeeee", "#555555"),
)
# the instances/ rooms drawn as one family
_PUZZLE_ROOMS = ("rel", "npuz", "torus", "solochess")

_FONT = 12.0  # px, the node labels'
_NODE_H, _NODE_PAD, _GAP, _ROW = 26.0, 10.0, 22.0, 96.0
_DUMMY_W = 10.0
_SEED_COLOUR, _PLAIN_COLOUR = "#d95f02", "#666666"


def seed_paper(reduction: Reduction) -> str | None:
    """The seed paper whose construction ``reduction`` is (as the legend names it), or None
    for a textbook classic: read from its ``reference``.

    >>> from npw.reductions.registry import get_reduction
    >>> seed_paper(get_reduction("224sat-to-rel")), seed_paper(get_reduction("3sat-to-indset"))
    ('Ratner & Warmuth 1990 (REL, nPUZ)', None)
    """
    for cited, name in SEED_PAPERS:
        if cited in reduction.reference:
            return name
    return None


def problem_family(problem_id: str) -> str:
    """The family a problem is drawn in: its room of ``instances/`` (``sat``, ``graphs``,
    ``hampath``, ``sets``, ``numbers``; REL, nPUZ, the torus puzzles and Solo Chess are
    ``puzzles``), ``other`` for a plugin's or a user's problem.

    >>> problem_family("1in3sat"), problem_family("fvs"), problem_family("bwp"), problem_family("nosuch")
    ('sat', 'graphs', 'puzzles', 'other')
    """
    from npw.instances.registry import builtin_problem_modules

    module = builtin_problem_modules().get(problem_id, "")
    parts = module.split(".")
    room = parts[2] if len(parts) > 3 and parts[:2] == ["npw", "instances"] else ""
    if room in _PUZZLE_ROOMS:
        return "puzzles"
    return room if room in {f[0] for f in FAMILIES} else "other"


def _family_rank(problem_id: str) -> int:
    names = [f[0] for f in FAMILIES]
    return names.index(problem_family(problem_id))


def label_width(text: str, font_size: float = _FONT, bold: bool = False) -> float:
    """A width ``text`` does not exceed in a browser's sans-serif at ``font_size`` px (``bold``:
    in bold): per character the advance of DejaVu Sans (the widest common sans-serif, Linux's
    default), rounded up, so a label fits its box under Helvetica, Arial or Liberation too.

    >>> label_width("3sat") < label_width("hampath-grid-s") < 14 * 12
    True
    """
    total = 0.0
    for char in text:
        if char in "ijl.,:;'|!":
            total += 0.36
        elif char in "frt()/- [] ":
            total += 0.43
        elif char in "mwMW@%":
            total += 1.0
        elif char.isupper() or char in "&#×→":
            total += 0.84
        elif char.isascii():
            total += 0.65
        else:
            total += 1.0  # anything else, counted as wide as the widest letter
    return total * font_size * (1.2 if bold else 1.0)  # DejaVu Sans Bold: up to ~20% wider


def graph_layers(graph: nx.MultiDiGraph | None = None) -> list[list[str]]:
    """The problems of the reduction graph in layers, top to bottom, each left to right: the
    sources (no reduction into them) first, every arrow pointing down (but the few that close a
    cycle: IS <-> VC <-> clique point back up), each problem one layer below the lowest problem
    with an arrow into it (networkx's ``topological_generations``); in the first layer the
    SAT family first, each family's larger tree first, the other layers ordered to cross few
    arrows (barycentres). Problems without any reduction are left out.

    >>> layers = graph_layers()
    >>> layers[0][0], layers[1][0], "indset" in layers[2]
    ('cnf', '3sat', True)
    """
    return [[n for n in row if isinstance(n, str)] for row in _layout(graph)[0]]


def _acyclic(simple: nx.DiGraph) -> nx.DiGraph:
    """``simple`` without its back edges: a depth-first search from the sources in drawing
    order (then from whatever a cycle left unreached) drops every arrow to a problem still on
    its stack, so the arrows of a cycle point down from the problem reached first."""
    import networkx as nx

    def order(nodes: Any) -> list[str]:
        return sorted(nodes, key=lambda n: (_family_rank(n), -len(nx.descendants(simple, n)), n))

    dag = nx.DiGraph()
    dag.add_nodes_from(simple)
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    roots = order(n for n in simple if simple.in_degree(n) == 0) + order(simple)
    for root in roots:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(order(simple.successors(root))))]
        while stack:
            node, successors = stack[-1]
            for successor in successors:
                if state.get(successor) == 1:
                    continue  # a back edge: left out of the layering
                dag.add_edge(node, successor)
                if successor not in state:
                    state[successor] = 1
                    stack.append((successor, iter(order(simple.successors(successor)))))
                    break
            else:
                state[node] = 2
                stack.pop()
    return dag


def _crossings(rows: list[list[Any]], down: Mapping[Any, list[Any]]) -> int:
    total = 0
    for upper, lower in zip(rows, rows[1:]):
        at = {n: i for i, n in enumerate(lower)}
        ends = [(i, at[m]) for i, n in enumerate(upper) for m in down.get(n, ()) if m in at]
        total += sum(1 for (a, b), (c, d) in itertools.combinations(ends, 2) if (a - c) * (b - d) < 0)
    return total


def _layout(graph: nx.MultiDiGraph | None = None) -> tuple[list[list[Any]], dict[tuple[str, str], list[Any]],
                                                           list[str]]:
    """(rows of nodes, problems and the dummy points long arrows pass through; each arrow
    ``(a, b)`` -> its nodes from a to b; the problems without reductions)."""
    import networkx as nx

    graph = reduction_graph() if graph is None else graph
    simple = nx.DiGraph(graph)
    isolated = sorted((n for n in simple if simple.degree(n) == 0), key=lambda n: (_family_rank(n), n))
    simple.remove_nodes_from(isolated)
    dag = _acyclic(simple)
    layer = {n: i for i, generation in enumerate(nx.topological_generations(dag)) for n in generation}
    rows: list[list[Any]] = [[] for _ in range(max(layer.values(), default=-1) + 1)]
    down: dict[Any, list[Any]] = {}  # the drawing's edges between neighbouring rows, top to bottom
    routes: dict[tuple[str, str], list[Any]] = {}
    for a, b in simple.edges():
        top, bottom = (a, b) if layer[a] < layer[b] else (b, a)
        chain: list[Any] = [top] + [("via", a, b, k) for k in range(layer[top] + 1, layer[bottom])] + [bottom]
        for upper, lower in zip(chain, chain[1:]):
            down.setdefault(upper, []).append(lower)
        for point in chain[1:-1]:
            rows[layer[top] + chain.index(point)].append(point)
        routes[(a, b)] = chain if top == a else chain[::-1]
    for n in layer:
        rows[layer[n]].append(n)
    rank = {n: (_family_rank(n), -len(nx.descendants(simple, n)), n) for n in layer}
    rows[0].sort(key=lambda n: rank[n])
    up: dict[Any, list[Any]] = {}
    for upper, lowers in down.items():
        for lower in lowers:
            up.setdefault(lower, []).append(upper)
    # barycentre sweeps (Sugiyama): each row ordered by the mean place of its neighbours in the
    # row above (down the rows) or below (up); the first row stays as the families order it
    for row in rows[1:]:
        row.sort(key=lambda n: (rank.get(n, (9, 0, "")), str(n)))
    best, best_count = [list(r) for r in rows], _crossings(rows, down)
    for _ in range(6):
        for i in range(1, len(rows)):
            at = {n: k for k, n in enumerate(rows[i - 1])}
            place = {n: k for k, n in enumerate(rows[i])}
            rows[i].sort(key=lambda n: sum(at[m] for m in up[n]) / len(up[n]) if up.get(n) else place[n])
        for i in range(len(rows) - 2, 0, -1):
            at = {n: k for k, n in enumerate(rows[i + 1])}
            place = {n: k for k, n in enumerate(rows[i])}
            rows[i].sort(key=lambda n: sum(at[m] for m in down[n]) / len(down[n]) if down.get(n) else place[n])
        count = _crossings(rows, down)
        if count < best_count:
            best, best_count = [list(r) for r in rows], count
    return best, routes, isolated


def _width(node: Any) -> float:
    return label_width(node) + 2 * _NODE_PAD if isinstance(node, str) else _DUMMY_W


def _place(rows: list[list[Any]], routes: Mapping[tuple[str, str], list[Any]]) -> dict[Any, float]:
    """The x of every node's centre: each row packed left to right, then pulled towards its
    neighbours' mean in the rows above and below (a few sweeps), never closer than the gap."""
    x: dict[Any, float] = {}
    for row in rows:
        left = 0.0
        for n in row:
            x[n] = left + _width(n) / 2
            left += _width(n) + _GAP
    neighbours: dict[Any, list[Any]] = {}
    for chain in routes.values():
        for a, b in zip(chain, chain[1:]):
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)

    def settle(row: list[Any]) -> None:
        want = [sum(x[m] for m in neighbours[n]) / len(neighbours[n]) if neighbours.get(n) else x[n] for n in row]
        pushed_right, pushed_left = list(want), list(want)
        for k in range(1, len(row)):
            need = (_width(row[k - 1]) + _width(row[k])) / 2 + _GAP
            pushed_right[k] = max(pushed_right[k], pushed_right[k - 1] + need)
        for k in range(len(row) - 2, -1, -1):
            need = (_width(row[k]) + _width(row[k + 1])) / 2 + _GAP
            pushed_left[k] = min(pushed_left[k], pushed_left[k + 1] - need)
        final = [(a + b) / 2 for a, b in zip(pushed_right, pushed_left)]
        for k in range(1, len(row)):  # the mean of two feasible rows may still be too tight
            need = (_width(row[k - 1]) + _width(row[k])) / 2 + _GAP
            final[k] = max(final[k], final[k - 1] + need)
        for n, value in zip(row, final):
            x[n] = value

    for _ in range(8):
        for row in rows[1:]:
            settle(row)
        for row in rows[-2::-1]:
            settle(row)
    return x


def _curve(points: Sequence[tuple[float, float]]) -> str:
    """An SVG path through ``points``, each step a cubic with vertical tangents (arrows leave
    and enter the rows upright)."""
    out = [f"M{points[0][0]:.1f},{points[0][1]:.1f}"]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        middle = (y1 + y2) / 2
        out.append(f"C{x1:.1f},{middle:.1f} {x2:.1f},{middle:.1f} {x2:.1f},{y2:.1f}")
    return " ".join(out)


def _svg_open(width: float, height: float, label: str) -> list[str]:
    from html import escape

    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="{_FONT:.0f}" '
            f'role="img" aria-label="{escape(label)}">',
            "<style>g.arrow:hover .line{stroke-width:3.5} g.problem:hover rect{stroke-width:2.5}</style>",
            '<rect width="100%" height="100%" fill="#ffffff"/>',
            "<defs>" + "".join(
                f'<marker id="head-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" '
                f'markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
                for name, colour in (("plain", _PLAIN_COLOUR), ("seed", _SEED_COLOUR))) + "</defs>"]


def _node(problem_id: str, cx: float, cy: float, extra: str = "") -> str:
    from html import escape

    from npw.instances.registry import get_problem

    family = problem_family(problem_id)
    fill, stroke = next((f[2], f[3]) for f in FAMILIES if f[0] == family)
    try:
        title = f"{problem_id}: {get_problem(problem_id).title}"
    except InvalidInstance:
        title = problem_id
    w = _width(problem_id)
    return (f'<g class="problem" data-el="problem:{escape(problem_id)}"{extra}><title>{escape(title)}</title>'
            f'<rect x="{cx - w / 2:.1f}" y="{cy - _NODE_H / 2:.1f}" width="{w:.1f}" height="{_NODE_H:.0f}" rx="6" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>'
            f'<text x="{cx:.1f}" y="{cy + _FONT * 0.35:.1f}" text-anchor="middle" fill="#1a202c">'
            f'{escape(problem_id)}</text></g>')


def _arrow_title(a: str, b: str, reductions: Sequence[Reduction]) -> str:
    head = f"{a} \u2192 {b}: " + ("1 registered reduction" if len(reductions) == 1
                                  else f"{len(reductions)} registered reductions")
    return "\n".join([head] + [f"{r.id}: {r.reference}" for r in reductions])


def draw_graph(graph: nx.MultiDiGraph | None = None) -> SVG:
    """The reduction graph as an SVG in layers (:func:`graph_layers`): the sources at the top
    (the SAT family first), each arrow from a problem to one it reduces to, drawn down through
    the layers between them (back up for the arrows that close a cycle). An arrow stands for
    every registered reduction between its two problems (``xN`` when there are several); its
    ``<title>`` (a browser's tooltip on hover) names each with its theorem. The seed papers'
    constructions are drawn thick and orange (:func:`seed_paper`), the families in colours; a
    legend says so. Labels fit their boxes (:func:`label_width`). No Graphviz: networkx and
    the code here. The text is a ``str`` a notebook draws (``_repr_svg_``).

    >>> svg = draw_graph()
    >>> svg.startswith("<svg") and 'data-el="problem:3sat"' in svg and "3sat-to-indset: " in svg
    True
    >>> 'data-el="arrow:1in3sat-224sat" class="arrow seed"' in svg
    True
    """
    from html import escape

    graph = reduction_graph() if graph is None else graph
    rows, routes, isolated = _layout(graph)
    x = _place(rows, routes)
    margin, top = 24.0, 64.0
    y = {n: top + i * _ROW for i, row in enumerate(rows) for n in row}
    low = min((x[n] - _width(n) / 2 for n in x), default=0.0)
    for n in x:
        x[n] += margin - low
    seeds = "; ".join(name for _, name in SEED_PAPERS)
    width = max([x[n] + _width(n) / 2 + margin for n in x]
                + [2 * margin + 42 + label_width(f"seed construction: {seeds}"), 760.0])
    bottom = top + max(len(rows) - 1, 0) * _ROW + _NODE_H
    # the problems without any reduction: a row of their own under the graph
    extra_y = bottom + 44.0
    legend_y = extra_y + (_NODE_H + 40.0 if isolated else 0.0)
    height = legend_y + 92.0
    n_reductions = graph.number_of_edges()
    out = _svg_open(width, height, "the reduction graph")
    out.append(f'<text x="{margin:.0f}" y="24" font-size="15" font-weight="bold">The reduction graph: '
               f'{graph.number_of_nodes()} problems, {n_reductions} registered reductions</text>')
    out.append(f'<text x="{margin:.0f}" y="42" fill="#444">An arrow A \u2192 B: a reduction from A to B '
               f'(B is NP-hard when A is). Hover an arrow for its theorems.</text>')
    for (a, b), chain in sorted(routes.items()):
        reductions = [data["reduction"] for data in graph[a][b].values()]
        seed = any(seed_paper(r) for r in reductions)
        colour, name = (_SEED_COLOUR, "seed") if seed else (_PLAIN_COLOUR, "plain")
        going_down = y[chain[0]] < y[chain[-1]]
        # a pair with arrows both ways: each a little to its own side, so both show
        shift = (-6.0 if going_down else 6.0) if graph.has_edge(b, a) else 0.0
        points = [(x[n] + shift, y[n]) for n in chain]
        half = _NODE_H / 2
        points[0] = (points[0][0], points[0][1] + (half if going_down else -half))
        points[-1] = (points[-1][0], points[-1][1] + (-half - 1 if going_down else half + 1))
        path = _curve(points)
        badge = ""
        if len(reductions) > 1:
            bx, by = (points[0][0] + points[1][0]) / 2, (points[0][1] + points[1][1]) / 2
            text = f"\u00d7{len(reductions)}"
            bw = label_width(text, 11) + 8
            badge = (f'<rect x="{bx - bw / 2:.1f}" y="{by - 8:.1f}" width="{bw:.1f}" height="16" rx="8" '
                     f'fill="#fff" stroke="{colour}"/><text x="{bx:.1f}" y="{by + 4:.1f}" font-size="11" '
                     f'text-anchor="middle" fill="{colour}">{text}</text>')
        out.append(f'<g data-el="arrow:{escape(a)}-{escape(b)}" class="arrow {name}">'
                   f'<title>{escape(_arrow_title(a, b, reductions))}</title>'
                   f'<path d="{path}" fill="none" stroke="transparent" stroke-width="10"/>'
                   f'<path class="line" d="{path}" fill="none" stroke="{colour}" '
                   f'stroke-width="{2.6 if seed else 1.4}" marker-end="url(#head-{name})"/>{badge}</g>')
    for row in rows:
        for n in row:
            if isinstance(n, str):
                out.append(_node(n, x[n], y[n]))
    if isolated:
        out.append(f'<text x="{margin:.0f}" y="{extra_y - 8:.1f}" fill="#444">No registered reduction into or '
                   f'out of these yet:</text>')
        left = margin
        for n in isolated:
            out.append(_node(n, left + _width(n) / 2, extra_y + _NODE_H / 2))
            left += _width(n) + _GAP
    out.extend(_legend(margin, legend_y, width))
    out.append("</svg>\n")
    return SVG("\n".join(out))  # a str a notebook draws


def _legend(left: float, top: float, width: float) -> list[str]:
    from html import escape

    out = [f'<g class="legend"><line x1="{left:.0f}" y1="{top - 14:.0f}" x2="{width - left:.0f}" '
           f'y2="{top - 14:.0f}" stroke="#ccc"/>']
    x, y = left, top
    for family, name, fill, stroke in FAMILIES[:-1]:
        out.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="14" height="14" rx="3" fill="{fill}" '
                   f'stroke="{stroke}"/><text x="{x + 19:.1f}" y="{y + 1:.1f}">{escape(name)}</text>')
        x += 19 + label_width(name) + 18
    y += 26
    seeds = "; ".join(name for _, name in SEED_PAPERS)
    for colour, stroke_width, name, text in (
            (_SEED_COLOUR, 2.6, "seed", f"seed construction: {seeds}"),
            (_PLAIN_COLOUR, 1.4, "plain", "textbook classic (Karp, Garey & Johnson, Sipser, ...)")):
        out.append(f'<line x1="{left:.0f}" y1="{y - 4:.1f}" x2="{left + 34:.0f}" y2="{y - 4:.1f}" '
                   f'stroke="{colour}" stroke-width="{stroke_width}" marker-end="url(#head-{name})"/>'
                   f'<text x="{left + 42:.0f}" y="{y:.1f}">{escape(text)}</text>')
        y += 22
    out.append(f'<text x="{left:.0f}" y="{y:.1f}" fill="#444">\u00d7N: N registered reductions between the '
               f'two problems (npw path lists them as chains)</text></g>')
    return out


def _wrapped(text: str, limit: int = 72) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def draw_chain(ids: Sequence[str]) -> SVG:
    """A chain of reductions as an SVG, top to bottom: its problems in boxes, each step an
    arrow beside which its reduction's id and theorem are written (its ``<title>`` too); a seed
    paper's construction drawn as in :func:`draw_graph`. ``npw path A B --draw OUT.svg`` draws
    the first chain it finds this way.

    >>> svg = draw_chain(["3sat-to-indset", "indset-to-vertexcover"])
    >>> [svg.count(f'data-el="problem:{p}"') for p in ("3sat", "indset", "vertexcover")]
    [1, 1, 1]
    >>> 'data-el="step:1:indset-to-vertexcover"' in svg and "Lemma 3.1" in svg
    True
    """
    from html import escape

    steps = chain_steps(ids)
    problems = [steps[0].source] + [step.target for step in steps]
    margin, top = 24.0, 56.0
    column = max(_width(p) for p in problems)
    cx = margin + column / 2
    texts = [[(step.id, True)] + [(line, False) for line in _wrapped(step.reference)] for step in steps]
    pitch = [max(84.0, 34.0 + 16.0 * len(t)) for t in texts]
    y = [top + _NODE_H / 2]
    for p in pitch:
        y.append(y[-1] + p)
    text_x = cx + 22.0
    widest = max(label_width(line, bold=bold) for t in texts for line, bold in t)
    title = f"{problems[0]} \u2192 {problems[-1]} in {len(steps)} step{'s' if len(steps) > 1 else ''}"
    width = max(text_x + widest + margin, margin + label_width(title, 15, bold=True) + margin, 360.0)
    height = y[-1] + _NODE_H / 2 + margin
    out = _svg_open(width, height, f"the chain of reductions {','.join(s.id for s in steps)}")
    out.append(f'<text x="{margin:.0f}" y="26" font-size="15" font-weight="bold">{escape(title)}</text>')
    out.append(f'<text x="{margin:.0f}" y="43" fill="#444">--via {escape(",".join(s.id for s in steps))}</text>'
               if label_width(",".join(s.id for s in steps)) + 60 < width else "")
    for k, step in enumerate(steps):
        seed = seed_paper(step) is not None
        colour, name = (_SEED_COLOUR, "seed") if seed else (_PLAIN_COLOUR, "plain")
        y1, y2 = y[k] + _NODE_H / 2, y[k + 1] - _NODE_H / 2 - 1
        lines = []
        first = y1 + (y2 - y1) / 2 - 8.0 * (len(texts[k]) - 1) + 4
        for j, (line, bold) in enumerate(texts[k]):
            style = ' font-weight="bold"' if bold else ' fill="#444"'
            lines.append(f'<text x="{text_x:.1f}" y="{first + 16 * j:.1f}"{style}>{escape(line)}</text>')
        out.append(f'<g data-el="step:{k}:{escape(step.id)}" class="arrow {name}">'
                   f'<title>{escape(_arrow_title(step.source, step.target, [step]))}</title>'
                   f'<line class="line" x1="{cx:.1f}" y1="{y1:.1f}" x2="{cx:.1f}" y2="{y2:.1f}" stroke="{colour}" '
                   f'stroke-width="{2.6 if seed else 1.4}" marker-end="url(#head-{name})"/>{"".join(lines)}</g>')
    for k, problem in enumerate(problems):
        out.append(_node(problem, cx, y[k]))
    out.append("</svg>\n")
    return SVG("\n".join(out))
