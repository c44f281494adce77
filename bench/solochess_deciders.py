"""Solo Chess deciders against the number of pieces.

    python bench/solochess_deciders.py [--boards 5] [--timeout 10] [--sizes 4,6,8,...]

Three families of boards, ``--boards`` seeded boards per size, pieces on random distinct squares of
a square board of side ceil(sqrt(2 n)) (half full):

* ``knights``: n knights (one type, no special piece): exhaustive search, SAT (MiniSat through
  python-sat), Theorem 2.2;
* ``pawn+kings``: a special pawn among n - 1 kings: search, SAT, Theorem 2.16;
* ``rook+pawns``: Theorem 3.2's boards (random hampath-st sources, growing), a special rook
  among pawns that cannot move: search and SAT (no polynomial algorithm applies);
* ``king+pawns``: Theorem 3.7's boards (random hampath-grid-s sources), a special king among
  pawns that can capture: search and SAT.

Prints per family and size the median seconds of each decider (a timed-out run counts at the
timeout) and the number of timeouts (UNKNOWN); deciders that timed out on every board of a size
are skipped for larger sizes. Answers of the deciders are compared; any disagreement is printed.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.hampath.grid_s import random_instance as hampath_grid_s_instance  # noqa: E402
from npw.instances.hampath.st import random_instance as hampath_st_instance  # noqa: E402
from npw.instances.solochess.board import Piece, SoloChess  # noqa: E402
from npw.reductions import get_reduction  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402


def scattered(seed: int, n: int, villain: str, hero: str | None = None) -> SoloChess:
    rng = random.Random(seed)
    side = math.ceil(math.sqrt(2 * n))
    cells = rng.sample([(x, y) for x in range(side) for y in range(side)], n)
    pieces = [Piece(x, y, villain) for x, y in cells]
    if hero is not None:
        pieces[0] = Piece(cells[0][0], cells[0][1], hero)
    return SoloChess(side, side, tuple(pieces), cells[0] if hero else None)


def rook_pawns(seed: int, n: int) -> SoloChess:
    """A Theorem 3.2 board with about n pieces: the source has v vertices, 4(v-2) + 2|E| pieces."""
    reduction = get_reduction("hampath-to-solochess-rook-pawn")
    vertices = max(2, round(n / 6.5) + 2)
    rng = random.Random(seed)
    source = hampath_st_instance(rng.randrange(2**31), vertices)
    return reduction.reduce(source)


def king_pawns(seed: int, n: int) -> SoloChess:
    """A Theorem 3.7 board with about n pieces (about 3.7 pieces per source vertex)."""
    reduction = get_reduction("hampath-to-solochess-king-pawn")
    rng = random.Random(seed)
    return reduction.reduce(hampath_grid_s_instance(rng.randrange(2**31), max(2, round(n / 3.7))))


FAMILIES = {
    "knights": (lambda seed, n: scattered(seed, n, "knight"), ("search", "sat", "theorem2.2")),
    "pawn+kings": (lambda seed, n: scattered(seed, n, "king", "pawn"), ("search", "sat", "theorem2.16")),
    "rook+pawns": (rook_pawns, ("search", "sat")),
    "king+pawns": (king_pawns, ("search", "sat")),
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--sizes", default="4,6,8,10,12,16,20,30,50,100,200")
    parser.add_argument("--families", default=",".join(FAMILIES))
    args = parser.parse_args()
    disagreements = 0
    for family in args.families.split(","):
        make, deciders = FAMILIES[family]
        given_up: set[str] = set()
        print(f"\n{family}: median seconds (timeouts of {args.boards}); answers yes/no")
        print(f"{'pieces':>7} " + " ".join(f"{d:>18}" for d in deciders) + "   yes/no")
        for n in map(int, args.sizes.split(",")):
            boards = [make(seed, n) for seed in range(args.boards)]
            row, answers = [], [set() for _ in boards]
            for decider in deciders:
                if decider in given_up:
                    row.append(f"{'-':>18}")
                    continue
                times, timeouts = [], 0
                for index, board in enumerate(boards):
                    start = time.perf_counter()
                    result = solve(board, decider, timeout=args.timeout)
                    times.append(min(time.perf_counter() - start, args.timeout)
                                 if result.answer is not Answer.UNKNOWN else args.timeout)
                    if result.answer is Answer.UNKNOWN:
                        timeouts += 1
                    else:
                        answers[index].add(result.answer)
                if timeouts == len(boards):
                    given_up.add(decider)
                row.append(f"{statistics.median(times):>13.4f} ({timeouts})")
            pieces = round(statistics.mean(len(b.pieces) for b in boards))
            bad = sum(1 for a in answers if len(a) > 1)
            disagreements += bad
            yes = sum(1 for a in answers if a == {Answer.YES})
            no = sum(1 for a in answers if a == {Answer.NO})
            print(f"{pieces:>7} " + " ".join(row) + f"   {yes}/{no}" + (f"  DISAGREE {bad}" if bad else ""),
                  flush=True)
    print(f"\ndisagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
