"""Every ``npw verify`` command of the README and of the pages its manual moved to (``PAGES``, the
order tests/test_readme.py runs them in), run with ``--json``; its totals without timings,
to compare two versions of the code (a restructure must give the same totals).

    python bench/readme_verify_totals.py OUT_DIR [--npw NPW]          # writes OUT_DIR/NN.json
    python bench/readme_verify_totals.py OUT_DIR --compare BEFORE_DIR  # and compares with BEFORE_DIR

Run from the checkout whose README is meant (the commands name its ``examples/``). Skipped: the
``--dask`` command (it needs a scheduler) and ``3partition-to-bwp-compact --exhaustive 16`` (about
15 minutes). ``--html`` and ``--db`` paths go to OUT_DIR. Issue 29's figures (BENCHMARKS.md) are
this script's comparison of cccc2bc and 767fd79.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
from pathlib import Path

# the keys compared: everything of the report but timings and paths
KEYS = ("reduction", "cases", "source_yes", "source_no", "target_yes", "target_no", "confusion", "mismatches",
        "certificate_failures", "size_failures", "invalid_targets", "decider_disagreements", "claim_failures",
        "timeouts", "target_no_confirmed", "failure_counts", "claims", "max_target_size", "counterexample", "passed")
SKIP = ("--dask", "--exhaustive 16")
PAGES = ("README.md", "docs/getting_started.md", "docs/commands.md", "docs/campaigns.md", "docs/own_reduction.md",
         "docs/tables.md", "docs/npuz.md")


def readme_commands(pages: list[Path]) -> list[str]:
    """The pages' ``npw verify`` command lines (comments cut), first the install line's."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages if page.is_file())
    found = re.findall(r"^npw verify [^#\n]*", text, flags=re.MULTILINE)
    install = re.search(r"&& (npw verify [^\n]*)", text)
    commands = ([install.group(1)] if install else []) + [line.strip() for line in found]
    return [c for c in dict.fromkeys(commands) if not any(skip in c for skip in SKIP)]


def run_all(out: Path, npw: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for index, command in enumerate(readme_commands([Path(page) for page in PAGES])):
        args = shlex.split(command)[2:]
        args = [str(out / f"{index:02d}{Path(a).suffix}") if i and args[i - 1] in ("--html", "--db") else a
                for i, a in enumerate(args)]
        done = subprocess.run([npw, "verify", *[a for a in args if a != "--json"], "--json"],
                              capture_output=True, text=True, timeout=1800)
        report = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
        totals = {key: report.get(key) for key in KEYS}
        (out / f"{index:02d}.json").write_text(json.dumps({"command": command, "exit": done.returncode,
                                                          "totals": totals}, indent=1) + "\n")
        print(f"{index:02d} exit {done.returncode} cases {totals['cases']}: {command}")


def compare(out: Path, before: Path) -> int:
    same = differ = 0
    for path in sorted(before.glob("*.json")):
        old, new = json.loads(path.read_text()), json.loads((out / path.name).read_text())
        changed = [k for k in ("command", "exit") if old[k] != new[k]]
        changed += [k for k in KEYS if old["totals"].get(k) != new["totals"].get(k)]
        if changed:
            differ += 1
            print(f"DIFFERS {path.stem} ({', '.join(changed)}): {old['command']}")
        else:
            same += 1
    print(f"{same} of {same + differ} commands: the same exit status and totals")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--npw", default="npw", help="the npw executable (default: npw on PATH)")
    parser.add_argument("--compare", type=Path, metavar="BEFORE_DIR")
    args = parser.parse_args()
    run_all(args.out, args.npw)
    return compare(args.out, args.compare) if args.compare else 0


if __name__ == "__main__":
    raise SystemExit(main())
