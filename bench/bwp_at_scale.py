"""3-PARTITION -> BWP at scale, two checkouts interleaved (issue 20, item 7): per (m, B), the
reduction (the target built and validated), the forward certificate (Figure 8 from the planted
triples), its replay by the target's own checker (``BWP.verify``: the goal reached within k),
the backward extraction checked on the source, and the peak RSS, each in a fresh process.
Times are wall seconds per phase (``perf_counter``), plus the CPU seconds of the first three
(``process_time``: what a shared machine's load does not inflate as much).

    python bench/bwp_at_scale.py --old /work/wt-old --new . --sizes 20:1000,50:1000,100:250,100:1000

Each child imports ``npw`` from the checkout it is given (its folder first on ``sys.path``, and
``npw``'s package path extended by the checkout, so ``npw.instances`` etc. are that checkout's
folders whatever editable install the interpreter has). The old side is skipped above
``--old-max-cells`` cells: tuples of Python ints cost about 30 bytes a cell (5.4 GiB at
m = 100, B = 1,000), past what a shared machine should be asked for.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
root, m, bound = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, root)
import npw
npw.__path__.insert(0, root)
from npw.instances.numbers.three_partition import planted_with_certificate
from npw.reductions.torus.three_partition_to_bwp import backward, forward, reduce, size

source, triples = planted_with_certificate(m, m, bound)
assert source.verify(triples)  # the planted triples: no decider reaches these sizes
figures = {"root": root}
cpu = time.process_time()
clock = time.perf_counter()
target = reduce(source)
figures["reduce"] = time.perf_counter() - clock
assert target.size() == size(source)
clock = time.perf_counter()
moves = forward(source, triples)
figures["forward"] = time.perf_counter() - clock
clock = time.perf_counter()
figures["verified"] = target.verify(moves)
figures["verify"] = time.perf_counter() - clock
figures["cpu"] = time.process_time() - cpu
figures["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
clock = time.perf_counter()
figures["extracted"] = source.verify(backward(source, target, moves))
figures["backward"] = time.perf_counter() - clock
figures["cells"], figures["k"], figures["moves"] = target.rows * target.cols, target.bound, len(moves)
figures["peak_all_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(figures))
"""


def run(root: str, m: int, bound: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, os.path.abspath(root), str(m), str(bound)],
                         capture_output=True, text=True, check=False)
    if out.returncode:
        return {"error": (out.stderr.strip().splitlines() or ["exit status %d" % out.returncode])[-1]}
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the checkout to compare against (omit: the new one alone)")
    parser.add_argument("--new", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--sizes", default="20:1000,50:1000,100:250,100:1000", help="m:B,m:B,...")
    parser.add_argument("--old-max-cells", type=int, default=50_000_000)
    args = parser.parse_args()
    print("side, m, B, cells, k, reduce s, forward s, verify s (goal reached), backward s (extracted), "
          "total s (reduce + forward + verify), its CPU s, peak MiB (then), peak MiB (with backward)")
    for item in args.sizes.split(","):
        m, bound = map(int, item.split(":"))
        cells = (9 * m - 1) * (2 * m + 1) * (bound + 1)  # the padded layout's board
        sides = [("new", args.new)]
        if args.old:
            sides.insert(0, ("old", args.old) if cells <= args.old_max_cells else ("old", None))
        for side, root in sides:
            if root is None:
                print(f"old, {m}, {bound}, {cells:,}: skipped (over --old-max-cells {args.old_max_cells:,})")
                continue
            f = run(root, m, bound)
            if "error" in f:
                print(f"{side}, {m}, {bound}, {cells:,}: failed: {f['error']}")
                continue
            total = f["reduce"] + f["forward"] + f["verify"]
            print(f"{side}, {m}, {bound}, {f['cells']:,}, {f['k']:,}, {f['reduce']:.2f}, {f['forward']:.2f}, "
                  f"{f['verify']:.2f} ({f['verified']}), {f['backward']:.2f} ({f['extracted']}), {total:.2f}, "
                  f"{f['cpu']:.2f}, {f['peak_mib']:.0f}, {f['peak_all_mib']:.0f}", flush=True)


if __name__ == "__main__":
    main()
