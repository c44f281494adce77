"""3-PARTITION -> BWP (seed 001, Theorem 2): reduce time and target size at sizes far past
what the BWP deciders can solve, and the forward certificate (from the planted triples)
checked on the target.

    python bench/reduce_3partition_to_bwp.py [--ms 5,10,20,40] [--bound 40]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.numbers.three_partition import planted_with_certificate  # noqa: E402
from npw.reductions.torus.three_partition_to_bwp import forward, reduce, size  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ms", default="5,10,20,40")
    parser.add_argument("--bound", type=int, default=40)
    args = parser.parse_args()
    print("m, B, rows x cols (cells), k, reduce s (validated), forward+verify s")
    for m in map(int, args.ms.split(",")):
        source, certificate = planted_with_certificate(m, m, args.bound)
        start = time.perf_counter()
        target = reduce(source)
        reduce_time = time.perf_counter() - start
        assert target.size() == size(source)
        assert source.verify(certificate)  # the planted triples (no decider reaches m = 100)
        start = time.perf_counter()
        moves = forward(source, certificate)
        assert target.verify(moves)
        check_time = time.perf_counter() - start
        print(f"{m}, {args.bound}, {target.rows} x {target.cols} ({target.rows * target.cols:,}), {target.bound}, "
              f"{reduce_time:.2f}, {check_time:.2f}")


if __name__ == "__main__":
    main()
