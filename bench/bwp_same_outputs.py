"""Two checkouts give the same BWP outputs (issue 20: packed boards change no result): one digest
per checkout over every BWP generator's files (40 seeds), the 3-PARTITION -> BWP targets' files,
forward moves, backward groups, Observation 1 bounds and sizes, and the ``tight``, ``sat`` and
``search`` deciders' answers and certificates on 60 small instances.

    python bench/bwp_same_outputs.py OLD_CHECKOUT NEW_CHECKOUT

Each checkout runs in its own process, importing its own ``npw`` (as in ``bench/bwp_at_scale.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys

CHILD = r"""
import hashlib, json, sys
root = sys.argv[1]
sys.path.insert(0, root)
import npw
npw.__path__.insert(0, root)
from npw.instances.numbers.three_partition import planted_with_certificate
from npw.instances.torus import bwp
from npw.reductions.torus.three_partition_to_bwp import backward, forward, reduce
from npw.solvers import solve

digest = hashlib.sha256()
def add(thing):
    digest.update(json.dumps(thing, default=str).encode())
for seed in range(40):
    for generate in (bwp.random_instance, bwp.planted_instance, bwp.tight_instance, bwp.strip_instance,
                     bwp.verification_sample):
        add(generate(seed).to_dict())
    source, triples = planted_with_certificate(seed, 1 + seed % 4, 13 + seed)
    target, moves = reduce(source), forward(source, triples)
    add([target.to_dict(), [str(m) for m in moves], backward(source, target, moves), target.lower_bound(),
         target.size()])
for seed in range(30):
    for instance in (bwp.verification_sample(seed), bwp.strip_instance(seed)):
        for backend in ("tight", "sat", "search"):
            result = solve(instance, backend=backend, timeout=20)
            add([backend, result.answer.value, [str(m) for m in result.certificate or ()]])
print(digest.hexdigest())
"""


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    digests = []
    for root in sys.argv[1:]:
        out = subprocess.run([sys.executable, "-c", CHILD, os.path.abspath(root)], capture_output=True, text=True)
        digests.append(out.stdout.strip() or f"failed: {out.stderr.strip().splitlines()[-1:]}")
        print(f"{root}: {digests[-1]}")
    print("same outputs" if digests[0] == digests[1] else "DIFFERENT outputs")
    sys.exit(0 if digests[0] == digests[1] else 1)


if __name__ == "__main__":
    main()
