"""Issues 17 and 36: how far the REL decider ``local`` proves the no-targets of 2/2/4-SAT -> REL
(Theorem 2) and of its two variants (all capacities two; undirected).

For each m, the first ``--per-m`` random 2/2/4-SAT formulas (seeds 0, 1, ...) that the
2/2/4-SAT SAT decider finds unsatisfiable are reduced by each of ``--reductions`` and given to
``local`` (in this process; CPU seconds); with ``--before`` also to ``local`` without the
shipping budget (the decider before issue 36), in the same run. ``--yes`` adds as many
satisfiable formulas: their targets must never be called NO. ``--against sat,cpsat`` gives
every target also to those deciders (same timeout) and counts their agreement where they
finish. One line per target and decider, then per reduction the largest m all of whose
targets were proved NO, and whether any answer contradicted the source's.

    python bench/rel_no_targets.py [--ms 7,14,20,30] [--reductions 224sat-to-rel-cap2,224sat-to-rel-undirected]
        [--timeout 60] [--per-m 3] [--before] [--yes] [--against sat,cpsat]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.sat.two_two_four_sat import random_instance  # noqa: E402
from npw.reductions import get_reduction  # noqa: E402
from npw.solvers import Answer, solve  # noqa: E402
from npw.solvers.rel import local_order  # noqa: E402

SHOWN = ("rounds", "variables", "clauses", "slack", "arcs", "encode_seconds", "timed_out_while", "refused")


def formulas(m: int, count: int, answer: Answer) -> list[tuple[int, object]]:
    """The first ``count`` random formulas with m variables whose SAT answer is ``answer``."""
    found = []
    for seed in range(10_000):
        formula = random_instance(seed, m)
        if solve(formula, "sat").answer is answer:
            found.append((seed, formula))
            if len(found) == count:
                break
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ms", default="7,14,20,30")
    parser.add_argument("--reductions", default="224sat-to-rel-cap2,224sat-to-rel-undirected")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--per-m", type=int, default=3)
    parser.add_argument("--before", action="store_true", help="also local without the shipping budget")
    parser.add_argument("--yes", action="store_true", help="also the targets of satisfiable formulas")
    parser.add_argument("--against", default="", help="comma-separated deciders run on the same targets")
    args = parser.parse_args()
    ms = [int(text) for text in args.ms.split(",")]
    reductions = args.reductions.split(",")
    others = [name for name in args.against.split(",") if name]
    largest = {(name, budget): 0 for name in reductions for budget in (True, False)}
    complete = {key: True for key in largest}
    wrong = 0
    agreement: dict[str, list[int]] = {name: [0, 0] for name in others}  # agreed, finished
    for m in ms:
        sources = [(seed, formula, Answer.NO) for seed, formula in formulas(m, args.per_m, Answer.NO)]
        if args.yes:
            sources += [(seed, formula, Answer.YES) for seed, formula in formulas(m, args.per_m, Answer.YES)]
        for name in reductions:
            reduction = get_reduction(name)
            proved = {True: 0, False: 0}
            tried = 0
            for seed, formula, expected in sources:
                target = reduction.reduce(formula)
                tried += expected is Answer.NO
                for budget in (True, False) if args.before else (True,):
                    started = time.process_time()
                    result = local_order.solve(target, timeout=args.timeout, budget=budget)
                    cpu = time.process_time() - started
                    if result.answer is Answer.YES:
                        assert target.verify(result.certificate)
                    if result.answer not in (expected, Answer.UNKNOWN):
                        wrong += 1
                    if expected is Answer.NO:
                        proved[budget] += result.answer is Answer.NO
                    shown = {key: round(value, 2) if isinstance(value, float) else value
                             for key, value in result.stats.items() if key in SHOWN}
                    print(f"{name} m={m} seed={seed} source={expected.value} local{'' if budget else '(before)'} "
                          f"{result.answer.value} {cpu:.2f} CPU s {result.stats['time']:.2f} s {target.size()} {shown}",
                          flush=True)
                for other in others:
                    started = time.perf_counter()
                    answer = solve(target, other, timeout=args.timeout).answer
                    if answer is not Answer.UNKNOWN:
                        agreement[other][1] += 1
                        agreement[other][0] += answer is expected
                    print(f"{name} m={m} seed={seed} source={expected.value} {other} {answer.value} "
                          f"{time.perf_counter() - started:.2f} s", flush=True)
            for budget in (True, False) if args.before else (True,):
                key = (name, budget)
                complete[key] = complete[key] and proved[budget] == tried
                if complete[key]:
                    largest[key] = m
    for name in reductions:
        print(f"{name}: largest m with every no-target proved NO by local: {largest[name, True]}"
              + (f" (before, without the budget: {largest[name, False]})" if args.before else ""))
    for other, (agreed, finished) in agreement.items():
        print(f"{other}: finished {finished} targets, agreed with the source on {agreed}")
    print(f"answers contradicting the source: {wrong}")


if __name__ == "__main__":
    main()
