"""Cost of the element-id tagging (issue 22): the nPUZ drawing of a Theorem 3 board (a 224sat
sample of five variables at l = 1, side 266: 70,000 tiles, each a movable group) and a
stretched Solo Chess board, and the provenance of both. Run from the repository root with the
editable install: python bench/provenance_render.py
"""
import time, sys
from npw.instances.registry import get_problem, renderer_for
from npw.reductions.registry import get_reduction
src = get_problem("224sat").sample(1)
r = get_reduction("224sat-to-npuz"); tgt = r.reduce(src)
f = renderer_for("npuz")
best = min((lambda t: (f(tgt), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(3))
svg = f(tgt)
print(f"npuz n={tgt.n}: render {best:.3f} s, {len(svg)/1e6:.2f} MB")
src = get_problem("hampath-st").sample(5)
r = get_reduction("hampath-to-solochess-queen-king"); tgt = r.reduce(src); f = renderer_for("solochess")
best = min((lambda t: (f(tgt), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(3))
print(f"solochess {len(tgt.pieces)} pieces: render {best:.4f} s, {len(f(tgt))/1e3:.1f} kB")
t = time.perf_counter(); r.provenance(src, tgt); print(f"solochess provenance {time.perf_counter()-t:.4f} s")
src = get_problem("224sat").sample(1)
r = get_reduction("224sat-to-npuz"); tgt = r.reduce(src)
t = time.perf_counter(); made = r.provenance(src, tgt)
print(f"npuz n={tgt.n} provenance {time.perf_counter()-t:.3f} s, {sum(map(len, made.values()))} pairs")
