"""3-SAT -> Solo Chess through Section 3.2 (issue 34, part 3): the verifier's chain check,
formula by formula, over every 3-SAT formula with up to ``--max-clauses`` clauses over at most
three variables (3-SAT's exhaustive enumeration, ``npw verify --via CHAIN --exhaustive N``'s
stream: 1,220 formulas for N = 2, 24 for N = 1).

The chain: ``3sat-to-planar3sat, planar3sat-to-pm3sat, pm3sat-to-pm3sat-2occ,
pm3sat-to-solochess-TARGET`` (``--target``, default ``king-bishop``: Theorem 3.10's boards, the
smallest that build in well under a second and that the walk decider settles, yes and no). Each
case is :func:`npw.verify.check.check_case` on the composed chain, as ``npw verify --via`` runs it:
both sides decided (3-SAT by SAT, the board by ``search``, i.e. its walk fast path), forward and
backward through all four steps, every step's claims, and the declared size (the last step's
formula on the middle instance, exact) against the built board.

Printed per case (``--verbose``) and summed: source and target answers, failures, CPU seconds
(this process and its finished children; the load of a shared machine inflates wall time), and the board's
pieces, width and height. ``--stride K`` takes every K-th formula (a sample spread over the
family), ``--start`` skips the first ones, ``--budget S`` stops after S CPU seconds (the cases
done are reported, and how many were left).

    python bench/solochess_3sat_chain.py [--max-clauses 2] [--target king-bishop] [--stride 1]
"""

from __future__ import annotations

import argparse
import sys

from three_sat_chain_family import add_arguments, chain, run  # bench/, the script's own folder

STEPS = ("3sat-to-planar3sat", "planar3sat-to-pm3sat", "pm3sat-to-pm3sat-2occ")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, target="king-bishop", decider="search", timeout=120.0)
    args = parser.parse_args()
    return run(chain((*STEPS, f"pm3sat-to-solochess-{args.target}")), args)


if __name__ == "__main__":
    sys.exit(main())
