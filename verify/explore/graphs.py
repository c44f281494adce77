"""Hamiltonian path (and its variants), 3-PARTITION and the vertex-set problems (independent
set, vertex cover, clique, dominating set) on a page: a certificate lit up, a path one vertex a
step (its edges with it), a partition one triple a step in its own colour, a vertex set one
vertex a step with what it covers (vertex cover: its edges; dominating set: its closed
neighbourhood; clique: its edges to the vertices before it).

>>> from npw.instances.hampath.graph import HamPath
>>> graph = HamPath(3, ((0, 1), (1, 2)))
>>> [c.as_json() for c in show_path(graph, (2, 1, 0))][:3]
[['s', 'vertex:2', 'mark', 'path'], ['s', 'vertex:1', 'mark', 'path'], ['s', 'edge:1-2', 'mark', 'path']]
>>> from npw.instances.numbers.three_partition import ThreePartition
>>> [c.as_json() for c in show_triples(ThreePartition((2, 2, 3), 7), [(0, 1, 2)])]
[['s', 'number:0', 'mark', 'g0'], ['s', 'number:1', 'mark', 'g0'], ['s', 'number:2', 'mark', 'g0']]
>>> from npw.instances.graphs.graph import VertexCover
>>> cover = VertexCover(3, ((0, 1), (1, 2)), 1)
>>> [c.as_json() for c in vertex_set_steps(cover, [1], "t")[0].changes]
[['t', 'vertex:1', 'mark', 'path'], ['t', 'edge:0-1', 'mark', 'sat'], ['t', 'edge:1-2', 'mark', 'sat']]
>>> dict(play_vertex_set(cover, [1], None).goal_marks)
{'edge:0-1': 'sat', 'edge:1-2': 'sat'}
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.verify.explore.steps import Change, Layout, Play, Step, marks
from npw.verify.explore.players import Player

__all__ = ["GROUP_COLOURS", "path_steps", "play_path", "play_triples", "play_vertex_set", "show_path", "show_triples",
           "show_vertex_set", "vertex_set_steps"]

GROUP_COLOURS = 8  # the page's CSS has the classes npw-g0 .. npw-g7


def _edge(graph: Any, a: int, b: int) -> str:
    stored = (a, b) if (a, b) in set(map(tuple, graph.edges)) else (b, a)
    return f"edge:{stored[0]}-{stored[1]}"


def path_steps(graph: Any, path: Sequence[int], side: str) -> list[Step]:
    steps = []
    for position, vertex in enumerate(path):
        changes = [Change(side, f"vertex:{vertex}", "mark", "path")]
        if position:
            changes.append(Change(side, _edge(graph, path[position - 1], vertex), "mark", "path"))
        steps.append(Step(f"path vertex {position + 1}: {vertex}", tuple(changes)))
    return steps


def show_path(graph: Any, path: Sequence[int], side: str = "s") -> tuple[Change, ...]:
    return tuple(c for step in path_steps(graph, path, side) for c in step.changes)


def play_path(graph: Any, path: Sequence[int], layout: Layout, side: str = "t") -> Play:
    goal = {f"vertex:{v}": "path" for v in range(graph.num_vertices)}
    return Play(tuple(path_steps(graph, path, side)), goal_marks=goal)


def show_triples(instance: Any, triples: Sequence[Sequence[int]], side: str = "s") -> tuple[Change, ...]:
    return tuple(c for k, triple in enumerate(triples)
                 for c in marks(side, (f"number:{i}" for i in triple), f"g{k % GROUP_COLOURS}"))


def play_triples(instance: Any, triples: Sequence[Sequence[int]], layout: Layout, side: str = "t") -> Play:
    steps = [Step(f"triple {k + 1}: " + " + ".join(str(instance.numbers[i]) for i in triple) + f" = {instance.bound}",
                  tuple(marks(side, (f"number:{i}" for i in triple), f"g{k % GROUP_COLOURS}")))
             for k, triple in enumerate(triples)]
    return Play(tuple(steps))


def vertex_set_steps(graph: Any, vertices: Sequence[int], side: str) -> list[Step]:
    """One step per chosen vertex: the vertex marked ``path``, and marked ``sat`` what it newly
    accounts for (see the module's docstring)."""
    problem = getattr(graph, "problem", "")
    steps, done, chosen = [], set(), []
    for vertex in vertices:
        if problem == "vertexcover":
            covered = [f"edge:{u}-{v}" for u, v in graph.edges if vertex in (u, v)]
        elif problem == "domset":
            covered = [f"vertex:{u}" for u in sorted(graph.neighbours(vertex) | {vertex})]
        elif problem == "clique":
            covered = [_edge(graph, u, vertex) for u in chosen]
        else:  # indset: nothing beyond the vertex
            covered = []
        fresh = [element for element in covered if element not in done]
        done.update(fresh)
        chosen.append(vertex)
        changes = (Change(side, f"vertex:{vertex}", "mark", "path"),) + marks(side, fresh, "sat")
        steps.append(Step(f"vertex {vertex} chosen ({len(chosen)} of {len(vertices)}; k = {graph.k})", changes))
    return steps


def show_vertex_set(graph: Any, vertices: Sequence[int], side: str = "s") -> tuple[Change, ...]:
    return tuple(c for step in vertex_set_steps(graph, vertices, side) for c in step.changes)


def play_vertex_set(graph: Any, vertices: Sequence[int], layout: Layout | None, side: str = "t") -> Play:
    """The vertex set played; the goal is worked out from the instance where the problem has one
    (a cover marks every edge, a dominating set every vertex), else it is the chosen vertices."""
    problem = getattr(graph, "problem", "")
    if problem == "vertexcover":
        goal = {f"edge:{u}-{v}": "sat" for u, v in graph.edges}
    elif problem == "domset":
        goal = {f"vertex:{v}": "sat" for v in range(graph.num_vertices)}
    else:
        goal = {f"vertex:{v}": "path" for v in vertices}
    return Play(tuple(vertex_set_steps(graph, vertices, side)), goal_marks=goal)


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = (
    *(Player(problem, play_path, show_path)
      for problem in ("hampath", "hampath-grid-s", "hampath-st", "hampath-dumbbells")),
    Player("3partition", play_triples, show_triples),
    *(Player(problem, play_vertex_set, show_vertex_set) for problem in ("indset", "vertexcover", "clique", "domset")),
)
