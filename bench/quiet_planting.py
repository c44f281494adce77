"""Issue 37: quiet planting and certified NO (BENCHMARKS.md, "Issue 37: quiet planting and certified NO").

What a simple detector recovers of a planted assignment, and CaDiCaL 1.9.5's effort (conflicts,
python-sat ``cd19`` ``accum_stats()``) on planted instances against random satisfiable ones of the
same size and density; and the certified-NO families' conflicts as they grow.

* 3-SAT (default n = 300, ratio 4.2): plain planting (``quiet_3sat`` with q = 1) and the q-hidden
  ``quiet`` generator (q = 0.618): majority-detector agreement; conflicts against ``random``
  instances that CaDiCaL finds satisfiable (drawn until ``--count`` of them; those it cannot decide
  within ``--budget`` conflicts are counted apart and left out).
* 1-in-3-SAT (n = ``--n13``, ratio 0.62): ``planted`` (random signs), a plain positive planting
  with half of the variables true, and ``quiet`` (positive, a third true): majority and degree
  detectors; conflicts of ``quiet`` against satisfiable ``positive`` instances.
* NAE-3-SAT (n = 300, ratio 2.0): ``planted`` (= ``quiet``): the majority detector.
* Certified NO: ``php`` (holes), ``tseitin`` (vertices, degree 3), ``ordering`` (elements):
  conflicts and seconds per size, median of ``--no-count`` seeds, within ``--budget``.

Run: ``PYTHONPATH=. python bench/quiet_planting.py [--n 300 --ratio 4.2 --count 15]``; ``--quick``
for a small run. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from pysat.solvers import Solver

from npw.instances.registry import get_problem
from npw.instances.sat.exactly_k_sat import clause_count
from npw.instances.sat.quiet_planting import (
    GOLDEN_Q, agreement, degree_detector, majority_detector, quiet_3sat_assignment,
)
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.solvers.encodings import cnf_of


def cadical(instance, budget: int) -> tuple[bool | None, int, float]:
    """(satisfiable or None past the budget, conflicts, seconds) of CaDiCaL 1.9.5 on the encoding."""
    _, clauses = cnf_of(instance)
    start = time.perf_counter()
    with Solver(name="cd19", bootstrap_with=clauses) as solver:
        solver.conf_budget(budget)
        answer = solver.solve_limited()
        return answer, int(solver.accum_stats().get("conflicts", 0)), time.perf_counter() - start


def spread(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"n": len(values), "median": statistics.median(values), "q1": q[0], "q3": q[2],
            "mean": round(statistics.fmean(values), 4)}


def planted_runs(make, hidden_of, seeds, budget, detectors) -> dict:
    agree = {name: [] for name in detectors}
    conflicts, seconds = [], []
    for seed in seeds:
        instance, hidden = make(seed), hidden_of(seed)
        assert instance.verify(hidden)
        for name, detect in detectors.items():
            agree[name].append(agreement(detect(instance), hidden))
        answer, c, s = cadical(instance, budget)
        assert answer is not False
        conflicts.append(c)
        seconds.append(s)
    return {"agreement": {name: spread(v) for name, v in agree.items()}, "conflicts": spread(conflicts),
            "seconds": spread(seconds), "conflicts_all": conflicts}


def random_satisfiable(make, count, budget, seed0=10_000, max_draws=400) -> dict:
    conflicts, seconds, unsat, undecided, draws = [], [], 0, 0, 0
    seed = seed0
    while len(conflicts) < count and draws < max_draws:
        answer, c, s = cadical(make(seed), budget)
        seed += 1
        draws += 1
        if answer is True:
            conflicts.append(c)
            seconds.append(s)
        elif answer is False:
            unsat += 1
        else:
            undecided += 1
    return {"conflicts": spread(conflicts), "seconds": spread(seconds), "unsatisfiable": unsat,
            "undecided": undecided, "draws": draws, "conflicts_all": conflicts}


def half_true_positive_1in3(seed: int, num_vars: int, ratio: float) -> tuple[OneInThreeSat, tuple[bool, ...]]:
    """Plain positive 1-in-3 planting (half of the variables true): the degree leak, for comparison."""
    rng = random.Random(seed)
    hidden = tuple(rng.random() < 0.5 for _ in range(num_vars))
    true = [v for v in range(1, num_vars + 1) if hidden[v - 1]]
    false = [v for v in range(1, num_vars + 1) if not hidden[v - 1]]
    clauses = []
    for _ in range(clause_count(num_vars, ratio, None)):
        clause = [rng.choice(true), *rng.sample(false, 2)]
        rng.shuffle(clause)
        clauses.append(tuple(clause))
    return OneInThreeSat(num_vars, clauses), hidden


def no_family(problem_id, generator, size_name, sizes, seeds, budget, extra=None) -> list[dict]:
    problem = get_problem(problem_id)
    rows = []
    for size in sizes:
        conflicts, seconds, undecided = [], [], 0
        for seed in seeds:
            instance = problem.generate(generator, seed, **{size_name: size, **(extra or {})})
            answer, c, s = cadical(instance, budget)
            assert answer is not True, (generator, size, seed)
            undecided += answer is None
            conflicts.append(c)
            seconds.append(s)
        rows.append({size_name: size, "size": instance.size(), "conflicts_median": statistics.median(conflicts),
                     "seconds_median": round(statistics.median(seconds), 4), "undecided": undecided})
    return rows


def pooled_3sat(paths: list[str]) -> dict:
    """The 3-SAT effort comparison of several runs (disjoint seeds: ``--first-seed``) pooled."""
    quiet_key = f"quiet (q={GOLDEN_Q:.3f})"
    quiet, rand, agree, unsat, undecided = [], [], [], 0, 0
    for path in paths:
        with open(path) as handle:
            run = json.load(handle)["3sat"]
        quiet += run[quiet_key]["conflicts_all"]
        agree.append((run[quiet_key]["agreement"]["majority"]["mean"], run[quiet_key]["agreement"]["majority"]["n"]))
        rand += run["random satisfiable"]["conflicts_all"]
        unsat += run["random satisfiable"]["unsatisfiable"]
        undecided += run["random satisfiable"]["undecided"]
    ratio = statistics.median(quiet) / statistics.median(rand)
    return {"runs": paths, "quiet conflicts": spread(quiet), "random satisfiable conflicts": spread(rand),
            "random unsatisfiable": unsat, "random undecided": undecided,
            "majority agreement mean": round(sum(m * k for m, k in agree) / sum(k for _, k in agree), 4),
            "quiet / random median conflicts": round(ratio, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--ratio", type=float, default=4.2)
    parser.add_argument("--count", type=int, default=15)
    parser.add_argument("--n13", type=int, default=240)
    parser.add_argument("--budget", type=int, default=3_000_000)
    parser.add_argument("--no-count", type=int, default=3)
    parser.add_argument("--parts", default="3sat,1in3,nae,no")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="planted seeds first..first+count-1; random formulas from 10,000 + 10 x first on")
    parser.add_argument("--skip-plain", action="store_true", help="3-SAT: leave out plain planting (q = 1)")
    parser.add_argument("--pool", help="FILE,FILE,...: print the 3-SAT effort of these runs' outputs pooled, run nothing")
    args = parser.parse_args()
    if args.pool:
        print(json.dumps(pooled_3sat(args.pool.split(",")), indent=1))
        return
    if args.quick:
        args.n, args.count, args.n13, args.budget, args.no_count = 100, 5, 90, 200_000, 2
    parts = set(args.parts.split(","))
    seeds = range(args.first_seed, args.first_seed + args.count)
    out: dict = {"params": vars(args)}
    n, ratio = args.n, args.ratio
    majority = {"majority": majority_detector}
    three_sat = get_problem("3sat")
    if "3sat" in parts:
        started = time.perf_counter()
        out["3sat"] = {} if args.skip_plain else {
            "plain (q=1)": planted_runs(lambda s: three_sat.generate("quiet", s, num_vars=n, ratio=ratio, q=1.0), lambda s: quiet_3sat_assignment(s, n),
                                        seeds, args.budget, majority)}
        out["3sat"] |= {
            f"quiet (q={GOLDEN_Q:.3f})": planted_runs(lambda s: three_sat.generate("quiet", s, num_vars=n, ratio=ratio), lambda s: quiet_3sat_assignment(s, n),
                                                      seeds, args.budget, majority),
            "random satisfiable": random_satisfiable(lambda s: three_sat.generate("random", s, num_vars=n, ratio=ratio),
                                                     args.count, args.budget, seed0=10_000 + 10 * args.first_seed),
            "seconds": round(time.perf_counter() - started, 1),
        }
        quiet = out["3sat"][f"quiet (q={GOLDEN_Q:.3f})"]["conflicts"]["median"]
        rand = out["3sat"]["random satisfiable"]["conflicts"].get("median")
        out["3sat"]["quiet / random median conflicts"] = round(quiet / rand, 3) if rand else None
    if "1in3" in parts:
        one = get_problem("1in3sat")
        m, r13 = args.n13, 0.62
        degree = {"majority": majority_detector, "degree (top third true)": lambda f: degree_detector(f, 1 / 3),
                  "degree (top half true)": lambda f: degree_detector(f, 1 / 2)}
        started = time.perf_counter()
        out["1in3sat"] = {
            "planted (signs)": planted_runs(lambda s: one.generate("planted", s, num_vars=m, ratio=r13),
                                            lambda s: one.planted_certificate("planted", s, num_vars=m), seeds,
                                            args.budget, degree),
            "positive, half true": planted_runs(lambda s: half_true_positive_1in3(s, m, r13)[0],
                                                lambda s: half_true_positive_1in3(s, m, r13)[1], seeds, args.budget,
                                                degree),
            "quiet (positive, a third true)": planted_runs(lambda s: one.generate("quiet", s, num_vars=m, ratio=r13),
                                                           lambda s: one.planted_certificate("quiet", s, num_vars=m),
                                                           seeds, args.budget, degree),
            "random positive satisfiable": random_satisfiable(
                lambda s: one.generate("positive", s, num_vars=m, ratio=r13), args.count, args.budget),
            "chance": {"a third true, guessed a third true": 5 / 9, "half true, guessed half": 0.5},
            "seconds": round(time.perf_counter() - started, 1),
        }
        quiet = out["1in3sat"]["quiet (positive, a third true)"]["conflicts"]["median"]
        rand = out["1in3sat"]["random positive satisfiable"]["conflicts"].get("median")
        out["1in3sat"]["quiet / random median conflicts"] = round(quiet / rand, 3) if rand else None
    if "nae" in parts:
        nae = get_problem("nae3sat")
        out["nae3sat"] = planted_runs(lambda s: nae.generate("quiet", s, num_vars=n, ratio=2.0),
                                      lambda s: nae.planted_certificate("quiet", s, num_vars=n, ratio=2.0), seeds,
                                      args.budget, majority)
    if "no" in parts:
        no_seeds = range(args.no_count)
        started = time.perf_counter()
        small = args.quick
        out["certified-no"] = {
            "php": no_family("cnf", "php", "holes", (5, 6, 7) if small else (6, 7, 8, 9), no_seeds, args.budget),
            "tseitin (d=3)": no_family("cnf", "tseitin", "num_vertices", (20, 30, 40) if small else (30, 40, 50, 60, 70),
                                       no_seeds, args.budget),
            "ordering": no_family("cnf", "ordering", "elements", (8, 12, 16) if small else (10, 20, 30, 40, 50),
                                  no_seeds, args.budget),
            "seconds": round(time.perf_counter() - started, 1),
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
