"""3-SAT -> Solo Chess through Lemma A.1 and Theorem 3.2 (issue 34): the verifier's chain check,
formula by formula, over every 3-SAT formula with up to ``--max-clauses`` clauses over at most
three variables (3-SAT's exhaustive enumeration, ``npw verify --via CHAIN --exhaustive N``'s
stream: 1,220 formulas for N = 2, 24 for N = 1).

The chain: ``3sat-to-dhamcycle-21, dhamcycle-21-to-hampath-st, hampath-to-solochess-TARGET``
(``--target``, default ``rook-pawn``: Theorem 3.2's board; the corollaries' boards, e.g.
``queen-pawn``, are the same board moved square by square). Each case is
:func:`npw.verify.check.check_case` on the composed chain, as ``npw verify --via`` runs it: both
sides decided (3-SAT by its deciders, the board by ``--decider``, default ``tour``: the special
piece's tour through frozen villains, :mod:`npw.solvers.solochess.tour`), forward and backward
through all three steps, every step's claims, and the declared size.

Printed per case (``--verbose``) and summed: source and target answers, failures, CPU seconds
(this process and its children, the SAT solvers some deciders start; the load of a shared
machine inflates wall time), and the board's pieces, width and height. ``--stride K`` takes every
K-th formula, ``--start`` skips the first ones (the unsatisfiable formulas are always checked,
first), ``--budget S`` stops after S CPU seconds (the cases done are reported, and how many were
left), ``--jsonl FILE`` writes one JSON line per case.

    python bench/hampath_3sat_chain.py [--max-clauses 2] [--target rook-pawn] [--stride 61]
"""

from __future__ import annotations

import argparse
import sys

from three_sat_chain_family import add_arguments, chain, run  # bench/, the script's own folder

STEPS = ("3sat-to-dhamcycle-21", "dhamcycle-21-to-hampath-st")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, target="rook-pawn", decider="tour", timeout=300.0)
    args = parser.parse_args()
    return run(chain((*STEPS, f"hampath-to-solochess-{args.target}")), args)


if __name__ == "__main__":
    sys.exit(main())
