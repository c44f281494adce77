"""A planar orthogonal drawing of a biconnected planar graph of maximum degree 3: the first half of
Lemma A.1's step 3b (docs/lemma_a1.md), where each vertex of a planar G1 gets a grid point and
each arc a path of horizontal and vertical segments, no two meeting except at a common end, and
no two edges leaving a vertex in the same direction (so that a piece of step 3a can sit there).

The method is the sweep of Biedl & Kant ("A better heuristic for orthogonal graph drawings",
1998), in its simplest form: number the vertices s = 0, ..., t = n - 1 so that every other vertex
has a neighbour before it and one after it (an *st-numbering*, Tarjan's 1986 algorithm on a depth-
first search), and place them row by row in that order. The edges still open (one end placed,
one not) run upwards in columns; a vertex's edges from below are consecutive among them (the
drawing is planar); the vertex sits on one of their columns, the others come in horizontally on
its row; its first edge upwards goes on in its column, another one turns into a new column next
to it. So every edge has at most two bends, and each vertex uses at most one of the four
directions per edge (from below, from above, from the left, from the right).

>>> d = orthogonal_drawing(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
>>> sorted(d.position), check(d)
([0, 1, 2, 3], True)
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

__all__ = ["Drawing", "check", "orthogonal_drawing", "st_numbering", "subdivided"]

Point = tuple[int, int]


@dataclass(frozen=True)
class Drawing:
    """``position[v]``: the grid point of vertex v; ``route[(u, w)]``: the points of edge {u, w}
    (as given), from u's point to w's, each step one horizontal or vertical segment."""

    position: dict
    route: dict


def subdivided(num_vertices: int, arcs) -> tuple[int, list[tuple[int, int]]]:
    """A digraph's underlying simple graph for :func:`orthogonal_drawing`: each second arc between
    the same two vertices (a 2-cycle's) through a new vertex of its own. Returns the number of
    vertices and the edges.

    >>> subdivided(2, [(0, 1), (1, 0)])
    (3, [(0, 1), (1, 2), (2, 0)])
    """
    seen, edges, extra = set(), [], num_vertices
    for u, w in arcs:
        if frozenset((u, w)) in seen:
            edges += [(u, extra), (extra, w)]
            extra += 1
        else:
            seen.add(frozenset((u, w)))
            edges.append((u, w))
    return extra, edges


def st_numbering(graph: nx.Graph, s, t) -> list:
    """The vertices in an order from s to t in which every other vertex has a neighbour before and
    a neighbour after it (``graph`` biconnected, s - t an edge). Tarjan (1986): a depth-first
    search from s whose first step is to t, then each vertex in preorder goes just before or just
    after its parent, by the sign of its low point.

    >>> st_numbering(nx.cycle_graph(5), 0, 1)
    [0, 4, 3, 2, 1]
    """
    pre, parent, order = {s: 0}, {s: None}, [s]
    stack = [(s, iter([t] + [w for w in graph[s] if w != t]))]
    while stack:
        v, ahead = stack[-1]
        for w in ahead:
            if w not in pre:
                pre[w], parent[w] = len(order), v
                order.append(w)
                stack.append((w, iter(graph[w])))
                break
        else:
            stack.pop()
    low = {v: v for v in order}
    for v in reversed(order):
        for w in graph[v]:
            if parent.get(w) == v:
                candidate = low[w]
            elif w != parent[v]:
                candidate = w
            else:
                continue
            if pre[candidate] < pre[low[v]]:
                low[v] = candidate
    before, after = {s: None, t: s}, {s: t, t: None}
    sign = {s: -1}
    for v in order[2:]:
        p = parent[v]
        if sign[low[v]] == -1:  # just before p
            before[v], after[v] = before[p], p
            if before[p] is not None:
                after[before[p]] = v
            before[p] = v
            sign[p] = 1
        else:  # just after p
            before[v], after[v] = p, after[p]
            if after[p] is not None:
                before[after[p]] = v
            after[p] = v
            sign[p] = -1
    first = next(v for v in order if before[v] is None)
    numbered = [first]
    while after[numbered[-1]] is not None:
        numbered.append(after[numbered[-1]])
    return numbered


def orthogonal_drawing(num_vertices: int, edges) -> Drawing:
    """The drawing (see the module's text) of the graph on 0..num_vertices-1 with ``edges``
    (simple, biconnected, planar, max degree 3).

    Raises
    ------
    ValueError
        If the graph is not simple, biconnected and planar with max degree 3.
    """
    graph = nx.Graph()
    graph.add_nodes_from(range(num_vertices))
    graph.add_edges_from(edges)
    if graph.number_of_edges() != len(edges) or max(d for _, d in graph.degree) > 3:
        raise ValueError("the drawing needs a simple graph of max degree 3")
    if not nx.is_biconnected(graph):
        raise ValueError("the drawing needs a biconnected graph")
    planar, embedding = nx.check_planarity(graph)
    if not planar:
        raise ValueError("the graph is not planar")
    s, t = edges[0]
    order = st_numbering(graph, s, t)
    rank = {v: i for i, v in enumerate(order)}
    # columns: a left-to-right list of column labels, new ones inserted beside old ones
    columns: list[int] = []
    column_of_edge: dict[frozenset, int] = {}
    column_of_vertex: dict = {}
    frontier: list[frozenset] = []  # the open edges, left to right

    def new_column(beside: int | None, right: bool) -> int:
        label = len(columns)
        if beside is None:
            columns.append(label)
        else:
            at = columns.index(beside)
            columns.insert(at + 1 if right else at, label)
        return label

    for v in order:
        rotation = list(embedding.neighbors_cw_order(v))
        ins = [w for w in rotation if rank[w] < rank[v]]
        outs = [w for w in rotation if rank[w] > rank[v]]
        # out-edges left to right: clockwise from the one after the last in-edge (at s: after t)
        if v == s:
            at = rotation.index(t)
            outs = rotation[at + 1:] + rotation[:at + 1]
        elif ins and outs:
            positions = [rotation.index(w) for w in ins]
            # the in-edges form one block of the rotation; start after its last member
            block_end = next(i for i in positions if rotation[(i + 1) % len(rotation)] not in ins)
            cyclic = rotation[block_end + 1:] + rotation[:block_end + 1]
            outs = [w for w in cyclic if rank[w] > rank[v]]
        in_edges = [frozenset((v, w)) for w in ins]
        if v == s:
            home = new_column(None, True)
            place = 0
            straight = len(outs) // 2  # the middle edge goes straight up
        else:
            slots = sorted(frontier.index(e) for e in in_edges)
            if slots != list(range(slots[0], slots[0] + len(slots))):
                raise ValueError(f"the in-edges of vertex {v} are not consecutive: the embedding is not upward")
            place = slots[0]
            below = [frontier[i] for i in slots]  # the in-edges, left to right
            # on the middle one of three (t), else on the leftmost: the others come in from the side
            home = column_of_edge[below[1] if len(below) == 3 else below[0]]
            del frontier[slots[0]:slots[0] + len(slots)]
            straight = 0 if len(below) < 3 else None  # the leftmost out-edge goes straight up
        column_of_vertex[v] = home
        new_edges = [frozenset((v, w)) for w in outs]
        for i, e in enumerate(new_edges):
            if i == straight:
                column_of_edge[e] = home
            else:
                left_of_straight = straight is not None and i < straight
                column_of_edge[e] = new_column(home, right=not left_of_straight)
        # the out-edges take the in-edges' place among the open edges, left to right
        frontier[place:place] = new_edges
    x_of = {label: i for i, label in enumerate(columns)}
    position = {v: (x_of[column_of_vertex[v]], rank[v]) for v in order}
    route = {}
    for u, w in edges:
        a, b = (u, w) if rank[u] < rank[w] else (w, u)
        x = x_of[column_of_edge[frozenset((u, w))]]
        points = [position[a], (x, position[a][1]), (x, position[b][1]), position[b]]
        points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        route[(u, w)] = tuple(points if a == u else reversed(points))
    return Drawing(position, route)


def _cells(points) -> list[Point]:
    """Every grid point along a route, in order."""
    cells = [points[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
        while cells[-1] != (x2, y2):
            cells.append((cells[-1][0] + dx, cells[-1][1] + dy))
    return cells


def check(drawing: Drawing) -> bool | str:
    """True if no two routes share a grid point other than a common end vertex's, no route passes
    a vertex, and no two routes leave a vertex in the same direction; else what is wrong.

    >>> check(Drawing({0: (0, 0), 1: (2, 0)}, {(0, 1): ((0, 0), (2, 0)), (1, 0): ((2, 0), (0, 0))}))
    'routes (0, 1) and (1, 0) leave (2, 0) the same way'
    """
    at_vertex = {p: v for v, p in drawing.position.items()}
    if len(at_vertex) != len(drawing.position):
        return "two vertices share a point"
    seen: dict[Point, tuple] = {}
    leaving: dict = {}
    for edge, points in drawing.route.items():
        cells = _cells(points)
        if at_vertex.get(cells[0]) not in edge or at_vertex.get(cells[-1]) not in edge:
            return f"route {edge} does not join its ends"
        for end, step in ((cells[0], cells[1]), (cells[-1], cells[-2])):
            direction = (step[0] - end[0], step[1] - end[1])
            key = (end, direction)
            if key in leaving:
                return f"routes {leaving[key]} and {edge} leave {end} the same way"
            leaving[key] = edge
        for p in cells[1:-1]:
            if p in at_vertex:
                return f"route {edge} passes vertex {at_vertex[p]}"
            if p in seen:
                return f"routes {seen[p]} and {edge} meet at {p}"
            seen[p] = edge
    return True
