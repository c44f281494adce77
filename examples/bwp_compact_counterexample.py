"""The compact layout of 3-PARTITION -> BWP (3m+1 rows, the special row right under the
element rows) is not a reduction: the no-instance a = (4, 4, 4, 4, 4, 6), B = 13 maps to a
7 x 70 BWP instance with k = 32 that has a 32-step solution. Run from the checkout:

    python examples/bwp_compact_counterexample.py [OUT_DIR]

prints the check and, with OUT_DIR, writes source.json, target.json (npw reduce
3partition-to-bwp-compact source.json gives the same) and certificate.json.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.torus.moves import drag_number  # noqa: E402
from npw.reductions.torus.three_partition_to_bwp import compact_shortcut, reduce  # noqa: E402
from npw.solvers import solve  # noqa: E402

source, target, moves = compact_shortcut()
print(f"source {source.numbers}, B = {source.bound}: {solve(source, backend='dp').answer.value} "
      f"(dp), {solve(source, backend='sat').answer.value} (sat)")
print(f"compact target {target.rows} x {target.cols}, k = {target.bound}: the {len(moves)}-move sequence has "
      f"{drag_number(moves)} drag steps and the BWP checker says {target.verify(moves)}")
print(f"padded target {reduce(source).rows} x {reduce(source).cols}: the same moves are accepted: "
      f"{reduce(source).verify(moves)}")
print("moves:", " ".join(map(str, moves)))
if len(sys.argv) > 1:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, data in (("source", source.to_dict()), ("target", target.to_dict()),
                       ("certificate", target.certificate_to_json(moves))):
        with open(os.path.join(out, f"{name}.json"), "w") as handle:
            json.dump(data, handle)
            handle.write("\n")
