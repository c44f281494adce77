"""Bad input at scale: the fuzz corpus of tests/fuzz_corpus.py over many seeds, every command that
reads an instance file (solve, render, reduce with every reduction from the problem, puzzle solve,
torus solve, puzzle theorem3) and certificate files (render -c), counted.

    python bench/fuzz_inputs.py [--seeds 4] [--random-edits 40] [--problems cnf,rel,...]

Light cases run in this process (``npw.cli.main``); size and nesting bombs in a child process
limited to 2 GiB of address space and 10 s a command. Prints the inputs tried, the runs, the clean
refusals (exit 2, one line ``npw: error: ...``), the clean acceptances (a valid file: exit 0/1), and
every other outcome (a traceback, a wrong acceptance of a file invalid by construction, a timeout,
a crash), the first ten of them in full. BENCHMARKS.md, "Bad input", records the figure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from fuzz_corpus import (HOSTILE_CERTIFICATES, clean, commands_for, hostile_cases, materialise,  # noqa: E402
                         reductions_from, run_bounded, run_in_process)
from npw.instances.registry import builtin_problem_modules, get_problem, rendered_problems  # noqa: E402


def classify(case_must_refuse: bool, status: int, stderr: str) -> str:
    if not clean(status, stderr):
        return {-2: "timeout", -3: "crash"}.get(status, "traceback or unclean")
    if status == 2:
        return "clean refusal"
    return "wrong acceptance" if case_must_refuse else "clean acceptance (valid file)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--random-edits", type=int, default=40)
    parser.add_argument("--problems", default=",".join(builtin_problem_modules()))
    args = parser.parse_args()
    began = time.perf_counter()
    outcomes: Counter[str] = Counter()
    bad: list[str] = []
    inputs = 0
    folder = tempfile.mkdtemp(prefix="npw-fuzz-")
    heavy_runs = []
    for problem_id in args.problems.split(","):
        reductions = reductions_from(problem_id)
        for seed in range(args.seeds):
            for index, case in enumerate(hostile_cases(problem_id, seed, args.random_edits)):
                inputs += 1
                path = materialise(case, os.path.join(folder, f"{problem_id}-{seed}-{index}"))
                for argv in commands_for(problem_id, path, folder, reductions):
                    if case.heavy:
                        heavy_runs.append((case, argv))
                        continue
                    status, _, stderr = run_in_process(argv)
                    kind = classify(case.must_refuse, status, stderr)
                    outcomes[kind] += 1
                    if kind not in ("clean refusal", "clean acceptance (valid file)"):
                        bad.append(f"{problem_id} {case.name!r}: npw {' '.join(argv[:2])} -> {status}: {stderr[-300:]!r}")
        if problem_id in rendered_problems():  # certificate files
            problem = get_problem(problem_id)
            instance = problem.sample(0) if problem.sample else problem.generate()
            path = os.path.join(folder, f"{problem_id}-instance.json")
            with open(path, "w") as handle:
                json.dump(instance.to_dict(), handle)
            texts = [json.dumps(c) for c in HOSTILE_CERTIFICATES] + ["[" * 100_000, "9" * 5000, "", "{", "[1e999]"]
            for index, text in enumerate(texts):
                inputs += 1
                certificate = os.path.join(folder, f"{problem_id}-cert{index}.json")
                with open(certificate, "w") as handle:
                    handle.write(text)
                argv = ["render", path, "-c", certificate, "-o", os.path.join(folder, "out.svg")]
                status, _, stderr = run_in_process(argv)
                kind = classify(False, status, stderr)
                outcomes[kind] += 1
                if kind not in ("clean refusal", "clean acceptance (valid file)"):
                    bad.append(f"{problem_id} certificate {text[:30]!r}: -> {status}: {stderr[-300:]!r}")
    for (case, argv), (status, stderr) in zip(heavy_runs, run_bounded([argv for _, argv in heavy_runs])):
        kind = classify(case.must_refuse, status, stderr)
        outcomes[kind] += 1
        if kind not in ("clean refusal", "clean acceptance (valid file)"):
            bad.append(f"{case.problem} {case.name!r}: npw {' '.join(argv[:2])} -> {status}: {stderr[-300:]!r}")
    runs = sum(outcomes.values())
    cleanly = outcomes["clean refusal"] + outcomes["clean acceptance (valid file)"]
    print(f"inputs tried: {inputs}; command runs: {runs} ({len(heavy_runs)} bounded, 2 GiB / 10 s each); "
          f"{time.perf_counter() - began:.0f} s")
    for kind, count in outcomes.most_common():
        print(f"  {kind}: {count}")
    print(f"clean: {cleanly} of {runs} runs ({100 * cleanly / max(1, runs):.2f}%)")
    for line in bad[:10]:
        print("  " + line)
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
