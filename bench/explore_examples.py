"""The explored pages of docs/examples/ (``npw explore``), written from fixed source instances.

* ``explore-1in3sat-to-rel.html``: the chain 1in3sat -> 224sat -> rel (Theorem 6, then
  Theorem 2) on a two-clause formula: the truck's walk played with the elements riding along;
* ``explore-3partition-to-bwp.html``: six numbers, bound 20 (seed 001's Theorem 2): the line
  shifts played on the torus;
* ``explore-hampath-to-solochess-rook-pawn.html``: a four-vertex path (Theorem 3.2): the
  captures played, the Hamiltonian path lit on the source at the end;
* ``explore-3sat-to-indset.html``: a classic, 3-SAT -> independent set (a triangle per clause,
  conflict edges): the independent set chosen one vertex a step, the assignment read back on
  the formula.

Usage: python bench/explore_examples.py [--check] [--out DIR]
Writes the pages (default: docs/examples/) and prints each one's size and the seconds it took;
``--check`` writes nothing and exits 1 if a committed page differs from a fresh one
(``tests/test_explore.py`` runs the same comparison).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from npw.instances.registry import instance_from_dict  # noqa: E402
from npw.reductions.registry import get_reduction  # noqa: E402
from npw.verify.explore.build import explore  # noqa: E402
from npw.verify.explore.page import render_page  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
MAX_BYTES = 1_000_000  # a page in the repository stays small

SOURCES = {
    "1in3sat-to-rel": {"problem": "1in3sat", "version": 1, "num_vars": 3, "clauses": [[1, 2, 3], [-1, 2, -3]]},
    "3partition-to-bwp": {"problem": "3partition", "version": 1, "bound": 20, "numbers": [7, 6, 7, 6, 6, 8]},
    "hampath-to-solochess-rook-pawn": {"problem": "hampath-st", "version": 1, "num_vertices": 4,
                                       "edges": [[0, 2], [1, 3], [2, 3]], "s": 0, "t": 1},
    "3sat-to-indset": {"problem": "3sat", "version": 1, "num_vars": 4,
                       "clauses": [[1, 2, -3], [-1, 3, 4], [-2, -4, 3]]},
}


def page_name(reduction_id: str) -> str:
    return f"explore-{reduction_id}.html"


def build(reduction_id: str) -> str:
    """One example page, as ``npw explore`` writes it."""
    return render_page(explore(get_reduction(reduction_id), instance_from_dict(SOURCES[reduction_id])))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed pages, write nothing")
    parser.add_argument("--out", type=Path, default=EXAMPLES)
    args = parser.parse_args()
    stale = 0
    for reduction_id in SOURCES:
        started = time.perf_counter()
        html = build(reduction_id)
        seconds = time.perf_counter() - started
        path = args.out / page_name(reduction_id)
        size = len(html.encode())
        if size > MAX_BYTES:
            print(f"{path.name}: {size} bytes, over {MAX_BYTES}", file=sys.stderr)
            return 1
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == html
            stale += not same
            print(f"{path.name}: {'up to date' if same else 'STALE (python bench/explore_examples.py)'}")
        else:
            path.write_text(html, encoding="utf-8")
            print(f"{path.name}: {size} bytes in {seconds:.2f} s")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
