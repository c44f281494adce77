"""Lemma A.1's step 3b measured (docs/lemma_a1.md, "Step 3b, built"): how large the drawn grid
graphs are, how often a route is hooked, how long drawing and deciding take.

Two parts:

* every planar ``dhamcycle-21`` digraph of 4 and 6 vertices: pieces, hooked routes, spacing;
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--decide-cells", type=int, default=8000)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    small_digraphs()
    chain(args.seeds, args.decide_cells, args.timeout)


if __name__ == "__main__":
    main()
