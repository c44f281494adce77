"""Hardness curves (issue 37): planted against random, per size, for 3-SAT, 1-in-3-SAT,
3-PARTITION and each seed target through the seeds' reductions (224sat, rel, npuz, bwp,
solochess), with the fitted growth; and 3-PARTITION ``hard`` against ``random`` (part 5).

    PYTHONPATH=. python bench/hardness_curves.py [--only 3sat,bwp] [--timeout 2] [--repeats 3]

Writes docs/hardness/NAME.svg per curve and docs/hardness/curves.json (all series; a partial
run with --only updates its curves and keeps the others), and prints a Markdown summary for
BENCHMARKS.md. Small on purpose (a shared 2-core machine): a few sizes, a few seeds, a time
limit of seconds per decider call; UNKNOWN runs count as not decided and their effort at the
limit stays in the medians (a lower bound where under half are decided: hollow points).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from npw.hardness import Growth, HardnessPlan, Point, Series, fit_growth, growth_text, line_chart, measure, summarise
from npw.instances.io import write_atomically
from npw.instances.registry import get_problem

OUT = Path(__file__).resolve().parent.parent / "docs" / "hardness"


def curves(timeout: float, repeats: int) -> dict[str, dict]:
    pos = {"ratio": 0.62}
    return {
        "3sat": dict(title="3-SAT at ratio 4.26", problem="3sat", size_param="num_vars", sizes=(50, 100, 150, 200),
                     deciders=("sat:cd19", "sat:m22"),
                     gens=[("random", "random", {"ratio": 4.26}), ("quiet", "quiet", {"ratio": 4.26})]),
        # easy below a few hundred variables (BENCHMARKS.md, "1-in-3-SAT threshold"): larger sizes
        "1in3sat": dict(title="positive 1-in-3-SAT at ratio 0.64", problem="1in3sat", size_param="num_vars",
                        sizes=(400, 800, 1600, 3200), deciders=("sat:cd19", "sat:m22"), timeout=5.0,
                        gens=[("positive", "positive", {"ratio": 0.64}), ("quiet", "quiet", {"ratio": 0.64})]),
        "3partition": dict(title="3-PARTITION, B = 2^10", problem="3partition", size_param="m", sizes=(4, 6, 8, 10, 12),
                           deciders=("dp", "sat", "smt"),
                           gens=[("random", "random", {"bound": 1024}), ("planted", "planted", {"bound": 1024})]),
        # part 5: the former hard (now covered) against random at equal size, the same m and the same B
        "3partition-hard": dict(title="3-PARTITION covered (formerly hard) against random, equal m and B = 4 m^2",
                                problem="3partition",
                                size_param="m", sizes=(4, 6, 8, 10, 12), deciders=("dp", "sat", "smt"), repeats=5,
                                params_at=lambda m: {"bound": 4 * m * m},
                                gens=[("covered", "covered", {}), ("random", "random", {})]),
        "224sat": dict(title="2/2/4-SAT from 1-in-3-SAT (1in3sat-to-224sat)", problem="1in3sat", size_param="num_vars",
                       sizes=(10, 20, 30, 40), deciders=("sat", "brute", "smt"), via=("1in3sat-to-224sat",),
                       gens=[("random", "positive", pos), ("quiet", "quiet", pos)]),
        "rel": dict(title="REL from 1-in-3-SAT (1in3sat-to-rel)", problem="1in3sat", size_param="num_vars",
                    sizes=(3, 4, 5, 6), deciders=("sat", "search", "local"), via=("1in3sat-to-rel",),
                    gens=[("random", "positive", pos), ("quiet", "quiet", pos)]),
        "npuz": dict(title="nPUZ from 1-in-3-SAT (1in3sat-to-224sat,224sat-to-npuz, the registered small unit l = 1)",
                     problem="1in3sat", size_param="num_vars", sizes=(3, 4), deciders=("idastar", "sat"),
                     via=("1in3sat-to-224sat", "224sat-to-npuz"), repeats=2,
                     gens=[("random", "positive", pos), ("quiet", "quiet", pos)]),
        "bwp": dict(title="BWP from 3-PARTITION (3partition-to-bwp), B = 13", problem="3partition", size_param="m",
                    sizes=(1, 2, 3, 4), deciders=("tight", "search", "sat"), via=("3partition-to-bwp",),
                    gens=[("random", "random", {"bound": 13}), ("planted", "planted", {"bound": 13})]),
        # building the target takes 30 s at 5 variables, 135 s at 6 (under load): sizes up to 5
        "solochess": dict(title="Solo Chess from planar monotone 3-SAT (pm3sat-2occ, king-knight gadgets)",
                          problem="pm3sat", size_param="num_vars", sizes=(3, 4, 5), deciders=("search", "sat"),
                          via=("pm3sat-to-pm3sat-2occ", "pm3sat-to-solochess-king-knight"),
                          gens=[("random", "random", {}), ("planted", "planted", {})]),
    }


def run_curve(name: str, spec: dict, timeout: float, repeats: int) -> dict:
    timeout = spec.get("timeout", timeout)
    runs = []
    began = time.perf_counter()
    at = spec.get("params_at")  # parameters that follow the size (one plan per size)
    for label, generator, params in spec["gens"]:
        for sizes in ([(size,) for size in spec["sizes"]] if at else [spec["sizes"]]):
            plan = HardnessPlan(spec["problem"], (generator,), spec["size_param"], sizes, spec["deciders"],
                                {**params, **(at(sizes[0]) if at else {})}, spec.get("repeats", repeats), timeout, 0,
                                spec.get("via", ()))
            got, _ = measure(plan)
            runs.extend({**run, "generator": label} for run in got)
    series = summarise(runs)
    title = f"{spec['title']}: {spec.get('repeats', repeats)} seeds, {timeout:g} s limit"
    write_atomically(OUT / f"{name}.svg", line_chart(series, title, spec["size_param"]))
    write_atomically(OUT / f"{name}-seconds.svg", line_chart(series, title, spec["size_param"], "seconds"))
    return {"title": title, "size_param": spec["size_param"], "via": list(spec.get("via", ())),
            "seconds": round(time.perf_counter() - began, 1), "load": os.getloadavg(),
            "series": [s.to_dict() for s in series]}


def markdown(name: str, curve: dict) -> str:
    lines = [f"**{curve['title']}** ([effort](docs/hardness/{name}.svg), [seconds](docs/hardness/{name}-seconds.svg); "
             f"{curve['seconds']} s, load "
             f"{curve['load'][0]:.1f})", "",
             f"| generator / decider | effort | {curve['size_param']}: median effort (decided) | growth |",
             "|---|---|---|---|"]
    for s in curve["series"]:
        cells = []
        for p in s["points"]:
            if s["effort_key"]:
                shown = f"{p['effort'][1]:,.0f}" if p["effort"] else "-"
            else:
                shown = f"{p['seconds'][1]:.3g} s"
            refused = f", {p['refused']} refused" if p.get("refused") else ""
            cells.append(f"{p['size']}: {shown} ({p['decided']}/{p['runs']}{refused})")
        lines.append(f"| {s['generator']} / {s['decider']} | {s['effort_key'] or 'seconds'} | {'; '.join(cells)} | "
                     f"{growth_text(Growth(**s['growth']))} |")
    return "\n".join(lines)


def series_of(curve: dict) -> list[Series]:
    """The curve's series read back from the JSON (for --replot), the growth fitted again (as
    summarise fits it: effort medians, else seconds, of the sizes at least half decided)."""
    series = []
    for s in curve["series"]:
        points = tuple(Point(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in p.items()
                                if k != "fraction_decided"}) for p in s["points"])
        fitted = [(p.size, p.effort[1] if s["effort_key"] and p.effort else p.seconds[1])
                  for p in points if p.fraction_decided >= 0.5]
        series.append(Series(s["generator"], s["decider"], s["effort_key"], points, fit_growth(fitted)))
    return series


def replot(name: str, curve: dict) -> None:
    series = series_of(curve)
    curve["series"] = [s.to_dict() for s in series]
    write_atomically(OUT / f"{name}.svg", line_chart(series, curve["title"], curve["size_param"]))
    write_atomically(OUT / f"{name}-seconds.svg", line_chart(series, curve["title"], curve["size_param"], "seconds"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated curve names")
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--store", default="curves.json", help="the JSON file under docs/hardness/ (merged by curve)")
    parser.add_argument("--replot", action="store_true", help="redraw the figures and the summary from the JSON only")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    table = curves(args.timeout, args.repeats)
    names = args.only.split(",") if args.only else list(table)
    store = OUT / args.store
    results = json.loads(store.read_text()) if store.exists() else {}
    if args.replot:
        for name in (args.only.split(",") if args.only else list(results)):
            replot(name, results[name])
            print(markdown(name, results[name]) + "\n")
        write_atomically(store, json.dumps(results, indent=1) + "\n")
        return
    for name in names:
        print(f"... {name} (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
        results[name] = run_curve(name, table[name], args.timeout, args.repeats)
        write_atomically(store, json.dumps(results, indent=1) + "\n")
        print(markdown(name, results[name]) + "\n", flush=True)


if __name__ == "__main__":
    main()
