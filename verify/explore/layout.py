"""The target drawn by its gadgets: an :class:`~npw.instances.arrangement.Arrangement` worked
out from a reduction's provenance (``npw explore``).

Every target node (``vertex:*``) comes from some source elements (the backward provenance).
:func:`provenance_groups` picks the source kind whose elements split the target's nodes most
cleanly (each node from exactly one element of that kind: a 3-SAT clause's triangle in
``3sat-to-indset``), groups the nodes by it, then the nodes left over by the next kind (a
variable's two literal vertices in ``3sat-to-3col``), and puts what no single element produced
in one group of its own (the palette triangle). :func:`arrange` lays each group out on its own
(networkx's circular layout for small groups, its spring layout for larger ones, a gadget-column
layout for REL's variable gadgets), boxes and captions it with its source element, and places
the groups in rows, one band of rows per source kind (variables above clauses, as the proofs
draw them); every node is labelled with where it came from (``x1 in C0``).

The layouts are checked against an estimate of the drawn text (:func:`~npw.instances.arrangement.text_width`):
a group grows until no two of its texts would touch, so the page's labels do not overlap (the
browser test ``tests/test_explore_labels_browser.py`` measures the real boxes).

A board (Solo Chess, BWP) is the construction's own layout: its pieces keep their squares and
take their source element's colour, a legend beside the board naming whose
(:func:`_board_arrangement`). A reduction may bring its own arrangement: :data:`OWN_LAYOUTS`
maps a reduction id to a function ``(source, target, backward) -> Arrangement | None``.

>>> backward = {"vertex:0": ("var:1", "clause:0"), "vertex:1": ("var:2", "clause:0"),
...             "vertex:2": ("var:1", "clause:1"), "vertex:3": ("var:3", "clause:1")}
>>> [(caption, members) for caption, members in provenance_groups(sorted(backward), backward)]
[('C0', ['vertex:0', 'vertex:1']), ('C1', ['vertex:2', 'vertex:3'])]
>>> source_label(("clause:0", "var:1"))
'x1 in C0'
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Iterable, Mapping, Sequence

from npw.instances.arrangement import GROUP_COLOURS, LABEL_FONT, Arrangement, Group, text_width
from npw.instances.rel.render import NAMES_PER_LINE, TOKENS_PER_ROW

__all__ = ["BOARD_PROBLEMS", "GRAPH_PROBLEMS", "KIND_ORDER", "OWN_LAYOUTS", "arrange", "fan_out", "provenance_groups", "short_name", "source_label"]

KIND_ORDER = ("var", "clause", "vertex", "edge", "arc", "number", "item", "element", "set", "triple", "w", "x", "y",
              "tile", "cell", "piece")
"""Source kinds in the order their labels read and their groups are drawn (variables first)."""

_SHORT = {"var": "x{}", "clause": "C{}", "vertex": "v{}", "edge": "e{}", "arc": "a{}", "number": "n{}", "item": "i{}",
          "set": "S{}", "triple": "T{}"}
GRAPH_PROBLEMS = ("indset", "vertexcover", "clique", "domset", "coloring", "hamcycle", "dhamcycle", "hampath",
                  "hampath-st", "hampath-grid-s", "fvs")
"""Target problems drawn by :func:`npw.instances.graphs.render.graph_svg` (placed by an arrangement)."""

_RADIUS = 11.0  # graph_svg's vertex radius
_TOP = 40.0  # below the drawing's title line
_PAD = 14.0  # a group's box around its members' texts
_GAP = 24.0  # between two groups' boxes
_ROW_WIDTH = 1100.0  # groups wrap to a new row past this width
_CHECKED = 80  # groups up to this many nodes are grown until their texts do not meet
_SPRING = 60  # groups up to this many nodes get a spring layout, larger ones a grid


def _kind(element: str) -> str:
    return element.split(":", 1)[0]


def _natural(element: str) -> tuple:
    return (KIND_ORDER.index(_kind(element)) if _kind(element) in KIND_ORDER else len(KIND_ORDER),
            [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", element)])


def short_name(element: str) -> str:
    """A source element as a label reads it.

    >>> short_name("var:3"), short_name("clause:0"), short_name("edge:1-2"), short_name("element:e1")
    ('x3', 'C0', 'e1-2', 'e1')
    """
    kind, _, key = element.partition(":")
    return _SHORT[kind].format(key) if kind in _SHORT else key


def source_label(sources: Iterable[str], most: int = 3) -> str:
    """Where a target element came from, variables first (``x1 in C0``); past ``most``
    sources, how many more.

    >>> source_label(["vertex:4", "vertex:1", "vertex:2", "vertex:3"])
    'v1 in v2 in v3 +1'
    """
    names = [short_name(s) for s in sorted(set(sources), key=_natural)]
    return " in ".join(names[:most]) + (f" +{len(names) - most}" if len(names) > most else "")


def provenance_groups(nodes: Sequence[str], backward: Mapping[str, Sequence[str]]) -> list[tuple[str, list[str]]]:
    """The nodes grouped by the source element that produced them: kinds tried best first (the
    most nodes from exactly one element of the kind, less those from several; then the coarser
    kind), a node going to the first kind with exactly one of its elements; the rest in a group
    captioned ``shared`` (from several elements) or ``added`` (from none). Groups come out by
    kind (:data:`KIND_ORDER`) and element; the shared/added ones first."""
    kinds: dict[str, None] = {}
    for node in nodes:
        for source in backward.get(node, ()):
            kinds[_kind(source)] = None

    def score(kind: str) -> tuple[int, int]:
        once = many = 0
        elements: set[str] = set()
        for node in nodes:
            mine = {s for s in backward.get(node, ()) if _kind(s) == kind}
            elements |= mine
            once += len(mine) == 1
            many += len(mine) > 1
        return (once - many, -len(elements))

    members: dict[str, list[str]] = {}
    left = list(nodes)
    for kind in sorted(kinds, key=score, reverse=True):
        still = []
        for node in left:
            mine = sorted({s for s in backward.get(node, ()) if _kind(s) == kind})
            if len(mine) == 1:
                members.setdefault(mine[0], []).append(node)
            else:
                still.append(node)
        left = still
    groups = []
    shared = [n for n in left if backward.get(n)]
    added = [n for n in left if not backward.get(n)]
    groups += [("added", added)] if added else []
    groups += [("shared", shared)] if shared else []
    return groups + [(short_name(source), members[source]) for source in sorted(members, key=_natural)]


# -- a group's own layout --------------------------------------------------------------------------------------

Box = tuple[float, float, float, float]
TextBoxes = Callable[[str, float, float], list[Box]]  # node, x, y -> its texts' boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clear(boxes: list[list[Box]]) -> bool:
    flat = [(i, box) for i, node_boxes in enumerate(boxes) for box in node_boxes]
    return not any(_overlap(a, b) for k, (i, a) in enumerate(flat) for j, b in flat[k + 1:] if i != j)


def _fitted(base: Mapping[str, tuple[float, float]], texts: TextBoxes, pitch: float) -> dict[str, tuple[float, float]]:
    """``base`` (unit-ish coordinates) scaled by ``pitch``, and grown until no two nodes' texts meet."""
    scale = pitch
    if len(base) > _CHECKED:  # the pairwise check grows as the square: a large group is drawn as it is
        return {n: (x * scale, y * scale) for n, (x, y) in base.items()}
    for _ in range(24):
        placed = {n: (x * scale, y * scale) for n, (x, y) in base.items()}
        if _clear([texts(n, x, y) for n, (x, y) in placed.items()]):
            return placed
        scale *= 1.2
    return placed


def _local(members: Sequence[str], edges: Sequence[tuple[str, str]], texts: TextBoxes,
           pitch: float) -> dict[str, tuple[float, float]]:
    """One group by itself: a point, a row of two, a polygon (a clause's triangle) up to six,
    else networkx's spring layout (seeded: the same page every run) of the group's own edges."""
    import networkx as nx

    n = len(members)
    if n == 1:
        base = {members[0]: (0.0, 0.0)}
    elif n == 2:
        base = {members[0]: (0.0, 0.0), members[1]: (1.0, 0.0)}
    elif n <= 6:
        # a polygon with a corner at the top: networkx's circular_layout starts at the right
        base = {m: (math.cos(2 * math.pi * i / n - math.pi / 2), math.sin(2 * math.pi * i / n - math.pi / 2))
                for i, m in enumerate(members)}
    elif n > _SPRING:
        # a grid, rows far enough apart for a vertex's number and label: no check needed
        columns = math.ceil(math.sqrt(n))
        return {m: ((i % columns) * pitch, (i // columns) * 60.0) for i, m in enumerate(members)}
    else:
        graph = nx.Graph()
        graph.add_nodes_from(members)
        inside = set(members)
        graph.add_edges_from((u, v) for u, v in edges if u in inside and v in inside and u != v)
        spring = nx.spring_layout(graph, seed=7)
        base = {m: (float(spring[m][0]) * math.sqrt(n) / 2, float(spring[m][1]) * math.sqrt(n) / 2) for m in members}
    return _fitted(base, texts, pitch)


def _placed(groups: list[tuple[str, dict[str, tuple[float, float]]]], texts: TextBoxes,
            band_of: Callable[[str], int]) -> Arrangement:
    """The groups' own layouts side by side in rows (a new row per band, and past _ROW_WIDTH)."""
    positions: dict[str, tuple[float, float]] = {}
    boxes: list[Group] = []
    x, y, row_height, band, width = _PAD, _TOP, 0.0, None, 0.0
    for caption, local in groups:
        spans = [b for n, (px, py) in local.items() for b in texts(n, px, py)]
        spans += [(px - _RADIUS, py - _RADIUS, px + _RADIUS, py + _RADIUS) for px, py in local.values()]
        x0, y0 = min(b[0] for b in spans), min(b[1] for b in spans)
        x1, y1 = max(b[2] for b in spans), max(b[3] for b in spans)
        w = max(x1 - x0, text_width(caption, 12)) + 2 * _PAD
        h = y1 - y0 + 2 * _PAD + 14  # the caption's line on top
        if band is not None and (band_of(caption) != band or x + w > _ROW_WIDTH):
            x, y, row_height = _PAD, y + row_height + _GAP, 0.0
        band = band_of(caption)
        dx, dy = x - x0 + _PAD, y - y0 + _PAD + 14
        positions.update({n: (round(px + dx, 1), round(py + dy, 1)) for n, (px, py) in local.items()})
        boxes.append(Group(caption, (x, y, x + w, y + h)))
        x += w + _GAP
        row_height = max(row_height, h)
        width = max(width, x)
    return Arrangement(positions, {}, tuple(boxes), (width + _PAD, y + row_height + _PAD))


def _band(caption: str) -> int:
    if caption in ("added", "shared") or caption.startswith("added"):
        return -1
    for kind, pattern in _SHORT.items():
        if re.fullmatch(pattern.replace("{}", r"[\w\-,.]+"), caption):
            return KIND_ORDER.index(kind)
    return len(KIND_ORDER)


def _with_labels(arrangement: Arrangement, labels: Mapping[str, str]) -> Arrangement:
    return Arrangement(arrangement.positions, dict(labels), arrangement.groups, arrangement.size)


def _unboxed(labels: Mapping[str, str], groups: Sequence[tuple[str, Sequence[str]]]) -> dict[str, str]:
    """The labels that say more than their group's caption (a clause gadget's own vertices need
    no "C0" each: the box says it)."""
    caption = {node: c for c, members in groups for node in members}
    return {node: text for node, text in labels.items() if text != caption.get(node)}


# -- graphs --------------------------------------------------------------------------------------------------

def _graph_texts(labels: Mapping[str, str]) -> TextBoxes:
    def texts(node: str, x: float, y: float) -> list[Box]:
        number = node.split(":", 1)[1]
        w = text_width(number, 11)
        found = [(x - w / 2, y - 8, x + w / 2, y + 5)]
        if labels.get(node):
            lw = text_width(labels[node], LABEL_FONT) / 2 + 2
            found.append((x - lw, y + _RADIUS + 2, x + lw, y + _RADIUS + 15))
        return found
    return texts


def _signed(labels: dict[str, str], source: Any) -> dict[str, str]:
    """A SAT source's literal read off its clause: ``x3 in C0`` becomes ``~x3 in C0`` where clause
    0 holds x3 negated only (the provenance names the variable, the clause says its sign)."""
    clauses = getattr(source, "clauses", None)
    if clauses is None or not hasattr(source, "num_vars"):
        return labels
    signed = {}
    for node, text in labels.items():
        match = re.fullmatch(r"x(\d+) in C(\d+)", text)
        if match and int(match.group(2)) < len(clauses):
            literals = set(clauses[int(match.group(2))])
            variable = int(match.group(1))
            if -variable in literals and variable not in literals:
                text = "~" + text
        signed[node] = text
    return signed


def _graph_arrangement(target: Any, backward: Mapping[str, Sequence[str]], source: Any = None) -> Arrangement | None:
    if getattr(target, "coords", None) is not None:
        return None  # a grid graph is drawn at its own coordinates
    nodes = [f"vertex:{v}" for v in range(target.num_vertices)]
    pairs = getattr(target, "arcs", None) or target.edges
    edges = [(f"vertex:{u}", f"vertex:{v}") for u, v in pairs]
    labels = _signed({n: source_label(backward[n]) for n in nodes if backward.get(n)}, source)
    groups = provenance_groups(nodes, backward)
    if max((len(m) for c, m in groups if c not in ("added", "shared")), default=0) < 2:
        # one node per source element (indset-to-clique): the renderer's circle, labelled
        return Arrangement({}, labels, (), (0.0, 0.0))
    labels = _unboxed(labels, groups)
    texts = _graph_texts(labels)
    pitch = max([text_width(t, LABEL_FONT) for t in labels.values()] + [40.0]) + 12
    local = [(caption, _local(members, edges, texts, pitch)) for caption, members in groups]
    return _with_labels(_placed(local, texts, _band), labels)


# -- REL (Ratner & Warmuth's Theorem 2: variable gadgets top / nu, nubar / bot) ------------------------------

_GADGET = re.compile(r"vertex:(top|nu|nubar|bot)(\d+)$")


def _rel_texts(rel: Any, labels: Mapping[str, str]) -> TextBoxes:
    starting: dict[str, list[str]] = {}
    ending: dict[str, list[str]] = {}
    for e, i, f in zip(rel.elements, rel.initial, rel.final):
        starting.setdefault(f"vertex:{i}", []).append(e)
        ending.setdefault(f"vertex:{f}", []).append(e)

    def texts(node: str, x: float, y: float) -> list[Box]:
        name = node.split(":", 1)[1]
        found = [(x + 13, y - 7, x + 15 + text_width(name, 11) * 1.1, y + 6)]
        tokens = starting.get(node, [])
        for row in range(math.ceil(len(tokens) / TOKENS_PER_ROW)):
            chunk = tokens[row * TOKENS_PER_ROW:(row + 1) * TOKENS_PER_ROW]
            width = sum(6 * len(t) + 8 for t in chunk)
            found.append((x - 12, y - 28 - 15 * row, x - 12 + width, y - 13 - 15 * row))
        names = ending.get(node, [])
        lines = math.ceil(len(names) / NAMES_PER_LINE)
        for line in range(lines):
            chunk = " ".join(names[line * NAMES_PER_LINE:(line + 1) * NAMES_PER_LINE])
            found.append((x - 14, y + 16 + 13 * line, x - 10 + text_width("to: " + chunk, 11), y + 29 + 13 * line))
        if labels.get(node):
            lw = text_width(labels[node], LABEL_FONT) / 2 + 2
            top = y + 18 + 13 * lines
            found.append((x - lw, top, x + lw, top + 13))
        return found
    return texts


def _rel_local(members: Sequence[str], texts: TextBoxes) -> dict[str, tuple[float, float]]:
    """Theorem 2's variable gadgets as diamonds side by side (top above nu and nubar, bot below),
    the group's other vertices in a row beneath; hand-written, because a spring layout scatters a
    gadget's four vertices and Figure 2's reader looks for the diamond. In pixels: a vertex's
    texts are wider (tokens, its name) than tall."""
    gadgets: dict[int, dict[str, str]] = {}
    others = []
    for m in members:
        match = _GADGET.match(m)
        if match:
            gadgets.setdefault(int(match.group(2)), {})[match.group(1)] = m
        else:
            others.append(m)
    base: dict[str, tuple[float, float]] = {}
    shape = {"top": (65.0, 0.0), "nu": (0.0, 90.0), "nubar": (130.0, 90.0), "bot": (65.0, 180.0)}
    for column, index in enumerate(sorted(gadgets)):
        for part, node in gadgets[index].items():
            dx, dy = shape[part]
            base[node] = (column * 250.0 + dx, dy)
    row = 270.0 if gadgets else 0.0
    for i, node in enumerate(others):  # ten a row
        base[node] = ((i % 10) * 125.0, row + (i // 10) * 110.0)
    return _fitted(base, texts, 1.0)


def _rel_arrangement(rel: Any, backward: Mapping[str, Sequence[str]], source: Any = None) -> Arrangement:
    """The hubs (what no source element produced and is no gadget: TC, FC, spare clause
    vertices) on top, then the source elements' groups (clauses, variables), then the gadgets
    no source element produced (a chain's own auxiliary variables), one box each."""
    nodes = [f"vertex:{v}" for v in rel.vertices]
    labels = _signed({n: source_label(backward[n]) for n in nodes if backward.get(n)}, source)
    texts = _rel_texts(rel, labels)
    groups = provenance_groups(nodes, backward)
    hubs: list[str] = []
    spare: dict[str, list[str]] = {}
    if groups and groups[0][0] == "added":
        for node in groups.pop(0)[1]:
            match = _GADGET.match(node)
            if match:
                spare.setdefault(f"added: gadget {match.group(2)}", []).append(node)
            else:
                hubs.append(node)
    ordered = ([("added: hubs", hubs)] if hubs else []) + groups + list(spare.items())
    local = [(caption, _rel_local(members, texts)) for caption, members in ordered]
    return _with_labels(_placed(local, texts, lambda c: 99 if c.startswith("added: gadget") else _band(c)),
                        _unboxed(labels, ordered))


# -- boards (Solo Chess, BWP): the squares are the construction's own layout ---------------------------------

BOARD_PROBLEMS = {"solochess": "piece:", "bwp": "cell:"}
"""Target problems whose drawing is a board, and the prefix of their movable pieces' ids."""


def _board_arrangement(prefix: str, backward: Mapping[str, Sequence[str]], source: Any) -> Arrangement | None:
    """A board keeps its squares: each piece takes the colour of the source element whose group
    it is in (:func:`provenance_groups`) and a ring of another element it came from too (a
    clause's piece on a variable's track), a legend beside the board naming whose."""
    nodes = sorted((t for t in backward if t.startswith(prefix)), key=_natural)
    if not nodes:
        return None
    groups = provenance_groups(nodes, backward)
    labels = _signed({n: source_label(backward[n]) for n in nodes}, source)
    caption_of = {short_name(s): s for n in nodes for s in backward[n]}
    order = [caption for caption, _ in groups]
    order += sorted((c for c in caption_of if c not in order), key=lambda c: _natural(caption_of[c]))
    colour = {caption: GROUP_COLOURS[i % len(GROUP_COLOURS)] for i, caption in enumerate(order)}
    tints, rings = {}, {}
    for caption, members in groups:
        for m in members:
            tints[m] = colour[caption]
            others = [short_name(s) for s in sorted(backward[m], key=_natural) if short_name(s) != caption]
            if others:
                rings[m] = colour[others[0]]
    return Arrangement({}, labels, (), (0.0, 0.0), tints=tints, rings=rings,
                       legend=tuple((caption, colour[caption]) for caption in order))


_PLURAL = {"vertex": "vertices", "piece": "pieces", "cell": "cells", "number": "numbers", "clause": "clauses",
           "var": "variables", "element": "elements", "edge": "edges", "arc": "arcs", "tile": "tiles", "item": "items",
           "set": "sets", "triple": "triples"}


def fan_out(problem_id: str, forward: Mapping[str, Sequence[str]]) -> Arrangement | None:
    """The source side: each source vertex that made more than one thing of the target's main
    kind labelled with how many (``-> 12 vertices``: vertex cover's vertex becoming a chain of
    cover-testing gadgets), so the fan-out is read on the source too. Graph sources only (the
    others' drawings name their elements already).

    >>> fan_out("vertexcover", {"vertex:0": ["vertex:3", "vertex:4", "edge:3-4"], "vertex:1": ["vertex:5"]}).labels
    {'vertex:0': '-> 2 vertices'}
    """
    if problem_id not in GRAPH_PROBLEMS:
        return None
    labels = {}
    for element, produced in forward.items():
        if not element.startswith("vertex:"):
            continue
        kinds: dict[str, int] = {}
        for t in produced:
            kinds[_kind(t)] = kinds.get(_kind(t), 0) + 1
        if not kinds:
            continue
        kind, count = max(kinds.items(), key=lambda item: (item[0] in ("vertex", "piece", "cell", "number"), item[1]))
        if count > 1:
            labels[element] = f"-> {count} {_PLURAL.get(kind, kind)}"
    return Arrangement({}, labels, (), (0.0, 0.0)) if labels else None


OWN_LAYOUTS: dict[str, Callable[[Any, Any, Mapping[str, Sequence[str]]], Arrangement | None]] = {}
"""Reduction id -> its own arrangement (none registered yet: the generic one serves all)."""


def arrange(reduction_id: str, problem_id: str, source: Any, target: Any,
            backward: Mapping[str, Sequence[str]]) -> Arrangement | None:
    """The target's arrangement on ``reduction_id``'s page, or None where its renderer's own
    drawing is the layout (boards, number bars, clause lists) or no provenance links the sides.

    >>> from npw.api import get_reduction, ThreeSat
    >>> source = ThreeSat(3, [(1, 2, -3), (-1, 2, 3)])
    >>> reduction = get_reduction("3sat-to-indset")
    >>> target = reduction.reduce(source)
    >>> backward = {}
    >>> for s, ts in reduction.provenance(source, target).items():
    ...     for t in ts:
    ...         backward.setdefault(t, []).append(s)
    >>> arrangement = arrange("3sat-to-indset", "indset", source, target, backward)
    >>> [group.caption for group in arrangement.groups], arrangement.labels["vertex:3"]
    (['C0', 'C1'], '~x1 in C1')
    """
    if reduction_id in OWN_LAYOUTS:
        return OWN_LAYOUTS[reduction_id](source, target, backward)
    if not backward:
        return None
    if problem_id in GRAPH_PROBLEMS:
        return _graph_arrangement(target, backward, source)
    if problem_id == "rel":
        return _rel_arrangement(target, backward, source)
    if problem_id in BOARD_PROBLEMS:
        return _board_arrangement(BOARD_PROBLEMS[problem_id], backward, source)
    return None
