"""Issue 31: the default decider (``npw solve`` with no ``--backend``) against every backend, on
the targets of every registered reduction at three sizes; a Markdown table for BENCHMARKS.md.

Sizes: ``small`` is the source problem's verification sample (``Problem.sample``, seed 1), else
its default generator's default; ``medium`` the default generator's default instance (3-SAT
sources: 20 variables at ratio 4.0); ``large`` only where the 50-variable scale applies (3-SAT
sources: 50 variables at ratio 4.0, the issue's done-when targets, ``3sat-to-domset`` being the
chain ``npw path 3sat domset`` finds). Each run in this process under ``--limit`` seconds
(UNKNOWN past it), one at a time; once ``--budget`` seconds have passed the remaining rows are
left out and counted.

    PYTHONPATH=. python bench/default_decider.py > /tmp/default_decider.md
    PYTHONPATH=. python bench/default_decider.py --only 3sat-to-3col,3sat-to-indset --limit 20
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction, reduction_ids
from npw.solvers import backends_for, solve

CHAINS = {"3sat-to-domset": ("3sat-to-indset", "indset-to-vertexcover", "vertexcover-to-domset")}
THREE_SAT_SIZES = {"medium": 20, "large": 50}


def _source(problem_id: str, size: str) -> Any | None:
    problem = get_problem(problem_id)
    if problem_id == "3sat" and size in THREE_SAT_SIZES:
        return problem.generate("random", seed=1, num_vars=THREE_SAT_SIZES[size], ratio=4.0)
    if size == "large":
        return None
    if size == "small" and problem.sample is not None:
        return problem.sample(1)
    return problem.generate(None, seed=1)


def _target(reduction_id: str, size: str) -> Any | None:
    chain = CHAINS.get(reduction_id, (reduction_id,))
    instance = _source(get_reduction(chain[0]).source, size)
    for step in chain:
        if instance is None:
            return None
        instance = get_reduction(step).reduce(instance)
    return instance


def _order(reduction_id: str) -> int:
    """The issue's targets first, the slow families (REL, the sliding-tile and Solo Chess
    boards: every backend near the limit) last, so that a budget cuts those."""
    if reduction_id.startswith("3sat-"):
        return 0
    if any(word in reduction_id for word in ("-to-rel", "-to-npuz", "solochess", "-to-bwp")):
        return 2
    return 1


def _row(reduction_id: str, size: str, target: Any, backend: str | None, limit: float) -> str:
    began = time.perf_counter()
    try:
        result = solve(target, backend=backend, timeout=limit)
        answer, used = result.answer.value, result.backend
        why = result.stats.get("refused", "") and "refused"
    except Exception as error:  # a decider's failure is a row, not the end of the table
        answer, used, why = "ERROR", backend or "default", f"{type(error).__name__}"
    seconds = time.perf_counter() - began
    label = f"**default** -> {used}" if backend is None else used
    return f"| {reduction_id} | {size} | {label} | {answer}{f' ({why})' if why else ''} | {seconds:.3f} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per run (default 10)")
    parser.add_argument("--budget", type=float, default=840.0, help="seconds for the whole table (default 840)")
    parser.add_argument("--only", help="comma-separated reduction ids (default: every registered one)")
    args = parser.parse_args()
    ids = args.only.split(",") if args.only else sorted([*reduction_ids(), *CHAINS], key=_order)
    started = time.perf_counter()
    left_out = 0
    print("| reduction | size | backend | answer | seconds |")
    print("|---|---|---|---|---:|")
    for reduction_id in ids:
        for size in ("small", "medium", "large"):
            try:
                target = _target(reduction_id, size)
            except Exception as error:  # a generator or reduction that cannot make this size
                print(f"| {reduction_id} | {size} | - | not built: {type(error).__name__} | - |", flush=True)
                continue
            if target is None:
                continue
            named = backends_for(target.problem)
            # the SAT family also with CaDiCaL (sat:auto's later solver), the crossover's other side
            for backend in (None, *named, *(f"{name}:cd19" for name in named if name == "sat")):
                if time.perf_counter() - started > args.budget:
                    left_out += 1
                    continue
                print(_row(reduction_id, size, target, backend, args.limit), flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s in all; {left_out} runs left out past the budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
