"""Hamiltonian path (and its variants) and 3-PARTITION on a page: a certificate lit up, a path
one vertex a step (its edges with it), a partition one triple a step in its own colour.

>>> from npw.instances.hampath.graph import HamPath
>>> graph = HamPath(3, ((0, 1), (1, 2)))
>>> [c.as_json() for c in show_path(graph, (2, 1, 0))][:3]
[['s', 'vertex:2', 'mark', 'path'], ['s', 'vertex:1', 'mark', 'path'], ['s', 'edge:1-2', 'mark', 'path']]
>>> from npw.instances.three_partition import ThreePartition
>>> [c.as_json() for c in show_triples(ThreePartition((2, 2, 3), 7), [(0, 1, 2)])]
[['s', 'number:0', 'mark', 'g0'], ['s', 'number:1', 'mark', 'g0'], ['s', 'number:2', 'mark', 'g0']]
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.verify.explore.steps import Change, Layout, Play, Step, marks

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
