"""The target laid out by provenance (``npw.verify.explore.layout``), checked without a browser:
every group holds exactly what its source element made (of what is not claimed by a better
kind), sits in its own box, boxes never overlap, and the drawn SVG puts each vertex where the
arrangement says."""

from __future__ import annotations

import re

import pytest

from npw.reductions.registry import get_reduction, reduction_ids
from npw.verify.explore.build import explore
from npw.verify.explore.layout import GRAPH_PROBLEMS, arrange, short_name
from npw.verify.explore.samples import small_source
from npw.verify.explore.steps import Layout

LAID_OUT = [r for r in reduction_ids() if get_reduction(r).target in (*GRAPH_PROBLEMS, "rel")]


def backward_of(reduction, source, target):
    backward: dict[str, list[str]] = {}
    for s, ts in reduction.provenance(source, target).items():
        for t in dict.fromkeys(ts):
            backward.setdefault(t, []).append(s)
    return backward


def test_a_clause_triangle_is_one_box_and_its_vertices_say_their_literal():
    reduction = get_reduction("3sat-to-indset")
    source = small_source(reduction)
    target = reduction.reduce(source)
    arrangement = arrange(reduction.id, reduction.target, source, target, backward_of(reduction, source, target))
    forward = reduction.provenance(source, target)
    assert [g.caption for g in arrangement.groups] == [f"C{i}" for i in range(len(source.clauses))]
    for i, (group, clause) in enumerate(zip(arrangement.groups, source.clauses)):
        x0, y0, x1, y1 = group.box
        made = [t for t in forward[f"clause:{i}"] if t.startswith("vertex:")]
        assert len(made) == 3 and all(x0 < arrangement.positions[v][0] < x1 and y0 < arrangement.positions[v][1] < y1
                                      for v in made)
        # each vertex of the triangle names its literal, sign included
        assert sorted(arrangement.labels[v] for v in made) == sorted(
            f"{'~' if lit < 0 else ''}x{abs(lit)} in C{i}" for lit in clause)


@pytest.mark.parametrize("reduction_id", LAID_OUT)
def test_groups_are_boxed_apart_and_drawn_where_arranged(reduction_id):
    reduction = get_reduction(reduction_id)
    source = small_source(reduction)
    target = reduction.reduce(source)
    backward = backward_of(reduction, source, target)
    arrangement = arrange(reduction.id, reduction.target, source, target, backward)
    if getattr(target, "coords", None) is not None:  # a grid graph (Lemma A.1's) is drawn at its own coordinates
        assert arrangement is None
        return
    assert arrangement is not None  # (labels only where they say more than the box: may be none)
    page = explore(reduction, source)
    drawn = Layout.of_svg(page.target_svg)
    for element, (x, y) in arrangement.positions.items():
        assert drawn.position(element) == pytest.approx((x, y), abs=0.1), element
    boxes = [g.box for g in arrangement.groups]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # a group captioned with a source element holds only what that element made
    for group in arrangement.groups:
        x0, y0, x1, y1 = group.box
        inside = [e for e, (x, y) in arrangement.positions.items() if x0 < x < x1 and y0 < y < y1]
        assert inside, group.caption
        if not group.caption.startswith(("added", "shared")):
            assert all(group.caption in {short_name(s) for s in backward[e]} for e in inside), group.caption
    assert len(re.findall(r'class="npw-groups"', page.target_svg)) == (1 if arrangement.groups else 0)
