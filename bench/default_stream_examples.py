"""Every reduction in examples/ verified with no stream option, as a user would (issue 33).

The examples hold ported rules (right and wrong) and typical student mistakes: each upper-case
module attribute that is a ``Reduction``. A module named ``*_wrong.py`` and the attribute
``SIGN_SLIP`` are expected to FAIL, every other one to PASS. For each: the command
``npw verify FILE:NAME --json --quiet`` (the default stream, the default deciders), its
wall-clock seconds, the verdict, and whether it is the one expected.

Run:  python bench/default_stream_examples.py [--limit SECONDS] [--only SUBSTRING]
Prints a markdown table (for BENCHMARKS.md) and exits 1 when a verdict is not the expected one.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXPECTED_TO_FAIL = {"SIGN_SLIP"}


def example_reductions() -> list[tuple[str, str, bool]]:
    """(file, attribute, expected to pass) for every Reduction in examples/*.py."""
    sys.path.insert(0, str(ROOT))
    from npw.reductions.base import Reduction

    found = []
    for path in sorted((ROOT / "examples").glob("*.py")):
        if "Reduction" not in path.read_text() and "get_reduction" not in path.read_text():  # a script
            continue
        spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        for name, value in sorted(vars(module).items()):
            if name.isupper() and isinstance(value, Reduction):
                wrong = path.stem.endswith("_wrong") or name in EXPECTED_TO_FAIL
                found.append((str(path.relative_to(ROOT)), name, not wrong))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=150.0, help="seconds per run before it counts as too slow")
    parser.add_argument("--only", default="", help="run only the specs containing this text")
    args = parser.parse_args()
    rows, unexpected = [], 0
    for path, name, should_pass in example_reductions():
        spec = f"{path}:{name}"
        if args.only not in spec:
            continue
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, "-m", "npw", "verify", spec, "--json", "--quiet"], cwd=ROOT,
                                  capture_output=True, text=True, timeout=args.limit,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
            seconds = time.perf_counter() - started
            report = json.loads(done.stdout) if done.stdout.strip() else {}
            verdict = "PASS" if report.get("passed") else "FAIL" if report else f"exit {done.returncode}"
            detail = (report.get("counterexample") or {}).get("kind", "") if report else done.stderr.strip()[-80:]
            cases = report.get("cases", "")
        except subprocess.TimeoutExpired:
            seconds, verdict, detail, cases = args.limit, "TOO SLOW", f"over {args.limit:g} s", ""
        right = verdict == ("PASS" if should_pass else "FAIL")
        unexpected += not right
        rows.append(f"| `{spec}` | {'pass' if should_pass else 'fail'} | {verdict} | {cases} | {seconds:.1f} | "
                    f"{detail} | {'yes' if right else '**NO**'} |")
        print(rows[-1], flush=True)
    print("\n| reduction | expected | verdict | cases | seconds | first failure kind | as expected |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\n{len(rows) - unexpected} of {len(rows)} as expected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
