"""Lemma A.1's step 3b measured (docs/lemma_a1.md, "Step 3b, built"): how large the drawn grid
graphs are, how often a route is hooked, how long drawing and deciding take.

Two parts:

* every planar ``dhamcycle-21`` digraph of 4 and 6 vertices: pieces, hooked routes, spacing;
* ``--compaction``: an experiment, not used by the reduction: the coarse drawings of the same
  digraphs with their rows, then columns, merged greedily where nothing meets (:func:`compact`),
  and the routes' total length before and after;
* the digraphs of ``pm3sat-to-dhamcycle-21-planar``'s random stream (``small_source`` seeds): the
  digraph's vertices, step 3a's thickened graph's (``dhamcycle-21-to-hampath-thick``, the anchor:
  the same pieces without the drawing, timed in the same run), the grid's cells, the time to draw
  it, and (up to ``--decide-cells``) the time ``sat-edges`` takes to decide it with ``--timeout``.

Usage::

    python bench/lemma_a1_grid_sizes.py --seeds 40 --decide-cells 8000 --timeout 120
"""

from __future__ import annotations

import argparse
import itertools
import time

from npw.instances.hampath.dhamcycle21 import DirectedHamCycle21
from npw.instances.hampath.dhamcycle21_planar import enumerate_instances
from npw.instances.hampath.orthogonal import Drawing, check, orthogonal_drawing, subdivided
from npw.reductions.hampath import dhamcycle21_to_thick as thick
from npw.reductions.hampath import planar_to_grid as drawn
from npw.reductions.hampath import pm3sat_to_dhamcycle21_planar as pm3sat
from npw.solvers.hampath.edges_dumbbells import solve


def small_digraphs() -> None:
    count, hooks, routes, spacings, no = 0, 0, 0, {}, 0
    for d in enumerate_instances(6):
        g = drawn.grid(d)
        if g.no is not None:
            no += 1
            continue
        count += 1
        hooks += g.hooks
        routes += len(d.edges) + 2  # the arcs and S's, T's corridors
        spacings[g.spacing] = spacings.get(g.spacing, 0) + 1
    print(f"small planar digraphs: {count} drawn ({no} not biconnected: the fixed no), {hooks} of {routes} routes "
          f"hooked, spacings {spacings}")


def chain(seeds: int, decide_cells: int, timeout: float) -> None:
    print("seed | sat | digraph | thick (3a) | grid cells | thick s | grid s | ratio | decided | decide s")
    for seed in range(seeds):
        try:
            formula = pm3sat.small_source(seed)
        except Exception:  # the stream's generator could not place the clauses it drew
            continue
        if not formula.clauses:
            continue
        sat = any(formula.verify(v) for v in itertools.product((False, True), repeat=formula.num_vars))
        d = pm3sat.reduce(formula)
        t0 = time.perf_counter()
        thick_vertices = thick.reduce(DirectedHamCycle21(d.num_vertices, d.edges)).num_vertices
        t1 = time.perf_counter()
        try:
            target = drawn.reduce(d)
        except Exception as e:  # past MAX_VERTICES
            print(f"{seed} | {sat} | {d.num_vertices} | {thick_vertices} | refused: {e}")
            continue
        t2 = time.perf_counter()
        answer, spent = "-", 0.0
        if target.num_vertices <= decide_cells:
            result = solve(target, timeout=timeout)
            answer, spent = result.answer.value, time.perf_counter() - t2
        print(f"{seed} | {sat} | {d.num_vertices} | {thick_vertices} | {target.num_vertices} | {t1 - t0:.3f} | "
              f"{t2 - t1:.2f} | {(t2 - t1) / max(t1 - t0, 1e-9):.0f} | {answer} | {spent:.1f}", flush=True)


def _segments(drawing):
    for points in drawing.route.values():
        yield from zip(points, points[1:])


def _merge_rows(drawing, axis: int) -> dict[int, int]:
    """Each used coordinate on ``axis`` (1: rows, 0: columns) to its compacted value: consecutive
    lines merged greedily while their runs along the line (and vertex points) stay apart and no run
    across them would shrink to nothing."""
    other = 1 - axis
    runs: dict[int, list[tuple[int, int]]] = {}
    across: list[tuple[int, int]] = []
    for p in drawing.position.values():
        runs.setdefault(p[axis], []).append((p[other], p[other]))
    for a, b in _segments(drawing):
        if a[axis] == b[axis]:
            runs.setdefault(a[axis], []).append((min(a[other], b[other]), max(a[other], b[other])))
        else:
            low, high = sorted((a[axis], b[axis]))
            runs.setdefault(low, [])
            runs.setdefault(high, [])
            across.append((low, high))
    ends_at: dict[int, list[int]] = {}
    for low, high in across:
        ends_at.setdefault(high, []).append(low)
    new: dict[int, int] = {}
    group: list[tuple[int, int]] = []
    members: set[int] = set()
    value = -1
    for line in sorted(runs):
        mine = runs[line]
        clash = any(a <= d and c <= b for a, b in mine for c, d in group) or \
            any(low in members for low in ends_at.get(line, ()))
        if value < 0 or clash:
            value += 1
            group, members = [], set()
        group += mine
        members.add(line)
        new[line] = value
    return new


def compact(drawing):
    """The drawing with its rows, then its columns, merged where nothing meets (:func:`_merge_rows`):
    the sweep gives every vertex a row of its own, and most rows hold little.

    """
    for axis in (1, 0):
        new = _merge_rows(drawing, axis)

        def moved(p, new=new, axis=axis):
            return (p[0], new[p[1]]) if axis == 1 else (new[p[0]], p[1])

        drawing = Drawing({v: moved(p) for v, p in drawing.position.items()},
                          {e: tuple(moved(p) for p in points) for e, points in drawing.route.items()})
    return drawing


def compaction(seeds: int) -> None:
    """The routes' total length (coarse units) before and after :func:`compact`, summed."""
    before = after = 0
    for seed in range(seeds):
        try:
            formula = pm3sat.small_source(seed)
        except Exception:
            continue
        if not formula.clauses:
            continue
        d = pm3sat.reduce(formula)
        drawing = orthogonal_drawing(*subdivided(d.num_vertices, d.edges))
        merged = compact(drawing)
        assert check(merged) is True
        for total, what in ((0, drawing), (1, merged)):
            length = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for r in what.route.values() for a, b in zip(r, r[1:]))
            if total == 0:
                before += length
            else:
                after += length
    print(f"compaction: routes' total length {before:,} before, {after:,} after ({after / before:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--decide-cells", type=int, default=8000)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--compaction", action="store_true", help="only the compaction experiment")
    args = parser.parse_args()
    if args.compaction:
        compaction(args.seeds)
        return
    small_digraphs()
    chain(args.seeds, args.decide_cells, args.timeout)


if __name__ == "__main__":
    main()
