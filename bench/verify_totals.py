"""The JSON totals of a fixed list of ``npw verify`` runs, without timings, to compare two
versions of the code (a restructure must give identical totals).

    python bench/verify_totals.py OUT_DIR             # writes OUT_DIR/<name>.json and exit statuses
    python bench/verify_totals.py OUT_DIR --compare BEFORE_DIR

Run it from the checkout under test (its installed ``npw`` on PATH). About 25 s on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

RUNS = {
    "ex3": ["1in3sat-to-224sat", "--exhaustive", "3"],
    "ex2": ["1in3sat-to-224sat", "--exhaustive", "2"],
    "rand": ["1in3sat-to-224sat", "--random", "2000", "--seed", "1", "--workers", "2"],
    "planted": ["1in3sat-to-224sat", "--planted", "500", "--certified-no", "500", "--seed", "2"],
    "ind": ["examples/sat3_to_independent_set.py:REDUCTION", "--random", "300", "--seed", "1"],
    "indw": ["examples/sat3_to_independent_set_wrong.py:OFF_BY_ONE", "--random", "300", "--seed", "1"],
    "col": ["examples/sat3_to_three_colouring_wrong.py:PALETTE_ASSUMED", "--random", "100"],
    "rook": ["hampath-to-solochess-rook-pawn-as-stated", "--random", "100", "--seed", "1"],
    "bwp": ["3partition-to-bwp", "--exhaustive", "16"],
    "rel": ["224sat-to-rel", "--exhaustive", "2", "--timeout", "120", "--workers", "2"],
    "hsk": ["hampath-to-solochess-knight-pawn", "--random", "50", "--seed", "1"],
}
TIMINGS = ("seconds", "cases_per_second", "decider_seconds")


def totals(arguments: list[str]) -> dict:
    done = subprocess.run(["npw", "verify", *arguments, "--json", "--quiet"], capture_output=True, text=True)
    result = json.loads(done.stdout)
    for key in TIMINGS:
        result.pop(key, None)
    return {"exit": done.returncode, "report": result}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--compare", metavar="BEFORE_DIR")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    differing = 0
    for name, arguments in RUNS.items():
        found = totals(arguments)
        (out / f"{name}.json").write_text(json.dumps(found, sort_keys=True) + "\n")
        verdict = ""
        if args.compare:
            before = json.loads((Path(args.compare) / f"{name}.json").read_text())
            same = before == found
            differing += not same
            verdict = "identical" if same else "DIFFERENT"
        print(f"{name:8} exit {found['exit']} cases {found['report'].get('cases')} {verdict}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
